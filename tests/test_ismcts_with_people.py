"""OpenSpiel's IS-MCTS seated with a person (issue 41): it once thought 19.8 s with nothing on screen
and once in 12 tries did not stop on Ctrl-C. Through a pseudo-terminal of its own session, as a
person plays it: while it thinks, a progress line says for how long at most; Ctrl-C then stops the
game at once, in one line, with the exit code of an interrupt."""

from __future__ import annotations

import os
import time

import pytest

from bgkit.testing import ctrl_c_when

pytest.importorskip("pyspiel")
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and pseudo-terminals")


def test_ismcts_at_a_table_with_a_person_shows_its_clock_and_stops_on_ctrl_c(tmp_path):
    pressed = {}

    def before(pid: int) -> None:
        time.sleep(0.6)  # in the middle of its 2 s
        pressed["at"] = time.monotonic()

    code, screen, _ = ctrl_c_when(["play", "burgundy", "human:Me", "openspiel:ismcts", "--seed", "3", "--option", "start=2"],
                                  tmp_path, rb"openspiel:ismcts thinks \(at most 2 s\) \[", before)
    stopped = time.monotonic() - pressed["at"]
    assert code == 130, screen[-600:]
    assert stopped < 5, f"{stopped:.1f} s after Ctrl-C"
    assert "Traceback" not in screen and "interrupted" in screen, screen[-600:]
