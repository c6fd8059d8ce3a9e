"""bgkit speed figures: play speed, engine overhead, MCTS iterations and CLI start time.

Run with the Python that has bgkit installed::

    python benchmarks/run.py                 # every playable game, every player count
    python benchmarks/run.py --quick         # a smoke run, a few seconds per game
    python benchmarks/run.py --format json   # machine-readable, one JSON document
    python benchmarks/run.py --game goofspiel --games 500 --iterations 2000

What each figure means is in benchmarks/README.md. The figures are for comparing one commit with
another on the same machine; nothing here asserts a speed (no timed tests: docs/design.md).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

try:
    import bgkit
except ImportError:  # pragma: no cover - a wrong interpreter, said plainly
    sys.exit("benchmarks/run.py: bgkit is not importable; run it with the Python bgkit is installed in")

from bgkit.engine.match import derive_seed, sample_chance
from bgkit.model.game import CHANCE

# The early decisions (counted over the whole table) at which MCTS is timed, among the decisions
# that offer a real choice: the opening, and two a little later, so that one unusual position
# (a forced-looking opening, say) does not make the figure.
MCTS_PICKS = (0, 3, 6)
CLI_REPEATS = 5
EXAMPLE_SHEET = Path(__file__).resolve().parent.parent / "examples" / "sheets" / "burgundy-3p.toml"
# Play figures are split into this many rounds of games and taken from the best round.
ROUNDS = 5
# A game still going after this many actions is reported as an error instead of hanging the run.
MAX_ACTIONS = 100_000
# What every figure is timed by: --clock cpu (the default) counts this process's CPU time (and a
# command's, for start-up), which other work on a shared machine disturbs far less than the wall
# clock; --clock wall is the wall clock.
clock = time.process_time


@dataclass
class Settings:
    games: int
    max_seconds: float
    iterations: int
    mcts_seconds: float
    seed: int
    quick: bool
    clock: str = "cpu"


@dataclass
class PlayRow:
    """The figures for one game at one player count."""

    game: str
    players: int
    engine_games: int = 0
    decisions_per_game: float = 0.0
    actions_per_game: float = 0.0
    engine_us_per_decision: float = 0.0
    engine_games_per_s: float = 0.0
    setup_ms_per_game: float = 0.0
    score_ms_per_game: float = 0.0
    bare_games: int = 0
    bare_us_per_decision: float = 0.0
    bare_games_per_s: float = 0.0
    engine_overhead: float = 0.0
    mcts_states: int = 0
    mcts_iterations: int = 0
    mcts_iterations_per_s: float = 0.0
    errors: list[str] = field(default_factory=list)


@dataclass
class CliRow:
    """Start-up time of one command, best of ``runs``."""

    command: str
    best_ms: float = 0.0
    median_ms: float = 0.0
    runs: int = 0
    engines_imported: list[str] | None = None
    heaviest_imports: list[list[Any]] | None = None
    error: str | None = None


# -- play speed ------------------------------------------------------------------------------


@dataclass
class Sample:
    """The timings of one game (seconds) and what it held."""

    setup: float
    loop: float
    score: float
    decisions: int
    actions: int


def _rounds(settings: Settings, play_one: Callable[[int], Sample]) -> list[list[Sample]]:
    """Play up to ``settings.games`` games (or ``max_seconds``), grouped in up to ROUNDS rounds.

    Each figure is taken from its best round (as ``timeit`` takes the best repeat): other work
    on the machine only ever slows a round down, so the best one is the least disturbed.
    """
    size = -(-settings.games // ROUNDS)
    rounds: list[list[Sample]] = []
    start = time.perf_counter()
    for index in range(settings.games):
        if index % size == 0:
            rounds.append([])
        rounds[-1].append(play_one(index))
        if time.perf_counter() - start >= settings.max_seconds:
            break
    return rounds


def _best(rounds: list[list[Sample]], rate: Callable[[list[Sample]], float], highest: bool = False) -> float:
    values = [rate(r) for r in rounds]
    return max(values) if highest else min(values)


def _per_decision(samples: list[Sample]) -> float:
    return sum(s.loop for s in samples) / max(1, sum(s.decisions for s in samples)) * 1e6


def measure_engine(game: Any, players: int, options: dict[str, str], settings: Settings, row: PlayRow) -> None:
    """Random-vs-random games through the engine: build_match, Match.run to the end, Match.finish."""
    from bgkit.sessions.build import build_match, seat_names

    specs = ["random"] * players
    names = seat_names(specs)

    def play_one(index: int) -> Sample:
        seed = derive_seed(settings.seed, "bench-engine", game.info.id, players, index)
        t0 = clock()
        match = build_match(game, specs, names, seed, options)
        t1 = clock()
        match.run(limit=MAX_ACTIONS)  # Match.play's loop, timed apart from finish()
        t2 = clock()
        match.finish()
        t3 = clock()
        decisions = sum(1 for player, _ in match.log.actions if player != CHANCE)
        return Sample(t1 - t0, t2 - t1, t3 - t2, decisions, len(match.log.actions))

    play_one(-1)  # warm-up: imports, caches, the bots' modules
    rounds = _rounds(settings, play_one)
    samples = [s for r in rounds for s in r]
    row.engine_games = len(samples)
    row.decisions_per_game = sum(s.decisions for s in samples) / len(samples)
    row.actions_per_game = sum(s.actions for s in samples) / len(samples)
    row.engine_us_per_decision = _best(rounds, _per_decision)
    row.engine_games_per_s = _best(rounds, lambda r: len(r) / sum(s.setup + s.loop + s.score for s in r), True)
    row.setup_ms_per_game = _best(rounds, lambda r: sum(s.setup for s in r) / len(r) * 1e3)
    row.score_ms_per_game = _best(rounds, lambda r: sum(s.score for s in r) / len(r) * 1e3)


def play_bare(state: Any, rng: random.Random) -> tuple[int, int]:
    """Play ``state`` to its end with no engine: uniformly random legal actions, chance sampled
    with its probabilities. Returns (decisions, actions)."""
    made = actions = 0
    choice = rng.choice
    for actions in range(MAX_ACTIONS):
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
        elif player < 0:
            break
        else:
            state.apply(choice(state.legal_actions()))
            made += 1
    else:
        raise RuntimeError(f"the game did not end after {MAX_ACTIONS} actions")
    return made, actions


def measure_bare(game: Any, players: int, options: dict[str, str], settings: Settings, row: PlayRow) -> None:
    """The same games without the engine: game.setup, new_state, legal_actions/apply called directly."""

    def play_one(index: int) -> Sample:
        seed = derive_seed(settings.seed, "bench-bare", game.info.id, players, index)
        t0 = clock()
        state = game.new_state(game.setup(players, random.Random(seed), options))
        t1 = clock()
        made, actions = play_bare(state, random.Random(seed))
        t2 = clock()
        return Sample(t1 - t0, t2 - t1, 0.0, made, actions)

    play_one(-1)
    rounds = _rounds(settings, play_one)
    row.bare_games = sum(len(r) for r in rounds)
    row.bare_us_per_decision = _best(rounds, _per_decision)
    row.bare_games_per_s = _best(rounds, lambda r: len(r) / sum(s.setup + s.loop for s in r), True)
    if row.bare_us_per_decision and row.engine_us_per_decision:
        row.engine_overhead = row.engine_us_per_decision / row.bare_us_per_decision


def early_states(game: Any, players: int, options: dict[str, str], seed: int) -> list[tuple[Any, int]]:
    """(state, player) at the decisions in MCTS_PICKS of a random game, counting only real choices."""
    rng = random.Random(derive_seed(seed, "bench-mcts-states", game.info.id, players))
    state = game.new_state(game.setup(players, random.Random(seed), options))
    picked: list[tuple[Any, int]] = []
    choices = 0
    for _ in range(MAX_ACTIONS):
        if len(picked) == len(MCTS_PICKS):
            break
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if player < 0:
            break
        actions = state.legal_actions()
        if len(actions) > 1:
            if choices in MCTS_PICKS:
                picked.append((state.clone(), player))
            choices += 1
        state.apply(rng.choice(actions))
    return picked


def measure_mcts(game: Any, players: int, options: dict[str, str], settings: Settings, row: PlayRow) -> None:
    """MctsBot.choose with ``iterations=N`` (capped at ``mcts_seconds``) on a few early states."""
    from bgkit.bots.mcts import MctsBot
    from bgkit.engine.match import decision_for

    from bgkit.engine.runtime import runtime_for

    rules = runtime_for(game)
    params = {"iterations": str(settings.iterations), "seconds": str(settings.mcts_seconds)}
    states = early_states(game, players, options, settings.seed)
    if not states:
        return
    warm = MctsBot(rules, settings.seed, iterations="5")
    warm.choose(decision_for(states[0][0].clone(), states[0][1], rules.legal_actions(states[0][0]), warm.rng))
    done, spent = 0, 0.0
    for index, (state, player) in enumerate(states):
        bot = MctsBot(rules, derive_seed(settings.seed, "bench-mcts", index), **params)
        decision = decision_for(state, player, rules.legal_actions(state), bot.rng)
        t0 = clock()
        bot.choose(decision)
        spent += clock() - t0
        done += bot.last_iterations
    row.mcts_states = len(states)
    row.mcts_iterations = done
    row.mcts_iterations_per_s = done / spent if spent else 0.0


def measure_games(registry: Any, infos: list[Any], settings: Settings, status: Callable[[str], None]) -> list[PlayRow]:
    from bgkit.engine.setups import parse_options

    rows = []
    for info in infos:
        try:
            game = registry.load_game(info.id)
            options = parse_options(game, [])
        except Exception as exc:  # a broken game is reported, the others are still measured
            row = PlayRow(info.id, 0, errors=[f"load: {type(exc).__name__}: {exc}"])
            rows.append(row)
            continue
        for players in range(info.min_players, info.max_players + 1):
            row = PlayRow(info.id, players)
            for label, measure in (("engine", measure_engine), ("bare", measure_bare), ("mcts", measure_mcts)):
                status(f"{info.id}, {players} players: {label}")
                try:
                    measure(game, players, options, settings, row)
                except Exception as exc:
                    row.errors.append(f"{label}: {type(exc).__name__}: {exc}")
            rows.append(row)
    return rows


# -- CLI start time --------------------------------------------------------------------------


def _run(args: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    """Run a command; its time by the clock in use (cpu: the child's user + system time)."""
    if clock is time.process_time:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done
    t0 = time.perf_counter()
    done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env)
    return time.perf_counter() - t0, done


def _import_profile(args: list[str], env: dict[str, str]) -> dict[str, tuple[int, int]]:
    """module -> (nesting depth, cumulative µs) from ``python -X importtime``."""
    _, done = _run([args[0], "-X", "importtime", *args[1:]], env)
    modules = {}
    for line in done.stderr.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if match:
            modules[match.group(4)] = (len(match.group(3)) // 2, int(match.group(2)))
    return modules


# Runs bgkit's command line and reports, at exit, every module the process had loaded. (Python's
# -X importtime does not list modules that editable installs load through their own finders, so
# it cannot tell whether a game engine was imported.)
_MODULES_PROBE = """
import atexit, json, runpy, sys
atexit.register(lambda: sys.__stderr__.write("\\n@modules " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["bgkit", *sys.argv[1:]]
runpy.run_module("bgkit", run_name="__main__", alter_sys=True)
"""


def _modules_loaded(cli_args: list[str], env: dict[str, str]) -> set[str]:
    """Every module loaded by ``bgkit CLI_ARGS`` by the time it exits."""
    _, done = _run([sys.executable, "-c", _MODULES_PROBE, *cli_args], env)
    for line in reversed(done.stderr.splitlines()):
        if line.startswith("@modules "):
            return set(json.loads(line[len("@modules "):]))
    raise RuntimeError(f"no module list from bgkit {' '.join(cli_args)} (exit {done.returncode})")


def measure_cli(engine_modules: set[str], status: Callable[[str], None]) -> list[CliRow]:
    exe = sys.executable
    env = dict(os.environ, NO_COLOR="1", COLUMNS="120")
    # A user's Python keeps its bytecode caches; with PYTHONDONTWRITEBYTECODE set (some shells and CI
    # images set it) every run would compile bgkit's modules again and time the compiler.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = [
        ("bgkit --help", [exe, "-m", "bgkit", "--help"], True),
        ("bgkit games", [exe, "-m", "bgkit", "games"], True),
        ("bgkit setup burgundy -p 4 --seed 1", [exe, "-m", "bgkit", "setup", "burgundy", "-p", "4", "--seed", "1"], True),
        ("bgkit score burgundy SHEET", [exe, "-m", "bgkit", "score", "burgundy", str(EXAMPLE_SHEET)], True),
        ("python -c 'import typer'", [exe, "-c", "import typer"], False),
        ("python -c pass", [exe, "-c", "pass"], False),
    ]
    rows = []
    for label, args, is_bgkit in commands:
        status(f"start time: {label}")
        row = CliRow(label)
        times = []
        _run(args, env)  # warm-up: writes the bytecode caches a first run would
        for _ in range(CLI_REPEATS):
            elapsed, done = _run(args, env)
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no output"])[-1]
                row.error = f"exit {done.returncode}: {last}"
                break
            times.append(elapsed)
        if times:
            times.sort()
            row.runs = len(times)
            row.best_ms = times[0] * 1e3
            row.median_ms = times[len(times) // 2] * 1e3
        if is_bgkit and row.error is None:
            try:
                row.engines_imported = sorted(engine_modules & _modules_loaded(args[3:], env))
            except RuntimeError as exc:
                row.error = str(exc)
            profile = _import_profile(args, env)
            top = sorted(((us, name) for name, (depth, us) in profile.items() if depth == 0), reverse=True)[:3]
            row.heaviest_imports = [[name, round(us / 1e3, 1)] for us, name in top]
        rows.append(row)
    return rows


# -- output ----------------------------------------------------------------------------------


def _fmt(value: float, digits: int = 1) -> str:
    return f"{value:,.{digits}f}" if value else "-"


def print_text(meta: dict, rows: list[PlayRow], cli: list[CliRow], skipped: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    s = meta["settings"]
    console.print(f"bgkit {meta['bgkit']}, Python {meta['python']}, {meta['machine']}")
    console.print(
        f"Play: up to {s['games']} games or {s['max_seconds']} s per figure, best of {ROUNDS} rounds; "
        f"MCTS: iterations={s['iterations']}, at most {s['mcts_seconds']} s per position; seed {s['seed']}"
        + ("; --quick" if s["quick"] else "") + f"; timed by {'CPU time' if s['clock'] == 'cpu' else 'the wall clock'}"
    )
    table = Table(title="Play speed: random vs random", title_justify="left")
    table.add_column("game")
    for header in (
        "players", "games\nengine/bare", "decisions\nper game", "engine\nµs/decision", "engine\ngames/s",
        "setup+score\nms/game", "bare\nµs/decision", "bare\ngames/s", "engine\noverhead", "MCTS\niterations/s",
    ):
        table.add_column(header, justify="right")
    for row in rows:
        table.add_row(
            row.game,
            str(row.players or "-"),
            f"{row.engine_games}/{row.bare_games}",
            _fmt(row.decisions_per_game),
            _fmt(row.engine_us_per_decision),
            _fmt(row.engine_games_per_s),
            _fmt(row.setup_ms_per_game + row.score_ms_per_game, 2),
            _fmt(row.bare_us_per_decision),
            _fmt(row.bare_games_per_s),
            f"×{row.engine_overhead:.2f}" if row.engine_overhead else "-",
            _fmt(row.mcts_iterations_per_s, 0),
        )
    if rows:
        console.print(table)
    else:
        console.print("No playable game is installed: only the start-up times are measured.")
    for row in rows:
        for error in row.errors:
            where = f"{row.game}, {row.players} players" if row.players else row.game
            console.print(f"[red]error[/red] {where}: {error}")
    for name in skipped:
        console.print(f"not measured: {name} (setup and score only, not playable yet)")

    start = Table(title=f"Start-up time: best of {CLI_REPEATS} runs", title_justify="left")
    start.add_column("command")
    start.add_column("best ms", justify="right")
    start.add_column("median ms", justify="right")
    start.add_column("× import typer\n(medians)", justify="right")
    start.add_column("game engines\nimported")
    start.add_column("heaviest top-level imports\n(cumulative ms)")
    for row in cli:
        engines = "-" if row.engines_imported is None else (", ".join(row.engines_imported) or "none")
        heavy = ", ".join(f"{name} {ms}" for name, ms in row.heaviest_imports or [])
        typer_ms = next((r.median_ms for r in cli if r.command == "python -c 'import typer'"), None)
        ratio = _fmt(row.median_ms / typer_ms, 2) if row.median_ms and typer_ms else "-"
        start.add_row(row.command, _fmt(row.best_ms), _fmt(row.median_ms), ratio, engines, heavy or "-")
        if row.error:
            console.print(f"[red]error[/red] {row.command}: {row.error}")
    if cli:
        console.print(start)


def _rounded(value: Any) -> Any:
    """Floats to 3 decimals: the figures are not more precise than that."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="bgkit speed figures (see benchmarks/README.md).")
    parser.add_argument("--games", type=int, help="games per play figure (default 1000; 100 with --quick)")
    parser.add_argument("--quick", action="store_true", help="small budgets: a smoke run that ends in seconds")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="text (rich tables) or json")
    parser.add_argument("--game", action="append", default=[], metavar="ID", help="only this game (repeatable)")
    parser.add_argument("--iterations", type=int, help="MCTS iterations per decision (default 1000; 200 with --quick)")
    parser.add_argument("--max-seconds", type=float, help="stop a play figure after this many seconds (default 5; 0.4 with --quick)")
    parser.add_argument("--seed", type=int, default=1, help="master seed of every game played (default 1)")
    parser.add_argument("--no-cli", action="store_true", help="skip the start-up timings")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="cpu: CPU time of this process and of each command (default; steadier on a shared machine); wall: the wall clock")
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for name in ("games", "iterations", "max_seconds"):
        value = getattr(args, name)
        if value is not None and value <= 0:
            parser.error(f"--{name.replace('_', '-')} must be positive")
    settings = Settings(
        games=args.games or (100 if args.quick else 1000),
        max_seconds=args.max_seconds or (0.4 if args.quick else 5.0),
        iterations=args.iterations or (200 if args.quick else 1000),
        mcts_seconds=0.25 if args.quick else 10.0,
        seed=args.seed,
        quick=args.quick,
        clock=args.clock,
    )

    from bgkit.plugins.registry import get_registry

    registry = get_registry()
    known = registry.games
    unknown = [g for g in args.game if g not in known]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (installed: {', '.join(known) or 'none'})")
    chosen = [info for gid, info in known.items() if not args.game or gid in args.game]
    infos = [info for info in chosen if info.playable]
    skipped = [info.id for info in chosen if not info.playable]

    from rich.console import Console

    progress = Console(stderr=True)
    with progress.status("measuring") as spinner:
        def status(text: str) -> None:
            spinner.update(f"measuring {text}")

        rows = measure_games(registry, infos, settings, status)
        engine_modules = {f"{info.package}.{job}" for info in known.values() for job in ("state", "setup", "scoring", "data")}
        cli = [] if args.no_cli else measure_cli(engine_modules, status)

    meta = {
        "bgkit": bgkit.__version__,
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
        "settings": asdict(settings),
    }
    if args.format == "json":
        doc = {**meta, "play": [asdict(r) for r in rows], "not_playable": skipped, "cli": [asdict(r) for r in cli]}
        doc = _rounded(doc)
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        print_text(meta, rows, cli, skipped)
    failed = any(r.errors for r in rows) or any(r.error for r in cli)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
