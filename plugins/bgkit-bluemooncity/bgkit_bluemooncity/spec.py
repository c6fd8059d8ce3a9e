"""Blue Moon City, declared once: the table half (setup, scoring, data) here, the play half in
:mod:`bgkit_bluemooncity.play`, imported only when play starts (this module never imports the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, scoring_of, setup_of
from bgkit_bluemooncity import data, render, scoring, setup
from bgkit_bluemooncity.data import Components

if TYPE_CHECKING:
    from bgkit_bluemooncity.codes import Action
    from bgkit_bluemooncity.state import BlueMoonState

SPEC: GameSpec[BlueMoonState, Action, Components] = GameSpec(
    play="bgkit_bluemooncity.play:PLAY",
    setup=setup_of(setup, render.render_setup),
    scoring=scoring_of(scoring, sheet_game_fields=scoring.sheet_game_fields),
    load_data=data.load,
)
