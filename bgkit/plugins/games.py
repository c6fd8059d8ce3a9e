"""The core's implementation of the setup, turn and scoring hooks for every registered game.

They run last (``trylast``) and call the game's own code, so any other plugin can answer first
or wrap them to change a game without touching it.
"""

from __future__ import annotations

import random
from typing import Any

from bgkit.plugins.hookspecs import hookimpl


@hookimpl(trylast=True)
def bgkit_setup(game: Any, players: int, seed: int, options: dict[str, str]) -> dict:
    return game.setup(players, random.Random(seed), options)


@hookimpl(trylast=True)
def bgkit_legal_actions(game: Any, state: Any) -> list:
    return state.legal_actions()


@hookimpl(trylast=True)
def bgkit_apply_action(game: Any, state: Any, action: Any) -> Any:
    state.apply(action)
    return state


@hookimpl(trylast=True)
def bgkit_score(game: Any, sheet: Any) -> Any:
    return game.score_sheet(sheet)
