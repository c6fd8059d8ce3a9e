"""Bot strength in every installed playable game: win shares with 95% intervals, and time a decision.

Run with the Python that has bgkit installed (slow: a full run is hours of MCTS; see README.md)::

    python benchmarks/strength.py                                   # every game, every default match
    python benchmarks/strength.py --game burgundy --games 8         # a quick look at one game
    python benchmarks/strength.py --cpu 0.05 --jobs 2               # MCTS thinks 0.05 CPU-s a decision
    python benchmarks/strength.py --seconds 0.05                    # 0.05 s of wall clock instead
    python benchmarks/strength.py --match ismcts-mcts --iterations 100 --format json
    python benchmarks/strength.py --game bluemooncity --match mcts-greedy --cpu 0.03 --params macros=0
    python benchmarks/strength.py --workers-speed --game burgundy --seconds 2   # root-parallel MCTS
    python benchmarks/strength.py --match mcts-openspiel --cpu 1 --game goofspiel --games 20   # equal CPU

Each match is a measured bot against copies of one opponent (``greedy random``, ``mcts greedy``,
``ismcts mcts``, ``mcts openspiel:ismcts``), at the game's smallest and largest player count, played as ``bgkit play`` plays
``--games N``: the core's tournament schedule (every deal once with each seat in each position,
on the same setup and chance) on the local executor. Any figure repeats from the command line:
``bgkit play GAME SEATS... --games N --seed S``.

Figures: the measured bot's **win share** (a win shared by k players counts 1/k) with its 95%
Wilson interval, and the **CPU seconds a decision**: the run's CPU time (this process and its
worker processes) over every decision of every seat, so for ``mcts greedy`` it is mostly MCTS's.
Nothing here asserts anything (docs/design.md): the table goes in benchmarks/README.md.

A time budget should be ``--cpu``: the bots' ``cpu=`` counts the processor time the search used,
so a row measures the same search whether the machine is idle or busy; ``--seconds`` (the wall
clock, what people at a table wait on) buys less search on a loaded machine and moves the figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from dataclasses import asdict, dataclass

#: match name -> (measured bot, its opponent); ``mcts``/``ismcts`` get the search budget given.
MATCHES = {
    "greedy-random": ("greedy", "random"),
    "mcts-greedy": ("mcts", "greedy"),
    "ismcts-mcts": ("ismcts", "mcts"),
    "ismcts-greedy": ("ismcts", "greedy"),
    "mcts-openspiel": ("mcts", "openspiel:ismcts"),  # OpenSpiel's IS-MCTS (bgkit[openspiel]): use --cpu
    "ismcts-openspiel": ("ismcts", "openspiel:ismcts"),
}
DEFAULT_MATCHES = ("greedy-random", "mcts-greedy")
SEARCHES = ("mcts", "ismcts", "openspiel:ismcts")


@dataclass
class Figure:
    game: str
    match: str
    players: int
    seats: list[str]
    games: int
    win_share: float
    win_share_95: list[float]
    mean_score: float
    others_mean_score: float
    mean_decisions: float
    cpu_seconds_per_decision: float
    wall_seconds: float


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the executor's workers): unlike wall
    time, the machine's other load hardly moves it."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def search_spec(bot: str, budget: str) -> str:
    """``mcts`` with the budget given (``seconds=0.05``), or the bot's own default budget."""
    return f"{bot}:{budget}" if bot in SEARCHES and budget else bot


def measure(registry, game_id: str, match: str, players: int, games: int, seed: int, budget: str, jobs: int,
            each: bool = False) -> Figure:
    """Play one match through the tournament machinery and reduce its records to a figure."""
    from bgkit.tournaments.summary import wilson_interval
    from bgkit.testing import play_games, seat_names
    from bgkit.tournaments.tournament import Schedule

    bot, opponent = MATCHES[match]
    specs = [search_spec(bot, budget)] + [search_spec(opponent, budget)] * (players - 1)
    labels = seat_names(specs)
    measured = labels[0]
    game = registry.load_game(game_id)
    options = {option.name: option.default for option in game.options}
    plan = Schedule(game_id, None, options, tuple(specs), tuple(labels), games, seed)
    share, mine, others, decisions, played = 0.0, 0.0, 0.0, 0, 0

    def on_record(record) -> None:
        nonlocal share, mine, others, decisions, played
        played += 1
        decisions += record.decisions
        if measured in record.winners:
            share += 1 / len(record.winners)
        seat = record.seats.index(measured)
        mine += record.scores[seat]
        others += (sum(record.scores) - record.scores[seat]) / (players - 1)
        if each:  # the running tally, so a run stopped early still tells what it found
            print(f"{game_id} {match} {players}p: {share:g} of {played} games won (this one: {record.decisions} decisions)",
                  file=sys.stderr, flush=True)

    start, cpu = time.perf_counter(), cpu_seconds()
    if play_games(registry, plan, range(games), games, on_record, jobs=jobs):
        raise KeyboardInterrupt
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    low, high = wilson_interval(share, played)
    return Figure(
        game=game_id, match=match, players=players, seats=specs, games=played,
        win_share=round(share / played, 4), win_share_95=[round(low, 4), round(high, 4)],
        mean_score=round(mine / played, 2), others_mean_score=round(others / played, 2),
        mean_decisions=round(decisions / played, 1), cpu_seconds_per_decision=round(cpu / max(1, decisions), 5),
        wall_seconds=round(wall, 1),
    )


def workers_speed(registry, game_id: str, seconds: float, seed: int) -> dict:
    """Iterations a second of ``mcts:seconds=S`` with 1 and 2 workers, at the first three decisions
    with a choice of a greedy 2-player game (the same positions for both)."""
    from bgkit.bots.mcts import MctsBot
    from bgkit.engine.match import decision_for
    from bgkit.engine.runtime import runtime_for
    from bgkit.testing import build_match

    game = registry.load_game(game_id)
    runtime = runtime_for(game)
    options = {option.name: option.default for option in game.options}
    match = build_match(game, ["greedy", "greedy"], ["greedy", "greedy #2"], seed, options, bots=registry.bots)
    positions = []
    while len(positions) < 3 and not match.state.is_terminal():
        state = match.state
        player = state.current_player()
        if player >= 0 and len(runtime.legal_actions(state)) > 1:
            positions.append((state.clone(), player))
        match.step()
    rates = {}
    for workers in (1, 2):
        done = 0
        for state, player in positions:
            bot = MctsBot(runtime, seed, seconds=str(seconds), workers=str(workers))
            bot.choose(decision_for(state, player, runtime.legal_actions(state), bot.rng))
            done += bot.last_iterations
        rates[workers] = done / (seconds * len(positions))
    return {"game": game_id, "seconds": seconds, "iterations_per_s": rates, "speed_up": round(rates[2] / rates[1], 2)}


def player_counts(info) -> list[int]:
    """The smallest and the largest count the game is played at (2 and 4; Bridge Troll 3 and 6)."""
    return sorted({info.min_players, info.max_players})


def text_line(figure: Figure) -> str:
    low, high = figure.win_share_95
    return (f"{figure.game:13} {figure.match:14} {figure.players}p  {figure.win_share:6.1%} "
            f"[{low:.1%}, {high:.1%}]  score {figure.mean_score:7.2f} vs {figure.others_mean_score:7.2f}  "
            f"{figure.cpu_seconds_per_decision * 1000:8.2f} ms/decision  {figure.games} games  {figure.wall_seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every playable game)")
    parser.add_argument("--match", action="append", choices=sorted(MATCHES),
                        help=f"only this match (repeatable; default: {', '.join(DEFAULT_MATCHES)})")
    parser.add_argument("--players", type=int, action="append", help="only this player count (default: smallest and largest)")
    parser.add_argument("--games", type=int, default=40, help="games per match and count (default 40)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--cpu", type=float, help="search budget: processor seconds a decision (the fair clock)")
    budget.add_argument("--seconds", type=float, help="search budget: seconds a decision (wall clock)")
    budget.add_argument("--iterations", type=int, help="search budget: iterations a decision (reproducible)")
    parser.add_argument("--params", default="",
                        help="more parameters for the search bots, after the budget (e.g. macros=0: steps one by one)")
    parser.add_argument("--each", action="store_true", help="print the running tally after every game (stderr)")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="worker processes (at most 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--workers-speed", action="store_true",
                        help="instead: MCTS iterations a second with workers=1 and 2 (--seconds a decision, default 2)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be positive")
    budget_text = (f"cpu={args.cpu:g}" if args.cpu else f"seconds={args.seconds:g}" if args.seconds
                   else f"iterations={args.iterations}" if args.iterations else "")
    budget_text = ",".join(part for part in (budget_text, args.params) if part)

    from bgkit.testing import get_registry

    registry = get_registry()
    playable = {name: info for name, info in registry.games.items() if info.playable}
    unknown = sorted(set(args.game or ()) - set(playable))
    if unknown:
        parser.error(f"no playable game {unknown[0]!r} (installed: {', '.join(playable)})")
    if args.workers_speed:
        for game_id in args.game or list(playable):
            print(json.dumps(workers_speed(registry, game_id, args.seconds or 2.0, args.seed)), flush=True)
        return 0
    try:
        for game_id in args.game or list(playable):
            info = playable[game_id]
            for players in [n for n in args.players or player_counts(info) if info.min_players <= n <= info.max_players]:
                for match in args.match or DEFAULT_MATCHES:
                    figure = measure(registry, game_id, match, players, args.games, args.seed, budget_text, args.jobs, args.each)
                    print(json.dumps(asdict(figure)) if args.format == "json" else text_line(figure), flush=True)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
