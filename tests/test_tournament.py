"""Bot matches: seat rotation, shared deal seeds, statistics, and --jobs giving identical results."""

import json
from collections import Counter

from bgkit.testing import run_cli
from bgkit.tournaments.tournament import schedule, summarize, wilson_interval, GameRecord


def lines(result):
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_every_spec_plays_every_position_equally_often():
    tasks = schedule("goofspiel", None, {}, ["a", "b", "c"], ["a", "b", "c"], 9, 1)
    positions = Counter((task.order[p], p) for task in tasks for p in range(3))
    assert set(positions.values()) == {3}
    # the three rotations of a deal share its seed; different deals do not
    assert len({task.seed for task in tasks}) == 3
    assert tasks[0].seed == tasks[1].seed == tasks[2].seed != tasks[3].seed


def test_json_lines_one_per_game_then_the_summary():
    result = run_cli(["play", "goofspiel", "random", "greedy", "--games", "4", "--seed", "9", "--format", "json"])
    records = lines(result)
    assert len(records) == 5
    games, summary = records[:4], records[4]
    assert [g["index"] for g in games] == [0, 1, 2, 3]
    assert games[0]["seats"] == ["random", "greedy"] and games[1]["seats"] == ["greedy", "random"]
    assert games[0]["seed"] == games[1]["seed"]
    for game in games:
        assert set(game) == {"index", "game", "seed", "options", "seats", "scores", "ranks", "winners", "decisions"}
    assert summary["summary"] is True and summary["games"] == 4 and summary["seed"] == 9
    wins = sum(1 for g in games if "random" in g["winners"])
    assert summary["seats"]["random"]["wins"] == wins


def test_jobs_2_gives_the_same_results_as_jobs_1():
    args = ["play", "goofspiel", "random", "greedy", "mcts:iterations=30", "--games", "6", "--seed", "5", "--format", "json"]
    assert lines(run_cli(args + ["--jobs", "1"])) == lines(run_cli(args + ["--jobs", "2"]))


def test_text_summary_table():
    result = run_cli(["play", "goofspiel", "random", "random", "--games", "4", "--seed", "2"])
    assert result.exit_code == 0
    assert "goofspiel: 4 games, seed 2" in result.stdout
    assert "random #2" in result.stdout and "95% CI" in result.stdout


def test_summary_counts_shared_wins_for_each_winner():
    records = [
        GameRecord(0, "g", 1, {}, ["a", "b"], [5, 5], [1, 1], ["a", "b"], 10),
        GameRecord(1, "g", 1, {}, ["b", "a"], [7, 3], [1, 2], ["b"], 12),
    ]
    summary = summarize(records, ["a", "b"], 1, "g")
    assert summary["seats"]["a"]["wins"] == 1 and summary["seats"]["a"]["shared_wins"] == 1
    assert summary["seats"]["b"]["wins"] == 2 and summary["seats"]["b"]["median_score"] == 6
    assert summary["mean_decisions"] == 11


def test_wilson_interval():
    low, high = wilson_interval(0, 10)
    assert low == 0 and 0.27 < high < 0.31
    low, high = wilson_interval(5, 10)
    assert abs((low + high) / 2 - 0.5) < 1e-9


def test_a_record_replays_as_a_single_game():
    args = ["--games", "2", "--seed", "1", "--option", "deck=8", "--format", "json"]
    records = lines(run_cli(["play", "goofspiel", "random", "greedy", *args]))
    rotated = records[1]
    options = [f"--option={k}={v}" for k, v in rotated["options"].items()]
    single = json.loads(run_cli(["play", "goofspiel", *rotated["seats"], "--seed", str(rotated["seed"]), *options, "--format", "json"]).stdout)
    assert (single["scores"], single["winners"]) == (rotated["scores"], rotated["winners"])


def test_uneven_rotation_is_warned_about():
    result = run_cli(["play", "goofspiel", "random", "greedy", "--games", "3", "--seed", "1"])
    assert "warning: 3 games do not rotate 2 seats evenly" in result.stderr
