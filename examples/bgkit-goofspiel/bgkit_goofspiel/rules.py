"""Goofspiel's rules, the forward model: who bids, what may be bid, a prize turned up, a bid made."""

from __future__ import annotations

from bgkit.api import CHANCE, TERMINAL
from bgkit_goofspiel.state import GoofState


def current_player(state: GoofState) -> int:
    if state.prize is None:
        return CHANCE if state.prizes else TERMINAL
    return state.bids.index(None)


def is_sealed(state: GoofState) -> bool:
    return state.prize is not None


def legal_actions(state: GoofState) -> list[int]:
    return list(state.hands[state.current_player()])


def chance_outcomes(state: GoofState) -> list[tuple[int, float]]:
    p = 1.0 / len(state.prizes)
    return [(card, p) for card in state.prizes]


def apply(state: GoofState, action: int) -> None:
    if state.prize is None:
        state.prizes.remove(action)
        state.prize = action
        return
    player = state.bids.index(None)
    state.hands[player].remove(action)
    state.bids[player] = action
    if None not in state.bids:
        _resolve(state)


def _resolve(state: GoofState) -> None:
    bids: list[int] = state.bids  # type: ignore[assignment]  # every bid is in
    best = max(bids)
    if bids.count(best) == 1:
        state.won[bids.index(best)].append(state.prize)  # type: ignore[arg-type]  # a prize is up
    state.prize = None
    state.bids = [None] * state.num_players


def scores(state: GoofState) -> list[float]:
    return [float(sum(w)) for w in state.won]
