"""Players and their other names: names are matched case-insensitively, with runs of spaces as one,
under the first spelling recorded; ``history players --merge OLD NEW`` makes one name another's alias.

Functions of an open connection, called inside the store's transactions.
"""

from __future__ import annotations

import sqlite3
from typing import Literal, cast, overload

from bgkit.model.errors import BadInput
from bgkit.history.validate import check_name


def player_key(name: str) -> str:
    """How names are matched: case-insensitively, with runs of spaces as one."""
    return " ".join(name.split()).casefold()


@overload
def player_id(conn: sqlite3.Connection, name: str, create: Literal[True] = True) -> int: ...
@overload
def player_id(conn: sqlite3.Connection, name: str, create: bool) -> int | None: ...


def player_id(conn: sqlite3.Connection, name: str, create: bool = True) -> int | None:
    """The player of ``name`` (its own name or an alias); with ``create``, a new player if none."""
    key = player_key(name)
    row = conn.execute("SELECT player_id FROM player_names WHERE key = ?", (key,)).fetchone()
    if row is not None or not create:
        return row[0] if row else None
    new_id = cast(int, conn.execute("INSERT INTO players (name) VALUES (?)", (" ".join(name.split()),)).lastrowid)  # an INSERT's row id
    add_name(conn, name, new_id)
    return new_id


def add_name(conn: sqlite3.Connection, name: str, player_id: int) -> None:
    """Record ``name`` as one of the player's names (refused if it holds a NUL or a bidi control)."""
    check_name(name)
    conn.execute(
        "INSERT INTO player_names (key, name, player_id) VALUES (?, ?, ?)", (player_key(name), " ".join(name.split()), player_id)
    )


def player_or_fail(conn: sqlite3.Connection, name: str) -> int:
    """The player of ``name``; BadInput listing the players if there is none."""
    found = player_id(conn, name, create=False)
    if found is None:
        known = [row[0] for row in conn.execute("SELECT name FROM players ORDER BY name COLLATE NOCASE")]
        hint = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "") if known else "none yet"
        raise BadInput(f"no player {name!r} in the history (players: {hint})")
    return found


def merge(conn: sqlite3.Connection, old: str, new: str) -> str:
    """Make ``old`` an alias of ``new`` (a player or a new name); their plays become one player's.
    Returns what was done, as a line for the person."""
    old_id = player_or_fail(conn, old)
    old_name = conn.execute("SELECT name FROM players WHERE id = ?", (old_id,)).fetchone()[0]
    new_id = player_id(conn, new, create=False)
    if new_id is None or new_id == old_id:  # a new name (or another spelling): a rename
        conn.execute("UPDATE players SET name = ? WHERE id = ?", (" ".join(new.split()), old_id))
        if new_id is None:
            add_name(conn, new, old_id)
            return f"{old_name} is now called {' '.join(new.split())} ({old_name} stays an alias)"
        conn.execute("UPDATE player_names SET name = ? WHERE key = ?", (" ".join(new.split()), player_key(new)))
        return f"{old_name} is now written {' '.join(new.split())} (names match whatever their capitals)"
    together = [
        row[0]
        for row in conn.execute(
            """SELECT a.play_id FROM seats a JOIN seats b ON a.play_id = b.play_id
               WHERE a.player_id = ? AND b.player_id = ? ORDER BY a.play_id""",
            (old_id, new_id),
        )
    ]
    new_name = conn.execute("SELECT name FROM players WHERE id = ?", (new_id,)).fetchone()[0]
    if together:
        plays = ", ".join(map(str, together))
        raise BadInput(
            f"{old_name} and {new_name} sat at the same table (play{'s' if len(together) > 1 else ''} {plays}); "
            "they are two people"
        )
    conn.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", (new_id, old_id))
    conn.execute("UPDATE player_names SET player_id = ? WHERE player_id = ?", (new_id, old_id))
    conn.execute("DELETE FROM players WHERE id = ?", (old_id,))
    return f"{old_name} is merged into {new_name} ({old_name} stays an alias)"
