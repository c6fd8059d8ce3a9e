"""The bidding round on the table (a rule topic of ``rules``): the sealed bids made, revealed and
turned into trophies; what a bid is and how trophies are ordered is :mod:`bgkit_bridgetroll.bids`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import clockwise

from bgkit_bridgetroll import rules as _rules
from bgkit_bridgetroll.bids import BID, BIDMIX, CLOSE, amount, trophy_order
from bgkit_bridgetroll.codes import S_BID, S_PICK, THEN_REDRAW, Action
from bgkit_bridgetroll.travellers import JESTER

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState


def _begin_bids(state: TrollState) -> None:
    state.stage = S_BID
    state.seq = clockwise(state.num_players, state.start)
    state.turn = 0
    state.bids = [None] * state.num_players

def _bid(state: TrollState, p: int, action: Action) -> None:
    state.bids[state.cur] = action
    state.turn += 1
    if state.turn == state.num_players:
        _reveal(state)

def _reveal(state: TrollState) -> None:
    """Every bid is in: the stones go onto the bridges; a mixed bid plays its Jester
    ("使用不同颜色的石头进行出价后，你必须打出小丑卡": to the food side, as a used special)."""
    for p in state.seq:
        bid = state.bids[p]
        assert bid is not None  # every bid is in
        if bid[0] == BID:
            state.stones[p][bid[1]] -= bid[2]
            state.bridge[p][bid[1]] += bid[2]
        elif bid[0] == BIDMIX:
            for c, n in enumerate(bid[1]):
                state.stones[p][c] -= n
                state.bridge[p][c] += n
            jester = _rules._holds(state, p, JESTER)
            state.hand[p].remove(jester)
            state.food[p].append(jester)
    _after_reveal(state)

def _after_reveal(state: TrollState) -> None:
    n = state.num_players
    amounts = [amount(b) for b in state.bids]
    if not any(amounts):  # every bridge closed: 3 stones each, a new row, bid again
        _rules._begin_gifts(state, clockwise(n, state.start), 3, THEN_REDRAW)
        return
    left = [sum(s) for s in state.stones]
    state.order = trophy_order(amounts, left, state.start)
    state.closed = [p for p in clockwise(n, state.start) if not amounts[p]]
    state.vp[state.order[0]] += state.t.trophy_bonus
    state.stage = S_PICK
    state.turn = 0


HANDLERS = {CLOSE: _bid, BID: _bid, BIDMIX: _bid}
