"""What persons do once recruited (RS 4.): which may act now, and their immediate effects
(lightning, worker, infinity A), whose choices become follow-ups. The standing ones (infinity B
and C) are :mod:`bgkit_bruges.effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bruges import plays as _plays
from bgkit_bruges import rules as _rules
from bgkit_bruges.abilities import ANY_COLOUR, Effect
from bgkit_bruges.codes import (
    ACTIVATE, F_CANAL, F_DRAW, F_HOUSE, F_THREAT, F_WCOL, INF_A, SKIP, TCOL, WCOL, WORKER, Act, Frame,
)
from bgkit_bruges.effects import per_amount

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState

#: Effects of "any colour": the player picks the colour of each worker taken or threat returned.
ANY_COLOUR_ASKS = {"workers": F_WCOL, "discard_threat": F_THREAT}


def _activations(state: BrugesState, p: int) -> list[Act]:
    """Persons that may act now (RS 4.(2), 4.(3)A): unused this round, worker paid, effect of use."""
    out: list[Act] = []
    kinds, worker, effect = state.cards.kind, state.cards.worker, state.cards.effect
    used, workers = state.used[p], state.workers[p]
    for h, x in enumerate(state.occupants[p]):
        if x < 0 or used[h]:
            continue
        kind = kinds[x]
        if kind == WORKER:
            if not workers[worker[x]]:
                continue
        elif kind != INF_A:
            continue
        if _applicable(state, p, effect[x]):
            out.append((ACTIVATE, h))
    return out


def _applicable(state: BrugesState, p: int, effect: Effect) -> bool:
    """Whether an immediate effect would do anything now (a person is not activated for nothing)."""
    k = effect.kind
    if k == "reputation":
        return state.reputation[p] < len(state.comp.reputation_points)
    if k == "discard_threat":
        return any(state.threats[p]) if effect.colour == ANY_COLOUR else state.threats[p][effect.colour] > 0
    if k == "draw":
        return bool(state.sizes[0] or state.sizes[1])
    if k == "canal":
        return bool(_plays._canal_sections(state, p, effect.amount, None))
    if k == "house":
        return bool(state.hands[p])
    if k == "income":
        return per_amount(effect, _rules._holdings(state, p), state.cards.colour, state.cards.group) > 0
    return True


def _activate(state: BrugesState, p: int, house: int) -> None:
    card = state.occupants[p][house]
    if state.cards.kind[card] == WORKER:  # RS 4.(2): pay a worker of the icon's colour
        c = state.cards.worker[card]
        state.workers[p][c] -= 1
        state.worker_supply[c] += 1
    state.used[p][house] = True
    _effect(state, p, state.cards.effect[card])


def _effect(state: BrugesState, p: int, effect: Effect) -> None:
    """An immediate effect (lightning, worker, infinity A); choices become follow-ups."""
    k, n = effect.kind, effect.amount
    if effect.colour == ANY_COLOUR and k in ANY_COLOUR_ASKS:
        state.pending.push(ANY_COLOUR_ASKS[k], p, n)
    elif k == "guilders":
        _rules._gain_guilders(state, p, n)
    elif k == "workers":
        _rules._gain_workers(state, p, effect.colour, n)
    elif k == "points":
        state.score[p] += n
    elif k == "reputation":
        _rules._advance(state, p, n)
    elif k == "discard_threat":
        for _ in range(min(n, state.threats[p][effect.colour])):
            _rules._return_threat(state, p, effect.colour, 0)
    elif k == "draw":
        state.pending.push(F_DRAW, p, n)
    elif k == "canal":
        state.pending.push(F_CANAL, p, n)
    elif k == "house":
        state.pending.push(F_HOUSE, p)
    elif k == "income":
        _rules._gain_guilders(state, p, per_amount(effect, _rules._holdings(state, p), state.cards.colour, state.cards.group))
    elif k == "others_lose":
        for q in range(state.num_players):
            if q == p:
                continue
            if effect.resource == "guilders":
                lost = min(n, state.guilders[q])
                state.guilders[q] -= lost
                state.bank += lost
            elif effect.resource == "points":
                state.score[q] = max(0, state.score[q] - n)
            else:
                lost = min(n, state.workers[q][effect.colour])
                state.workers[q][effect.colour] -= lost
                state.worker_supply[effect.colour] += lost
    else:
        raise ValueError(f"not an immediate effect: {k!r}")


def _worker_steps(state: BrugesState, top: Frame) -> list[Act]:
    return [(WCOL, c) for c in range(5)]


def _apply_worker(state: BrugesState, top: Frame, action: Act) -> None:
    _rules._gain_workers(state, top[1], action[1], 1)
    _rules._step_done(state, top)


def _threat_steps(state: BrugesState, top: Frame) -> list[Act]:
    threats = state.threats[top[1]]
    return [(TCOL, c) for c in range(5) if threats[c]] + [(SKIP,)]


def _apply_threat(state: BrugesState, top: Frame, action: Act) -> None:
    if action[0] == SKIP:
        state.pending.pop()
    else:
        _rules._return_threat(state, top[1], action[1], 0)
        _rules._step_done(state, top)
