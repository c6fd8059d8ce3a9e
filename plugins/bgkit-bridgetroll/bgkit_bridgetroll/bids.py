"""Sealed bids and the trophies they win ("竞拍" A and B).

Every player secretly bids stones of one colour (any colour; 0 closes the bridge); a player
holding a Jester may bid stones of different colours and must then play it (特别的旅行者卡片 小丑).
A bid is one sealed choice per player, stones in the fist as at the table: ``bid 3 red``,
``close``, or with a Jester ``bid 2 red + 1 green``. The colours of a mixed bid are part of the
sealed choice: they are chosen before the reveal, never after seeing the others' bids.

Trophies go by bid, highest first; equal bids: fewer stones left under the board first, then
clockwise from the start player (竞拍 B "出价相同").
"""

from __future__ import annotations

from itertools import product

from bgkit.api import clockwise

from bgkit_bridgetroll.codes import S_BID, S_PICK, THEN_REDRAW
from bgkit_bridgetroll.travellers import JESTER

CLOSE, BID, BIDMIX = 10, 11, 12


def bid_options(stones: list[int], jester: bool) -> list[tuple]:
    """Every sealed bid a player with ``stones`` (per colour) may make: close, ``(BID, colour, n)``
    for each colour held, and with a Jester ``(BIDMIX, mix)`` for each :func:`mixes`."""
    out: list[tuple] = [(CLOSE,)]
    for c, held in enumerate(stones):
        for n in range(1, held + 1):
            out.append((BID, c, n))
    if jester:
        out.extend((BIDMIX, mix) for mix in mixes(stones))
    return out


def mixes(stones: list[int]) -> list[tuple[int, ...]]:
    """Every fist of stones of two colours or more a player holding ``stones`` can bid: how many of
    each colour, fewest stones first (then in colour order)."""
    every = (mix for mix in product(*(range(held + 1) for held in stones)) if sum(1 for n in mix if n) >= 2)
    return sorted(every, key=sum)


def amount(bid: tuple | None) -> int:
    """The number of stones a bid puts on the bridge (0: closed, or no bid yet)."""
    if bid is None or bid[0] == CLOSE:
        return 0
    return bid[2] if bid[0] == BID else sum(bid[1])


def trophy_order(amounts: list[int], left: list[int], start: int) -> list[int]:
    """The open players (amount > 0) in trophy order: highest bid first; equal bids, fewer stones
    ``left`` under the board first, then clockwise from the ``start`` player (who comes first)."""
    n = len(amounts)
    open_players = [p for p in range(n) if amounts[p] > 0]
    return sorted(open_players, key=lambda p: (-amounts[p], left[p], (p - start) % n))


class Bidding:
    """The sealed stage and its reveal (a mixin of ``TrollState``)."""

    def _begin_bids(self) -> None:
        self.stage = S_BID
        self.seq = clockwise(self.num_players, self.start)
        self.turn = 0
        self.bids = [None] * self.num_players

    def _bid(self, p: int, action) -> None:
        self.bids[self.cur] = action
        self.turn += 1
        if self.turn == self.num_players:
            self._reveal()

    def _reveal(self) -> None:
        """Every bid is in: the stones go onto the bridges; a mixed bid plays its Jester
        ("使用不同颜色的石头进行出价后，你必须打出小丑卡": to the food side, as a used special)."""
        for p in self.seq:
            bid = self.bids[p]
            if bid[0] == BID:
                self.stones[p][bid[1]] -= bid[2]
                self.bridge[p][bid[1]] += bid[2]
            elif bid[0] == BIDMIX:
                for c, n in enumerate(bid[1]):
                    self.stones[p][c] -= n
                    self.bridge[p][c] += n
                jester = self._holds(p, JESTER)
                self.hand[p].remove(jester)
                self.food[p].append(jester)
        self._after_reveal()

    def _after_reveal(self) -> None:
        n = self.num_players
        amounts = [amount(b) for b in self.bids]
        if not any(amounts):  # every bridge closed: 3 stones each, a new row, bid again
            self._begin_gifts(clockwise(n, self.start), 3, THEN_REDRAW)
            return
        left = [sum(s) for s in self.stones]
        self.order = trophy_order(amounts, left, self.start)
        self.closed = [p for p in clockwise(n, self.start) if not amounts[p]]
        self.vp[self.order[0]] += self.t.trophy_bonus
        self.stage = S_PICK
        self.turn = 0


HANDLERS = {CLOSE: Bidding._bid, BID: Bidding._bid, BIDMIX: Bidding._bid}
