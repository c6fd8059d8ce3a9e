"""Macro-actions in the searches (Advisor.macros; Blue Moon City's whole payments): the tree's
children at a payment are whole payments, the bots still play one legal action a decision, follow
their plan only at the decision it was made for (``follow=0``: never), and without ``macros=1`` the search goes
step by step."""

from __future__ import annotations

import random

import pytest

from bgkit.bots.ismcts import IsmctsBot
from bgkit.bots.mcts import Macro, MctsBot
from bgkit.engine.match import decision_for
from bgkit.engine.runtime import runtime_for
from bgkit.testing import build_match, get_registry

GAME = get_registry().load_game("bluemooncity")
RUNTIME = runtime_for(GAME)


def decide(bot, state, player):
    return bot.choose(decision_for(state, player, RUNTIME.legal_actions(state), bot.rng))


def paying_state(seed: int = 3):
    """The first state of a greedy 2-player game where a box is being paid with a choice of cards."""
    match = build_match(GAME, ["greedy", "greedy"], ["a", "b"], seed, {o.name: o.default for o in GAME.options},
                        bots=get_registry().bots)
    macros = RUNTIME.functions(type(match.state)).macros
    while not match.state.is_terminal():
        state = match.state
        plans = macros(state) if state.current_player() >= 0 else None
        if plans and len(plans) > 1 and max(map(len, plans)) > 1:
            return state
        match.step()
    raise AssertionError("no payment with a choice in the game")


@pytest.mark.parametrize("bot_class", [MctsBot, IsmctsBot])
def test_a_search_plays_only_legal_actions_and_follows_its_plan(bot_class):
    """Two searching seats play 2-player Blue Moon City for 150 decisions: every action is one of the
    legal list, payments are searched whole (Macro children) and their later steps played from the plan (``macros=1``)."""
    state = GAME.new_state(GAME.setup(2, random.Random(5), {o.name: o.default for o in GAME.options}))
    bots = [bot_class(RUNTIME, seed, iterations="4", macros="1") for seed in (1, 2)]
    followed = macro_roots = decisions = 0
    while not state.is_terminal() and decisions < 150:
        player = state.current_player()
        if player < 0:
            RUNTIME.apply(state, state.chance_pick(bots[0].rng.random()))
            continue
        bot = bots[player]
        bot.last_root, had_plan = None, bool(bot.plan)
        action = decide(bot, state.clone(), player)
        assert action in RUNTIME.legal_actions(state), f"decision {decisions}: {action!r} is not legal"
        if had_plan and bot.last_root is None:
            followed += 1
        if bot.last_root is not None and any(type(key) is Macro for key in bot.last_root.children):
            macro_roots += 1
            assert all(type(key) is Macro for key in bot.last_root.children)
        RUNTIME.apply(state, action)
        decisions += 1
    assert macro_roots >= 3 and followed >= 3, (macro_roots, followed)


def test_a_plan_is_followed_only_at_the_decision_it_was_made_for():
    state = paying_state()
    player = state.current_player()
    bot = MctsBot(RUNTIME, 4, iterations="30", macros="1")
    first = decide(bot, state.clone(), player)
    assert first in RUNTIME.legal_actions(state)
    assert all(type(key) is Macro for key in bot.last_root.children)
    if not bot.plan:
        pytest.skip("the best payment was one card")  # pragma: no cover
    # handed the same decision again (as after an undo), it searches afresh instead of playing its plan
    bot.last_iterations = 0
    again = decide(bot, state.clone(), player)
    assert bot.last_iterations == 30 and again in RUNTIME.legal_actions(state)
    # the planned next decision: the step comes from the plan, no search
    after = state.clone()
    RUNTIME.apply(after, again)
    planned = bot.plan[0]
    bot.last_iterations = 0
    assert decide(bot, after.clone(), player) == planned and bot.last_iterations == 0


@pytest.mark.parametrize("params", [{}, {"macros": "0"}])
def test_by_default_and_with_macros_0_the_steps_are_searched_one_by_one(params):
    state = paying_state()
    bot = MctsBot(RUNTIME, 4, iterations="30", **params)
    action = decide(bot, state.clone(), state.current_player())
    assert action in RUNTIME.legal_actions(state)
    assert not any(type(key) is Macro for key in bot.last_root.children) and not bot.plan


def test_follow_0_searches_again_at_every_step():
    state = paying_state()
    bot = MctsBot(RUNTIME, 4, iterations="30", macros="1", follow="0")
    action = decide(bot, state.clone(), state.current_player())
    assert action in RUNTIME.legal_actions(state) and not bot.plan
    assert all(type(key) is Macro for key in bot.last_root.children)
