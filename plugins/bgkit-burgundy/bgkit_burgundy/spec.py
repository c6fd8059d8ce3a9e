"""The Castles of Burgundy, declared once: the table half (setup, scoring, the data) here, and the
play half (its state, rules, observer, advisor, notation and display) named in
:mod:`bgkit_burgundy.play`, imported only when play starts. Neither this module nor the ones it
imports import the state at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit.api import GameSpec, Scoring, Setup

from bgkit_burgundy import data, scoring, setup

if TYPE_CHECKING:
    from bgkit_burgundy.codes import Action
    from bgkit_burgundy.data import Components
    from bgkit.api import Drawing

    from bgkit_burgundy.state import BurgundyState



def render_setup(comp: Components, laid_out: dict[str, Any]) -> Drawing:
    """The setup's drawing, its module imported when one is drawn: ``bgkit score`` draws none."""
    from bgkit_burgundy.render import render_setup as draw

    return draw(comp, laid_out)


SPEC: GameSpec[BurgundyState, Action, Components] = GameSpec(
    play="bgkit_burgundy.play:PLAY",
    setup=Setup(options=setup.OPTIONS, make_setup=setup.make_setup, count_setups=setup.count_setups,
                check_setup=setup.check_setup, fixed=setup.FIXED, render_setup=render_setup),
    scoring=Scoring(
        sheet_fields=scoring.sheet_fields, score_sheet=scoring.score_sheet, sheet_game_fields=scoring.sheet_game_fields,
        check_sheet=scoring.check_sheet, check_partial_sheet=scoring.check_partial_sheet,
        sheet_from_state=scoring.sheet_from_state,
    ),
    load_data=data.load,
)
