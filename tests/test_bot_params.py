"""Bot parameters in a seat spec: a bad value is one line and exit 2 before any game starts.

Each run is a real ``bgkit`` process with a memory limit and a timeout, so a value that slipped
through (``seconds=inf`` searching for ever, a huge budget filling memory) fails the test instead of
hanging it.
"""

import time

import pytest

from bgkit.bots.mcts import MAX_ITERATIONS, MctsBot
from bgkit.engine.runtime import runtime_for
from bgkit.testing import bgkit_limited, ctrl_c_when, run_cli

SMALL = ["--option", "deck=5", "--seed", "1"]
MOST = f"{MAX_ITERATIONS:,}"


@pytest.mark.parametrize("seat, message", [
    # not finite: seconds=inf or nan searched for ever, c=nan quietly weakened the bot
    ("mcts:seconds=inf", "bot parameter seconds must be a finite number, not 'inf'"),
    ("mcts:seconds=nan", "bot parameter seconds must be a finite number, not 'nan'"),
    ("mcts:seconds=1e400", "bot parameter seconds must be a finite number, not '1e400'"),
    ("mcts:c=nan", "bot parameter c must be a finite number, not 'nan'"),
    ("mcts:c=inf", "bot parameter c must be a finite number, not 'inf'"),
    ("mcts:bias=nan", "bot parameter bias must be a finite number, not 'nan'"),
    ("mcts:bias=-inf", "bot parameter bias must be a finite number, not '-inf'"),
    ("mcts:iterations=inf", "bot parameter iterations must be a whole number, not 'inf'"),
    ("mcts:depth=inf", "bot parameter depth must be a whole number, not 'inf'"),
    ("mcts:depth=NaN", "bot parameter depth must be a whole number, not 'NaN'"),
    # a number, but not a whole one
    ("mcts:iterations=1e3", "bot parameter iterations must be a whole number, not '1e3'"),
    ("mcts:iterations=2.5", "bot parameter iterations must be a whole number, not '2.5'"),
    ("mcts:depth=10.0", "bot parameter depth must be a whole number, not '10.0'"),
    # not a number at all, or out of range
    ("mcts:c=wide", "bot parameter c must be a number, not 'wide'"),
    ("mcts:iterations=0", "bot parameter iterations must be positive, not '0'"),
    ("mcts:seconds=-1", "bot parameter seconds must be positive, not '-1'"),
    ("mcts:bias=-0.5", "bot parameter bias must be 0 or more, not '-0.5'"),
    # the search tree keeps a node per iteration: a budget that would fill memory is refused
    (f"mcts:iterations={MAX_ITERATIONS + 1}", f"bot parameter iterations must be at most {MOST}, not '{MAX_ITERATIONS + 1}'"),
    ("mcts:iterations=1000000000000", f"bot parameter iterations must be at most {MOST}, not '1000000000000'"),
    ("mcts:depth=" + "9" * 400, "bot parameter depth must be at most 1,000,000,000,000,000,000, not '999999999999... (400 digits)'"),
    # a parameter given twice: neither value is silently dropped
    ("mcts:iterations=10,iterations=20", "bot parameter iterations given twice ('10' and '20')"),
    ("mcts:c=1, c=1", "bot parameter c given twice ('1' and '1')"),
    ("greedy:name=a,name=b", "bot parameter name given twice ('a' and 'b')"),
])
def test_a_bad_bot_parameter_is_one_line_and_exit_2(seat, message):
    result = bgkit_limited("play", "goofspiel", "random", seat, *SMALL, timeout=60)
    assert (result.returncode, result.stderr) == (2, f"bgkit: error: {message}\n"), result
    assert result.stdout == ""


@pytest.mark.parametrize("command", [
    ["play", "goofspiel", "random", "mcts:c=nan", "--games", "4", "--jobs", "2"],
    ["arena", "goofspiel", "random", "greedy", "mcts:seconds=inf", "--games", "3"],
])
def test_matches_and_tournaments_refuse_a_bad_parameter_before_playing(command):
    result = bgkit_limited(*command, "--option", "deck=5", timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result
    assert "bot parameter " in result.stderr and "must be a finite number" in result.stderr


def test_valid_parameters_still_play():
    seat = "mcts:iterations=5,seconds=3600,c=0.5,depth=3,bias=0"  # the longest seconds is fine: 5 iterations end first
    result = run_cli(["play", "goofspiel", "random", seat, *SMALL])
    assert result.exit_code == 0, result.stderr
    assert "Winner" in result.stdout
    result = run_cli(["play", "goofspiel", " mcts : iterations = 5 , c = 2 ", "greedy", *SMALL, "--format", "json"])
    assert result.exit_code == 0, result.stderr


def test_the_largest_budgets_are_taken_as_given(goofspiel):
    bot = MctsBot(runtime_for(goofspiel), 1, iterations=str(MAX_ITERATIONS), seconds="3600", c="1e-9", depth="1000000")
    assert (bot.iterations, bot.seconds, bot.c, bot.depth, bot.bias) == (MAX_ITERATIONS, 3600, 1e-9, 1_000_000, 1.0)


def test_a_long_search_still_stops_at_ctrl_c(tmp_path):
    """``seconds=3600`` is the user's own choice: Ctrl-C in the middle of the search stops it, and
    the game with a person in it is saved."""
    args = ["play", "goofspiel", "mcts:seconds=3600", "human", *SMALL]
    code, text, _ = ctrl_c_when(args, tmp_path, rb"seed is shown when the game ends", before=lambda pid: time.sleep(1))  # the bot is searching
    assert code == 130, text
    assert "interrupted" in text and "Resume with: bgkit play --resume" in text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
