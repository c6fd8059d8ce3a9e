"""Exchanging in a city: "exchange CITY" sends a worker there, then one trade at a time (each at
most once), each resource or card it asks for picked one by one, then "done" (or "go" to the
other city, another worker)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bretagne import rules as _rules
from bgkit_bretagne.codes import (
    B_BUY_RES, B_ENGINEER, B_PAIR, B_SELL_RES, DONE, F_EXCHANGE, F_PICK, GO, L_BUY_EQ, L_BUY_RES, L_CARD_RES,
    L_SELL_EQ, L_WORKER, M_CARD_RES, M_MARKET, M_SELL_CARD, M_SELL_RES, M_SUPPLY, PICK, TRADE, TRADE_CITY, Action, Frame,
)

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState


def _start_exchange(state: BretagneState, p: int, city: int) -> None:
    """A worker goes to ``city``; its trades are then chosen one at a time."""
    state.work[p] -= 1
    state.city[p] += 1
    state.pending.push(F_EXCHANGE, city, 0, 1 << city)


def _city_open(state: BretagneState, p: int, city: int) -> bool:
    """Whether at least one trade of ``city`` can be made (what an exchange there needs); the
    same conditions as :func:`_trade_ok`, cheapest first."""
    trades = state.comp.trades
    francs, cards = state.francs[p], len(state.hands[p])
    if city == 1:
        return ((francs >= trades[B_ENGINEER].pay and state.singles > 0)
                or (francs >= trades[B_PAIR].pay and state.pairs > 0)
                or sum(state.res[p]) >= trades[B_SELL_RES].pay
                or (francs >= trades[B_BUY_RES].pay and sum(state.market) >= trades[B_BUY_RES].get))
    if cards >= trades[L_SELL_EQ].pay:
        return True
    if francs >= trades[L_WORKER].pay and state.reserve[p] > 0:
        return True
    if francs >= trades[L_BUY_EQ].pay and (state.deck or state.discard):
        return True
    supply = sum(state.sup_res)
    return ((francs >= trades[L_BUY_RES].pay and supply >= trades[L_BUY_RES].get)
            or (cards >= trades[L_CARD_RES].pay and supply >= trades[L_CARD_RES].get))


def _trade_ok(state: BretagneState, p: int, item: int) -> bool:
    trade = state.comp.trades[item]
    if item in (L_BUY_RES, L_WORKER, B_ENGINEER, B_BUY_RES, B_PAIR, L_BUY_EQ) and state.francs[p] < trade.pay:
        return False
    if item == L_BUY_RES:
        return sum(state.sup_res) >= trade.get
    if item == L_BUY_EQ:
        return bool(state.deck) or bool(state.discard)
    if item == L_SELL_EQ:
        return len(state.hands[p]) >= trade.pay
    if item == L_WORKER:
        return state.reserve[p] > 0
    if item == L_CARD_RES:
        return len(state.hands[p]) >= trade.pay and sum(state.sup_res) >= trade.get
    if item == B_ENGINEER:
        return state.singles > 0
    if item == B_BUY_RES:
        return sum(state.market) >= trade.get
    if item == B_SELL_RES:
        return sum(state.res[p]) >= trade.pay
    return state.pairs > 0


def _exchange_steps(state: BretagneState, frame: Frame) -> list[Action]:
    p = state.actor
    _, city, used, visited = frame
    out: list[Action] = [(TRADE, item) for item in range(9)
           if TRADE_CITY[item] == city and not used >> item & 1 and _trade_ok(state, p, item)]
    other = 1 - city
    if not visited >> other & 1 and state.work[p] >= 1:
        out.append((GO, other))
    out.append((DONE,))
    return out


def _apply_exchange(state: BretagneState, frame: Frame, action: Action) -> None:
    p, code = state.actor, action[0]
    if code == TRADE:
        _trade(state, p, action[1])
    elif code == GO:
        _, city, used, visited = state.pending.pop()
        state.work[p] -= 1
        state.city[p] += 1
        state.pending.push(F_EXCHANGE, action[1], used, visited | 1 << action[1])
    else:
        state.pending.pop()
        _rules._end_action(state)


def _trade(state: BretagneState, p: int, item: int) -> None:
    _, city, used, visited = state.pending.pop()
    state.pending.push(F_EXCHANGE, city, used | 1 << item, visited)
    trade = state.comp.trades[item]
    if item == L_BUY_RES:
        _rules._pay_francs(state, p, trade.pay)
        state.pending.push(F_PICK, M_SUPPLY, item, trade.get)
    elif item == L_BUY_EQ:
        _rules._pay_francs(state, p, trade.pay)
        _rules._gain(state, p, "equipment", trade.get)
    elif item == L_SELL_EQ:
        state.pending.push(F_PICK, M_SELL_CARD, item, trade.pay)
    elif item == L_WORKER:
        _rules._pay_francs(state, p, trade.pay)
        _rules._gain(state, p, "workers", trade.get)
    elif item == L_CARD_RES:
        state.pending.push(F_PICK, M_CARD_RES, item, trade.pay)
    elif item == B_ENGINEER:
        _rules._pay_francs(state, p, trade.pay)
        state.singles -= 1
        state.eng[p] += 1
    elif item == B_BUY_RES:
        _rules._pay_francs(state, p, trade.pay)
        state.pending.push(F_PICK, M_MARKET, item, trade.get)
    elif item == B_SELL_RES:
        state.pending.push(F_PICK, M_SELL_RES, item, trade.pay)
    else:
        _rules._pay_francs(state, p, trade.pay)
        state.pairs -= 1
        state.eng[p] += 2


def _pick_steps(state: BretagneState, frame: Frame) -> list[Action]:
    mode = frame[1]
    if mode == M_SUPPLY:
        return [(PICK, r) for r, q in enumerate(state.sup_res) if q]
    if mode == M_MARKET:
        return [(PICK, r) for r, q in enumerate(state.market) if q]
    if mode == M_SELL_RES:
        return [(PICK, r) for r, q in enumerate(state.res[state.actor]) if q]
    return [(PICK, k) for k, c in enumerate(state.hands[state.actor].counts) if c]


def _apply_pick(state: BretagneState, frame: Frame, action: Action) -> None:
    _pick(state, state.actor, action[1])


def _pick(state: BretagneState, p: int, value: int) -> None:
    _, mode, item, left = state.pending.pop()
    trade = state.comp.trades[item]
    if mode == M_SUPPLY:
        state.sup_res[value] -= 1
        state.res[p][value] += 1
    elif mode == M_MARKET:
        state.market[value] -= 1
        state.res[p][value] += 1
    elif mode == M_SELL_RES:
        state.res[p][value] -= 1
        state.sup_res[value] += 1
    else:
        state.hands[p].draw(value)
        state.discard.put(value)
    left -= 1
    if left and _pick_possible(state, p, mode):
        state.pending.push(F_PICK, mode, item, left)
        return
    if mode == M_SELL_CARD:
        _rules._gain_francs(state, p, trade.get)
    elif mode == M_SELL_RES:
        _rules._gain_francs(state, p, trade.get)
    elif mode == M_CARD_RES:
        _rules._gain_francs(state, p, trade.francs)
        state.pending.push(F_PICK, M_SUPPLY, item, trade.get)


def _pick_possible(state: BretagneState, p: int, mode: int) -> bool:
    if mode == M_SUPPLY:
        return any(state.sup_res)
    if mode == M_MARKET:
        return any(state.market)
    if mode == M_SELL_RES:
        return any(state.res[p])
    return bool(state.hands[p])


#: The frames of this topic: their steps and their effect (the core runner dispatches on them).
FRAME_RULES = {
    F_EXCHANGE: (_exchange_steps, _apply_exchange),
    F_PICK: (_pick_steps, _apply_pick),
}
