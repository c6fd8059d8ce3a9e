"""Cards held as counts: face-down decks whose order nobody knows, and hands others cannot see.

A deck is a list of counts indexed by card id (the index of the card in the game's card table).
Because nobody knows the order of a shuffled deck, a draw is a chance event whose outcomes are
the card ids with probability count / size; a card returned "at a random place" (Bridge Troll's
goat) is just counted back in; a reshuffle moves the discard pile's counts into the deck. Nothing
about the order has to be stored, so the state stays small, cheap to clone and honest: a bot
cannot peek at an order that does not exist.

Determinising for a player (:func:`resample`) redeals every card that player cannot see among
the places it could be, keeping how many cards each place holds and each card's public back.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence


class Deck:
    """A face-down pile as counts per card id (``counts[card]``), with its size kept alongside."""

    __slots__ = ("counts", "size")

    def __init__(self, counts: Sequence[int]):
        self.counts = list(counts)
        self.size = sum(self.counts)

    @classmethod
    def of(cls, cards: Iterable[int], kinds: int) -> "Deck":
        """A deck holding ``cards`` (card ids, repeats allowed) out of ``kinds`` different cards."""
        counts = [0] * kinds
        for card in cards:
            counts[card] += 1
        return cls(counts)

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __contains__(self, card: int) -> bool:
        return self.counts[card] > 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and other.counts == self.counts

    def __repr__(self) -> str:
        return f"Deck({self.size} cards)"

    # -- drawing -----------------------------------------------------------------------------
    def outcomes(self, allowed: Callable[[int], bool] | None = None,
                 among: Iterable[int] | None = None) -> list[tuple[int, float]]:
        """The chance outcomes of drawing one card: ``(card, probability)`` for each card present.

        ``allowed`` limits the draw to some cards (the top card's back is known to be red, say);
        probabilities are then among those. ``among`` does the same by listing the candidate card
        ids (in the order to give them), so a draw among a few of many kinds need not scan the deck.
        """
        counts = self.counts
        if among is None:
            cards = [c for c, n in enumerate(counts) if n and (allowed is None or allowed(c))]
        else:
            cards = [c for c in among if counts[c] and (allowed is None or allowed(c))]
        total = sum(counts[c] for c in cards)
        return [(c, counts[c] / total) for c in cards]

    def draw(self, card: int) -> None:
        """Take ``card`` out (the outcome chance chose, or what a person drew at the table)."""
        if self.counts[card] <= 0:
            raise ValueError(f"card {card} is not in the deck")
        self.counts[card] -= 1
        self.size -= 1

    def put(self, card: int, copies: int = 1) -> None:
        """Put ``card`` in (a discard, or a card shuffled back in at a random place)."""
        self.counts[card] += copies
        self.size += copies

    def move_all_to(self, other: "Deck") -> None:
        """Every card of this pile into ``other`` (a reshuffle: discards back into the deck)."""
        for card, n in enumerate(self.counts):
            if n:
                other.counts[card] += n
        other.size += self.size
        self.counts = [0] * len(self.counts)
        self.size = 0

    def cards(self) -> list[int]:
        """The card ids, each as often as it is held, in id order."""
        return [c for c, n in enumerate(self.counts) for _ in range(n)]

    # -- copies and data -------------------------------------------------------------------------
    def clone(self) -> "Deck":
        other = Deck.__new__(Deck)
        other.counts = self.counts[:]
        other.size = self.size
        return other

    def to_list(self) -> list[int]:
        return list(self.counts)

    @classmethod
    def from_list(cls, counts: Sequence[int]) -> "Deck":
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts):
            raise ValueError("a deck's counts must be whole numbers, 0 or more")
        return cls(counts)


def resample(places: Sequence[Deck], rng: random.Random, back: Callable[[int], object] | None = None) -> list[Deck]:
    """Redeal the cards of ``places`` (the piles and hands a player cannot see) at random.

    Each place keeps its number of cards of each back (``back(card)``: what anyone can see of a
    card, e.g. Bruges' coloured backs; None: all backs alike). The cards are pooled in id order
    before shuffling, so the result depends only on what the places hold together and on
    ``rng`` — never on which place holds what — and a bot with a given seed decides the same
    whatever it cannot see.
    """
    kinds = len(places[0].counts) if places else 0
    held = [[(card, n) for card, n in enumerate(place.counts) if n] for place in places]  # read once
    totals = [0] * kinds
    for cards in held:
        for card, n in cards:
            totals[card] += n
    keys: dict[int, object] = {card: back(card) if back else None for card, copies in enumerate(totals) if copies}
    groups: dict[object, list[int]] = {}
    for card, key in keys.items():
        groups.setdefault(key, []).extend([card] * totals[card])
    needs = []  # each place's number of cards of each back
    for cards in held:
        need: dict[object, int] = {}
        for card, n in cards:
            need[keys[card]] = need.get(keys[card], 0) + n
        needs.append(need)
    dealt = [Deck([0] * kinds) for _ in places]
    for key, pool in groups.items():
        rng.shuffle(pool)
        start = 0
        for need, new in zip(needs, dealt):
            size = need.get(key, 0)
            counts = new.counts
            for card in pool[start : start + size]:
                counts[card] += 1
            new.size += size
            start += size
    return dealt
