"""A person playing Burgundy at a real (pseudo-)terminal: the board, an illegal move, quit, resume,
and the game played on to its end."""

import pty
import re

import pytest

from bgkit.testing import fits, resumed_to_the_end, saved_game

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


def test_play_quit_resume_and_finish_at_the_terminal(tmp_path):
    term, screen, save = saved_game(tmp_path, ["play", "burgundy", "human:Ada", "greedy", "--seed", "1"])
    assert "Phase A, round 1" in screen and "P1 estate (board #1)" in screen and "Ca/6" in screen  # the start castle
    assert "Ada to play (" in screen and "take " in screen and "workers@" in screen
    assert fits(screen)  # the whole drawing fits the terminal
    first = re.search(r"^ +1 (\S+(?: \S+)?)(?: {2,}|$)", screen, re.M).group(1)  # action 1 of the list
    term.refused("place 19:castle@6", "Ada> ")  # space 19 holds the start castle already
    assert "2 actions start with 'workers'" in term.answer("workers", "Ada> ")  # a prefix two actions share (one per die) is not taken
    term.answer("1", "Ada> ")
    assert [0, first] in term.quit_saved(save)["actions"]
    assert resumed_to_the_end(save, tmp_path, "Ada> ", lambda screen: "1") > 40
