"""Bot strength in Bridge Troll: the matches the issue asks for, seats rotated, with seconds per game.

Run (slow: MCTS games take tens of seconds each)::

    nice python plugins/bgkit-bridgetroll/benchmarks/strength.py            # every match, 40 games each
    nice python plugins/bgkit-bridgetroll/benchmarks/strength.py --games 12 --match mcts-greedy-3

Matches: greedy against random at 3 and 6 players, MCTS (default budget) against greedy at 3 and 6
players. Each is ``bgkit play bridgetroll SEATS --games N --seed S`` (the tournament runner: every
deal played once with each seat in each position), so any figure can be repeated from the CLI.
Nothing here asserts anything: the figures go in the plugin's README.
"""

from __future__ import annotations

import argparse
import json
import time

MATCHES = {
    "greedy-random-3": ["greedy", "random", "random"],
    "greedy-random-6": ["greedy"] + ["random"] * 5,
    "mcts-greedy-3": ["mcts", "greedy", "greedy"],
    "mcts-greedy-6": ["mcts"] + ["greedy"] * 5,
}


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (tournament workers): the machine's
    other load does not count in it, unlike wall time."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def play(specs: list[str], games: int, seed: int, jobs: int, keep: str | None = None) -> tuple[dict, float, float]:
    """One match as ``bgkit play`` runs it: the tournament's schedule on the local executor; with
    ``keep``, each game's record is appended to that file (JSON Lines) as soon as it is played."""
    from bgkit import tournament
    from bgkit.testing import get_registry, play_games, seat_names

    registry = get_registry()
    game = registry.load_game("bridgetroll")
    options = {opt.name: opt.default for opt in game.options}
    labels = seat_names(specs)
    plan = tournament.Schedule("bridgetroll", None, options, tuple(specs), tuple(labels), games, seed)
    records: list = []

    def on_record(record) -> None:
        records.append(record)
        if keep:
            with open(keep, "a") as out:
                out.write(json.dumps(record.to_dict()) + "\n")

    start, cpu = time.perf_counter(), cpu_seconds()
    play_games(registry, plan, range(games), games, on_record, jobs=jobs)
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    return tournament.summarize(records, labels, seed, "bridgetroll"), cpu / games, wall / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--match", action="append", choices=sorted(MATCHES), help="only this match (repeatable)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--keep", metavar="FILE", help="append each game's record to FILE as it ends (JSON Lines)")
    args = parser.parse_args()
    for name in args.match or list(MATCHES):
        specs = MATCHES[name]
        summary, cpu, wall = play(specs, args.games, args.seed, args.jobs, args.keep)
        if args.format == "json":
            print(json.dumps({"match": name, "cpu_seconds_per_game": round(cpu, 2), "wall_seconds_per_game": round(wall, 2),
                              **summary}), flush=True)
            continue
        print(f"{name}: {' '.join(specs)} — {summary['games']} games, seed {args.seed}, "
              f"{cpu:.2f} CPU s per game ({wall:.2f} s wall with --jobs {args.jobs}), "
              f"{summary['mean_decisions']} decisions a game", flush=True)
        for label, seat in summary["seats"].items():
            low, high = seat["win_rate_95"]
            print(f"  {label:12} wins {seat['wins']:3} ({seat['win_rate']:.0%}, 95% {low:.0%}-{high:.0%}), "
                  f"mean score {seat['mean_score']}, mean rank {seat['mean_rank']}")


if __name__ == "__main__":
    main()
