"""Checks of what enters the history from outside: typed reads of an imported record, field by field,
each error naming the record and the field, and the names every record, import and edit may hold.
"""

from __future__ import annotations

import math
from typing import Any, Literal, TypeVar, overload

from bgkit.model.errors import BadInput

#: Unicode's bidirectional embeddings, overrides and isolates: in a name they make it read as
#: another (``Bo\u202eevil`` shows as "Bolive"), in a table they reorder the cells after it.
BIDI_CONTROLS = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A))

_Number = TypeVar("_Number", int, float)


def check_name(name: str, where: str | None = None) -> str:
    """``name`` if it may be a player's name in the history; BadInput for a NUL or a bidirectional
    control (``where`` names the file and record it came from)."""
    for ch in name:
        if ch == "\0":
            raise BadInput(f"the player name {name!r} holds a NUL character; a name in the history may not", where)
        if ord(ch) in BIDI_CONTROLS:
            raise BadInput(
                f"the player name {name!r} holds a bidirectional control (U+{ord(ch):04X}), which makes a name "
                "read as another; a name in the history may not", where
            )
    return name


class Checker:
    """Typed reads of an imported record; every error names the record and the field."""

    _MISSING = object()

    def __init__(self, where: str):
        self.where = where

    def _get(self, data: dict[str, Any], key: str, default: Any) -> Any:
        value = data.get(key, default)
        if value is self._MISSING:
            raise BadInput(f"missing {key!r}", self.where)
        return value

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise BadInput(f"{key} must be an object", self.where)
        return value

    @overload
    def text(self, data: dict[str, Any], key: str, default: Any = ..., optional: Literal[False] = False) -> str: ...
    @overload
    def text(self, data: dict[str, Any], key: str, default: Any = ..., *, optional: bool) -> str | None: ...

    def text(self, data: dict[str, Any], key: str, default: Any = _MISSING, optional: bool = False) -> str | None:
        value = self._get(data, key, default)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise BadInput(f"{key} must be text, not {value!r}", self.where)
        return value

    def whole(self, data: dict[str, Any], key: str, default: Any = _MISSING) -> int:
        value = self._get(data, key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(f"{key} must be a whole number, not {value!r}", self.where)
        return self._storable(value, key)

    def _storable(self, value: _Number, key: str) -> _Number:
        """SQLite keeps whole numbers in 64 bits: a larger one is refused here, not half-imported."""
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            raise BadInput(f"{key} is a number of {len(str(abs(value)))} digits, more than a history can keep", self.where)
        return value

    def flag(self, data: dict[str, Any], key: str, default: Any = _MISSING) -> bool:
        value = self._get(data, key, default)
        if not isinstance(value, bool):
            raise BadInput(f"{key} must be true or false, not {value!r}", self.where)
        return value

    def number(self, value: Any, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadInput(f"{key} must be a number, not {value!r}", self.where)
        if isinstance(value, float) and not math.isfinite(value):
            raise BadInput(f"{key} must be a finite number, not {value!r}", self.where)
        return self._storable(value, key)

    def rank(self, data: dict[str, Any], key: str, players: int) -> int:
        value = self.whole(data, key)
        if not 1 <= value <= players:
            raise BadInput(f"{key} must be from 1 to {players} (the number of players), not {value}", self.where)
        return value

    def items(self, data: dict[str, Any], key: str, kind: type | None, default: Any = _MISSING) -> list[Any]:
        value = self._get(data, key, default)
        if not isinstance(value, list) or (kind is not None and not all(isinstance(v, kind) for v in value)):
            raise BadInput(f"{key} must be a list", self.where)
        return value

