"""The Castles of Burgundy, declared once: the table half (setup, scoring, data) here, the play half in
:mod:`bgkit_burgundy.play`, imported only when play starts (this module never imports the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit.api import GameSpec, scoring_of, setup_of

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
    setup=setup_of(setup, render_setup),
    scoring=scoring_of(scoring, sheet_game_fields=scoring.sheet_game_fields, check_partial_sheet=scoring.check_partial_sheet),
    load_data=data.load,
)
