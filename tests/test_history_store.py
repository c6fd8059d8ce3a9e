"""The history file: schema version and forward migration, files that are not ours, transactions,
parameters, and two bgkit writing at the same moment. Real SQLite files in tmp_path throughout."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bgkit.history import store as history
from bgkit.testing import run_cli

SHEETS = Path(__file__).parent.parent / "examples" / "sheets"
GOOF_2P = SHEETS / "goofspiel-2p.toml"

# Schema 1 exactly as bgkit wrote it. Written out here, not taken from bgkit.history.store, so that a
# change to a released migration breaks this test instead of every old file.
SCHEMA_1 = [
    """CREATE TABLE plays (id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
        game_name TEXT NOT NULL, played_on TEXT NOT NULL, recorded_at TEXT NOT NULL, source TEXT NOT NULL,
        options TEXT NOT NULL, note TEXT, location TEXT, categories TEXT NOT NULL, total_label TEXT NOT NULL,
        tiebreaks TEXT NOT NULL, decided_by TEXT NOT NULL, notes TEXT NOT NULL, sheet TEXT NOT NULL, data TEXT, log TEXT)""",
    """CREATE TABLE seats (play_id INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
        name TEXT NOT NULL, spec TEXT, fields TEXT NOT NULL, scores TEXT NOT NULL, total NOT NULL, rank INTEGER NOT NULL,
        winner INTEGER NOT NULL, tiebreaks TEXT NOT NULL, PRIMARY KEY (play_id, seat))""",
    "CREATE INDEX plays_by_date ON plays(played_on, id)",
]


def make_v1_file(path: Path) -> None:
    """A schema-1 history with two plays of Goofspiel; Ada is spelled 'Ada' once and 'ADA' once."""
    conn = sqlite3.connect(path)
    for statement in SCHEMA_1:
        conn.execute(statement)
    for play_id, (ada, bo, day) in enumerate([("Ada", "Bo", "2024-01-02"), ("ADA", "Bo", "2024-01-09")], start=1):
        sheet = f'game = "goofspiel"\n\n[[player]]\nname = "{ada}"\nprizes = [13]\n\n[[player]]\nname = "{bo}"\nprizes = [12]\n'
        conn.execute(
            "INSERT INTO plays VALUES (?, ?, 'goofspiel', 'Goofspiel', ?, '2024-01-10T00:00:00+00:00', 'score', '{}',"
            " NULL, 'the club', '[\"prizes\"]', 'total', '[]', 'highest total', '[]', ?, NULL, NULL)",
            (play_id, f"uid-{play_id}", day, sheet),
        )
        for seat, (name, points) in enumerate([(ada, 13), (bo, 12)]):
            conn.execute(
                "INSERT INTO seats VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, '[]')",
                (play_id, seat, name, json.dumps({"prizes": [points]}), json.dumps({"prizes": points}), points, seat + 1, int(seat == 0)),
            )
    conn.execute(f"PRAGMA application_id = {history.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def test_a_new_file_carries_its_schema_version_and_uses_wal(tmp_path):
    db = tmp_path / "h.sqlite3"
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", db]).exit_code == 0
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == history.APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_schema_1_file_is_migrated_forward_after_a_copy_is_kept(tmp_path):
    db = tmp_path / "old.sqlite3"
    make_v1_file(db)
    result = run_cli(["history", "players", "--format", "json", "--db", db])
    assert result.exit_code == 0, result.stderr
    backup = tmp_path / "old.sqlite3.v1.bak"
    assert f"upgraded from schema 1 to {history.SCHEMA_VERSION}" in result.stderr and str(backup) in result.stderr
    # the names are matched case-insensitively now: one Ada with both plays, under her first spelling
    assert [(p["name"], p["plays"], p["wins"]) for p in json.loads(result.stdout)] == [("Ada", 2, 2), ("Bo", 2, 0)]
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION

    kept = sqlite3.connect(backup)
    assert kept.execute("PRAGMA user_version").fetchone()[0] == 1
    assert kept.execute("SELECT name FROM seats ORDER BY play_id, seat").fetchall() == [("Ada",), ("Bo",), ("ADA",), ("Bo",)]
    assert "player_id" not in {row[1] for row in kept.execute("PRAGMA table_info(seats)")}

    shown = run_cli(["history", "show", "2", "--db", db])
    assert "Play 2 · 2024-01-09 · Goofspiel · at the club" in shown.stdout and "Winner: ADA (highest total)" in shown.stdout
    again = run_cli(["history", "--db", db])
    assert again.exit_code == 0 and "upgraded" not in again.stderr  # migrated once
    assert not (tmp_path / "old.sqlite3.v1-2.bak").exists()


def test_a_file_from_a_newer_bgkit_is_refused(tmp_path):
    db = tmp_path / "new.sqlite3"
    make_v1_file(db)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    result = run_cli(["history", "--db", db])
    assert result.exit_code == 2
    assert "written by a newer bgkit (history schema 99" in result.stderr


def _foreign_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()


def _damaged_history(path: Path) -> None:
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", path]).exit_code == 0
    path.write_bytes(path.read_bytes()[:3000])  # cut in the middle of its second page


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.write_bytes(os.urandom(3000)), "is not a bgkit history (not an SQLite file)"),
        (lambda p: p.write_text("my shopping list\n"), "is not a bgkit history (not an SQLite file)"),
        (_foreign_sqlite, "is not a bgkit history (a database of something else)"),
        (_damaged_history, "cannot be read as a bgkit history"),
    ],
    ids=["random bytes", "text", "another program's SQLite", "damaged history"],
)
def test_a_file_that_is_not_a_usable_history_is_one_line_exit_2_and_left_unchanged(tmp_path, make, message):
    db = tmp_path / "given.db"
    make(db)
    before = db.read_bytes()
    for args in (
        ["score", "goofspiel", GOOF_2P, "--record"],
        ["history"],
        ["history", "import", SHEETS],
        ["history", "players", "--merge", "Ada", "Adaline"],
        ["stats"],
    ):
        result = run_cli([*args, "--db", db])
        assert result.exit_code == 2, args
        assert result.stderr == f"bgkit: error: {db} {message}" + result.stderr.split(message, 1)[1]
        assert result.stderr.count("\n") == 1 and result.stdout == ""
        assert db.read_bytes() == before, f"{args} changed the file"


def test_a_missing_history_reads_as_empty_and_is_not_created(tmp_path):
    db = tmp_path / "none.sqlite3"
    for args in (["history"], ["stats"], ["history", "players"], ["history", "export"]):
        result = run_cli([*args, "--db", db])
        assert result.exit_code == 0, (args, result.stderr)
    assert "No plays recorded yet" in run_cli(["history", "--db", db]).stderr
    assert json.loads(run_cli(["history", "export", "--db", db]).stdout)["plays"] == []
    assert not db.exists()
    missing_folder = run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", tmp_path / "no" / "h.db"])
    assert missing_folder.exit_code == 2 and "there is no folder" in missing_folder.stderr


def test_bgkit_db_names_the_file_and_db_overrides_it(tmp_path, monkeypatch):
    monkeypatch.setenv("BGKIT_DB", str(tmp_path / "env.sqlite3"))
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record"]).exit_code == 0
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", tmp_path / "flag.sqlite3"]).exit_code == 0
    assert len(json.loads(run_cli(["history", "--format", "json"]).stdout)) == 1
    assert len(json.loads(run_cli(["history", "--format", "json", "--db", tmp_path / "flag.sqlite3"]).stdout)) == 1
    monkeypatch.delenv("BGKIT_DB")
    import platformdirs

    assert history.default_path() == Path(platformdirs.user_data_dir("bgkit", appauthor=False)) / "history.sqlite3"


def test_a_record_that_fails_halfway_leaves_nothing(tmp_path):
    db = tmp_path / "h.sqlite3"
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", db]).exit_code == 0
    sheet = tmp_path / "same.toml"
    sheet.write_text(GOOF_2P.read_text().replace('name = "Bo"', 'name = "ADA"'))  # the sheet allows it, the history not
    result = run_cli(["score", "goofspiel", sheet, "--record", "--db", db])
    assert result.exit_code == 2
    assert "'Ada' and 'ADA' are one player in the history" in result.stderr
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM plays").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM seats").fetchone()[0] == 2
    assert [row[0] for row in conn.execute("SELECT name FROM players ORDER BY id")] == ["Ada", "Bo"]


def test_names_and_notes_are_values_never_sql(tmp_path):
    db = tmp_path / "h.sqlite3"
    evil = "Robert'); DROP TABLE plays;--"
    sheet = tmp_path / "evil.toml"
    sheet.write_text(GOOF_2P.read_text().replace('name = "Bo"', f'name = "{evil}"'))
    note = "it's 100% \"fine\"; DELETE FROM seats"
    assert run_cli(["score", "goofspiel", sheet, "--record", "--db", db, "--note", note]).exit_code == 0
    listed = json.loads(run_cli(["history", "--db", db, "--format", "json", "--player", evil.upper()]).stdout)
    assert [p["name"] for p in listed[0]["players"]] == ["Ada", evil] and listed[0]["note"] == note
    assert run_cli(["history", "--db", db, "--player", "%"]).exit_code == 2  # no LIKE: % is a name like any other


WRITER = """
import os, sys, time
from bgkit.plugins.registry import get_registry
get_registry().load_game("goofspiel")  # everything slow happens before the start signal
from bgkit.cli.main import main
go = sys.argv[1]
while not os.path.exists(go):
    time.sleep(0.002)
sys.argv = ["bgkit", *sys.argv[2:]]
main()
"""


def test_writers_started_at_the_same_moment_all_land(tmp_path):
    """Four ``bgkit score --record`` released at once on a file none of them has seen yet."""
    db, go = tmp_path / "h.sqlite3", tmp_path / "go"
    names = ["Ada", "Bo", "Cy", "Di"]
    sheets = []
    for name in names:
        sheet = tmp_path / f"{name}.toml"
        sheet.write_text(GOOF_2P.read_text().replace('name = "Bo"', f'name = "{name} rival"'))
        sheets.append(sheet)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(go), "score", "goofspiel", str(sheet), "--record", "--db", str(db)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        for sheet in sheets
    ]
    go.touch()
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * len(procs), errors
    plays = json.loads(run_cli(["history", "--db", db, "--format", "json"]).stdout)
    assert sorted(p["id"] for p in plays) == [1, 2, 3, 4]
    assert sorted(p["players"][1]["name"] for p in plays) == [f"{n} rival" for n in names]
    assert sorted(line.split()[3] for line in errors) == ["1", "2", "3", "4"]  # "Recorded as play N ..."
