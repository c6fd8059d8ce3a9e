"""The Bridge Troll game for bgkit: setup and table scoring over the component data.

Each job lives in its own module (setup, scoring, render, roundscore); this class ties them to the
core's :class:`bgkit.game.Game` interface and to the loaded components.
"""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.game import Game
from bgkit.ranking import ScoreResult
from bgkit.sheets import Field, Sheet

from bgkit_bridgetroll import data, render, scoring, setup


class BridgeTroll(Game):
    options = setup.OPTIONS

    def __init__(self, data: Path | None = None):
        super().__init__(data)
        self.components = _load(data)

    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        return setup.make_setup(players, rng, options, self.components)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        return setup.count_setups(players, options, self.components)

    def render_setup(self, setup_data: dict):
        return render.render_setup(setup_data, self.components)

    def sheet_fields(self, players: int) -> list[Field]:
        return scoring.sheet_fields(players, self.components)

    def check_sheet(self, sheet: Sheet) -> None:
        scoring.check_sheet(sheet, self.components)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        return scoring.score_sheet(sheet, self.info.id if hasattr(self, "info") else "bridgetroll")


def _load(path: Path | None) -> data.Components:
    return data.load(path)
