"""Bridge Troll, declared once: the table half (setup, scoring, data) here, and the play half (its
state, rules, observer, advisor, notation and display) named in :mod:`bgkit_bridgetroll.play`,
imported only when play starts. Neither this module nor the ones it imports import the state at
run time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, Scoring, Setup
from bgkit_bridgetroll import data, render, scoring, setup
from bgkit_bridgetroll.data import Components

if TYPE_CHECKING:
    from bgkit_bridgetroll.codes import Action
    from bgkit_bridgetroll.state import TrollState

SPEC: GameSpec[TrollState, Action, Components] = GameSpec(
    play="bgkit_bridgetroll.play:PLAY",
    setup=Setup(options=setup.OPTIONS, make_setup=setup.make_setup, count_setups=setup.count_setups,
                check_setup=setup.check_setup, fixed=setup.FIXED, any_length=setup.ANY_LENGTH, any_keys=setup.ANY_KEYS,
                render_setup=render.render_setup),
    scoring=Scoring(
        sheet_fields=scoring.sheet_fields, score_sheet=scoring.score_sheet, sheet_from_state=scoring.sheet_from_state,
        check_sheet=scoring.check_sheet,
        check_partial_sheet=scoring.check_sheet,  # every rule holds while typing (a field not typed: no cards, no stones)
    ),
    load_data=data.load,
)
