"""Hazards (the red travellers): a knight, bandit or dragon takes a player's best card unless
a Garlic Merchant or stones (any colours, one at a time) pay it off; a goat is fought with stones
of different colours or yielded, back into the deck at a random place, at the cost of points (an
upgrade turned back into points when the tokens do not cover it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bridgetroll import rules as _rules
from bgkit_bridgetroll.codes import (
    DEFEND, FIGHT, LOSE, P_GOAT, P_HAZARD, P_PAY, P_SELL, P_THROW, PAY, SELL, THROW, USE_GARLIC, YIELD, Action, Frame,
)
from bgkit_bridgetroll.travellers import FOOD, GARLIC, GOAT, targets

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState


def _strike(state: TrollState, p: int, x: int) -> None:
    effect = state.t.effect[x]
    if effect == GOAT:
        state.pending.push(P_GOAT, x)
        return
    _, found = targets(state.t, effect, state.food[p], state.toll[p])
    if found:
        state.pending.push(P_HAZARD, x)
    else:  # nothing to take: "如果你没有可以放弃的卡片，则你无须弃牌"
        state.discard[x] += 1

def _hazard_steps(state: TrollState, top: Frame) -> list[Action]:
    p = state.actor
    x = top[1]
    value, found = targets(state.t, state.t.effect[x], state.food[p], state.toll[p])
    out: list[Action] = []
    if _rules._holds(state, p, GARLIC) >= 0:
        out.append((USE_GARLIC,))
    out.extend((LOSE, area, y) for area, y in found)
    if sum(state.stones[p]) >= value:
        out.append((DEFEND,))
    return out

def _pay_steps(state: TrollState, top: Frame) -> list[Action]:
    stones = state.stones[state.actor]
    _, still, low, _x = top
    out: list[Action] = []
    later = sum(stones[low:])
    for c in range(low, len(stones)):
        if stones[c] and later >= still:
            out.append((PAY, c))
        later -= stones[c]
    return out

def _throw_steps(state: TrollState, top: Frame) -> list[Action]:
    stones = state.stones[state.actor]
    _, still, low, _x = top
    held = [c for c in range(low, len(stones)) if stones[c]]
    return [(THROW, c) for i, c in enumerate(held) if len(held) - i >= still]

def _goat_steps(state: TrollState, top: Frame) -> list[Action]:
    out: list[Action] = []
    if sum(1 for held in state.stones[state.actor] if held) >= state.t.goat_stones[top[1]]:
        out.append((FIGHT,))
    out.append((YIELD,))
    return out

def _sell_steps(state: TrollState, top: Frame) -> list[Action]:
    return [(SELL, u) for u in sorted(set(state.ups[state.actor]))]

def _garlic(state: TrollState, p: int, action: Action) -> None:
    x = state.pending.pop()[1]
    garlic = _rules._holds(state, p, GARLIC)
    state.hand[p].remove(garlic)
    state.discard[garlic] += 1
    state.discard[x] += 1

def _lose(state: TrollState, p: int, action: Action) -> None:
    x = state.pending.pop()[1]
    (state.food if action[1] == FOOD else state.toll)[p].remove(action[2])
    state.discard[action[2]] += 1
    state.discard[x] += 1

def _defend(state: TrollState, p: int, action: Action) -> None:
    x = state.pending.pop()[1]
    value, _ = targets(state.t, state.t.effect[x], state.food[p], state.toll[p])
    state.pending.push(P_PAY, value, 0, x)

def _pay(state: TrollState, p: int, action: Action) -> None:
    _, still, _, x = state.pending.pop()
    _rules._spend_stone(state, p, action[1])
    if still > 1:
        state.pending.push(P_PAY, still - 1, action[1], x)
    else:
        state.discard[x] += 1

def _fight(state: TrollState, p: int, action: Action) -> None:
    x = state.pending.pop()[1]
    state.pending.push(P_THROW, state.t.goat_stones[x], 0, x)

def _throw(state: TrollState, p: int, action: Action) -> None:
    _, still, _, x = state.pending.pop()
    _rules._spend_stone(state, p, action[1])
    if still > 1:
        state.pending.push(P_THROW, still - 1, action[1] + 1, x)
    else:  # the goat is beaten: its points, and it goes to the discard pile
        state.vp[p] += state.t.goat_reward[x]
        state.discard[x] += 1

def _yield(state: TrollState, p: int, action: Action) -> None:
    x = state.pending.pop()[1]
    state.deck.put(x)  # shuffled back into the deck at a random place
    damage = state.t.goat_damage[x]
    if state.vp[p] >= damage:
        state.vp[p] -= damage
    elif state.ups[p]:
        state.pending.push(P_SELL, x, damage)
    else:
        state.vp[p] = 0

def _sell(state: TrollState, p: int, action: Action) -> None:
    top = state.pending.pop()
    state.ups[p].remove(action[1])
    state.broken.append(action[1])
    state.vp[p] = max(0, state.vp[p] + action[1] - top[2])


#: each frame kind's legal steps (its steps are applied by ``rules.apply_step``)
STEPS = {
    P_HAZARD: _hazard_steps, P_PAY: _pay_steps,
    P_GOAT: _goat_steps, P_THROW: _throw_steps,
    P_SELL: _sell_steps,
}
HANDLERS = {
    USE_GARLIC: _garlic, LOSE: _lose, DEFEND: _defend, PAY: _pay,
    FIGHT: _fight, THROW: _throw, YIELD: _yield, SELL: _sell,
}
