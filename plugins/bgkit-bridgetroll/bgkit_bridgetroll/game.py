"""The Bridge Troll game for bgkit: setup and table scoring over the component data.

Each job lives in its own module (setup, scoring, render, roundscore, table); this class ties them
to the core's :class:`bgkit.game.Game` interface and to the loaded components.
"""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.game import Game
from bgkit.ranking import ScoreResult
from bgkit.sheets import Field, Sheet

from bgkit_bridgetroll import data as component_data
from bgkit_bridgetroll import render, scoring
from bgkit_bridgetroll import setup as randomiser
from bgkit_bridgetroll.table import Table

GAME_ID = "bridgetroll"


class BridgeTroll(Game):
    options = randomiser.OPTIONS

    def __init__(self, data: Path | None = None):
        super().__init__(data)
        self.components = component_data.load(data)

    # -- setup ---------------------------------------------------------------------------------
    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        return randomiser.make_setup(players, rng, options, self.components)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        return randomiser.count_setups(players, options, self.components)

    def render_setup(self, setup: dict):
        return render.render_setup(setup, self.components)

    # -- scoring -------------------------------------------------------------------------------
    def sheet_fields(self, players: int) -> list[Field]:
        return scoring.sheet_fields(players, self.components)

    def check_sheet(self, sheet: Sheet) -> None:
        scoring.check_sheet(sheet, self.components)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        return scoring.score_sheet(sheet, GAME_ID)

    # -- the table, for play later -------------------------------------------------------------
    def table_from_setup(self, setup: dict) -> Table:
        """The table laid out from a setup: the state full play will start from."""
        return Table.from_setup(setup)

    def sheet_from_table(self, table: Table) -> dict:
        """The score sheet of a table, scored by the same code as one typed in."""
        return table.to_sheet()
