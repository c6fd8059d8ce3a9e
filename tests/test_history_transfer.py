"""What goes out of the history to a spreadsheet, and what an import may bring in: CSV cells guarded,
seats numbered from 1, names a history may not hold, and exports that lie about their plays."""

import csv
import io
import json
from pathlib import Path

import pytest

from bgkit.testing import run_cli

SHEETS = Path(__file__).parent.parent / "examples" / "sheets"
GOOF_2P, GOOF_3P = SHEETS / "goofspiel-2p.toml", SHEETS / "goofspiel-3p.toml"


def ok(args):
    result = run_cli([str(a) for a in args])
    assert result.exit_code == 0, result.stderr
    return result


def one_line(args, message):
    result = run_cli([str(a) for a in args])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr
    return result


def csv_rows(db, *more):
    return list(csv.DictReader(io.StringIO(ok(["history", "export", "--format", "csv", "--db", db, *more]).stdout)))


def test_csv_numbers_seats_from_one_as_documented(tmp_path):
    db = tmp_path / "h.sqlite3"
    ok(["score", "goofspiel", GOOF_3P, "--record", "--db", db])
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])
    rows = csv_rows(db)
    assert [(r["play"], r["seat"], r["player"]) for r in rows] == [
        ("1", "1", "Ada"), ("1", "2", "Bo"), ("1", "3", "Cy"), ("2", "1", "Ada"), ("2", "2", "Bo")
    ]
    assert json.loads(ok(["history", "export", "--db", db]).stdout)["plays"][0]["players"][0]["seat"] == 0  # JSON keeps 0


def _export_with(tmp_path, change) -> Path:
    """A real export of one Goofspiel play, changed by ``change(play)`` as a person could change it."""
    db = tmp_path / "source.sqlite3"
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--date", "2024-05-01"])
    document = json.loads(ok(["history", "export", "--db", db]).stdout)
    change(document["plays"][0])
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))  # json writes NaN and Infinity as JavaScript does
    return path


def _hostile(play):
    ada, bo = play["players"]
    ada["name"] = ada["player"] = '=HYPERLINK("http://evil.example","Ada")\x1b]0;owned\x07'
    bo["name"] = bo["player"] = "-3+4"
    bo["total"], bo["scores"]["prizes"] = -3, -3
    play["note"], play["location"], play["decided_by"] = "@SUM(A1:A9)", "+cmd|' /C calc'!A0", "\tTAB first"
    play["players"] = [ada, bo]


def test_csv_cells_are_guarded_as_spreadsheets_expect(tmp_path):
    db = tmp_path / "h.sqlite3"
    ok(["history", "import", _export_with(tmp_path, _hostile), "--db", db])
    text = ok(["history", "export", "--format", "csv", "--db", db]).stdout
    assert "\x1b" not in text and "\x07" not in text and "\t" not in text
    ada, bo = csv.DictReader(io.StringIO(text))
    assert ada["player"] == "'=HYPERLINK(\"http://evil.example\",\"Ada\")\\x1b]0;owned\\x07"
    assert bo["player"] == "'-3+4"
    assert (ada["note"], ada["location"], ada["decided_by"]) == ("'@SUM(A1:A9)", "'+cmd|' /C calc'!A0", "'\\tTAB first")
    assert (bo["total"], bo["prizes"], bo["rank"]) == ("-3", "-3", "2")  # a number stays a number, minus and all
    assert (ada["total"], ada["seat"]) == ("49", "1")
    # the history keeps the names as they were; only the spreadsheet's cells are guarded
    listed = json.loads(ok(["history", "--db", db, "--format", "json"]).stdout)
    assert listed[0]["players"][1]["name"] == "-3+4"


def test_the_server_exports_the_same_guarded_csv(tmp_path):
    pytest.importorskip("starlette", reason="bgkit serve needs the serve extra")
    pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from bgkit.serve.app import create_app

    db = tmp_path / "h.sqlite3"
    ok(["history", "import", _export_with(tmp_path, _hostile), "--db", db])
    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        served = client.get("/export.csv")
    assert served.status_code == 200
    assert served.text == ok(["history", "export", "--format", "csv", "--db", db]).stdout
    assert "'=HYPERLINK" in served.text and "\x1b" not in served.text


BIDI_NAME, NUL_NAME = "Bo\u202eevil", "Bo\x00x"


def _sheet(tmp_path, name: str) -> Path:
    path = tmp_path / "sheet.toml"
    path.write_text(GOOF_2P.read_text().replace('name = "Bo"', f"name = {json.dumps(name)}"))
    return path


@pytest.mark.parametrize("name, what", [(BIDI_NAME, "a bidirectional control (U+202E)"), (NUL_NAME, "a NUL character"),
                                        ("A\u2067b", "a bidirectional control (U+2067)")])
def test_a_name_with_a_nul_or_a_bidi_control_never_enters_the_history(tmp_path, name, what):
    db = tmp_path / "h.sqlite3"
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db, "--date", "2024-05-01"])
    before = ok(["history", "export", "--db", db]).stdout
    sheet = _sheet(tmp_path, name)
    one_line(["score", "goofspiel", sheet, "--record", "--db", db], what)
    one_line(["history", "import", sheet, "--db", db], f"{sheet}: the player name")
    one_line(["history", "edit", "1", "--sheet", sheet, "--db", db], what)
    one_line(["history", "players", "--merge", "Bo", name, "--db", db], what)
    one_line(["play", "goofspiel", f"human:{name}", "random", "--record", "--db", db], f"seat 'human:{name}'".encode("unicode_escape").decode())

    def rename(play):
        play["uid"] = "another"
        play["players"][1]["name"] = play["players"][1]["player"] = name
    one_line(["history", "import", _export_with(tmp_path, rename), "--db", db], "export.json: play 1: player 2: the player name")
    assert ok(["history", "export", "--db", db]).stdout == before


def _set(path: str, value):
    def change(play):
        *keys, last = path.split(".")
        place = play
        for key in keys:
            place = place[int(key)] if key.isdigit() else place[key]
        place[last] = value
    return change


@pytest.mark.parametrize(
    "change, message",
    [
        (_set("game", "chess"), "export.json: play 1: the game 'chess' is not installed"),
        (_set("players.0.total", float("inf")), "export.json: play 1: player 1: total must be a finite number, not inf"),
        (_set("players.1.total", float("nan")), "export.json: play 1: player 2: total must be a finite number, not nan"),
        (_set("players.0.scores", {"prizes": float("-inf")}), "player 1: scores.prizes must be a finite number, not -inf"),
        (_set("players.0.rank", 0), "export.json: play 1: player 1: rank must be from 1 to 2 (the number of players), not 0"),
        (_set("players.1.rank", -1), "export.json: play 1: player 2: rank must be from 1 to 2 (the number of players), not -1"),
        (_set("players.1.rank", 3), "player 2: rank must be from 1 to 2 (the number of players), not 3"),
    ],
    ids=["unknown game", "infinite total", "NaN total", "infinite score", "rank 0", "negative rank", "rank past the last"],
)
def test_import_refuses_a_record_no_game_could_have_scored(tmp_path, change, message):
    db = tmp_path / "h.sqlite3"
    one_line(["history", "import", _export_with(tmp_path, change), "--db", db], message)
    assert not db.exists()


def test_import_names_every_duplicate_uid_it_skips(tmp_path):
    db = tmp_path / "h.sqlite3"
    export = _export_with(tmp_path, lambda play: None)
    document = json.loads(export.read_text())
    uid = document["plays"][0]["uid"]
    twice = dict(document["plays"][0], note="the same uid again")
    document["plays"].append(twice)
    export.write_text(json.dumps(document))
    first = ok(["history", "import", export, "--db", db]).stderr
    assert f"Imported 1 play (play 1)\nSkipped 1 play already in the history: {uid} as play 1\n" in first
    again = ok(["history", "import", export, "--db", db]).stderr
    assert f"Imported 0 plays\nSkipped 2 plays already in the history: {uid} as play 1, {uid} as play 1\n" in again


def test_a_table_at_bgkit_serve_is_not_recorded_under_such_a_name(tmp_path):
    """bgkit serve records a table through ``record_draft``: the same refusal, and the table stays
    a table, so the phone can correct the name."""
    from bgkit.history.store import open_history
    from bgkit.model.errors import BadInput

    db = tmp_path / "h.sqlite3"
    ok(["score", "goofspiel", GOOF_2P, "--record", "--db", db])
    with open_history(db) as store:
        play = store.play(1)
        play.uid, play.seats[1].name, play.seats[1].player = "from a phone", BIDI_NAME, None
        table = store.new_draft("goofspiel", {"names": ["Ada", BIDI_NAME]})
        with pytest.raises(BadInput, match=r"holds a bidirectional control \(U\+202E\)"):
            store.record_draft(table, play)
        assert store.draft(table)["play_id"] is None and len(store.plays()) == 1


@pytest.mark.parametrize("players", [1, True, "Ada", {"name": "Ada"}])
def test_an_export_whose_players_are_not_a_list_is_one_line(tmp_path, players):
    export = _export_with(tmp_path, lambda play: None)
    document = json.loads(export.read_text())
    document["players"] = players
    export.write_text(json.dumps(document))
    one_line(["history", "import", export, "--db", tmp_path / "h.sqlite3"], "export.json: the players of a history export are a list")
