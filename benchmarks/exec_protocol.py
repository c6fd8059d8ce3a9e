"""What an exec: bot costs: µs per decision over the protocol, and a 200-game Goofspiel tournament.

Run with the Python that has bgkit installed, from the repository's root::

    python benchmarks/exec_protocol.py                # 200 games a figure, best of 3 rounds
    python benchmarks/exec_protocol.py --games 50 --rounds 1
    python benchmarks/exec_protocol.py --format json

Two figures (what they mean: benchmarks/README.md; nothing here asserts a speed, DESIGN.md §7):

* **per decision**: Goofspiel games played in this process with seat 1 an in-process ``random``
  bot, then a no-op echo bot over the protocol (it answers index 0 without looking, in Python,
  one process for all games), then the same bot asking for a process per game; seat 2 is
  ``random`` throughout. The seat's cost per decision is the difference from the in-process run,
  divided by seat 1's decisions.
* **tournament**: ``bgkit play goofspiel SEAT greedy --games 200 --seed 1 --format json`` as a
  user runs it (a fresh process, start-up included) for SEAT = random and each reference bot of
  examples/bots that is runnable here (Node, Python; the bash+jq bot starts jq for every message
  and a process per game, so it is measured at 20 games and scaled).

Each figure is the wall clock (a bot's time is spent in another process), best of ``--rounds``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ECHO = """
import json, sys
reuse = sys.argv[1] == "reuse"
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "hello":
        sys.stdout.write(json.dumps({"type": "hello", "protocol": 1, "name": "echo", "reuse": reuse}) + "\\n")
        sys.stdout.flush()
    elif kind == "decide":
        sys.stdout.write('{"type":"action","index":0}\\n')
        sys.stdout.flush()
"""


def in_process(spec: str, games: int) -> tuple[float, int]:
    """Seconds to play ``games`` Goofspiel games with ``spec`` in seat 1 and random in seat 2, and seat 1's decisions."""
    from bgkit.engine.match import derive_seed
    from bgkit.sessions.build import build_match
    from bgkit.plugins.registry import get_registry

    registry = get_registry()
    game = registry.load_game("goofspiel")
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        match = build_match(game, [spec, "random"], ["seat 1", "seat 2"], derive_seed(1, "deal", g), {"deck": "13"}, bots=registry.bots)
        match.play()
        decisions += sum(1 for player, _ in match.log.actions if player == 0)
    seconds = time.perf_counter() - start
    from bgkit.exec import process

    process.close_all()
    return seconds, decisions


def command(seat: str, games: int) -> float:
    """Wall seconds of ``bgkit play goofspiel SEAT greedy --games N --seed 1 --format json``."""
    argv = [sys.executable, "-m", "bgkit", "play", "goofspiel", seat, "greedy", "--games", str(games), "--seed", "1", "--format", "json"]
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(argv)}: {done.stderr.strip()}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    results: dict = {"games": args.games, "rounds": args.rounds, "per_decision_us": {}, "tournament_s": {}}

    with tempfile.TemporaryDirectory() as folder:
        echo = Path(folder) / "echo.py"
        echo.write_text(ECHO)
        specs = {
            "in-process random": "random",
            "echo bot, one process": f"exec:{sys.executable} {echo} reuse",
            "echo bot, a process a game": f"exec:{sys.executable} {echo} once",
        }
        best: dict[str, tuple[float, int]] = {}
        for _ in range(args.rounds):
            for label, spec in specs.items():
                seconds, decisions = in_process(spec, args.games)
                if label not in best or seconds < best[label][0]:
                    best[label] = (seconds, decisions)
        base, _ = best["in-process random"]
        for label, (seconds, decisions) in best.items():
            results["per_decision_us"][label] = {
                "seconds": round(seconds, 4),
                "decisions": decisions,
                "extra_us_per_decision": round((seconds - base) / decisions * 1e6, 1),
            }

    seats = {"random (in process)": ("random", args.games)}
    if shutil.which("node"):
        seats["random.js (Node)"] = ("exec:node examples/bots/random.js", args.games)
    seats["random.py (Python)"] = (f"exec:{sys.executable} examples/bots/random.py", args.games)
    if shutil.which("bash") and shutil.which("jq"):
        seats["random.sh (bash+jq)"] = ("exec:bash examples/bots/random.sh", min(20, args.games))
    for label, (seat, games) in seats.items():
        times = [command(seat, games) for _ in range(args.rounds)]
        results["tournament_s"][label] = {"games": games, "seconds": round(min(times) * args.games / games, 3)}
    base = results["tournament_s"]["random (in process)"]["seconds"]
    for figure in results["tournament_s"].values():
        figure["vs_random"] = round(figure["seconds"] / base, 2)

    if args.format == "json":
        print(json.dumps(results, indent=1))
        return
    print(f"Per decision: {args.games} Goofspiel games in this process, seat 1 as below, seat 2 random (best of {args.rounds})")
    for label, figure in results["per_decision_us"].items():
        print(f"  {label:30} {figure['seconds']:8.3f} s  {figure['decisions']} decisions  +{figure['extra_us_per_decision']} µs a decision")
    print(f"Tournament: bgkit play goofspiel SEAT greedy --games {args.games} --seed 1 (wall clock, start-up included)")
    for label, figure in results["tournament_s"].items():
        scaled = f" (measured at {figure['games']} games, scaled)" if figure["games"] != args.games else ""
        print(f"  {label:30} {figure['seconds']:8.3f} s  {figure['vs_random']}× random{scaled}")


if __name__ == "__main__":
    os.environ.pop("CI", None)
    main()
