"""Paying a box step by step never gets stuck: whatever a player picks among the steps offered, the
box can still be paid, and the box is offered only if it can be paid at all (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bmc_scene import GAME

from bgkit_bluemooncity.kinds import Kinds
from bgkit_bluemooncity.payment import can_pay, steps, take

KINDS = Kinds(GAME.components)


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(st.integers(0, len(KINDS) - 1), min_size=0, max_size=14),
    colour=st.sampled_from(KINDS.box_colours),
    need=st.integers(1, 9),
    seed=st.integers(0, 10**6),
)
def test_a_payment_that_can_be_made_is_never_stuck(hand, colour, need, seed):
    counts = [0] * len(KINDS)
    for k in hand:
        counts[k] += 1
    if not can_pay(KINDS, counts, colour, need):
        return
    rng = random.Random(seed)
    recolour, anyone, spent = (0,) * len(KINDS.colour_names), 0, 0
    while need > 0:
        options = steps(KINDS, counts, colour, need, recolour, anyone)
        assert options, f"stuck paying {need} in colour {colour} with {counts}"
        cards, need, recolour, anyone = take(KINDS, rng.choice(options), colour, need, recolour, anyone)
        for k in cards:
            assert counts[k] > 0
            counts[k] -= 1
            spent += 1
    assert spent <= len(hand)


def test_a_pair_of_brown_twos_pays_three_not_four_at_a_brown_box():
    counts = [0] * len(KINDS)
    counts[KINDS.by_id["mimix-2"]] = 2
    counts[KINDS.by_id["khind-1"]] = 1
    brown = KINDS.mimix_colour
    assert can_pay(KINDS, counts, brown, 5)  # 2 + 2 at their values + a wild 1
    texts = {s[0] for s in steps(KINDS, counts, brown, 5, (0,) * 8, 0)}
    from bgkit_bluemooncity.actions import PAIR_CARDS

    assert PAIR_CARDS not in texts  # paired they would pay 3 + 1: not enough
