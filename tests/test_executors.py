"""The local executor: chunks, identical output for any worker count, lost workers, Ctrl-C.

Processes are real (worker processes, a pseudo-terminal for Ctrl-C); nothing is timed: the waits
below only stop a hung test.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bgkit.tournaments.executors import Chunker
from bgkit.testing import ctrl_c_when, run_cli

BURGUNDY = ["play", "burgundy", "random", "random", "random", "random"]


def children(pid):
    """The processes whose parent is ``pid`` (from /proc), but bgkit's watchdog (bgkit.exec.guard)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid and fields[0] != "Z" and b"bgkit.exec.guard" not in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return sorted(found)


def gone(pid, limit=30.0):
    """Whether ``pid`` has exited (or is a zombie) within ``limit`` seconds."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":
            return True
        time.sleep(0.05)
    return False


def test_chunks_cover_every_game_once_in_order_and_grow_with_fast_games():
    chunker = Chunker(range(5, 1005), total=1000, workers=2, seconds=0.25)
    chunks = iter(chunker)
    first = next(chunks)
    assert first == (5,)  # nothing is known about the games yet
    chunker.observe(10, 0.01)  # a millisecond a game: about 250 fit in a quarter second
    second = next(chunks)
    assert second == tuple(range(6, 6 + len(second))) and len(second) == 124  # but a quarter of what is left, per worker, at most
    rest = [g for chunk in chunks for g in chunk]
    assert [*first, *second, *rest] == list(range(5, 1005))


def test_chunks_follow_the_latest_pace_not_a_slow_start():
    chunker = Chunker(range(10_000), total=10_000, workers=2, seconds=0.25)
    chunks = iter(chunker)
    next(chunks)
    chunker.observe(1, 0.2)  # a worker's first game: it loaded the game too
    assert len(next(chunks)) == 1
    chunker.observe(1, 0.004)  # then games at their real pace
    assert len(next(chunks)) == 62


def test_the_last_chunks_shrink_to_share_the_end_but_not_below_a_tenth_of_a_chunk():
    chunker = Chunker(range(1000), total=1000, workers=2, seconds=0.25)
    chunker.observe(1, 0.001)  # 250 games fit a chunk; the end is shared in chunks of 25 or more
    sizes = [len(chunk) for chunk in chunker]
    assert sum(sizes) == 1000 and sizes[:3] == [125, 109, 95]  # a quarter of what is left, per worker
    assert min(sizes[:-1]) == 25 and sizes[-1] <= 25
    assert sizes == sorted(sizes, reverse=True)


def test_chunks_are_sized_by_cpu_so_a_busy_machine_does_not_shrink_them():
    chunker = Chunker(range(100_000), total=100_000, workers=2, seconds=0.25)
    chunks = iter(chunker)
    next(chunks)
    chunker.observe(10, 0.03, cpu=0.01)  # a millisecond of CPU a game, three by the clock: other work ran
    assert len(next(chunks)) == 250  # by the wall clock it was 83: three round trips for the same games


def test_games_that_wait_on_other_processes_are_chunked_by_the_wall_clock():
    chunker = Chunker(range(100_000), total=100_000, workers=2, seconds=0.25)
    chunks = iter(chunker)
    next(chunks)
    chunker.observe(1, 0.5, cpu=0.001)  # an exec: bot thinks in its own process: the worker's thread barely ran
    assert len(next(chunks)) == 2  # at most four chunks' worth of wall clock, so progress still shows


def test_the_chunks_of_a_run_played_for_real_cover_every_game_once_in_order(goofspiel):
    """play_chunk reports its CPU; the chunks grow from it and the records come back in game order."""
    from bgkit.engine.setups import parse_options
    from bgkit.tournaments.executors import LocalExecutor, run_games
    from bgkit.tournaments.tournament import Schedule, play_task

    plan = Schedule("goofspiel", None, parse_options(goofspiel, []), ("random", "random"), ("random", "random #2"), 300, 5)
    sizes = []
    executor = LocalExecutor(jobs=1)  # plays each chunk it is given in this process

    class Counting:  # chunked as for two workers
        workers = 2
        chunk_seconds = 0.25

        def play(self, schedule, chunks):
            for result in executor.play(schedule, chunks):
                sizes.append(len(result[0]))
                assert result[2] > 0  # the chunk's CPU seconds
                yield result

    records = list(run_games(Counting(), plan, range(300), 300))
    assert [r.index for r in records] == list(range(300)) and sum(sizes) == 300
    assert max(sizes) > 1 and len(sizes) < 300  # fast games share round trips
    assert records[::37] == [play_task(plan.task(g)) for g in range(0, 300, 37)]


def test_slow_games_go_one_at_a_time():
    chunker = Chunker(range(10), total=10, workers=2, seconds=0.25)
    chunker.observe(1, 3.0)
    assert [len(chunk) for chunk in chunker] == [1] * 10


def test_two_workers_give_the_same_output_as_one_for_many_fast_games():
    args = ["play", "goofspiel", "random", "random", "greedy", "--games", "240", "--seed", "8", "--format", "json"]
    one = run_cli([*args, "--jobs", "1"])
    two = run_cli([*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert two.stdout == one.stdout and len(one.stdout.splitlines()) == 241


def test_jobs_leave_one_game_as_it_is():
    """--jobs spreads many games; one game prints its own table, not a tournament summary."""
    args = ["play", "goofspiel", "random", "random", "--seed", "3", "--option", "deck=5"]
    alone, spread = run_cli(args), run_cli([*args, "--jobs", "4"])
    assert spread.exit_code == 0 and spread.stdout == alone.stdout and "warning" not in spread.stderr


def test_a_killed_worker_costs_nothing(tmp_path):
    args = [*BURGUNDY, "--games", "160", "--seed", "3", "--format", "json"]
    with open(tmp_path / "stderr", "w+") as stderr:
        proc = subprocess.Popen([sys.executable, "-m", "bgkit", *args, "--jobs", "2"], stdout=subprocess.PIPE, stderr=stderr, text=True)
        try:
            first = proc.stdout.readline()  # a game is in, so the workers are busy with the next ones
            for _ in range(100):  # on a loaded machine the pool may still be starting its second worker
                workers = children(proc.pid)
                if len(workers) == 2:
                    break
                time.sleep(0.1)
            assert len(workers) == 2, workers
            os.kill(workers[0], signal.SIGKILL)
            rest = proc.stdout.read()
            proc.wait(timeout=300)
        finally:
            if proc.poll() is None:
                proc.kill()
        stderr.seek(0)
        errors = stderr.read()
    assert proc.returncode == 0, errors
    assert "a worker process died; its games are played again" in errors
    assert first + rest == run_cli([*args, "--jobs", "1"]).stdout


def test_ctrl_c_stops_the_workers_and_says_how_many_games_finished(tmp_path):
    args = [*BURGUNDY, "--games", "4000", "--seed", "1", "--jobs", "2"]
    # the live progress bar shows games being played: then Ctrl-C reaches the workers too
    code, text, workers = ctrl_c_when(args, tmp_path, rb" [1-9][0-9]*/4000", before=children)
    assert code == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert "interrupted after " in text, text[-3000:]
    finished = int(text.split("interrupted after ")[1].split(" of 4000 games")[0])
    assert 0 < finished < 4000
    assert f"burgundy: {finished} games, seed 1" in text  # the games played so far, summarised
    assert len(workers) == 2 and all(gone(pid) for pid in workers)


def test_start_up_does_not_import_dask_or_the_rating_library():
    code = (
        "import sys\n"
        "from bgkit.cli.main import main\n"
        "sys.argv = ['bgkit', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed', 'openskill'}), file=sys.stderr)\n"
    )
    for command in ("--help", "games", "plugins"):
        done = subprocess.run([sys.executable, "-c", code, command], capture_output=True, text=True)
        assert done.stderr.strip().splitlines()[-1] == "[]", (command, done.stderr)


def test_a_pool_that_breaks_while_chunks_are_handed_out_plays_them_all_again(monkeypatch):
    """A worker can die between two results, so that handing out the next chunk is what fails:
    every unfinished chunk is played again, in order (here the pool is a stand-in that breaks
    on its third hand-out; the real pools are in the test above)."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    import bgkit.tournaments.executors as executors

    class Pool:
        handed = 0

        def __init__(self, breaks_at):
            self.breaks_at = breaks_at

        def submit(self, fn, schedule, chunk):
            Pool.handed += 1
            if Pool.handed == self.breaks_at:
                raise BrokenProcessPool("a child process terminated abruptly")
            done = Future()
            done.set_result(([f"game {g}" for g in chunk], 0.0))
            return done

    pools = iter([Pool(breaks_at=3), Pool(breaks_at=0)])
    executor = executors.LocalExecutor(jobs=2)
    monkeypatch.setattr(executor, "_start", lambda schedule: setattr(executor, "_pool", next(pools)))
    monkeypatch.setattr(executor, "_stop", lambda kill: None)
    played = [record for records, _ in executor.play(None, iter([(0,), (1, 2), (3,), (4, 5)])) for record in records]
    assert played == [f"game {g}" for g in range(6)]
