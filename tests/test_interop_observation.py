"""The observation tensor contract: the conformance suite holds a game's tensor to its shape, to
finite floats, and to what the seat sees (a tensor that shows another seat's sealed bid fails)."""

import random

import pytest

from bgkit.engine.match import start_state
from bgkit.testing import check_observation


def bid_state(goofspiel):
    state = start_state(goofspiel, goofspiel.setup(3, random.Random(0), {"deck": "13"}))
    state.apply(5)  # the prize
    state.apply(13)  # P1 bids 13, sealed
    return state


def test_goofspiels_tensor_passes_the_check_and_has_its_declared_shape(goofspiel):
    state = bid_state(goofspiel)
    check_observation(goofspiel, state, random.Random(1), "goofspiel")
    observation = goofspiel.observation(3)
    assert observation.shape == (4 * 13 + 3 * 27,) and len(observation.tensor(state, 1)) == observation.size


@pytest.mark.parametrize("leak, words", [
    (lambda comp, state, player: [float(bid or 0) for bid in state.bids] + [0.0] * 130, "cannot see"),
    (lambda comp, state, player: [0.0] * 10, "not 133"),
    (lambda comp, state, player: [float("nan")] * 133, "finite floats"),
])
def test_a_tensor_that_leaks_or_misfits_fails_the_check(goofspiel, monkeypatch, leak, words):
    monkeypatch.setattr(goofspiel.play.observer, "observation_tensor", leak)  # the spec's observer, as the game reads it
    with pytest.raises(AssertionError, match=words):
        check_observation(goofspiel, bid_state(goofspiel), random.Random(1), "goofspiel")


def test_a_play_half_declares_both_observation_functions_or_neither(goofspiel):
    from bgkit.api import Observer, Play

    play = goofspiel.play
    with pytest.raises(TypeError, match="^Play observer: observation_tensor given without observation_shape$"):
        Play(state=play.state, new_state=play.new_state, rules=play.rules,
             observer=Observer(observation_tensor=play.observer.observation_tensor))
