"""The Dask executor (``--executor dask``): games on a ``dask.distributed`` cluster.

Without ``--scheduler`` it starts a ``LocalCluster`` of ``--jobs`` worker processes (one thread
each) on this machine; with ``--scheduler tcp://HOST:PORT`` it uses a running cluster, whose
workers need bgkit and the same game plugins installed. Chunks of games are submitted as Dask
tasks with a bounded look-ahead and their results yielded in chunk order.

Faults cost nothing but time: when a worker dies, the scheduler runs its tasks again elsewhere
(up to ``distributed.scheduler.allowed-failures`` times per task), and since every game is
determined by its seed the output is the same. This module is imported only for ``--executor
dask``, so ``bgkit --help`` and ``bgkit games`` never load Dask.
"""

from __future__ import annotations

import logging
import sys
import uuid
from typing import Any, Iterator

from bgkit.model.errors import BadInput, PluginError
from bgkit.tournaments.executors import CHUNK_SECONDS, LOOK_AHEAD, play_chunk

CONNECT_TIMEOUT = "10s"

# Imported once by the forkserver process, so each local worker forked from it starts warm.
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


def _leave_ctrl_c_to_the_parent() -> Any:
    """A Dask worker plugin for a local cluster's workers: ignore SIGINT (Ctrl-C) and SIGHUP (the
    terminal closed): bgkit stops them."""
    from distributed import WorkerPlugin

    class LeaveCtrlCToTheParent(WorkerPlugin):
        def setup(self, worker: Any) -> None:
            import signal
            import threading

            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                signal.signal(signal.SIGHUP, signal.SIG_IGN)

    return LeaveCtrlCToTheParent()


def _result(future: Any) -> Any:
    """The future's result, waited for here so that Ctrl-C lands in bgkit and not in Dask.

    ``Future.result()`` waits inside ``distributed.utils.sync``, whose Ctrl-C handler fails (it
    logs a ``NameError`` traceback) when the interrupt comes before the wait has really begun, a
    window a busy machine widens. So the wait is on an event of ours, and the result, ready by
    then, is fetched with Ctrl-C held back for that moment and raised just after.
    """
    import signal
    import threading

    done = threading.Event()
    future.add_done_callback(lambda _: done.set())
    while not done.wait(1.0):
        pass
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
        start_method = None if scheduler else _start_forkserver()
        import distributed
        self.chunk_seconds = CHUNK_SECONDS
        self._cluster: Any = None
        self._client: Any = None
        self._running: list[Any] = []
        if scheduler:
            try:
                self._client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as exc:
                raise BadInput(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        else:
            import dask

            with dask.config.set({**LOCAL_CLUSTER_CONFIG, "distributed.worker.multiprocessing-method": start_method}):
                self._cluster = distributed.LocalCluster(
                    n_workers=max(1, jobs),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                    scheduler_kwargs={"dashboard_address": LOCAL_HTTP_ADDRESS},
                    memory_limit=0,
                    silence_logs=logging.ERROR,
                )
            self._client = distributed.Client(self._cluster, set_as_default=False)
            # Ctrl-C reaches every process of the terminal's process group: the local workers leave
            # it to this process, which stops them (a remote cluster's workers are not touched).
            self._client.register_plugin(_leave_ctrl_c_to_the_parent(), name="bgkit-leave-ctrl-c")
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

    def play(self, schedule: Any, chunks: Iterator[tuple[int, ...]]) -> Iterator[tuple[list[Any], float]]:
        return self._in_order(schedule, chunks)

    def _in_order(self, schedule: Any, chunks: Iterator[tuple[int, ...]]) -> Iterator[tuple[list[Any], float]]:
        from distributed import KilledWorker

        run = uuid.uuid4().hex[:12]
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
                futures[taken] = self._client.submit(play_chunk, schedule, chunk, key=f"bgkit-games-{run}-{taken}", pure=False)
                taken += 1
            self._running = list(futures.values())
            if not futures:
                return
            oldest = futures.pop(yielded)
            try:
                result = _result(oldest)  # the later chunks run meanwhile
            except KilledWorker as exc:
                raise PluginError(f"Dask gave up on a chunk of games: every worker that ran it died ({exc})") from None
            oldest.release()
            yielded += 1
            yield result

    def close(self) -> None:
        client, self._client = self._client, None
        if client is None:
            return
        try:
            if self._running:
                client.cancel(self._running, force=True)
            client.close()
        finally:
            if self._cluster is not None:
                self._cluster.close()
                self._cluster = None
