"""Decks as counts: resample keeps each place's backs, conserves cards and sees only the union."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.cards import Deck, resample


def test_resample_of_a_fixed_seed_is_pinned():
    """The sample for a seed never changes between versions (saved bot decisions replay the same)."""
    places = [Deck([1, 0, 2, 1, 0, 1]), Deck([0, 1, 0, 1, 1, 0]), Deck([1, 1, 0, 0, 0, 1])]
    dealt = resample(places, random.Random(7), lambda card: card % 2)
    assert [d.counts for d in dealt] == [[1, 0, 1, 2, 1, 0], [1, 1, 0, 0, 0, 1], [0, 1, 1, 0, 0, 1]]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), kinds=st.integers(1, 30), places=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_resample_keeps_backs_conserves_cards_and_ignores_who_held_what(data, kinds, places, seed):
    counts = [data.draw(st.lists(st.integers(0, 2), min_size=kinds, max_size=kinds)) for _ in range(places)]
    decks = [Deck(c) for c in counts]
    back = lambda card: card % 3  # noqa: E731
    dealt = resample(decks, random.Random(seed), back)
    for old, new in zip(decks, dealt):
        assert new.size == old.size
        for key in range(3):
            assert sum(n for c, n in enumerate(new.counts) if back(c) == key) == \
                sum(n for c, n in enumerate(old.counts) if back(c) == key)
    assert [sum(d.counts[c] for d in dealt) for c in range(kinds)] == [sum(d.counts[c] for d in decks) for c in range(kinds)]
    # the same union held differently (same backs per place) gives the same sample
    swapped = resample(dealt, random.Random(seed), back)
    assert [d.counts for d in swapped] == [d.counts for d in resample(decks, random.Random(seed), back)]


def test_a_draw_among_listed_cards_is_the_same_as_a_filtered_draw():
    deck = Deck([2, 0, 1, 3, 1, 0, 2])
    odd = [c for c in range(7) if c % 2]
    assert deck.outcomes(among=odd) == deck.outcomes(lambda c: c % 2 == 1) == [(3, 1.0)]
    assert deck.outcomes(among=[6, 0]) == [(6, 0.5), (0, 0.5)]  # in the order listed
    assert deck.outcomes(among=[0, 2, 3], allowed=lambda c: c != 3) == [(0, 2 / 3), (2, 1 / 3)]
