"""The bots' clocks: ``seconds=`` is the wall clock people wait on, ``cpu=`` the processor time the
search used (summed over a root-parallel search's processes), so that a tournament's result does
not depend on what else the machine runs (bgkit/bots/budget.py)."""

import os
import time

import pytest

from bgkit.bots.budget import Budget
from bgkit.bots.mcts import MctsBot
from bgkit.engine.match import decision_for
from bgkit.engine.runtime import runtime_for
from bgkit.testing import run_cli


def run(budget, step):
    done = 0
    while budget.more(done):
        step()
        done += 1
    return done


def test_a_cpu_budget_does_not_count_time_spent_waiting():
    """Waiting (another process has the processor) costs wall time, not CPU: a ``cpu=`` budget
    keeps searching where a ``seconds=`` budget of the same size has long stopped."""
    waiting = lambda: time.sleep(0.005)  # noqa: E731  (about 0.2 s of wall clock in 40 steps)
    assert run(Budget(40, None, cpu=0.05), waiting) == 40
    assert run(Budget(40, 0.05), waiting) < 40


def test_a_cpu_budget_stops_after_its_processor_time():
    def busy():
        end = time.process_time() + 0.002
        while time.process_time() < end:
            pass

    before = time.process_time()
    done = run(Budget(10**9, None, cpu=0.1), busy)
    used = time.process_time() - before
    assert 0.1 <= used < 0.2 and 10 <= done < 100


def test_the_wall_clock_and_the_cpu_budget_end_whichever_comes_first():
    waiting = lambda: time.sleep(0.005)  # noqa: E731
    assert run(Budget(10**9, 0.05, cpu=10.0), waiting) < 40


def cpu_of_a_decision(goofspiel, **params):
    """Processor seconds one decision took, the bot's own and its helper processes' together."""
    state = goofspiel.new_state({"players": 2, "deck": 13})
    state.apply(13)
    bot = MctsBot(runtime_for(goofspiel), 5, **params)
    before = os.times()
    bot.choose(decision_for(state.clone(), 0, bot.runtime.legal_actions(state), bot.rng))
    after = os.times()
    used = sum(after[:4]) - sum(before[:4])  # user and system time, this process and reaped children
    return used, bot.last_iterations


def test_mcts_cpu_budget_is_its_processor_time(goofspiel):
    used, iterations = cpu_of_a_decision(goofspiel, cpu="0.2")
    assert 0.18 <= used < 0.35 and iterations > 10


def test_root_parallel_workers_share_the_cpu_budget(goofspiel):
    """``workers=2,cpu=1``: each process stops at 0.5 s of its own processor time, so the decision
    costs 1 CPU-s in all, as the same budget does with one worker (a budget given to each process
    whole would cost 2). A forked helper's page copies and its exit come on top, more in a big
    process (a whole test run's): up to a few tenths of a second."""
    used, iterations = cpu_of_a_decision(goofspiel, cpu="1", workers="2")
    assert 0.95 <= used < 1.6 and iterations > 10  # os.times counts in ticks of 10 ms


@pytest.mark.parametrize("spec, problem", [
    ("mcts:cpu=nan", "bot parameter cpu must be a finite number, not 'nan'"),
    ("mcts:cpu=-1", "bot parameter cpu must be positive, not '-1'"),
    ("ismcts:cpu=inf", "bot parameter cpu must be a finite number, not 'inf'"),
])
def test_a_bad_cpu_budget_is_one_line(spec, problem):
    result = run_cli(["play", "goofspiel", "random", spec, "--seed", "1", "--option", "deck=5"])
    assert result.exit_code == 2 and problem in result.stderr, result.stderr


def test_mcts_with_a_cpu_budget_plays_a_game():
    result = run_cli(["play", "goofspiel", "mcts:cpu=0.01", "greedy", "--seed", "1", "--option", "deck=5", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert '"mcts:cpu=0.01"' in result.stdout
