"""The observation tensor: a fixed number of finite floats through a whole game, the same in every
determinisation for the seat (it shows nothing the seat cannot see), and different when what the
seat sees differs."""

from __future__ import annotations

import math
import random

import pytest
from bluemooncity_scene import GAME

from bgkit.api import sample_chance

from bgkit_bluemooncity.views import observation_shape, observation_tensor


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tensor_keeps_its_length_and_shows_only_what_the_seat_sees(players):
    comp = GAME.components
    (size,) = observation_shape(comp, players)
    rng = random.Random(players)
    state = GAME.new_state(GAME.setup(players, random.Random(players), {"layout": "random", "deal": "no", "start": "random"}))
    steps = 0
    while not state.is_terminal():
        if steps % 7 == 0:
            for seat in range(players):
                seen = observation_tensor(comp, state, seat)
                assert len(seen) == size and all(math.isfinite(x) for x in seen)
                other = state.determinize(seat, random.Random(steps))
                assert observation_tensor(comp, other, seat) == seen, f"step {steps}: P{seat + 1} sees a hidden card"
        state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))
        steps += 1
    assert len(observation_tensor(comp, state, 0)) == size


def test_a_card_in_ones_own_hand_shows_and_a_rivals_does_not():
    comp = GAME.components
    state = GAME.new_state(GAME.setup(2, random.Random(1), {"layout": "standard", "deal": "yes", "start": "1"}))
    before = [observation_tensor(comp, state, seat) for seat in (0, 1)]
    hand = state.hands[1]
    k = next(k for k, n in enumerate(hand.counts) if n)
    other = next(j for j in range(len(hand.counts)) if j != k and state.deck.counts[j])
    hand.draw(k), state.deck.put(k), state.deck.draw(other), hand.put(other)  # P2 swaps a card with the deck
    assert observation_tensor(comp, state, 0) == before[0]
    assert observation_tensor(comp, state, 1) != before[1]
