"""Many bot games in a row, TAG-style: seats rotate, seeds are shared across rotations.

Game ``g`` is rotation ``g % k`` (k = number of seats) of deal ``g // k``: every deal is played
once with each seat spec in each position, all on the same setup and chance seed, so luck of the
deal and of the seat order cancels out. ``--jobs`` spreads games over processes; results are
collected in game order, so they are identical to ``--jobs 1``.
"""

from __future__ import annotations

import functools
import math
import statistics
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from bgkit.engine import derive_seed


@dataclass(frozen=True)
class Task:
    index: int
    seed: int
    order: tuple[int, ...]  # order[position] = index of the seat spec sitting there
    game_id: str
    data: str | None
    options: dict
    specs: tuple[str, ...]
    labels: tuple[str, ...]


@dataclass
class GameRecord:
    """One game of a match; ``bgkit play GAME *seats --seed SEED`` (bots as specs) replays it."""

    index: int
    game: str
    seed: int
    options: dict
    seats: list[str]
    scores: list[float]
    ranks: list[int]
    winners: list[str]
    decisions: int

    def to_dict(self) -> dict:
        return asdict(self)


def schedule(game_id: str, data: str | None, options: dict, specs: list[str], labels: list[str], games: int, master_seed: int) -> list[Task]:
    k = len(specs)
    tasks = []
    for g in range(games):
        rotation, deal = g % k, g // k
        order = tuple((position + rotation) % k for position in range(k))
        tasks.append(Task(g, derive_seed(master_seed, "deal", deal), order, game_id, data, options, tuple(specs), tuple(labels)))
    return tasks


def play_task(task: Task) -> GameRecord:
    """Play one scheduled game (runs in a worker process with ``--jobs``)."""
    from bgkit.match import build_match
    from bgkit.plugins import get_registry

    game = _load(task.game_id, task.data)
    specs = [task.specs[i] for i in task.order]
    names = [task.labels[i] for i in task.order]
    match = build_match(game, specs, names, task.seed, task.options, bots=get_registry().bots)
    result = match.play()
    return GameRecord(
        index=task.index,
        game=task.game_id,
        seed=task.seed,
        options=task.options,
        seats=names,
        scores=result.totals,
        ranks=result.ranks,
        winners=[names[i] for i in result.winners],
        decisions=match.log.result["decisions"],
    )


@functools.lru_cache(maxsize=4)
def _load(game_id: str, data: str | None) -> Any:
    """Each worker loads (and validates) a game's data once, not once per game played.

    A worker process is an entry point of its own: it loads the installed plugins itself.
    """
    from bgkit.plugins import get_registry

    return get_registry().load_game(game_id, Path(data) if data else None)


def run(tasks: list[Task], jobs: int) -> Iterator[GameRecord]:
    """Yield the records in game order, playing ``jobs`` games at a time."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_task(task)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method)) as pool:
        yield from pool.map(play_task, tasks, chunksize=1)


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (sensible at 0 and n wins, unlike the normal one)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(records: list[GameRecord], labels: list[str], master_seed: int, game_id: str) -> dict[str, Any]:
    """Per seat spec: games, wins (shared wins count), win rate and its 95% interval, scores, rank."""
    seats: dict[str, Any] = {}
    for label in labels:
        scores = [r.scores[r.seats.index(label)] for r in records]
        ranks = [r.ranks[r.seats.index(label)] for r in records]
        wins = sum(1 for r in records if label in r.winners)
        shared = sum(1 for r in records if label in r.winners and len(r.winners) > 1)
        low, high = wilson_interval(wins, len(records))
        seats[label] = {
            "games": len(records),
            "wins": wins,
            "shared_wins": shared,
            "win_rate": round(wins / len(records), 4) if records else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.fmean(scores), 3) if scores else 0.0,
            "median_score": statistics.median(scores) if scores else 0.0,
            "mean_rank": round(statistics.fmean(ranks), 3) if ranks else 0.0,
        }
    return {
        "summary": True,
        "game": game_id,
        "seed": master_seed,
        "games": len(records),
        "mean_decisions": round(statistics.fmean(r.decisions for r in records), 1) if records else 0.0,
        "seats": seats,
    }


def progress(total: int, enabled: bool) -> tuple[Callable[[], None], Callable[[], None]]:
    """A rich progress bar on stderr (only on a terminal): returns (advance, stop)."""
    if not enabled:
        return (lambda: None), (lambda: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=Console(stderr=True))
    bar.start()
    task = bar.add_task("games", total=total)
    return (lambda: bar.advance(task)), bar.stop
