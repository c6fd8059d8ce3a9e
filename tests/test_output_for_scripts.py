"""Output for scripts (JSON and TOML keep one shape and one type) and for people on an 80-column
terminal (no table cuts a number or hides a column)."""

import io
import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

from bgkit.terminal import render
from bgkit.plugins.registry import get_registry, reset_registry
from bgkit.terminal.render import never_cut
from bgkit.testing import run_cli

EXAMPLES = Path(__file__).parent.parent / "examples" / "sheets"


def _games():
    reset_registry()
    return list(get_registry().games.items())


@pytest.fixture
def columns_80(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")


def assert_fits(text: str) -> None:
    assert "…" not in text, text
    assert all(len(line) <= 80 for line in text.splitlines()), text


def test_bgkit_games_shows_its_data_column_at_80_columns(columns_80):
    text = run_cli(["games"]).stdout
    assert_fits(text)
    header = next(line for line in text.splitlines() if "┃ id" in line)
    assert header.rstrip().endswith("┃ data ┃") or "data" in header
    assert "reconstructed *" in text and "no data" in text


def test_bgkit_games_on_a_terminal_too_narrow_for_its_words_folds_every_column_and_drops_none(monkeypatch):
    """At 60 columns not every longest word fits at once: each cell then folds, and still no id is
    cut short and the data column (what is reconstructed) is not dropped."""
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setenv("NO_COLOR", "1")
    text = run_cli(["games"]).stdout
    assert "…" not in text and all(len(line) <= 60 for line in text.splitlines()), text
    header = next(line for line in text.splitlines() if "┃ id" in line)
    assert [cell.strip() for cell in header.strip("┃").split("┃")] == ["id", "name", "players", "play", "version", "data"]
    first_cells = "".join(line.split("│")[1].strip() for line in text.splitlines() if line.startswith("│"))
    ids = [game_id for game_id, _ in _games()]
    assert first_cells == "".join(sorted(ids)), text
    assert "reconst" in text


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_score_tables_keep_every_number_whole_at_80_columns(columns_80, name):
    game = name.split("-")[0]
    text = run_cli(["score", game, EXAMPLES / name]).stdout
    assert_fits(text)
    doc = json.loads(run_cli(["score", game, EXAMPLES / name, "--format", "json"]).stdout)
    cells = set(re.findall(r"(?<=│)\s*(\d+)\s*(?=│)", text))
    for player in doc["players"]:
        assert str(player["total"]) in cells


def test_long_names_and_big_numbers_fold_rather_than_cut():
    from bgkit.model.ranking import build_result

    names = ["Alexandra the Great", "Bartholomew", "Cunegonde", "Dorothea"]
    table = [{"track": 127 + i, "a very long category name indeed": 43 * i, "silverlings": 999} for i in range(4)]
    out = io.StringIO()
    render.print_score(build_result("g", names, table), Console(file=out, width=80, no_color=True), "Game")
    assert_fits(out.getvalue())
    assert "127" in out.getvalue() and "999" in out.getvalue()


@pytest.mark.parametrize("game_id, info", _games())
def test_setup_count_fits_80_columns_and_toml_always_writes_it_as_text(columns_80, game_id, info):
    for players in range(info.min_players, info.max_players + 1):
        assert_fits(run_cli(["setup", game_id, "-p", players, "--count"]).stdout)
        exact = json.loads(run_cli(["setup", game_id, "-p", players, "--count", "--format", "json"]).stdout)["count"]
        written = tomllib.loads(run_cli(["setup", game_id, "-p", players, "--count", "--format", "toml"]).stdout)
        assert isinstance(written["count"], str) and int(written["count"]) == exact


def test_a_tournament_summary_fits_80_columns():
    seats = {label: {"games": 1200, "wins": 640, "shared_wins": 12, "win_rate": 0.5433, "win_rate_95": [0.0001, 1.0],
                     "mean_score": 127.48333, "median_score": 126.5, "mean_rank": 1.83333}
             for label in ("mcts:iterations=400", "greedy", "random", "random #2")}
    summary = {"game": "burgundy", "games": 1200, "seed": 123456789, "mean_decisions": 228.8, "seats": seats}
    out = io.StringIO()
    Console(file=out, width=80, no_color=True).print(render.tournament_table(summary))
    assert_fits(out.getvalue())
    for whole in ("127.48", "0.0%–100.0%", "54.3%", "1.83", "126.5", "1200", "640"):
        assert whole in out.getvalue()


def test_a_real_tournament_summary_fits_80_columns(columns_80):
    text = run_cli(["play", "goofspiel", "greedy", "random", "random", "random", "--games", "4", "--seed", "1",
                    "--option", "deck=5"]).stdout
    assert_fits(text)
    assert "95% CI" in text


@pytest.mark.parametrize("game_id, info", _games())
def test_a_setup_on_a_60_column_terminal_folds_its_tables_and_cuts_nothing(monkeypatch, game_id, info):
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setenv("NO_COLOR", "1")
    text = run_cli(["setup", game_id, "-p", info.max_players, "--seed", "1"]).stdout
    assert "…" not in text, text
    drawn = [line for line in text.splitlines() if not line.startswith("Repeat with:")]  # a command to copy: one line
    assert all(len(line) <= 60 for line in drawn), text
    monkeypatch.setenv("COLUMNS", "200")
    wide = run_cli(["setup", game_id, "-p", info.max_players, "--seed", "1"]).stdout
    assert _letters(text) == _letters(wide), "letters lost at 60 columns (a line cut at the terminal's edge)"


def _letters(text: str) -> Counter:
    """The letters and digits of a drawing: folding moves them about, cutting a line loses some."""
    return Counter(ch for ch in text if ch.isalnum())


@pytest.mark.parametrize("game_id, info", [(g, i) for g, i in _games() if i.playable])
def test_the_table_a_person_plays_at_on_a_60_column_terminal_cuts_nothing(game_id, info):
    from bgkit.engine.match import start_state
    from bgkit.terminal.human import Screen
    from bgkit.engine.setups import make_setup, parse_options

    game = get_registry().load_game(game_id)
    players = info.max_players
    state = start_state(game, make_setup(game, players, 1, parse_options(game, [])))
    def drawn(width: int, full: bool) -> str:
        out = io.StringIO()
        console = Console(file=out, width=width, height=500, no_color=True)
        screen = Screen(console, ask=lambda prompt: "", names=[f"P{i + 1}" for i in range(players)], people=[0])
        picture = screen.drawing(state, 0, full=True) if full else never_cut(state.render_compact(0))
        console.print(picture, soft_wrap=False)
        return out.getvalue()

    for full in (True, False) if hasattr(state, "render_compact") else (True,):  # the full drawing, the compact one
        narrow = drawn(60, full)
        assert "…" not in narrow and all(len(line) <= 60 for line in narrow.splitlines()), narrow
        # the compact drawing may lay out the whole table from 120 columns (Burgundy's big screen):
        # its letters are compared with the same layout unfolded, at 119
        assert _letters(narrow) == _letters(drawn(200 if full else 119, full)), f"letters lost at 60 columns:\n{narrow}"


def test_bgkit_plugins_folds_rather_than_cuts_at_80_columns(columns_80):
    text = run_cli(["plugins"]).stdout
    assert_fits(text)
    assert "bgkit.tournaments.plugin" in text  # names whole; a long hook or distribution folds


@pytest.mark.parametrize("width", [80, 60])
def test_an_arena_ladder_fits_with_every_rank_and_whole_bars(monkeypatch, width):
    """The rating bars shorten to fit (18 characters at most), before a rank or a number is cut."""
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("NO_COLOR", "1")
    text = run_cli(["arena", "goofspiel", "greedy", "random", "mcts:iterations=20", "--games", "6", "--seed", "1"]).stdout
    assert "…" not in text and all(len(line) <= width for line in text.splitlines()), text
    rows = [line for line in text.splitlines() if re.match(r"│ +\d+ │", line)]
    assert [int(row.split("│")[1]) for row in rows] == [1, 2, 3], text
    bars = [row.split("│")[-2].strip() for row in rows]
    assert all(re.fullmatch(r"\|-*o-*\|", bar) for bar in bars), bars


@pytest.mark.parametrize("game_id, info", _games())
def test_every_games_score_json_has_a_total_per_player(game_id, info):
    sheet = next(EXAMPLES.glob(f"{game_id}-*.toml"))
    doc = json.loads(run_cli(["score", game_id, sheet, "--format", "json"]).stdout)
    assert all("total" in player and "rank" in player for player in doc["players"])
    assert doc["total_label"]


def test_blue_moon_city_says_its_total_once():
    text = run_cli(["score", "bluemooncity", EXAMPLES / "bluemooncity-3p.toml"]).stdout
    assert len(re.findall(r"│ offerings\b", text)) == 1
    doc = json.loads(run_cli(["score", "bluemooncity", EXAMPLES / "bluemooncity-3p.toml", "--format", "json"]).stdout)
    assert doc["total_label"] == "offerings"
    assert [p["total"] for p in doc["players"]] == [p["offerings"] for p in doc["players"]] == [3, 4, 5]


@pytest.mark.parametrize(
    "args, formats",
    [
        (["games", "--format", "toml"], "text, json"),
        (["plugins", "--format", "csv"], "text, json"),
        (["setup", "goofspiel", "-p", "2", "--seed", "1", "--format", "csv"], "text, json, toml, svg"),
        (["score", "goofspiel", "examples/sheets/goofspiel-2p.toml", "--format", "toml"], "text, json"),
        (["play", "goofspiel", "random", "random", "--seed", "1", "--format", "toml"], "text, json"),
        (["history", "export", "--format", "text"], "json, csv"),
        (["stats", "--format", "csv"], "text, json"),
    ],
)
def test_a_format_a_command_cannot_give_is_refused_in_one_line(args, formats):
    """One table of formats for every command; a command asked for one it cannot give says which it
    gives (exit 2), and never prints text in its place."""
    result = run_cli(args)
    assert result.exit_code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"bgkit: error: bgkit {args[0] if args[0] != 'history' else 'history export'} cannot give --format "
        f"{args[args.index('--format') + 1]} (it gives {formats})"]
