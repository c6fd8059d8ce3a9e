"""The Dask executor (``--executor dask``): games on a ``dask.distributed`` cluster.

Without ``--scheduler`` it starts a local cluster on loopback: a scheduler in this process and
``--jobs`` Dask worker processes of one thread each, forked from this process itself (no nanny,
no forkserver) before Dask starts any thread, so they begin with Dask imported and the game
loaded. With ``--scheduler tcp://HOST:PORT`` it uses a running cluster, whose workers need bgkit
and the same game plugins installed. Chunks of games are submitted as Dask tasks with a bounded
look-ahead and their results yielded in chunk order.

Faults cost nothing but time: when a worker dies, the scheduler runs its tasks again elsewhere
(up to ``distributed.scheduler.allowed-failures`` times per task), and since every game is
determined by its seed the output is the same; a local worker that dies is replaced. This module
is imported only for ``--executor dask``, so ``bgkit --help`` and ``bgkit games`` never load Dask.
"""

from __future__ import annotations

import logging
import sys
import uuid
from typing import TYPE_CHECKING, Any, Iterator

from bgkit.model.errors import BadInput, PluginError
from bgkit.tournaments.executors import CHUNK_SECONDS, LOOK_AHEAD, RESTARTS, parent_plugins, play_chunk

if TYPE_CHECKING:
    from bgkit.plugins.registry import PluginSet

CONNECT_TIMEOUT = "10s"
WORKERS_TIMEOUT = 120  # seconds for a local cluster's workers to join its scheduler

# Imported once by the forkserver process, so each local worker forked from it starts warm (when
# this process already runs threads and so cannot fork its workers itself: a replacement worker).
PRELOAD = ["distributed", "bgkit.tournaments.executors", "bgkit.tournaments.tournament", "bgkit.plugins.registry", "bgkit.sessions.build"]

# A local cluster serves no web pages: no dashboard, no HTTP routes (nothing to import for them),
# and its HTTP listener on a free loopback port, so two tournaments at once do not fight over 8787.
# Nor does it keep what only a dashboard shows: no statistical profile of the workers (a stack
# sample every 10 ms), no system monitor twice a second, the event loops' health tick every second
# instead of every 20 ms, and no memory limit to watch (a worker holds a chunk of game records).
# Together about a tenth of the wall time of 2,000 random Burgundy games (benchmarks/README.md).
LOCAL_CLUSTER_CONFIG = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "10s",
    "distributed.admin.tick.interval": "1s",
}
LOCAL_HTTP_ADDRESS = "127.0.0.1:0"


def _start_forkserver() -> str:
    """Start the forkserver the local workers fork from, before this process imports Dask.

    The forkserver imports Dask and bgkit once (``PRELOAD``) so each worker forked from it starts
    warm (spawn, Dask's default, costs each worker about a second); started first, that import
    runs beside this process's own import of Dask instead of after it. Returns the start method
    for Dask's workers: spawn where there is no forkserver.
    """
    import multiprocessing
    import os

    from bgkit.exec import guard

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return "spawn"
    from multiprocessing import forkserver

    multiprocessing.get_context("forkserver").set_forkserver_preload(PRELOAD)
    # Its stdout (and so every worker's) is /dev/null: the records on bgkit's stdout come back
    # through Dask, a stray print in a worker cannot land among them, and a program reading them
    # sees the end of the output when bgkit exits, not when the forkserver has finished its own exit.
    sys.stdout.flush()
    stdout, devnull = os.dup(1), os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        with guard.children_ignore_hangups():  # so do the workers forked from it: bgkit stops them
            forkserver.ensure_running()
    finally:
        os.dup2(stdout, 1)
        os.close(stdout)
        os.close(devnull)
    return "forkserver"


def _worker_process(scheduler: Any, parent: int | None, config: dict[str, Any]) -> None:
    """A local cluster's worker process: one of bgkit's workers (Ctrl-C and hang-ups are bgkit's, it
    dies with bgkit: ``guard.as_worker``), its stdout ``/dev/null``, a Dask worker of one thread on
    loopback until it is stopped. ``scheduler`` is the end of a pipe that brings the scheduler's
    address (the worker is forked before the scheduler starts its threads)."""
    import asyncio
    import os

    import dask

    from bgkit.exec import guard

    guard.as_worker(parent)
    # The records on bgkit's stdout come back through Dask: a stray print in a worker cannot land
    # among them, and a program reading them sees their end when bgkit exits.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    dask.config.set(config)
    address = scheduler.recv()
    scheduler.close()
    if address is not None:
        asyncio.run(_serve(address))


def _play_chunk_with(plugins: "PluginSet", schedule: Any, chunk: tuple[int, ...]) -> tuple[list[Any], float, float]:
    """A chunk of games on a Dask worker, with the run's plugins: a worker plays by the rules of
    the bgkit run it works for (a house rule included), not by whatever it finds installed, and a
    worker on another machine that lacks one of them refuses rather than play other rules."""
    from bgkit.plugins.registry import adopt

    loaded = adopt(plugins).plugin_set()
    if loaded != plugins:
        missing = sorted(set(plugins.entry_points) - set(loaded.entry_points)) or sorted(set(loaded.entry_points) - set(plugins.entry_points))
        raise PluginError(f"a Dask worker does not have the same plugins as this bgkit run ({', '.join(missing)}): "
                          "install the same game plugins on every worker")
    return play_chunk(schedule, chunk)


async def _serve(address: str) -> None:
    import distributed

    worker = distributed.Worker(
        address, nthreads=1, host="127.0.0.1", dashboard_address=LOCAL_HTTP_ADDRESS, memory_limit=0, silence_logs=logging.ERROR
    )
    async with worker:
        await worker.finished()


def _result(future: Any, check: Any = None) -> Any:
    """The future's result, waited for here so that Ctrl-C lands in bgkit and not in Dask.

    ``Future.result()`` waits inside ``distributed.utils.sync``, whose Ctrl-C handler fails (it
    logs a ``NameError`` traceback) when the interrupt comes before the wait has really begun, a
    window a busy machine widens. So the wait is on an event of ours, and the result, ready by
    then, is fetched with Ctrl-C held back for that moment and raised just after. ``check`` is
    called once a second meanwhile.
    """
    import signal
    import threading

    done = threading.Event()
    future.add_done_callback(lambda _: done.set())
    while not done.wait(1.0):
        if check is not None:
            check()
    if threading.current_thread() is not threading.main_thread():
        return future.result()
    pressed: list[bool] = []
    previous = signal.signal(signal.SIGINT, lambda *_: pressed.append(True))
    try:
        return future.result()
    finally:
        signal.signal(signal.SIGINT, previous)
        if pressed:
            raise KeyboardInterrupt


class DaskExecutor:
    def __init__(self, jobs: int = 1, scheduler: str | None = None) -> None:
        import importlib.util

        if importlib.util.find_spec("distributed") is None:
            raise BadInput("--executor dask needs Dask; install it with: pip install 'bgkit[dask]'")
        self.chunk_seconds = CHUNK_SECONDS
        self._cluster: Any = None
        self._client: Any = None
        self._running: list[Any] = []
        self._processes: list[Any] = []  # a local cluster's worker processes
        self._replaced = 0
        self._forked = False  # a local cluster's workers forked from this process (they have its plugins)
        if scheduler:
            import distributed

            try:
                self._client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as exc:
                raise BadInput(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        else:
            try:
                self._start_local(max(1, jobs))
            except BaseException:  # Ctrl-C while starting, or a failure: nothing started stays
                self.close()
                raise
        threads = self._client.nthreads()
        if not threads:
            if sys.stderr.isatty():
                print(f"dask: waiting for a worker to join {self._client.scheduler.address}", file=sys.stderr)
            self._client.wait_for_workers(1)
            threads = self._client.nthreads()
        self.workers = max(1, sum(threads.values()))
        if sys.stderr.isatty():
            where = "a local cluster" if self._cluster is not None else self._client.scheduler.address
            print(f"dask: {len(threads)} workers, {self.workers} threads on {where}", file=sys.stderr)

    def _start_local(self, jobs: int) -> None:
        """A scheduler in this process (no dashboard) and ``jobs`` worker processes, forked from this
        process while it has no other thread (Dask's threads start with the scheduler), else from a
        forkserver. Forked, a worker starts at once with Dask imported and the game loaded: no
        forkserver importing Dask a second time (a third of a CPU-second), no nanny per worker."""
        import multiprocessing
        import threading

        forked = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
        method = "fork" if forked else _start_forkserver()
        self._forked = forked
        import dask
        import distributed

        # Dask's logs stay silenced for good, workers (forked now) included: the scheduler notes at
        # INFO a comm closed by a worker stopped at the end, after LocalCluster's own silencing ends.
        logging.getLogger("distributed").setLevel(logging.ERROR)
        addresses = [self._start_worker(method) for _ in range(jobs)]
        with dask.config.set(LOCAL_CLUSTER_CONFIG):
            self._cluster = distributed.LocalCluster(
                n_workers=0,
                host="127.0.0.1",
                dashboard_address=None,
                scheduler_kwargs={"dashboard_address": LOCAL_HTTP_ADDRESS},
                silence_logs=logging.ERROR,
            )
        for address in addresses:
            address.send(self._cluster.scheduler_address)
            address.close()
        self._client = distributed.Client(self._cluster, set_as_default=False)
        try:
            self._client.wait_for_workers(jobs, timeout=WORKERS_TIMEOUT)
        except TimeoutError:
            raise PluginError(f"the local Dask workers did not join the scheduler within {WORKERS_TIMEOUT} s") from None

    def _start_worker(self, method: str) -> Any:
        """Start one local worker process; returns the pipe to send it the scheduler's address."""
        import multiprocessing
        import os

        context: Any = multiprocessing.get_context(method)
        receive, send = context.Pipe(duplex=False)
        parent = os.getpid() if method == "fork" else None
        sys.stdout.flush()  # a forked worker must not write this process's buffered output again
        process = context.Process(target=_worker_process, args=(receive, parent, LOCAL_CLUSTER_CONFIG), name="bgkit dask worker")
        process.start()
        receive.close()
        self._processes.append(process)
        return send

    def _check(self) -> None:
        """Once a second while a result is awaited: a local worker that died (killed, out of
        memory) is replaced; the scheduler has already handed its games to the others."""
        for process in [p for p in self._processes if not p.is_alive()]:
            from bgkit.exec import guard

            if guard.received() is not None:  # SIGTERM to the whole group: the run stops
                raise KeyboardInterrupt
            self._processes.remove(process)
            self._replaced += 1
            if self._replaced > RESTARTS:
                raise PluginError(f"the local Dask workers died {self._replaced} times (out of memory?)")
            print("warning: a Dask worker process died; its games are played again", file=sys.stderr)
            address = self._start_worker(_start_forkserver())  # threads run now: no fork
            address.send(self._cluster.scheduler_address)
            address.close()

    def play(self, schedule: Any, chunks: Iterator[tuple[int, ...]]) -> Iterator[tuple[list[Any], float, float]]:
        return self._in_order(schedule, chunks)

    def _in_order(self, schedule: Any, chunks: Iterator[tuple[int, ...]]) -> Iterator[tuple[list[Any], float, float]]:
        from distributed import KilledWorker

        run = uuid.uuid4().hex[:12]
        plugins = parent_plugins(forked=self._forked)
        window = LOOK_AHEAD * self.workers + LOOK_AHEAD
        futures: dict[int, Any] = {}  # chunk number -> future, until its result is yielded
        taken = yielded = 0
        more = True
        while True:
            while more and len(futures) < window:
                chunk = next(chunks, None)
                if chunk is None:
                    more = False
                    break
                futures[taken] = self._client.submit(_play_chunk_with, plugins, schedule, chunk, key=f"bgkit-games-{run}-{taken}", pure=False)
                taken += 1
            self._running = list(futures.values())
            if not futures:
                return
            oldest = futures.pop(yielded)
            try:
                result = _result(oldest, self._check)  # the later chunks run meanwhile
            except KilledWorker as exc:
                raise PluginError(f"Dask gave up on a chunk of games: every worker that ran it died ({exc})") from None
            oldest.release()
            yielded += 1
            yield result

    def close(self) -> None:
        client, self._client = self._client, None
        try:
            if client is not None and self._running:
                client.cancel(self._running, force=True)
            self._stop_workers()  # before the scheduler: a worker that lost it would log that
            if client is not None:
                client.close()
        finally:
            if self._cluster is not None:
                self._cluster.close()
                self._cluster = None
            self._stop_workers()

    def _stop_workers(self) -> None:
        processes, self._processes = self._processes, []
        for process in processes:
            process.terminate()  # SIGTERM: a worker's default (guard.as_worker); its bots die with it
        for process in processes:
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join()
