"""Goofspiel's setup file (``bgkit play goofspiel ... --setup FILE``): the deck follows the deck option, and
the seats the one seat schema; anything else is refused before play in one line naming the file, line and field."""

import json
import re

import pytest

from bgkit.testing import bgkit_limited, run_cli

GAME = "goofspiel"


def setup_file(tmp_path, players, edit=None, fmt="json", options=(), seed=1):
    """The document ``bgkit setup`` writes, edited by ``edit(setup)`` and written as a person would."""
    args = ["setup", GAME, "-p", str(players), "--seed", str(seed), "--format", fmt]
    for option in options:
        args += ["--option", option]
    text = run_cli(args).stdout
    if fmt == "json":
        doc = json.loads(text)
        if edit:
            edit(doc["setup"])
        text = json.dumps(doc, indent=2)
    elif edit:
        text = edit(text)
    path = tmp_path / f"table.{fmt}"
    path.write_text(text, encoding="utf-8")
    return path


def play(path, players):
    return run_cli(["play", GAME, *["random"] * players, "--setup", path, "--format", "json"])


def refused(result, path, field, *words):
    """Exit 2, one line ``bgkit: error: FILE:LINE: setup.FIELD ...``, no Python exception in it."""
    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    text = result.stderr.strip()
    assert code == 2 and len(text.splitlines()) == 1, text
    assert re.match(rf"bgkit: error: {re.escape(str(path))}:\d+: {re.escape(field)} ", text), text
    assert not re.search(r"Traceback|\b[A-Z][a-z]+Error\b", text), text
    for word in words:
        assert word in text, text



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
