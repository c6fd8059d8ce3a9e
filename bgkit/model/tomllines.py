"""Where each key of a TOML text is: tomllib reports positions only for syntax errors, but a
person who typed a wrong value wants the line of that value too.

Keys are addressed by path: ``("player", 1, "prizes")`` is ``prizes`` in the second ``[[player]]``
table, ``("building", "library", "boxes")`` is ``boxes`` under ``[building.library]`` (or a dotted
``library.boxes = ...`` under ``[building]``).
"""

from __future__ import annotations

import abc
import re
from typing import TYPE_CHECKING, Any

from bgkit.model.errors import BadInput

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

#: A key's path in a file: table and key names, and the index of an entry in an array of tables.
KeyPath = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*((?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+))*)\s*=')
_KEY_PART = re.compile(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_-]+)')


def _split(dotted: str) -> tuple[str, ...]:
    parts = _KEY_PART.findall(dotted)  # compiled once: `bgkit games` splits every data file's headers
    return tuple(double or single or bare for double, single, bare in parts)


class KeyLines(abc.ABC):
    """The line of every key of a text (1-based), found when first asked: only a file with
    something wrong in it needs them. A subclass finds them (``_find``) for its format."""

    def __init__(self, text: str):
        self._text = text
        self._lines: dict[KeyPath, int] | None = None

    @property
    def lines(self) -> dict[KeyPath, int]:
        if self._lines is None:
            self._lines = self._find(self._text)
        return self._lines

    @abc.abstractmethod
    def _find(self, text: str) -> dict[KeyPath, int]:
        """Each key path of ``text`` and the line it is on (each kind of file finds them its own way)."""

    def line_of(self, *path: str | int) -> int | None:
        """The line of ``path``, or of the nearest enclosing table (or list) that has one."""
        key: KeyPath = tuple(path)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return None


class TomlLines(KeyLines):
    """The line of every key and table header in a TOML text."""

    def _find(self, text: str) -> dict[KeyPath, int]:
        lines: dict[KeyPath, int] = {}
        arrays: dict[KeyPath, int] = {}
        table: KeyPath = ()
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                path = _split(header.group(2))
                if header.group(1) == "[[":
                    arrays[path] = arrays.get(path, -1) + 1
                    parent = self._with_indices(path[:-1], arrays) + (path[-1],)
                    lines.setdefault(parent, number)  # the array as a whole: its first entry
                    table = parent + (arrays[path],)
                else:
                    table = self._with_indices(path, arrays)
                lines.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if key:
                lines.setdefault(table + _split(key.group(1)), number)
        return lines

    @staticmethod
    def _with_indices(path: KeyPath, arrays: dict[KeyPath, int]) -> KeyPath:
        """``[a.b]`` after ``[[a]]`` means ``b`` inside the latest ``a`` entry."""
        out: KeyPath = ()
        for depth, part in enumerate(path, start=1):
            out += (part,)
            if path[:depth] in arrays:
                out += (arrays[path[:depth]],)
        return out


#: The largest TOML text bgkit reads (a score sheet is a few kB, the largest shipped data file 35 kB).
MAX_TOML_CHARS = 1_000_000
#: How deep tables and arrays may nest (a sheet nests 2 deep, component data 4).
MAX_DEPTH = 16


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """``tomllib.loads`` whose errors are BadInput naming ``source:line``: syntax, and what the
    parser itself cannot take (a text over :data:`MAX_TOML_CHARS`, nesting deeper than
    :data:`MAX_DEPTH`, an integer of more than 4,300 digits)."""
    import tomllib  # imported when a file is read: `bgkit games` and `--help` read none

    if len(text) > MAX_TOML_CHARS:
        raise BadInput(f"not valid here: longer than {MAX_TOML_CHARS:,} characters", source)
    deepest = _deepest(text)
    if deepest is not None:
        raise BadInput(f"not valid here: tables or arrays nest more than {MAX_DEPTH} deep", f"{source}:{deepest}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = match.group(1) if match else str(max(1, len(text.splitlines())))  # "at end of document"
        reason = re.sub(r"\s*\(at (line|end).*\)", "", str(exc))
        reason = re.sub(r"\(((?:'[^']*',?\s*)+)\)", lambda m: ".".join(re.findall(r"'([^']*)'", m.group(1))), reason)
        twice = re.fullmatch(r"Cannot declare (\S+) twice", reason)
        if twice:  # tomllib's key tuple ('player',) read as a person wrote it, and what they likely meant
            reason = f"[{twice.group(1)}] is declared twice (a table that repeats, one for each player, is [[{twice.group(1)}]])"
        raise BadInput(f"not valid TOML: {reason}", f"{source}:{line}") from None
    except ValueError:  # int() refuses literals of over 4,300 digits
        long = re.search(r"[0-9_]{4300,}", text)
        where = f"{source}:{text.count(chr(10), 0, long.start()) + 1}" if long else source
        raise BadInput("not valid here: a number of more than 4,300 digits", where) from None
    except RecursionError:
        raise BadInput(f"not valid here: nested more than {MAX_DEPTH} deep", source) from None
    if _depth(data) > MAX_DEPTH:
        raise BadInput(f"not valid here: tables or arrays nest more than {MAX_DEPTH} deep", source)
    return data


# What the nesting scan looks at; every other character is skipped over by the regex engine.
_NESTING = re.compile(r"[\[\]{}\"'#\n\\]")


def _deepest(text: str, limit: int = MAX_DEPTH) -> int | None:
    """The line where brackets or braces (outside strings and comments) first open more than
    ``limit`` deep, else None: tomllib recurses once per level, so it is refused before.
    Only brackets, quotes, comments, backslashes and line ends can change the answer, so only
    they are visited (5 to 15 of every 100 characters of the shipped data files)."""
    depth = 0
    line = 1
    quote = ""
    skip = 0  # characters before this were consumed by a quote, an escape or a comment
    for found in _NESTING.finditer(text):
        i = found.start()
        if i < skip:
            continue
        ch = text[i]
        if ch == "\n":
            line += 1
            if quote in ('"', "'"):
                quote = ""  # a one-line string cannot cross a line: leave it to tomllib
        elif quote:
            if quote in ('"', '"""') and ch == "\\":
                skip = i + 2
            elif text.startswith(quote, i):
                skip = i + len(quote)
                quote = ""
        elif ch == "#":
            end = text.find("\n", i)
            if end < 0:
                break
            skip = end  # the line end itself still counts
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            skip = i + len(quote)
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
    return None


def _depth(value: object) -> int:
    """How deep ``value`` nests, without recursion (dotted keys nest without brackets)."""
    deepest, stack = 0, [(value, 1)]
    children: Iterable[object]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest
