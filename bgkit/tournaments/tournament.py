"""Many bot games in a row, TAG-style: seats rotate, seeds are shared across rotations.

Game ``g`` is rotation ``g % k`` (k = number of seats) of deal ``g // k``: every deal is played
once with each seat spec in each position, all on the same setup and chance seed, so luck of the
deal and of the seat order cancels out. A :class:`Schedule` computes any game's task from its
index alone, so nothing is kept per game; an executor (``bgkit/tournaments/executors.py``) plays the games
anywhere and hands the records back in game order, so the output is identical to ``--jobs 1``;
the summary (``bgkit/tournaments/summary.py``) is computed as they stream in.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from bgkit.engine.match import derive_seed
from bgkit.plugins.registry import forget_with_registry
from bgkit.tournaments.summary import Summary, wilson_interval  # noqa: F401  (wilson_interval: for older imports)

if TYPE_CHECKING:
    from bgkit.model.game import Game


@dataclass(frozen=True)
class Task:
    index: int
    seed: int
    order: tuple[int, ...]  # order[position] = index of the seat spec sitting there
    game_id: str
    data: dict[str, Any] | None  # a --data file as the log keeps it ({path, sha256, text}), so workers anywhere can load it
    options: dict[str, Any]
    specs: tuple[str, ...]
    labels: tuple[str, ...]


@dataclass
class GameRecord:
    """One game of a match; ``bgkit play GAME *seats --seed SEED`` (bots as specs) replays it."""

    index: int
    game: str
    seed: int
    options: dict[str, Any]
    seats: list[str]
    scores: list[float]
    ranks: list[int]
    winners: list[str]
    decisions: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Schedule:
    """A tournament's games, any one computed from its index: rotation ``g % k`` of deal ``g // k``.

    Small and picklable: executors send it to their workers with each chunk of game indices.
    """

    game_id: str
    data: dict[str, Any] | None
    options: dict[str, Any]
    specs: tuple[str, ...]
    labels: tuple[str, ...]
    games: int
    seed: int

    def task(self, g: int) -> Task:
        k = len(self.specs)
        rotation, deal = g % k, g // k
        order = tuple((position + rotation) % k for position in range(k))
        return Task(g, derive_seed(self.seed, "deal", deal), order, self.game_id, self.data, self.options, self.specs, self.labels)


@overload
def data_of(data: None) -> None: ...
@overload
def data_of(data: str | Path | dict[str, Any]) -> dict[str, Any]: ...


def data_of(data: str | Path | dict[str, Any] | None) -> dict[str, Any] | None:
    """A --data path (or an already read record) as the record workers load the game from."""
    if data is None or isinstance(data, dict):
        return data
    from bgkit.engine.match import data_record

    return data_record(Path(data))


def schedule(game_id: str, data: Any, options: dict[str, Any], specs: list[str], labels: list[str], games: int, master_seed: int) -> list[Task]:
    """Every task of a tournament as a list (a run itself never builds it: see :class:`Schedule`)."""
    plan = Schedule(game_id, data_of(data), options, tuple(specs), tuple(labels), games, master_seed)
    return [plan.task(g) for g in range(games)]


def play_task(task: Task) -> GameRecord:
    """Play one scheduled game (in a worker process, or a Dask worker, with an executor)."""
    from bgkit.sessions.build import build_match
    from bgkit.plugins.registry import get_registry

    game = _load(task.game_id, task.data)
    specs = [task.specs[i] for i in task.order]
    names = [task.labels[i] for i in task.order]
    match = build_match(game, specs, names, task.seed, task.options, bots=get_registry().bots)
    result = match.play()
    assert match.log.result is not None  # play() ends with the log's result written
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


#: The games this process has loaded, by (id, data digest): emptied with the registry they came from.
_GAMES: dict[tuple[str, str | None], Game] = {}
forget_with_registry(_GAMES.clear)


def _load(game_id: str, data: dict[str, Any] | None) -> Game:
    """Each worker loads (and validates) a game's data once, not once per game played.

    A worker process is an entry point of its own: it loads the installed plugins itself.
    """
    key = (game_id, data["sha256"] if data else None)
    game = _GAMES.get(key)
    if game is None:
        from bgkit.plugins.registry import get_registry

        game = get_registry().load_game(game_id, _data_file(data) if data else None)
        _GAMES[key] = game
    return game


def _data_file(data: dict[str, Any]) -> Path:
    """The --data file itself where it exists unchanged (this machine), else a copy of its text.

    The copy stays for the life of the worker: a game keeps its data path and reads it again.
    """
    import atexit
    import hashlib
    import shutil
    import tempfile

    path = Path(data["path"])
    try:
        if hashlib.sha256(path.read_text(encoding="utf-8").encode()).hexdigest() == data["sha256"]:
            return path
    except (OSError, UnicodeError):
        pass
    folder = tempfile.mkdtemp(prefix="bgkit-data-")
    atexit.register(shutil.rmtree, folder, True)
    copy = Path(folder) / path.name
    copy.write_text(data["text"], encoding="utf-8")
    return copy


def preload(game: Game, data: dict[str, Any] | None) -> None:
    """Hand an already loaded game to :func:`_load`, so forked workers start with it."""
    _GAMES[(game.info.id, data["sha256"] if data else None)] = game


def summarize(records: list[GameRecord], labels: list[str], master_seed: int, game_id: str) -> dict[str, Any]:
    """The summary of a list of records (a run streams them through :class:`Summary` instead)."""
    summary = Summary(labels, master_seed, game_id)
    for record in records:
        summary.add(record)
    return summary.to_dict()
