"""The observation tensor: one length for the whole game, and nothing in it a seat cannot see."""

from __future__ import annotations

import random

import pytest

from bgkit.api import sample_chance
from bgkit_bruges import views as bs


@pytest.mark.parametrize("players", [2, 4])
def test_the_observation_has_one_length_and_ignores_what_the_seat_cannot_see(game, players):
    comp, rng = game.components, random.Random(players)
    (size,) = bs.observation_shape(comp, players)
    s = game.new_state(game.setup(players, random.Random(players), {}))
    seen_hands = 0
    while not s.is_terminal():
        for p in range(players):
            tensor = bs.observation_tensor(comp, s, p)
            assert len(tensor) == size
            other = s.determinize(p, random.Random(rng.random()))
            assert bs.observation_tensor(comp, other, p) == tensor, f"P{p + 1} sees a change in what is hidden"
            seen_hands += any(s.hands[q] for q in range(players) if q != p)
        s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    assert seen_hands  # the others held cards the seat could not see


def test_the_observation_shows_the_seats_own_hand(game):
    comp = game.components
    s = game.new_state(game.setup(2, random.Random(0), {}))
    rng = random.Random(0)
    while not s.hands[0]:
        s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    before = bs.observation_tensor(comp, s, 0)
    other = s.clone()
    card = other.hands[0][0]
    twin = next(x for x in range(other.cards.count) if other.unseen.counts[x] and other.cards.colour[x] == other.cards.colour[card])
    other.hands[0][0] = twin  # same colour, another card: only its owner can tell
    assert bs.observation_tensor(comp, other, 0) != before
    assert bs.observation_tensor(comp, other, 1) == bs.observation_tensor(comp, s, 1)
