"""Goofspiel's advisor: how good a table looks for a player (what the greedy bot maximises, MCTS
is biased by and a cut playout is rated by).

The score lead alone cannot tell bids apart: nothing is won until every bid is in, so every bid
would look the same. Instead each seat's points are *expected* ones, counted from what that seat
can see:

* the prizes it has won;
* the prize on the table times the chance its bid is the one highest: each rival's bid is taken
  as any of the cards that rival has not shown yet (a seat that has not bid yet is valued as if it
  bid any card of its hand);
* a share of the prizes still face down, in proportion to the cards it keeps for them against the
  cards the others keep (a card spent now is a card missing later), weighted by ``KEPT_WEIGHT``.

So a high prize is worth a high bid and a low one is not worth a good card. A finished game is
valued by its outcome, as the core's default does.
"""

from __future__ import annotations

from bgkit_goofspiel.state import GoofState

#: How much the cards kept for the face-down prizes count against their plain share of them.
#: A plain share (1) undervalues a high card kept: it will win a prize outright, not a share of
#: one. Measured with benchmarks/strength.py (greedy against random, 400 games): 1 wins 78.5% at
#: 2 players and 37% at 4, 2 wins 86% and 51%, 3.5 wins 83% and 56%.
KEPT_WEIGHT = 2.0


def heuristic(state: GoofState, player: int) -> float:
    """The player's expected points less the best rival's."""
    if state.is_terminal():
        return state.outcome().rewards()[player]
    expected = values(state)
    return expected[player] - max(v for q, v in enumerate(expected) if q != player)


def values(state: GoofState) -> list[float]:
    """Every seat's expected points, each from what that seat sees (ordered as ``heuristic``)."""
    if state.is_terminal():
        return state.outcome().rewards()
    unshown = [hand + ([bid] if bid is not None else []) for hand, bid in zip(state.hands, state.bids)]
    # the cards each seat will still hold for the face-down prizes, as its rivals can expect them
    expected_kept = [kept_after_round(state, cards) for cards in unshown]
    prizes_left = sum(state.prizes)
    result = []
    for seat in range(state.num_players):
        rivals = [cards for q, cards in enumerate(unshown) if q != seat]
        points = float(sum(state.won[seat]))
        bid = state.bids[seat]
        if state.prize is not None:
            bids = [bid] if bid is not None else state.hands[seat]
            points += state.prize * sum(chance_highest(b, rivals) for b in bids) / len(bids)
        kept = sum(state.hands[seat]) if bid is not None else expected_kept[seat]
        others = sum(k for q, k in enumerate(expected_kept) if q != seat)
        if kept + others:
            points += KEPT_WEIGHT * prizes_left * kept / (kept + others)
        result.append(points)
    return result


def kept_after_round(state: GoofState, cards: list[int]) -> float:
    """The sum of the cards a seat keeps once the prize on the table is bid for (one of them,
    any one, goes on it)."""
    total = sum(cards)
    if state.prize is None or not cards:
        return float(total)
    return total * (len(cards) - 1) / len(cards)


def chance_highest(bid: int, rivals: list[list[int]]) -> float:
    """The chance ``bid`` beats every rival's, each rival bidding any of its cards (a tie wins nothing)."""
    chance = 1.0
    for cards in rivals:
        chance *= sum(1 for card in cards if card < bid) / len(cards)
    return chance
