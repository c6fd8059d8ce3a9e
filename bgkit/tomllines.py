"""Where each key of a TOML text is: tomllib reports positions only for syntax errors, but a
person who typed a wrong value wants the line of that value too.

Keys are addressed by path: ``("player", 1, "prizes")`` is ``prizes`` in the second ``[[player]]``
table, ``("building", "library", "boxes")`` is ``boxes`` under ``[building.library]`` (or a dotted
``library.boxes = ...`` under ``[building]``).
"""

from __future__ import annotations

import re
import tomllib

from bgkit.errors import BadInput

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*((?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+))*)\s*=')


def _split(dotted: str) -> tuple[str, ...]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_-]+)', dotted)
    return tuple(next(p for p in part if p) if any(part) else "" for part in parts)


class TomlLines:
    """The line of every key and table header in a TOML text (1-based)."""

    def __init__(self, text: str):
        self.lines: dict[tuple, int] = {}
        arrays: dict[tuple, int] = {}
        table: tuple = ()
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                path = _split(header.group(2))
                if header.group(1) == "[[":
                    arrays[path] = arrays.get(path, -1) + 1
                    parent = self._with_indices(path[:-1], arrays) + (path[-1],)
                    self.lines.setdefault(parent, number)  # the array as a whole: its first entry
                    table = parent + (arrays[path],)
                else:
                    table = self._with_indices(path, arrays)
                self.lines.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if key:
                self.lines.setdefault(table + _split(key.group(1)), number)

    @staticmethod
    def _with_indices(path: tuple, arrays: dict[tuple, int]) -> tuple:
        """``[a.b]`` after ``[[a]]`` means ``b`` inside the latest ``a`` entry."""
        out: tuple = ()
        for depth, part in enumerate(path, start=1):
            out += (part,)
            if path[:depth] in arrays:
                out += (arrays[path[:depth]],)
        return out

    def line_of(self, *path) -> int | None:
        """The line of ``path``, or of the nearest enclosing table that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None


def parse_toml(text: str, source: str) -> dict:
    """``tomllib.loads`` whose syntax errors are BadInput naming ``source:line``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = match.group(1) if match else str(max(1, len(text.splitlines())))  # "at end of document"
        reason = re.sub(r"\s*\(at (line|end).*\)", "", str(exc))
        raise BadInput(f"not valid TOML: {reason}", f"{source}:{line}") from None
