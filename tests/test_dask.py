"""The Dask executor on real Dask components on loopback: LocalClusters of worker processes.

Nothing is mocked: the CLI starts its own LocalCluster, or joins the test's cluster with
--scheduler; a worker process is killed with SIGKILL in the middle of a run. At most two Dask
workers run at a time. Nothing is timed: the waits only stop a hung test.
"""

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys

import pytest

from bgkit.tournaments.dask_executor import LOCAL_HTTP_ADDRESS
from bgkit.testing import ctrl_c_when, run_cli

distributed = pytest.importorskip("distributed")

GOOFSPIEL = ["play", "goofspiel", "random", "greedy", "mcts:iterations=20", "--games", "24", "--seed", "2", "--format", "json"]


def bgkit(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "bgkit", *map(str, args)], capture_output=True, text=True, **kwargs)


def test_executor_dask_starts_a_local_cluster_and_matches_jobs_1(tmp_path):
    with socket.socket() as other_run:  # another tournament's cluster holds Dask's usual port
        with contextlib.suppress(OSError):
            other_run.bind(("127.0.0.1", 8787))
            other_run.listen()
        done = bgkit(*GOOFSPIEL, "--executor", "dask", "--jobs", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli([*GOOFSPIEL, "--jobs", "1"]).stdout
    assert done.stderr == ""  # no Dask log lines, no "port 8787 is already in use"


def test_ctrl_c_stops_the_local_cluster_cleanly(tmp_path):
    args = ["play", "burgundy", "random", "random", "random", "random", "--games", "4000", "--seed", "1", "--executor", "dask", "--jobs", "2"]
    code, text, _ = ctrl_c_when(args, tmp_path, rb" [1-9][0-9]*/4000")  # games are coming in: the terminal's Ctrl-C
    assert code == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    finished = int(re.search(r"interrupted after (\d+) of 4000 games", text).group(1))
    assert f"burgundy: {finished} games, seed 1" in text


def test_nothing_a_local_worker_writes_to_stdout_lands_among_the_records(tmp_path):
    """bgkit's stdout holds records and the summary only (a script parses it): the local cluster's
    workers write theirs to /dev/null, and their stderr stays the terminal's."""
    script = tmp_path / "stray.py"
    script.write_text(
        "import os\n"
        "from bgkit.tournaments.dask_executor import DaskExecutor\n"
        "if __name__ == '__main__':\n"
        "    executor = DaskExecutor(jobs=1)\n"
        "    executor._client.run(os.write, 1, b'stray line from a worker\\n')\n"
        "    executor._client.run(os.write, 2, b'a warning from a worker\\n')\n"
        "    executor.close()\n"
        "    print('records')\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "records\n"
    assert "a warning from a worker" in done.stderr


@pytest.fixture(scope="module")
def cluster():
    import logging

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None,
        scheduler_kwargs={"dashboard_address": LOCAL_HTTP_ADDRESS}, silence_logs=logging.ERROR,
    ) as local:
        with distributed.Client(local, set_as_default=False) as client:
            yield local, client


def test_scheduler_option_uses_a_running_cluster(cluster, tmp_path):
    local, _ = cluster
    done = bgkit(*GOOFSPIEL, "--executor", "dask", "--scheduler", local.scheduler_address, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli([*GOOFSPIEL, "--jobs", "1"]).stdout


def test_a_killed_worker_costs_nothing(cluster, goofspiel):
    from bgkit.tournaments.dask_executor import DaskExecutor
    from bgkit.tournaments.executors import run_games
    from bgkit.engine.setups import parse_options
    from bgkit.tournaments.tournament import Schedule, play_task

    local, client = cluster
    specs = ("random", "greedy", "random")
    plan = Schedule("goofspiel", None, parse_options(goofspiel, []), specs, ("random", "greedy", "random #2"), 600, 11)
    executor = DaskExecutor(scheduler=local.scheduler_address)
    try:
        records = run_games(executor, plan, range(plan.games), plan.games)
        played = [next(records)]  # the cluster is at work
        before = client.run(os.getpid)
        victim = sorted(before.values())[0]
        os.kill(victim, signal.SIGKILL)
        played.extend(records)
    finally:
        executor.close()
    assert played == [play_task(plan.task(g)) for g in range(plan.games)]
    client.wait_for_workers(2, timeout=120)  # the nanny started a new worker process
    assert victim not in client.run(os.getpid).values()


def test_closing_mid_run_leaves_no_chunk_on_the_cluster_and_drew_only_the_look_ahead(cluster, goofspiel):
    """What Ctrl-C and SIGTERM do to a run (play_games closes the executor): the records so far are
    the first games in order, the chunks in flight are cancelled, and a million-game run drew from
    its indices no more than the look-ahead."""
    import time

    from bgkit.engine.setups import parse_options
    from bgkit.tournaments.dask_executor import DaskExecutor
    from bgkit.tournaments.executors import LOOK_AHEAD, MAX_CHUNK, run_games
    from bgkit.tournaments.tournament import Schedule, play_task

    local, client = cluster
    plan = Schedule("goofspiel", None, parse_options(goofspiel, []), ("random", "random"), ("random", "random #2"), 1_000_000, 5)
    drawn = []

    def indices():
        for g in range(plan.games):
            drawn.append(g)
            yield g

    executor = DaskExecutor(scheduler=local.scheduler_address)
    try:
        records = run_games(executor, plan, indices(), plan.games)
        first = [next(records) for _ in range(40)]
    finally:
        executor.close()
    assert first == [play_task(plan.task(g)) for g in range(40)]
    assert drawn == list(range(len(drawn))) and len(drawn) <= (LOOK_AHEAD * 2 + LOOK_AHEAD + 1) * MAX_CHUNK

    def left():
        return client.run_on_scheduler(lambda dask_scheduler: [str(k) for k in dask_scheduler.tasks if "bgkit-games" in str(k)])

    end = time.monotonic() + 60
    while left() and time.monotonic() < end:
        time.sleep(0.1)
    assert left() == []


def test_an_arena_on_the_cluster_matches_a_local_one(cluster, tmp_path):
    local, _ = cluster
    args = ["arena", "goofspiel", "random", "greedy", "mcts:iterations=10", "--players", "2", "--games", "12", "--seed", "3", "--format", "json"]
    done = bgkit(*args, "--executor", "dask", "--scheduler", local.scheduler_address, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli(args).stdout


def test_a_local_worker_killed_mid_run_costs_nothing_and_is_replaced(goofspiel):
    """The local cluster has no nannies: bgkit replaces a worker that died (from a forkserver, since
    Dask's threads run by then), and the scheduler has already handed its games to the other one."""
    import time

    from bgkit.engine.setups import parse_options
    from bgkit.tournaments.dask_executor import DaskExecutor
    from bgkit.tournaments.executors import run_games
    from bgkit.tournaments.tournament import Schedule, play_task

    specs = ("random", "greedy", "random")
    plan = Schedule("goofspiel", None, parse_options(goofspiel, []), specs, ("random", "greedy", "random #2"), 300, 12)
    executor = DaskExecutor(jobs=2)
    try:
        records = run_games(executor, plan, range(plan.games), plan.games)
        played = [next(records)]
        victim = executor._processes[0]
        os.kill(victim.pid, signal.SIGKILL)
        victim.join(60)
        executor._check()  # what the wait for a result does once a second
        assert len(executor._processes) == 2 and victim not in executor._processes
        played.extend(records)
        workers = list(executor._processes)
    finally:
        executor.close()
    assert played == [play_task(plan.task(g)) for g in range(plan.games)]
    end = time.monotonic() + 30
    while any(w.is_alive() for w in workers) and time.monotonic() < end:
        time.sleep(0.05)
    assert not any(w.is_alive() for w in workers)  # close() stopped them


def test_an_unreachable_scheduler_is_one_line():
    result = run_cli([*GOOFSPIEL, "--executor", "dask", "--scheduler", "not-an-address:://"])
    assert result.exit_code == 2 and result.stderr.startswith("bgkit: error: cannot reach the Dask scheduler")


def test_a_running_clusters_workers_play_with_the_runs_plugins(cluster):
    """The cluster's workers are fresh interpreters that load what they find installed; each chunk
    makes its worker load the run's plugins first, so a house rule the run registered in-process
    is in force on the workers too (the same records as --jobs 1), and a plugin no worker can load
    (an object made in this process) is refused in one line, exit 2, not played without."""
    import types

    from bgkit.api import hookimpl
    from bgkit.testing import get_registry, reset_registry
    from bgkit_houserules import plugin as houserule

    local, _ = cluster
    args = ["play", "goofspiel", "random", "random", "--option", "deck=5", "--games", "40", "--seed", "4", "--format", "json"]
    reset_registry()
    try:
        by_the_book = run_cli([*args, "--jobs", "1"]).stdout
        get_registry().register(houserule, name="houserules")
        one = run_cli([*args, "--jobs", "1"])
        on_the_cluster = run_cli([*args, "--executor", "dask", "--scheduler", local.scheduler_address])
        assert on_the_cluster.exit_code == 0, on_the_cluster.stderr
        assert one.stdout != by_the_book and on_the_cluster.stdout == one.stdout

        @hookimpl
        def bgkit_register_bots(register):  # noqa: ARG001
            pass

        made_here = types.SimpleNamespace(bgkit_register_bots=bgkit_register_bots)
        get_registry().register(made_here, name="made here")
        refused = run_cli([*args, "--executor", "dask", "--scheduler", local.scheduler_address])
        assert refused.exit_code == 2 and "'made here'" in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr and refused.stderr.count("\n") <= 2
    finally:
        reset_registry()
