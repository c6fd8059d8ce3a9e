"""What a seat may see (see :mod:`bgkit_bruges.state` for what is hidden): its view, a determinisation
within what it sees, who sees an action, what the others are told, and the drawing.
"""

from __future__ import annotations

import random
from typing import Any

from bgkit.api import CHANCE, EVERYONE, Deck, resample

from bgkit_bruges.codes import PICK, Q_CARD


class Views:
    """Who sees what; a mixin of the state."""

    def audience(self, action: Any) -> frozenset[int] | None:
        if self.cur == CHANCE:
            head = self.chance[0]
            return frozenset((head[1],)) if head[0] == Q_CARD else EVERYONE
        if action[0] == PICK:
            return frozenset((self.cur,))  # RS 2.(3)E: a house lies house side up
        return EVERYONE

    def public_text(self, action: Any) -> str:
        colours = self.comp.card_colours
        if self.cur == CHANCE:
            head = self.chance[0]
            when = " (drawn this phase, looked at once the hand is full)" if head[3] else " (just drawn)"
            return f"P{head[1] + 1} looks at their {colours[head[2]]} card{when}"
        card = action[1]
        return f"P{self.cur + 1} lays one of their {colours[self.cards.colour[card]]} cards as a house"

    def view(self, player: int) -> dict:
        """What ``player`` sees: everything but the unseen cards, the others' hands and houses
        (their colours only) and the faces of their own cards drawn but not yet looked at."""
        data = self.to_dict()
        colour = self.cards.colour
        del data["unseen"]
        data["unseen_cards"] = self.unseen.size
        data["hands"] = [sorted(h) if q == player else sorted(colour[x] for x in h) for q, h in enumerate(self.hands)]
        data["houses"] = [h if q == player else [colour[x] for x in h] for q, h in enumerate(self.houses)]
        return data

    def determinize(self, player: int, rng: random.Random) -> Any:
        """Redeal what ``player`` cannot see within the cards' public back colours: the unseen
        cards, and each other player's hand and houses (the core's canonical :func:`resample`;
        a player's hand and houses are one place, split again by colour at random)."""
        other = self.clone()
        colour = self.cards.colour
        places = [self.unseen]
        others = [q for q in range(self.num_players) if q != player]
        for q in others:
            places.append(Deck.of(self.hands[q] + self.houses[q], self.cards.count))
        dealt = resample(places, rng, colour.__getitem__)
        other.unseen = dealt[0]
        for q, deck in zip(others, dealt[1:]):
            pools: dict[int, list[int]] = {}
            for card in deck.cards():
                pools.setdefault(colour[card], []).append(card)
            for pool in pools.values():
                rng.shuffle(pool)
            other.houses[q] = [pools[colour[card]].pop() for card in self.houses[q]]  # each house keeps its colour
            other.hands[q] = sorted((c for pool in pools.values() for c in pool), key=colour.__getitem__)
        return other

    def render(self, player: int | None):
        from bgkit_bruges.render import render_state

        return render_state(self, player)
