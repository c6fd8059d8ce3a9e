"""``bgkit arena``: many bots at tables of K seats, rated on a ladder (openskill's Plackett-Luce).

Tables are drawn from the entrants (the bot specs, repeats numbered as in ``bgkit play``): every
combination of K entrants when the games allow each to be played in every seat order, else
balanced random tables (each cycle deals a seeded permutation of the entrants around tables of
K, so everyone plays equally often). Each table is played K times with the seats rotated, on one
deal seed, exactly as ``bgkit play`` rotates a tournament: game ``g`` is rotation ``g % K`` of
table ``g // K``, dealt with ``derive_seed(seed, "deal", g // K)``. With as many entrants as
seats the arena plays the same games as ``bgkit play``.

Every finished game updates the entrants' ratings with openskill's Plackett-Luce model (a
multiplayer model; tied ranks are ties) in game order, so the ladder depends only on the games.
The run is a JSON Lines stream — a header, one record per game, the summary last — written to
stdout (``--format json``) and/or a file (``--out FILE``), and ``--resume FILE`` continues such a
stream: the finished games are read back (not played again) and the rest are appended.
"""

from __future__ import annotations

import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bgkit.engine.match import derive_seed
from bgkit.model.errors import BadInput
from bgkit.tournaments.tournament import Task

ARENA_FORMAT = "bgkit-arena/1"
MODEL = "openskill PlackettLuce"


def nth_combination(n: int, k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th k-combination of ``range(n)`` in lexicographic order (as itertools lists them)."""
    chosen, x = [], 0
    for left in range(k, 0, -1):
        while True:
            below = math.comb(n - x - 1, left - 1)
            if index < below:
                break
            index -= below
            x += 1
        chosen.append(x)
        x += 1
    return tuple(chosen)


@dataclass(frozen=True)
class ArenaSchedule:
    """An arena's games, any one computed from its index (picklable, for executors)."""

    game_id: str
    data: dict[str, Any] | None
    options: dict[str, Any]
    specs: tuple[str, ...]  # the entrants' seat specs
    labels: tuple[str, ...]  # the entrants' names (unique)
    players: int  # seats per table
    games: int
    seed: int
    tables: str  # "all": every combination in turn; "random": balanced random tables

    @property
    def combinations(self) -> int:
        return math.comb(len(self.specs), self.players)

    def table(self, number: int) -> tuple[int, ...]:
        """The entrants (indices) at table ``number``, in the seat order of its first rotation."""
        n, k = len(self.specs), self.players
        if self.tables == "all":
            return nth_combination(n, k, number % self.combinations)
        per_cycle = math.lcm(n, k) // k  # tables that seat every entrant equally often
        cycle, place = divmod(number, per_cycle)
        order = _permutation(self.seed, cycle, n)
        return tuple(order[(place * k + seat) % n] for seat in range(k))

    def task(self, g: int) -> Task:
        k = self.players
        number, rotation = divmod(g, k)
        table = self.table(number)
        order = tuple(table[(position + rotation) % k] for position in range(k))
        return Task(g, derive_seed(self.seed, "deal", number), order, self.game_id, self.data, self.options, self.specs, self.labels)

    def header(self) -> dict[str, Any]:
        from bgkit import __version__

        return {
            "arena": ARENA_FORMAT,
            "bgkit": __version__,
            "game": self.game_id,
            "seed": self.seed,
            "games": self.games,
            "players": self.players,
            "tables": self.tables,
            "specs": list(self.specs),
            "entrants": list(self.labels),
            "options": self.options,
            "data": {"path": self.data["path"], "sha256": self.data["sha256"]} if self.data else None,
        }


_PERMUTATIONS: dict[tuple[int, int, int], list[int]] = {}


def _permutation(seed: int, cycle: int, n: int) -> list[int]:
    key = (seed, cycle, n)
    if key not in _PERMUTATIONS:
        if len(_PERMUTATIONS) > 64:
            _PERMUTATIONS.clear()
        order = list(range(n))
        random.Random(derive_seed(seed, "tables", cycle)).shuffle(order)
        _PERMUTATIONS[key] = order
    return _PERMUTATIONS[key]


def choose_tables(entrants: int, players: int, games: int) -> str:
    """Every combination when each can be played in every seat order, else balanced random tables."""
    return "all" if math.comb(entrants, players) * players <= games else "random"


class Ladder:
    """Ratings, results and head-to-heads of the entrants, updated game by game (constant memory)."""

    def __init__(self, schedule: ArenaSchedule) -> None:
        from openskill.models import PlackettLuce

        self.schedule = schedule
        self.labels = list(schedule.labels)
        self.index = {label: i for i, label in enumerate(self.labels)}
        self.model = PlackettLuce()
        self.ratings = [self.model.rating(name=label) for label in self.labels]
        n = len(self.labels)
        self.games = 0
        self.played = [0] * n
        self.wins = [0] * n
        self.shared_wins = [0] * n
        self.rank_sum = [0] * n
        self.met = [[0] * n for _ in range(n)]  # games i and j played at one table
        self.ahead = [[0] * n for _ in range(n)]  # of those, games i finished ahead of j
        self.tied = [[0] * n for _ in range(n)]

    def add(self, record: Any) -> None:
        seats = [self.index[label] for label in record.seats]
        ranks = list(record.ranks)
        rated = self.model.rate([[self.ratings[i]] for i in seats], ranks=ranks)
        for i, team in zip(seats, rated):
            self.ratings[i] = team[0]
        self.games += 1
        winners = set(record.winners)
        for position, i in enumerate(seats):
            self.played[i] += 1
            self.rank_sum[i] += ranks[position]
            if record.seats[position] in winners:
                self.wins[i] += 1
                if len(winners) > 1:
                    self.shared_wins[i] += 1
            for other, j in enumerate(seats):
                if j == i:
                    continue
                self.met[i][j] += 1
                if ranks[position] < ranks[other]:
                    self.ahead[i][j] += 1
                elif ranks[position] == ranks[other]:
                    self.tied[i][j] += 1

    def standings(self) -> list[int]:
        """Entrant indices, best first: by ordinal (mu - 3 sigma), then mu, then entry order."""
        return sorted(range(len(self.labels)), key=lambda i: (-self.ratings[i].ordinal(), -self.ratings[i].mu, i))

    def to_dict(self) -> dict[str, Any]:
        plan = self.schedule
        ladder = []
        for place, i in enumerate(self.standings(), start=1):
            rating, games = self.ratings[i], self.played[i]
            ladder.append(
                {
                    "rank": place,
                    "entrant": self.labels[i],
                    "spec": plan.specs[i],
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "ordinal": rating.ordinal(),
                    "games": games,
                    "wins": self.wins[i],
                    "shared_wins": self.shared_wins[i],
                    "win_rate": round(self.wins[i] / games, 4) if games else 0.0,
                    "mean_rank": round(self.rank_sum[i] / games, 3) if games else 0.0,
                }
            )
        pairwise = {
            self.labels[i]: {
                self.labels[j]: {
                    "games": self.met[i][j],
                    "ahead": self.ahead[i][j],
                    "ties": self.tied[i][j],
                    "rate": round((self.ahead[i][j] + self.tied[i][j] / 2) / self.met[i][j], 4) if self.met[i][j] else None,
                }
                for j in range(len(self.labels))
                if j != i
            }
            for i in range(len(self.labels))
        }
        return {
            "summary": True,
            "arena": True,
            "game": plan.game_id,
            "seed": plan.seed,
            "games": self.games,
            "of": plan.games,
            "players": plan.players,
            "tables": plan.tables,
            "model": MODEL,
            "ladder": ladder,
            "pairwise": pairwise,
        }


# -- the command -----------------------------------------------------------------------------------


def arena_command(
    registry: Any,
    game: Any,
    specs: list[str],
    games: int | None,
    players: int | None,
    seed: int | None,
    options: list[str],
    format: str,
    out: Path | None,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
) -> None:
    from bgkit.model.savefile import check_target
    from bgkit.engine.setups import check_seed, new_seed, parse_options

    info = game.info
    if players is None:
        players = max(info.min_players, min(len(specs), info.max_players))
    _check_entrants(game, specs, players)
    if games is None:
        every = math.comb(len(specs), players) * players
        raise BadInput(f"give the number of games: --games N ({every} play every table of {players} in every seat order)")
    option_values = parse_options(game, options)
    seed = check_seed(new_seed() if seed is None else seed)
    if out is not None:
        check_target(out, info.id, force=True, what="arena output")  # a folder, a device, no room: refused
        if out.exists() and out.stat().st_size:
            raise BadInput(f"{out} exists; continue it with bgkit arena --resume {out}, or choose another file")
    plan = _schedule(registry, game, specs, games, players, seed, option_values)
    _warn_uneven(plan)
    sink = open(out, "a", encoding="utf-8") if out is not None else None
    try:
        _run(registry, game, plan, Ladder(plan), 0, format, sink, out, jobs, executor, scheduler, header=True)
    finally:
        if sink is not None:
            sink.close()


def _schedule(registry: Any, game: Any, specs: list[str], games: int, players: int, seed: int, option_values: dict[str, Any]) -> ArenaSchedule:
    """The arena's schedule, every value checked as the command line checks it (a resumed header too)."""
    from bgkit.sessions.build import build_match, seat_names
    from bgkit.tournaments.tournament import data_of

    info = game.info
    _check_entrants(game, specs, players)
    if games < 1:
        raise BadInput(f"an arena plays at least one game, not {games}")
    labels = seat_names(specs)
    for first in range(0, len(specs), players):  # every spec sits at one table here: bad specs fail before any game
        table = [(first + seat) % len(specs) for seat in range(players)]
        build_match(game, [specs[i] for i in table], [labels[i] for i in table], seed, option_values, bots=registry.bots)
    tables = choose_tables(len(specs), players, games)
    return ArenaSchedule(info.id, data_of(game.data_path), option_values, tuple(specs), tuple(labels), players, games, seed, tables)


def _check_entrants(game: Any, specs: list[str], players: int) -> None:
    """Bots only, at least two, and enough of them for tables of ``players`` the game allows."""
    from bgkit.bots import parse_seat_spec

    info = game.info
    if len(specs) < 2:
        raise BadInput(f"an arena rates two or more bots, e.g. bgkit arena {info.id} random greedy mcts --games 60")
    if any(parse_seat_spec(spec)[0] == "human" for spec in specs):
        raise BadInput("the arena is for bots; play people with bgkit play")
    info.check_players(players)
    if players > len(specs):
        raise BadInput(
            f"{players}-player tables need at least {players} bots, not {len(specs)}; "
            "list a spec twice to seat two copies of it (the second is named SPEC #2)"
        )


def _header_values(header: dict[str, Any]) -> tuple[list[str], int, int, int, list[str]]:
    """The header's bots, games, players, seed and options, each of the type the command line gives."""
    specs, options = header["specs"], header["options"]
    if not isinstance(specs, list) or not all(isinstance(s, str) for s in specs) or len(specs) > 1000:
        raise TypeError("specs must be a list of seat specs")
    if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise TypeError("options must be a table of names and values (text)")
    numbers = [header[key] for key in ("games", "players", "seed")]
    if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
        raise TypeError("games, players and seed must be whole numbers")
    return specs, *numbers, [f"{k}={v}" for k, v in options.items()]


def resume_command(registry: Any, path: Path, format: str, jobs: int = 1, executor: str = "local", scheduler: str | None = None,
                   bots_given: list[str] | None = None) -> None:
    """Continue the arena whose JSON Lines output is ``path``: read it back, play the rest, append.

    An ``exec:`` bot of the header runs only if ``bots_given`` (``--bot N=SPEC``) gives it again,
    or the person at the terminal confirms it (bgkit.sessions.trust): a file never starts a program."""
    if not path.is_file():
        raise BadInput(f"no such arena file: {path}")
    with open(path, "rb") as handle:
        header_line = handle.readline()
    header = _parse(header_line, path, 1)
    if not isinstance(header, dict) or header.get("arena") != ARENA_FORMAT:
        raise BadInput(f"not a bgkit arena's JSON Lines output (its first line is no {ARENA_FORMAT} header)", f"{path}:1")
    try:
        info = registry.game(header["game"])
        data = header.get("data")
        data_path = None
        if data:
            data_path = Path(data["path"])
            if not data_path.is_file():
                raise BadInput(f"the arena was played with --data {data_path}, which is not there any more", str(path))
        game = registry.load_game(info.id, data_path)
        from bgkit.tournaments.tournament import data_of

        data_record = data_of(game.data_path)
        if data and data_record["sha256"] != data["sha256"]:
            raise BadInput(f"{data_path} has changed since the arena started (its SHA-256 differs)", str(path))
        specs, games, players, seed, options = _header_values(header)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"corrupt arena header ({type(exc).__name__}: {exc})", f"{path}:1") from None
    specs = _programs_allowed(specs, bots_given or [], path)
    from bgkit.engine.setups import check_seed, parse_options

    try:
        plan = _schedule(registry, game, specs, games, players, check_seed(seed), parse_options(game, options))
    except BadInput as exc:
        raise BadInput(f"corrupt arena header: {exc.message}", f"{path}:1") from None
    if list(plan.labels) != header.get("entrants") or plan.tables != header.get("tables"):
        raise BadInput("corrupt arena header: its entrants or tables are not the ones its bots make", f"{path}:1")
    ladder = Ladder(plan)
    _read_back(path, plan, ladder)
    if sys.stderr.isatty():
        done = f"all {plan.games} games were played already" if ladder.games >= plan.games else f"resuming after {ladder.games} of {plan.games} games"
        print(f"{path}: {done}", file=sys.stderr)
    with open(path, "a", encoding="utf-8") as sink:
        _run(registry, game, plan, ladder, ladder.games, format, sink, path, jobs, executor, scheduler, header=False)


def _programs_allowed(specs: list[str], given: list[str], path: Path) -> list[str]:
    """The header's bot specs, each ``exec:`` one given again or confirmed at the terminal."""
    from bgkit.sessions.trust import parse_given, programs_allowed, terminal_confirm

    return programs_allowed(specs, parse_given(given, "--bot", len(specs), "bot"), f"{path}:1", "--bot", "bot", terminal_confirm())


def _parse(line: bytes, path: Path, number: int) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        raise BadInput("not a JSON line (or nested too deep)", f"{path}:{number}") from None


def _read_back(path: Path, plan: ArenaSchedule, ladder: Ladder) -> None:
    """Feed the finished games of ``path`` to ``ladder``, checking each belongs to this arena.

    A last line cut off in the middle (the run was killed while writing it) is removed, so the
    game is played again; any other line that is not a record, header or summary is an error.
    """
    from bgkit.tournaments.tournament import GameRecord

    keep = 0  # bytes up to the end of the last whole line
    with open(path, "rb") as handle:
        handle.readline()
        keep = handle.tell()
        number = 1
        for raw in handle:
            number += 1
            if not raw.endswith(b"\n"):
                try:
                    json.loads(raw)
                except (ValueError, RecursionError):
                    break  # cut off: drop it and play that game again
            item = _parse(raw, path, number)
            keep = handle.tell()
            if not isinstance(item, dict) or "arena" in item and not item.get("summary"):
                raise BadInput("a second header, or not a record of this arena", f"{path}:{number}")
            if item.get("summary"):
                continue
            try:
                record = GameRecord(**item)
                _check_record(record, plan.players)
            except TypeError:
                raise BadInput("not a game record", f"{path}:{number}") from None
            expected = plan.task(ladder.games) if ladder.games < plan.games else None
            if expected is None or record.index != expected.index:
                raise BadInput(f"game {record.index} is out of order (game {ladder.games} comes next)", f"{path}:{number}")
            seats = [plan.labels[i] for i in expected.order]
            if record.seed != expected.seed or record.seats != seats:
                raise BadInput(f"game {record.index} was not played by this arena's schedule", f"{path}:{number}")
            ladder.add(record)
    size = path.stat().st_size
    if keep < size:
        with open(path, "r+b") as handle:
            handle.truncate(keep)
        print(f"warning: {path}: dropped a cut-off last line; that game is played again", file=sys.stderr)
    with open(path, "rb") as handle:  # make sure what is appended starts on a line of its own
        handle.seek(max(0, keep - 1))
        last = handle.read(1)
    if keep and last != b"\n":
        with open(path, "ab") as handle:
            handle.write(b"\n")


def _check_record(record: Any, players: int) -> None:
    """TypeError unless ``record`` holds what the ladder reads: a rank per seat, winners by name."""
    if not (isinstance(record.index, int) and isinstance(record.ranks, list) and len(record.ranks) == players
            and all(type(r) is int and 1 <= r <= players for r in record.ranks)
            and isinstance(record.winners, list) and all(isinstance(w, str) for w in record.winners)
            and isinstance(record.seats, list)):
        raise TypeError("not a game record")


def _warn_uneven(plan: ArenaSchedule) -> None:
    from bgkit.terminal import render

    k = plan.players
    if plan.tables == "all" and plan.games % (plan.combinations * k):
        cycle = plan.combinations * k
        render.stderr().print(
            f"warning: {render.plural(plan.games, 'game')} do not play the {render.plural(plan.combinations, 'table')} in every seat order "
            f"equally often; use a multiple of {cycle}"
        )
    elif plan.tables == "random" and plan.games % k:
        render.stderr().print(f"warning: {render.plural(plan.games, 'game')} do not rotate {k} seats evenly; use a multiple of {k}")


def _run(
    registry: Any,
    game: Any,
    plan: ArenaSchedule,
    ladder: Ladder,
    start: int,
    format: str,
    sink: TextIO | None,
    sink_path: Path | None,
    jobs: int,
    executor: str,
    scheduler: str | None,
    header: bool,
) -> None:
    from bgkit.terminal import render
    from bgkit.tournaments.executors import play_games
    from bgkit.tournaments.tournament import preload

    def emit(item: dict[str, Any]) -> None:
        line = json.dumps(item, ensure_ascii=False) + "\n"
        if format == "json":
            sys.stdout.write(line)
            sys.stdout.flush()
        if sink is not None:
            sink.write(line)
            sink.flush()

    def record(game_record: Any) -> None:
        ladder.add(game_record)
        emit(game_record.to_dict())

    if header or format == "json":
        item = plan.header()
        if format == "json":
            sys.stdout.write(json.dumps(item, ensure_ascii=False) + "\n")
        if header and sink is not None:
            sink.write(json.dumps(item, ensure_ascii=False) + "\n")
            sink.flush()
    interrupted = False
    if start < plan.games:
        preload(game, plan.data)
        interrupted = play_games(registry, plan, range(start, plan.games), plan.games - start, record, executor=executor, jobs=jobs, scheduler=scheduler)
    summary = ladder.to_dict()
    emit(summary)
    if format != "json" and (ladder.games or not interrupted):  # no ladder of zeros when no game finished
        render.print_arena(summary, render.stdout(), fancy=sys.stdout.isatty())
    if interrupted:
        again = f"; continue with: bgkit arena --resume {sink_path}" if sink_path else " (--out FILE keeps a run you can resume)"
        render.stderr().print(render.interrupted_note(ladder.games, plan.games) + again)
        raise SystemExit(130)

