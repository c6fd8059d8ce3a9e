"""The action space: every action numbered below the bound of its player count, and back."""

from __future__ import annotations

import random

import pytest

from bgkit_bridgetroll.bids import BIDMIX, mixes
from bgkit_bridgetroll.notation import action_from_index, action_index, max_game_length, num_actions


@pytest.mark.parametrize("players, bound", [(3, 114_682), (4, 114_682), (5, 468_976), (6, 1_000_417)])
def test_the_bound_grows_with_the_colours_in_play(game, players, bound):
    assert num_actions(game.components, players) == bound
    assert max_game_length(game.components, players) > 1_000


def test_every_index_below_the_mixed_bids_turns_back_into_itself(game):
    comp = game.components
    first_mix = action_index(comp, (BIDMIX, (1, 1, 0, 0, 0, 0)))
    assert first_mix == num_actions(comp, 3) - 114_210  # the mixed bids of 2 to 4 colours come last
    for index in range(first_mix):
        assert action_index(comp, action_from_index(comp, None, index)) == index


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_mixed_bid_of_the_colours_in_play_is_numbered_below_the_bound(game, players):
    comp = game.components
    in_play = min(6, players + comp.extra_colours(players))
    rng = random.Random(players)
    colours = sorted(rng.sample(range(6), in_play))
    held = [rng.randint(1, 9) if c in colours else 0 for c in range(6)]
    indices = set()
    for mix in mixes(held):
        index = action_index(comp, (BIDMIX, mix))
        assert index < num_actions(comp, players)
        assert action_from_index(comp, None, index) == (BIDMIX, mix)
        indices.add(index)
    assert len(indices) == len(mixes(held))
