"""Bruges, declared once: the table half (setup, scoring, data) here, the play half in
:mod:`bgkit_bruges.play`, imported only when play starts (this module never imports the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, scoring_of, setup_of
from bgkit_bruges import data, render, scoring, setup

if TYPE_CHECKING:
    from bgkit_bruges.codes import Act
    from bgkit_bruges.data import Components
    from bgkit_bruges.state import BrugesState

SPEC: GameSpec[BrugesState, Act, Components] = GameSpec(
    play="bgkit_bruges.play:PLAY",
    setup=setup_of(setup, render.render_setup, any_length=setup.ANY_LENGTH),
    scoring=scoring_of(scoring),
    load_data=data.load,
)
