"""How long a search goes on: ``iterations=N``, ``seconds=T`` and/or ``cpu=T`` (whichever ends first).

One place for the rule every search bot follows: with ``iterations`` only, the search never reads
a clock (so it is reproducible from its seed); with a time budget, at least one iteration is done;
a progress line, if one is shown (:mod:`bgkit.bots.table`), is redrawn a few times a second.

Two clocks, because they answer two questions. ``seconds`` is the wall clock (``perf_counter``):
how long people at a table wait. ``cpu`` is the processor time the search itself used
(``process_time``): on a busy machine ``seconds=0.1`` may buy a fifth of the thinking it buys on
an idle one, so a tournament that compares bots should give them ``cpu=``, which buys the same
search whatever else runs. A root-parallel search (``workers=W``) shares ``cpu`` out: each of its W
processes stops at ``cpu / W`` of its own processor time, so the decision costs ``cpu`` in all.
"""

from __future__ import annotations

import time
from typing import Any

REDRAW = 0.1  # seconds between two drawings of the progress line


class Budget:
    """One decision's budget: ``while budget.more(done)`` runs the search's iterations."""

    __slots__ = ("iterations", "seconds", "cpu", "progress", "start", "deadline", "cpu_deadline", "redraw")

    def __init__(self, iterations: int, seconds: float | None, progress: Any = None,
                 cpu: float | None = None, workers: int = 1):
        self.iterations = iterations
        self.seconds = seconds
        self.cpu = cpu
        self.progress = progress if seconds else None
        self.start = time.perf_counter()
        self.deadline = self.start + seconds if seconds else None
        self.cpu_deadline = time.process_time() + cpu / workers if cpu else None
        self.redraw = self.start

    def own_share(self, workers: int) -> "Budget":
        """The budget of one helper process of a root-parallel search: the same wall-clock
        deadline, ``cpu / workers`` of its own processor time from now (call it in the helper)."""
        mine = Budget(self.iterations, self.seconds, cpu=self.cpu, workers=workers)
        mine.deadline = self.deadline
        return mine

    def more(self, done: int) -> bool:
        """Whether to run another iteration after ``done`` of them."""
        if done >= self.iterations:
            return False
        if done == 0 or (self.deadline is None and self.cpu_deadline is None):
            return True
        if self.cpu_deadline is not None and time.process_time() >= self.cpu_deadline:
            return False
        if self.deadline is None:
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
