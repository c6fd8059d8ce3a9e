"""The history's schema: built by its migrations alone (:data:`MIGRATIONS`), a new file runs them
all, an old file the ones it lacks, after a copy of it is kept. A migration, once released, never
changes; a change to the schema is a new one at the end, and :data:`SCHEMA_VERSION` goes up.
docs/history.md describes the tables.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from bgkit.model.errors import BadInput
from bgkit.history.players import player_id

if TYPE_CHECKING:
    from bgkit.history.store import History

SCHEMA_VERSION = 3
#: "bgkh" in the file header: tells a bgkit history from any other SQLite file.
APPLICATION_ID = 0x62676B68
#: How long a bgkit waits for another one writing to the same file.
BUSY_SECONDS = 30.0


def schema_1(conn: sqlite3.Connection) -> None:
    """Plays and their seats: everything ``bgkit score`` printed, the sheet and options.

    JSON columns hold lists and tables; ``total`` has no type, so a game's 96 stays 96 and its
    32.0 stays 32.0, exactly as its scoring returned them.
    """
    conn.execute(
        """CREATE TABLE plays (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            game_name TEXT NOT NULL,
            played_on TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            source TEXT NOT NULL,
            options TEXT NOT NULL,
            note TEXT,
            location TEXT,
            categories TEXT NOT NULL,
            total_label TEXT NOT NULL,
            tiebreaks TEXT NOT NULL,
            decided_by TEXT NOT NULL,
            notes TEXT NOT NULL,
            sheet TEXT NOT NULL,
            data TEXT,
            log TEXT
        )"""
    )
    conn.execute(
        """CREATE TABLE seats (
            play_id INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            spec TEXT,
            fields TEXT NOT NULL,
            scores TEXT NOT NULL,
            total NOT NULL,
            rank INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            tiebreaks TEXT NOT NULL,
            PRIMARY KEY (play_id, seat)
        )"""
    )
    conn.execute("CREATE INDEX plays_by_date ON plays(played_on, id)")


def schema_2(conn: sqlite3.Connection) -> None:
    """Players matched case-insensitively, with aliases; edited plays keep their old versions."""
    conn.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    conn.execute(
        """CREATE TABLE player_names (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE
        )"""
    )
    conn.execute("ALTER TABLE seats ADD COLUMN player_id INTEGER REFERENCES players(id)")
    conn.execute("CREATE INDEX seats_by_player ON seats(player_id)")
    conn.execute("ALTER TABLE plays ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
    conn.execute(
        """CREATE TABLE play_versions (
            play_id INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            replaced_at TEXT NOT NULL,
            record TEXT NOT NULL,
            PRIMARY KEY (play_id, version)
        )"""
    )
    # SQLite's lower() folds ASCII only, so the names are matched here, in Python; the first
    # spelling of a name becomes the player's name.
    rows = conn.execute("SELECT play_id, seat, name FROM seats ORDER BY play_id, seat").fetchall()
    for play_id, seat, name in rows:
        conn.execute(
            "UPDATE seats SET player_id = ? WHERE play_id = ? AND seat = ?", (player_id(conn, name), play_id, seat)
        )


def schema_3(conn: sqlite3.Connection) -> None:
    """Drafts: tables still being filled in by ``bgkit serve``, so a restart loses nothing typed.

    ``state`` is the serve package's JSON (the values as typed); ``revision`` counts its changes, so
    a phone can tell that another one wrote; ``play_id`` is the play it was recorded as (the row stays,
    so a phone still on the table finds the play, and goes when the play is deleted).
    """
    conn.execute(
        """CREATE TABLE drafts (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            state TEXT NOT NULL,
            revision INTEGER NOT NULL DEFAULT 1,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            play_id INTEGER REFERENCES plays(id) ON DELETE CASCADE
        )"""
    )


#: MIGRATIONS[v] takes a file from schema v to v + 1. Released ones never change.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [schema_1, schema_2, schema_3]
assert len(MIGRATIONS) == SCHEMA_VERSION


# -- bringing a file forward ----------------------------------------------------------------------


def migrate(history: "History", say: Callable[[str], None] | None) -> None:
    """Bring the file to SCHEMA_VERSION in one transaction, after a copy of an older file."""
    if history.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
        return
    with history.transaction() as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]  # again: another bgkit may have done it
        if version == SCHEMA_VERSION:
            return
        copy = backup(history.path, version) if version else None
        try:
            _run(conn, version, history.path)
        except BaseException:  # rolled back: the file is as it was, and the copy of it not needed
            if copy is not None:
                copy.unlink(missing_ok=True)
            raise
    if copy is not None and say is not None:
        say(f"The history {history.path} was upgraded from schema {version} to {SCHEMA_VERSION}; the old file is kept as {copy}")


def build(conn: sqlite3.Connection, path: Path) -> None:
    """Make a new file's tables, inside the transaction of its first write (so that a write that
    fails leaves the file as empty as it was), unless another bgkit made them a moment ago."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if app_id == APPLICATION_ID and version == SCHEMA_VERSION:
        return
    if app_id or version or conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise BadInput(f"{path} was changed by another program while bgkit had it open; try again")
    _run(conn, 0, path)


def _run(conn: sqlite3.Connection, version: int, path: Path) -> None:
    """The migrations from ``version`` on, and the header that says so (inside a transaction)."""
    try:
        for migration in MIGRATIONS[version:]:
            migration(conn)
    except sqlite3.Error as exc:
        raise BadInput(f"the history {path} (schema {version}) cannot be upgraded ({exc}); "
                       "restore a copy, or give another --db") from None
    # PRAGMA takes no parameters; both values are this module's integer constants.
    conn.execute(f"PRAGMA user_version = {int(SCHEMA_VERSION)}")
    conn.execute(f"PRAGMA application_id = {int(APPLICATION_ID)}")


def backup(path: Path, version: int) -> Path:
    """A consistent copy of the file as it is (SQLite's backup: WAL content included)."""
    target = path.with_name(f"{path.name}.v{version}.bak")
    n = 2
    while target.exists():
        target, n = path.with_name(f"{path.name}.v{version}-{n}.bak"), n + 1
    # From a second connection: SQLite will not back up through the one holding our write lock,
    # and that lock keeps every other writer out until the migration is done.
    source = sqlite3.connect(str(path), timeout=BUSY_SECONDS)
    copy = sqlite3.connect(str(target))
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target
