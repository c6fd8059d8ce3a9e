"""What a seat may see: the hands are hidden (a count shows), the deck and the set-aside reward cards
too; a card drawn is seen by its owner only, and the others are told who drew. Crystals lie face
down, but every gain and every offering is public, so a player's total is known from the table's
history: the views keep it and determinisations never resample it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bgkit.api import CHANCE, EVERYONE, resample

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState


class Views:
    """Who sees what, as a mixin of the state."""

    def audience(self, action: tuple) -> frozenset[int] | None:
        if self.cur == CHANCE:
            return frozenset((self.chance[0][1],))  # a card drawn into a hand: its owner sees it
        return EVERYONE

    def public_text(self, action: tuple) -> str:
        if self.cur == CHANCE:
            why, p = self.chance[0][0], self.chance[0][1]
            return (f"P{p + 1} is dealt a card", f"P{p + 1} draws a card", f"P{p + 1} takes a reward card into their hand")[why]
        return self.action_text(action)

    def view(self, player: int) -> dict:
        """Everything on the table but the others' hands, the deck and the set-aside reward cards
        (their sizes show). Crystal totals stay: every gain and offering was public."""
        data = self.to_dict()
        for key in ("hands", "deck", "pool"):
            del data[key]
        data["hand_sizes"] = [h.size for h in self.hands]
        data["deck_size"] = self.deck.size
        data["pool_size"] = self.pool.size
        data["my_hand"] = self.hands[player].to_list()
        return data

    def determinize(self, player: int, rng: random.Random) -> "BlueMoonState":
        """Redeal the cards ``player`` cannot see (the others' hands, the deck, the set-aside reward
        cards) among those places, each keeping its size; pooled in kind order by ``resample``."""
        other = self.clone()
        others = [q for q in range(self.num_players) if q != player]
        dealt = resample([self.deck, self.pool] + [self.hands[q] for q in others], rng)
        other.deck, other.pool = dealt[0], dealt[1]
        for q, hand in zip(others, dealt[2:]):
            other.hands[q] = hand
        other._legal = self._legal if self.cur == player else None  # the player's own choices: unchanged
        return other
