"""The observation tensor: a fixed-size list of numbers of what a seat sees, for learning tools.
Its length never changes in a game, and it never changes with what the seat cannot see (the
others' equipment cards, the deck)."""

import random

import pytest

from bgkit.api import sample_chance
from bgkit.testing import get_registry

from bgkit_bretagne import views


def play_random(players: int, seed: int):
    """Every state of a random game, in order."""
    game = get_registry().load_game("bretagne")
    rng = random.Random(seed)
    state = game.new_state(game.setup(players, rng, {"start": "random"}))
    while not state.is_terminal():
        yield game, state
        state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))
    yield game, state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tensor_has_one_length_and_hides_what_the_seat_cannot_see(players):
    rng = random.Random(players)
    for step, (game, state) in enumerate(play_random(players, seed=players)):
        (size,) = views.observation_shape(game.components, players)
        for seat in range(players):
            seen = views.observation_tensor(game.components, state, seat)
            assert len(seen) == size and all(isinstance(x, float) for x in seen)
            if step % 7 == 0:
                other = state.determinize(seat, rng)
                assert views.observation_tensor(game.components, other, seat) == seen, f"step {step}, P{seat + 1}"


def test_a_seat_sees_its_own_cards_and_only_the_count_of_the_others():
    game = get_registry().load_game("bretagne")
    for _, state in play_random(2, seed=5):
        if len(state.hands[0]) and len(state.hands[1]):
            break
    else:
        pytest.skip("no state where both seats hold cards")
    mine = views.observation_tensor(game.components, state, 0)
    layout = views.observation_layout(game.components, 2)
    start = sum(size for what, size in layout[: [what for what, _ in layout].index(
        "the observing seat's own equipment cards per kind")])
    kinds = len(game.components.equipment)
    assert mine[start:start + kinds] == [float(c) for c in state.hands[0].counts]
    theirs = views.observation_tensor(game.components, state, 1)
    assert theirs[start:start + kinds] == [float(c) for c in state.hands[1].counts]
    assert sum(size for _, size in layout) == views.observation_shape(game.components, 2)[0]
