"""Bots: random, greedy and MCTS, built from seat specs such as ``mcts:iterations=800``.

Every bot decides on ``state.determinize(player, rng)``, never on the true state, so a bot sees
no more than the player it sits for.
"""

from __future__ import annotations

from typing import Any

from bgkit.errors import BadInput


def parse_seat_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iterations=500,seconds=2"`` -> ``("mcts", {"iterations": "500", "seconds": "2"})``.

    ``human:NAME`` is the one spec whose part after the colon is a name, not parameters.
    """
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    if not kind:
        raise BadInput(f"empty seat spec {spec!r}")
    if kind == "human":
        return kind, {"name": rest.strip()} if rest.strip() else {}
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise BadInput(f"seat {spec!r}: parameters are KEY=VALUE separated by commas, not {part!r}")
        params[key.strip()] = value.strip()
    return kind, params


def number_param(params: dict[str, str], key: str, default: float | None, kind: type = int, zero: bool = False) -> Any:
    """Read a numeric bot parameter (positive, or also 0 with ``zero``), with a clear error for a bad one."""
    if key not in params:
        return default
    try:
        value = kind(params[key])
    except ValueError:
        raise BadInput(f"bot parameter {key} must be a number, not {params[key]!r}") from None
    if value < 0 or (value == 0 and not zero):
        raise BadInput(f"bot parameter {key} must be {'0 or more' if zero else 'positive'}, not {params[key]!r}")
    return value


def check_params(bot: str, params: dict[str, str], known: set[str]) -> None:
    unknown = sorted(set(params) - known)
    if unknown:
        raise BadInput(f"bot {bot!r} has no parameter {unknown[0]!r} (known: {', '.join(sorted(known)) or 'none'})")
