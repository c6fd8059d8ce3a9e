"""Blue Moon City as a bgkit Game: setup randomiser and end-of-game result (play comes later)."""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.game import Game, Option
from bgkit.ranking import ScoreResult
from bgkit.sheets import Field, Sheet

from bgkit_bluemooncity import render, scoring
from bgkit_bluemooncity import setup as setups
from bgkit_bluemooncity.data import Components, load_components


class BlueMoonCity(Game):
    options = (
        Option(
            "layout",
            setups.LAYOUTS,
            "standard",
            "standard: temples and palace fixed around the courtyard; random: only the courtyard fixed (variant)",
        ),
        Option("deal", ("no", "yes"), "no", "yes: also deal each player's 8 starting cards"),
    )

    def __init__(self, data: Path | None = None):
        super().__init__(data)
        self.components: Components = load_components(data)

    # -- setup -------------------------------------------------------------------------------
    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        return setups.make_setup(self.components, players, rng, options)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        return setups.count_setups(self.components, players, options)

    def render_setup(self, setup: dict):
        return render.render_setup(self.components, setup)

    # -- scoring -----------------------------------------------------------------------------
    def sheet_fields(self, players: int) -> list[Field]:
        return scoring.player_fields(self.components, players)

    def sheet_game_fields(self, players: int) -> list[Field]:
        return scoring.game_fields(self.components, players)

    def check_sheet(self, sheet: Sheet) -> None:
        scoring.check(self.components, sheet)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        return scoring.result(self.components, self.info.id, sheet)
