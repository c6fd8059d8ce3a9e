"""The golden-scale exchange helper (sole most 6, tied most 3 each, others with 3 or more 3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bgkit_bluemooncity.scales import Exchange, exchange


def test_rulebook_example():
    """[RB p2-3]: counts 5, 4, 2; you get 2 scales with 1 left in the supply, so you count 7."""
    result = exchange([5 + 2, 4, 2])
    assert result.crystals == (6, 3, 0)
    assert result.kept == (0, 0, 2)  # only those who got crystals return their scales


def test_sole_most_gets_six():
    assert exchange([6, 2, 1]).crystals == (6, 0, 0)


def test_tied_most_get_three_each():
    assert exchange([5, 5, 2]) == Exchange(crystals=(3, 3, 0), kept=(0, 0, 2))


def test_tied_most_and_another_with_three():
    assert exchange([4, 4, 3, 2]).crystals == (3, 3, 3, 0)


def test_others_need_at_least_three():
    assert exchange([7, 3, 2]).crystals == (6, 3, 0)
    assert exchange([7, 2, 2]).kept == (0, 2, 2)


def test_everyone_tied():
    assert exchange([3, 3]).crystals == (3, 3)
    assert exchange([2, 2, 2, 2]).crystals == (3, 3, 3, 3)  # tied for most: 3 each, even below 3


def test_nobody_with_scales_gets_nothing():
    assert exchange([0, 0, 0]) == Exchange((0, 0, 0), (0, 0, 0))
    assert exchange([9, 0]).crystals == (6, 0)


def test_negative_counts_are_rejected():
    with pytest.raises(ValueError):
        exchange([3, -1])


@given(st.lists(st.integers(min_value=0, max_value=20), min_size=2, max_size=4))
def test_exchange_properties(scales):
    result = exchange(scales)
    most = max(scales)
    assert all(c in (0, 3, 6) for c in result.crystals)
    assert result.crystals.count(6) <= 1
    for s, c, k in zip(scales, result.crystals, result.kept):
        if c == 6:
            assert s == most and scales.count(most) == 1
        if s >= 3 or (s == most and s > 0):
            assert c > 0  # nobody with 3+ scales, and no leader, goes empty-handed
        if s < 3 and s != most:
            assert c == 0
        assert k == (0 if c else s)
