"""bgkit arena: tables drawn from the bots, seats rotated, openskill ratings, resuming from its output."""

import itertools
import json
import math
from collections import Counter

import pytest
from openskill.models import PlackettLuce

from bgkit.tournaments.arena import ArenaSchedule, choose_tables, nth_combination
from bgkit.testing import run_cli


def lines(text):
    return [json.loads(line) for line in text.splitlines()]


def plan(n, k, games, tables=None):
    labels = tuple(f"bot{i}" for i in range(n))
    return ArenaSchedule("goofspiel", None, {}, labels, labels, k, games, 7, tables or choose_tables(n, k, games))


def test_nth_combination_is_itertools_order():
    for n, k in [(5, 2), (6, 3), (7, 4), (4, 4)]:
        assert [nth_combination(n, k, i) for i in range(math.comb(n, k))] == list(itertools.combinations(range(n), k))


def test_every_table_in_every_seat_order_when_the_games_allow_it():
    arena = plan(5, 3, 60)  # 10 tables x 3 rotations = 30 games, played twice
    assert arena.tables == "all"
    tasks = [arena.task(g) for g in range(60)]
    tables = Counter(frozenset(task.order) for task in tasks)
    assert len(tables) == 10 and set(tables.values()) == {6}
    seats = Counter((task.order[p], p) for task in tasks for p in range(3))
    assert set(seats.values()) == {12}  # each bot in each seat equally often
    # a table's rotations share the deal seed; the next table has its own
    assert tasks[0].seed == tasks[1].seed == tasks[2].seed != tasks[3].seed


def test_balanced_random_tables_when_there_are_too_many_combinations():
    arena = plan(10, 4, 80)  # 210 tables would need 840 games
    assert arena.tables == "random"
    tasks = [arena.task(g) for g in range(80)]
    assert all(len(set(task.order)) == 4 for task in tasks)  # nobody sits twice at a table
    games = Counter(i for task in tasks for i in task.order)
    assert set(games.values()) == {32}  # everyone plays as often: a cycle is 5 tables, 20 games
    assert len({frozenset(task.order) for task in tasks}) > 5  # new tables each cycle


def test_as_many_bots_as_seats_plays_the_games_of_bgkit_play():
    seats = ["random", "greedy", "mcts:iterations=10"]
    arena = lines(run_cli(["arena", "goofspiel", *seats, "--games", "6", "--seed", "4", "--format", "json"]).stdout)
    play = lines(run_cli(["play", "goofspiel", *seats, "--games", "6", "--seed", "4", "--format", "json"]).stdout)
    assert arena[1:-1] == play[:-1]


def test_json_stream_header_games_and_a_ladder_of_openskill_ratings():
    args = ["arena", "goofspiel", "random", "greedy", "mcts:iterations=10", "random", "-p", "3", "--games", "24", "--seed", "5", "--format", "json"]
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    stream = lines(result.stdout)
    header, records, summary = stream[0], stream[1:-1], stream[-1]
    assert header["arena"] == "bgkit-arena/1" and header["entrants"] == ["random", "greedy", "mcts:iterations=10", "random #2"]
    assert header["tables"] == "all" and len(records) == 24  # 4 tables of 3, in 3 seat orders, twice and summary["games"] == 24
    # the ladder is openskill's Plackett-Luce over the games in order, ranks as given (ties are ties)
    model = PlackettLuce()
    ratings = {name: model.rating() for name in header["entrants"]}
    for record in records:
        rated = model.rate([[ratings[s]] for s in record["seats"]], ranks=record["ranks"])
        for seat, team in zip(record["seats"], rated):
            ratings[seat] = team[0]
    ladder = {row["entrant"]: row for row in summary["ladder"]}
    for name, rating in ratings.items():
        assert (ladder[name]["mu"], ladder[name]["sigma"]) == (rating.mu, rating.sigma)
        assert ladder[name]["ordinal"] == rating.ordinal()
    ordinals = [row["ordinal"] for row in summary["ladder"]]
    assert ordinals == sorted(ordinals, reverse=True) and [row["rank"] for row in summary["ladder"]] == [1, 2, 3, 4]
    # the head-to-head counts add up
    pair = summary["pairwise"]["random"]["greedy"]
    other = summary["pairwise"]["greedy"]["random"]
    assert pair["games"] == other["games"] and pair["ahead"] + other["ahead"] + pair["ties"] == pair["games"]
    assert pair["ties"] == other["ties"]


def test_text_ladder_draws_intervals_in_plain_text_off_a_terminal():
    result = run_cli(["arena", "goofspiel", "random", "greedy", "--games", "4", "--seed", "1"])
    assert result.exit_code == 0, result.stderr
    assert "seed 1 — openskill PlackettLuce" in result.stdout and "Head to head" in result.stdout
    bars = [line for line in result.stdout.splitlines() if "|-" in line]
    assert len(bars) == 2 and all("o" in bar for bar in bars) and "●" not in result.stdout


def test_resume_finishes_a_cut_off_run_with_the_same_ratings(tmp_path):
    args = ["arena", "goofspiel", "random", "greedy", "mcts:iterations=10", "-p", "2", "--games", "18", "--seed", "9"]
    whole = tmp_path / "whole.jsonl"
    assert run_cli([*args, "--out", whole]).exit_code == 0
    full = whole.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(full[:8]) + full[8][:40])  # killed while writing game 7
    result = run_cli(["arena", "--resume", cut, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert "dropped a cut-off last line" in result.stderr
    assert cut.read_text() == whole.read_text()  # the same games, the same final ladder
    resumed = lines(result.stdout)
    assert [r["index"] for r in resumed[1:-1]] == list(range(7, 18))
    assert resumed[-1] == json.loads(full[-1])


def test_resume_skips_an_interrupted_runs_partial_summary(tmp_path):
    args = ["arena", "goofspiel", "random", "greedy", "-p", "2", "--games", "8", "--seed", "2", "--format", "json"]
    whole = run_cli(args).stdout.splitlines(keepends=True)
    partial = lines("".join(whole[:4]))
    summary = {**json.loads(whole[-1]), "games": 3}  # what Ctrl-C after three games leaves
    stream = tmp_path / "run.jsonl"
    stream.write_text("".join(json.dumps(item) + "\n" for item in [*partial, summary]))
    assert run_cli(["arena", "--resume", stream]).exit_code == 0
    records = [item for item in lines(stream.read_text()) if "index" in item]
    assert [r["index"] for r in records] == list(range(8))
    assert lines(stream.read_text())[-1] == json.loads(whole[-1])


def test_resume_refuses_a_file_of_another_arena(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run_cli(["arena", "goofspiel", "random", "greedy", "--games", "4", "--seed", "1", "--out", one])
    run_cli(["arena", "goofspiel", "random", "greedy", "--games", "4", "--seed", "2", "--out", two])
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(one.read_text().splitlines(keepends=True)[0] + two.read_text().splitlines(keepends=True)[1])
    result = run_cli(["arena", "--resume", mixed])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"bgkit: error: {mixed}:2: game 0 was not played by this arena's schedule"


@pytest.mark.parametrize(
    "args, message",
    [
        (["goofspiel", "random", "--games", "2"], "an arena rates two or more bots"),
        (["goofspiel", "human", "random", "--games", "2"], "the arena is for bots"),
        (["goofspiel", "random", "greedy", "-p", "3", "--games", "3"], "3-player tables need at least 3 bots"),
        (["goofspiel", "random", "greedy", "-p", "5", "--games", "3"], "players"),
        (["goofspiel", "random", "greedy"], "give the number of games: --games N (2 play every table"),
        (["goofspiel", "random", "nosuchbot", "--games", "2"], "unknown seat 'nosuchbot'"),
    ],
)
def test_bad_arenas_are_one_line(args, message):
    result = run_cli(["arena", *args])
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_out_never_overwrites_a_run(tmp_path):
    out = tmp_path / "run.jsonl"
    out.write_text("something\n")
    result = run_cli(["arena", "goofspiel", "random", "greedy", "--games", "2", "--out", out])
    assert result.exit_code == 2 and "continue it with bgkit arena --resume" in result.stderr
    assert out.read_text() == "something\n"
