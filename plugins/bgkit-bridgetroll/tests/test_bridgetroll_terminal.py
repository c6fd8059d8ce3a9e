"""A person playing Bridge Troll at a real (pseudo-)terminal: the table, an illegal move, undo, save,
quit, resume, and the game played on to its end."""

import pty
import re

import pytest

from bgkit.testing import fits, resumed_to_the_end, saved_game

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")

OPTION = re.compile(r"(?:^|\s{2})\s*(\d+) (\S+(?: \S+)*?)(?=\s{2}|$)", re.M)


def options(screen: str) -> list[str]:
    """The numbered actions of the last list on the screen, in order."""
    listing = screen[screen.rfind("to play ("):]
    found = {int(n): text for n, text in OPTION.findall(listing.split("\n", 1)[1] if "\n" in listing else "")}
    return [found[i] for i in sorted(found)]


def answer(screen: str) -> str:
    """Bid as much as possible (to be open and pick), else the first action listed."""
    listed = options(screen)
    if listed and listed[0] == "close":
        return str(len(listed))
    return "1"


def test_play_undo_save_quit_resume_and_finish_at_the_terminal(tmp_path):
    term, screen, save = saved_game(tmp_path, ["play", "bridgetroll", "human:Ada", "greedy", "greedy", "--seed", "1"])
    assert "Bridge Troll, round 1 · start player P" in screen and "Row: face down" in screen
    assert "P1 you" in screen and "Upgrade on offer: 15" in screen and "bids in secret" in screen
    assert fits(screen)  # the drawing fits the terminal
    screen = term.refused("rob unicorn", "Ada> ")
    undone = False
    while not undone:
        spends = [o for o in options(screen) if o.startswith("spend ")]
        if spends:
            term.type(spends[0])
            screen = term.read_until("Ada> ")
            assert "spending" in screen
            term.type("undo")
            screen = term.read_until("Ada> ")
            assert f"undone: {spends[0]}" in screen and "spending nothing yet" in screen
            undone = True
            break
        term.type(answer(screen))
        screen = term.read_until("Ada> ")
    assert f"saved to {save}" in term.answer("save", "Ada> ")
    before = term.quit_saved(save)["actions"]
    assert not any(text == spends[0] and player == 0 for player, text in before[-1:])  # the undone spend is gone
    assert resumed_to_the_end(save, tmp_path, "Ada> ", answer) > 20
