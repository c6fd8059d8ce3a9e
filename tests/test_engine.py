"""The engine with people at the prompt: picking, help, undo, save, quit, and dice typed at the table."""

import io
import json

import pytest
from rich.console import Console

from bgkit.engine import GameLog, replay
from bgkit.errors import BadInput
from bgkit.human import pick
from bgkit.play import _run_match, build_match
from bgkit.testing import scripted


def quiet():
    return Console(file=io.StringIO(), width=120)


def test_pick_by_number_text_and_unique_prefix():
    texts = ["take 1:ship", "take 2:mine", "sell wine"]
    assert pick(texts, "2") == 1
    assert pick(texts, "sell wine") == 2
    assert pick(texts, "s") == 2
    assert pick(texts, "take") is None  # ambiguous
    assert pick(texts, "4") is None
    assert pick(texts, "") is None


def human_match(goofspiel, answers, tmp_path, specs=("human:Ada", "random"), chance="random"):
    console = quiet()
    match = build_match(
        goofspiel, list(specs), [s.split(":")[-1] for s in specs], 3, {"deck": "5"},
        chance=chance, console=console, ask=scripted(answers), save_path=tmp_path / "save.json",
    )
    return match, console


def test_illegal_and_ambiguous_answers_ask_again(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["bid 9", "?", "bid", "bid 3"], tmp_path)
    match.step()  # chance: the prize
    match.step()
    assert match.log.actions[-1] == [0, "bid 3"]
    out = console.file.getvalue()
    assert "'bid 9' is not legal here" in out
    assert "undo   take back your last decision" in out
    assert "5 actions start with 'bid'" in out


def test_undo_with_nothing_to_undo_says_so_and_asks_again(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["undo", "bid 3"], tmp_path)
    _run_match(match, "text", None)  # then the input ends: saved as by quit
    saved = json.loads((tmp_path / "save.json").read_text())
    assert saved["actions"][1] == [0, "bid 3"]
    assert "nothing of yours to undo" in console.file.getvalue()


def test_undo_refused_after_a_reveal(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["bid 2"], tmp_path)
    for _ in range(3):  # prize, Ada's bid, random's bid (which reveals both)
        match.step()
    with pytest.raises(BadInput, match="something was revealed since"):
        match.undo(0)


def test_undo_of_an_open_decision_replays_the_rest(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["bid 2"], tmp_path)
    match.step()
    match.step()
    match.revealed[-1] = False  # as in a game where a bid is an open move
    match.undo(0)
    assert match.log.actions == [[-1, match.log.actions[0][1]]]
    assert match.state.current_player() == 0
    assert json.loads((tmp_path / "save.json").read_text())["actions"] == match.log.actions


def test_quit_saves_and_resume_continues(goofspiel, tmp_path, capsys):
    match, _ = human_match(goofspiel, ["bid 5", "quit"], tmp_path)
    _run_match(match, "text", None)
    saved = GameLog.from_dict(json.loads((tmp_path / "save.json").read_text()))
    assert saved.actions[1] == [0, "bid 5"]
    assert "Resume with: bgkit play --resume" in capsys.readouterr().err
    state = replay(goofspiel, match.rules, saved)
    assert state.hands[0] == [1, 2, 3, 4]


def test_end_of_input_at_the_prompt_saves_like_quit(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, [], tmp_path)
    _run_match(match, "text", None)
    assert (tmp_path / "save.json").exists()


def test_chance_typed_at_the_table(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["prize 9", "prize 4", "bid 1"], tmp_path, chance="table")
    match.step()
    match.step()
    assert match.log.actions == [[-1, "prize 4"], [0, "bid 1"]]
    assert "'prize 9' is not a possible outcome" in console.file.getvalue()


def test_save_command_saves_and_carries_on(goofspiel, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    match, _ = human_match(goofspiel, ["save", "bid 1"], tmp_path)
    match.save_path = None
    match.step()
    match.step()  # save -> written to the default name, no action
    assert match.log.actions[-1][0] == -1
    assert json.loads((tmp_path / "goofspiel-3.bgkit.json").read_text())["actions"] == match.log.actions
    match.step()
    assert match.log.actions[-1] == [0, "bid 1"]


def test_people_are_told_what_others_did_and_sealed_choices_when_all_are_in(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["bid 1"], tmp_path, specs=("random", "human:Bo"))
    match.step()  # the prize
    match.step()  # random's sealed bid
    told = console.file.getvalue()
    assert f"chance: {match.log.actions[0][1]}" in told
    assert "random: P1 bids" in told
    assert match.log.actions[1][1] not in told  # the bid itself stays sealed
    match.step()  # Bo bids: both are revealed, the next prize comes
    revealed = console.file.getvalue()[len(told):]
    assert f"revealed: random: {match.log.actions[1][1]}" in revealed
    assert "revealed: Bo: bid 1" in revealed


def test_undo_is_refused_for_a_resumed_game(goofspiel, tmp_path):
    first, _ = human_match(goofspiel, ["bid 2"], tmp_path)
    first.step()
    first.step()
    resumed = build_match(goofspiel, ["human:Ada", "random"], ["Ada", "random"], 3, {"deck": "5"}, log=first.log,
                          console=quiet(), ask=scripted([]))
    with pytest.raises(BadInput, match="something was revealed"):
        resumed.undo(0)


def test_two_people_at_one_screen_look_away_for_sealed_choices(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["", "bid 2", "", "bid 3"], tmp_path, specs=("human:Ada", "human:Bo"))
    for _ in range(3):  # prize, Ada's sealed bid, Bo's sealed bid
        match.step()
    assert match.log.actions[1:] == [[0, "bid 2"], [1, "bid 3"]]


def test_one_person_against_bots_is_not_asked_to_hand_over(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["bid 2"], tmp_path)  # no empty answer for a hand-over prompt
    match.step()
    match.step()
    assert match.log.actions[1] == [0, "bid 2"]


def test_at_the_table_a_bare_number_is_the_outcome_not_a_position(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["4", "bid 1"], tmp_path, chance="table")
    match.step()
    assert match.log.actions[0] == [-1, "prize 4"]  # '4' is 'prize 4', not the 4th listed outcome


def test_at_the_table_hash_picks_by_position_and_question_mark_helps(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["?", "#2", "bid 1"], tmp_path, chance="table")
    match.step()
    assert match.log.actions[0] == [-1, "prize 2"]
    assert "#N for the Nth outcome" in console.file.getvalue()


def test_the_prompt_accepts_the_games_own_spelling(goofspiel, tmp_path):
    match, _ = human_match(goofspiel, ["  bid   3 "], tmp_path)
    match.step()
    match.step()
    assert match.log.actions[1] == [0, "bid 3"]


def test_a_person_is_told_which_seat_is_whose(goofspiel, tmp_path):
    match, console = human_match(goofspiel, ["bid 1"], tmp_path)
    match.step()
    match.step()
    assert "Seats: P1 Ada · P2 random" in console.file.getvalue()
