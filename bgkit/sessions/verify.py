"""``bgkit replay LOG --verify``: a log is checked against everything it can be checked against.

Every action must be legal and logged for the seat that decided; the options must be the game's;
a setup made from a seed must be the one that seed and those options make; when chance was drawn
from the seed (not typed in at a table), every outcome must be the one the seeded stream gives;
and a recorded result must be the replayed game's result, whole (scores, ranks, winners, what
decided, the number of decisions) — a log cut short keeps no result.
"""

from __future__ import annotations

from typing import Any

from bgkit.bots import parse_seat_spec
from bgkit.engine.match import GameLog, chance_stream, game_result, logged_start, play_log, result_record
from bgkit.model.errors import BadInput
from bgkit.model.game import Game
from bgkit.engine.runtime import Runtime


def verify_log(game: Game, runtime: Runtime, log: GameLog, source: str, allow_unseeded: bool = False) -> tuple[Any, list[str]]:
    """Check ``log`` whole; return the final state and notes on what could not be checked.

    A log without a seed is checked as far as it goes (its setup one the game can lay out, every
    action legal, the result), but its deal and its chance cannot be: it is refused at the end,
    saying so, unless ``allow_unseeded``.
    """
    from bgkit.engine.setups import make_setup, parse_options

    notes: list[str] = []
    game.info.check_players(log.players)
    for spec in log.seats:
        try:
            _check_seat(runtime, spec)
        except BadInput as exc:
            raise BadInput(f"seat {spec!r}: {exc.message}", source) from None
    state = logged_start(game, log, source)  # the options and setup checked first, as for a resume
    options = parse_options(game, [f"{k}={v}" for k, v in log.options.items()])
    if log.setup_from == "seed" and log.seed is not None:
        if make_setup(game, log.players, log.seed, options) != log.setup:
            raise BadInput(f"the setup is not the one seed {log.seed} and options {options} make", source)
    elif log.setup_from != "seed":
        notes.append(f"the setup was laid out by hand ({log.setup_from}): not checked against the seed")
    else:
        notes.append("no seed recorded: the setup is unverified (checked only as one the game can lay out)")
    stream = chance_stream(log.seed) if log.chance == "random" and log.seed is not None else None
    if stream is None:
        notes.append("chance was typed in at a table: outcomes not checked against the seed" if log.chance == "table"
                     else "no seed recorded: chance outcomes not checked")
    state = play_log(runtime, state, log, source, stream=stream)
    if log.result is not None:
        result = game_result(game, runtime, state, log)  # a game stopped at its maximum length has one too
        if result is None:
            raise BadInput("the log records a result but the replayed game has not ended", source)
        replayed = result_record(result, log.actions)
        for key, value in replayed.items():
            if log.result.get(key) != value:
                raise BadInput(f"the recorded result's {key} {log.result.get(key)!r} is not the replayed {value!r}", source)
    if log.seed is None and not allow_unseeded:
        raise BadInput("the log records no seed, so its setup and chance are unverified (every action and the result "
                       "check out); --allow-unseeded accepts it as far as it can be checked", source)
    return state, notes


def _check_seat(runtime: Runtime, spec: str) -> None:
    """A logged seat spec, refused where the command line refuses it: its bot built once (with the
    parameters checked as ``bgkit play`` checks them). A bot whose plugin is not installed cannot
    be checked, and a person's seat has nothing to check."""
    from bgkit.plugins.registry import get_registry

    kind, params = parse_seat_spec(spec)
    bots = get_registry().bots
    if kind == "human" or kind not in bots:
        return
    from bgkit.sessions.build import _make_seat

    _make_seat(runtime, kind, dict(params), kind, 0, bots, None)
