"""Phase 2 (RS 2.(2), 3.): the dice hand out threats, a third threat of a colour is a disaster, and
the dice showing 1-2 offer a step up the reputation track.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bruges import rules as _rules
from bgkit_bruges.codes import (
    BLUE,
    BROWN,
    BURN_CANAL,
    BURN_HOUSE,
    D_DISASTERS,
    D_REPUTATION,
    D_ROLL,
    F_FIRE,
    F_ORDER,
    F_PLAGUE,
    F_REP,
    ORDER,
    P_DICE,
    PASS,
    PLAGUE,
    Q_DIE,
    RED,
    REP,
    YELLOW,
    Act,
    Frame,
)

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState


def _start_dice(state: BrugesState) -> None:
    state.phase, state.stage, state.turn = P_DICE, D_ROLL, 0
    state.dice = [0] * 5
    for colour in range(5):
        state.chance.append((Q_DIE, colour))


def _dice_step(state: BrugesState) -> int | None:
    if state.stage == D_ROLL:
        _hand_out_threats(state)
        state.stage = D_DISASTERS
    if state.stage == D_DISASTERS:
        for p in state.order:
            pending = state.disasters[p]
            if not pending:
                continue
            if len(set(pending)) > 1:  # RS 3.: several at once, in the order their owner chooses
                state.pending.push(F_ORDER, p)
                return None
            _disaster(state, p, pending.pop(0))
            return None
        state.stage, state.turn = D_REPUTATION, 0
    n = state.num_players
    if any(0 < v <= 2 for v in state.dice):
        while state.turn < n:
            p = state.order[state.turn]
            cost = _reputation_cost(state, p)
            if state.reputation[p] < len(state.comp.reputation_points) and state.guilders[p] >= cost:
                state.pending.push(F_REP, p, cost)
                return None
            state.turn += 1
    _rules._start_actions(state)
    return None


def _reputation_cost(state: BrugesState, p: int) -> int:
    return max(0, sum(v for v in state.dice if v <= 2) - state.mods[p].reputation_cost)


def _hand_out_threats(state: BrugesState) -> None:
    """Each die showing 5 or 6 gives every player a threat of its colour (RS 2.(2)), die by die
    from the left of the board (lowest first; reading: colour order among equal dice), players
    from the start player; a player the supply cannot serve gets one once a disaster returns some."""
    highs = sorted((v, c) for c, v in enumerate(state.dice) if v >= 5)
    for _, colour in highs:
        for p in state.order:
            _give_threat(state, p, colour)


def _give_threat(state: BrugesState, p: int, colour: int) -> None:
    if state.threat_supply[colour] <= 0:
        state.owed.append((colour, p))
        return
    state.threat_supply[colour] -= 1
    state.threats[p][colour] += 1
    if state.threats[p][colour] == 3:
        state.disasters[p].append(colour)


def _disaster(state: BrugesState, p: int, colour: int) -> None:
    """The third threat of a colour (RS 3.): its disaster, then the three markers go back."""
    if not state.mods[p].protect[colour]:
        if colour == RED:
            options = _fire_options(state, p)
            if len(options) > 1:
                state.pending.push(F_FIRE, p)
                return
            if options:
                _burn(state, p, options[0])
        elif colour == YELLOW:
            state.bank += state.guilders[p]
            state.guilders[p] = 0
        elif colour == BLUE:
            for c in range(5):
                state.worker_supply[c] += state.workers[p][c]
                state.workers[p][c] = 0
        elif colour == BROWN:
            persons = [h for h, x in enumerate(state.occupants[p]) if x >= 0]
            if len(persons) > 1:
                state.pending.push(F_PLAGUE, p)
                return
            if persons:
                _plague(state, p, persons[0])
        else:
            state.score[p] = max(0, state.score[p] - 3)
    _disaster_done(state, p, colour)


def _disaster_done(state: BrugesState, p: int, colour: int) -> None:
    state.threats[p][colour] -= 3
    state.threat_supply[colour] += 3
    owed, state.owed = state.owed, []
    for c, q in owed:
        _give_threat(state, q, c)


def _fire_options(state: BrugesState, p: int) -> list[Act]:
    """A house (one per colour and occupant: the same choice otherwise) or a section's last canal token."""
    out: list[Act] = []
    seen = set()
    colour = state.cards.colour
    for h, card in enumerate(state.houses[p]):
        key = (colour[card], state.occupants[p][h])
        if key not in seen:
            seen.add(key)
            out.append((BURN_HOUSE, h))
    for s in (0, 1):
        if state.canals[p][s]:
            out.append((BURN_CANAL, s))
    return out


def _burn(state: BrugesState, p: int, action: Act) -> None:
    if action[0] == BURN_HOUSE:
        h = action[1]
        person = state.occupants[p][h]
        state.discard.append(state.houses[p].pop(h))
        del state.occupants[p][h], state.used[p][h]
        if person >= 0:  # RS 3.(1): the person on it goes back to the hand
            state.hands[p].append(person)
            state.mods[p] = state._mods_of(p)
    else:  # the end of the section (no gaps); a statue earned is kept, not earned again (RS 3.(1))
        state.canals[p][action[1]] -= 1


def _plague(state: BrugesState, p: int, h: int) -> None:
    """RS 3.(4): a person goes to the discard pile; reading: its house stays, empty."""
    state.discard.append(state.occupants[p][h])
    state.occupants[p][h] = -1
    state.used[p][h] = False
    state.mods[p] = state._mods_of(p)


def _rep_steps(state: BrugesState, top: Frame) -> list[Act]:
    return [(REP, top[2]), (PASS,)]


def _apply_rep(state: BrugesState, top: Frame, action: Act) -> None:
    p = top[1]
    state.pending.pop()
    state.turn += 1
    if action[0] == REP:  # RS 2.(2): pay the sum of the dice showing 1-2, one step up
        _rules._pay(state, p, action[1])
        _rules._advance(state, p, 1)


def _order_steps(state: BrugesState, top: Frame) -> list[Act]:
    return [(ORDER, c) for c in sorted(set(state.disasters[top[1]]))]


def _apply_order(state: BrugesState, top: Frame, action: Act) -> None:
    p = top[1]
    state.pending.pop()
    state.disasters[p].remove(action[1])
    _disaster(state, p, action[1])


def _fire_steps(state: BrugesState, top: Frame) -> list[Act]:
    return _fire_options(state, top[1])


def _apply_fire(state: BrugesState, top: Frame, action: Act) -> None:
    p = top[1]
    state.pending.pop()
    _burn(state, p, action)
    _disaster_done(state, p, RED)


def _plague_steps(state: BrugesState, top: Frame) -> list[Act]:
    return [(PLAGUE, h) for h, x in enumerate(state.occupants[top[1]]) if x >= 0]


def _apply_plague(state: BrugesState, top: Frame, action: Act) -> None:
    p = top[1]
    state.pending.pop()
    _plague(state, p, action[1])
    _disaster_done(state, p, BROWN)
