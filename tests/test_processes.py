"""Nothing bgkit starts outlives it (docs/security.md, Processes).

Each test starts the real ``bgkit`` in a session of its own, with a marker in its environment that
every process it starts inherits (its workers, the watchdog, the bots, and the helpers a bot starts
in sessions of their own), stops it with a signal as ``timeout``, CI cancellation, ``systemctl
stop`` or a closed terminal would, and then looks in /proc for any process carrying the marker.
Every test kills whatever is left in a ``finally``, so a failure leaves nothing running.
"""

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
linux_only = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds processes through /proc (Linux)")

# A bot: notes its pid and its parent's in PIDS, starts a helper in a session of its own (setsid)
# that would sleep for five minutes holding the bot's stderr (in mode "bare" with an empty
# environment, so no marker finds it), says hello (offering to play many games), writes an escape
# sequence to stderr, and plays the first legal action — or, in mode "sleep", sleeps at its first
# decision, and in mode "string" answers the index as a string.
BOT = r'''
import json, os, subprocess, sys, time
mode, pids = sys.argv[1], sys.argv[2]
def note(line):
    with open(pids, "a") as f:
        f.write(line + "\n")
helper = subprocess.Popen([sys.executable, "-c", "import os, time; os.setsid(); time.sleep(300)"],
                          env={} if mode == "bare" else None)
note(f"bot {os.getpid()} {os.getppid()}")
note(f"helper {helper.pid} {os.getpid()}")
print("thinking \x1b[31min red\x1b[0m\x07", file=sys.stderr, flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "reuse": True}), flush=True)
    elif message["type"] == "decide":
        if mode == "sleep":
            time.sleep(300)
        answer = "1" if mode == "string" else 0
        print(json.dumps({"type": "action", "index": answer}), flush=True)
'''


class Run:
    """One ``bgkit`` process and everything it starts, found by a marker in their environments."""

    def __init__(self, tmp_path: Path, *args: str):
        self.marker = uuid.uuid4().hex
        self.tmp = tmp_path
        self.out, self.err = tmp_path / "stdout", tmp_path / "stderr"
        env = {**{k: v for k, v in os.environ.items() if k != "CI"}, "BGKIT_TEST_RUN": self.marker, "COLUMNS": "100"}
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", "bgkit", *args], stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=err, cwd=ROOT, env=env, start_new_session=True)

    def processes(self) -> list[int]:
        """The living processes carrying the marker (bgkit itself included while it runs)."""
        found = []
        mark = f"BGKIT_TEST_RUN={self.marker}".encode()
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                environ = Path(f"/proc/{name}/environ").read_bytes()
                state = Path(f"/proc/{name}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if mark in environ.split(b"\0") and state not in (b"Z", b"X"):
                found.append(int(name))
        return found

    def wait_for(self, condition, limit: float = 30.0) -> None:
        end = time.monotonic() + limit
        while not condition():
            assert self.proc.poll() is None, self.err.read_text()
            assert time.monotonic() < end, f"timed out; stderr: {self.err.read_text()}"
            time.sleep(0.05)

    def noted(self, kind: str) -> list[int]:
        pids = self.tmp / "pids"
        lines = pids.read_text().splitlines() if pids.exists() else []
        return [int(line.split()[1]) for line in lines if line.startswith(kind + " ")]

    def stop(self, signum: int, limit: float = 20.0) -> float:
        """Send ``signum`` to bgkit alone; the seconds until bgkit and every process it started are
        gone. Unless it was SIGKILL, nothing it started may still run when bgkit has exited."""
        start = time.monotonic()
        os.kill(self.proc.pid, signum)
        end = start + limit
        while self.proc.poll() is None:
            assert time.monotonic() < end, f"bgkit still running after {limit} s; {self.err.read_text()}"
            time.sleep(0.01)
        if signum != signal.SIGKILL:
            assert self.processes() == [], "bgkit exited, leaving processes it started running"
        while self.processes():
            assert time.monotonic() < end, f"still running after {limit} s: {self.processes()}; {self.err.read_text()}"
            time.sleep(0.01)
        return time.monotonic() - start

    def clean_up(self) -> None:
        for pid in self.processes():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)

    @property
    def stderr(self) -> str:
        return self.err.read_text()

    @property
    def stdout(self) -> str:
        return self.out.read_text()


@pytest.fixture
def bot(tmp_path):
    """``bot(mode)``: the exec seat of the test bot; its notes go to tmp_path/pids."""
    script = tmp_path / "bot.py"
    script.write_text(BOT)
    return lambda mode="play": f"exec:{sys.executable} {script} {mode} {tmp_path / 'pids'}"


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie has ended: its new parent reaps it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


def nothing_left(run: Run, pids: list[int]) -> bool:
    return not run.processes() and not any(alive(pid) for pid in pids)


# -- signals ----------------------------------------------------------------------------------------


@linux_only
@pytest.mark.parametrize("command, signum, mode", [("play", signal.SIGTERM, "play"), ("arena", signal.SIGHUP, "play"),
                                                   ("play", signal.SIGTERM, "bare"), ("play", signal.SIGINT, "play")])
def test_sigterm_sighup_or_sigint_stops_many_games_on_two_workers_and_nothing_remains(tmp_path, bot, command, signum, mode):
    seats = [bot(mode), "random"] if command == "play" else [bot(mode), "random", "greedy", "--players", "2"]
    run = Run(tmp_path, command, "goofspiel", *seats, "--games", "2000", "--jobs", "2", "--seed", "1", "--option", "deck=5")
    try:
        run.wait_for(lambda: len(run.noted("helper")) >= 2)  # both workers' bots have started their helpers
        workers = {ppid for ppid in map(int, [line.split()[2] for line in (tmp_path / "pids").read_text().splitlines()
                                               if line.startswith("bot ")])}
        assert len(workers) == 2 and run.proc.pid not in workers  # the bots run in the two workers
        seconds = run.stop(signum)
        print(f"{command} ({mode}): {signal.Signals(signum).name} to nothing left: {seconds:.2f} s")
        assert run.proc.returncode == 128 + signum, run.stderr
        assert "Traceback" not in run.stderr
        if "interrupted before any game finished (of 2000)" in run.stderr:  # stopped that soon: no table of zeros
            assert "CI" not in run.stdout, run.stdout
        else:
            assert "interrupted after" in run.stderr and "of 2000 games" in run.stderr, run.stderr
            finished = int(run.stderr.split("interrupted after ")[1].split(" of 2000 games")[0])
            if command == "play":  # the games finished, summarised as after Ctrl-C
                assert f"goofspiel: {finished} games, seed 1" in run.stdout, run.stdout
        assert nothing_left(run, run.noted("bot") + run.noted("helper") + list(workers))
    finally:
        run.clean_up()


@linux_only
@pytest.mark.parametrize("jobs, executor", [("1", "local"), ("2", "local"), ("2", "dask")])
def test_sigkill_of_bgkit_ends_its_workers_bots_and_the_bots_helpers_in_other_sessions(tmp_path, bot, jobs, executor):
    if executor == "dask":
        pytest.importorskip("distributed")
    run = Run(tmp_path, "play", "goofspiel", bot(), "random", "--games", "2000", "--jobs", jobs, "--executor", executor,
              "--seed", "1", "--option", "deck=5")
    try:
        run.wait_for(lambda: len(run.noted("helper")) >= int(jobs), limit=60)
        seconds = run.stop(signal.SIGKILL)
        print(f"--jobs {jobs} --executor {executor}: SIGKILL to nothing left: {seconds:.2f} s")
        assert nothing_left(run, run.noted("bot") + run.noted("helper"))
    finally:
        run.clean_up()


@linux_only
def test_sigterm_during_a_game_with_a_sleeping_bot_and_a_parallel_search(tmp_path, bot):
    run = Run(tmp_path, "play", "goofspiel", "mcts:workers=2,seconds=60", bot("sleep"), "--seed", "1", "--option", "deck=5")
    try:
        def searching():  # the bot has started its helper, and the search's helper (a fork of bgkit) runs
            bgkit = Path(f"/proc/{run.proc.pid}/cmdline").read_bytes()
            forks = [pid for pid in run.processes() if pid != run.proc.pid and Path(f"/proc/{pid}/cmdline").read_bytes() == bgkit]
            return run.noted("helper") and forks
        run.wait_for(searching)
        seconds = run.stop(signal.SIGTERM)
        print(f"one game: SIGTERM to nothing left: {seconds:.2f} s")
        assert run.proc.returncode == 143 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.strip().endswith("interrupted"), run.stderr
        assert nothing_left(run, run.noted("bot") + run.noted("helper"))
    finally:
        run.clean_up()


@linux_only
def test_sigterm_stops_games_on_a_local_dask_cluster_and_nothing_remains(tmp_path, bot):
    pytest.importorskip("distributed")
    run = Run(tmp_path, "play", "goofspiel", bot(), "random", "--games", "2000", "--jobs", "2", "--executor", "dask",
              "--seed", "1", "--option", "deck=5")
    try:
        run.wait_for(lambda: len(run.noted("helper")) >= 2, limit=60)
        seconds = run.stop(signal.SIGTERM)
        print(f"dask: SIGTERM to nothing left: {seconds:.2f} s")
        assert run.proc.returncode == 143 and "Traceback" not in run.stderr, run.stderr
        # how far it got depends on the machine's speed: stopped before any game or after some
        assert "interrupted after" in run.stderr or "interrupted before any game finished (of 2000)" in run.stderr, run.stderr
        assert nothing_left(run, run.noted("bot") + run.noted("helper"))
    finally:
        run.clean_up()


# -- a bot's stderr -----------------------------------------------------------------------------------


@linux_only
def test_a_bots_stderr_comes_through_bgkit_escaped_and_its_helper_does_not_hold_a_reader(tmp_path, bot):
    """``x=$(bgkit play ...)``: the reader sees the end of bgkit's output when bgkit exits, though
    the bot's helper (a session of its own, five minutes of sleep) had inherited the bot's stderr."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", bot(), "random", "--seed", "1",
                           "--option", "deck=5", "--format", "json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    seconds = time.monotonic() - start
    try:
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["scores"]
        assert "thinking \\x1b[31min red\\x1b[0m\\x07" in done.stderr  # shown, not obeyed
        assert "\x1b" not in done.stderr and "\x07" not in done.stderr
        assert seconds < 30
        helpers = [int(line.split()[1]) for line in (tmp_path / "pids").read_text().splitlines() if line.startswith("helper ")]
        assert helpers and not any(alive(pid) for pid in helpers)
    finally:
        for line in (tmp_path / "pids").read_text().splitlines() if (tmp_path / "pids").exists() else []:
            try:
                os.kill(int(line.split()[1]), signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_stderr_fifo_is_refused_at_once_not_waited_on(tmp_path, bot):
    fifo = tmp_path / "errors"
    os.mkfifo(fifo)
    spec = bot().replace("exec:", f"exec:stderr={fifo} ", 1)
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", spec, "random", "--seed", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [f"bgkit: error: seat 'exec:{sys.executable} {tmp_path / 'bot.py'} play "
                                                f"{tmp_path / 'pids'}': stderr={fifo} is not a regular file (a bot's "
                                                "messages are appended to a file)"]


# -- --jobs ---------------------------------------------------------------------------------------------


@linux_only
def test_jobs_is_capped_at_the_number_of_games_with_a_note(tmp_path, bot):
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", bot(), "random", "--games", "2", "--jobs", "40",
                           "--seed", "1", "--option", "deck=5", "--format", "json"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "note: --jobs 40 is more than needed; using 2 (2 games)" in done.stderr
    lines = (tmp_path / "pids").read_text().splitlines()
    assert len({line.split()[2] for line in lines if line.startswith("bot ")}) <= 2  # at most two workers ran the bot


def test_jobs_is_capped_at_a_few_workers_a_cpu():
    from bgkit.tournaments.executors import JOBS_PER_CPU, capped_jobs

    cpus = os.cpu_count() or 1
    assert capped_jobs(100_000, 10**6, None) == JOBS_PER_CPU * cpus
    assert capped_jobs(100_000, 200_000, "tcp://127.0.0.1:8786") == 100_000  # a remote cluster's workers are not this machine's
    assert capped_jobs(100_000, 3, "tcp://127.0.0.1:8786") == 3
    assert capped_jobs(2, 10, None) == 2


# -- one validation path and clear words ------------------------------------------------------------------


def test_replay_verify_refuses_the_exec_timeout_play_refuses(tmp_path):
    log = tmp_path / "game.json"
    played = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", "random", "random", "--seed", "3", "--log", log],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert played.returncode == 0, played.stderr
    data = json.loads(log.read_text())
    data["seats"][1] = "exec:timeout=nan python3 bot.py"
    log.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "bgkit", "replay", log, "--verify"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "bot parameter timeout must be a finite number, not 'nan'" in done.stderr
    refused = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", "exec:timeout=nan python3 bot.py", "random"],
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert refused.returncode == 2 and "bot parameter timeout must be a finite number, not 'nan'" in refused.stderr


def test_a_bot_answering_an_index_as_a_string_is_told_it_must_be_a_json_number(tmp_path, bot):
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", bot("string"), "random", "--seed", "1",
                           "--option", "deck=5"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1, done.stderr
    assert 'the bot answered the index "1", a string: an index is an integer, a JSON number 0-4' in done.stderr


def test_a_plugin_raising_keyboardinterrupt_at_import_is_a_failed_plugin_not_a_silent_130(tmp_path):
    (tmp_path / "stopper.py").write_text("raise KeyboardInterrupt\n")
    dist = tmp_path / "stopper-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: stopper\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[bgkit]\nstopper = stopper\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    games = subprocess.run([sys.executable, "-m", "bgkit", "games", "--format", "json"], capture_output=True, text=True,
                           env=env, cwd=ROOT, timeout=60)
    assert games.returncode == 0, games.stderr
    assert "goofspiel" in {row["id"] for row in json.loads(games.stdout)}
    assert games.stderr.strip().splitlines() == ["warning: plugin 'stopper' failed to load: KeyboardInterrupt"]
    plugins = subprocess.run([sys.executable, "-m", "bgkit", "plugins", "--format", "json"], capture_output=True, text=True,
                             env=env, cwd=ROOT, timeout=60)
    rows = {row["name"]: row for row in json.loads(plugins.stdout)}
    assert rows["stopper"]["error"] == "KeyboardInterrupt"


def test_a_bot_writing_its_stderr_to_a_file_beside_a_bot_shown_on_bgkits(tmp_path, bot):
    log = tmp_path / "bot.err"
    spec = bot().replace("exec:", f"exec:stderr={log} ", 1)
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", spec, bot(), "--seed", "1", "--option", "deck=5",
                           "--format", "json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr, done.stderr
    assert done.stderr.count("thinking \\x1b[31min red") == 1  # the second bot's, escaped
    assert log.read_text() == "thinking \x1b[31min red\x1b[0m\x07\n"  # the first bot's, in its file as it wrote it
