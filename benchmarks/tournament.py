"""Tournament figures: games/s for --jobs 1, --jobs 2 and Dask with 2 workers; peak memory by run size.

Run with the Python that has bgkit (and its dask extra) installed::

    python benchmarks/tournament.py                 # 2,000 games a speed figure; RSS at 2,000 and 200,000 games
    python benchmarks/tournament.py --quick         # a smoke run: 400 games, RSS at 200 and 20,000
    python benchmarks/tournament.py --rounds 3      # interleave the three set-ups three times (a busy machine)
    python benchmarks/tournament.py --no-rss        # speed only
    python benchmarks/tournament.py --format json   # one JSON document on stdout
    python benchmarks/tournament.py --anatomy       # where Dask's CPU goes (1,000 games, in-process, vs local)

Every figure is a real ``bgkit play burgundy random random random random --games N --seed S``
command, run as a fresh process with ``--format json`` and its output read as it streams. What
each figure means is in benchmarks/README.md; nothing here asserts a speed (docs/design.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field

SEATS = ["random", "random", "random", "random"]
SETUPS = {
    "jobs 1": ["--jobs", "1"],
    "jobs 2": ["--jobs", "2"],
    "dask 2 workers": ["--executor", "dask", "--jobs", "2"],
}

# Runs bgkit in this process and, as it exits, writes its own peak RSS and its largest child's.
RSS_WRAPPER = """
import atexit, json, resource, sys
out = sys.argv.pop(1)
def report():
    with open(out, "w") as handle:
        json.dump({"self_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                   "children_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}, handle)
atexit.register(report)
from bgkit.cli.main import main
sys.argv[0] = "bgkit"
main()
"""


@dataclass
class SpeedRun:
    setup: str
    round: int
    games: int
    seconds: float  # the whole command: start-up, workers (or cluster) starting, every game, the summary
    games_per_s: float
    first_to_last_s: float  # from the first game's record to the last one's: the steady rate
    steady_games_per_s: float
    cpu_seconds: float  # user + system time of the command and every worker process it started
    command_cpu_seconds: float  # of the command process alone: with Dask, the client's and the scheduler's loops
    load_before: float
    load_after: float
    output_sha256: str


@dataclass
class RssRun:
    games: int
    jobs: int
    seconds: float
    parent_mb: float
    largest_worker_mb: float
    load_before: float
    load_after: float


@dataclass
class Report:
    python: str
    machine: str
    cpus: int
    seed: int
    speed: list[SpeedRun] = field(default_factory=list)
    speed_best: dict[str, float] = field(default_factory=dict)
    speed_ratios: dict[str, float] = field(default_factory=dict)
    cpu_efficiency: dict[str, float] = field(default_factory=dict)  # CPU time of jobs 1 / CPU time of the set-up
    cpu_ms_per_game: dict[str, float] = field(default_factory=dict)  # the whole tree's CPU a game (least of the rounds)
    command_cpu_s: dict[str, float] = field(default_factory=dict)  # the command process's own CPU (least of the rounds)
    same_output: bool = True
    rss: list[RssRun] = field(default_factory=list)
    rss_ratio: float | None = None


def command(games: int, seed: int, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "bgkit", "play", "burgundy", *SEATS, "--games", str(games), "--seed", str(seed), "--format", "json", *extra]


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class TreeCpu(threading.Thread):
    """The CPU seconds of a process and all its descendants, polled every 50 ms with psutil (Dask's
    dependency): Dask's workers fork from a forkserver, so the command's own accounting (what the
    operating system adds up as children end) never sees them. Polled for every set-up alike, so
    the command's own share (for Dask: the client and the scheduler) is known too."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.seen, self.done = pid, {}, threading.Event()

    def run(self) -> None:
        import psutil

        try:
            root = psutil.Process(self.pid)
        except psutil.Error:
            return
        while not self.done.wait(0.05):
            try:
                tree = [root, *root.children(recursive=True)]
            except psutil.Error:
                return
            for process in tree:
                try:
                    times = process.cpu_times()
                    self.seen[process.pid] = times.user + times.system
                except psutil.Error:
                    pass

    def seconds(self) -> float:
        self.done.set()
        self.join()
        return sum(self.seen.values())

    def command_seconds(self) -> float:
        return self.seen.get(self.pid, 0.0)


def speed_run(name: str, round_number: int, games: int, seed: int) -> SpeedRun:
    load_before = os.getloadavg()[0]
    cpu_before = cpu_of_children()
    start = time.perf_counter()
    proc = subprocess.Popen(command(games, seed, SETUPS[name]), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    tree = TreeCpu(proc.pid)
    tree.start()
    digest = hashlib.sha256()
    first = last = None
    records = 0
    for line in proc.stdout:
        digest.update(line)
        if line.startswith(b'{"index"'):
            records += 1
            last = time.perf_counter()
            first = first or last
    errors = proc.stderr.read().decode()
    if proc.wait() != 0 or records != games:
        sys.exit(f"benchmarks/tournament.py: {name} failed ({records} of {games} games):\n{errors}")
    seconds = time.perf_counter() - start
    steady = last - first if first and last else 0.0
    return SpeedRun(
        name, round_number, games, round(seconds, 3), round(games / seconds, 1), round(steady, 3),
        round((games - 1) / steady, 1) if steady else 0.0,
        # both are lower bounds: polling misses each process's last 50 ms, the operating system's
        # accounting the processes no one waited for (Dask's workers, forked from a forkserver)
        round(max(tree.seconds(), cpu_of_children() - cpu_before), 2), round(tree.command_seconds(), 2),
        load_before, os.getloadavg()[0], digest.hexdigest(),
    )


def rss_run(games: int, jobs: int, seed: int) -> RssRun:
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "rss.json")
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", RSS_WRAPPER, out, *command(games, seed, ["--jobs", str(jobs)])[3:]],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"benchmarks/tournament.py: the {games}-game run failed:\n{done.stderr}")
        with open(out) as handle:
            usage = json.load(handle)
    return RssRun(
        games, jobs, round(seconds, 1), round(usage["self_kb"] / 1024, 1), round(usage["children_kb"] / 1024, 1),
        load_before, os.getloadavg()[0],
    )


def anatomy_child(setup: str, games: int, seed: int) -> None:
    """In this process, as ``bgkit play`` runs it: open the executor (``dask`` or ``local``, two
    workers), play the games through ``run_games`` with each record written as JSON to /dev/null,
    and print (JSON) where the CPU went, read before ``close()``: the whole tree's, the command's
    own, the games' own (what ``play_chunk`` reports), the tasks and the time to the first record."""
    import psutil

    from bgkit.engine.setups import parse_options
    from bgkit.plugins.registry import get_registry
    from bgkit.tournaments.executors import LocalExecutor, run_games
    from bgkit.tournaments.tournament import Schedule, preload

    game = get_registry().load_game("burgundy")
    preload(game, None)
    plan = Schedule("burgundy", None, parse_options(game, []), tuple(SEATS), ("random", "random #2", "random #3", "random #4"), games, seed)

    def tree() -> dict[int, float]:
        me, seen = psutil.Process(), {}
        for process in [me, *me.children(recursive=True)]:
            try:
                times = process.cpu_times()
                seen[process.pid] = times.user + times.system
            except psutil.Error:
                pass
        return seen

    start, cpu_before = time.perf_counter(), sum(tree().values())
    if setup == "dask":
        from bgkit.tournaments.dask_executor import DaskExecutor

        executor = DaskExecutor(jobs=2)
    else:
        executor = LocalExecutor(2)
    chunks: list[float] = []  # the games' own CPU seconds, a chunk each
    play = executor.play

    def counted(schedule, pieces):  # type: ignore[no-untyped-def]
        for result in play(schedule, pieces):
            chunks.append(result[2])
            yield result

    executor.play = counted
    first = None
    with open(os.devnull, "w") as sink:
        for record in run_games(executor, plan, range(games), games):
            first = first or time.perf_counter()
            sink.write(json.dumps(record.to_dict()) + "\n")
    used = tree()
    executor.close()
    whole = sum(used.values()) - cpu_before
    print(json.dumps({
        "setup": setup, "games": games, "tasks": len(chunks), "tree_cpu_s": round(whole, 3),
        "games_cpu_s": round(sum(chunks), 3), "overhead_cpu_s": round(whole - sum(chunks), 3),
        "command_cpu_s": round(used[os.getpid()], 3), "first_record_s": round((first or start) - start, 3),
        "load": os.getloadavg()[0],
    }))


def anatomy(games: int, seed: int, rounds: int) -> list[dict[str, float]]:
    runs = []
    for _ in range(rounds):
        for setup in ("dask", "local"):  # interleaved; each in a fresh process
            done = subprocess.run([sys.executable, __file__, "--anatomy-child", setup, str(games), str(seed)], capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"benchmarks/tournament.py: the {setup} anatomy run failed:\n{done.stderr}")
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per speed figure (default 2000; --quick 400)")
    parser.add_argument("--rounds", type=int, default=1, help="interleaved rounds of the three set-ups (best round counts)")
    parser.add_argument("--rss-games", type=int, nargs="+", help="run sizes for peak memory (default 2000 200000; --quick 200 20000)")
    parser.add_argument("--rss-jobs", type=int, default=2, help="--jobs of the memory runs (default 2)")
    parser.add_argument("--no-speed", action="store_true", help="skip the speed figures")
    parser.add_argument("--no-rss", action="store_true", help="skip the memory figures")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="small runs: a smoke test of the script")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--anatomy", action="store_true", help="only where the CPU goes: dask and local, two workers, in-process")
    parser.add_argument("--anatomy-child", nargs=3, metavar=("SETUP", "GAMES", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.anatomy_child:
        anatomy_child(args.anatomy_child[0], int(args.anatomy_child[1]), int(args.anatomy_child[2]))
        return
    if args.anatomy:
        runs = anatomy(args.games or 1000, args.seed, args.rounds)
        if args.format == "json":
            print(json.dumps(runs, indent=2))
            return
        print(f"Where the CPU goes: random 4-player Burgundy, {runs[0]['games']} games, two workers (overhead = tree − games)")
        print(f"  {'set-up':<7} {'tasks':>6} {'tree CPU s':>11} {'games CPU s':>12} {'overhead s':>11} {'command s':>10} {'first record s':>15} {'load':>6}")
        for run in runs:
            print(
                f"  {run['setup']:<7} {run['tasks']:>6} {run['tree_cpu_s']:>11.2f} {run['games_cpu_s']:>12.2f} {run['overhead_cpu_s']:>11.2f}"
                f" {run['command_cpu_s']:>10.2f} {run['first_record_s']:>15.2f} {run['load']:>6.1f}"
            )
        return
    games = args.games or (400 if args.quick else 2000)
    rss_games = args.rss_games or ([200, 20_000] if args.quick else [2_000, 200_000])
    report = Report(sys.version.split()[0], platform.platform(), os.cpu_count() or 0, args.seed)

    def say(text: str) -> None:
        if sys.stderr.isatty():
            print(text, file=sys.stderr)

    if not args.no_speed:
        for round_number in range(1, args.rounds + 1):
            for name in SETUPS:  # interleaved, so a busy spell slows every set-up alike
                say(f"round {round_number}: {name}, {games} games ...")
                report.speed.append(speed_run(name, round_number, games, args.seed))
        for name in SETUPS:
            report.speed_best[name] = max(run.games_per_s for run in report.speed if run.setup == name)
        one = report.speed_best["jobs 1"]
        report.speed_ratios = {name: round(rate / one, 2) for name, rate in report.speed_best.items()}
        cpu = {name: min(run.cpu_seconds for run in report.speed if run.setup == name) for name in SETUPS}
        report.cpu_efficiency = {name: round(cpu["jobs 1"] / seconds, 2) for name, seconds in cpu.items()}
        report.cpu_ms_per_game = {name: round(seconds / games * 1000, 2) for name, seconds in cpu.items()}
        report.command_cpu_s = {name: min(run.command_cpu_seconds for run in report.speed if run.setup == name) for name in SETUPS}
        report.same_output = len({run.output_sha256 for run in report.speed}) == 1
    if not args.no_rss:
        for size in rss_games:
            say(f"peak memory: {size} games, --jobs {args.rss_jobs} ...")
            report.rss.append(rss_run(size, args.rss_jobs, args.seed))
        if len(report.rss) >= 2:
            report.rss_ratio = round(report.rss[-1].parent_mb / report.rss[0].parent_mb, 3)
    if args.format == "json":
        print(json.dumps(asdict(report), indent=2))
        return
    print(f"bgkit tournament figures — Python {report.python}, {report.cpus} CPUs, {report.machine}")
    if report.speed:
        print(f"\nRandom 4-player Burgundy, {games} games a run, seed {args.seed} (games/s; best of {args.rounds} round(s))")
        print(f"  {'set-up':<16} {'whole run':>10} {'steady':>8} {'× jobs 1':>9} {'CPU eff.':>9} {'CPU ms/game':>12} {'command CPU s':>14}   load before/after each run")
        steady_one = max(r.steady_games_per_s for r in report.speed if r.setup == "jobs 1")
        for name in SETUPS:
            runs = [r for r in report.speed if r.setup == name]
            steady = max(r.steady_games_per_s for r in runs)
            loads = ", ".join(f"{r.load_before:.2f}/{r.load_after:.2f}" for r in runs)
            print(
                f"  {name:<16} {report.speed_best[name]:>10.1f} {steady:>8.1f} {report.speed_ratios[name]:>8.2f}×"
                f" {report.cpu_efficiency.get(name, float('nan')):>9.2f} {report.cpu_ms_per_game[name]:>12.2f} {report.command_cpu_s[name]:>14.2f}"
                f"   {loads}   ({steady / steady_one:.2f}× steady)"
            )
        print(f"  every run printed the same records and summary: {'yes' if report.same_output else 'NO'}")
    if report.rss:
        print(f"\nPeak resident memory (--jobs {args.rss_jobs}, --format json to /dev/null)")
        for run in report.rss:
            print(
                f"  {run.games:>8,} games: bgkit {run.parent_mb:>6.1f} MB, largest worker {run.largest_worker_mb:>6.1f} MB"
                f"  ({run.seconds:.0f} s, load {run.load_before:.2f}/{run.load_after:.2f})"
            )
        if report.rss_ratio is not None:
            print(f"  {report.rss[-1].games:,} games / {report.rss[0].games:,} games: {report.rss_ratio:.3f}× the memory")


if __name__ == "__main__":
    main()
