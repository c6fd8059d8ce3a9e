"""The test kits of bgkit.testing that the game plugins share (each must catch what it is for)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bgkit.testing import check_bound, check_table_half, get_registry

ROOT = Path(__file__).resolve().parents[1]
GOOF_TABLE_HALF = {"bgkit_goofspiel", "bgkit_goofspiel.plugin", "bgkit_goofspiel.spec", "bgkit_goofspiel.setup",
                   "bgkit_goofspiel.scoring", "bgkit_goofspiel.render"}
SETUP = ["setup", "goofspiel", "-p", "2", "--seed", "1"]


def test_check_table_half_passes_a_setup_that_reads_the_table_half_alone():
    check_table_half(SETUP, "bgkit_goofspiel", GOOF_TABLE_HALF, "Repeat with: bgkit setup goofspiel", cwd=ROOT)


@pytest.mark.parametrize("args, table_half, shows, says", [
    (SETUP, GOOF_TABLE_HALF - {"bgkit_goofspiel.render"}, "Repeat with", "play half imported: ['bgkit_goofspiel.render']"),
    (SETUP, GOOF_TABLE_HALF, "Winner", "Goofspiel — 2 players"),  # not what the command shows
    (["setup", "goofspiel", "-p", "9"], GOOF_TABLE_HALF, "", "setup goofspiel -p 9 exited 2"),  # the command fails
])
def test_check_table_half_catches_a_play_half_import_a_wrong_screen_and_a_failure(args, table_half, shows, says):
    with pytest.raises(AssertionError, match=re.escape(says)):
        check_table_half(args, "bgkit_goofspiel", table_half, shows, cwd=ROOT)


def test_check_bound_passes_the_parts_functions_and_catches_another():
    from bgkit_goofspiel import advisor, observer, play, rules

    game = get_registry().load_game("goofspiel")
    game.new_state(game.setup(2, random.Random(1), {"deck": "13"}))  # play starts: the play half is bound
    check_bound(game, play.PLAY, {"legal_actions": rules.legal_actions, "view": observer.view})
    with pytest.raises(AssertionError, match="GoofState.heuristic is not"):
        check_bound(game, play.PLAY, {"heuristic": advisor.values})


def test_table_half_suite_is_one_test_per_command_on_the_named_modules():
    from bgkit.testing import table_half_suite

    suite = table_half_suite("bgkit_goofspiel", ("plugin", "spec", "setup", "scoring", "render"),
                             {"setup goofspiel -p 2 --seed 1": "Repeat with", "setup goofspiel -p 3 --seed 2": "3 players"},
                             cwd=ROOT)
    assert [mark.args for mark in suite.pytestmark] == [("command", ["setup goofspiel -p 2 --seed 1", "setup goofspiel -p 3 --seed 2"])]
    suite("setup goofspiel -p 3 --seed 2")
    strict = table_half_suite("bgkit_goofspiel", ("plugin", "spec", "setup", "scoring"), {"setup goofspiel -p 2": ""}, cwd=ROOT)
    with pytest.raises(AssertionError, match=re.escape("play half imported: ['bgkit_goofspiel.render']")):
        strict("setup goofspiel -p 2")


def test_setup_file_kits_plays_passes_a_setup_that_plays_and_shows_why_one_does_not(tmp_path):
    from bgkit.testing import setup_file_kit

    setup_file, play, plays = setup_file_kit("goofspiel")
    assert plays(tmp_path, 2, options=["deck=5"]).exit_code == 0
    with pytest.raises(AssertionError, match="setup.deck is 5, but Goofspiel's rules make it 13"):
        plays(tmp_path, 2, lambda setup: setup.update(deck=5))


def test_fits_says_whether_every_line_fits_the_terminal():
    from bgkit.testing import fits

    assert fits("a\n" + "b" * 100) and not fits("a\n" + "b" * 101) and fits("b" * 120, columns=120)
