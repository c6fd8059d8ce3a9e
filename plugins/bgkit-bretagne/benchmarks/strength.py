"""Bot strength in Bretagne: ``bgkit play`` with seats rotated, summed up as the first seat's win share.

    python plugins/bgkit-bretagne/benchmarks/strength.py greedy random --games 40
    python plugins/bgkit-bretagne/benchmarks/strength.py mcts greedy greedy greedy --games 40
    python plugins/bgkit-bretagne/benchmarks/strength.py --summarize games.jsonl   # lines of bgkit play --format json

The first seat spec is the bot measured (give the others other specs); a win shared by k players
counts 1/k. Prints the games, the win share with the fair share (1 / players), and the seconds per
game (wall clock, start-up included). Never run by the tests: run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def summarize(lines: list[dict], seconds: float | None = None) -> dict:
    games = [row for row in lines if "winners" in row]
    if not games:
        return {"games": 0}
    measured = games[0]["seats"][0] if games[0]["seats"].count(games[0]["seats"][0]) == 1 else None
    share = 0.0
    for row in games:
        winners = row["winners"]
        if winners and measured in winners:
            share += 1 / len(winners)
    result = {"seats": sorted(set(games[0]["seats"])), "measured": measured, "games": len(games),
              "win_share": round(share / len(games), 3), "fair_share": round(1 / len(games[0]["seats"]), 3)}
    if seconds is not None:
        result["seconds_per_game"] = round(seconds / len(games), 2)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("seats", nargs="*")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--summarize", help="a file of bgkit play --format json lines")
    args = parser.parse_args(argv)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            print(json.dumps(summarize([json.loads(line) for line in f if line.startswith("{")])))
        return 0
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "bretagne", *args.seats, "--games", str(args.games),
                           "--seed", str(args.seed), "--format", "json"], capture_output=True, text=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    print(json.dumps(summarize(lines, time.perf_counter() - start)))
    if done.returncode:
        print(done.stderr[-2000:], file=sys.stderr)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
