"""A bot at a table with people: it answers within a declared time and shows that it is thinking.

People wait for a bot's move, so at a table (a ``human`` seat, or ``--chance table``) a bot that
searches is given :data:`TABLE_SECONDS` a decision unless its spec sets ``seconds=`` itself, and
while it thinks a progress line on stderr (only on a terminal) shows how much of that time is gone.
A bot takes part by having ``at_table(seconds, progress)``; the others (random, greedy) answer at
once, and an ``exec:`` bot has its own timeout.
"""

from __future__ import annotations

import sys
from typing import Any, Iterable, TextIO

#: The longest a searching bot thinks at a table with people, unless its spec says ``seconds=``.
TABLE_SECONDS = 2.0
BAR = 20  # characters of the progress bar


class Thinking:
    """The progress line of one bot: ``P2 mcts thinks (at most 2 s) [#####.....]``, then erased."""

    def __init__(self, name: str, stream: TextIO):
        self.name = name
        self.stream = stream
        self.width = 0

    def show(self, elapsed: float, limit: float) -> None:
        filled = min(BAR, int(BAR * elapsed / limit)) if limit else 0
        line = f"{self.name} thinks (at most {limit:g} s) [{'#' * filled}{'.' * (BAR - filled)}]"
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line)
        self.stream.flush()

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def seat_at_table(seats: Iterable[Any], stream: TextIO | None = None) -> None:
    """Give every searching bot among ``seats`` the table's time limit, and a progress line if
    ``stream`` (default stderr) is a terminal."""
    stream = stream or sys.stderr
    shown = stream.isatty()
    from bgkit.engine.match import seated

    for seat in map(seated, seats):
        if seat.at_table is not None:
            seat.at_table(TABLE_SECONDS, Thinking(seat.name, stream) if shown else None)
