"""The Bruges game object: ties the components, the setup, the scoring and the drawing together."""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.game import Game, Option
from bgkit.ranking import ScoreResult
from bgkit.sheets import Field, Sheet

from bgkit_bruges import scoring
from bgkit_bruges.data import Components, load_components
from bgkit_bruges.setup import COLOUR_OPTIONS, START_OPTIONS, build_setup, count_setups


class Bruges(Game):
    options = (
        Option("start", START_OPTIONS, "random",
               "random: the randomiser picks the start player; chocolate: the rule book's choice (who most "
               "recently ate the most Belgian chocolate) sits in seat 1 and starts"),
        Option("colours", COLOUR_OPTIONS, "random",
               "random: deal the player colours; fixed: seats 1-4 take red, yellow, blue, green"),
    )

    def __init__(self, data: Path | None = None):
        super().__init__(data)
        self.components: Components = load_components(data)

    # -- setup -------------------------------------------------------------------------------
    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        ids = [p.id for p in self.components.persons]
        return build_setup(self.components, ids, players, rng, options)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        comp = self.components
        return count_setups(comp.deck_size, players, len(comp.player_colours), options)

    def render_setup(self, setup: dict):
        from bgkit_bruges.render import render_setup

        return render_setup(setup)

    # -- scoring -----------------------------------------------------------------------------
    def sheet_fields(self, players: int) -> list[Field]:
        return scoring.sheet_fields(self.components)

    def check_sheet(self, sheet: Sheet) -> None:
        scoring.check_sheet(self.components, sheet)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        return scoring.score(self.components, sheet, self.info.id)
