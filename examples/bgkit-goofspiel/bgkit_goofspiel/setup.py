"""Goofspiel's setup: how many cards each suit has. Every random event (the prize draws) is a
chance node during play, so the setup itself draws nothing."""

from __future__ import annotations

import random

from typing import Any

from bgkit.api import Option, seat_document

OPTIONS = (Option("deck", ("13", "8", "5"), "13", "cards per suit: 13 is the full game, 5 a quick one"),)
#: Setup fields the options fix (``bgkit.engine.setups.check_laid_out`` refuses an edited one): the deck
#: is the ``deck`` option, so a quick game is ``--option deck=5``, not an edited setup.
FIXED = ("deck",)


def make_setup(components: None, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
    return {"players": players, "deck": int(options["deck"]), **seat_document([{} for _ in range(players)], 0)}


def count_setups(components: None, players: int, options: dict[str, str]) -> int:
    return 1
