"""A human game at a real (pseudo-)terminal: the prompt, an illegal move, quit, resume, finish."""

import json
import pty
import subprocess
import sys

import pytest

from bgkit.testing import resumed_to_the_end, saved_game, Terminal

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


def test_play_quit_resume_and_finish_at_the_terminal(tmp_path):
    term, screen, save = saved_game(tmp_path, ["play", "goofspiel", "human:Ada", "random", "--seed", "1", "--option", "deck=5"],
                                    columns=120)
    assert "Ada to play (5 legal actions; ? for help)" in screen
    term.refused("bid 9", "Ada> ")
    with pytest.raises(AssertionError, match="5 actions start with 'b'"):  # not refused: asked which one is meant
        term.refused("b", "Ada> ")
    term.answer("1", "Ada> ")  # by number: bid 1
    assert [0, "bid 1"] in term.quit_saved(save)["actions"]
    assert resumed_to_the_end(save, tmp_path, "Ada> ", lambda screen: "1") == 4
    assert json.loads(save.read_text())["result"]["decisions"] == 10


def test_score_asks_field_by_field_then_offers_to_save(tmp_path):
    term = Terminal(["score", "goofspiel", "-p", "2"], tmp_path)
    term.read_until("name of player 1 in seat order")
    term.type("Ada")
    term.read_until("Ada · prizes")
    term.type("13 twelve")
    assert "not '13 twelve'; try again" in term.read_until("Ada · prizes")
    term.type("13 12")
    term.read_until("name of player 2 in seat order")
    term.type("Bo")
    term.read_until("Bo · prizes")
    term.type("1, 2, 3")
    screen = term.read_until("Save this sheet?")
    assert "Winner: Ada (highest total)" in screen
    term.type("y")
    term.read_until("File name")
    term.type("/nonexistent/x.toml")  # one line, and the sheet is not lost: another name is asked for
    assert "cannot save /nonexistent/x.toml" in term.read_until("File name")
    term.type("table.toml")
    term.read_until("Saved table.toml")
    term.read_until("Record this game in your history?")
    term.type("n")
    assert term.finish() == 0
    again = subprocess.run([sys.executable, "-m", "bgkit", "score", "goofspiel", "table.toml", "--format", "json"],
                           capture_output=True, text=True, cwd=tmp_path)
    assert json.loads(again.stdout)["winners"] == ["Ada"]
