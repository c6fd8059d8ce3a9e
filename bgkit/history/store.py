"""The table history: every recorded game in one SQLite file (``bgkit history``, ``bgkit stats``).

Why SQLite: one file a person can copy and back up, that two ``bgkit score --record`` may write at
the same moment (WAL, and each record is one ``BEGIN IMMEDIATE`` transaction), and that a newer
bgkit migrates forward in place after keeping a copy. The file says it is ours in its header
(``application_id``) and which schema it has (``user_version``); a file that is not ours is refused
before anything is written to it. Every SQL statement takes its values as parameters.

This module opens the file and keeps the records in it: every read and write. The parts, by job:
:mod:`~bgkit.history.records` (the records as data), :mod:`~bgkit.history.validate` (checks of what
comes in), :mod:`~bgkit.history.schema` (the tables and their migrations), :mod:`~bgkit.history.files`
(where the file is and whether it is a history), :mod:`~bgkit.history.players` (names, aliases, merges).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, cast

from bgkit.model.errors import BadInput
from bgkit.history import files, players as names, schema
from bgkit.history.records import Play, SeatRecord, dumps as _dumps, now as _now
from bgkit.history.validate import check_name

# The names other modules import from here, wherever they live now.
from bgkit.history.files import default_path
from bgkit.history.players import player_key
from bgkit.history.records import parse_date, play_from_score, today
from bgkit.history.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "DamagedPlay", "History", "Play", "SeatRecord",
    "default_path", "open_history", "parse_date", "play_from_score", "player_key", "today",
]

def open_history(path: Path, create: bool = True, say: Callable[[str], None] | None = None) -> "History":
    """Open the history at ``path``, migrating it forward if it is old.

    A missing or empty (0-byte) file reads as an empty history. With ``create`` it becomes a
    history at its first write, in that write's transaction: a command that fails before it, or
    in it, leaves the file as it was (a missing one is not made). A file that is not a bgkit
    history, is damaged, or comes from a newer bgkit is BadInput, and nothing is written to it.
    """
    path = Path(path)
    files.check_path(path, create)
    if path.exists():
        conn, read_only = files.connect_file(path, create)
        history = History(path, conn, exists=True)
        history.read_only = read_only
        try:
            with history.guard():
                empty = files.check_identity(conn, path)
        except BaseException:
            conn.close()
            raise
        if not empty:
            return history._setup(say)
        conn.close()
    history = History(path, files.connect(":memory:"), exists=False)._setup(say)
    history.fresh = create
    return history


class DamagedPlay(BadInput):
    """A stored play that cannot be read back; it can still be deleted."""


def _stored(text: Any, play_id: int, column: str) -> Any:
    """A JSON column's value; text that is not JSON (a file edited by hand, or damaged) is one line
    naming the play and the column, not a failure of every command that reads the history."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise DamagedPlay(f"the history is damaged: play {play_id}'s {column} is not JSON ({str(text)[:40]!r}); "
                       f"delete the play (bgkit history delete {play_id}) or restore a copy") from None


def _check_names(plays: list[Play]) -> None:
    """Refuse, before the transaction, a name a history may not hold (a NUL, a bidi control)."""
    for play in plays:
        for seat in play.seats:
            check_name(seat.name)
            check_name(seat.player or seat.name)


class History:
    """An open history file. Every write is one transaction; read methods return :class:`Play`."""

    def __init__(self, path: Path, conn: sqlite3.Connection, exists: bool):
        self.path = path
        self.conn = conn
        self.exists = exists
        self.read_only = False  # opened for reading only: its folder may not be written
        self.fresh = False  # no history in the file yet: an empty one in memory until the first write

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def guard(self) -> Iterator[None]:
        """SQLite errors as one line: a damaged file is the person's to fix, not a traceback."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise BadInput(f"the history {self.path} is busy (another bgkit is writing to it); try again") from None
            raise BadInput(f"the history {self.path} cannot be used: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise BadInput(f"the history {self.path} is damaged: {exc}") from None
        except UnicodeDecodeError:  # a flipped byte in a stored text
            raise BadInput(f"the history {self.path} is damaged (a stored text is not UTF-8); restore a copy") from None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taken for writing at once so that concurrent writers queue, not fail.

        The first write to a new file makes its tables in the same transaction.
        """
        with self.guard():
            first = self._attach() if self.fresh else None
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                try:
                    if first is not None:
                        schema.build(self.conn, self.path)
                    yield self.conn
                except BaseException:
                    self.conn.execute("ROLLBACK")
                    raise
                self.conn.execute("COMMIT")
            except BaseException:
                if first is not None:  # back to the empty history in memory; the file is as it was
                    self.conn.close()
                    self.conn = first
                raise
            if first is not None:
                first.close()
                self.fresh, self.exists = False, True
                files.use_wal(self.conn)

    def _attach(self) -> sqlite3.Connection:
        """Connect to the file for its first write (SQLite makes it if it is missing); returns the
        connection to the empty history in memory that was read until now."""
        conn = files.connect(str(self.path))
        try:
            files.check_identity(conn, self.path)  # another bgkit may have made it since, or something else
        except BaseException:
            conn.close()
            raise
        memory, self.conn = self.conn, conn
        return memory

    def _setup(self, say: Callable[[str], None] | None) -> "History":
        """Bring the file forward (an empty history in memory: make its tables there)."""
        try:
            with self.guard():
                schema.migrate(self, say)
                if self.exists and not self.read_only:
                    files.use_wal(self.conn)
        except BaseException:
            self.conn.close()
            raise
        return self

    # -- writing ----------------------------------------------------------------------------------

    def record(self, play: Play) -> int:
        """Store a new play (one transaction) and return its id."""
        _check_names([play])
        with self.transaction() as conn:
            return self._insert(conn, play)

    def _insert(self, conn: sqlite3.Connection, play: Play) -> int:
        play_id = cast(int, conn.execute(
            """INSERT INTO plays (uid, game, game_name, played_on, recorded_at, source, options, note, location,
                                  categories, total_label, tiebreaks, decided_by, notes, sheet, data, log, version)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                play.uid, play.game, play.game_name, play.date, play.recorded_at, play.source, _dumps(play.options),
                play.note, play.location, _dumps(play.categories), play.total_label, _dumps(play.tiebreaks),
                play.decided_by, _dumps(play.notes), play.sheet,
                None if play.data is None else _dumps(play.data), None if play.log is None else _dumps(play.log),
                play.version,
            ),
        ).lastrowid)  # an INSERT's row id
        self._insert_seats(conn, play_id, play.seats)
        for old in play.versions:
            conn.execute(
                "INSERT INTO play_versions (play_id, version, replaced_at, record) VALUES (?, ?, ?, ?)",
                (play_id, int(old.get("version", 0)), str(old.get("replaced_at", "")), _dumps(old)),
            )
        play.id = play_id
        return play_id

    def _insert_seats(self, conn: sqlite3.Connection, play_id: int, seats: list[SeatRecord]) -> None:
        taken: dict[int, str] = {}
        for s in seats:
            player_id = names.player_id(conn, s.player or s.name)
            if player_id in taken:
                raise BadInput(
                    f"{taken[player_id]!r} and {s.name!r} are one player in the history (names match "
                    "case-insensitively, aliases too); give one of them another name"
                )
            taken[player_id] = s.name
            conn.execute(
                """INSERT INTO seats (play_id, seat, name, spec, fields, scores, total, rank, winner, tiebreaks, player_id)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    play_id, s.seat, s.name, s.spec, _dumps(s.fields), _dumps(s.scores), s.total, s.rank,
                    int(s.winner), _dumps(s.tiebreaks), player_id,
                ),
            )

    def replace(self, play_id: int, new: Play) -> int:
        """Store ``new`` as the next version of play ``play_id``, keeping the old one; returns the version."""
        _check_names([new])
        with self.transaction() as conn:
            return self._replace(conn, play_id, new)

    def _replace(self, conn: sqlite3.Connection, play_id: int, new: Play) -> int:
        old = self._fetch(conn, "plays.id = ?", (play_id,))
        if not old:
            raise BadInput(f"no play {play_id} in the history")
        old_play = old[0]
        snapshot = old_play.to_dict(full=True)
        snapshot.pop("versions")
        snapshot["replaced_at"] = _now()
        conn.execute(
            "INSERT INTO play_versions (play_id, version, replaced_at, record) VALUES (?, ?, ?, ?)",
            (play_id, old_play.version, snapshot["replaced_at"], _dumps(snapshot)),
        )
        version = old_play.version + 1
        conn.execute(
            """UPDATE plays SET played_on = ?, options = ?, note = ?, location = ?, categories = ?,
                   total_label = ?, tiebreaks = ?, decided_by = ?, notes = ?, sheet = ?, version = ?
               WHERE id = ?""",
            (
                new.date, _dumps(new.options), new.note, new.location, _dumps(new.categories), new.total_label,
                _dumps(new.tiebreaks), new.decided_by, _dumps(new.notes), new.sheet, version, play_id,
            ),
        )
        conn.execute("DELETE FROM seats WHERE play_id = ?", (play_id,))
        self._insert_seats(conn, play_id, new.seats)
        return version

    def delete(self, play_id: int) -> None:
        with self.transaction() as conn:
            if conn.execute("DELETE FROM plays WHERE id = ?", (play_id,)).rowcount == 0:
                raise BadInput(f"no play {play_id} in the history")

    def import_plays(self, plays: list[Play], players: Sequence[dict[str, Any]] = ()) -> tuple[list[int], list[tuple[str, int]]]:
        """Add plays not already here (by uid), all in one transaction; returns the new ids, and the
        uids skipped with the play each one is already (or, repeated in ``plays``, was just) stored as."""
        _check_names(plays)
        for entry in players:
            for name in [entry["name"], *entry.get("aliases", [])]:
                check_name(name)
        added: list[int] = []
        skipped: list[tuple[str, int]] = []
        with self.transaction() as conn:
            for entry in players:  # the exported players and their aliases, where the names are free
                player_id = names.player_id(conn, entry["name"])
                for alias in entry.get("aliases", []):
                    if names.player_id(conn, alias, create=False) is None:
                        names.add_name(conn, alias, player_id)
            for play in plays:
                there = conn.execute("SELECT id FROM plays WHERE uid = ?", (play.uid,)).fetchone()
                if there:
                    skipped.append((play.uid, there[0]))
                    continue
                added.append(self._insert(conn, play))
        return added, skipped

    def merge(self, old: str, new: str) -> str:
        """Make ``old`` an alias of ``new`` (a player or a new name); their plays become one player's."""
        check_name(new)
        with self.transaction() as conn:
            return names.merge(conn, old, new)

    # -- reading ----------------------------------------------------------------------------------

    def games(self) -> list[str]:
        """The ids of the games with recorded plays."""
        with self.guard():
            return [row[0] for row in self.conn.execute("SELECT DISTINCT game FROM plays ORDER BY game")]

    def player_name(self, name: str) -> str:
        """The history's name for ``name`` (case-insensitive, aliases too); BadInput if unknown."""
        with self.guard():
            player_id = names.player_or_fail(self.conn, name)
            found: str = self.conn.execute("SELECT name FROM players WHERE id = ?", (player_id,)).fetchone()[0]
            return found

    def plays(self, game: str | None = None, player: str | None = None, since: str | None = None, until: str | None = None) -> list[Play]:
        """Plays matching every filter given, oldest first (by date, then by when they were recorded)."""
        where: list[str] = ["1 = 1"]
        params: list[str | int] = []
        if game is not None:
            where.append("plays.game = ?")
            params.append(game)
        if since is not None:
            where.append("plays.played_on >= ?")
            params.append(since)
        if until is not None:
            where.append("plays.played_on <= ?")
            params.append(until)
        with self.guard():
            if player is not None:
                where.append("plays.id IN (SELECT play_id FROM seats WHERE player_id = ?)")
                params.append(names.player_or_fail(self.conn, player))
            return self._fetch(self.conn, " AND ".join(where), tuple(params))

    def play(self, play_id: int) -> Play:
        with self.guard():
            found = self._fetch(self.conn, "plays.id = ?", (play_id,), with_versions=True)
        if not found:
            raise BadInput(f"no play {play_id} in the history")
        return found[0]

    def _fetch(self, conn: sqlite3.Connection, where: str, params: tuple[str | int, ...], with_versions: bool = False) -> list[Play]:
        """Plays by a WHERE clause made of this module's fixed fragments, with ``params`` as values."""
        columns = (
            "plays.id, uid, game, game_name, played_on, recorded_at, source, options, note, location, categories, "
            "total_label, tiebreaks, decided_by, notes, sheet, data, log, version"
        )
        plays: dict[int, Play] = {}
        for row in conn.execute(f"SELECT {columns} FROM plays WHERE {where} ORDER BY played_on, plays.id", params):
            (play_id, uid, game, game_name, played_on, recorded_at, source, options, note, location, categories,
             total_label, tiebreaks, decided_by, notes, sheet, data, log, version) = row
            plays[play_id] = Play(
                id=play_id, uid=uid, game=game, game_name=game_name, date=played_on, recorded_at=recorded_at,
                source=source, options=_stored(options, play_id, 'options'), note=note, location=location,
                categories=_stored(categories, play_id, 'categories'), total_label=total_label, tiebreaks=_stored(tiebreaks, play_id, 'tiebreaks'),
                decided_by=decided_by, notes=_stored(notes, play_id, 'notes'), sheet=sheet,
                data=_stored(data, play_id, 'data') if data else None, log=_stored(log, play_id, 'log') if log else None,
                version=version, seats=[],
            )
        seat_rows = conn.execute(
            f"""SELECT seats.play_id, seats.seat, seats.name, seats.spec, seats.fields, seats.scores, seats.total,
                       seats.rank, seats.winner, seats.tiebreaks, players.name
                FROM seats JOIN plays ON plays.id = seats.play_id LEFT JOIN players ON players.id = seats.player_id
                WHERE {where} ORDER BY seats.play_id, seat""",
            params,
        )
        for play_id, seat, name, spec, fields, scores, total, rank, winner, tiebreaks, player in seat_rows:
            plays[play_id].seats.append(
                SeatRecord(
                    seat=seat, name=name, spec=spec, fields=_stored(fields, play_id, 'fields'), scores=_stored(scores, play_id, 'scores'),
                    total=total, rank=rank, winner=bool(winner), tiebreaks=_stored(tiebreaks, play_id, 'tiebreaks'),
                    player=player or name,
                )
            )
        if with_versions:
            for play_id, play in plays.items():
                play.versions = [
                    _stored(row[0], play_id, 'old version')
                    for row in conn.execute(
                        "SELECT record FROM play_versions WHERE play_id = ? ORDER BY version", (play_id,)
                    )
                ]
        return list(plays.values())

    def all_versions(self) -> dict[int, list[dict[str, Any]]]:
        """Every kept old version, by play id (for the export)."""
        out: dict[int, list[dict[str, Any]]] = {}
        with self.guard():
            for play_id, record in self.conn.execute("SELECT play_id, record FROM play_versions ORDER BY play_id, version"):
                out.setdefault(play_id, []).append(_stored(record, play_id, 'old version'))
        return out

    def players(self) -> list[dict[str, Any]]:
        """Every player: name, aliases, plays, wins, last played."""
        with self.guard():
            rows = self.conn.execute(
                """SELECT players.id, players.name, count(seats.play_id), coalesce(sum(seats.winner), 0),
                          max(plays.played_on)
                   FROM players LEFT JOIN seats ON seats.player_id = players.id
                   LEFT JOIN plays ON plays.id = seats.play_id
                   GROUP BY players.id ORDER BY players.name COLLATE NOCASE"""
            ).fetchall()
            spellings: dict[int, list[str]] = {}
            for spelling, player_id in self.conn.execute("SELECT name, player_id FROM player_names ORDER BY key"):
                spellings.setdefault(player_id, []).append(spelling)
        return [
            {
                "name": name,
                "aliases": [a for a in spellings.get(player_id, []) if player_key(a) != player_key(name)],
                "plays": plays,
                "wins": wins,
                "last_played": last,
            }
            for player_id, name, plays, wins, last in rows
        ]

    # -- drafts (bgkit serve) -----------------------------------------------------------------------

    def new_draft(self, game: str, state: dict[str, Any]) -> int:
        """Keep a table that is being filled in; returns its id."""
        with self.transaction() as conn:
            return cast(int, conn.execute(
                "INSERT INTO drafts (game, state, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (game, _dumps(state), _now(), _now()),
            ).lastrowid)  # an INSERT's row id

    def draft(self, draft_id: int) -> dict[str, Any]:
        """A draft: id, game, state, revision, updated_at, play_id; BadInput if there is none."""
        with self.guard():
            row = self.conn.execute(
                "SELECT id, game, state, revision, updated_at, play_id FROM drafts WHERE id = ?", (draft_id,)
            ).fetchone() if self.exists else None
        if row is None:
            raise BadInput(f"no table {draft_id} (it was recorded and removed, or never made)")
        return _draft(row)

    def drafts(self) -> list[dict[str, Any]]:
        """The tables not recorded yet, the latest changed first."""
        if not self.exists:
            return []
        with self.guard():
            rows = self.conn.execute(
                "SELECT id, game, state, revision, updated_at, play_id FROM drafts WHERE play_id IS NULL "
                "ORDER BY updated_at DESC, id DESC"
            ).fetchall()
        return [_draft(row) for row in rows]

    def update_draft(self, draft_id: int, change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        """Read, change (``change`` edits the state in place) and write a draft in one transaction,
        so two phones writing at once both keep what they wrote. Returns the draft as written."""
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT id, game, state, revision, updated_at, play_id FROM drafts WHERE id = ?", (draft_id,)
            ).fetchone()
            if row is None:
                raise BadInput(f"no table {draft_id} (it was recorded and removed, or never made)")
            draft = _draft(row)
            if draft["play_id"] is not None:
                raise BadInput(f"table {draft_id} is recorded already (play {draft['play_id']})")
            change(draft["state"])
            draft["revision"] += 1
            draft["updated_at"] = _now()
            conn.execute(
                "UPDATE drafts SET state = ?, revision = ?, updated_at = ? WHERE id = ?",
                (_dumps(draft["state"]), draft["revision"], draft["updated_at"], draft_id),
            )
        return draft

    def record_draft(self, draft_id: int, play: Play, replaces: int | None = None) -> int:
        """Record a draft's play (or, with ``replaces``, store it as the next version of that play)
        and mark the draft recorded, in one transaction: two phones pressing Record record it once.
        Returns the play id."""
        _check_names([play])
        with self.transaction() as conn:
            row = conn.execute("SELECT play_id FROM drafts WHERE id = ?", (draft_id,)).fetchone()
            if row is None:
                raise BadInput(f"no table {draft_id} (it was recorded and removed, or never made)")
            if row[0] is not None:
                recorded: int = row[0]  # recorded already: the play's id
                return recorded
            if replaces is None:
                play_id = self._insert(conn, play)
            else:
                self._replace(conn, replaces, play)
                play_id = replaces
            conn.execute(
                "UPDATE drafts SET play_id = ?, revision = revision + 1, updated_at = ? WHERE id = ?",
                (play_id, _now(), draft_id),
            )
        return play_id

    def delete_draft(self, draft_id: int) -> None:
        with self.transaction() as conn:
            if conn.execute("DELETE FROM drafts WHERE id = ?", (draft_id,)).rowcount == 0:
                raise BadInput(f"no table {draft_id}")


def _draft(row: tuple[Any, ...]) -> dict[str, Any]:
    draft_id, game, state, revision, updated_at, play_id = row
    return {"id": draft_id, "game": game, "state": json.loads(state), "revision": revision,
            "updated_at": updated_at, "play_id": play_id}
