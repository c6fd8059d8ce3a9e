"""What --db may name, and what becomes of it: a file from a newer bgkit, a link to nothing, an empty
file, and two bgkit writing to one file at the same moment. Real files and real processes."""

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bgkit.history import schema
from bgkit.testing import run_cli

SHEETS = Path(__file__).parent.parent / "examples" / "sheets"
GOOF_2P = SHEETS / "goofspiel-2p.toml"


def one_line(result, message: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr


def test_a_file_one_schema_version_newer_is_refused_and_left_unchanged(tmp_path):
    db = tmp_path / "newer.sqlite3"
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", db]).exit_code == 0
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    newer = f"written by a newer bgkit (history schema {schema.SCHEMA_VERSION + 1}; this bgkit knows up to {schema.SCHEMA_VERSION})"
    for args in (["history"], ["score", "goofspiel", GOOF_2P, "--record"], ["history", "export"], ["stats"]):
        result = run_cli([*args, "--db", db])
        one_line(result, newer)
        assert result.stdout == ""  # found before anything is scored
    assert db.read_bytes() == before


def test_db_through_a_link_to_nothing_makes_nothing(tmp_path):
    link, target = tmp_path / "history.sqlite3", tmp_path / "elsewhere.sqlite3"
    link.symlink_to(target)
    one_line(run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", link]),
             f"{link} is a link to {target}, which does not exist; bgkit does not make a history through a link")
    one_line(run_cli(["history", "import", SHEETS, "--db", link]), "which does not exist")
    assert run_cli(["history", "--db", link]).exit_code == 0  # reading: an empty history, as for a missing file
    assert not target.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]
    # a link to a history is a history
    real = tmp_path / "real.sqlite3"
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", real]).exit_code == 0
    link.unlink()
    link.symlink_to(real)
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", link]).exit_code == 0
    assert len(json.loads(run_cli(["history", "--db", real, "--format", "json"]).stdout)) == 2


def test_an_empty_file_stays_empty_until_a_play_is_recorded(tmp_path):
    db = tmp_path / "empty.sqlite3"
    db.write_bytes(b"")
    bidi = tmp_path / "bidi.toml"
    bidi.write_text(GOOF_2P.read_text().replace('name = "Bo"', 'name = "Bo\\u202eevil"'))
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "bad.toml").write_text(GOOF_2P.read_text().replace("prizes = [12", "prizes = [13"))
    for args, message in (
        (["history", "import", tmp_path / "nowhere"], "no such file or folder"),
        (["history", "import", broken], "bad.toml:"),
        (["score", "goofspiel", bidi, "--record"], "holds a bidirectional control (U+202E)"),
        (["history", "players", "--merge", "Ada", "Ann"], "no player 'Ada' in the history (players: none yet)"),
        (["history", "delete", "1", "--yes"], "no play 1 in the history"),
    ):
        one_line(run_cli([*args, "--db", db]), message)
        assert db.read_bytes() == b"", f"{args} wrote to the file"
    listed = run_cli(["history", "--db", db])
    assert listed.exit_code == 0 and f"No plays recorded yet ({db} is empty)" in listed.stderr
    assert db.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bidi.toml", "broken", "empty.sqlite3"]  # no -wal, no backup

    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", db]).exit_code == 0  # the first record makes it
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert conn.execute("SELECT count(*) FROM plays").fetchone()[0] == 1


def test_a_missing_file_is_made_only_by_a_write_that_lands(tmp_path):
    db = tmp_path / "new.sqlite3"
    one_line(run_cli(["history", "import", tmp_path / "nowhere", "--db", db]), "no such file or folder")
    nul = tmp_path / "nul.toml"
    nul.write_text(GOOF_2P.read_text().replace('name = "Bo"', 'name = "Bo\\u0000"'))
    one_line(run_cli(["score", "goofspiel", nul, "--record", "--db", db]), "the player name 'Bo\\x00' holds a NUL character")
    assert not db.exists()  # refused before the write began: SQLite was never asked to make the file
    assert run_cli(["score", "goofspiel", GOOF_2P, "--record", "--db", db]).exit_code == 0
    assert db.exists()


# Two real bgkit processes writing to one history at one moment. The first holds a write
# transaction open (a phone's change to a table at bgkit serve, read and written in one
# transaction), the second records a scored sheet meanwhile. Taken for writing at once (BEGIN
# IMMEDIATE), the second waits for the first and both land; a deferred transaction would let the
# second write under the first's read, and the first then fails with "database is locked".
HOLDER = """
import os, sys, time
from pathlib import Path
from bgkit.history.store import open_history
db, draft, inside, go = sys.argv[1:]
def change(state):
    Path(inside).touch()
    deadline = time.monotonic() + 30
    while not os.path.exists(go) and time.monotonic() < deadline:
        time.sleep(0.005)
    state["note"] = "typed while another bgkit recorded"
with open_history(Path(db)) as store:
    store.update_draft(int(draft), change)
"""

RECORDER = """
import sys
from pathlib import Path
from bgkit.plugins.registry import get_registry
get_registry().load_game("goofspiel")  # everything slow happens before it says it is ready
from bgkit.cli.main import main
Path(sys.argv[1]).touch()
sys.argv = ["bgkit", *sys.argv[2:]]
main()
"""


def _wait_for(path: Path, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path.name} never came"
        time.sleep(0.01)


def test_two_writers_at_one_moment_both_land(tmp_path):
    from bgkit.history.store import open_history

    db, inside, ready, go = tmp_path / "h.sqlite3", tmp_path / "inside", tmp_path / "ready", tmp_path / "go"
    with open_history(db) as store:
        draft = store.new_draft("goofspiel", {"names": ["Ada", "Bo"]})
    run = dict(stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), str(draft), str(inside), str(go)], **run)
    recorder = None
    try:
        _wait_for(inside, holder)  # the first holds its write transaction now
        recorder = subprocess.Popen(
            [sys.executable, "-c", RECORDER, str(ready), "score", "goofspiel", str(GOOF_2P), "--record", "--db", str(db)], **run
        )
        _wait_for(ready, recorder)
        time.sleep(1.0)  # the second reaches its write (and waits there) before the first lets go
        go.touch()
        holder_out = holder.communicate(timeout=60)
        recorder_out = recorder.communicate(timeout=60)
    finally:
        for process in (holder, recorder):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    assert holder.returncode == 0, holder_out[1]
    assert recorder.returncode == 0, recorder_out[1]
    with open_history(db, create=False) as store:
        assert store.draft(draft)["state"]["note"] == "typed while another bgkit recorded"
        assert [[s.name for s in p.seats] for p in store.plays()] == [["Ada", "Bo"]]
