"""A number typed at the prompt never means other than what the person read (issue 41).

Goofspiel declares a card's value as its natural key: after bidding 4, ``10`` is both the card 10
and the 10th card listed (the 11): the prompt asks which, in one line, instead of bidding the 11.
"""

import io
import json
import pty

import pytest
from rich.console import Console

from bgkit.cli.play import build_match
from bgkit.testing import Terminal, scripted


def ada_bids(goofspiel, tmp_path, answers):
    """Ada (a person) against random, 13 cards: her bids, and what the screen showed."""
    console = Console(file=io.StringIO(), width=100)
    match = build_match(goofspiel, ["human:Ada", "random"], ["Ada", "random"], 3, {"deck": "13"},
                        console=console, ask=scripted(answers), save_path=tmp_path / "save.json")
    for _ in range(6):  # prize, Ada, random; prize, Ada, random
        match.step()
    return [text for player, text in match.log.actions if player == 0], console.file.getvalue()


def test_a_number_that_is_both_a_card_and_a_place_in_the_list_is_asked_about(goofspiel, tmp_path):
    bids, screen = ada_bids(goofspiel, tmp_path, ["4", "10", "bid 10"])
    assert bids == ["bid 4", "bid 10"]  # not bid 11, the 10th listed once the 4 is gone
    question = "10: 'bid 10' or the 10th listed, 'bid 11'? type bid 10, or #10"
    assert question in screen.splitlines()  # one line


def test_the_place_in_the_list_is_still_there_with_a_hash(goofspiel, tmp_path):
    bids, _ = ada_bids(goofspiel, tmp_path, ["4", "10", "#10"])
    assert bids == ["bid 4", "bid 11"]


def test_a_number_read_one_way_only_is_taken_at_once(goofspiel, tmp_path):
    bids, screen = ada_bids(goofspiel, tmp_path, ["4", "13"])  # 12 cards left: 13 is only the card
    assert bids == ["bid 4", "bid 13"]
    bids, screen = ada_bids(goofspiel, tmp_path, ["4", "3"])  # the card 3 is the 3rd listed
    assert bids == ["bid 4", "bid 3"] and "listed" not in screen



@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_at_an_80_column_terminal_the_question_is_one_line(tmp_path):
    save = tmp_path / "game.json"
    term = Terminal(["play", "goofspiel", "human:Ada", "random", "--seed", "3", "--option", "deck=13", "--save", str(save)],
                    tmp_path, columns=80)
    term.read_until("Ada> ")
    term.type("4")
    term.read_until("Ada> ")
    term.type("10")
    screen = term.read_until("Ada> ")
    question = "10: 'bid 10' or the 10th listed, 'bid 11'? type bid 10, or #10"
    assert question in [line.strip() for line in screen.splitlines()], screen[-400:]  # whole, on one line
    term.type("bid 10")
    term.read_until("Ada> ")
    term.type("quit")
    term.read_until("Resume with:")
    assert term.finish() == 0
    assert [0, "bid 10"] in json.loads(save.read_text())["actions"]
