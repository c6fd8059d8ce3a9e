"""Files and folders that refuse: a name too long for the file system, a full disk, a FIFO where the
history should be, and a history file damaged or edited by hand. Each is one line, exit 2, as a real
``bgkit`` process, and nothing already saved is lost."""

import json
import resource
import sqlite3
import sys

import pytest

from bgkit.testing import bgkit_limited as bgkit

SHEET = __import__("pathlib").Path(__file__).parent.parent / "examples" / "sheets" / "goofspiel-2p.toml"
LONG = "x" * 300  # longer than a file name may be (255 bytes on every common file system)


def one_line(result, *parts) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    lines = result.stderr.strip().splitlines()
    assert "Traceback" not in result.stderr and lines[-1].startswith("bgkit: error: "), result.stderr
    for part in parts:
        assert part in lines[-1], lines[-1]
    return lines[-1]


@pytest.mark.parametrize("args", [
    ("play", "goofspiel", "random", "random", "--seed", "1", "--save", LONG),
    ("play", "goofspiel", "random", "random", "--seed", "1", "--log", LONG),
    ("arena", "goofspiel", "random", "greedy", "--games", "2", "--seed", "1", "--out", LONG),
    ("history", "export", "-o", LONG),
    ("history", "--db", LONG),
    ("score", "goofspiel", SHEET, "--record", "--db", LONG),
])
def test_a_file_name_too_long_is_one_line(tmp_path, args):
    one_line(bgkit(*args, cwd=tmp_path), "File name too long")


def test_a_full_disk_while_saving_is_one_line_and_the_last_save_stays_good(tmp_path):
    save = tmp_path / "save.json"

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # a Burgundy save outgrows it in a few turns

    import subprocess

    result = subprocess.run([sys.executable, "-m", "bgkit", "play", "burgundy", "random", "random", "--seed", "1",
                             "--save", save], capture_output=True, text=True, cwd=tmp_path, preexec_fn=small_disk,
                            stdin=subprocess.DEVNULL, timeout=300)
    line = one_line(result, f"cannot write {save}: File too large")
    assert "plugin" not in line and "burgundy" not in line.lower()
    saved = json.loads(save.read_text())  # the last good save is whole
    assert saved["game"] == "burgundy" and saved["actions"]
    resumed = bgkit("play", "--resume", save, "--save", tmp_path / "other.json", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_score_record_into_a_fifo_refuses_instead_of_waiting(tmp_path):
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    one_line(bgkit("score", "goofspiel", SHEET, "--record", "--db", fifo, timeout=60), "not a regular file")
    one_line(bgkit("history", "--db", fifo, timeout=60), "not a regular file")


# -- a history edited by hand or damaged ------------------------------------------------------------


@pytest.fixture
def history(tmp_path):
    db = tmp_path / "history.sqlite3"
    assert bgkit("score", "goofspiel", SHEET, "--record", "--db", db).returncode == 0
    return db


def _sql(db, statement: str, *params) -> None:
    conn = sqlite3.connect(db)
    conn.execute(statement, params)
    conn.commit()
    conn.close()


@pytest.mark.parametrize("table, column", [("plays", "options"), ("plays", "categories"), ("seats", "scores")])
def test_text_that_is_not_json_in_a_json_column_is_one_line_and_the_play_can_be_deleted(history, table, column):
    _sql(history, f"UPDATE {table} SET {column} = 'not json {{'")
    for command in (["history"], ["history", "show", "1"], ["stats"], ["history", "export"]):
        one_line(bgkit(*command, "--db", history), f"play 1's {column} is not JSON", "bgkit history delete 1")
    deleted = bgkit("history", "delete", "1", "--yes", "--db", history)
    assert deleted.returncode == 0 and "Deleted play 1 (damaged)" in deleted.stderr
    assert bgkit("history", "--db", history).returncode == 0


@pytest.mark.parametrize("path", [("players", 0, "rank"), ("players", 0, "seat"), ("players", 1, "total"), ("version",)])
def test_importing_a_number_sqlite_cannot_keep_is_one_line_and_nothing_is_imported(tmp_path, history, path):
    export = json.loads(bgkit("history", "export", "--db", history).stdout)
    record = export["plays"][0]
    record["uid"] = "another"
    target = record
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = 2**63
    (tmp_path / "export.json").write_text(json.dumps(export))
    one_line(bgkit("history", "import", tmp_path / "export.json", "--db", history),
             f"{path[-1]} is a number of 19 digits, more than a history can keep")
    assert json.loads(bgkit("history", "--db", history, "--format", "json").stdout).__len__() == 1


def test_a_byte_flipped_history_is_one_line(history):
    data = bytearray(history.read_bytes())
    at = data.index(b"CREATE TABLE plays") + 3  # inside the stored schema text: not UTF-8 any more
    data[at] ^= 0xFF
    history.write_bytes(bytes(data))
    one_line(bgkit("history", "--db", history), "cannot be read as a bgkit history")


def test_a_history_that_cannot_be_upgraded_leaves_no_backup_behind(tmp_path):
    from bgkit.history.store import APPLICATION_ID

    db = tmp_path / "old.sqlite3"
    _sql(db, "CREATE TABLE plays (id INTEGER PRIMARY KEY)")  # claims schema 1 but lacks its seats
    _sql(db, f"PRAGMA application_id = {APPLICATION_ID}")
    _sql(db, "PRAGMA user_version = 1")
    for command in (["history"], ["stats"], ["history", "players"]):
        one_line(bgkit(*command, "--db", db), "(schema 1) cannot be upgraded")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.sqlite3"]



def test_a_history_in_a_folder_bgkit_may_not_write_can_still_be_listed(history, monkeypatch):
    """As root every folder is writable, so the folder's refusal is what ``os.access`` says; the
    history is then opened read-only and immutable, needing no lock or WAL file beside it."""
    import os

    from bgkit.history import store

    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if mode == os.W_OK else real(path, mode))
    with store.open_history(history, create=False) as opened:
        assert opened.read_only and [p.id for p in opened.plays()] == [1]
    before = sorted(p.name for p in history.parent.iterdir())
    with store.open_history(history, create=False) as opened:
        opened.plays()
    assert sorted(p.name for p in history.parent.iterdir()) == before  # nothing made beside it


@pytest.mark.skipif(__import__("os").geteuid() == 0, reason="root may write any folder")
def test_a_history_in_a_read_only_folder_is_listed(history):
    history.parent.chmod(0o555)
    try:
        listed = bgkit("history", "--db", history)
        assert listed.returncode == 0 and "Ada" in listed.stdout, listed.stderr
    finally:
        history.parent.chmod(0o755)
