"""End to end through the command line: games, setup (text/json/toml/--count), score, errors."""

from __future__ import annotations

import json
import tomllib

import pytest

from bgkit.testing import run_cli
from bgkit_bretagne.data import load
from bgkit_bretagne.setup import count_setups

SHEET = """game = "bretagne"

[[player]]
name = "Ann"
track = 52
pontivy = 2
harbours = [1, 4]
francs = 8

[[player]]
name = "Ben"
track = 50
pontivy = 1
harbours = [4, 7, 7]
francs = 9

[[player]]
name = "Cy"
track = 55
pontivy = 3
harbours = [7]
francs = 2
"""


def test_games_lists_bretagne_with_its_data_status():
    result = run_cli(["games", "--json"])
    assert result.exit_code == 0
    (row,) = [r for r in json.loads(result.stdout) if r["id"] == "bretagne"]
    assert row["players"] == "2-4" and row["playable"] is True
    assert row["data_status"] == "partly reconstructed"
    assert "--data FILE" in row["data_note"] and "reconstructed" in row["data_note"]
    text = run_cli(["games"])
    assert "bretagne" in text.stdout and "partly reconstructed" in text.stdout


def test_setup_text_shows_the_whole_table():
    result = run_cli(["setup", "bretagne", "-p", "3", "--seed", "7"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for expected in ("seed 7", "Start player: P2", "Lighthouse tiles", "built: the tile starts on its built side", "Harbour tiles",
                     "normal side up", "current (round 1)", "forecast (round 2)", "Pontivy: blueprints face up",
                     "Quimper", "Brest", "equipment deck, 30 cards", "Players (in turn order)", "reconstructed values",
                     "--data FILE", "Repeat with: bgkit setup bretagne -p 3 --seed 7"):
        assert expected in out, expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_text_fits_a_100_column_terminal_without_breaking_values(players, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    out = run_cli(["setup", "bretagne", "-p", str(players), "--seed", "7"]).stdout
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "…" not in out  # no header or value cut short
    barges = [line for line in out.splitlines() if line.startswith("│ place ")]
    assert len(barges) == players
    for place, line in enumerate(barges, start=1):  # each player's row on one line, whole
        assert f"│ place {place} " in line and line.rstrip().endswith("│")
    cards = [line for line in out.splitlines() if line.startswith("│ ") and "/" in line.split("│")[2]]
    assert len(cards) == players  # a barge card for each player, beside the board
    if players == 3:
        assert sum(1 for line in out.splitlines() if line.rstrip().endswith("│ built   │")) == 3


def test_setup_two_players_shows_the_unused_sites():
    result = run_cli(["setup", "bretagne", "-p", "2", "--seed", "3"])
    assert result.exit_code == 0
    assert result.stdout.count("no tile (2 players)") == 6


def test_setup_json_and_toml_carry_the_same_setup():
    as_json = json.loads(run_cli(["setup", "bretagne", "-p", "4", "--seed", "99", "--format", "json"]).stdout)
    as_toml = tomllib.loads(run_cli(["setup", "bretagne", "-p", "4", "--seed", "99", "--format", "toml"]).stdout)
    assert as_json == as_toml
    assert as_json["seed"] == 99 and as_json["players"] == 4 and as_json["options"] == {"start": "random"}
    assert len(as_json["setup"]["lighthouses"]) == 15 and len(as_json["setup"]["seats"]) == 4


def test_setup_option_on_the_command_line():
    doc = json.loads(run_cli(["setup", "bretagne", "-p", "3", "--seed", "5", "--option", "start=3",
                              "--format", "json"]).stdout)
    assert doc["setup"]["turn_order"] == [3, 1, 2]
    bad = run_cli(["setup", "bretagne", "-p", "3", "--option", "start=4"])
    assert bad.exit_code == 2 and "start=4, but there are only 3 players" in bad.stderr
    unknown = run_cli(["setup", "bretagne", "-p", "3", "--option", "start=last"])
    assert unknown.exit_code == 2 and "choose one of random, 1, 2, 3, 4" in unknown.stderr


def test_setup_count():
    comp = load()
    for players in (2, 3, 4):
        doc = json.loads(run_cli(["setup", "bretagne", "-p", str(players), "--count", "--format", "json"]).stdout)
        assert doc["count"] == count_setups(comp, players, {"start": "random"})
    text = run_cli(["setup", "bretagne", "-p", "3", "--count"])
    assert text.exit_code == 0 and "distinct setups" in text.stdout


def test_setup_with_wrong_player_count_is_bad_input():
    for players in ("1", "5"):
        result = run_cli(["setup", "bretagne", "-p", players])
        assert result.exit_code == 2 and "Bretagne is for 2-4 players" in result.stderr


def test_setup_with_own_data_and_with_bad_data(tmp_path):
    own = tmp_path / "mybox.toml"
    own.write_text('[production]\nsource = "my box"\nconfirmed = true\n\n[production.cards]\n'
                   'Q9 = { resources = { sand = [1, 2, 3] } }\n', encoding="utf-8")
    doc = json.loads(run_cli(["setup", "bretagne", "-p", "3", "--seed", "1", "--data", own, "--format", "json"]).stdout)
    assert doc["setup"]["quimper"] == {"card": "Q9", "resources": {"sand": 2}}
    text = run_cli(["setup", "bretagne", "-p", "3", "--seed", "1", "--data", own]).stdout
    assert "production" not in text.split("reconstructed values")[1].split(")")[0]
    bad = tmp_path / "bad.toml"
    bad.write_text('[production]\nsource = "my box"\nconfirmed = true\n\n[production.cards]\n'
                   'Q9 = { resources = { sand = [1, 2, 3] } }\nQ10 = { resources = { sand = [1, 2] } }\n', encoding="utf-8")
    result = run_cli(["setup", "bretagne", "-p", "3", "--data", bad])
    assert result.exit_code == 2
    assert f"{bad}:7: production.cards.Q10.resources.sand: must list 3 values, not 2" in result.stderr
    missing = run_cli(["setup", "bretagne", "-p", "3", "--data", tmp_path / "nope.toml"])
    assert missing.exit_code == 2 and "no such data file" in missing.stderr


def test_score_template_fills_in_and_scores(tmp_path):
    template = run_cli(["score", "bretagne", "--template", "-p", "3"])
    assert template.exit_code == 0
    for field in ("track", "pontivy", "harbours", "francs"):
        assert f"\n{field} = " in template.stdout
    filled = template.stdout.replace("pontivy = 1", "pontivy = PLACE")
    for place in (1, 2, 3):
        filled = filled.replace("pontivy = PLACE", f"pontivy = {place}", 1)
    path = tmp_path / "t.toml"
    path.write_text(filled, encoding="utf-8")
    result = run_cli(["score", "bretagne", path, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert [p["total"] for p in json.loads(result.stdout)["players"]] == [4, 2, 1]


def test_score_a_file_and_stdin(tmp_path):
    path = tmp_path / "end.toml"
    path.write_text(SHEET, encoding="utf-8")
    text = run_cli(["score", "bretagne", path])
    assert text.exit_code == 0
    assert "Winner: Ann (highest total)" in text.stdout
    assert "No source gives a tie-break" in text.stdout
    piped = run_cli(["score", "bretagne", "-", "--format", "json"], input=SHEET)
    doc = json.loads(piped.stdout)
    assert [p["total"] for p in doc["players"]] == [62, 61, 57]
    assert doc["players"][1]["scores"] == {"track": 50, "Pontivy": 4, "harbours": 4, "money": 3}
    assert doc["winners"] == ["Ann"]


def test_a_tie_on_the_command_line_is_a_shared_win():
    tied = SHEET.replace("track = 55", "track = 58")  # Cy: 58 + 1 + 1 + 0 = 60 ... and Ann:
    tied = tied.replace("track = 52", "track = 50").replace("francs = 8", "francs = 6")  # 50 + 2 + 6 + 2 = 60
    doc = json.loads(run_cli(["score", "bretagne", "-", "--format", "json"], input=tied).stdout)
    assert [p["total"] for p in doc["players"]] == [60, 61, 60]
    tied = tied.replace("track = 50\npontivy = 1", "track = 49\npontivy = 1")  # Ben: 49 + 4 + 4 + 3 = 60
    result = run_cli(["score", "bretagne", "-", "--format", "json"], input=tied)
    doc = json.loads(result.stdout)
    assert [p["total"] for p in doc["players"]] == [60, 60, 60]
    assert doc["winners"] == ["Ann", "Ben", "Cy"]
    text = run_cli(["score", "bretagne", "-"], input=tied).stdout
    assert "No source gives a tie-break" in text


def test_bad_sheets_exit_2_naming_field_and_line(tmp_path):
    path = tmp_path / "end.toml"
    path.write_text(SHEET.replace("pontivy = 3", "pontivy = 1"), encoding="utf-8")
    result = run_cli(["score", "bretagne", path])
    assert result.exit_code == 2
    assert f"{path}:20: Pontivy place 1 is listed for both Ben and Cy (there is one of each)" in result.stderr
    assert "Traceback" not in result.stderr
    path.write_text(SHEET.replace("harbours = [7]", "harbours = [7, 12]"), encoding="utf-8")
    result = run_cli(["score", "bretagne", path])
    assert result.exit_code == 2 and f"{path}:21: harbours is 12, but cannot be above 9" in result.stderr
    result = run_cli(["score", "bretagne", "-"], input=SHEET.replace("francs = 9", "francs = 9.5"))
    assert result.exit_code == 2 and "<stdin>:15: francs must be a whole number" in result.stderr
    result = run_cli(["score", "bretagne", "-"], input=SHEET.replace("harbours = [7]", "harbours = [7, 7, 7]"))
    assert result.exit_code == 2 and "the players hold 5 workers in harbour 7 in all, but there are only 4" in result.stderr


def test_score_without_a_sheet_when_not_interactive_is_bad_input():
    result = run_cli(["score", "bretagne"])
    assert result.exit_code == 2 and "give a sheet file" in result.stderr


def test_the_prompt_asks_again_for_an_impossible_pontivy_place():
    from bgkit.testing import ask_sheet, get_registry

    game = get_registry().game("bretagne").load()
    answers = iter(["Ann", "40", "1", "2 2", "7",  # Ann: track, pontivy, harbours, francs
                    "Ben", "38", "1", "", "3",  # Ben says place 1 too ...
                    "2"])  # ... and is asked again
    said: list[str] = []
    sheet = ask_sheet(game, 2, lambda question: next(answers), said.append)
    assert any("Pontivy place 1 is listed for both" in line for line in said)
    result = game.score_sheet(sheet)
    assert result.totals == [40 + 4 + 4 + 2, 38 + 2 + 0 + 1]
