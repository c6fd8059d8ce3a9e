"""Executors: where the games of a tournament or an arena are played.

bgkit hands an executor a *schedule* (small and picklable: it computes any game's task from the
game's index) and an iterator of *chunks* (tuples of game indices). The executor plays each chunk
with :func:`play_chunk` wherever it likes and yields the results **in the order of the chunks**,
whatever order they finish in, so the output is identical for every executor and worker count.
It takes chunks from the iterator only as it has room for them (a bounded look-ahead), so memory
does not grow with the number of games, and the chunks grow until one costs about
``CHUNK_SECONDS`` of CPU (:class:`Chunker`): fast games do not pay a round trip each, slow ones
still show progress. :func:`play_chunk` returns a chunk's records, its wall-clock seconds and the
CPU seconds of the thread that played it.

Executors are registered through the ``bgkit_register_executors`` hook; the core registers
``local`` (processes on this machine, the default) and ``dask`` (``bgkit/tournaments/dask_executor.py``) in
``bgkit.tournaments.plugin``. A factory is called as ``factory(jobs=J, scheduler=S)`` and
returns an object with:

``workers``
    how many games run at once (sizes the chunks and the look-ahead);
``play(schedule, chunks)``
    an iterator of ``play_chunk(schedule, chunk)`` results, one per chunk, in chunk order;
``close()``
    stop the workers; called after the last result, after an error and after Ctrl-C.

Nothing an executor starts outlives bgkit (``bgkit.exec.guard``): the run is guarded before the
executor opens, SIGTERM and SIGHUP stop it as Ctrl-C does, local workers die with bgkit, and
``--jobs`` is capped at the number of games and at ``JOBS_PER_CPU`` workers a CPU.
"""

from __future__ import annotations

import os
import sys
import time
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from bgkit.model.errors import BadInput, PluginError

if TYPE_CHECKING:
    from bgkit.plugins.registry import PluginSet

CHUNK_SECONDS = 0.25  # a chunk grows until it takes about this much CPU
WALL_CHUNKS = 4  # ... and at most this many times as long by the wall clock
MAX_CHUNK = 1000
LOOK_AHEAD = 4  # chunks handed out at once: LOOK_AHEAD per worker, plus LOOK_AHEAD
RESTARTS = 3  # a local worker pool that breaks this often in a row without a result is given up
JOBS_PER_CPU = 4  # the most workers a CPU (games waiting on bots' answers may use more than one a CPU)


def play_chunk(schedule: Any, chunk: tuple[int, ...]) -> tuple[list[Any], float, float]:
    """Play the games of one chunk: their records in index order, the seconds it took, and the CPU
    seconds of the thread that played them (what the chunk cost, however busy the machine was)."""
    from bgkit.tournaments.tournament import play_task

    start, cpu = time.perf_counter(), time.thread_time()
    records = [play_task(schedule.task(g)) for g in chunk]
    return records, time.perf_counter() - start, time.thread_time() - cpu


class Chunker:
    """Cuts game indices into chunks that cost about ``seconds`` of CPU each, at the pace of the
    latest chunk played.

    The first chunks hold one game; later ones as many as fit ``seconds`` at the latest chunk's CPU
    seconds per game, and fit ``WALL_CHUNKS`` times that of its wall-clock seconds per game, but never
    so many that the last quarter of the run could not be shared out among the workers, nor, at the
    end, fewer than fit a tenth of ``seconds``: a chunk of one five-millisecond game would cost its
    round trip more than its game, and the workers can finish no further apart than that tenth.

    CPU time, since a chunk's cost to send and collect is CPU time too: by the wall clock, a
    machine busy with other work made the chunks smaller in CPU (a tenth of their size at a load of
    15 on two cores), and so the round trips more for the same games, just when CPU was scarce. The
    wall-clock bound keeps games whose bots think in other processes (``exec:`` bots, root-parallel
    MCTS), whose CPU the worker's thread does not see, at a chunk that still moves the progress bar.
    The latest chunk, not the average so far: a worker's first games pay for loading the game (ten
    times a game of random Burgundy), and an average that remembers them kept the chunks small, and
    every chunk a round trip, for most of a run.
    """

    def __init__(self, indices: Iterable[int], total: int, workers: int, seconds: float = CHUNK_SECONDS) -> None:
        self.indices = iter(indices)
        self.total = total
        self.workers = max(1, workers)
        self.seconds = seconds
        self.handed_out = 0
        self.per_game: float | None = None  # CPU seconds a game, in the latest chunk played
        self.wall_per_game = 0.0  # wall-clock seconds a game, in the latest chunk played

    def size(self) -> int:
        if self.seconds <= 0 or self.per_game is None:
            return 1
        fits = int(self.seconds / self.per_game) if self.per_game > 0 else MAX_CHUNK
        if self.wall_per_game > 0:
            fits = min(fits, max(1, int(WALL_CHUNKS * self.seconds / self.wall_per_game)))
        share = (self.total - self.handed_out) // (4 * self.workers)
        return max(1, min(fits, max(share, fits // 10), MAX_CHUNK))

    def observe(self, games: int, seconds: float, cpu: float | None = None) -> None:
        """A chunk of ``games`` took ``seconds`` (wall clock) and ``cpu`` CPU seconds (default: as many)."""
        if games:
            self.per_game = (seconds if cpu is None else cpu) / games
            self.wall_per_game = seconds / games

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        while True:
            chunk = tuple(islice(self.indices, self.size()))
            if not chunk:
                return
            self.handed_out += len(chunk)
            yield chunk


def run_games(executor: Any, schedule: Any, indices: Iterable[int], total: int) -> Iterator[Any]:
    """The records of the games ``indices``, in that order, played by ``executor``.

    The executor is started here (not at the first ``next``), so local workers are forked before
    the caller starts a progress bar's thread.
    """
    chunker = Chunker(indices, total, executor.workers, getattr(executor, "chunk_seconds", CHUNK_SECONDS))
    results = executor.play(schedule, iter(chunker))

    def records() -> Iterator[Any]:
        for chunk_records, seconds, cpu in results:
            chunker.observe(len(chunk_records), seconds, cpu)
            yield from chunk_records

    return records()


def capped_jobs(jobs: int, games: int, scheduler: str | None) -> int:
    """``--jobs``, at most one worker a game and (on this machine) ``JOBS_PER_CPU`` a CPU, with a
    note on stderr when it is capped: more workers than that only cost memory and start-up."""
    most, why = max(1, games), f"{games} game{'s' if games != 1 else ''}"
    cpus = os.cpu_count() or 1
    if scheduler is None and JOBS_PER_CPU * cpus < most:
        most, why = JOBS_PER_CPU * cpus, f"{JOBS_PER_CPU} a CPU on {cpus} CPU{'s' if cpus != 1 else ''}"
    if jobs <= most:
        return jobs
    print(f"note: --jobs {jobs} is more than needed; using {most} ({why})", file=sys.stderr)
    return most


def open_executor(registry: Any, name: str, jobs: int, scheduler: str | None) -> Any:
    """The executor ``name`` registered with ``registry``, started; BadInput naming the known ones."""
    executors = registry.executors
    if name not in executors:
        raise BadInput(f"unknown executor {name!r} (executors: {', '.join(executors)})")
    return executors[name].factory(jobs=jobs, scheduler=scheduler)


def play_games(
    registry: Any,
    schedule: Any,
    indices: Iterable[int],
    total: int,
    on_record: Callable[[Any], None],
    executor: str = "local",
    jobs: int = 1,
    scheduler: str | None = None,
) -> bool:
    """Play ``indices`` on the named executor, handing each record to ``on_record`` in order.

    A progress bar shows on a terminal. Returns True when Ctrl-C stopped the run (the workers are
    stopped, and the records handed over so far are all complete games).
    """
    from bgkit.exec import guard
    from bgkit.terminal.render import progress

    jobs = capped_jobs(jobs, total, scheduler)
    guard.protect(starting=(executor, jobs) != ("local", 1))  # SIGTERM and SIGHUP stop the run as Ctrl-C does
    runner = open_executor(registry, executor, jobs, scheduler)
    interrupted = False
    stop: Callable[[], None] = lambda: None  # noqa: E731
    try:
        records = run_games(runner, schedule, indices, total)
        advance, stop = progress(total, sys.stderr.isatty())
        for record in records:
            on_record(record)
            advance()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stop()
        try:
            runner.close()
        except KeyboardInterrupt:  # a second Ctrl-C while stopping: stop anyway
            pass
    return interrupted


# -- the local executor ----------------------------------------------------------------------------


def _worker_start(game_id: str, data: dict[str, Any] | None, parent: int | None, plugins: PluginSet) -> None:
    """A local worker: Ctrl-C and hang-ups are the parent's to handle, it dies with the parent
    (``parent``: its pid, for a forked worker), it loads the parent's plugins (a worker started
    from a forkserver would otherwise load what it finds installed), and the game once, up front."""
    from bgkit.exec import guard
    from bgkit.plugins.registry import adopt
    from bgkit.tournaments.tournament import _load

    guard.as_worker(parent)
    adopt(plugins)
    _load(game_id, data)


def parent_plugins(forked: bool) -> PluginSet:
    """This run's plugins, as its worker processes load them again (``adopt``); refused in one
    line when one was registered in-process as an object and the workers are not ``forked`` copies
    of this process (nothing else can have it)."""
    from bgkit.plugins.registry import get_registry

    plugins = get_registry().plugin_set()
    if plugins.others and not forked:
        raise BadInput(f"plugin {plugins.others[0]!r} was registered in this process as an object, so worker "
                       "processes cannot load it; install it as a package, or play in this process (the local executor, --jobs 1)")
    return plugins


def _ready() -> None:
    """A no-op task: submitting it makes the pool start its workers now."""


class LocalExecutor:
    """``--jobs`` worker processes on this machine, each loading the game once (``--jobs 1``: none).

    A worker that dies (killed, out of memory) costs nothing but time: the pool is started again
    and every chunk without a result is played again.
    """

    def __init__(self, jobs: int, scheduler: str | None = None) -> None:
        if scheduler:
            raise BadInput("--scheduler is for --executor dask; the local executor runs on this machine")
        self.workers = max(1, jobs)
        self.chunk_seconds = CHUNK_SECONDS if self.workers > 1 else 0.0
        self._pool: Any = None
        self._aborted = False

    def play(self, schedule: Any, chunks: Iterator[tuple[int, ...]]) -> Iterator[tuple[list[Any], float, float]]:
        if self.workers == 1:
            return (play_chunk(schedule, chunk) for chunk in chunks)
        self._start(schedule)
        return self._in_order(schedule, chunks)

    def _start(self, schedule: Any) -> None:
        import multiprocessing
        import threading
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        # Forked workers start at once with the game already loaded, but forking a process that
        # runs threads can deadlock; a restart after a lost worker (threads running) uses forkserver.
        if "fork" in methods and threading.active_count() == 1:
            method = "fork"
        else:
            method = "forkserver" if "forkserver" in methods else "spawn"
        plugins = parent_plugins(forked=method == "fork")  # a forked worker is a copy of this process
        self._pool = ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context(method),
            initializer=_worker_start,
            initargs=(schedule.game_id, schedule.data, os.getpid() if method == "fork" else None, plugins),
        )
        self._pool.submit(_ready)

    def _in_order(self, schedule: Any, chunks: Iterator[tuple[int, ...]]) -> Iterator[tuple[list[Any], float, float]]:
        from concurrent.futures.process import BrokenProcessPool

        window = LOOK_AHEAD * self.workers + LOOK_AHEAD
        waiting: dict[int, tuple[int, ...]] = {}  # chunk number -> chunk, until its result is yielded
        running: dict[int, Any] = {}  # chunk number -> future
        taken = yielded = failures = 0
        more = True
        finished = False
        try:
            while True:
                try:  # a worker may die at any step here, handing out chunks as well as waiting
                    for n, chunk in waiting.items():  # after a restart: every unfinished chunk again
                        if n not in running:
                            running[n] = self._pool.submit(play_chunk, schedule, chunk)
                    while more and len(waiting) < window:
                        new = next(chunks, None)
                        if new is None:
                            more = False
                            break
                        waiting[taken] = new
                        taken += 1
                        running[taken - 1] = self._pool.submit(play_chunk, schedule, new)
                    if not waiting:
                        finished = True
                        return
                    result = running[yielded].result()  # the later chunks run meanwhile
                except BrokenProcessPool:  # a worker died: every unfinished chunk is played again
                    from bgkit.exec import guard

                    if guard.received() is not None:  # SIGTERM to the whole group: the run stops
                        raise KeyboardInterrupt from None
                    failures += 1
                    if failures > RESTARTS:
                        raise PluginError(f"the worker processes died {failures} times in a row (out of memory?)") from None
                    print("warning: a worker process died; its games are played again", file=sys.stderr)
                    self._stop(kill=True)
                    self._start(schedule)
                    running = {}
                    continue
                failures = 0
                del running[yielded], waiting[yielded]
                yielded += 1
                yield result
        finally:
            if not finished:
                self._aborted = True

    def _stop(self, kill: bool) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                if process.is_alive():
                    process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        self._stop(kill=self._aborted)

