"""Blue Moon City bot strength: the match-ups of issue 12, seats rotated, with seconds per game.

    python plugins/bgkit-bluemooncity/benchmarks/strength.py                  # all, 40 games each
    python plugins/bgkit-bluemooncity/benchmarks/strength.py --games 8 --only greedy-random
    nice python plugins/bgkit-bluemooncity/benchmarks/strength.py --jobs 2 --format json

Each match-up is one ``bgkit play bluemooncity SEATS... --games N --seed S --format json`` run (the
tournament rotates the seats, so every bot plays every position on the same deals). Printed per
match-up: the first seat's wins (and shared wins), its win rate with the 95% interval, the games
that ended without a winner, and the seconds per game (wall clock and CPU of the games' processes).
With ``--keep FILE`` each game's record is written (and flushed) as the game ends, so a long run
stopped early keeps the games it played; a run stopped by Ctrl-C (exit code 130) is summed up too.
Figures, never asserted: nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections import Counter

MATCHUPS = {
    "greedy-random": ["greedy", "random"],
    "greedy-random-4p": ["greedy", "random", "random", "random"],
    "mcts-greedy": ["mcts", "greedy"],
    "mcts-greedy-4p": ["mcts", "greedy", "greedy", "greedy"],
}


def run(seats: list[str], games: int, seed: int, jobs: int, keep: str | None = None) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "bgkit", "play", "bluemooncity", *seats, "--games", str(games), "--seed", str(seed),
         "--jobs", str(jobs), "--format", "json"],
        stdout=subprocess.PIPE, text=True,
    )
    lines = []
    out = open(keep, "a", encoding="utf-8") if keep else None
    for line in child.stdout:  # each game's record as it ends (kept at once: a long run can be stopped)
        if line.strip():
            lines.append(json.loads(line))
            if out:
                out.write(line)
                out.flush()
    if out:
        out.close()
    code = child.wait()
    if code not in (0, 130):  # 130: stopped by Ctrl-C; the games so far count
        raise SystemExit(f"bgkit play failed with exit code {code}")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    records, summary = lines[:-1], lines[-1]
    endings = Counter("no winner" if not r["winners"] else "won" for r in records)
    first = summary["seats"][seats[0]]
    return {
        "seats": seats,
        "games": summary["games"],
        "wins": first["wins"],
        "shared_wins": first["shared_wins"],
        "win_rate": first["win_rate"],
        "win_rate_95": first["win_rate_95"],
        "no_winner": sum(1 for r in records if not r["winners"]),
        "mean_decisions": summary["mean_decisions"],
        "seconds_per_game": wall / summary["games"],
        "cpu_seconds_per_game": cpu / summary["games"],
        "endings": dict(endings),
        "interrupted": code == 130,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(MATCHUPS), help="comma-separated: " + ", ".join(MATCHUPS))
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--keep", metavar="FILE", help="append every game's JSON record to FILE")
    args = parser.parse_args()
    results = []
    for name in args.only.split(","):
        result = run(MATCHUPS[name], args.games, args.seed, args.jobs, args.keep)
        result["matchup"] = name
        results.append(result)
        if args.format == "text":
            low, high = result["win_rate_95"]
            print(f"{name:18} {' '.join(result['seats']):28} {result['wins']:>3}/{result['games']} wins "
                  f"({result['win_rate']:.0%}, 95% {low:.0%}-{high:.0%}), {result['no_winner']} without a winner, "
                  f"{result['seconds_per_game']:.1f} s/game ({result['cpu_seconds_per_game']:.1f} s CPU)"
                  + (" (interrupted)" if result["interrupted"] else ""), flush=True)
    if args.format == "json":
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
