"""Setups: options checked, a seed chosen and echoed, the game's randomiser run through its hook."""

from __future__ import annotations

import math
import secrets
from typing import Any

from bgkit.errors import BadInput, suggest
from bgkit.game import Game

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh seed for a run that was given none (printed, so the run can be repeated)."""
    return secrets.randbelow(10**9)


def parse_options(game: Game, pairs: list[str]) -> dict[str, str]:
    """``["boards=random"]`` -> all of the game's options, with defaults; BadInput on anything else."""
    known = {opt.name: opt for opt in game.options}
    values = {opt.name: opt.default for opt in game.options}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise BadInput(f"--option takes NAME=VALUE, not {pair!r}")
        if key not in known:
            names = ", ".join(known) or "none"
            raise BadInput(f"{game.info.name} has no option {key!r}{suggest(key, known)} (options: {names})")
        if value not in known[key].choices:
            raise BadInput(f"option {key} is {value!r}; choose one of {', '.join(known[key].choices)}"
                           f"{suggest(value, known[key].choices)}")
        values[key] = value
    return values


def check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise BadInput(f"seed must be between 0 and {MAX_SEED}, not {seed}")
    return seed


def make_setup(game: Game, players: int, seed: int, options: dict[str, str]) -> dict:
    """Run the ``bgkit_setup`` hook for a checked player count."""
    game.info.check_players(players)
    setup = game.hooks.bgkit_setup(game=game, players=players, seed=seed, options=options)
    if setup is None:
        raise BadInput(f"no plugin produced a setup for {game.info.name}")
    return setup


def setup_document(game: Game, players: int, seed: int, options: dict[str, str], setup: dict) -> dict[str, Any]:
    """The setup with everything needed to repeat it: game, players, seed, options."""
    return {"game": game.info.id, "players": players, "seed": seed, "options": options, "setup": setup}


def count_document(game: Game, players: int, options: dict[str, str]) -> dict[str, Any]:
    game.info.check_players(players)
    count = game.count_setups(players, options)
    return {
        "game": game.info.id,
        "players": players,
        "options": options,
        "count": count,
        "log10": round(math.log10(count), 3) if count > 0 else None,
    }
