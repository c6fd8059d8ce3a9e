"""Goofspiel's rules, and the core conformance suite run from the plugin's own tests."""

import random

import pytest

from bgkit.game import CHANCE, TERMINAL
from bgkit.plugins import get_registry


@pytest.fixture(scope="module")
def game():
    return get_registry().load_game("goofspiel")


def test_highest_bid_wins_the_prize(game):
    state = game.new_state({"players": 3, "deck": 5})
    assert state.current_player() == CHANCE
    state.apply(4)
    for bid in (2, 5, 3):
        state.apply(bid)
    assert state.won == [[], [4], []]
    assert state.scores() == [0.0, 4.0, 0.0]


def test_a_tie_for_highest_discards_the_prize(game):
    state = game.new_state({"players": 3, "deck": 5})
    state.apply(4)
    for bid in (5, 5, 1):
        state.apply(bid)
    assert state.won == [[], [], []]
    assert 4 not in state.prizes


def test_game_ends_when_the_prizes_run_out(game):
    state = game.new_state({"players": 2, "deck": 5})
    while not state.is_terminal():
        state.apply(state.chance_outcomes()[0][0] if state.is_chance() else state.legal_actions()[0])
    assert state.current_player() == TERMINAL
    assert state.scores() == [0.0, 0.0]  # both always bid their lowest card: every prize is tied away
    assert all(not hand for hand in state.hands)


def test_a_sealed_bid_stays_hidden_until_everyone_has_bid(game):
    state = game.new_state({"players": 2, "deck": 5})
    state.apply(3)
    state.apply(5)  # player 1 bids 5, sealed
    view = state.view(1)
    assert view["others"]["0"] == {"unrevealed": [1, 2, 3, 4, 5], "has_bid": True}
    assert 5 not in [view["my_bid"]]
    other = state.determinize(1, random.Random(1))
    assert other.view(1) == view
    assert other.hands[1] == state.hands[1]


def test_sheet_from_state_scores_like_the_engine(game):
    from bgkit.engine import final_result

    state = game.new_state({"players": 2, "deck": 5})
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice([o for o, _ in state.chance_outcomes()]) if state.is_chance() else rng.choice(state.legal_actions()))
    result = final_result(game, state, ["A", "B"])
    assert result.totals == state.scores()


# The conformance suite, as any game package runs it on itself (one playout per player count).
from bgkit.testing import conformance_suite  # noqa: E402

test_conformance = conformance_suite("goofspiel", games=1)
