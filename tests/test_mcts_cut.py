"""How a search rates a playout cut at its depth (``mcts:soft=T``): by the seats' rank in the game's
heuristic (``soft=0``), or by a logistic of the gaps between their values, so that a playout that
ends far ahead counts more than one that ends just ahead (issue 43, Blue Moon City)."""

from __future__ import annotations

import math

import pytest

from bgkit.bots.mcts import MctsBot, soft_rewards
from bgkit.engine.match import decision_for
from bgkit.engine.runtime import runtime_for
from bgkit.model.errors import BadInput
from bgkit.testing import build_match, get_registry

GAME = get_registry().load_game("bluemooncity")
RUNTIME = runtime_for(GAME)


def test_soft_rewards_are_a_logistic_of_the_gaps_averaged_over_opponents():
    assert soft_rewards([3.0, 3.0], 6.0) == [0.5, 0.5]
    ahead, behind = soft_rewards([6.0, 0.0], 6.0)
    assert ahead == pytest.approx(1 / (1 + math.exp(-1))) and behind == pytest.approx(1 - ahead)
    three = soft_rewards([10.0, 0.0, -500.0], 5.0)
    assert sum(three) == pytest.approx(1.5)  # every pair shares one point, over n - 1 opponents
    assert three[2] == pytest.approx(0.0) and three[0] > three[1] > 0.5


def first_choice_state(seed: int = 2):
    match = build_match(GAME, ["greedy", "greedy"], ["a", "b"], seed, {o.name: o.default for o in GAME.options},
                        bots=get_registry().bots)
    while len(RUNTIME.legal_actions(match.state)) < 4:
        match.step()
    return match.state


def root_totals(**params: str) -> list[float]:
    state = first_choice_state()
    player = state.current_player()
    bot = MctsBot(RUNTIME, 5, iterations="40", bias="0", depth="8", **params)
    bot.choose(decision_for(state, player, RUNTIME.legal_actions(state), bot.rng))
    assert bot.last_root is not None
    return [child.totals[player] for child in bot.last_root.children.values()]


def test_a_cut_playout_is_rated_by_the_gap_with_soft_and_by_rank_without():
    """Cut after 8 decisions, no game ends: ranks give every playout 0, 1/2 or 1, so every total is a
    multiple of 1/2; the logistic gives fractions in between."""
    ranked = root_totals(soft="0")
    assert all((2 * total).is_integer() for total in ranked), ranked
    soft = root_totals(soft="6")
    assert not all((2 * total).is_integer() for total in soft), soft


@pytest.mark.parametrize("value", ["-1", "x", "inf"])
def test_soft_is_a_checked_parameter(value):
    with pytest.raises(BadInput, match="soft"):
        MctsBot(RUNTIME, 1, soft=value)
