"""`?` at the prompt explains the game's own action words (issue 41: "help that knows the game"):
the words the listed actions use, each with what it does, from the game's ``Notation.words``."""

import pytest

from bgkit.api import Notation, Play
from bgkit.api import CHANCE
from bgkit.model.spec import action_words, first_word
from bgkit.testing import Terminal, get_registry


def test_the_help_explains_the_words_of_the_listed_actions_and_no_others(tmp_path):
    term = Terminal(["play", "bruges", "human:Ada", "greedy", "--seed", "2", "--option", "start=1"], tmp_path, columns=80)
    term.read_until("Ada> ")
    term.type("?")
    screen = term.read_until("Ada> ")
    words = screen[screen.index("In this game:"):screen.index("Seats:")]
    assert "draw A|B" in words and "phase 1: draw the top card of pile A or B" in words
    assert "reputation pay" not in words  # not a listed action now
    assert max(map(len, screen.splitlines())) <= 80, screen  # the whole help wrapped to the terminal
    term.type("quit")
    assert term.finish() == 0


@pytest.mark.parametrize("game_id", ["bruges", "burgundy", "bridgetroll", "goofspiel", "bretagne", "bluemooncity"])
def test_every_word_the_actions_of_a_played_game_begin_with_is_explained(game_id):
    import random

    game = get_registry().load_game(game_id)
    explained = {first_word(pattern) for pattern, _ in type(game.new_state(
        game.setup(game.info.min_players, random.Random(1), {o.name: o.default for o in game.options})))._bound_play.notation.words}
    used: set[str] = set()
    rng = random.Random(3)
    for players in (game.info.min_players, game.info.max_players):  # random games reach most kinds of decision
        state = game.new_state(game.setup(players, rng, {o.name: o.default for o in game.options}))
        for _ in range(3000):
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            elif state.current_player() >= 0:
                legal = state.legal_actions()
                used |= {first_word(state.action_text(a)) for a in legal}
                state.apply(rng.choice(legal))
            else:
                break
    assert used - explained == set(), f"{game_id}: ? would not explain these words"


def test_only_the_words_the_listed_actions_use_are_shown():
    class Fake:
        pass

    play = Play(state=type("S", (), {}), new_state=lambda c, s: None, rules=None,  # type: ignore[arg-type]
                notation=Notation(words=(("bid N", "bid a card"), ("pass", "bid nothing"))))
    state = Fake()
    type(state)._bound_play = play  # type: ignore[attr-defined]
    assert action_words(state, ["bid 3", "bid 4"]) == [("bid N", "bid a card")]  # type: ignore[arg-type]
    assert action_words(state, []) == []  # type: ignore[arg-type]


def test_bretagne_help_says_a_pass_ends_your_whole_round(tmp_path):
    """Bretagne's ``pass`` is not "nothing this turn": ``?`` says it ends the seat's whole round."""
    import re

    term = Terminal(["play", "bretagne", "human:Ada", "random", "--seed", "2"], tmp_path, columns=80, lines=50)
    for _ in range(30):  # the barges are chosen and loaded first; then pass is listed
        screen = term.read_until("Ada> ")
        if re.search(r"^ +\d+ pass\b| \d+ pass\b", screen.split("to play")[-1], re.M):
            break
        term.type("#1")
    else:
        raise AssertionError("pass was never listed")
    term.type("?")
    words = " ".join(term.read_until("Ada> ").split())
    assert "pass pass for the whole round: you take no more actions until the next round" in words, words
    term.type("quit")
    assert term.finish() == 0
