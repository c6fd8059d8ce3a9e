"""Reading a game's component data: TOML tables with provenance, validated with located errors.

Every plugin keeps its components in TOML files inside its package and lets a person load their
own box's values with ``--data FILE``. This module is the machinery they share:

* :func:`load_tables` reads the shipped files and, optionally, a person's own file whose top-level
  tables replace the shipped ones of the same name, whole;
* :class:`Table` reads one table with typed getters; every problem is a :class:`DataError` naming
  ``file:line`` and the key path (``cards.toml:41: person[10].colour: must be one of ...``);
* :class:`Provenance` is where a table's values come from and whether a source confirms them
  (``source``, ``confirmed``, optional ``note`` and ``reconstructed`` parts).
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterator, Sequence, TypeVar, overload

from bgkit.model.errors import BadInput, DataError, escape_controls
from bgkit.model.records import record
from bgkit.model.savefile import read_text
from bgkit.model.tomllines import _HEADER, MAX_TOML_CHARS, TomlLines, _split, parse_toml

if TYPE_CHECKING:  # pragma: no cover
    import builtins  # Table's own int() and bool() hide the built-in types in its annotations
    from types import EllipsisType  # a read whose default is ... (the default default) requires the key

    from bgkit.model.tomllines import KeyPath

PROVENANCE_KEYS = ("source", "confirmed", "note", "reconstructed")


@record
class Provenance:
    """Where a table's values come from. ``reconstructed`` names the parts no source confirms."""

    confirmed: bool
    source: str
    note: str = ""
    reconstructed: tuple[str, ...] = ()
    file: str = ""


class DataFile:
    """One parsed TOML file and the line of each of its keys."""

    def __init__(self, text: str, name: str):
        self.name = name
        try:
            self.data = parse_toml(text, name)
        except BadInput as exc:
            raise DataError(exc.message, exc.where) from None
        self.lines = TomlLines(text)

    @classmethod
    def shipped(cls, package: str, filename: str) -> "DataFile":
        """A data file inside a plugin package (``package/data/filename``)."""
        text = data_folder(package).joinpath(filename).read_text(encoding="utf-8")
        return cls(text, f"{package}/data/{filename}")

    @classmethod
    def own(cls, path: Path | str) -> "DataFile":
        """A person's own data file (``--data FILE``)."""
        try:
            text = read_text(path, "data file", MAX_TOML_CHARS)
        except BadInput as exc:
            raise DataError(exc.message, exc.where) from None
        return cls(text, str(path))

    def where(self, path: KeyPath) -> str:
        line = self.lines.line_of(*path)
        return f"{self.name}:{line}" if line else self.name


def _label(path: KeyPath) -> str:
    """A key path as an error names it; a key a file spells with a control character (a newline)
    is shown escaped, so the error stays on its one line."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{escape_controls(part)}" if out else escape_controls(part))
    return out


#: Bounds every read applies when its caller gives none: no box holds a thousand of anything, and
#: an unbounded count from a person's file (``per_type = [5, 10**100]``) would be allocated.
#: A plugin should still give the bound its game can take; these only refuse the absurd.
LIMIT = 1000
MAX_ITEMS = 1000


class Table:
    """Typed, located reads from one TOML table (``path`` is its key path in ``file``).

    Every number read is bounded: by the caller's ``low``/``high``, else by -:data:`LIMIT` and
    :data:`LIMIT`; every list (and array of tables) holds at most :data:`MAX_ITEMS` entries.
    """

    def __init__(self, body: object, path: KeyPath, file: DataFile):
        self.path = path
        self.file = file
        if not isinstance(body, dict):
            raise self.fail(None, f"must be a table, not {body!r}")
        self.body = body

    # -- errors ------------------------------------------------------------------------------
    def fail(self, key: str | int | None, problem: str) -> DataError:
        path = self.path if key is None else self.path + (key,)
        return DataError(f"{_label(path)}: {problem}", self.file.where(path))

    # -- values ------------------------------------------------------------------------------
    def has(self, key: str) -> bool:
        return key in self.body

    def get(self, key: str, kind: type | tuple[type, ...], default: object = ...) -> object:
        """The value at ``key`` if it is a ``kind`` (a type, or a tuple of them); ``default`` if the
        key is missing (without one, a missing key is a DataError, as a value of another kind is).
        The typed reads below (:meth:`int`, :meth:`text`, ...) say what they return."""
        return self._read(key, kind, default)

    def _read(self, key: str, kind: type | tuple[type, ...], default: object = ...) -> Any:
        if key not in self.body:
            if default is ...:
                raise self.fail(key, "missing")
            return default
        value = self.body[key]
        if (kind is int or kind == (int,)) and isinstance(value, bool) or not isinstance(value, kind):
            name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(key, f"must be {_KIND_WORDS.get(name, name)}, not {value!r}")
        return value

    def int(self, key: str, low: int | None = None, high: int | None = None, default: int | EllipsisType = ...) -> int:
        value: int = self._read(key, int, default)
        if self.has(key):
            _check_range(self, key, value, low, high)
        return value

    def number(self, key: str, low: float | None = None, high: float | None = None,
               default: float | EllipsisType = ...) -> float:
        value: float = self._read(key, (int, float), default)
        if isinstance(value, bool):
            raise self.fail(key, f"must be a number, not {value!r}")
        if self.has(key):
            if value != value:  # nan compares with nothing
                raise self.fail(key, "must be a number, not nan")
            _check_range(self, key, value, low, high)
        return value

    @overload
    def text(self, key: str, choices: tuple[str, ...] | None = None, default: str | EllipsisType = ...) -> str: ...
    @overload
    def text(self, key: str, choices: tuple[str, ...] | None = None, *, default: None) -> str | None: ...
    def text(self, key: str, choices: tuple[str, ...] | None = None,
             default: str | None | EllipsisType = ...) -> str | None:
        value: str = self._read(key, str, default)
        if not self.has(key):
            return value
        if not value.strip():
            raise self.fail(key, "must not be empty")
        if choices is not None and value not in choices:
            raise self.fail(key, f"must be one of {', '.join(choices)}, not {value!r}")
        return value

    def bool(self, key: str, default: builtins.bool | EllipsisType = ...) -> builtins.bool:
        value: bool = self._read(key, bool, default)
        return value

    def ints(self, key: str, low: builtins.int | None = None, high: builtins.int | None = None, length: builtins.int | None = None, default: Sequence[builtins.int] | EllipsisType = ...) -> tuple[builtins.int, ...]:
        values = self._list(key, length, default)
        for value in values if self.has(key) else ():
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(key, f"every value must be a whole number, not {value!r}")
            _check_range(self, key, value, low, high, each=True)
        return values

    def texts(self, key: str, choices: tuple[str, ...] | None = None, length: builtins.int | None = None, default: Sequence[str] | EllipsisType = ...) -> tuple[str, ...]:
        values = self._list(key, length, default)
        for value in values if self.has(key) else ():
            if not isinstance(value, str) or not value.strip():
                raise self.fail(key, f"every value must be non-empty text, not {value!r}")
            if choices is not None and value not in choices:
                raise self.fail(key, f"{value!r} is not one of {', '.join(choices)}")
        return values

    def _list(self, key: str, length: builtins.int | None, default: Any) -> tuple[Any, ...]:
        values = self._read(key, list, default)
        if self.has(key) and length is not None and len(values) != length:
            raise self.fail(key, f"must list {length} values, not {len(values)}")
        if self.has(key) and len(values) > MAX_ITEMS:
            raise self.fail(key, f"lists {len(values)} values, more than the {MAX_ITEMS} bgkit reads")
        return tuple(values)

    # -- structure ---------------------------------------------------------------------------
    def sub(self, key: str) -> "Table":
        """The sub-table ``[path.key]``."""
        return Table(self._read(key, dict), self.path + (key,), self.file)

    def tables(self, key: str | None = None) -> Iterator[tuple[str, "Table"]]:
        """Each named sub-table of ``key`` (or of this table): ``[cards.king]``, ``[cards.queen]``..."""
        parent = self.sub(key) if key is not None else self
        for name, body in parent.body.items():
            if name in PROVENANCE_KEYS:
                continue
            yield name, Table(body, parent.path + (name,), self.file)

    def rows(self, key: str) -> list["Table"]:
        """The entries of an array of tables ``[[path.key]]`` (at most :data:`MAX_ITEMS`)."""
        values = self._list(key, None, ...)
        return [Table(body, self.path + (key, i), self.file) for i, body in enumerate(values)]

    def only(self, *allowed: str) -> None:
        """Reject keys this table does not know (provenance keys are always allowed)."""
        for key in self.body:
            if key not in allowed and key not in PROVENANCE_KEYS:
                raise self.fail(key, f"unknown key (known: {', '.join(allowed)})")

    def provenance(self, parts: tuple[str, ...] = ()) -> Provenance:
        """``source``, ``confirmed`` (and ``note``, ``reconstructed``) of this table.

        ``parts`` names what may be listed as reconstructed; an unconfirmed table with parts must
        say which of them are reconstructed, and a confirmed one must list none.
        """
        confirmed = self.bool("confirmed")
        reconstructed = self.texts("reconstructed", choices=parts or None, default=())
        if confirmed and reconstructed:
            raise self.fail("reconstructed", "lists parts, but the table says confirmed = true")
        if not confirmed and parts and not reconstructed:
            raise self.fail("confirmed", f"is false: list the reconstructed parts ({', '.join(parts)})")
        return Provenance(
            confirmed=confirmed,
            source=self.text("source"),
            note=self.text("note", default=""),
            reconstructed=reconstructed,
            file=self.file.name,
        )


_KIND_WORDS = {"int": "a whole number", "str": "text", "bool": "true or false", "list": "a list", "dict": "a table",
               "int or float": "a number"}


def _check_range(table: Table, key: str, value: float, low: float | None, high: float | None, each: bool = False) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            span = f"at least {low}"
        elif low is None:
            span = f"at most {high}"
        elif low == high:
            span = str(low)
        else:
            span = f"{low}..{high}"
        raise table.fail(key, f"{'every value ' if each else ''}must be {span}, not {_shown(value)}")
    if not -LIMIT <= value <= LIMIT:  # the caller gave no bound on this side
        raise table.fail(key, f"{'every value ' if each else ''}must be {'at most' if value > 0 else 'at least'} "
                              f"{LIMIT if value > 0 else -LIMIT}, not {_shown(value)} (no box holds more)")


def _shown(value: float) -> str:
    if isinstance(value, int) and abs(value) >= 10**15:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    return f"{value:.3g}" if isinstance(value, float) and abs(value) >= 1e15 else str(value)


class DataSet:
    """The top-level tables of a game's data files, each remembering the file it came from.

    A *collection* is a table of named entries (``[building.library]``, ``[building.palace]``):
    a person's file replaces single entries of it, not the whole collection.
    """

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.files: dict[str, DataFile] = {}
        self.collections: dict[str, dict[str, Table]] = {}

    def __contains__(self, name: str) -> bool:
        return name in self.values or name in self.collections

    def _file(self, name: str) -> DataFile:
        if name not in self.values:
            first = next(iter(self.files.values()), None)
            raise DataError(f"{name}: missing table", first.name if first else None)
        return self.files[name]

    def table(self, name: str) -> Table:
        """The top-level table ``[name]``."""
        return Table(self.values[name] if name in self.values else None, (name,), self._file(name))

    def rows(self, name: str) -> list[Table]:
        """The entries of a top-level array of tables ``[[name]]``."""
        file = self._file(name)
        values = self.values[name]
        if not isinstance(values, list):
            raise DataError(f"{name}: must be an array of tables [[{name}]]", file.where((name,)))
        return [Table(body, (name, i), file) for i, body in enumerate(values)]

    def entries(self, name: str) -> dict[str, Table]:
        """The named entries of a collection, each read from the file it came from."""
        if name not in self.collections:
            raise DataError(f"{name}: missing table", next(iter(self.files.values())).name if self.files else None)
        return dict(self.collections[name])

    def origin(self, name: str) -> str:
        """The file a table came from (shipped, or the person's own)."""
        return self._file(name).name

    def _add(self, file: DataFile, collections: tuple[str, ...], own: bool) -> None:
        top = Table(file.data, (), file)
        for name, body in file.data.items():
            if own and name not in self:
                known = ", ".join([*self.values, *self.collections])
                raise DataError(f"{name}: unknown table (known: {known})", file.where((name,)))
            if name not in collections:
                self.values[name], self.files[name] = body, file
                continue
            entries = self.collections.setdefault(name, {})
            for entry, table in top.tables(name):
                if own and entry not in entries:
                    raise table.fail(None, f"no such entry (known: {', '.join(entries)})")
                entries[entry] = table


def load_tables(
    package: str, shipped: tuple[str, ...], own: Path | str | None = None, collections: tuple[str, ...] = ()
) -> DataSet:
    """Every top-level table of the shipped files, with those of ``own`` replacing theirs.

    A table of the person's file replaces the shipped one whole; in a ``collections`` table each
    named entry replaces only that entry. An unknown table or entry in the person's file, or a
    file with no tables at all, is an error (a typo would otherwise be silently ignored).
    """
    data = DataSet()
    for filename in shipped:
        data._add(DataFile.shipped(package, filename), collections, own=False)
    if own is not None:
        file = DataFile.own(own)
        if not file.data:
            raise DataError("has no tables: give the tables of the game's data you want to replace", file.name)
        data._add(file, collections, own=True)
    return data


# -- data status: what the shipped files say of themselves ------------------------------------------

#: The one mark every drawing puts on a value that comes from a reconstructed table.
MARK = "*"
MARK_LEGEND = f"{MARK} reconstructed value (no source confirms it; --data FILE replaces it)"


@record
class TableMark:
    """One table's (or collection entry's) own provenance marks in a shipped file."""

    file: str
    table: str  # "travellers", "building.library"
    confirmed: bool
    reconstructed: tuple[str, ...] = ()
    source: str = ""


@record
class DataStatus:
    """A game's data status, derived from its shipped files' ``confirmed``/``reconstructed`` marks."""

    tables: tuple[TableMark, ...]

    @property
    def status(self) -> str:
        """"no data" for a game that ships no data files (nothing to confirm: Goofspiel's cards are
        its numbers), else "confirmed", "partly reconstructed" or "reconstructed"."""
        if not self.tables:
            return "no data"
        if all(t.confirmed for t in self.tables):
            return "confirmed"
        return "reconstructed" if not any(t.confirmed for t in self.tables) else "partly reconstructed"

    @property
    def reconstructed(self) -> list[str]:
        """The unconfirmed tables, a collection summed up as "building (12 of 14)"."""
        out: list[str] = []
        groups: dict[str, list[TableMark]] = {}
        for mark in self.tables:
            groups.setdefault(mark.table.split(".")[0] if "." in mark.table else mark.table, []).append(mark)
        for name, marks in groups.items():
            unconfirmed = [m for m in marks if not m.confirmed]
            if not unconfirmed:
                continue
            parts = sorted({p for m in unconfirmed for p in m.reconstructed})
            count = f"{len(unconfirmed)} of {len(marks)}" if len(marks) > 1 else ""
            detail = ", ".join(filter(None, [count, ", ".join(parts)]))
            out.append(f"{name} ({detail})" if detail else name)
        return out

    @property
    def note(self) -> str:
        if self.status in ("confirmed", "no data"):
            return ""
        return f"reconstructed: {'; '.join(self.reconstructed)}; --data FILE replaces them"


T = TypeVar("T")
_DERIVED: dict[tuple[int, Hashable], tuple[Any, Any]] = {}
MAX_DERIVED = 256  # then all are dropped and built again on use: one game's tables are few


def derived(components: object, key: Hashable, build: Callable[[], T]) -> T:
    """What ``build()`` makes from ``components`` (tables or lookups every state of a game shares),
    built once per components object and ``key``.

    Kept by the object's id together with the object itself: a components object that is gone can
    leave its id to a new one (another ``--data`` file), which must get values of its own.
    """
    slot = (id(components), key)
    found = _DERIVED.get(slot)
    if found is None or found[0] is not components:
        if len(_DERIVED) >= MAX_DERIVED:
            _DERIVED.clear()
        found = _DERIVED[slot] = (components, build())
    return found[1]


_VALUE_KEY = re.compile(r"^\s*(confirmed|reconstructed|source)\s*=\s*(.*)$")


_UNREADABLE = object()


def _mark_value(value: str, chunk: str) -> Any:
    """The value of one mark line: read as JSON when it is JSON (``true``, a basic string, a
    list of them: TOML reads those alike, and JSON is read in C), else by tomllib; a value
    neither reads (a multi-line string) is left to the full reader."""
    if "\n" not in chunk:
        try:
            return json.loads(value)
        except ValueError:
            pass
    import tomllib  # here, not at the top: `bgkit games` reads the shipped marks without it

    try:
        return next(iter(tomllib.loads(chunk.strip()).values()))
    except tomllib.TOMLDecodeError:
        return _UNREADABLE


def scan_marks(text: str, file: str) -> list[TableMark]:
    """Every table header of a TOML text that carries a ``confirmed`` mark, with its marks.

    A line scanner, not a parser, so that ``bgkit games`` need not parse every data file:
    ``tests/test_components.py`` checks it agrees with the full reader for every shipped file.
    """
    marks: dict[str, dict[str, Any]] = {}
    table = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        first = line.lstrip()[:1]  # what either pattern needs first: most lines are neither
        if first == "[":
            header = _HEADER.match(line)
            if header:
                table = ".".join(_split(header.group(2)))
                continue
        if first not in ("c", "r", "s"):
            continue
        key = _VALUE_KEY.match(line)
        if not key:
            continue
        chunk = line
        while key.group(1) == "reconstructed" and chunk.count("[") > chunk.count("]") and i < len(lines):
            chunk += "\n" + lines[i]
            i += 1
        value = _mark_value(key.group(2), chunk)
        if value is not _UNREADABLE:
            marks.setdefault(table, {})[key.group(1)] = value
    return [
        TableMark(file, name, bool(found["confirmed"]), tuple(found.get("reconstructed", ())), str(found.get("source", "")))
        for name, found in marks.items()
        if isinstance(found.get("confirmed"), bool)
    ]


def data_folder(package: str) -> Any:
    """``package/data/`` as a path, or through importlib.resources when the package is not a folder.

    The folder beside the package's ``__init__.py`` is the common case (a wheel or an editable
    install), and a package in a folder without ``data/`` gets that missing folder (reading it
    fails as it would through importlib.resources); importlib.resources, which costs a few
    milliseconds of every start to import, is left for packages inside a zip file or without a file.
    """
    module = importlib.import_module(package)
    where = getattr(module, "__file__", None)
    if where and (home := Path(where).parent).is_dir():
        return home / "data"
    from importlib import resources

    return resources.files(package).joinpath("data")


@functools.lru_cache(maxsize=None)
def data_status(package: str) -> DataStatus:
    """The status of the data files shipped in ``package/data/`` (no engine is imported)."""
    try:
        folder = data_folder(package)
        files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return DataStatus(())
    tables: list[TableMark] = []
    for f in files:
        tables += scan_marks(f.read_text(encoding="utf-8"), f.name)
    return DataStatus(tuple(tables))
