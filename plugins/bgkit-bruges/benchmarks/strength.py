"""Bot strength in Bruges, measured (never in tests): win rates with seats rotated, and seconds per game.

    nice python plugins/bgkit-bruges/benchmarks/strength.py                 # every match-up below
    nice python plugins/bgkit-bruges/benchmarks/strength.py --only mcts     # the match-ups whose name has "mcts"
    python plugins/bgkit-bruges/benchmarks/strength.py --games 8            # a quick look

Each match-up is one ``bgkit play bruges SEAT... --games N --seed S --format json`` run (the CLI
rotates the seats so every bot plays every seat, and deals the same cards to each rotation); the
first seat's bot is the one measured. The figures printed are the summary's wins, win rate with
its 95% interval, mean scores, and the CPU seconds per game of that run (user + system time of the
``bgkit play`` process, start-up included; on a shared machine wall-clock time says little).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

MATCHUPS = (
    ("greedy vs random, 2 players", ["greedy", "random"]),
    ("greedy vs random, 3 players", ["greedy", "random", "random"]),
    ("greedy vs random, 4 players", ["greedy", "random", "random", "random"]),
    ("mcts vs greedy, 2 players", ["mcts", "greedy"]),
    ("mcts vs greedy, 4 players", ["mcts", "greedy", "greedy", "greedy"]),
)


def run(seats: list[str], games: int, seed: int) -> dict:
    command = [sys.executable, "-m", "bgkit", "play", "bruges", *seats, "--games", str(games), "--seed", str(seed),
               "--format", "json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    return {"cpu_seconds_per_game": round(cpu / games, 2), "wall_seconds_per_game": round(wall / games, 2), **summary}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match-up (a multiple of the seats)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="only the match-ups whose name contains this")
    args = parser.parse_args(argv)
    for name, seats in MATCHUPS:
        if args.only not in name:
            continue
        result = run(seats, args.games, args.seed)
        bot = result["seats"][seats[0]]
        others = {k: v["mean_score"] for k, v in result["seats"].items() if k != seats[0]}
        print(json.dumps({"matchup": name, "seats": seats, "games": result["games"], "wins": bot["wins"],
                          "shared_wins": bot["shared_wins"], "win_rate": bot["win_rate"],
                          "win_rate_95": bot["win_rate_95"], "mean_score": bot["mean_score"],
                          "others_mean_score": others, "cpu_seconds_per_game": result["cpu_seconds_per_game"],
                          "wall_seconds_per_game": result["wall_seconds_per_game"]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
