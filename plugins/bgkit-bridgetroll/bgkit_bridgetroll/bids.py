"""Sealed bids and the trophies they win ("竞拍" A and B).

Every player secretly bids stones of one colour (any colour; 0 closes the bridge); a player
holding a Jester may bid stones of different colours and must then play it (特别的旅行者卡片 小丑).
A bid is one sealed choice per player: ``bid 3 red``, ``close``, or with a Jester ``bid 5 mixed``
(how many of each colour is laid out right after the reveal, one colour at a time, since the
core asks each seat once in a sealed stage and a list of every colour mix would explode).

Trophies go by bid, highest first; equal bids: fewer stones left under the board first, then
clockwise from the start player (竞拍 B "出价相同").
"""

from __future__ import annotations

CLOSE, BID, BIDMIX = 10, 11, 12


def bid_options(stones: list[int], jester: bool) -> list[tuple]:
    """Every sealed bid a player with ``stones`` (per colour) may make: close, ``(BID, colour, n)``
    for each colour held, and with a Jester ``(BIDMIX, n)`` when two colours or more are held."""
    out: list[tuple] = [(CLOSE,)]
    for c, held in enumerate(stones):
        for n in range(1, held + 1):
            out.append((BID, c, n))
    if jester and sum(1 for held in stones if held) >= 2:
        for n in range(2, sum(stones) + 1):
            out.append((BIDMIX, n))
    return out


def amount(bid: tuple | None) -> int:
    """The number of stones a bid puts on the bridge (0: closed, or no bid yet)."""
    if bid is None or bid[0] == CLOSE:
        return 0
    return bid[2] if bid[0] == BID else bid[1]


def trophy_order(amounts: list[int], left: list[int], start: int) -> list[int]:
    """The open players (amount > 0) in trophy order: highest bid first; equal bids, fewer stones
    ``left`` under the board first, then clockwise from the ``start`` player (who comes first)."""
    n = len(amounts)
    open_players = [p for p in range(n) if amounts[p] > 0]
    return sorted(open_players, key=lambda p: (-amounts[p], left[p], (p - start) % n))


def mix_choices(stones: list[int], colour: int, still: int) -> range:
    """How many stones of ``colour`` a mixed bid may take when ``still`` stones are to be laid out
    and the colours after it must hold the rest (colours are laid out in colour order)."""
    later = sum(stones[colour + 1 :])
    return range(max(0, still - later), min(stones[colour], still) + 1)
