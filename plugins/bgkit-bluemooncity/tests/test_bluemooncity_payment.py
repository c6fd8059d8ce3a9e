"""Paying a box step by step never gets stuck: whatever a player picks among the steps offered, the
box can still be paid, and the box is offered only if it can be paid at all (hypothesis); and no
payment is hidden: what is offered is exactly what an exhaustive search over every step finds."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bluemooncity_scene import GAME

from bgkit_bluemooncity.kinds import Kinds
from bgkit_bluemooncity.payment import can_pay, candidates, steps, take

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
    from bgkit_bluemooncity.codes import PAIR_CARDS

    assert PAIR_CARDS not in texts  # paired they would pay 3 + 1: not enough


def exhaustive(counts, colour, need, recolour, anyone) -> bool:
    """Whether some sequence of the steps the cards allow (none ruled out in advance) pays ``need``."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def payable(counts, need, recolour, anyone):
        if need <= 0:
            return True
        for step in candidates(KINDS, list(counts), colour, recolour, anyone):
            spent, left, allowed, wild = take(KINDS, step, colour, need, recolour, anyone)
            after = list(counts)
            for k in spent:
                after[k] -= 1
            if payable(tuple(after), left, allowed, wild):
                return True
        return False

    return payable(tuple(counts), need, tuple(recolour), anyone)


#: Mimix and Hoax cards drawn far more often than the deck holds them: their powers are what combine.
POWERFUL = [k for k, kind in enumerate(KINDS.all) if kind.people in ("mimix", "hoax")]


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.one_of(st.sampled_from(POWERFUL), st.integers(0, len(KINDS) - 1)), min_size=1, max_size=8),
    colour=st.sampled_from(KINDS.box_colours),
    need=st.integers(1, 9),
    allowance=st.one_of(st.none(), st.tuples(st.sampled_from(KINDS.box_colours), st.integers(1, 4))),
    anyone=st.integers(0, 1),
)
def test_every_payment_the_cards_allow_is_offered(hand, colour, need, allowance, anyone):
    counts = [0] * len(KINDS)
    for k in hand:
        counts[k] += 1
    recolour = [0] * len(KINDS.colour_names)
    if allowance:
        recolour[allowance[0]] = allowance[1]
    recolour = tuple(recolour)
    assert can_pay(KINDS, counts, colour, need, recolour, anyone) == exhaustive(counts, colour, need, recolour, anyone)
    offered = set(steps(KINDS, counts, colour, need, recolour, anyone))
    for step in candidates(KINDS, counts, colour, recolour, anyone):
        spent, left, allowed, wild = take(KINDS, step, colour, need, recolour, anyone)
        after = list(counts)
        for k in spent:
            after[k] -= 1
        assert (step in offered) == exhaustive(after, colour, left, allowed, wild), step


def test_two_mimix_twos_recoloured_by_a_hoax_1_pay_four():
    counts = [0] * len(KINDS)
    for card in ("hoax-1", "mimix-2", "mimix-2"):
        counts[KINDS.by_id[card]] += 1
    yellow = KINDS.colour_names.index("yellow")
    assert can_pay(KINDS, counts, yellow, 4)  # paired they would pay 3 only
    assert not can_pay(KINDS, counts, yellow, 5)
