"""Where the history file is, and whether a file is one: the path checks, the header, SQLite's
identity of the file (``application_id``, ``user_version``, ``quick_check``) and WAL.

A file that is not a bgkit history is refused here, before anything is written to it.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from bgkit.model.errors import BadInput
from bgkit.history.schema import APPLICATION_ID, BUSY_SECONDS, SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"
FILE_NAME = "history.sqlite3"


def default_path() -> Path:
    """``BGKIT_DB`` if set, else ``history.sqlite3`` in the user's data folder (platformdirs)."""
    env = os.environ.get("BGKIT_DB", "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("bgkit", appauthor=False)) / FILE_NAME


def check_path(path: Path, create: bool) -> None:
    """Refuse, before SQLite sees it, a path that cannot be a history: a folder, a FIFO or device,
    a file that is not SQLite by its first bytes; and, to write (``create``), a link to nothing
    (SQLite would make the file it points to) or a new file in a folder that is missing or not
    writable (found before a game is played or a sheet typed in, not when it is recorded)."""
    if path.is_dir():
        raise BadInput(f"{path} is a folder; the history is a file (--db FILE)")
    if path.exists():
        if not path.is_file():  # a FIFO or a device: SQLite would wait on it forever
            raise BadInput(f"{path} is not a regular file; the history is a file (--db FILE)")
        check_header(path)
        return
    if not create:
        return  # a missing history reads as an empty one, and is not made
    if path.is_symlink():
        raise BadInput(f"{path} is a link to {os.readlink(path)}, which does not exist; bgkit does not make a history "
                       "through a link: give the file itself with --db")
    folder = path.parent if str(path.parent) else Path(".")
    if path == default_path() and not os.environ.get("BGKIT_DB"):
        folder.mkdir(parents=True, exist_ok=True)
    if not folder.is_dir():
        raise BadInput(f"cannot make the history {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise BadInput(f"cannot make the history {path}: the folder {folder} may not be written")


def connect_file(path: Path, create: bool) -> tuple[sqlite3.Connection, bool]:
    """A connection to the file at ``path`` (which exists): (connection, read_only).

    Without ``create``, in a folder bgkit may not write, the file is opened for reading only.
    """
    read_only = not create and not os.access(path.parent if str(path.parent) else ".", os.W_OK)
    try:
        conn = connect(read_only_uri(path) if read_only else str(path), uri=read_only)
    except sqlite3.Error as exc:
        raise BadInput(f"cannot open the history {path}: {exc}") from None
    return conn, read_only


def read_only_uri(path: Path) -> str:
    """A history in a folder bgkit may not write (another person's, a read-only disk) is opened for
    reading only, as immutable: SQLite then needs none of the lock and WAL files it would make
    beside it, and listing, showing and exporting still work."""
    from urllib.parse import quote

    return f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1"


def connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, isolation_level=None, timeout=BUSY_SECONDS, uri=uri)  # transactions are explicit
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def check_header(path: Path) -> None:
    """Refuse a file that is not SQLite at all by its first bytes, before SQLite opens it."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise BadInput(f"cannot read the history {path}: {exc.strerror}") from None
    if head and head != SQLITE_MAGIC:
        raise BadInput(f"{path} is not a bgkit history (not an SQLite file); give another --db or move it away")


def check_identity(conn: sqlite3.Connection, path: Path) -> bool:
    """Ours, empty, or refused: read only, so a foreign or damaged file stays as it was. True if
    the file holds no history yet (a new or 0-byte file: nothing in it, no version).

    One read transaction, so that the header and the tables are seen at one moment even
    while another bgkit is making the file.
    """
    try:
        conn.execute("BEGIN")
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            objects = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.execute("COMMIT")
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        why = "a stored text is not UTF-8" if isinstance(exc, UnicodeDecodeError) else str(exc)
        raise BadInput(f"{path} cannot be read as a bgkit history ({why}); give another --db, or restore a copy") from None
    if app_id != APPLICATION_ID and (app_id or objects):
        raise BadInput(f"{path} is not a bgkit history (a database of something else); give another --db")
    if version > SCHEMA_VERSION:
        raise BadInput(
            f"{path} was written by a newer bgkit (history schema {version}; this bgkit knows up to "
            f"{SCHEMA_VERSION}); upgrade bgkit to use it"
        )
    if objects and conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise BadInput(f"the history {path} is damaged (SQLite's check failed); restore a copy")
    return not objects and not version


def use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL (kept in the file, so this happens once).

    The switch needs the file to itself, and when another bgkit opens it at that moment SQLite
    refuses at once instead of waiting; so try again for a while.
    """
    deadline = time.monotonic() + BUSY_SECONDS
    while conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        try:
            if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                return  # a file system without WAL: rollback journal, still one transaction a record
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
