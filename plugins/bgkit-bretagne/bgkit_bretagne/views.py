"""What a seat may see: the view, its determinisation, who is told a chance draw, and the drawing."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bgkit.api import CHANCE, EVERYONE, resample

from bgkit_bretagne.codes import Q_EQUIPMENT

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState


class ViewsMixin:
    """Equipment hands are secret: an equipment card drawn is seen by its owner only (composed into
    the state)."""

    def audience(self, action) -> frozenset[int] | None:
        if self.cur == CHANCE and self.chance[0][0] == Q_EQUIPMENT:
            return frozenset((self.chance[0][1],))
        return EVERYONE

    def public_text(self, action) -> str:
        if self.cur == CHANCE and self.chance[0][0] == Q_EQUIPMENT:
            return f"P{self.chance[0][1] + 1} draws an equipment card"
        return self.action_text(action)

    def view(self, player: int) -> dict:
        """The table as ``player`` sees it: their own hand; of the others' hands and of the deck only the sizes."""
        data = self.to_dict()
        data["hands"] = [h.to_list() if q == player else len(h) for q, h in enumerate(self.hands)]
        data["deck"] = len(self.deck)
        return data

    def determinize(self, player: int, rng: random.Random) -> "BretagneState":
        """Redeal the equipment deck and the other players' hands (pooled in kind order, sizes kept)."""
        other = self.clone()
        others = [q for q in range(self.num_players) if q != player]
        places = [self.deck] + [self.hands[q] for q in others]
        dealt = resample(places, rng)
        other.deck = dealt[0]
        for q, hand in zip(others, dealt[1:]):
            other.hands[q] = hand
        return other

    def render(self, player: int | None):
        from bgkit_bretagne.render import render_state

        return render_state(self, player)

    def render_compact(self, player: int | None):
        """What fits a terminal the full drawing does not (the screen picks it)."""
        from bgkit_bretagne.render import render_compact

        return render_compact(self, player)
