"""What a seat of Bridge Troll may see: the deck and the face-down traveller as the cards not seen
yet (the face-down one by name once its owner peeked), the others' sealed bids only as made; and
a determinisation that redeals just that.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bgkit.api import CHANCE, Deck, resample

from bgkit_bridgetroll.codes import NONE, PICK_FD, PLAY_PEEK, S_BID, SEE, Action
from bgkit_bridgetroll.playout import bid as rule_bid
from bgkit_bridgetroll.playout import row_worth

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState


def is_sealed(state: TrollState) -> bool:
    return state.stage == S_BID and state.cur >= 0

def audience(state: TrollState, action: Action) -> frozenset[int] | None:
    if state.cur == CHANCE:
        head = state.chance[0]
        return frozenset((head[1],)) if head[0] == SEE else None
    return frozenset((state.cur,)) if state.is_sealed() else None

def public_text(state: TrollState, action: Action) -> str:
    if state.cur == CHANCE:
        return f"P{state.chance[0][1] + 1} looks at the face-down traveller"
    return f"P{state.cur + 1} bids"

def reveals(state: TrollState, action: Action) -> bool:
    if state.cur == CHANCE or state.is_sealed():
        return True
    return action[0] in (PICK_FD, PLAY_PEEK) and state.fd >= 0  # a card seen, without a draw

def unseen(state: TrollState, player: int) -> list[int]:
    """The cards ``player`` has not seen, as counts: the deck, and the face-down traveller unless
    they looked at it. Everyone could count them (every other card was seen)."""
    counts = state.deck.to_list()
    if state.fd >= 0 and not state.seen >> player & 1:
        counts[state.fd] += 1
    return counts

def view(state: TrollState, player: int) -> dict[str, Any]:
    """The table as ``player`` sees it: the deck and the face-down traveller as the cards not
    seen yet (the face-down one by name if they peeked), others' sealed bids only as made."""
    data = state.to_dict()
    del data["deck"], data["fd"]
    data["unseen"] = unseen(state, player)
    data["face_down"] = (
        "none" if state.fd == NONE else state.t.names[state.fd] if state.fd >= 0 and state.seen >> player & 1 else "hidden"
    )
    if state.stage == S_BID:
        data["bids"] = [
            (list(b) if q == player else "sealed") if b is not None else None for q, b in enumerate(state.bids)
        ]
    return data

def determinize(state: TrollState, player: int, rng: random.Random) -> TrollState:
    """Redeal what ``player`` cannot see: the face-down traveller among the unseen cards (pooled
    in card order by ``bgkit.api.resample``) and, while bids are sealed, the others' bids: each
    drawn as the playouts bid (``playout.bid``: from that player's stones and the row, which everyone
    sees)."""
    other = state.clone()
    if state.fd >= 0 and not state.seen >> player & 1:
        deck, face_down = resample([state.deck, Deck.of([state.fd], state.t.cards)], rng)
        other.deck, other.fd = deck, face_down.cards()[0]
    if state.stage == S_BID:
        row = row_worth(state)
        for q, bid in enumerate(state.bids):
            if q != player and bid is not None:
                other.bids[q] = rule_bid(state.stones[q], rng, row)
    return other
