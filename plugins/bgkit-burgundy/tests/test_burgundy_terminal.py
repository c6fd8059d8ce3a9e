"""A person playing Burgundy at a real (pseudo-)terminal: the board, an illegal move, quit, resume,
and the game played on to its end."""

import json
import pty
import re

import pytest

from bgkit.testing import Terminal

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


def test_play_quit_resume_and_finish_at_the_terminal(tmp_path):
    save = tmp_path / "game.json"
    term = Terminal(["play", "burgundy", "human:Ada", "greedy", "--seed", "1", "--save", str(save)], tmp_path)
    screen = term.read_until("Ada> ")
    assert "Phase A, round 1" in screen and "P1 estate (board #1)" in screen and "Ca/6" in screen  # the start castle
    assert "Ada to play (" in screen and "take " in screen and "workers@" in screen
    assert max(len(line) for line in screen.splitlines()) <= 100  # the whole drawing fits the terminal
    first = re.search(r"^ +1 (\S+(?: \S+)?)(?: {2,}|$)", screen, re.M).group(1)  # action 1 of the list
    term.type("place 19:castle@6")  # space 19 holds the start castle already
    screen = term.read_until("Ada> ")
    assert "'place 19:castle@6' is not legal here" in screen
    term.type("workers")  # a prefix two actions share (one per die) is not taken
    screen = term.read_until("Ada> ")
    assert "2 actions start with 'workers'" in screen
    term.type("1")
    term.read_until("Ada> ")
    term.type("quit")
    term.read_until("Resume with: bgkit play --resume")
    assert term.finish() == 0
    saved = json.loads(save.read_text())
    assert [0, first] in saved["actions"]
    before = saved["actions"]

    term = Terminal(["play", "--resume", str(save)], tmp_path)
    decisions = 0
    while True:
        screen = term.read_until("Ada> ", "Winner:")
        found = term.last_found
        if found == "Winner:":
            break
        term.type("1")
        decisions += 1
    assert term.finish() == 0
    done = json.loads(save.read_text())
    assert done["actions"][: len(before)] == before  # the game went on from where it was left
    assert decisions > 40 and done["result"]["decisions"] == sum(1 for a in done["actions"] if a[0] >= 0)
