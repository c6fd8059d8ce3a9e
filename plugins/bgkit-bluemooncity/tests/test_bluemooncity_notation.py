"""The action space: every decision and every card drawn is a whole number below the bound, one of
its own among the legal actions, the same in every process, and turns back into its action."""

from __future__ import annotations

import random

import pytest
from bluemooncity_scene import GAME, table

from bgkit.api import ActionSpace, sample_chance
from bgkit.testing import check_action_space

from bgkit_bluemooncity.codes import CARD, GO, OFF, TO
from bgkit_bluemooncity.notation import action_from_index, action_index, num_actions


class _Numbered:
    """What check_action_space asks of a runtime: the game's action space (its length unchecked here)."""

    def action_space(self, players: int) -> ActionSpace:
        comp = GAME.components
        return ActionSpace(num_actions(comp, players), 0, lambda a: action_index(comp, a),
                           lambda state, i: action_from_index(comp, state, i))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_and_card_drawn_has_its_own_index_that_turns_back_into_it(players):
    rng = random.Random(players)
    setup = GAME.setup(players, random.Random(players), {"layout": "random", "deal": "no", "start": "random"})
    state = GAME.new_state(setup)
    steps = 0
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance() else state.legal_actions()
        check_action_space(_Numbered(), state, actions, f"step {steps}")
        state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(actions))
        steps += 1
    assert steps > 100


def test_the_numbering_is_dense_and_depends_only_on_the_components():
    comp = GAME.components
    size = num_actions(comp, 2)
    assert size == num_actions(comp, 4) and size == 201
    assert [action_index(comp, action_from_index(comp, None, i)) for i in range(size)] == list(range(size))
    assert action_index(comp, (GO, 0)) == 0  # the first code, its first cell
    assert action_index(comp, (CARD, len(table().board.kinds) - 1)) == size - 1  # the last code, its last card
    assert action_from_index(comp, None, action_index(comp, (TO, OFF))) == (TO, OFF)
