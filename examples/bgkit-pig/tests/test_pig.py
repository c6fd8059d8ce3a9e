"""Pig's rules as a player sees them, and the core's conformance suite run on the one-file game."""

import pytest

from bgkit.api import CHANCE, TERMINAL
from bgkit.testing import conformance_suite, get_registry, run_cli


@pytest.fixture(scope="module")
def game():
    return get_registry().load_game("pig")


def test_a_one_loses_the_points_at_stake_and_passes_the_die(game):
    state = game.new_state({"players": 2, "goal": 20})
    assert state.legal_actions() == ["roll"]  # nothing at stake yet: nothing to hold
    for roll in ("roll", 5, "roll", 1):
        state.apply(roll)
    assert (state.turn, state.pot, state.banked) == (1, 0, [0, 0])


def test_holding_banks_the_points_and_the_goal_ends_the_game(game):
    state = game.new_state({"players": 2, "goal": 20})
    for action in ("roll", 6, "roll", 6, "hold"):
        state.apply(action)
    assert state.banked == [12, 0] and state.current_player() == 1
    for action in ("roll", 2, "hold", "roll", 4, "roll", 4, "hold"):
        state.apply(action)
    assert state.scores() == [20.0, 2.0] and state.current_player() == TERMINAL
    assert state.outcome().winners == (0,)


def test_the_die_is_a_fair_chance_node(game):
    state = game.new_state({"players": 3, "goal": 50})
    state.apply("roll")
    assert state.current_player() == CHANCE
    assert [text for text in map(state.action_text, [o for o, _ in state.chance_outcomes()])] == list("123456")


def test_a_played_game_is_scored_on_its_points():
    result = run_cli(["play", "pig", "greedy", "random", "--seed", "2", "--option", "goal=20", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert '"points"' in result.stdout and '"winners"' in result.stdout


test_conformance = conformance_suite("pig", games=1, players=(2, 4))
