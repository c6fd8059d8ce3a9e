"""Phase 3's card plays (RS 2.(3) A-F): what each card of the hand may do, and doing it (workers,
guilders, a threat returned, a canal, a house, a person hired). The hottest loop of the game is here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bruges import persons as _persons
from bgkit_bruges import rules as _rules
from bgkit_bruges.codes import (
    A_CANAL,
    A_GUILDERS,
    A_HIRE,
    A_THREAT,
    A_WORKERS,
    BUILD,
    ECANAL,
    F_PICK,
    INF_B,
    INF_C,
    LIGHTNING,
    PICK,
    PLAY,
    SKIP,
    Act,
    Frame,
)

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState


def _plays(state: BrugesState, p: int, out: list[Act]) -> None:
    """Every card of the hand for every action it may take (RS 2.(3) A-F). The hottest loop of
    the game: what does not depend on the card is worked out once."""
    cards = state.cards
    colour, price = cards.colour, cards.price
    mods = state.mods[p]
    threats, workers, money = state.threats[p], state.workers[p], state.guilders[p]
    occupants, houses = state.occupants[p], state.houses[p]
    empty = []
    if -1 in occupants:  # one empty house of each colour: the others are the same choice
        seen = 0
        for h, x in enumerate(occupants):
            if x < 0:
                c = colour[houses[h]]
                if not seen >> c & 1:
                    seen |= 1 << c
                    empty.append(h)
    built, spaces, costs = state.canals[p], state.canal_colours[p], state.comp.canal_costs
    left = (spaces[0][built[0]], costs[built[0]]) if built[0] < 5 else None
    right = (spaces[1][built[1]], costs[built[1]]) if built[1] < 5 else None
    canal_any, canal_less, house_less, person_less = mods.canal_any, mods.canal, mods.house, mods.person
    houses_offered = 0  # a house shows only the card's colour: its face is chosen privately (F_PICK)
    for x in state.hands[p]:
        k = colour[x]
        out.append((PLAY, x, A_WORKERS, 0))
        out.append((PLAY, x, A_GUILDERS, 0))
        if threats[k]:
            out.append((PLAY, x, A_THREAT, 0))
        if left is not None and (left[0] == k or canal_any[k]) and money >= left[1] - canal_less[k]:
            out.append((PLAY, x, A_CANAL, 0))
        if right is not None and (right[0] == k or canal_any[k]) and money >= right[1] - canal_less[k]:
            out.append((PLAY, x, A_CANAL, 1))
        if not houses_offered >> k & 1 and workers[k] >= 1 - house_less[k]:
            houses_offered |= 1 << k
            out.append((BUILD, k))
        if empty and money >= price[x] - person_less[k]:
            for h in empty:
                out.append((PLAY, x, A_HIRE, h))


def _canal_sections(state: BrugesState, p: int, discount: int, card_colour: int | None) -> list[int]:
    """Sections whose next space a card of ``card_colour`` (None: any, as an ability builds) may
    take, paying the space's cost less ``discount``."""
    out = []
    costs = state.comp.canal_costs
    built = state.canals[p]
    for s in (0, 1):
        k = built[s]
        if k >= 5:
            continue
        if card_colour is not None and state.canal_colours[p][s][k] != card_colour \
                and not state.mods[p].canal_any[card_colour]:
            continue
        if state.guilders[p] >= max(0, costs[k] - discount):
            out.append(s)
    return out


def _play(state: BrugesState, p: int, card: int, what: int, arg: int) -> None:
    """Play one card of the hand for one of the six actions (RS 2.(3))."""
    state.hands[p].remove(card)
    state.plays[p] += 1
    state.played = True
    k = state.cards.colour[card]
    mods = state.mods[p]
    if what == A_WORKERS:
        state.discard.append(card)
        _rules._gain_workers(state, p, k, 2 + mods.workers[k])
    elif what == A_GUILDERS:
        state.discard.append(card)
        _rules._gain_guilders(state, p, state.dice[k] + mods.guilders[k])
    elif what == A_THREAT:
        state.discard.append(card)
        _rules._return_threat(state, p, k, mods.threat[k])
    elif what == A_CANAL:
        state.discard.append(card)
        _build_canal(state, p, arg, mods.canal[k])
    else:
        _recruit(state, p, card, arg)


def _lay_house(state: BrugesState, p: int, card: int, workers: int) -> None:
    state.hands[p].remove(card)
    _build_house(state, p, card, workers)


def _build_canal(state: BrugesState, p: int, section: int, discount: int) -> None:
    built = state.canals[p]
    k = built[section]
    _rules._pay(state, p, max(0, state.comp.canal_costs[k] - discount))
    built[section] = k + 1
    if k + 1 == 5 and _earns_statue(state, p, section) and state.statues:
        state.won[p].append(state.statues.pop(0))
    _rules._trigger(state, p, "canal")


def _earns_statue(state: BrugesState, p: int, section: int) -> bool:
    """Whether finishing ``section`` earns ``p`` a statue, by the ``statues`` option: each
    section once, at most 2 (reading: the rule book's, the default), or once when all 10 canal
    tokens stand (the rule summary's L127). A statue is never earned again for a section rebuilt
    after a fire (RS 3.(1))."""
    done = state.statue_done[p]
    if state.statue_rule == "sections":
        if done[section]:
            return False
        done[section] = True
        return True
    if any(done) or not all(built == 5 for built in state.canals[p]):
        return False
    done[:] = [True] * len(done)
    return True


def _build_house(state: BrugesState, p: int, card: int, workers: int) -> None:
    k = state.cards.colour[card]
    state.workers[p][k] -= workers
    state.worker_supply[k] += workers
    state.houses[p].append(card)
    state.occupants[p].append(-1)
    state.used[p].append(False)
    _rules._trigger(state, p, "house")


def _recruit(state: BrugesState, p: int, card: int, house: int) -> None:
    k = state.cards.colour[card]
    _rules._pay(state, p, max(0, state.cards.price[card] - state.mods[p].person[k]))
    _rules._trigger(state, p, "recruit")  # the persons already there (this one is not yet)
    state.occupants[p][house] = card
    state.used[p][house] = False
    kind = state.cards.kind[card]
    if kind in (INF_B, INF_C):
        state.mods[p] = state._mods_of(p)
    elif kind == LIGHTNING:  # RS 4.(1): at once, once
        effect = state.cards.effect[card]
        if _persons._applicable(state, p, effect):
            _persons._effect(state, p, effect)


def _canal_steps(state: BrugesState, top: Frame) -> list[Act]:
    return [(ECANAL, s) for s in _canal_sections(state, top[1], top[2], None)] + [(SKIP,)]


def _apply_canal(state: BrugesState, top: Frame, action: Act) -> None:
    state.pending.pop()
    if action[0] == ECANAL:
        _build_canal(state, top[1], action[1], top[2])


def _house_steps(state: BrugesState, top: Frame) -> list[Act]:
    colour = state.cards.colour
    return [(BUILD, c) for c in sorted({colour[x] for x in state.hands[top[1]]})] + [(SKIP,)]


def _apply_house(state: BrugesState, top: Frame, action: Act) -> None:
    state.pending.pop()
    if action[0] == BUILD:
        state.pending.push(F_PICK, top[1], action[1], 0)


def _pick_steps(state: BrugesState, top: Frame) -> list[Act]:
    colour = state.cards.colour
    return [(PICK, x) for x in sorted(state.hands[top[1]]) if colour[x] == top[2]]


def _apply_pick(state: BrugesState, top: Frame, action: Act) -> None:
    state.pending.pop()
    _lay_house(state, top[1], action[1], top[3])
