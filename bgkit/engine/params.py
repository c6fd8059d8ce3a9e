"""Bot parameters from a seat spec (``mcts:iterations=500,seconds=2``): each read and checked
once, so a value that would break a bot is one clear error naming it."""

from __future__ import annotations

import math
import re
from typing import Any

from bgkit.model.errors import BadInput

#: The largest value any numeric bot parameter takes (a bot may set a lower one).
MOST = 10**18
#: The longest a bot may be given to think about one decision (``seconds=``): an hour. A longer
#: budget is a typo, or a save made to hang the game it is resumed in.
MOST_SECONDS = 3600
_WHOLE = re.compile(r"[+-]?[0-9]+")


def number_param(
    params: dict[str, str], key: str, default: float | None, kind: type = int, zero: bool = False, most: float = MOST
) -> Any:
    """Read a numeric bot parameter: a finite number (a whole one for ``kind=int``), positive (or also
    0 with ``zero``), at most ``most``; anything else is one clear error naming the parameter and value."""
    if key not in params:
        return default
    text = params[key]

    def bad(rule: str) -> BadInput:
        return BadInput(f"bot parameter {key} must be {rule}, not {text!r}")

    try:
        value = float(text)
    except ValueError:
        raise bad("a number") from None
    if kind is int:
        if not _WHOLE.fullmatch(text):
            raise bad("a whole number")  # 1e3, 2.5, inf, nan
    elif not math.isfinite(value):
        raise bad("a finite number")
    if value > most:  # as a float, so no whole number is converted before it is known to be small
        raise bad(f"at most {most:,}")
    if value < 0 or (value == 0 and not zero):
        raise bad("0 or more" if zero else "positive")
    return int(text) if kind is int else value


def check_params(bot: str, params: dict[str, str], known: set[str]) -> None:
    unknown = sorted(set(params) - known)
    if unknown:
        raise BadInput(f"bot {bot!r} has no parameter {unknown[0]!r} (known: {', '.join(sorted(known)) or 'none'})")
