"""A human game at a real (pseudo-)terminal: the prompt, an illegal move, quit, resume, finish."""

import json
import os
import pty
import select
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


class Terminal:
    def __init__(self, args, cwd):
        self.master, slave = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k != "CI"}
        env.update(COLUMNS="120", LINES="50", NO_COLOR="1", TERM="dumb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bgkit", *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env
        )
        os.close(slave)
        self.seen = ""

    def read_until(self, text, limit=60.0):
        """Read the screen until ``text`` appears (the limit only stops a hung test)."""
        while text not in self.seen:
            ready, _, _ = select.select([self.master], [], [], limit)
            if not ready:
                raise AssertionError(f"never saw {text!r}; screen:\n{self.seen[-2000:]}")
            try:
                chunk = os.read(self.master, 65536).decode(errors="replace")
            except OSError:
                chunk = ""
            if not chunk:
                raise AssertionError(f"program ended before {text!r}; screen:\n{self.seen[-2000:]}")
            self.seen += chunk
        before, _, self.seen = self.seen.partition(text)
        return before

    def type(self, line):
        os.write(self.master, (line + "\n").encode())

    def finish(self):
        code = self.proc.wait(timeout=60)
        os.close(self.master)
        return code


def test_play_quit_resume_and_finish_at_the_terminal(tmp_path):
    save = tmp_path / "game.json"
    term = Terminal(["play", "goofspiel", "human:Ada", "random", "--seed", "1", "--option", "deck=5", "--save", str(save)], tmp_path)
    screen = term.read_until("Ada> ")
    assert "Ada to play (5 legal actions; ? for help)" in screen
    term.type("bid 9")
    assert "'bid 9' is not legal here" in term.read_until("Ada> ")
    term.type("b")
    assert "5 actions start with 'b'" in term.read_until("Ada> ")
    term.type("1")  # by number: bid 1
    term.read_until("Ada> ")
    term.type("quit")
    term.read_until("Resume with: bgkit play --resume")
    assert term.finish() == 0
    saved = json.loads(save.read_text())
    assert [0, "bid 1"] in saved["actions"]

    term = Terminal(["play", "--resume", str(save)], tmp_path)
    for _ in range(4):
        term.read_until("Ada> ")
        term.type("1")
    term.read_until("Winner:")
    assert term.finish() == 0
    assert json.loads(save.read_text())["result"]["decisions"] == 10


def test_score_asks_field_by_field_then_offers_to_save(tmp_path):
    term = Terminal(["score", "goofspiel", "-p", "2"], tmp_path)
    term.read_until("name of player 1 in turn order")
    term.type("Ada")
    term.read_until("Ada · prizes")
    term.type("13 twelve")
    assert "not '13 twelve'; try again" in term.read_until("Ada · prizes")
    term.type("13 12")
    term.read_until("name of player 2 in turn order")
    term.type("Bo")
    term.read_until("Bo · prizes")
    term.type("1, 2, 3")
    screen = term.read_until("Save this sheet?")
    assert "Winner: Ada (highest total)" in screen
    term.type("y")
    term.read_until("File name")
    term.type("table.toml")
    term.read_until("Saved table.toml")
    assert term.finish() == 0
    again = subprocess.run([sys.executable, "-m", "bgkit", "score", "goofspiel", "table.toml", "--format", "json"],
                           capture_output=True, text=True, cwd=tmp_path)
    assert json.loads(again.stdout)["winners"] == ["Ada"]
