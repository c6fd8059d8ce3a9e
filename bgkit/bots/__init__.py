"""Bots: random, greedy and MCTS, built from seat specs such as ``mcts:iterations=800``.

Every bot decides on ``state.determinize(player, rng)``, never on the true state, so a bot sees
no more than the player it sits for.
"""

from __future__ import annotations

from bgkit.engine.params import MOST, MOST_SECONDS, check_params, number_param
from bgkit.model.errors import BadInput

__all__ = ["MOST", "MOST_SECONDS", "check_params", "number_param", "parse_seat_spec"]


#: Bot families whose part after the first colon names the bot: ``openspiel:ismcts:seconds=1``
#: is the bot ``openspiel:ismcts`` with ``seconds=1`` (OpenSpiel's bots, :mod:`bgkit.interop.bots`).
FAMILIES = ("openspiel",)


def parse_seat_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iterations=500,seconds=2"`` -> ``("mcts", {"iterations": "500", "seconds": "2"})``.

    ``human:NAME`` is the one spec whose part after the colon is a name, not parameters;
    ``exec:PROGRAM [ARGS]`` is a command line (``bgkit.exec.seat.parse_exec``); in a family of
    :data:`FAMILIES` the bot's name follows the family (``openspiel:ismcts:seconds=1``).
    """
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    if not kind:
        raise BadInput(f"empty seat spec {spec!r}")
    if kind == "human":
        return kind, {"name": rest.strip()} if rest.strip() else {}
    if kind == "exec":
        from bgkit.exec.seat import parse_exec

        return kind, parse_exec(rest, spec)
    if kind in FAMILIES:
        name, _, rest = rest.partition(":")
        kind = f"{kind}:{name.strip()}"
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise BadInput(f"seat {spec!r}: parameters are KEY=VALUE separated by commas, not {part!r}")
        key, value = key.strip(), value.strip()
        if key in params:
            raise BadInput(f"bot parameter {key} given twice ({params[key]!r} and {value!r})")
        params[key] = value
    return kind, params
