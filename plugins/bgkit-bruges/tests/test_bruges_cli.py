"""End to end through the command line: bgkit games, setup and score."""

from __future__ import annotations

import json
import tomllib
from importlib import resources

import pytest
import tomli_w

from bgkit.testing import run_cli

SHEET = """\
game = "bruges"

[[player]]
name = "Ada"
track = 23
persons = [1, 2, 4, 0]
houses = 5
laurels = [3]
majority_reputation = true
majority_persons = true
majority_canals = true
canal_space3 = 2
statues = [7]
reputation = 6
guilders = 4

[[player]]
name = "Bo"
track = 40
point_token = 50
persons = [3, 3]
houses = 2
majority_canals = true
canal_space3 = 1
statues = [6, 5]
reputation = 4
guilders = 9
"""


def test_games_lists_bruges_with_its_data_status():
    result = run_cli(["games", "--json"])
    assert result.exit_code == 0
    row = next(r for r in json.loads(result.stdout) if r["id"] == "bruges")
    assert row["players"] == "2-4" and row["playable"] is True
    assert row["dynamics"]["chance"] and row["dynamics"]["hidden"] and not row["dynamics"]["sealed"]
    assert row["data_status"] == "partly reconstructed"
    assert "--data FILE" in row["data_note"] and "persons (" in row["data_note"] and "abilities" in row["data_note"]
    assert "bruges" in run_cli(["games"]).stdout


def test_setup_text_for_the_table():
    result = run_cli(["setup", "bruges", "-p", "3", "--seed", "7"])
    assert result.exit_code == 0
    out = result.stdout
    assert "seed 7" in out and "Repeat with: bgkit setup bruges -p 3 --seed 7" in out
    for text in ("shuffle all 165 persons", "draw pile A", "49", "50", "extra pile", "66", "7 on top",
                 "start player", "space 5", "town hall", "1 of each colour", "grey side up", "RECONSTRUCTED"):
        assert text in out, text
    json_setup = json.loads(run_cli(["setup", "bruges", "-p", "3", "--seed", "7", "--format", "json"]).stdout)
    start = json_setup["setup"]["start_player"]
    assert f"seat {start}" in out and f"{start} ★ start" in out


def test_setup_json_and_toml_carry_the_same_setup():
    as_json = json.loads(run_cli(["setup", "bruges", "-p", "3", "--seed", "7", "--format", "json"]).stdout)
    as_toml = tomllib.loads(run_cli(["setup", "bruges", "-p", "3", "--seed", "7", "--format", "toml"]).stdout)
    assert as_json == as_toml
    assert as_json["seed"] == 7 and as_json["players"] == 3 and as_json["game"] == "bruges"
    assert as_json["options"] == {"start": "random", "colours": "random", "end": "first", "statues": "sections"}
    assert len(as_json["setup"]["seats"]) == 3


def test_setup_options_on_the_command_line():
    doc = json.loads(run_cli(["setup", "bruges", "-p", "4", "--seed", "3", "--option", "start=2",
                              "--option", "colours=fixed", "--format", "json"]).stdout)
    assert doc["setup"]["start_player"] == 2 and doc["setup"]["turn_order"] == [2, 3, 4, 1]
    assert [p["colour"] for p in doc["setup"]["seats"]] == ["red", "yellow", "blue", "green"]
    text = run_cli(["setup", "bruges", "-p", "4", "--seed", "3", "--option", "start=1"]).stdout
    assert "Belgian chocolate" in text and "seat 1: start player" in text
    bad = run_cli(["setup", "bruges", "-p", "4", "--option", "start=youngest"])
    assert bad.exit_code == 2 and "start" in bad.stderr
    bad = run_cli(["setup", "bruges", "-p", "3", "--option", "start=4"])
    assert bad.exit_code == 2 and "only 3 players" in bad.stderr


def test_the_rule_summarys_readings_are_options_shown_in_games_setups_and_logs(tmp_path):
    """``end`` and ``statues``: the rule book's readings by default, the rule summary's by choice."""
    options = {o["name"]: o for o in json.loads(run_cli(["games", "bruges", "--json"]).stdout)["options"]}
    assert (options["end"]["choices"], options["end"]["default"]) == (["first", "second"], "first")
    assert (options["statues"]["choices"], options["statues"]["default"]) == (["sections", "canals"], "sections")
    assert all("(the rule book)" in options[o]["help"] and "(the rule summary)" in options[o]["help"] for o in ("end", "statues"))
    assert "statues" in run_cli(["games", "bruges"]).stdout
    text = run_cli(["setup", "bruges", "-p", "2", "--seed", "3", "--option", "end=second", "--option", "statues=canals"]).stdout
    assert "end=second, statues=canals" in text.splitlines()[0]
    log = tmp_path / "game.json"
    played = run_cli(["play", "bruges", "random", "random", "--seed", "3", "--option", "end=second",
                      "--option", "statues=canals", "--log", log])
    assert played.exit_code == 0, played.stderr
    doc = json.loads(log.read_text())
    assert doc["options"]["end"] == "second" and doc["options"]["statues"] == "canals"
    assert (doc["setup"]["end"], doc["setup"]["statues"]) == ("second", "canals")
    default = json.loads(run_cli(["setup", "bruges", "-p", "2", "--seed", "3", "--format", "json"]).stdout)["setup"]
    assert "end" not in default and "statues" not in default  # the published rules: a setup as before the options
    verified = run_cli(["replay", log, "--verify"])
    assert verified.exit_code == 0 and "verified" in verified.stdout + verified.stderr
    bad = run_cli(["setup", "bruges", "-p", "2", "--option", "end=third"])
    assert bad.exit_code == 2 and "end" in bad.stderr


def test_setup_count():
    result = run_cli(["setup", "bruges", "-p", "2", "--count", "--format", "json"])
    doc = json.loads(result.stdout)
    import math

    assert doc["count"] == math.factorial(165) * 2 * 12
    text = " ".join(run_cli(["setup", "bruges", "-p", "2", "--count"]).stdout.split())  # the console wraps lines
    assert "distinct setups" in text


def test_wrong_player_count_is_exit_2():
    result = run_cli(["setup", "bruges", "-p", "5", "--seed", "1"])
    assert result.exit_code == 2 and "2-4 players" in result.stderr


def test_score_a_file(tmp_path):
    path = tmp_path / "sheet.toml"
    path.write_text(SHEET, encoding="utf-8")
    result = run_cli(["score", "bruges", path])
    assert result.exit_code == 0, result.stderr
    assert "Winner: Bo (highest total)" in result.stdout
    for category in ("track", "persons", "houses", "laurels", "majorities", "canals", "statues", "reputation",
                     "tie-break: guilders"):
        assert category in result.stdout
    doc = json.loads(run_cli(["score", "bruges", path, "--format", "json"]).stdout)
    assert [p["total"] for p in doc["players"]] == [69, 120]
    assert doc["winners"] == ["Bo"]
    assert doc["players"][0]["scores"]["majorities"] == 12
    assert doc["players"][1]["tiebreaks"] == {"guilders": 9}


def test_score_from_stdin():
    result = run_cli(["score", "bruges", "-", "--format", "json"], input=SHEET)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["winners"] == ["Bo"]


def test_template_round_trips_into_a_score(tmp_path):
    result = run_cli(["score", "bruges", "--template", "-p", "3"])
    assert result.exit_code == 0
    text = result.stdout
    for field in ("track", "point_token", "persons", "person_ids", "houses", "laurels", "majority_reputation",
                  "majority_persons", "majority_canals", "canal_space3", "statues", "reputation", "guilders"):
        assert f"\n{field} = " in text, field
    data = tomllib.loads(text)
    assert len(data["player"]) == 3
    path = tmp_path / "template.toml"
    path.write_text(text, encoding="utf-8")
    scored = json.loads(run_cli(["score", "bruges", path, "--format", "json"]).stdout)
    assert scored["decided_by"].startswith("shared win")


def test_bad_sheet_is_exit_2_naming_the_field_and_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(SHEET.replace("statues = [7]", "statues = [5]").replace("statues = [6, 5]", "statues = [6]"),
                    encoding="utf-8")
    result = run_cli(["score", "bruges", path])
    assert result.exit_code == 2
    line = SHEET.splitlines().index("statues = [7]") + 1
    assert f"{path}:{line}:" in result.stderr and "statue 5" in result.stderr
    assert "Traceback" not in result.stderr

    path.write_text(SHEET.replace("houses = 2", "houses = 1"), encoding="utf-8")
    result = run_cli(["score", "bruges", path])
    line = SHEET.splitlines().index("persons = [3, 3]") + 1
    assert result.exit_code == 2 and f"{path}:{line}:" in result.stderr and "persons" in result.stderr

    path.write_text(SHEET.replace("guilders = 9\n", ""), encoding="utf-8")
    result = run_cli(["score", "bruges", path])
    assert result.exit_code == 2 and "missing field 'guilders'" in result.stderr

    path.write_text(SHEET.replace("houses = 5", "houses = -1"), encoding="utf-8")
    result = run_cli(["score", "bruges", path])
    assert result.exit_code == 2 and "houses is -1" in result.stderr


@pytest.mark.parametrize(
    "old, new, line_of, message",
    [
        ("statues = [6, 5]", "statues = [6, 4]", "statues = [6, 4]",
         "statues (Bo): statue 4 cannot have been taken while statue 5 was still on the stack"),
        ("point_token = 50", "point_token = 30", "point_token = 30", "point_token (Bo): is 30; a 50/100 token shows"),
        ("houses = 2", "houses = 1", "persons = [3, 3]", "persons (Bo): 2 persons but 1 houses"),
        ("laurels = [3]", "laurels = [3, 1, 1, 1, 1]", "laurels = [3, 1, 1, 1, 1]",
         "laurels (Ada): 5 laurel persons but 4 persons"),
        ("majority_persons = true", "majority_persons = false", "majority_persons = false",
         "majority_persons (Ada): must be true: alone with the most persons (4)"),
        ("track = 40", "track = 50", "track = 50", "track is 50, but cannot be above 49"),
        ("canal_space3 = 1", "canal_space3 = 3", "canal_space3 = 3", "canal_space3 is 3, but cannot be above 2"),
        ("reputation = 4", "reputation = 13", "reputation = 13", "reputation is 13, but cannot be above 12"),
    ],
)
def test_every_kind_of_bad_sheet_is_exit_2_naming_field_and_line(tmp_path, old, new, line_of, message):
    text = SHEET.replace(old, new)
    assert text != SHEET
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli(["score", "bruges", path])
    line = text.splitlines().index(line_of) + 1
    assert result.exit_code == 2
    assert result.stderr.startswith(f"bgkit: error: {path}:{line}: {message}"), result.stderr


def test_tie_on_points_is_decided_by_guilders_through_the_cli(tmp_path):
    # Ada: 14 + (1+2+4+0) + 5 + 3 + 3x4 + 2x3 + 7 + 6 = 60
    # Bo:  15 + (3+3) + 2 + 0 + 2x4 + 2x3 + (6+5) + 12 = 60; 9 guilders against Ada's 4
    tied = (SHEET.replace("track = 23", "track = 14").replace("track = 40", "track = 15")
            .replace("point_token = 50", "point_token = 0").replace("canal_space3 = 1", "canal_space3 = 2")
            .replace("reputation = 4", "reputation = 12")
            .replace("majority_canals = true\ncanal_space3 = 2\nstatues = [6, 5]",
                     "majority_canals = true\nmajority_reputation = true\ncanal_space3 = 2\nstatues = [6, 5]"))
    path = tmp_path / "tied.toml"
    path.write_text(tied, encoding="utf-8")
    result = run_cli(["score", "bruges", path, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert [p["total"] for p in doc["players"]] == [60, 60]
    assert doc["winners"] == ["Bo"] and doc["decided_by"] == "tie-break: guilders"
    assert "Winner: Bo" in run_cli(["score", "bruges", path]).stdout
    path.write_text(tied.replace("guilders = 9", "guilders = 4"), encoding="utf-8")
    doc = json.loads(run_cli(["score", "bruges", path, "--format", "json"]).stdout)
    assert doc["winners"] == ["Ada", "Bo"] and doc["decided_by"].startswith("shared win")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [[], ["--option", "start=1", "--option", "colours=fixed"]])
def test_setup_text_fits_a_100_column_terminal(monkeypatch, players, options):
    monkeypatch.setenv("COLUMNS", "100")
    out = run_cli(["setup", "bruges", "-p", players, "--seed", 5, *options]).stdout
    # the last line is one command to copy, never cut (with four options it is longer than 100)
    assert max(len(line) for line in out.splitlines() if not line.startswith("Repeat with: ")) <= 100
    assert "draw pile A" in out and "extra pile" in out and "7 on top" in out


def test_interactive_prompt(monkeypatch):
    from bgkit.testing import as_if_at_a_terminal

    as_if_at_a_terminal(monkeypatch)
    ada = ["Ada", "23", "", "1 2 4 0", "", "5", "3", "y", "n", "y", "2", "7", "6", "4"]
    # Bo's first answer for track is not a number; Ada's persons majority is missing and asked again
    bo = ["Bo", "many", "40", "50", "3 3", "", "2", "", "", "", "yes", "1", "6 5", "4", "9"]
    answers = ada + bo + ["y", "n"]
    result = run_cli(["score", "bruges", "-p", "2", "--format", "json"], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr + result.stdout
    doc = json.loads(result.stdout[result.stdout.index("{"):result.stdout.rindex("}") + 1])
    assert [p["total"] for p in doc["players"]] == [69, 120]


def test_own_card_list_through_the_cli(tmp_path):
    data = tomllib.loads((resources.files("bgkit_bruges") / "data" / "persons.toml").read_text(encoding="utf-8"))
    data["persons"] = {"source": "my box", "confirmed": True}
    path = tmp_path / "cards.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    doc = json.loads(run_cli(["setup", "bruges", "-p", "2", "--seed", "1", "--data", path, "--format", "json"]).stdout)
    assert doc["setup"]["card_list"] == "own"
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET.replace("persons = [3, 3]", "persons = []\nperson_ids = [13, 14]"), encoding="utf-8")
    scored = json.loads(run_cli(["score", "bruges", sheet, "--data", path, "--format", "json"]).stdout)
    by_id = {p["id"]: p["points"] for p in data["person"]}
    assert scored["players"][1]["scores"]["persons"] == by_id[13] + by_id[14]
    plain = run_cli(["score", "bruges", sheet])
    line = sheet.read_text(encoding="utf-8").splitlines().index("person_ids = [13, 14]") + 1
    assert plain.exit_code == 2 and f"{sheet}:{line}: person_ids (Bo): needs your own card list" in plain.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_sets_up_and_scores(players, tmp_path):
    assert run_cli(["setup", "bruges", "-p", players, "--seed", players]).exit_code == 0
    template = run_cli(["score", "bruges", "--template", "-p", players]).stdout
    path = tmp_path / "t.toml"
    path.write_text(template, encoding="utf-8")
    assert run_cli(["score", "bruges", path]).exit_code == 0


#: The play half's modules: what ``bgkit setup`` and ``bgkit score`` must not import (docs/porting.md).
PLAY_HALF = ("play", "state", "rules", "piles", "disasters", "plays", "persons", "views", "notation", "heuristic")


@pytest.mark.parametrize("command", [["setup", "bruges", "-p", "3", "--seed", "4"], ["score", "bruges", "-"]])
def test_setup_and_score_import_no_play_half(command):
    """``bgkit setup`` and ``bgkit score`` read the spec's table half; the play half waits for play."""
    import subprocess
    import sys

    probe = ("import sys, runpy; sys.argv = ['bgkit', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('bgkit', run_name='__main__')\nexcept SystemExit as exit:\n"
             "    print('EXIT', exit.code, file=sys.stderr)\n"
             f"print(sorted(m for m in sys.modules if m.removeprefix('bgkit_bruges.') in {PLAY_HALF!r}) or 'NONE',"
             " file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, input=SHEET,
                          timeout=60)
    assert done.stderr.strip().splitlines()[-2:] == ["EXIT 0", "NONE"], done.stdout + done.stderr
    assert ("Winner" if command[0] == "score" else "draw pile A") in done.stdout
