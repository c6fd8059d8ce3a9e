"""Bridge Troll, declared once: the table half (setup, scoring, data) here, the play half in
:mod:`bgkit_bridgetroll.play`, imported only when play starts (this module never imports the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, scoring_of, setup_of
from bgkit_bridgetroll import data, render, scoring, setup
from bgkit_bridgetroll.data import Components

if TYPE_CHECKING:
    from bgkit_bridgetroll.codes import Action
    from bgkit_bridgetroll.state import TrollState

SPEC: GameSpec[TrollState, Action, Components] = GameSpec(
    play="bgkit_bridgetroll.play:PLAY",
    setup=setup_of(setup, render.render_setup, any_length=setup.ANY_LENGTH, any_keys=setup.ANY_KEYS),
    # every rule holds while typing (a field not typed: no cards, no stones)
    scoring=scoring_of(scoring, check_partial_sheet=scoring.check_sheet),
    load_data=data.load,
)
