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

from bgkit_bridgetroll.codes import Action


CLOSE, BID, BIDMIX = 10, 11, 12


def bid_options(stones: list[int], jester: bool) -> list[Action]:
    """Every sealed bid a player with ``stones`` (per colour) may make: close, ``(BID, colour, n)``
    for each colour held, and with a Jester ``(BIDMIX, mix)`` for each :func:`mixes`."""
    out: list[Action] = [(CLOSE,)]
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


def amount(bid: Action | None) -> int:
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
