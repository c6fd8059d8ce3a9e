"""Errors a person caused and can fix: the CLI prints them as one line and exits 2."""

from __future__ import annotations

from typing import Iterable


class BadInput(Exception):
    """Bad input from the user: unknown game, wrong player count, a malformed sheet, ...

    ``where`` names the place, e.g. ``"sheet.toml:12"``; it is put in front of the message.
    """

    def __init__(self, message: str, where: str | None = None):
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class SheetError(BadInput):
    """A score sheet field is unknown, missing, wrongly typed or impossible.

    ``field`` is the field's name and ``player`` its player's index (None for a sheet-wide field);
    the sheet reader fills in the file and line.
    """

    def __init__(self, message: str, field: str | None = None, player: int | None = None):
        self.field = field
        self.player = player
        super().__init__(message)


class DataError(BadInput):
    """A component data file (shipped, or loaded with ``--data``) is malformed."""


class PluginError(Exception):
    """A plugin is broken (its engine fails to import, a bot returns an illegal move).

    Not the user's fault: the CLI prints one line and exits 1.
    """


def escape_controls(text: object) -> str:
    """``text`` with every control character (ESC, BEL, newline, C1, ...) written as its escape,
    ``\\x1b`` for ESC: what a name or a file says is shown literally, never acted on by the
    terminal, and an error stays on its one line."""
    return "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in str(text))


def suggest(word: object, known: Iterable[str]) -> str:
    """``" (did you mean 'seed'?)"`` when ``word`` is close to one of ``known``, else ``""``."""
    import difflib

    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def fault_text(exc: BaseException) -> str:
    """An exception from plugin code as one short line: its type and the first line of its message."""
    lines = str(exc).strip().splitlines()
    message = lines[0][:200] if lines else ""
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__
