"""Bruges, declared once: the table half (setup, scoring, data) here, and the play half (its state,
rules, observer, advisor, notation and display) named in :mod:`bgkit_bruges.play`, imported only
when play starts. Neither this module nor the ones it imports import the state at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, Scoring, Setup
from bgkit_bruges import data, render, scoring, setup

if TYPE_CHECKING:
    from bgkit_bruges.codes import Act
    from bgkit_bruges.data import Components
    from bgkit_bruges.state import BrugesState

SPEC: GameSpec[BrugesState, Act, Components] = GameSpec(
    play="bgkit_bruges.play:PLAY",
    setup=Setup(options=setup.OPTIONS, make_setup=setup.make_setup, count_setups=setup.count_setups,
                check_setup=setup.check_setup, fixed=setup.FIXED, any_length=setup.ANY_LENGTH,
                render_setup=render.render_setup),
    scoring=Scoring(sheet_fields=scoring.sheet_fields, score_sheet=scoring.score_sheet,
                    sheet_from_state=scoring.sheet_from_state, check_sheet=scoring.check_sheet),
    load_data=data.load,
)
