"""The action space: every number below the bound is one action and turns back into it."""

from __future__ import annotations

from bgkit_burgundy.codes import DICE, GOODS, PLACE, START, TAKE
from bgkit_burgundy.notation import action_from_index, action_index, max_game_length, num_actions


def test_every_number_below_the_bound_is_one_action(burgundy):
    comp = burgundy.components
    size = num_actions(comp, 2)
    seen = set()
    for index in range(size):
        action = action_from_index(comp, None, index)
        assert action_index(comp, action) == index
        seen.add(action)
    assert len(seen) == size == num_actions(comp, 4)


def test_actions_of_each_kind_get_their_own_numbers(burgundy):
    comp = burgundy.components
    actions = [(TAKE, 0, 6, 48), (PLACE, 6, 48, 36), (GOODS, 6, 1, 63), (START, 36), (DICE, 1, 6), (DICE, 6, 6)]
    indices = [action_index(comp, a) for a in actions]
    assert len(set(indices)) == len(indices)
    assert all(0 <= i < num_actions(comp, 2) for i in indices)


def test_the_longest_game_grows_with_the_players(burgundy):
    comp = burgundy.components
    assert [max_game_length(comp, n) for n in (2, 3, 4)] == [596, 894, 1192]
