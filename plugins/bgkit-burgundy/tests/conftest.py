"""Fixtures for the Burgundy tests: the game, and a state at the start of a chosen player's turn."""

from __future__ import annotations

import random

import pytest

from bgkit_burgundy.game import Burgundy


@pytest.fixture(scope="session")
def burgundy():
    game = Burgundy()
    from bgkit.game import GameInfo

    game.info = GameInfo(id="burgundy", name="The Castles of Burgundy", min_players=2, max_players=4,
                         loader="bgkit_burgundy.game:Burgundy")
    return game


@pytest.fixture
def table(burgundy):
    """``table(players, white=1, dice=[(a, b), ...] in turn order, seed=0, **options)`` -> state."""

    def make(players=2, white=1, dice=None, seed=0, boards="standard", ruleset="2011"):
        from bgkit_burgundy.state import DICE, WHITE

        setup = burgundy.setup(players, random.Random(seed), {"boards": boards, "ruleset": ruleset})
        state = burgundy.new_state(setup)
        state.apply((WHITE, white))
        for a, b in dice or [(1, 2)] * players:
            state.apply((DICE, min(a, b), max(a, b)))
        return state

    return make

