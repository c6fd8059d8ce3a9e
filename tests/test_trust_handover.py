"""Hot seat (issue 38, item 9): after a person's private decision the screen is erased with its
scrollback (ESC[3J as well as ESC[2J), so the next person cannot scroll up to a sealed bid; where
the terminal cannot erase it (TERM=dumb), the hand-over screen says so. Through a real
pseudo-terminal and the real ``bgkit`` process."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")

HANDOVER = b"the others look away, then press Enter"


class Table:
    """Two people at one terminal of type ``term``; every byte bgkit writes is kept."""

    def __init__(self, tmp_path, term: str):
        self.master, slave = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k != "CI"}
        env.update(COLUMNS="100", LINES="40", NO_COLOR="1", TERM=term)
        args = ["play", "goofspiel", "human:Ann", "human:Bob", "--seed", "1", "--option", "deck=5"]
        self.proc = subprocess.Popen([sys.executable, "-m", "bgkit", *args], stdin=slave, stdout=slave, stderr=slave,
                                     cwd=tmp_path, env=env)
        os.close(slave)
        self.seen = b""

    def read_until(self, text: bytes) -> bytes:
        """The bytes written from here until ``text`` (included)."""
        while text not in self.seen:
            ready, _, _ = select.select([self.master], [], [], 60)
            assert ready, self.seen[-2000:]
            chunk = os.read(self.master, 65536)
            assert chunk, self.seen[-2000:]
            self.seen += chunk
        before, found, self.seen = self.seen.partition(text)
        return before + found

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.master)


def ann_bids(table: Table) -> bytes:
    """Ann's hand-over screen, her bid, and every byte written after it up to Bob's hand-over screen."""
    first = table.read_until(HANDOVER)
    assert b"Ann, your turn" in first
    table.type("")
    table.read_until(b"Ann> ")
    table.type("bid 3")
    after = table.read_until(HANDOVER)
    assert b"Bob, your turn" in after
    return first + after


def test_after_a_sealed_bid_the_scrollback_is_erased_before_the_next_person(tmp_path):
    table = Table(tmp_path, "xterm")
    try:
        written = ann_bids(table)
        after_bid = written.rsplit(b"bid 3", 1)[1]
        assert b"\x1b[3J" in after_bid and b"\x1b[2J" in after_bid  # scrollback and screen, before Bob looks
        assert after_bid.index(b"\x1b[3J") < after_bid.index(b"Bob, your turn")
        assert b"cannot erase its scrollback" not in written
    finally:
        table.close()


def test_a_terminal_that_cannot_erase_its_scrollback_says_so_on_the_hand_over_screen(tmp_path):
    table = Table(tmp_path, "dumb")
    try:
        written = ann_bids(table)
        handover = written.rsplit(b"bid 3", 1)[1]  # what Ann sees after her bid, as Bob's hand-over screen comes
        assert b"(this terminal cannot erase its scrollback: scroll the last turn out of sight first)" in handover
        assert b"\x1b[3J" not in written
    finally:
        table.close()
