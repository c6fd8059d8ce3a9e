"""What a seat of Bridge Troll may see: the deck and the face-down traveller as the cards not seen
yet (the face-down one by name once its owner peeked), the others' sealed bids only as made; and
a determinisation that redeals just that.
"""

from __future__ import annotations

import random

from bgkit.api import CHANCE, Deck, resample

from bgkit_bridgetroll.codes import NONE, PICK_FD, PLAY_PEEK, S_BID, SEE
from bgkit_bridgetroll.playout import bid as rule_bid
from bgkit_bridgetroll.playout import row_worth


class Views:
    """The views of a seat (a mixin of ``TrollState``)."""

    def is_sealed(self) -> bool:
        return self.stage == S_BID and self.cur >= 0

    def audience(self, action):
        if self.cur == CHANCE:
            head = self.chance[0]
            return frozenset((head[1],)) if head[0] == SEE else None
        return frozenset((self.cur,)) if self.is_sealed() else None

    def public_text(self, action) -> str:
        if self.cur == CHANCE:
            return f"P{self.chance[0][1] + 1} looks at the face-down traveller"
        return f"P{self.cur + 1} bids"

    def reveals(self, action) -> bool:
        if self.cur == CHANCE or self.is_sealed():
            return True
        return action[0] in (PICK_FD, PLAY_PEEK) and self.fd >= 0  # a card seen, without a draw

    def unseen(self, player: int) -> list[int]:
        """The cards ``player`` has not seen, as counts: the deck, and the face-down traveller unless
        they looked at it. Everyone could count them (every other card was seen)."""
        counts = self.deck.to_list()
        if self.fd >= 0 and not self.seen >> player & 1:
            counts[self.fd] += 1
        return counts

    def view(self, player: int) -> dict:
        """The table as ``player`` sees it: the deck and the face-down traveller as the cards not
        seen yet (the face-down one by name if they peeked), others' sealed bids only as made."""
        data = self.to_dict()
        del data["deck"], data["fd"]
        data["unseen"] = self.unseen(player)
        data["face_down"] = (
            "none" if self.fd == NONE else self.t.names[self.fd] if self.fd >= 0 and self.seen >> player & 1 else "hidden"
        )
        if self.stage == S_BID:
            data["bids"] = [
                (list(b) if q == player else "sealed") if b is not None else None for q, b in enumerate(self.bids)
            ]
        return data

    def determinize(self, player: int, rng: random.Random) -> "Views":
        """Redeal what ``player`` cannot see: the face-down traveller among the unseen cards (pooled
        in card order by ``bgkit.api.resample``) and, while bids are sealed, the others' bids: each
        drawn as the playouts bid (``playout.bid``: from that player's stones and the row, which everyone
        sees)."""
        other = self.clone()
        if self.fd >= 0 and not self.seen >> player & 1:
            deck, face_down = resample([self.deck, Deck.of([self.fd], self.t.cards)], rng)
            other.deck, other.fd = deck, face_down.cards()[0]
        if self.stage == S_BID:
            row = row_worth(self)
            for q, bid in enumerate(self.bids):
                if q != player and bid is not None:
                    other.bids[q] = rule_bid(self.stones[q], rng, row)
        return other
