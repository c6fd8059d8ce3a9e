"""Goofspiel's setup file (``bgkit play goofspiel ... --setup FILE``): the deck follows the deck option, and
the seats the one seat schema; anything else is refused before play in one line naming the file, line and field."""

import json

import pytest

from bgkit.testing import assert_setup_refused as refused, bgkit_limited, setup_file_kit

GAME = "goofspiel"

setup_file, play, plays = setup_file_kit(GAME)


def test_an_unedited_setup_plays_with_each_deck(tmp_path):
    for deck in ("13", "8", "5"):
        result = play(setup_file(tmp_path, 3, options=[f"deck={deck}"]), 3)
        assert result.exit_code == 0 and json.loads(result.stdout)["decisions"] == 3 * int(deck), result.stderr


def test_a_deck_of_a_million_is_refused_not_played(tmp_path):
    """It hung: the deck option allows 13, 8 or 5 cards, the setup held a million."""
    path = setup_file(tmp_path, 2, lambda s: s.update(deck=1000000))
    refused(bgkit_limited("play", GAME, "random", "random", "--setup", path, timeout=60), path,
            "setup.deck", "is 1000000, but Goofspiel's rules make it 13 with these players and options")


@pytest.mark.parametrize("edit, field, words", [
    (lambda s: s.update(deck=5), "setup.deck", "is 5, but Goofspiel's rules make it 13"),  # --option deck=5 is the way
    (lambda s: s.update(turn_order=[]), "setup.turn_order", "lists 0 items, but Goofspiel lays out 2 here"),  # played on
    (lambda s: s.update(turn_order=[2, 1]), "setup.turn_order", "but play goes clockwise from start_player 1: [1, 2]"),
    (lambda s: s.update(start_player=3), "setup.start_player", "is 3, but the seats are 1-2"),
    (lambda s: s.update(players=3), "setup.players", "is 3, but 2 seats were given"),
    (lambda s: s.update(seats=[{"seat": 1}]), "setup.seats", "lists 1 item, but Goofspiel lays out 2 here"),
])
def test_an_edit_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 2, edit)
    refused(play(path, 2), path, field, words)
