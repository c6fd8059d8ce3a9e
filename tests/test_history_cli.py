"""bgkit score --record, bgkit play --record and every bgkit history command, end to end."""

import csv
import io
import json
import os
import pty
import shutil
import sqlite3
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from bgkit.history.records import today
from bgkit.testing import Terminal, run_cli

SHEETS = Path(__file__).parent.parent / "examples" / "sheets"
BURGUNDY = SHEETS / "burgundy-3p.toml"
GOOF_2P, GOOF_3P, GOOF_TIE = SHEETS / "goofspiel-2p.toml", SHEETS / "goofspiel-3p.toml", SHEETS / "goofspiel-3p-tie.toml"
needs_pty = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "history.sqlite3"


def ok(args, input=None):
    result = run_cli([str(a) for a in args], input=input)
    assert result.exit_code == 0, result.stderr
    return result


def bad(args, message):
    result = run_cli([str(a) for a in args])
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr
    return result


def plays(db, *filters):
    return json.loads(ok(["history", "--db", db, "--format", "json", *filters]).stdout)


def shown(db, play_id, *more):
    return json.loads(ok(["history", "show", play_id, "--db", db, "--format", "json", *more]).stdout)


def test_score_record_keeps_everything_the_score_showed_and_more(db):
    result = ok(["score", "burgundy", BURGUNDY, "--record", "--db", db, "--date", "2024-05-01",
                 "--note", "Bo's first win", "--location", "the club"])
    assert "Winner: Bo (highest total)" in result.stdout
    assert f"Recorded as play 1 in {db} (bgkit history show 1)" in result.stderr
    play = shown(db, 1)
    assert (play["date"], play["game"], play["game_name"], play["note"], play["location"], play["source"]) == (
        "2024-05-01", "burgundy", "The Castles of Burgundy", "Bo's first win", "the club", "score")
    assert play["options"] == {"ruleset": "2011"}  # the sheet's table-wide fields
    assert play["decided_by"] == "highest total" and play["winners"] == ["Bo"]
    ada, bo, cy = play["players"]
    assert (ada["name"], ada["total"], ada["rank"], ada["winner"]) == ("Ada", 96, 2, False)
    assert ada["fields"]["silverlings"] == 17 and ada["scores"]["silverlings"] == 17
    assert [tb["label"] for tb in play["tiebreaks"]] == ["fewest empty estate spaces", "later in turn order"]
    assert bo["tiebreaks"] == [16, 3]
    assert 'name = "Cy"' in play["sheet"]
    assert play["score"] == json.loads(ok(["score", "burgundy", BURGUNDY, "--format", "json"]).stdout)


def test_show_prints_the_play_as_score_did(db):
    for sheet in (BURGUNDY, GOOF_TIE):
        scored = ok(["score", sheet.stem.split("-")[0], sheet]).stdout
        ok(["score", sheet.stem.split("-")[0], sheet, "--record", "--db", db, "--location", "Bo's [kitchen]"])
        play_id = plays(db)[-1]["id"]
        again = ok(["history", "show", play_id, "--db", db]).stdout
        assert again.endswith(scored)
        header = again[: -len(scored)].splitlines()
        assert header[0] == f"Play {play_id} · {today()} · {shown(db, play_id)['game_name']} · at Bo's [kitchen]"
    assert header[1:] == []  # Goofspiel's sheet has no table-wide fields
    burgundy = ok(["history", "show", 1, "--db", db]).stdout.splitlines()
    assert burgundy[1] == "options: ruleset=2011"


def test_a_record_is_dated_today_unless_told(db):
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])
    assert plays(db)[0]["date"] == today()
    bad(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--date", "1.5.2024"], "--date takes a date as YYYY-MM-DD, not '1.5.2024'")
    bad(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--date", "2024-02-30"], "YYYY-MM-DD, not '2024-02-30'")
    bad(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--date", "2999-01-01"], "--date 2999-01-01 is in the future")
    bad(["score", "goofspiel", GOOF_2P, "--note", "x"], "--note is for a recorded game: add --record")
    bad(["score", "goofspiel", "--template", "-p", "2", "--record"], "--template writes an empty sheet")
    assert len(plays(db)) == 1


def test_the_list_filters_by_game_player_and_dates(db):
    for sheet, day in ((GOOF_2P, "2024-01-05"), (GOOF_3P, "2024-02-05"), (BURGUNDY, "2024-03-05"), (GOOF_TIE, "2024-04-05")):
        ok(["score", sheet.stem.split("-")[0], sheet, "--record", "--db", db, "--date", day])

    def ids(*filters):
        return [p["id"] for p in plays(db, *filters)]

    assert ids() == [1, 2, 3, 4]
    assert ids("--game", "goofspiel") == [1, 2, 4]
    assert ids("--player", "cY") == [2, 3, 4]  # case-insensitive
    assert ids("--since", "2024-02-05", "--until", "2024-03-31") == [2, 3]
    assert ids("--game", "goofspiel", "--player", "cy", "--since", "2024-03-01") == [4]
    text = ok(["history", "--db", db, "--game", "burgundy"]).stdout
    assert "1 play" in text and "Ada 96 · Bo 97 ★ · Cy 61" in text
    bad(["history", "--db", db, "--game", "burgundi"], "no game 'burgundi' is installed or recorded (did you mean 'burgundy'?)")
    bad(["history", "--db", db, "--player", "Dee"], "no player 'Dee' in the history (players: Ada, Bo, Cy)")
    bad(["history", "--db", db, "--since", "2024-05-01", "--until", "2024-01-01"], "--since 2024-05-01 is after --until 2024-01-01")
    bad(["history", "--db", db, "--since", "May"], "--since takes a date as YYYY-MM-DD")
    bad(["history", "--game", "goofspiel", "show", "1", "--db", db], "--game, --player, --since and --until filter the list")


def test_delete_asks_for_yes_without_a_terminal(db):
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])
    ok(["score", "goofspiel", GOOF_3P, "--record", "--db", db])
    bad(["history", "delete", 1, "--db", db], "deleting play 1 (Goofspiel, " + today() + ": Ada, Bo) cannot be undone: add --yes")
    assert "Deleted play 1" in ok(["history", "--db", db, "delete", 1, "--yes"]).stderr  # --db before the subcommand works too
    assert [p["id"] for p in plays(db)] == [2]
    bad(["history", "delete", 1, "--yes", "--db", db], "no play 1 in the history")
    bad(["history", "show", 7, "--db", db], "no play 7 in the history")


EDITOR = """import re, sys
path = sys.argv[-1]
text = open(path, encoding="utf-8").read()
open(path, "w", encoding="utf-8").write(re.sub(sys.argv[1], sys.argv[2], text, count=1))
"""


@pytest.fixture
def editor(tmp_path, monkeypatch):
    """Set $EDITOR to a script that replaces the first match of a pattern in the file it is given."""
    script = tmp_path / "editor.py"
    script.write_text(EDITOR)
    monkeypatch.delenv("VISUAL", raising=False)

    def use(pattern: str, replacement: str) -> None:
        monkeypatch.setenv("EDITOR", f"{sys.executable} {script} '{pattern}' '{replacement}'")

    return use


def test_edit_in_the_editor_checks_the_sheet_and_keeps_the_old_version(db, editor, tmp_path):
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--note", "close one"])
    editor(r"\b13,", "3,")  # Ada's 13 was really Bo's 3: Ada 39, Bo 39 - a shared win
    result = ok(["history", "edit", 1, "--db", db])
    assert "Play 1 is now version 2; version 1 is kept (bgkit history show 1 --version 1)" in result.stderr
    now = shown(db, 1)
    assert now["version"] == 2 and now["note"] == "close one"
    assert [p["total"] for p in now["players"]] == [39, 39] and now["decided_by"].startswith("shared win")
    assert "version 2 (edited; earlier versions: bgkit history show 1 --version 1)" in ok(["history", "show", 1, "--db", db]).stdout
    before = shown(db, 1, "--version", 1)
    assert before["version"] == 1 and [p["total"] for p in before["players"]] == [49, 39]
    assert "Winner: Ada (highest total)" in ok(["history", "show", 1, "--db", db, "--version", 1]).stdout
    bad(["history", "show", 1, "--db", db, "--version", 5], "play 1 has no version 5 (now version 2; kept: 1)")

    editor(r"\b11,", "12,")  # Bo already has 12: the game's own check refuses it
    result = bad(["history", "edit", 1, "--db", db], "prize card 12 is listed for both Ada and Bo")
    kept = Path(result.stderr.split("bgkit: error: ", 1)[1].split(":", 1)[0])
    assert kept.exists() and f"bgkit history edit 1 --sheet {kept}" in result.stderr
    assert shown(db, 1)["version"] == 2
    kept.write_text(kept.read_text().replace("12,", "13,", 1))  # the 13 Ada does not have since version 2
    assert "now version 3" in ok(["history", "edit", 1, "--db", db, "--sheet", kept]).stderr
    kept.unlink()

    editor("nothing matches this", "")
    assert "No change; play 1 stays as it was." in ok(["history", "edit", 1, "--db", db]).stderr
    assert shown(db, 1)["version"] == 3


def test_edit_the_date_note_and_place_without_an_editor(db, monkeypatch):
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--location", "home"])
    ok(["history", "edit", 1, "--db", db, "--date", "2023-12-24", "--note", "Christmas", "--location", ""])
    play = shown(db, 1)
    assert (play["date"], play["note"], play["location"], play["version"]) == ("2023-12-24", "Christmas", None, 2)
    assert shown(db, 1, "--version", 1)["location"] == "home"
    bad(["history", "edit", 1, "--db", db], "no editor: set VISUAL or EDITOR, or give the corrected sheet with --sheet FILE")
    bad(["history", "edit", 1, "--db", db, "--sheet", BURGUNDY], "this sheet is for 'burgundy', not 'goofspiel'")


def test_players_are_matched_case_insensitively_and_merged(db):
    ok(["score", "goofspiel", GOOF_3P, "--record", "--db", db])
    sheet = GOOF_2P.read_text().replace('"Ada"', '"  ADA "').replace('"Bo"', '"Bob"')
    ok(["score", "goofspiel", "-", "--record", "--db", db], input=sheet)
    rows = json.loads(ok(["history", "players", "--db", db, "--format", "json"]).stdout)
    assert [(r["name"], r["plays"]) for r in rows] == [("Ada", 2), ("Bo", 1), ("Bob", 1), ("Cy", 1)]
    assert "Bob is merged into Bo (Bob stays an alias)" in ok(["history", "players", "--merge", "bob", "BO", "--db", db]).stderr
    bad(["history", "players", "--merge", "Cy", "Ada", "--db", db], "Cy and Ada sat at the same table (play 1); they are two people")
    ok(["history", "players", "--merge", "ada", "Adaline", "--db", db])  # a new name: a rename
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])  # Ada and Bo, by their old names
    text = ok(["history", "players", "--db", db]).stdout
    assert "Adaline │ Ada" in text and "Bo      │ Bob" in text
    rows = json.loads(ok(["history", "players", "--db", db, "--format", "json"]).stdout)
    assert [(r["name"], r["plays"], r["aliases"]) for r in rows] == [("Adaline", 3, ["Ada"]), ("Bo", 3, ["Bob"]), ("Cy", 1, [])]
    assert [p["id"] for p in plays(db, "--player", "bob")] == [1, 2, 3]
    # the play still shows the names as they were written on the sheet
    assert [p["name"] for p in shown(db, 2)["players"]] == ["  ADA ", "Bob"]
    bad(["history", "players", "--merge", "Dee", "Ada", "--db", db], "no player 'Dee' in the history")
    respelt = ok(["history", "players", "--merge", "cy", "CY", "--db", db]).stderr  # one player, written anew
    assert "Cy is now written CY (names match whatever their capitals)" in respelt and "alias" not in respelt


def test_csv_export_has_a_row_per_player_and_a_column_per_category(db, tmp_path):
    ok(["score", "burgundy", BURGUNDY, "--record", "--db", db, "--date", "2024-05-01", "--note", 'a "quoted", note'])
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--date", "2024-05-02"])
    rows = list(csv.DictReader(io.StringIO(ok(["history", "export", "--format", "csv", "--db", db]).stdout)))
    assert len(rows) == 5
    assert rows[0] == {**rows[0], "play": "1", "date": "2024-05-01", "game": "burgundy", "player": "Ada", "total": "96",
                       "rank": "2", "winner": "no", "track": "67", "silverlings": "17", "prizes": "", "note": 'a "quoted", note'}
    assert rows[4]["player"] == "Bo" and rows[4]["prizes"] == "39" and rows[4]["track"] == ""
    out = tmp_path / "plays.csv"
    assert "Exported 1 play to" in ok(["history", "export", "--format", "csv", "--game", "goofspiel", "-o", out, "--db", db]).stderr
    assert len(out.read_text().splitlines()) == 3
    bad(["history", "import", out, "--db", db], "a CSV export is for spreadsheets")
    bad(["history", "export", "--format", "csv", "-o", out, "--db", db], f"{out} exists; give another name, or --force to replace it")
    assert "Exported 1 play to" in ok(["history", "export", "--format", "csv", "--game", "goofspiel", "-o", out, "--force", "--db", db]).stderr


def test_json_export_and_import_round_trip(db, tmp_path, editor):
    ok(["score", "burgundy", BURGUNDY, "--record", "--db", db, "--date", "2024-05-01", "--location", "club"])
    ok(["score", "goofspiel", GOOF_TIE, "--record", "--db", db, "--date", "2024-05-02", "--note", "tie"])
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])
    editor(r"\b13,", "3,")
    ok(["history", "edit", 3, "--db", db])
    ok(["history", "players", "--merge", "Cy", "Cyril", "--db", db])
    exported = tmp_path / "export.json"
    ok(["history", "export", "-o", exported, "--db", db])

    other = tmp_path / "other.sqlite3"
    assert "Imported 3 plays (plays 1–3)" in ok(["history", "import", exported, "--db", other]).stderr
    again = json.loads(ok(["history", "export", "--db", other]).stdout)
    first = json.loads(exported.read_text())
    assert again == first  # ids, uids, versions, aliases: all the same
    assert shown(other, 3, "--version", 1)["players"][0]["total"] == 49
    assert ok(["history", "show", 1, "--db", other]).stdout == ok(["history", "show", 1, "--db", db]).stdout
    skipped = ok(["history", "import", exported, "--db", other]).stderr
    uids = [p["uid"] for p in first["plays"]]
    assert f"Imported 0 plays\nSkipped 3 plays already in the history: {uids[0]} as play 1, {uids[1]} as play 2, {uids[2]} as play 3\n" in skipped
    assert [p["name"] for p in json.loads(ok(["history", "players", "--db", other, "--format", "json"]).stdout)] == ["Ada", "Bo", "Cyril"]

    broken = tmp_path / "broken.json"
    first["plays"][1]["players"][0]["total"] = "lots"
    broken.write_text(json.dumps(first))
    bad(["history", "import", broken, "--db", tmp_path / "third.sqlite3"], "broken.json: play 2: player 1: total must be a number, not 'lots'")
    assert not (tmp_path / "third.sqlite3").exists()  # a failed import makes no history


def test_import_a_folder_of_sheets_all_or_nothing(db, tmp_path):
    folder = tmp_path / "sheets"
    folder.mkdir()
    shutil.copy(GOOF_2P, folder / "2023-12-24 christmas.toml")
    shutil.copy(GOOF_3P, folder / "club.toml")
    stamp = time.mktime(datetime(2023, 3, 4, 12, 0).timetuple())
    os.utime(folder / "club.toml", (stamp, stamp))
    (folder / "notes.txt").write_text("not a sheet")
    broken = folder / "zz-broken.toml"
    broken.write_text(GOOF_2P.read_text().replace("prizes = [12", "prizes = [13"))
    bad(["history", "import", folder, "--db", db], "zz-broken.toml:")
    assert plays(db) == []

    broken.unlink()
    result = ok(["history", "import", folder, "--db", db, "--location", "the club"])
    assert "play 1: 2023-12-24 christmas.toml: Goofspiel, 2023-12-24 (date from the file name)" in result.stderr
    assert "play 2: club.toml: Goofspiel, 2023-03-04 (date from the file date)" in result.stderr
    assert [(p["date"], p["source"], p["location"]) for p in plays(db)] == [("2023-03-04", "import", "the club"), ("2023-12-24", "import", "the club")]
    skipped = ok(["history", "import", folder, "--db", db]).stderr
    assert "Imported 0 plays\nSkipped 2 plays already in the history: sheet:" in skipped
    assert "(2023-12-24 christmas.toml) as play 1" in skipped and "(club.toml) as play 2" in skipped
    ok(["history", "import", SHEETS / "burgundy-3p.toml", "--db", db, "--date", "2024-06-01"])
    assert plays(db)[-1]["game"] == "burgundy"
    bad(["history", "import", tmp_path / "nowhere", "--db", db], "no such file or folder")
    bad(["history", "import", tmp_path, "--db", db], "no score sheets (*.toml) in the folder")


def test_play_record_needs_people_at_the_table(db):
    bad(["play", "goofspiel", "random", "greedy", "--record", "--db", db], "--record keeps games people played")
    bad(["play", "goofspiel", "random", "greedy", "--db", db], "--db is for a recorded game: add --record")
    assert not db.exists()


@needs_pty
def test_a_game_played_at_the_terminal_is_recorded_with_its_log(db, tmp_path):
    save = tmp_path / "save.json"
    term = Terminal(["play", "goofspiel", "human:Ada", "random", "--seed", "4", "--option", "deck=5", "--save", save,
                     "--record", "--db", db], tmp_path)
    term.read_until("Ada> ")
    term.type("1")
    term.read_until("Ada> ")
    term.type("quit")
    assert "Not recorded: the game did not end" in term.read_until("bgkit play --resume FILE --record")
    assert term.finish() == 0
    assert plays(db) == []

    term = Terminal(["play", "--resume", save, "--record", "--db", db], tmp_path)
    for _ in range(4):
        term.read_until("Ada> ")
        term.type("1")
    screen = term.read_until("(bgkit history show 1)")
    assert "Recorded as play 1" in screen
    assert term.finish() == 0
    play = shown(db, 1)
    assert (play["source"], play["options"]) == ("play", {"deck": "5"})
    assert [(p["name"], p["spec"]) for p in play["players"]] == [("Ada", "human:Ada"), ("random", "random")]
    log = tmp_path / "game.json"
    assert "Wrote the game log" in ok(["history", "show", 1, "--db", db, "--log", log]).stderr
    assert "verified: every action legal, result matches" in ok(["replay", log, "--verify"]).stdout
    bad(["history", "edit", 1, "--db", db, "--sheet", GOOF_2P], "play 1 was played with bgkit: its result comes from its log")
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])
    bad(["history", "show", 2, "--db", db, "--log", log], "only games played with bgkit have a log")


@needs_pty
def test_the_score_prompt_offers_to_record(db, tmp_path):
    term = Terminal(["score", "goofspiel", "-p", "2", "--db", db], tmp_path)
    for answer in ("Ada", "13 12", "Bo", "1 2 3"):
        term.read_until("in seat order", "· prizes")
        term.type(answer)
    term.read_until("Save this sheet?")
    term.type("n")
    term.read_until("Record this game in your history?")
    term.type("y")
    term.read_until("Where was it played?")
    term.type("the club")
    term.read_until("A note?")
    term.type("")
    term.read_until("Recorded as play 1")
    assert term.finish() == 0
    play = shown(db, 1)
    assert (play["location"], play["note"], play["winners"]) == ("the club", None, ["Ada"])
    assert sqlite3.connect(db).execute("SELECT count(*) FROM plays").fetchone()[0] == 1


def test_start_up_imports_nothing_of_the_history():
    """bgkit --help and bgkit games stay fast: no sqlite3, store or statistics (platformdirs is
    imported by then, for the cached list of plugins: bgkit.plugins.index)."""
    import subprocess

    heavy = ["sqlite3", "bgkit.history.store", "bgkit.history.stats", "bgkit.history.transfer", "bgkit.history.views",
             "bgkit.history.records", "bgkit.history.schema", "bgkit.history.files", "bgkit.history.players",
             "bgkit.history.validate"]
    for command in (["--help"], ["games"], ["history", "--help"]):
        code = (
            "import json, sys\nfrom bgkit.cli.main import main\n"
            f"sys.argv = ['bgkit', *{command!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(json.dumps([m for m in {heavy!r} if m in sys.modules]), file=sys.stderr)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert json.loads(done.stderr.strip().splitlines()[-1]) == [], command


def test_end_of_input_at_the_record_question_records_nothing(db, monkeypatch):
    import bgkit.terminal.render

    monkeypatch.setattr(bgkit.terminal.render, "interactive", lambda: True)
    result = run_cli(["score", "goofspiel", "-p", "2", "--db", db], input="Ada\n13\nBo\n1\nn\n")
    assert result.exit_code == 0 and "Winner: Ada" in result.stdout
    assert "Record this game in your history?" in result.stderr and "Recorded" not in result.stderr
    assert not db.exists()
