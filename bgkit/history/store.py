"""The table history: every recorded game in one SQLite file (``bgkit history``, ``bgkit stats``).

Why SQLite: one file a person can copy and back up, that two ``bgkit score --record`` may write at
the same moment (WAL, and each record is one ``BEGIN IMMEDIATE`` transaction), and that a newer
bgkit migrates forward in place after keeping a copy. The file says it is ours in its header
(``application_id``) and which schema it has (``user_version``); a file that is not ours is refused
before anything is written to it. Every SQL statement takes its values as parameters.

The schema is built by its migrations alone (:data:`MIGRATIONS`): a new file runs them all, an old
file the ones it lacks. A migration, once released, never changes. docs/history.md describes it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

from bgkit.model.errors import BadInput

SCHEMA_VERSION = 3
#: "bgkh" in the file header: tells a bgkit history from any other SQLite file.
APPLICATION_ID = 0x62676B68
SQLITE_MAGIC = b"SQLite format 3\x00"
EXPORT_FORMAT = "bgkit-history/1"
FILE_NAME = "history.sqlite3"
#: How long a bgkit waits for another one writing to the same file.
BUSY_SECONDS = 30.0


def default_path() -> Path:
    """``BGKIT_DB`` if set, else ``history.sqlite3`` in the user's data folder (platformdirs)."""
    env = os.environ.get("BGKIT_DB", "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("bgkit", appauthor=False)) / FILE_NAME


def player_key(name: str) -> str:
    """How names are matched: case-insensitively, with runs of spaces as one."""
    return " ".join(name.split()).casefold()


def parse_date(text: str, what: str = "--date") -> str:
    """A YYYY-MM-DD date as stored; BadInput for anything else, or a day after tomorrow."""
    text = text.strip()
    try:
        day = date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise BadInput(f"{what} takes a date as YYYY-MM-DD, not {text!r}")
    if day > date.today() + timedelta(days=1):
        raise BadInput(f"{what} {text} is in the future")
    return day.isoformat()


def today() -> str:
    return date.today().isoformat()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# -- the records ----------------------------------------------------------------------------------


@dataclass
class SeatRecord:
    """One player of a recorded game: the sheet's fields and what scoring made of them."""

    seat: int
    name: str  # as written on the sheet
    fields: dict[str, Any]
    scores: dict[str, float]
    total: float
    rank: int
    winner: bool
    tiebreaks: list[float] = field(default_factory=list)  # values in the order of Play.tiebreaks
    spec: str | None = None  # the seat spec of a played game: human:Ada, mcts, ...
    player: str | None = None  # the player's name in the history (after aliases)


@dataclass
class Play:
    """A recorded game: when, what, who, the sheet, and its score as ``bgkit score`` showed it."""

    game: str
    game_name: str
    date: str
    seats: list[SeatRecord]
    categories: list[str]
    decided_by: str
    sheet: str  # the score sheet (TOML), re-validated by ``history edit``
    source: str = "score"  # score, play or import
    options: dict[str, Any] = field(default_factory=dict)
    note: str | None = None
    location: str | None = None
    total_label: str = "total"
    tiebreaks: list[dict[str, Any]] = field(default_factory=list)  # [{"label", "higher_wins"}]
    notes: list[str] = field(default_factory=list)
    data: dict | None = None  # the --data record (path, sha256, text) the game was scored with
    log: dict | None = None  # the game log of a played game
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)
    recorded_at: str = field(default_factory=_now)
    id: int | None = None
    version: int = 1
    versions: list[dict] = field(default_factory=list)  # earlier versions, oldest first

    @property
    def winners(self) -> list[SeatRecord]:
        return [s for s in self.seats if s.winner]

    def score_result(self):
        """The ScoreResult as ``bgkit score`` printed it, rebuilt from the stored rows."""
        from bgkit.model.ranking import ScoreResult, TieBreak

        return ScoreResult(
            game=self.game,
            names=[s.name for s in self.seats],
            categories=list(self.categories),
            table=[dict(s.scores) for s in self.seats],
            totals=[s.total for s in self.seats],
            ranks=[s.rank for s in self.seats],
            winners=[i for i, s in enumerate(self.seats) if s.winner],
            decided_by=self.decided_by,
            tiebreaks=[
                TieBreak(tb["label"], [s.tiebreaks[i] for s in self.seats], tb["higher_wins"])
                for i, tb in enumerate(self.tiebreaks)
            ],
            notes=list(self.notes),
            total_label=self.total_label,
        )

    def to_dict(self, full: bool = True, with_log: bool = True) -> dict:
        """The record as JSON data: the export format (``full``) or a listing's summary."""
        out: dict[str, Any] = {
            "id": self.id,
            "uid": self.uid,
            "date": self.date,
            "game": self.game,
            "game_name": self.game_name,
            "source": self.source,
            "options": self.options,
            "location": self.location,
            "note": self.note,
            "version": self.version,
            "recorded_at": self.recorded_at,
            "categories": self.categories,
            "total_label": self.total_label,
            "tiebreaks": self.tiebreaks,
            "decided_by": self.decided_by,
            "notes": self.notes,
            "winners": [s.player or s.name for s in self.winners],
            "players": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "player": s.player or s.name,
                    "spec": s.spec,
                    "fields": s.fields,
                    "scores": s.scores,
                    "total": s.total,
                    "rank": s.rank,
                    "winner": s.winner,
                    "tiebreaks": s.tiebreaks,
                }
                for s in self.seats
            ],
        }
        if full:
            out["sheet"] = self.sheet
            out["data"] = self.data
            if with_log:
                out["log"] = self.log
            out["versions"] = self.versions
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Play":
        """A record of an export file, checked field by field (``where`` names it in errors)."""
        check = _Checker(where)
        data = check.table(data, "the record")
        seats = []
        for index, raw in enumerate(check.items(data, "players", dict)):
            who = _Checker(f"{where}: player {index + 1}")
            seats.append(
                SeatRecord(
                    seat=who.whole(raw, "seat", index),
                    name=who.text(raw, "name"),
                    player=who.text(raw, "player", raw.get("name")),
                    spec=who.text(raw, "spec", None, optional=True),
                    fields=who.table(raw.get("fields", {}), "fields"),
                    scores={k: who.number(v, f"scores.{k}") for k, v in who.table(raw.get("scores"), "scores").items()},
                    total=who.number(raw.get("total"), "total"),
                    rank=who.whole(raw, "rank"),
                    winner=who.flag(raw, "winner"),
                    tiebreaks=[who.number(v, "tiebreaks") for v in who.items(raw, "tiebreaks", None, [])],
                )
            )
        if not seats:
            raise BadInput("a record without players", where)
        tiebreaks = []
        for raw in check.items(data, "tiebreaks", dict, []):
            tiebreaks.append({"label": check.text(raw, "label"), "higher_wins": check.flag(raw, "higher_wins", True)})
        if any(len(s.tiebreaks) != len(tiebreaks) for s in seats):
            raise BadInput("every player needs one value per tie-break", where)
        return cls(
            uid=check.text(data, "uid"),
            date=parse_date(check.text(data, "date"), f"{where}: date"),
            game=check.text(data, "game"),
            game_name=check.text(data, "game_name", data.get("game")),
            source=check.text(data, "source", "import"),
            options=check.table(data.get("options", {}), "options"),
            location=check.text(data, "location", None, optional=True),
            note=check.text(data, "note", None, optional=True),
            recorded_at=check.text(data, "recorded_at", _now()),
            version=check.whole(data, "version", 1),
            categories=[str(c) for c in check.items(data, "categories", str)],
            total_label=check.text(data, "total_label", "total"),
            tiebreaks=tiebreaks,
            decided_by=check.text(data, "decided_by"),
            notes=[str(n) for n in check.items(data, "notes", str, [])],
            sheet=check.text(data, "sheet"),
            data=check.table(data["data"], "data") if data.get("data") is not None else None,
            log=check.table(data["log"], "log") if data.get("log") is not None else None,
            versions=[v for v in check.items(data, "versions", dict, []) if _Checker(f"{where}: an old version").whole(v, "version", 0) is not None],
            seats=seats,
        )


class _Checker:
    """Typed reads of an imported record; every error names the record and the field."""

    _MISSING = object()

    def __init__(self, where: str):
        self.where = where

    def _get(self, data: dict, key: str, default: Any):
        value = data.get(key, default)
        if value is self._MISSING:
            raise BadInput(f"missing {key!r}", self.where)
        return value

    def table(self, value: Any, key: str) -> dict:
        if not isinstance(value, dict):
            raise BadInput(f"{key} must be an object", self.where)
        return value

    def text(self, data: dict, key: str, default: Any = _MISSING, optional: bool = False) -> Any:
        value = self._get(data, key, default)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise BadInput(f"{key} must be text, not {value!r}", self.where)
        return value

    def whole(self, data: dict, key: str, default: Any = _MISSING) -> int:
        value = self._get(data, key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(f"{key} must be a whole number, not {value!r}", self.where)
        return self._storable(value, key)

    def _storable(self, value: Any, key: str) -> Any:
        """SQLite keeps whole numbers in 64 bits: a larger one is refused here, not half-imported."""
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            raise BadInput(f"{key} is a number of {len(str(abs(value)))} digits, more than a history can keep", self.where)
        return value

    def flag(self, data: dict, key: str, default: Any = _MISSING) -> bool:
        value = self._get(data, key, default)
        if not isinstance(value, bool):
            raise BadInput(f"{key} must be true or false, not {value!r}", self.where)
        return value

    def number(self, value: Any, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadInput(f"{key} must be a number, not {value!r}", self.where)
        return self._storable(value, key)

    def items(self, data: dict, key: str, kind: type | None, default: Any = _MISSING) -> list:
        value = self._get(data, key, default)
        if not isinstance(value, list) or (kind is not None and not all(isinstance(v, kind) for v in value)):
            raise BadInput(f"{key} must be a list", self.where)
        return value


def play_from_score(game: Any, sheet: Any, result: Any, day: str, **extra: Any) -> Play:
    """The record of a scored sheet (``extra``: note, location, source, options, log, data, specs)."""
    from bgkit.model.sheets import dump_sheet

    specs = extra.pop("specs", None) or [None] * len(result.names)
    seats = [
        SeatRecord(
            seat=i,
            name=name,
            fields=dict(sheet.players[i]),
            scores=dict(result.table[i]),
            total=result.totals[i],
            rank=result.ranks[i],
            winner=i in result.winners,
            tiebreaks=[tb.values[i] for tb in result.tiebreaks],
            spec=specs[i],
        )
        for i, name in enumerate(result.names)
    ]
    extra.setdefault("options", dict(sheet.fields))
    return Play(
        game=game.info.id,
        game_name=game.info.name,
        date=day,
        seats=seats,
        categories=list(result.categories),
        decided_by=result.decided_by,
        sheet=dump_sheet(sheet),
        total_label=result.total_label,
        tiebreaks=[{"label": tb.label, "higher_wins": tb.higher_wins} for tb in result.tiebreaks],
        notes=list(result.notes),
        **extra,
    )


# -- the schema -----------------------------------------------------------------------------------


def _schema_1(conn: sqlite3.Connection) -> None:
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


def _schema_2(conn: sqlite3.Connection) -> None:
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
            "UPDATE seats SET player_id = ? WHERE play_id = ? AND seat = ?", (_player_id(conn, name), play_id, seat)
        )


def _schema_3(conn: sqlite3.Connection) -> None:
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
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_schema_1, _schema_2, _schema_3]
assert len(MIGRATIONS) == SCHEMA_VERSION


def _player_id(conn: sqlite3.Connection, name: str, create: bool = True) -> int | None:
    key = player_key(name)
    row = conn.execute("SELECT player_id FROM player_names WHERE key = ?", (key,)).fetchone()
    if row is not None or not create:
        return row[0] if row else None
    player_id = conn.execute("INSERT INTO players (name) VALUES (?)", (" ".join(name.split()),)).lastrowid
    _add_name(conn, name, player_id)
    return player_id


def _add_name(conn: sqlite3.Connection, name: str, player_id: int) -> None:
    conn.execute(
        "INSERT INTO player_names (key, name, player_id) VALUES (?, ?, ?)", (player_key(name), " ".join(name.split()), player_id)
    )


# -- opening a file -------------------------------------------------------------------------------


def open_history(path: Path, create: bool = True, say: Callable[[str], None] | None = None) -> "History":
    """Open (or, with ``create``, make) the history at ``path``, migrating it forward if it is old.

    Without ``create`` a missing file reads as an empty history and is not made. A file that is
    not a bgkit history, is damaged, or comes from a newer bgkit is BadInput, and nothing is
    written to it.
    """
    path = Path(path)
    if path.is_dir():
        raise BadInput(f"{path} is a folder; the history is a file (--db FILE)")
    if not path.exists():
        if not create:
            return History(path, _connect(":memory:"), exists=False)._setup(say)
        folder = path.parent if str(path.parent) else Path(".")
        if path == default_path() and not os.environ.get("BGKIT_DB"):
            folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise BadInput(f"cannot make the history {path}: there is no folder {folder}")
    else:
        if path.exists() and not path.is_file():  # a FIFO or a device: SQLite would wait on it forever
            raise BadInput(f"{path} is not a regular file; the history is a file (--db FILE)")
        _check_header(path)
    read_only = not create and path.exists() and not os.access(path.parent if str(path.parent) else ".", os.W_OK)
    try:
        conn = _connect(_read_only_uri(path) if read_only else str(path), uri=read_only)
    except sqlite3.Error as exc:
        raise BadInput(f"cannot open the history {path}: {exc}") from None
    history = History(path, conn, exists=True)
    history.read_only = read_only
    return history._setup(say)


def _read_only_uri(path: Path) -> str:
    """A history in a folder bgkit may not write (another person's, a read-only disk) is opened for
    reading only, as immutable: SQLite then needs none of the lock and WAL files it would make
    beside it, and listing, showing and exporting still work."""
    from urllib.parse import quote

    return f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1"


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


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, isolation_level=None, timeout=BUSY_SECONDS, uri=uri)  # transactions are explicit
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _check_header(path: Path) -> None:
    """Refuse a file that is not SQLite at all by its first bytes, before SQLite opens it."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise BadInput(f"cannot read the history {path}: {exc.strerror}") from None
    if head and head != SQLITE_MAGIC:
        raise BadInput(f"{path} is not a bgkit history (not an SQLite file); give another --db or move it away")


class History:
    """An open history file. Every write is one transaction; read methods return :class:`Play`."""

    def __init__(self, path: Path, conn: sqlite3.Connection, exists: bool):
        self.path = path
        self.conn = conn
        self.exists = exists
        self.read_only = False  # opened for reading only: its folder may not be written

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def _guard(self) -> Iterator[None]:
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
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taken for writing at once so that concurrent writers queue, not fail."""
        with self._guard():
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")

    def _setup(self, say: Callable[[str], None] | None) -> "History":
        try:
            with self._guard():
                self._check_identity()
                self._migrate(say)
                if self.exists and not self.read_only:
                    self._use_wal()
        except BaseException:
            self.conn.close()
            raise
        return self

    def _check_identity(self) -> None:
        """Ours, empty, or refused: read only, so a foreign or damaged file stays as it was.

        One read transaction, so that the header and the tables are seen at one moment even
        while another bgkit is making the file.
        """
        try:
            self.conn.execute("BEGIN")
            try:
                app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
                version = self.conn.execute("PRAGMA user_version").fetchone()[0]
                objects = self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            finally:
                self.conn.execute("COMMIT")
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            why = "a stored text is not UTF-8" if isinstance(exc, UnicodeDecodeError) else str(exc)
            raise BadInput(f"{self.path} cannot be read as a bgkit history ({why}); give another --db, or restore a copy") from None
        if app_id != APPLICATION_ID and (app_id or objects):
            raise BadInput(f"{self.path} is not a bgkit history (a database of something else); give another --db")
        if version > SCHEMA_VERSION:
            raise BadInput(
                f"{self.path} was written by a newer bgkit (history schema {version}; this bgkit knows up to "
                f"{SCHEMA_VERSION}); upgrade bgkit to use it"
            )
        if objects and self.conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise BadInput(f"the history {self.path} is damaged (SQLite's check failed); restore a copy")

    def _use_wal(self) -> None:
        """Switch the file to WAL (kept in the file, so this happens once).

        The switch needs the file to itself, and when another bgkit opens it at that moment SQLite
        refuses at once instead of waiting; so try again for a while.
        """
        deadline = time.monotonic() + BUSY_SECONDS
        while self.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            try:
                if self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                    return  # a file system without WAL: rollback journal, still one transaction a record
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _migrate(self, say: Callable[[str], None] | None) -> None:
        """Bring the file to SCHEMA_VERSION in one transaction, after a copy of an older file."""
        if self.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return
        with self._write() as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]  # again: another bgkit may have done it
            if version == SCHEMA_VERSION:
                return
            backup = self._backup(version) if version else None
            try:
                for migration in MIGRATIONS[version:]:
                    migration(conn)
            except BaseException as exc:  # rolled back: the file is as it was, and the copy of it not needed
                if backup is not None:
                    backup.unlink(missing_ok=True)
                if isinstance(exc, sqlite3.Error):
                    raise BadInput(f"the history {self.path} (schema {version}) cannot be upgraded ({exc}); "
                                   "restore a copy, or give another --db") from None
                raise
            # PRAGMA takes no parameters; both values are this module's integer constants.
            conn.execute(f"PRAGMA user_version = {int(SCHEMA_VERSION)}")
            conn.execute(f"PRAGMA application_id = {int(APPLICATION_ID)}")
        if backup is not None and say is not None:
            say(f"The history {self.path} was upgraded from schema {version} to {SCHEMA_VERSION}; the old file is kept as {backup}")

    def _backup(self, version: int) -> Path:
        """A consistent copy of the file as it is (SQLite's backup: WAL content included)."""
        target = self.path.with_name(f"{self.path.name}.v{version}.bak")
        n = 2
        while target.exists():
            target, n = self.path.with_name(f"{self.path.name}.v{version}-{n}.bak"), n + 1
        # From a second connection: SQLite will not back up through the one holding our write lock,
        # and that lock keeps every other writer out until the migration is done.
        source = sqlite3.connect(str(self.path), timeout=BUSY_SECONDS)
        copy = sqlite3.connect(str(target))
        try:
            source.backup(copy)
        finally:
            copy.close()
            source.close()
        return target

    # -- writing ----------------------------------------------------------------------------------

    def record(self, play: Play) -> int:
        """Store a new play (one transaction) and return its id."""
        with self._write() as conn:
            return self._insert(conn, play)

    def _insert(self, conn: sqlite3.Connection, play: Play) -> int:
        play_id = conn.execute(
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
        ).lastrowid
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
            player_id = _player_id(conn, s.player or s.name)
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
        with self._write() as conn:
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
        with self._write() as conn:
            if conn.execute("DELETE FROM plays WHERE id = ?", (play_id,)).rowcount == 0:
                raise BadInput(f"no play {play_id} in the history")

    def import_plays(self, plays: list[Play], players: list[dict] = ()) -> tuple[list[int], int]:
        """Add plays not already here (by uid), all in one transaction; returns (new ids, skipped)."""
        added: list[int] = []
        skipped = 0
        with self._write() as conn:
            for entry in players:  # the exported players and their aliases, where the names are free
                player_id = _player_id(conn, entry["name"])
                for alias in entry.get("aliases", []):
                    if _player_id(conn, alias, create=False) is None:
                        _add_name(conn, alias, player_id)
            for play in plays:
                if conn.execute("SELECT 1 FROM plays WHERE uid = ?", (play.uid,)).fetchone():
                    skipped += 1
                    continue
                added.append(self._insert(conn, play))
        return added, skipped

    def merge(self, old: str, new: str) -> str:
        """Make ``old`` an alias of ``new`` (a player or a new name); their plays become one player's."""
        with self._write() as conn:
            old_id = self._player_or_fail(conn, old)
            old_name = conn.execute("SELECT name FROM players WHERE id = ?", (old_id,)).fetchone()[0]
            new_id = _player_id(conn, new, create=False)
            if new_id is None or new_id == old_id:  # a new name (or another spelling): a rename
                conn.execute("UPDATE players SET name = ? WHERE id = ?", (" ".join(new.split()), old_id))
                if new_id is None:
                    _add_name(conn, new, old_id)
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

    # -- reading ----------------------------------------------------------------------------------

    def _player_or_fail(self, conn: sqlite3.Connection, name: str) -> int:
        player_id = _player_id(conn, name, create=False)
        if player_id is None:
            known = [row[0] for row in conn.execute("SELECT name FROM players ORDER BY name COLLATE NOCASE")]
            hint = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "") if known else "none yet"
            raise BadInput(f"no player {name!r} in the history (players: {hint})")
        return player_id

    def games(self) -> list[str]:
        """The ids of the games with recorded plays."""
        with self._guard():
            return [row[0] for row in self.conn.execute("SELECT DISTINCT game FROM plays ORDER BY game")]

    def player_name(self, name: str) -> str:
        """The history's name for ``name`` (case-insensitive, aliases too); BadInput if unknown."""
        with self._guard():
            player_id = self._player_or_fail(self.conn, name)
            return self.conn.execute("SELECT name FROM players WHERE id = ?", (player_id,)).fetchone()[0]

    def plays(self, game: str | None = None, player: str | None = None, since: str | None = None, until: str | None = None) -> list[Play]:
        """Plays matching every filter given, oldest first (by date, then by when they were recorded)."""
        where, params = ["1 = 1"], []
        if game is not None:
            where.append("plays.game = ?")
            params.append(game)
        if since is not None:
            where.append("plays.played_on >= ?")
            params.append(since)
        if until is not None:
            where.append("plays.played_on <= ?")
            params.append(until)
        with self._guard():
            if player is not None:
                where.append("plays.id IN (SELECT play_id FROM seats WHERE player_id = ?)")
                params.append(self._player_or_fail(self.conn, player))
            return self._fetch(self.conn, " AND ".join(where), tuple(params))

    def play(self, play_id: int) -> Play:
        with self._guard():
            found = self._fetch(self.conn, "plays.id = ?", (play_id,), with_versions=True)
        if not found:
            raise BadInput(f"no play {play_id} in the history")
        return found[0]

    def _fetch(self, conn: sqlite3.Connection, where: str, params: tuple, with_versions: bool = False) -> list[Play]:
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

    def all_versions(self) -> dict[int, list[dict]]:
        """Every kept old version, by play id (for the export)."""
        out: dict[int, list[dict]] = {}
        with self._guard():
            for play_id, record in self.conn.execute("SELECT play_id, record FROM play_versions ORDER BY play_id, version"):
                out.setdefault(play_id, []).append(_stored(record, play_id, 'old version'))
        return out

    def players(self) -> list[dict[str, Any]]:
        """Every player: name, aliases, plays, wins, last played."""
        with self._guard():
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

    def new_draft(self, game: str, state: dict) -> int:
        """Keep a table that is being filled in; returns its id."""
        with self._write() as conn:
            return conn.execute(
                "INSERT INTO drafts (game, state, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (game, _dumps(state), _now(), _now()),
            ).lastrowid

    def draft(self, draft_id: int) -> dict[str, Any]:
        """A draft: id, game, state, revision, updated_at, play_id; BadInput if there is none."""
        with self._guard():
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
        with self._guard():
            rows = self.conn.execute(
                "SELECT id, game, state, revision, updated_at, play_id FROM drafts WHERE play_id IS NULL "
                "ORDER BY updated_at DESC, id DESC"
            ).fetchall()
        return [_draft(row) for row in rows]

    def update_draft(self, draft_id: int, change: Callable[[dict], Any]) -> dict[str, Any]:
        """Read, change (``change`` edits the state in place) and write a draft in one transaction,
        so two phones writing at once both keep what they wrote. Returns the draft as written."""
        with self._write() as conn:
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
        with self._write() as conn:
            row = conn.execute("SELECT play_id FROM drafts WHERE id = ?", (draft_id,)).fetchone()
            if row is None:
                raise BadInput(f"no table {draft_id} (it was recorded and removed, or never made)")
            if row[0] is not None:
                return row[0]
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
        with self._write() as conn:
            if conn.execute("DELETE FROM drafts WHERE id = ?", (draft_id,)).rowcount == 0:
                raise BadInput(f"no table {draft_id}")


def _draft(row: tuple) -> dict[str, Any]:
    draft_id, game, state, revision, updated_at, play_id = row
    return {"id": draft_id, "game": game, "state": json.loads(state), "revision": revision,
            "updated_at": updated_at, "play_id": play_id}
