"""The public drawing of each game (``Display.render_public``, what the shared screen at the table,
``/game/N/table``, shows): drawn at every moment of a random game, and the same for every twin state
(any seat's hidden hand, the face-down draws redrawn) — the conformance suite's check_views. A
Goofspiel whose public drawing is its whole table (``render(None)``: a sealed bid shown) is caught."""

import random

import pytest

from bgkit.plugins.registry import get_registry
from bgkit.testing import check_views, public_drawing
from bgkit.testing.conformance import _random_match

GAMES = [("goofspiel", 3), ("burgundy", 2), ("bruges", 3), ("bridgetroll", 3), ("bretagne", 2), ("bluemooncity", 2)]


def playout(game_id: str, players: int, steps: int, seed: int = 5):
    """The states of a random game of ``game_id``, ``steps`` at most."""
    match = _random_match(get_registry().load_game(game_id), players, seed)
    for _ in range(steps):
        if match.state.is_terminal():
            return
        yield match.state
        match.step()


@pytest.mark.parametrize("game_id, players", GAMES)
def test_every_game_draws_a_public_table_that_hides_what_it_must(game_id, players):
    rng = random.Random(1)
    pictures = set()
    for step, state in enumerate(playout(game_id, players, 40)):
        picture = public_drawing(state)
        assert picture and "you" not in picture.replace("your", ""), f"{game_id} step {step}: drawn for a seat: {picture!r}"
        pictures.add(picture)
        if step % 8 == 0:
            check_views(state, rng, f"{game_id} step {step}")
    assert len(pictures) > 1  # the picture follows the game


def test_a_public_drawing_that_shows_the_hands_is_caught(monkeypatch):
    sealed = next(state.clone() for state in playout("goofspiel", 2, 10) if any(b is not None for b in state.bids))
    cls = type(sealed)
    check_views(sealed, random.Random(1), "goofspiel")  # its own public drawing shows the bid as sealed
    monkeypatch.setattr(cls, "render_public", lambda state: cls.render(state, None))  # planted: the bid too
    with pytest.raises(AssertionError, match="the public drawing"):
        check_views(sealed, random.Random(1), "goofspiel")
