"""Bot strength in Bretagne: ``bgkit play`` with seats rotated, summed up as win shares.

    python plugins/bgkit-bretagne/benchmarks/strength.py greedy random --games 40
    python plugins/bgkit-bretagne/benchmarks/strength.py mcts greedy greedy greedy --games 40

Prints each seat's win rate (with bgkit's 95% interval), the fair share (1 / players) and the
seconds per game (wall clock, start-up included). Never run by the tests.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("seats", nargs="+")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "bretagne", *args.seats, "--games", str(args.games),
                           "--seed", str(args.seed), "--format", "json"], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    summary = next((row for row in lines if row.get("summary")), None)
    if summary is None:
        print(done.stderr[-2000:], file=sys.stderr)
        return 1
    games = summary["games"]
    result = {"seats": args.seats, "games": games, "fair_share": round(1 / len(args.seats), 3),
              "seconds_per_game": round(seconds / games, 3),
              "by_seat": {name: {"win_rate": row["win_rate"], "win_rate_95": row["win_rate_95"],
                                 "mean_score": row["mean_score"]} for name, row in summary["seats"].items()}}
    print(json.dumps(result))
    if done.returncode:
        print(done.stderr[-2000:], file=sys.stderr)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
