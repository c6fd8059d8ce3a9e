"""A person playing Bruges at a real (pseudo-)terminal: the table, an illegal move, undo, save,
quit, resume, and the game played on to its end."""

import pty
import re

import pytest

from bgkit.testing import fits, resumed_to_the_end, saved_game

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


def answer(term, screen, reply, done, limit=400):
    """From ``screen``, answer Ada's prompts with ``reply(screen)`` until ``done(screen)``; the
    screen it ended on and how many answers it took."""
    for count in range(limit):
        if done(screen):
            return screen, count
        term.type(reply(screen))
        screen = term.read_until("Ada> ", "Winner:")
    raise AssertionError(f"still playing after {limit} answers")


def test_play_undo_save_quit_resume_and_finish_at_the_terminal(tmp_path):
    term, screen, save = saved_game(tmp_path, ["play", "bruges", "human:Ada", "greedy", "--seed", "2", "--option", "start=1"])
    assert "Bruges · round 1 · phase 1: draw" in screen and "Piles: A 33 cards, top" in screen
    assert "Ada to play (2 legal actions" in screen and "draw A " in screen and "draw B " in screen
    assert fits(screen)  # the drawing fits the terminal
    screen = term.refused("hire Engraver on red", "Ada> ")
    # draw by typing the pile (a prefix of "draw A red"), on to phase 3
    screen, _ = answer(term, screen, lambda screen: "draw A" if re.search(r"\d draw A", screen) else "1",
                       lambda screen: "phase 3: actions" in screen and "Your hand (P1)" in screen)
    assert "Your hand (P1)" in screen and "* reconstructed value" in screen
    first = re.search(r"^ +1 (\S+(?: \S+)*?)(?: {2,}|$)", screen, re.M).group(1)  # action 1 of the list
    assert "actions start with 'workers'" in term.answer("workers", "Ada> ")  # a prefix several actions share is not taken
    term.answer("1", "Ada> ")  # greedy has played its card: nothing was revealed since Ada's
    assert "undone: " + first in term.answer("undo", "Ada> ")
    term.answer("1", "Ada> ")
    assert f"saved to {save}" in term.answer("save", "Ada> ").replace("\n", "")
    assert [0, first] in term.quit_saved(save)["actions"]
    assert resumed_to_the_end(save, tmp_path, "Ada> ", lambda screen: "1") > 30
