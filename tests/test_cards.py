"""Decks as counts, beyond tests/test_contract.py: a pinned sample, and draws among listed cards."""

import random

from bgkit.model.cards import Deck, resample


def test_resample_of_a_fixed_seed_is_pinned():
    """The sample for a seed never changes between versions (a bot's decisions replay the same)."""
    places = [Deck([1, 0, 2, 1, 0, 1]), Deck([0, 1, 0, 1, 1, 0]), Deck([1, 1, 0, 0, 0, 1])]
    dealt = resample(places, random.Random(7), lambda card: card % 2)
    assert [d.counts for d in dealt] == [[1, 0, 1, 2, 1, 0], [1, 1, 0, 0, 0, 1], [0, 1, 1, 0, 0, 1]]


def test_a_draw_among_listed_cards_is_the_same_as_a_filtered_draw():
    deck = Deck([2, 0, 1, 3, 1, 0, 2])
    odd = [c for c in range(7) if c % 2]
    assert deck.outcomes(among=odd) == deck.outcomes(lambda c: c % 2 == 1) == [(3, 1.0)]
    assert deck.outcomes(among=[6, 0]) == [(6, 0.5), (0, 0.5)]  # in the order listed
    assert deck.outcomes(among=[0, 2, 3], allowed=lambda c: c != 3) == [(0, 2 / 3), (2, 1 / 3)]
