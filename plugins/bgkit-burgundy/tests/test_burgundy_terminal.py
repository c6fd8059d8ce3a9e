"""A person playing Burgundy at a real (pseudo-)terminal: the board, an illegal move, quit, resume,
and the game played on to its end."""

import json
import os
import pty
import re
import select
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


class Terminal:
    """``bgkit ARGS`` on a 100-column pseudo-terminal; ``read_until`` returns what was shown."""

    def __init__(self, args, cwd):
        self.master, slave = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k != "CI"}
        env.update(COLUMNS="100", LINES="50", NO_COLOR="1", TERM="dumb")
        self.proc = subprocess.Popen([sys.executable, "-m", "bgkit", *args], stdin=slave, stdout=slave, stderr=slave,
                                     cwd=cwd, env=env)
        os.close(slave)
        self.seen = ""

    def read_until(self, *texts, limit=120.0):
        """Read until one of ``texts`` shows; returns (the text seen, what came before it).
        The limit only stops a hung test; nothing is timed."""
        while not any(t in self.seen for t in texts):
            ready, _, _ = select.select([self.master], [], [], limit)
            if not ready:
                raise AssertionError(f"never saw {texts!r}; screen:\n{self.seen[-3000:]}")
            try:
                chunk = os.read(self.master, 65536).decode(errors="replace")
            except OSError:
                chunk = ""
            if not chunk:
                raise AssertionError(f"program ended before {texts!r}; screen:\n{self.seen[-3000:]}")
            self.seen += chunk
        found = min((t for t in texts if t in self.seen), key=self.seen.index)
        before, _, self.seen = self.seen.partition(found)
        return found, before.replace("\r\n", "\n")

    def type(self, line):
        os.write(self.master, (line + "\n").encode())

    def finish(self):
        code = self.proc.wait(timeout=120)
        os.close(self.master)
        return code


def test_play_quit_resume_and_finish_at_the_terminal(tmp_path):
    save = tmp_path / "game.json"
    term = Terminal(["play", "burgundy", "human:Ada", "greedy", "--seed", "1", "--save", str(save)], tmp_path)
    _, screen = term.read_until("Ada> ")
    assert "Phase A, round 1" in screen and "P1 estate (board #1)" in screen and "Ca/6" in screen  # the start castle
    assert "Ada to play (" in screen and "take " in screen and "workers@" in screen
    assert max(len(line) for line in screen.splitlines()) <= 100  # the whole drawing fits the terminal
    first = re.search(r"^ +1 (\S+(?: \S+)?)(?: {2,}|$)", screen, re.M).group(1)  # action 1 of the list
    term.type("place 19:castle@6")  # space 19 holds the start castle already
    _, screen = term.read_until("Ada> ")
    assert "'place 19:castle@6' is not legal here" in screen
    term.type("workers")  # a prefix two actions share (one per die) is not taken
    _, screen = term.read_until("Ada> ")
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
        found, screen = term.read_until("Ada> ", "Winner:")
        if found == "Winner:":
            break
        term.type("1")
        decisions += 1
    assert term.finish() == 0
    done = json.loads(save.read_text())
    assert done["actions"][: len(before)] == before  # the game went on from where it was left
    assert decisions > 40 and done["result"]["decisions"] == sum(1 for a in done["actions"] if a[0] >= 0)
