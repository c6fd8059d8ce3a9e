"""A bot's moves said at a real table (``--chance table``): every kind of Bretagne decision has its
own instruction in the box's words (never the action's short text), and what it says is what the
move then does; the equipment card a seat draws is asked for by naming that seat."""

from __future__ import annotations

import random

from bgkit.api import CHANCE
from bgkit.testing import get_registry

from bgkit_bretagne import codes as S
from bgkit_bretagne import wording


def played(players: int, seed: int):
    """Every decision of a random game: (the state just before it, the seat, the action)."""
    game = get_registry().load_game("bretagne")
    rng = random.Random(seed)
    state = game.new_state(game.setup(players, rng, {o.name: o.default for o in game.options}))
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            yield state, CHANCE, None
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            action = rng.choice(state.legal_actions())
            yield state, state.current_player(), action
            state.apply(action)


def test_every_kind_of_decision_is_said_in_the_games_words():
    said: dict[int, set[str]] = {}
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        for state, player, action in played(players, seed):
            if player == CHANCE:
                continue
            words = wording.instruction(state, player, action)
            assert words and words != state.action_text(action), (state.action_text(action), words)
            said.setdefault(action[0], set()).add(words)
    decisions = {S.BARGE, S.LOAD, S.BUILD, S.SITE, S.RETURN, S.EXCHANGE, S.TRADE, S.PICK, S.GO, S.DONE, S.PASS, S.PLAY, S.ENTER}
    assert set(said) == decisions, f"never played: {decisions - set(said)}"
    assert any("pays" in w and "at Pontivy" in w for w in said[S.BUILD])
    assert all("for the rest of the round" in w for w in said[S.PASS])  # a pass ends the seat's whole round


def test_what_a_load_and_a_return_say_is_what_they_do():
    for state, player, action in played(3, 5):
        if player == CHANCE or action[0] not in (S.LOAD, S.RETURN):
            continue
        words = wording.instruction(state, player, action)
        before = [list(r) for r in state.res] if action[0] == S.LOAD else state.vp[player]
        state = state.clone()
        state.apply(action)
        if action[0] == S.LOAD:
            got = [after - was for after, was in zip(state.res[player], before[player])]
            assert f"loads {max(got)} {state.t.resources[action[1]]} from Quimper" in words, words
        elif action[1]:
            assert f"back home for {state.vp[player] - before} point" in words, words


def test_a_seats_equipment_draw_names_the_seat():
    """The table is asked for P2's card as ``P2 draws …``: the core names the bot there (``P2 (greedy)``)."""
    for state, player, _ in played(2, 6):
        if player == CHANCE and state.chance[0][0] == S.Q_EQUIPMENT:
            assert state.chance_label() == f"P{state.chance[0][1] + 1} draws an equipment card"
            return
    raise AssertionError("no equipment card was drawn")
