"""A determinisation for a seat is the same whatever the hidden truth: the goods piles of later
phases and the goods set aside are face down, and the others' start spaces (boards=random-secret)
are sealed until all have chosen."""

import random

from bgkit.testing import check_twin_determinisation


def test_the_order_of_the_face_down_goods_does_not_change_a_determinisation(table):
    state = table(players=2)
    twin = state.clone()
    first, last = twin.future[0], twin.future[-1]
    i = next(i for i in range(5) if first[i] != last[i])
    first[i], last[i] = last[i], first[i]  # two later phases' piles trade a good
    twin.future[1].reverse()  # and one pile lies in another order
    check_twin_determinisation(state, twin, 0)
    check_twin_determinisation(state, twin, 1)


def test_which_goods_are_set_aside_does_not_change_a_determinisation(table):
    state = table(players=3)
    twin = state.clone()
    kept = twin.future[0][0]
    aside = next(t + 1 for t in range(6) if twin.aside[t] and t + 1 != kept)
    twin.future[0][0] = aside  # a good set aside (out of the game) trades places with one in a pile
    twin.aside[aside - 1] -= 1
    twin.aside[kept - 1] += 1
    check_twin_determinisation(state, twin, 2)


def test_another_seats_secret_start_space_does_not_change_a_determinisation(burgundy):
    state = burgundy.new_state(burgundy.setup(2, random.Random(3), {"boards": "random-secret"}))
    assert state.is_sealed() and state.current_player() == 0
    castles = state.legal_actions()
    twin = state.clone()
    state.apply(castles[0])
    twin.apply(castles[-1])  # P1 chose another start space: P2 cannot tell which
    check_twin_determinisation(state, twin, 1)
