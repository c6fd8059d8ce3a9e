"""Bots are reproducible from their seed, and the stronger ones beat the weaker."""

import json

from bgkit.bots import parse_seat_spec
from bgkit.bots.mcts import MctsBot, rank_rewards
from bgkit.rules import rules_for
from bgkit.testing import run_cli


def test_seat_specs():
    assert parse_seat_spec("mcts:iterations=50,seconds=2") == ("mcts", {"iterations": "50", "seconds": "2"})
    assert parse_seat_spec("human:Ada") == ("human", {"name": "Ada"})
    assert parse_seat_spec("random") == ("random", {})


def test_rank_rewards_handle_ties_and_many_players():
    assert rank_rewards([10, 5]) == [1.0, 0.0]
    assert rank_rewards([3, 3, 1]) == [0.75, 0.75, 0.0]
    assert rank_rewards([2, 2]) == [0.5, 0.5]


def test_mcts_is_reproducible_with_an_iteration_budget(goofspiel):
    state = goofspiel.new_state({"players": 2, "deck": 8})
    state.apply(8)  # the prize is 8
    choices = {MctsBot(rules_for(goofspiel), 7, iterations="200").choose(state.clone(), 0) for _ in range(3)}
    assert len(choices) == 1


def test_mcts_does_not_peek_at_a_sealed_bid(goofspiel):
    """Same view, different hidden bid of the opponent: the bot must choose the same."""
    state = goofspiel.new_state({"players": 2, "deck": 5})
    state.apply(5)
    low, high = state.clone(), state.clone()
    low.apply(1)
    high.apply(5)
    assert low.view(1) == high.view(1)
    rules = rules_for(goofspiel)
    assert MctsBot(rules, 3, iterations="300").choose(low, 1) == MctsBot(rules, 3, iterations="300").choose(high, 1)


def test_a_seconds_budget_alone_has_no_iteration_cap(goofspiel):
    bot = MctsBot(rules_for(goofspiel), 1, seconds="0.01")
    assert (bot.iterations, bot.seconds) == (None, 0.01)
    result = run_cli(["play", "goofspiel", "mcts:seconds=0.002", "random", "--seed", "1", "--option", "deck=5"])
    assert result.exit_code == 0


def summary(*args):
    out = run_cli(["play", "goofspiel", *args, "--format", "json"]).stdout.splitlines()
    return json.loads(out[-1])["seats"]


def test_mcts_beats_random():
    seats = summary("mcts:iterations=150", "random", "--games", "20", "--seed", "1", "--option", "deck=8")
    assert seats["mcts:iterations=150"]["win_rate"] >= 0.75


def test_progressive_bias_rates_actions_one_ply_ahead(goofspiel):
    state = goofspiel.new_state({"players": 2, "deck": 5})
    state.apply(5)  # the prize is 5
    state.apply(1)  # player 1 bids 1 (sealed)
    bot = MctsBot(rules_for(goofspiel), 1, iterations="1")
    priors = bot._priors(state, state.legal_actions(), 1, type(state).apply)
    assert priors == {1: 0.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0}  # a tie discards the prize; any higher bid wins it


def test_bias_zero_turns_progressive_bias_off(goofspiel):
    assert MctsBot(rules_for(goofspiel), 1, bias="0").bias == 0
    result = run_cli(["play", "goofspiel", "mcts:bias=-1", "random"])
    assert result.exit_code == 2 and "bot parameter bias must be 0 or more" in result.stderr
