"""Bretagne, declared once: the table half (setup, scoring, data) here, the play half in
:mod:`bgkit_bretagne.play`, imported only when play starts (this module never imports the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import GameSpec, scoring_of, setup_of

from bgkit_bretagne import data, render, scoring, setup
from bgkit_bretagne.data import Components

if TYPE_CHECKING:
    from bgkit_bretagne.codes import Action
    from bgkit_bretagne.state import BretagneState

SPEC: GameSpec[BretagneState, Action, Components] = GameSpec(
    play="bgkit_bretagne.play:PLAY",
    setup=setup_of(setup, render.render_setup, any_keys=setup.ANY_KEYS),
    scoring=scoring_of(scoring),
    load_data=data.load,
)
