"""What a seat may see: its view, a determinisation for it, the public text of a sealed choice
(the observer's functions of the state; the drawing is ``render``'s)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bgkit.api import State

from bgkit_burgundy.codes import S_CASTLES, Action

if TYPE_CHECKING:
    from bgkit_burgundy.state import BurgundyState


def view(state: BurgundyState, player: int) -> dict[str, Any]:
    """Everything on the table; the goods piles of later phases are face down (only their count
    shows), and with boards=random-secret the others' start spaces until all have chosen (-2: chosen)."""
    data = state.to_dict()
    del data["future"], data["aside"]
    data["future_piles"] = len(state.future)
    if state.secret is not None:
        data["castles"] = [c if q == player or c < 0 else -2 for q, c in enumerate(state.secret)]
    return data


def is_sealed(state: BurgundyState) -> bool:
    """boards=random-secret: the start spaces are chosen at once, each hidden until all have chosen."""
    return state.secret is not None and state.stage == S_CASTLES


def public_text(state: BurgundyState, action: Action) -> str:
    if state.is_sealed():
        return f"P{state.cur + 1} chooses a start space"
    return State.public_text(state, action)


def determinize(state: BurgundyState, player: int, rng: random.Random) -> BurgundyState:
    """Reshuffle the face-down goods (later phases' piles and the goods set aside), pooled in
    goods order so that the sample depends on what the player sees alone."""
    other = state.clone()
    pool = sorted(g for pile in state.future for g in pile)
    pool += [t + 1 for t in range(6) for _ in range(state.aside[t])]
    pool.sort()
    rng.shuffle(pool)
    for i in range(len(other.future)):
        other.future[i] = pool[i * 5 : i * 5 + 5]
    rest = pool[len(other.future) * 5 :]
    other.aside = [rest.count(t) for t in range(1, 7)]
    # the others' hidden start spaces: any of their castle spaces (the clone holds them too)
    if state.secret is not None and other.secret is not None:
        for q, space in enumerate(state.secret):
            if space >= 0 and q != player:
                other.secret[q] = rng.choice(state.boards[q].castle_spaces)
    return other

