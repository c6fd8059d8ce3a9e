"""The round-scoring helper: food and gold to points, a closed bridge's stones 2:1 (rulebook example 7)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bgkit_bridgetroll.roundscore import convert


def test_rulebook_worked_example_closed_bridge_3_gold_4_food_2_stones_scores_4():
    result = convert(gold=3, food=4, stones=2, closed=True)
    assert result.points == 4
    assert result.stones_used == 2
    assert result.boosted == "gold" and result.boost == 1


def test_worked_example_more_stones_do_not_help_past_the_larger_side():
    # "就算他还有更多的石头也不能来提高资源点数了": with 6 stones still only 4 points, 2 stones used
    result = convert(gold=3, food=4, stones=6, closed=True)
    assert (result.points, result.stones_used) == (4, 2)


def test_worked_example_without_stones_scores_the_smaller_side():
    assert convert(gold=3, food=4).points == 3


@pytest.mark.parametrize(
    "food_cards, gold_cards, points",
    [
        ([3, 4], [2, 4], 6),  # all four cards: 7 food, 6 gold -> 6
        ([3], [2], 2),  # the 3 food and the 2 gold card
        ([4], [4], 4),  # the 4 food and the 4 gold card
    ],
)
def test_rulebook_card_selection_example(food_cards, gold_cards, points):
    assert convert(gold=sum(gold_cards), food=sum(food_cards)).points == points


def test_open_bridge_may_not_convert_stones():
    result = convert(gold=3, food=4, stones=10, closed=False)
    assert (result.points, result.stones_used, result.boosted) == (3, 0, "")


def test_closed_bridge_may_fill_an_empty_side():
    result = convert(gold=0, food=5, stones=8, closed=True)
    assert (result.points, result.stones_used, result.boosted) == (4, 8, "gold")


def test_food_side_is_boosted_when_food_is_smaller():
    result = convert(gold=6, food=2, stones=3, closed=True)
    assert (result.points, result.stones_used, result.boosted, result.boost) == (3, 2, "food", 1)


def test_equal_sides_take_no_stones():
    result = convert(gold=4, food=4, stones=6, closed=True)
    assert (result.points, result.stones_used, result.boosted) == (4, 0, "")


@pytest.mark.parametrize("bad", [{"gold": -1, "food": 2}, {"gold": 1, "food": 2.5}, {"gold": True, "food": 1}])
def test_bad_amounts_are_refused(bad):
    with pytest.raises(ValueError):
        convert(**bad)


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 60), st.booleans())
def test_points_lie_between_the_smaller_and_the_larger_side(gold, food, stones, closed):
    result = convert(gold, food, stones, closed)
    assert min(gold, food) <= result.points <= max(gold, food)
    assert result.stones_used % 2 == 0 and result.stones_used <= stones
    assert result.points == min(gold, food) + result.stones_used // 2
    if not closed:
        assert result.stones_used == 0
