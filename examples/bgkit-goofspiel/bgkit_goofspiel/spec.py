"""Goofspiel, declared once: the table half (setup, scoring) here, and the play half (its state,
rules, observer, advisor, notation and display) named in :mod:`bgkit_goofspiel.play`, imported only
when play starts. Neither this module nor the ones it imports import the state at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, Setup, scoring_of
from bgkit_goofspiel import render, scoring, setup

if TYPE_CHECKING:
    from bgkit_goofspiel.state import GoofState

SPEC: GameSpec[GoofState, int, None] = GameSpec(
    play="bgkit_goofspiel.play:PLAY",
    setup=Setup(options=setup.OPTIONS, make_setup=setup.make_setup, count_setups=setup.count_setups, fixed=setup.FIXED,
                render_setup=render.render_setup),
    scoring=scoring_of(scoring, check_partial_sheet=scoring.check_partial_sheet),
)
