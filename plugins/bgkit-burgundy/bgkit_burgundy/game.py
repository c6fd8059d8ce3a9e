"""The Castles of Burgundy as a bgkit Game: setup, scoring sheet and play, each in its module."""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.game import Game, Option
from bgkit.ranking import ScoreResult
from bgkit.sheets import Field, Sheet

from bgkit_burgundy import data as data_module
from bgkit_burgundy import scoring
from bgkit_burgundy import setup as setup_module


class Burgundy(Game):
    options = (
        Option("boards", ("standard", "random"), "standard",
               "standard: everyone board 1, castle in the centre; random: each a different board, castle on a chosen dark-green space"),
        Option("ruleset", ("2011", "2019"), "2011",
               "2011: original rules; 2019: knowledge 6, 15, 26 of the 20th-anniversary edition"),
    )

    def __init__(self, data: Path | None = None):
        super().__init__(data)
        self.comp = data_module.load(data)

    # -- setup ---------------------------------------------------------------------------------
    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        return setup_module.make_setup(self.comp, players, rng, options)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        return setup_module.count_setups(self.comp, players, options)

    def render_setup(self, setup: dict):
        from bgkit_burgundy.render import render_setup

        return render_setup(self.comp, setup)

    # -- scoring -------------------------------------------------------------------------------
    def sheet_fields(self, players: int) -> list[Field]:
        return scoring.sheet_fields(players)

    def sheet_game_fields(self, players: int) -> list[Field]:
        return scoring.sheet_game_fields(players)

    def check_sheet(self, sheet: Sheet) -> None:
        scoring.check_sheet(sheet)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        return scoring.score_sheet(self.info.id if hasattr(self, "info") else "burgundy", sheet)

    # -- play ----------------------------------------------------------------------------------
    def new_state(self, setup: dict):
        from bgkit_burgundy.state import BurgundyState

        return BurgundyState.from_setup(self.comp, setup)

    def state_from_dict(self, data: dict):
        from bgkit_burgundy.state import BurgundyState

        return BurgundyState.from_dict(self.comp, data)

    def sheet_from_state(self, state) -> dict:
        return {
            "game": "burgundy",
            "ruleset": state.ruleset,
            "player": [{"name": f"Player {p + 1}", **state.sheet_values(p)} for p in range(state.num_players)],
        }
