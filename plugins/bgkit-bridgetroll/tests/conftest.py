"""Fixtures for the Bridge Troll tests: the game as the registry loads it, and tables to play on."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from bgkit.testing import game_fixture

sys.path.insert(0, str(Path(__file__).parent))  # the tests share bridgetroll_scene.py


game = game_fixture("bridgetroll")


@pytest.fixture
def table(game):
    """``table(players=4, start=1)`` -> a state at the first weather roll; seat N has colour N of the
    data (P1 red, P2 green, P3 yellow, P4 purple, P5 blue, P6 orange)."""

    def make(players=4, start=1, seed=0):
        options = {"colours": "seat", "start": str(start), "deck": "shuffle"}
        return game.new_state(game.setup(players, random.Random(seed), options))

    return make
