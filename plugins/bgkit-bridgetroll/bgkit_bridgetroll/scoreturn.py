"""A player's scoring turn ("得分/升级"): cards spent one at a time from either side of the bridge,
a closed bridge's stones added to the smaller side, converted into points (``roundscore``), the top
upgrade bought, specials eaten or a royal ransomed by a Royal Messenger; ``end`` closes the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bridgetroll import rules as _rules
from bgkit_bridgetroll.codes import BOOST, BUY, CONVERT, EAT, END, P_SCORE, PLAY_MINER, SEND, SPEND, Action, Frame
from bgkit_bridgetroll.roundscore import convert
from bgkit_bridgetroll.travellers import FOOD, MESSENGER, MINER, ROYAL, TOLL

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState


def _score_steps(state: TrollState, top: Frame) -> list[Action]:
    p = state.actor
    _, sel_food, sel_toll, boost, converted, bought = top
    t = state.t
    out: list[Action] = []
    if not converted:
        for area, cards, chosen in ((FOOD, state.food[p], sel_food), (TOLL, state.toll[p], sel_toll)):
            for x in sorted(set(cards)):
                if cards.count(x) > chosen.count(x):
                    out.append((SPEND, area, x))
        if sel_food or sel_toll:
            if p in state.closed:
                gap = abs(sum(t.food[x] for x in sel_food) - sum(t.toll[x] for x in sel_toll))
                if len(boost) + 1 <= 2 * gap:
                    stones = state.stones[p]
                    for c in range(boost[-1] if boost else 0, len(stones)):
                        if stones[c] > boost.count(c):
                            out.append((BOOST, c))
            out.append((CONVERT,))
    if not bought and state.pile and not sel_food and not sel_toll and state.vp[p] >= state.comp.upgrade_costs[state.pile[0]]:
        out.append((BUY,))
    hand = state.hand[p]
    if hand:
        if _rules._holds(state, p, MINER) >= 0 and any(state.pool):
            out.append((PLAY_MINER,))
        if _rules._holds(state, p, MESSENGER) >= 0:
            food = state.food[p]
            for x in sorted(set(food)):
                if t.kind[x] == ROYAL and food.count(x) > sel_food.count(x):
                    out.append((SEND, x))
        out.extend((EAT, x) for x in sorted(set(hand)))  # eaten without using its power
    out.append((END,))
    return out

def _spend(state: TrollState, p: int, action: Action) -> None:
    _, sel_food, sel_toll, boost, converted, bought = state.pending.pop()
    if action[1] == FOOD:
        sel_food = tuple(sorted(sel_food + (action[2],)))
    else:
        sel_toll = tuple(sorted(sel_toll + (action[2],)))
    state.pending.push(P_SCORE, sel_food, sel_toll, boost, converted, bought)

def _boost(state: TrollState, p: int, action: Action) -> None:
    _, sel_food, sel_toll, boost, converted, bought = state.pending.pop()
    state.pending.push(P_SCORE, sel_food, sel_toll, boost + (action[1],), converted, bought)

def _convert_now(state: TrollState, p: int, action: Action) -> None:
    top = state.pending.pop()
    _convert(state, p, top)
    state.pending.push(P_SCORE, (), (), (), True, top[5])

def _buy(state: TrollState, p: int, action: Action) -> None:
    top = state.pending.pop()
    value = state.pile.pop(0)
    state.vp[p] -= state.comp.upgrade_costs[value]
    state.ups[p].append(value)
    state.pending.push(P_SCORE, *top[1:5], True)

def _send(state: TrollState, p: int, action: Action) -> None:
    messenger = _rules._holds(state, p, MESSENGER)
    state.hand[p].remove(messenger)
    state.food[p].remove(action[1])
    state.toll[p].append(action[1])  # ransom: it counts its toll side now
    state.food[p].append(messenger)

def _eat(state: TrollState, p: int, action: Action) -> None:
    state.hand[p].remove(action[1])
    state.food[p].append(action[1])

def _end(state: TrollState, p: int, action: Action) -> None:
    top = state.pending.pop()
    if top[1] or top[2]:
        _convert(state, p, top)

def _convert(state: TrollState, p: int, top: Frame) -> None:
    """Spend the chosen cards: points = the smaller side (a closed bridge's stones 2:1 onto it),
    plus the "+N" of every card spent; the cards go to the discard pile."""
    _, sel_food, sel_toll, boost, _, _ = top
    t = state.t
    result = convert(
        gold=sum(t.toll[x] for x in sel_toll),
        food=sum(t.food[x] for x in sel_food),
        stones=len(boost),
        closed=p in state.closed,
    )
    state.vp[p] += result.points + sum(t.bonus[x] for x in sel_food) + sum(t.bonus[x] for x in sel_toll)
    for area, chosen in ((state.food[p], sel_food), (state.toll[p], sel_toll)):
        for x in chosen:
            area.remove(x)
            state.discard[x] += 1
    for colour in boost[: result.stones_used]:
        _rules._spend_stone(state, p, colour)


#: each frame kind's legal steps (its steps are applied by ``rules.apply_step``)
STEPS = {P_SCORE: _score_steps}
HANDLERS = {
    SPEND: _spend, BOOST: _boost, CONVERT: _convert_now, BUY: _buy,
    SEND: _send, EAT: _eat, END: _end,
}
