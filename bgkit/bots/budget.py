"""How long a search goes on: ``iterations=N`` and/or ``seconds=T`` (whichever ends first).

One place for the rule every search bot follows: with ``iterations`` only, the search never reads
the clock (so it is reproducible from its seed); with ``seconds``, at least one iteration is done;
a progress line, if one is shown (:mod:`bgkit.bots.table`), is redrawn a few times a second.
"""

from __future__ import annotations

import time
from typing import Any

REDRAW = 0.1  # seconds between two drawings of the progress line


class Budget:
    """One decision's budget: ``while budget.more(done)`` runs the search's iterations."""

    __slots__ = ("iterations", "seconds", "progress", "start", "deadline", "redraw")

    def __init__(self, iterations: int, seconds: float | None, progress: Any = None):
        self.iterations = iterations
        self.seconds = seconds
        self.progress = progress if seconds else None
        self.start = time.perf_counter()
        self.deadline = self.start + seconds if seconds else None
        self.redraw = self.start

    def more(self, done: int) -> bool:
        """Whether to run another iteration after ``done`` of them."""
        if done >= self.iterations:
            return False
        if self.deadline is None or done == 0:
            return True
        now = time.perf_counter()
        if self.progress is not None and now >= self.redraw:
            self.progress.show(now - self.start, self.seconds)
            self.redraw = now + REDRAW
        return now < self.deadline

    def close(self) -> None:
        """Erase the progress line (also when Ctrl-C stopped the search)."""
        if self.progress is not None:
            self.progress.clear()
