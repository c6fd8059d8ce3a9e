"""The action space: every index below the bound names one action and back, the conformance suite
holds it at every player count, and no game plays more decisions than the declared length."""

from __future__ import annotations

import pytest

from bgkit.testing import check_conformance
from bgkit_bruges import notation as bs


def test_every_index_turns_into_an_action_and_back(game):
    comp = game.components
    size = bs.num_actions(comp, 2)
    assert 1_000 < size < 50_000  # dense: the fields of the action tuples, not their product with the table
    for index in range(size):
        assert bs.action_index(comp, bs.action_from_index(comp, None, index)) == index


def test_the_bound_and_the_length_per_player_count(game):
    comp = game.components
    lengths = [bs.max_game_length(comp, n) for n in (2, 3, 4)]
    assert all(length > 1_000 for length in lengths)
    assert len({bs.num_actions(comp, n) for n in (2, 3, 4)}) == 1  # the space does not grow with the table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_with_the_action_space(players):
    check_conformance("bruges", players, games=1, seed=players + 10)
