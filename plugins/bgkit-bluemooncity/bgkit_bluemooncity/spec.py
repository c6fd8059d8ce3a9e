"""Blue Moon City, declared once: the table half (setup, scoring, data) here, and the play half (its
state, rules, observer, advisor, notation and display) named in :mod:`bgkit_bluemooncity.play`,
imported only when play starts. Neither this module nor the ones it imports import the state at
run time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, Scoring, Setup
from bgkit_bluemooncity import data, render, scoring, setup
from bgkit_bluemooncity.data import Components

if TYPE_CHECKING:
    from bgkit_bluemooncity.codes import Action
    from bgkit_bluemooncity.state import BlueMoonState

SPEC: GameSpec[BlueMoonState, Action, Components] = GameSpec(
    play="bgkit_bluemooncity.play:PLAY",
    setup=Setup(options=setup.OPTIONS, make_setup=setup.make_setup, count_setups=setup.count_setups,
                check_setup=setup.check_setup, fixed=setup.FIXED,
                render_setup=render.render_setup),
    scoring=Scoring(
        sheet_fields=scoring.sheet_fields, score_sheet=scoring.score_sheet, sheet_from_state=scoring.sheet_from_state,
        sheet_game_fields=scoring.sheet_game_fields, check_sheet=scoring.check_sheet,
    ),
    load_data=data.load,
)
