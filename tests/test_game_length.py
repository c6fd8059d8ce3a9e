"""Every game declares a maximum length, and a game that reaches it is over with no winner.

The repro of issue 38 item 6: an exec bot (a real child process) that always answers the first
legal action, against random, in Blue Moon City, seed 1, used to play 100,000 actions and then
fail the whole command (exit 1). Now it stops at the game's maximum length with a declared result
that the log, ``replay --verify``, tournaments and arenas all read.
"""

import json
import subprocess
import sys

import pytest

from bgkit.testing import run_cli

#: Always the first legal action: legal, and in Blue Moon City it stalls the game for ever.
FIRST = r'''
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "first", "reuse": True}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "index": 0}), flush=True)
'''


@pytest.fixture
def first_bot(tmp_path):
    path = tmp_path / "first.py"
    path.write_text(FIRST)
    return f"exec:{sys.executable} {path}"


def test_every_shipped_game_declares_a_maximum_length(registry):
    for info in registry.games.values():
        game = registry.load_game(info.id)
        for players in range(info.min_players, info.max_players + 1):
            space = game.action_space(players)
            assert space is not None and isinstance(space.max_length, int) and space.max_length > 0, (info.id, players)


def test_a_stalling_exec_bot_ends_the_game_with_no_winner(first_bot, tmp_path):
    """The issue's repro, as a person runs it: exit 0, the result in one line, a log that verifies."""
    log = tmp_path / "stalled.json"
    done = subprocess.run(
        [sys.executable, "-m", "bgkit", "play", "bluemooncity", first_bot, "random", "--seed", "1", "--log", str(log)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "error" not in done.stderr
    assert "Winner: nobody (no winner: stopped after 12,000 decisions, the game's limit)" in done.stdout
    saved = json.loads(log.read_text())
    assert saved["result"]["winners"] == [] and saved["result"]["ranks"] == [1, 1]
    assert saved["result"]["decisions"] == 12_000
    verified = run_cli(["replay", str(log), "--verify"])
    assert verified.exit_code == 0, verified.stderr
    assert "result matches" in verified.stdout


@pytest.fixture
def short_bluemooncity(registry, monkeypatch):
    """Blue Moon City with a maximum length of 300 decisions, so a stalled game takes a moment."""
    from bgkit_bluemooncity.play import PLAY

    # the spec's notation, as every game loaded from now on reads it (the registry is fresh)
    monkeypatch.setattr(PLAY.notation, "max_game_length", lambda comp, players: 300)
    return registry


def test_a_tournament_counts_the_stopped_games(short_bluemooncity, first_bot):
    result = run_cli(["play", "bluemooncity", first_bot, "random", "--seed", "1", "--games", "2", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert [g["winners"] for g in games] == [[], []] and [g["decisions"] for g in games] == [300, 300]
    assert summary["no_winner"] == 2
    assert [row["mean_rank"] for row in summary["seats"].values()] == [1.0, 1.0]
    text = run_cli(["play", "bluemooncity", first_bot, "random", "--seed", "1", "--games", "2"])
    assert text.exit_code == 0 and "2 with no winner" in text.stdout


def test_an_arena_rates_a_stopped_game_as_a_tie(short_bluemooncity, first_bot, tmp_path):
    out = tmp_path / "arena.jsonl"
    result = run_cli(["arena", "bluemooncity", first_bot, "random", "--seed", "1", "--games", "2", "--format", "json",
                      "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout.splitlines()[-1])
    assert [row["wins"] for row in summary["ladder"]] == [0, 0]
    assert all(cell["ties"] == 2 for row in summary["pairwise"].values() for cell in row.values())
    # read back, not played again; the file's exec: bot is given again, as a file never starts a program
    resumed = run_cli(["arena", "--resume", str(out), "--bot", f"1={first_bot}", "--format", "json"])
    assert resumed.exit_code == 0, resumed.stderr


def test_a_log_that_plays_on_past_the_maximum_length_is_refused(short_bluemooncity, tmp_path):
    log = tmp_path / "long.json"
    assert run_cli(["play", "bluemooncity", "random", "random", "--seed", "1", "--log", str(log)]).exit_code == 0
    played = json.loads(log.read_text())
    assert played["result"]["decided_by"].startswith("no winner: stopped after 300 decisions")
    resumed = run_cli(["play", "--resume", str(log)])
    assert resumed.exit_code == 2 and "is over: nothing to resume" in resumed.stderr


def test_the_history_keeps_a_stopped_game_with_no_winner(short_bluemooncity, tmp_path):
    """A game people played that reached the maximum length is recorded, listed and counted."""
    from bgkit.engine.setups import parse_options
    from bgkit.history.commands import Recording
    from bgkit.sessions.build import build_match

    game = short_bluemooncity.load_game("bluemooncity")
    match = build_match(game, ["random", "random"], ["Ann", "Bo"], 1, parse_options(game, []))
    result = match.play()
    assert result.winners == [] and result.decided_by.startswith("no winner")
    match.log.seats[0] = "human:Ann"  # as if Ann had sat there (a person cannot be scripted for 300 decisions here)
    db = tmp_path / "history.sqlite3"
    assert Recording(db, "2026-01-02", None, None).record_match((match, result)) == 1
    listed = run_cli(["history", "show", "1", "--db", db, "--format", "json"])
    assert listed.exit_code == 0, listed.stderr
    play = json.loads(listed.stdout)
    assert play["winners"] == [] and play["decided_by"].startswith("no winner: stopped after 300 decisions")
    stats = run_cli(["stats", "--db", db, "--format", "json"])
    assert stats.exit_code == 0, stats.stderr
    ann = [row for row in json.loads(stats.stdout)["players"] if row["name"] == "Ann"]
    assert ann and ann[0]["plays"] == 1 and ann[0]["wins"] == 0
    exported = run_cli(["history", "export", "--db", db, "--format", "csv"])
    assert exported.exit_code == 0, exported.stderr
