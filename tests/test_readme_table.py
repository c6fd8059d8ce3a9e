"""The README's tour plays a game at a real table with a correction (issue 41): a roll typed wrong
is taken back with ``undo`` and another corrected with ``fix``. Run again on a pseudo-terminal the
way ``docs/tour.py`` runs it, the session prints what the README shows, and its save verifies."""

from __future__ import annotations

import importlib.util
import os
import pty
import sys
from pathlib import Path

import pytest

from bgkit.testing import run_cli

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
ROOT = Path(__file__).resolve().parent.parent


def test_the_readmes_table_session_with_its_corrections_is_what_bgkit_prints(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("tour", ROOT / "docs" / "tour.py")
    assert spec is not None and spec.loader is not None
    tour = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tour)
    text = tour.README.read_text()
    block = next(m.group(3) for m in tour.BLOCK.finditer(text) if m.group(2) and "--chance table" in m.group(3))
    assert "table> undo" in block and "table> fix" in block and "corrected to" in block  # both corrections shown
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")  # this checkout's bgkit
    command = tour.commands_of(block)[0]
    assert f"$ {command}\n" + tour.run_session(command, tour.answers_of(block), tmp_path) == block
    verified = run_cli(["replay", str(tmp_path / "table.json"), "--verify"])
    assert verified.exit_code == 0, verified.output
