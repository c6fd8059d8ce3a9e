"""bgkit stats: the numbers on a small history worked out by hand, head to head, streaks, charts."""

import json
import pty
from pathlib import Path

import pytest

from bgkit.history.views import bar, sparkline
from bgkit.history.stats import streaks
from bgkit.testing import Terminal, run_cli

BURGUNDY = Path(__file__).parent.parent / "examples" / "sheets" / "burgundy-3p.toml"

# (date, {player: prize cards won}); recorded out of date order on purpose.
GAMES = [
    ("2024-01-04", {"Ada": [13], "Bo": [5], "Cy": [12]}),  # Ada 13, Cy 12, Bo 5
    ("2024-01-01", {"Ada": [13, 12], "Bo": [11]}),  # Ada 25, Bo 11
    ("2024-01-03", {"Ada": [10], "Bo": [9, 1]}),  # 10 all: a shared win
    ("2024-01-02", {"Ada": [1], "Bo": [13, 2]}),  # Bo 15, Ada 1
]


def sheet(prizes: dict) -> str:
    return 'game = "goofspiel"\n' + "".join(f'\n[[player]]\nname = "{name}"\nprizes = {cards}\n' for name, cards in prizes.items())


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("stats") / "history.sqlite3"
    for day, prizes in GAMES:
        result = run_cli(["score", "goofspiel", "-", "--record", "--db", str(path), "--date", day], input=sheet(prizes))
        assert result.exit_code == 0, result.stderr
    assert run_cli(["score", "burgundy", str(BURGUNDY), "--record", "--db", str(path), "--date", "2024-02-01"]).exit_code == 0
    return path


def stats(db, *args):
    result = run_cli(["stats", *map(str, args), "--db", str(db), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_streaks_run_in_the_order_given():
    assert streaks([True, False, True, True]) == {"current": {"result": "win", "length": 2}, "longest_win": 2, "longest_loss": 1}
    assert streaks([False, False, True, False]) == {"current": {"result": "loss", "length": 1}, "longest_win": 1, "longest_loss": 2}
    assert streaks([]) == {"current": None, "longest_win": 0, "longest_loss": 0}


def test_one_game_plays_wins_rates_totals_categories_and_streaks(db):
    summary = stats(db, "goofspiel")
    assert summary["plays"] == 4 and summary["one_game"] is True
    ada, bo, cy = summary["players"]
    assert (ada["name"], ada["plays"], ada["wins"], ada["shared_wins"], ada["win_rate"]) == ("Ada", 4, 3, 1, 0.75)
    assert (ada["mean_total"], ada["best"]["total"], ada["worst"]["total"], ada["mean_rank"]) == (12.25, 25, 1, 1.25)
    assert (ada["best"]["date"], ada["worst"]["date"]) == ("2024-01-01", "2024-01-02")
    assert ada["mean_categories"] == {"prizes": 12.25}
    # by date: won, lost, won (shared), won — not in the order the plays were recorded
    assert ada["streaks"] == {"current": {"result": "win", "length": 2}, "longest_win": 2, "longest_loss": 1}
    assert (bo["wins"], bo["win_rate"], bo["mean_total"], bo["streaks"]["current"]) == (2, 0.5, 10.25, {"result": "loss", "length": 1})
    assert (cy["plays"], cy["wins"], cy["win_rate"], cy["mean_rank"]) == (1, 0, 0.0, 2.0)
    assert (ada["win_share"], bo["win_share"], cy["win_share"]) == (0.6, 0.4, 0.0)
    assert [entry["date"] for entry in summary["timeline"]] == ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"]
    assert summary["timeline"][3]["totals"] == {"Ada": 13, "Bo": 5, "Cy": 12}


def test_head_to_head(db):
    h = stats(db, "goofspiel", "--player", "ada", "--vs", "BO")["head_to_head"]
    assert (h["player"], h["opponent"], h["plays"], h["ahead"], h["behind"], h["level"]) == ("Ada", "Bo", 4, 2, 1, 1)
    assert (h["wins"], h["opponent_wins"], h["mean_total"], h["opponent_mean_total"]) == (3, 2, 12.25, 10.25)
    cy = stats(db, "--player", "Cy", "--vs", "Ada")["head_to_head"]
    assert (cy["plays"], cy["ahead"], cy["behind"], cy["mean_total"]) == (2, 0, 2, None)  # two games: totals not comparable
    text = run_cli(["stats", "goofspiel", "--player", "Ada", "--vs", "Bo", "--db", str(db)]).stdout
    assert "Ada against Bo: 4 plays together" in text
    rows = {line.split("│")[1].strip(): line.split("│")[2:4] for line in text.splitlines() if line.count("│") == 4}
    assert {k: [v.strip() for v in vs] for k, vs in rows.items() if k in ("finished ahead", "wins", "mean total")} == {
        "finished ahead": ["2", "1"], "wins": ["3", "2"], "mean total": ["12.25", "10.25"]}


def test_across_games_totals_are_not_mixed(db):
    summary = stats(db)
    assert summary["plays"] == 5 and summary["one_game"] is False and summary["timeline"] is None
    assert [(g["game"], g["plays"]) for g in summary["games"]] == [("goofspiel", 4), ("burgundy", 1)]
    ada = summary["players"][0]
    assert (ada["plays"], ada["wins"], ada["mean_total"], ada["mean_categories"]) == (5, 3, None, None)
    assert ada["streaks"]["current"] == {"result": "loss", "length": 1}  # Bo won the Burgundy game on 2024-02-01
    assert stats(db, "--since", "2024-01-03", "--until", "2024-01-04")["plays"] == 2
    assert stats(db, "--player", "cy")["plays"] == 2


def test_stats_bad_input(db):
    for args, message in (
        (["--vs", "Bo"], "--vs compares two players: give the first with --player"),
        (["--player", "Ada", "--vs", "ADA"], "--player and --vs name the same player (Ada)"),
        (["--player", "Dee"], "no player 'Dee' in the history"),
        (["--since", "yesterday"], "--since takes a date as YYYY-MM-DD"),
    ):
        result = run_cli(["stats", *args, "--db", str(db)])
        assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1
    nothing = run_cli(["stats", "bruges", "--db", str(db)])
    assert nothing.exit_code == 0 and "No plays of 'bruges' recorded (recorded games: burgundy, goofspiel)" in nothing.stderr
    for command in (["stats", "bruggs"], ["history", "--game", "bruggs"]):  # neither installed nor recorded
        typo = run_cli([*command, "--db", str(db)])
        assert typo.exit_code == 2 and "no game 'bruggs' is installed or recorded (did you mean 'bruges'?)" in typo.stderr, typo.stderr


def test_charts_only_on_a_terminal(db):
    piped = run_cli(["stats", "goofspiel", "--db", str(db)]).stdout
    assert "Players" in piped and "Win share" not in piped and "█" not in piped


def test_sparkline_and_bar():
    assert sparkline([1, 5, 9]) == "▁▅█"
    assert sparkline([4, 4]) == "▅▅"
    assert bar(10, 10, 4) == "████" and bar(5, 10, 4) == "██" and bar(1, 8, 1) == "▏" and bar(-3, 10) == ""


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_on_a_terminal_stats_draw_charts_and_json_stays_the_same(db, tmp_path):
    term = Terminal(["stats", "goofspiel", "--db", db], tmp_path, columns=100)
    screen = term.read_until("Win share") + term.read_until("Bo ")
    assert term.finish() == 0
    assert "Totals over time (last 4 plays, oldest left; lowest–highest)" in screen
    assert [line.split() for line in screen.splitlines() if line.startswith("Ada  █")][0] == ["Ada", "█▁▄▅", "1–25"]

    term = Terminal(["stats", "goofspiel", "--player", "Ada", "--db", db], tmp_path, columns=100)
    screen = term.read_until("Win share")
    assert term.finish() == 0
    assert "Ada's totals over time (last 4 plays)" in screen and "Ada's average game by category" in screen

    term = Terminal(["stats", "goofspiel", "--db", db, "--format", "json"], tmp_path)
    line = term.read_until("\r\n")
    assert term.finish() == 0
    assert json.loads(line) == stats(db, "goofspiel")
