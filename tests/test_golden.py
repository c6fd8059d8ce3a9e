"""Same seed, same game: every golden playthrough (tests/golden/, made by tests/golden_games.py)
is played again with the code under test -- bots, a person typing at the terminal, chance typed in
at the table -- and must give the same log, offer the same actions in the same order, show every
seat the same views and the spectator the same drawing, and end with the same sheet, result and
screen. A failure names the first action where the logs part, with both texts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("bgkit_golden_games", Path(__file__).parent / "golden_games.py")
golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = golden  # its dataclasses look their module up; Burgundy's tests own the name golden_games
_spec.loader.exec_module(golden)

RECORDS = [record for game_id in golden.GAMES if golden.path_of(game_id).exists() for record in golden.read(game_id)]


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record["id"])
def test_the_recorded_playthrough_plays_again_the_same(record):
    found = golden.differences(record, *golden.again(record))
    assert not found, f"{record['id']} no longer plays as recorded:\n" + "\n".join(found)


@pytest.mark.parametrize("game_id", golden.GAMES)
def test_every_player_count_has_its_playthroughs(game_id):
    """Every count a random-bot and a greedy-bot game; an MCTS game, a person at the terminal,
    other options and a --chance table game with two people; each one a finished game."""
    assert golden.path_of(game_id).exists(), f"no golden file for {game_id}: python tests/golden_games.py --update {game_id}"
    records = golden.read(game_id)
    assert [r["id"] for r in records] == [plan.id for plan in golden.plans(game_id)]
    game = golden.load(game_id)
    for players in range(game.info.min_players, game.info.max_players + 1):
        kinds = {r["id"].split("-")[2] for r in records if r["players"] == players}
        assert {"random", "greedy"} <= kinds, f"{game_id} at {players} players"
    for record in records:
        assert "stopped" not in record and "replayed" not in record and record["result"]["scores"], record["id"]
        if record["chance"] == "table" or any(seat.startswith("human") for seat in record["seats"]):
            assert record["answers"] and record["screen"], record["id"]
    assert any(r.get("showcase") and isinstance(r["samples"][1]["views"][0], dict) for r in records)


def test_a_changed_game_is_named_by_its_first_different_action():
    """What a failure says: the first action where the logs part, with both texts, and what was
    offered where the log is the same."""
    record = golden.read("goofspiel")[0]
    changed = {**record, "actions": [list(row) for row in record["actions"]]}
    changed["actions"][4][1] = "bid 99"
    changed["actions"][2][2] = "00000000"
    found = golden.differences(record, changed)
    assert found[0] == f"the logs part at action 5: recorded P1 {record['actions'][4][1]!r}, now P1 'bid 99'"
    assert found[1] == f"what was offered at action 3 (P2 about to play {record['actions'][2][1]!r}) differs"
    shorter = {**record, "actions": record["actions"][:-1]}
    assert golden.differences(record, shorter)[0] == f"the game now has {len(record['actions']) - 1} actions, recorded {len(record['actions'])}"


def test_a_changed_screen_is_named_by_the_answer_before_it_with_what_it_shows_now():
    record = next(r for r in golden.read("goofspiel") if "answers" in r)
    changed = {**record, "answers": [list(a) for a in record["answers"]]}
    changed["answers"][1][2] = "00000000"
    screens = ["", "P1 to play now\n"] + [""] * len(record["answers"])
    found = golden.differences(record, changed, screens)
    prompt, answer, _ = record["answers"][1]
    assert found == [f"the screen before answer 2 ({prompt!r} {answer!r}) differs; it ends now:\nP1 to play now"]
