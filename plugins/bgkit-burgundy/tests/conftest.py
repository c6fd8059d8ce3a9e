"""Fixtures for the Burgundy tests: the game, and a state at the start of a chosen player's turn."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from bgkit.testing import game_fixture

sys.path.insert(0, str(Path(__file__).parent))  # the tests share burgundy_scene.py


burgundy = game_fixture("burgundy")


@pytest.fixture
def table(burgundy):
    """``table(players, white=1, dice=[(a, b), ...] in turn order, seed=0, **options)`` -> state."""

    def make(players=2, white=1, dice=None, seed=0, boards="standard", ruleset="2011"):
        from bgkit_burgundy.codes import DICE, WHITE

        setup = burgundy.setup(players, random.Random(seed), {"boards": boards, "ruleset": ruleset})
        state = burgundy.new_state(setup)
        state.apply((WHITE, white))
        for a, b in dice or [(1, 2)] * players:
            state.apply((DICE, min(a, b), max(a, b)))
        return state

    return make



CELL = re.compile(r"\b\d{1,2}[CMSBAK][1-6]\b|\b[A-Z][A-Za-z0-9]{1,2}/[1-6]\b")


@pytest.fixture
def drawn_cells():
    """``drawn_cells(text)`` -> the hex cells (``19C6`` empty, ``Wt/6`` placed) of each drawn estate
    line (the panel lines, one board or two side by side)."""

    def cells(out: str) -> list[list[str]]:
        return [CELL.findall(line) for line in out.splitlines() if line.startswith("│") and CELL.search(line)]

    return cells


@pytest.fixture
def words_at():
    """``words_at(renderable, width)`` -> (the words a console of that width shows, box drawing left
    out; the text). Lines are not cropped, so one too wide shows as such; wrapping keeps the words,
    cutting a value with '…' changes them."""
    import io
    from collections import Counter

    from rich.console import Console

    def words(renderable, width: int) -> tuple[Counter, str]:
        console = Console(width=width, record=True, color_system=None, file=io.StringIO())
        console.print(renderable, crop=False)
        text = console.export_text()
        found = Counter(w for w in (re.sub(r"[\u2500-\u257f]", " ", text)).split())
        return found, text

    return words
