"""The Bretagne game object: ties the component data to the setup, scoring and drawing modules."""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.game import Game, Option
from bgkit.ranking import ScoreResult
from bgkit.sheets import Field, Sheet

from bgkit_bretagne import render, scoring, setup
from bgkit_bretagne.data import Components, load_components


class Bretagne(Game):
    options = (
        Option(
            "start",
            setup.START_CHOICES,
            "random",
            "start player: random, or the seat number (1 = the first player at the table) you chose yourselves",
        ),
    )

    def __init__(self, data: Path | None = None):
        super().__init__(data)
        self.components: Components = load_components(data)

    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        return setup.make_setup(self.components, players, rng, options)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        return setup.count_setups(self.components, players, options)

    def render_setup(self, setup_data: dict):
        return render.render_setup(self.components, setup_data)

    def sheet_fields(self, players: int) -> list[Field]:
        return scoring.sheet_fields(self.components, players)

    def check_sheet(self, sheet: Sheet) -> None:
        scoring.check_sheet(self.components, sheet)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        return scoring.score_sheet(self.components, self.info.id, sheet)
