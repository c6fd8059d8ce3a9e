"""Files are never lost or clobbered: --save/--log targets, stale temp files, table setups, resumes."""

import json
import os
import time
from pathlib import Path

import pytest

from bgkit.model.savefile import STALE_SECONDS, write_atomic
from bgkit.testing import run_cli

PLAY = ["play", "goofspiel", "random", "random", "--seed", "4", "--option", "deck=5"]


@pytest.mark.parametrize("option", ["--save", "--log"])
def test_an_existing_file_that_is_not_a_save_of_the_game_is_kept(tmp_path, option):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = run_cli([*PLAY, option, notes])
    assert result.exit_code == 2
    assert f"{notes} exists and is not a bgkit" in result.stderr and "--force" in result.stderr
    assert notes.read_text() == "my notes\n"
    forced = run_cli([*PLAY, option, notes, "--force"])
    assert forced.exit_code == 0 and json.loads(notes.read_text())["game"] == "goofspiel"


def test_a_save_of_the_same_game_may_be_written_again_but_not_one_of_another_game(tmp_path):
    log = tmp_path / "game.json"
    assert run_cli([*PLAY, "--log", log]).exit_code == 0
    assert run_cli([*PLAY, "--log", log]).exit_code == 0
    other = run_cli(["play", "burgundy", "random", "random", "--seed", "1", "--log", log])
    assert other.exit_code == 2 and "is not a bgkit log of burgundy" in other.stderr


def test_an_unfinished_game_is_never_replaced_by_a_new_one(tmp_path):
    """A save whose game has not ended can still be resumed: --save and --log leave it alone."""
    save = tmp_path / "game.json"
    assert run_cli([*PLAY, "--save", save]).exit_code == 0
    data = json.loads(save.read_text())
    data["actions"], data["result"] = data["actions"][:5], None
    save.write_text(json.dumps(data))
    kept = save.read_text()
    for option in ("--save", "--log"):
        again = run_cli([*PLAY, option, save])
        assert again.exit_code == 2 and save.read_text() == kept
        assert f"{save} holds an unfinished game of goofspiel; continue it with bgkit play --resume {save}" in again.stderr
    assert run_cli(["play", "--resume", save]).exit_code == 0  # resuming writes the same save on
    assert json.loads(save.read_text())["result"] is not None
    save.write_text(kept)
    assert run_cli([*PLAY, "--save", save, "--force"]).exit_code == 0


@pytest.mark.parametrize("kind", ["fifo", "symlink", "device", "directory"])
def test_what_is_not_a_regular_file_is_never_replaced(tmp_path, kind):
    target = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        (tmp_path / "real.json").write_text("{}")
        target.symlink_to(tmp_path / "real.json")
    elif kind == "device":
        target = Path("/dev/null")
    else:
        target.mkdir()
    for extra in ([], ["--force"]):
        result = run_cli([*PLAY, "--save", target, *extra])
        assert result.exit_code == 2, result
        assert result.stderr.count("\n") == 1
    if kind == "fifo":
        assert target.is_fifo()
    if kind == "symlink":
        assert target.is_symlink() and (tmp_path / "real.json").read_text() == "{}"


def test_a_folder_that_takes_no_file_is_refused_before_the_game():
    result = run_cli([*PLAY, "--log", "/proc/x.json"])
    assert result.exit_code == 2 and "cannot write /proc/x.json" in result.stderr and result.stdout == ""


def test_temp_files_left_by_a_killed_writer_are_cleaned_up(tmp_path):
    path = tmp_path / "save.json"
    stale = tmp_path / ".save.json.abc123.tmp"
    fresh = tmp_path / ".save.json.def456.tmp"
    stale.write_text("half")
    fresh.write_text("being written")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    write_atomic(path, "new")
    assert path.read_text() == "new" and not stale.exists() and fresh.exists()


# -- a table's real setup ------------------------------------------------------------------------------


def laid_out(tmp_path, players=2, edit=None):
    doc = run_cli(["setup", "burgundy", "-p", str(players), "--seed", "21", "--format", "toml"]).stdout
    if edit:
        doc = edit(doc)
    path = tmp_path / "table.toml"
    path.write_text(doc)
    return path


def test_bots_play_from_the_setup_laid_out_at_the_table(tmp_path):
    first_goods = "goods_piles = [\n    [\n        5,"  # the table's first goods tile is a 6, not a 5
    path = laid_out(tmp_path, edit=lambda d: d.replace(first_goods, first_goods[:-2] + "6,", 1))
    log = tmp_path / "game.json"
    result = run_cli(["play", "burgundy", "greedy", "greedy", "--setup", path, "--log", log])
    assert result.exit_code == 0, result.stderr
    saved = json.loads(log.read_text())
    assert saved["setup_from"] == str(path) and saved["seed"] == 21
    assert saved["setup"]["goods_piles"][0][0] == 6
    assert run_cli(["replay", log, "--verify"]).exit_code == 0


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.replace("silverlings = 1", 'silverlings = "one"', 1), "setup.seats.0.silverlings must be a whole number, not 'one'"),
    (lambda d: d.replace("[setup]", "[setup]\nextra = 1", 1), "setup.extra is not part of a setup"),
    (lambda d: d.replace('game = "burgundy"', 'game = "goofspiel"', 1), "this setup is for 'goofspiel', not 'burgundy'"),
    (lambda d: d.replace('boards = "standard"', 'boards = "huge"', 1), "option boards is 'huge'"),
])
def test_a_bad_table_setup_names_file_and_line(tmp_path, edit, message):
    path = laid_out(tmp_path, edit=edit)
    result = run_cli(["play", "burgundy", "random", "random", "--setup", path])
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert f"{path}:" in result.stderr and result.stderr.count("\n") == 1


def test_a_table_setup_for_another_player_count_is_refused(tmp_path):
    path = laid_out(tmp_path, players=3)
    result = run_cli(["play", "burgundy", "random", "random", "--setup", path])
    assert result.exit_code == 2 and "this setup is for 3 players, but 2 seats were given" in result.stderr


# -- resuming ------------------------------------------------------------------------------------------------


def test_a_resumed_game_draws_the_same_chance_as_the_uninterrupted_one(tmp_path):
    """Cut a finished log short, resume it: the dice and draws that follow are the same."""
    whole = tmp_path / "whole.json"
    assert run_cli(["play", "burgundy", "random", "random", "--seed", "3", "--log", whole]).exit_code == 0
    data = json.loads(whole.read_text())
    cut = tmp_path / "cut.json"
    data["actions"] = data["actions"][:120]
    data["result"] = None
    cut.write_text(json.dumps(data))
    assert run_cli(["play", "--resume", cut]).exit_code == 0
    resumed = json.loads(cut.read_text())
    chance = lambda log: [text for player, text in log["actions"] if player == -1]  # noqa: E731
    assert chance(resumed) == chance(json.loads(whole.read_text()))


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["options"].update(deck="zzz"), "the log's options: option deck is 'zzz'; choose one of"),
    (lambda d: d.update(actions=d["actions"][:5]), "the log records a result but the replayed game has not ended"),
    (lambda d: None, "is over: nothing to resume (bgkit replay"),
])
def test_resume_checks_a_save_as_replay_verify_does(tmp_path, edit, message):
    save = tmp_path / "game.json"
    assert run_cli([*PLAY, "--save", save]).exit_code == 0
    data = json.loads(save.read_text())
    edit(data)
    save.write_text(json.dumps(data))
    resumed = run_cli(["play", "--resume", save])
    assert resumed.exit_code == 2 and message in resumed.stderr and resumed.stderr.count("\n") == 1, resumed.stderr
    assert json.loads(save.read_text()) == data  # the save is left as it was


def test_table_chance_is_kept_in_the_save():
    from bgkit.engine.match import GameLog

    log = GameLog("goofspiel", 2, {}, ["human", "random"], ["a", "b"], chance="table")
    assert GameLog.from_dict(log.to_dict()).chance == "table"
    with pytest.raises(Exception, match="chance must be random or table"):
        GameLog.from_dict({**log.to_dict(), "chance": "dice"})
