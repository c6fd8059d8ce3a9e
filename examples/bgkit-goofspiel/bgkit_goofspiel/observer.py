"""Who sees what in Goofspiel: a bid is sealed until every seat has bid, so a seat sees its own hand
and bid and, of the others, only the cards not yet revealed and whether they bid."""

from __future__ import annotations

import random
from typing import Any

from bgkit_goofspiel.notation import LARGEST_DECK
from bgkit_goofspiel.state import GoofState


def public_text(state: GoofState, action: int) -> str:
    """A bid is sealed: the others learn only that it was made (all are revealed together)."""
    return f"P{state.current_player() + 1} bids"


def chance_label(state: GoofState) -> str:
    return "the next prize card, turned up"


def view(state: GoofState, player: int) -> dict[str, Any]:
    """Own hand and bid; of the others only the cards not yet revealed and whether they bid."""
    return {
        "prize": state.prize,
        "prizes_left": sorted(state.prizes),
        "won": state.won,
        "my_hand": sorted(state.hands[player]),
        "my_bid": state.bids[player],
        "others": {
            str(q): {
                "unrevealed": sorted(state.hands[q] + ([bid] if (bid := state.bids[q]) is not None else [])),
                "has_bid": state.bids[q] is not None,
            }
            for q in range(state.num_players)
            if q != player
        },
    }


def determinize(state: GoofState, player: int, rng: random.Random) -> GoofState:
    """Resample the sealed bids ``player`` has not seen from each bidder's unrevealed cards
    (in card order, so the sample depends on what the player sees alone)."""
    other = state.clone()
    for q, bid in enumerate(state.bids):
        if q != player and bid is not None:
            pool = sorted(state.hands[q] + [bid])
            other.bids[q] = pool.pop(rng.randrange(len(pool)))
            other.hands[q] = pool
    return other


# -- the observation tensor: what a seat sees, as 0/1 numbers over the largest deck's cards -------
#: Per seat, in turn from the observer: the prizes it has won, the cards it has not revealed (hand
#: and a sealed bid), and whether it has bid this round.
_PER_SEAT = 2 * LARGEST_DECK + 1


def observation_shape(components: None, players: int) -> tuple[int, ...]:
    """The prize up, the prizes still to come, the observer's hand and its bid, then every seat."""
    return (4 * LARGEST_DECK + players * _PER_SEAT,)


def observation_tensor(components: None, state: GoofState, player: int) -> list[float]:
    """Made from the view alone, so every state the seat cannot tell apart gives the same numbers."""
    seen = view(state, player)
    values = [0.0] * observation_shape(components, state.num_players)[0]

    def mark(offset: int, cards: list[int]) -> None:
        for card in cards:
            values[offset + card - 1] = 1.0

    mark(0, [seen["prize"]] if seen["prize"] is not None else [])
    mark(LARGEST_DECK, seen["prizes_left"])
    mark(2 * LARGEST_DECK, seen["my_hand"])
    mark(3 * LARGEST_DECK, [seen["my_bid"]] if seen["my_bid"] is not None else [])
    for turn in range(state.num_players):
        seat = (player + turn) % state.num_players
        offset = 4 * LARGEST_DECK + turn * _PER_SEAT
        mark(offset, seen["won"][seat])
        if seat == player:
            mark(offset + LARGEST_DECK, seen["my_hand"] + ([seen["my_bid"]] if seen["my_bid"] is not None else []))
            values[offset + 2 * LARGEST_DECK] = float(seen["my_bid"] is not None)
        else:
            other = seen["others"][str(seat)]
            mark(offset + LARGEST_DECK, other["unrevealed"])
            values[offset + 2 * LARGEST_DECK] = float(other["has_bid"])
    return values
