"""The core's implementation of the setup, turn and scoring hooks for every registered game.

They run last (``trylast``) and call the game's own code, so any other plugin can answer first
or wrap them to change a game without touching it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bgkit.plugins.hookspecs import hookimpl

if TYPE_CHECKING:
    from bgkit.model.game import Action, Game, State
    from bgkit.model.ranking import ScoreResult
    from bgkit.model.sheets import Sheet


@hookimpl(trylast=True)
def bgkit_setup(game: "Game", players: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
    return game.setup(players, random.Random(seed), options)


@hookimpl(trylast=True)
def bgkit_legal_actions(game: "Game", state: "State") -> list["Action"]:
    return state.legal_actions()


@hookimpl(trylast=True)
def bgkit_apply_action(game: "Game", state: "State", action: "Action") -> "State":
    state.apply(action)
    return state


@hookimpl(trylast=True)
def bgkit_score(game: "Game", sheet: "Sheet") -> "ScoreResult":
    result: ScoreResult = game.score_sheet(sheet)
    return result
