"""Games played from the phones at ``bgkit serve``: one :class:`Table` per game, kept by :class:`Tables`.

A table is a :class:`bgkit.engine.match.Match` like ``bgkit play``'s, built by the same
:func:`bgkit.sessions.build.build_match`: the same setup from the seed, the same chance stream, the
same bots with the same seeds, the same driver. A person's seat is a :class:`PhoneSeat`: the action
their phone sent is handed to the driver when it asks for that seat's decision; in the log the seat
is ``human:NAME``, as at the terminal, so ``bgkit replay --verify`` and ``bgkit play --resume`` read
the save as any other.

Everything that changes a table happens in its own worker thread, one action at a time: a phone's
action, then the bots and chance until the next phone's turn (each searching bot bounded by the
table's time, :data:`bgkit.bots.table.TABLE_SECONDS`), so the server's event loop never waits for a
bot. The game is saved in the save format of ``bgkit play --save``, written atomically, after every
decision (a person's, a bot's), whenever it waits for a person, at the end and when the server
stops; a chance outcome is saved with the next decision (were it lost, the seed's stream draws the
very same one again).
After every action a :class:`Snapshot` is published: what each phone may see (its seat's drawing,
never another's), the events, the legal actions of the seat to play. Pages read only snapshots.

Each person's seat has a random key; its link carries it, and a page or an action of that seat
without it is refused (403). The keys are kept beside the save in ``N.table.json`` (the folder is
private to its owner: mode 0700), so a restarted server resumes every game with the same links.
"""

from __future__ import annotations

import io
import json
import os
import secrets
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from bgkit.engine.match import BaseSeat, Match, game_result
from bgkit.model.errors import BadInput, PluginError, fault_text
from bgkit.model.game import CHANCE

if TYPE_CHECKING:
    from bgkit.engine.driver import Event
    from bgkit.engine.match import Decision
    from bgkit.engine.runtime import Runtime
    from bgkit.history.records import Play
    from bgkit.model.game import Game
    from bgkit.model.ranking import ScoreResult

#: Games in progress at once (finished ones are kept to look at, and do not count).
MAX_TABLES = 16
#: The longest action a phone may type (the longest action text of any game is far shorter).
MAX_ANSWER = 200
#: The kind of a person's seat in the specs handed to build_match (the log says ``human:NAME``).
PHONE = "phone"
#: Width of a phone's drawing in characters (its box scrolls sideways by itself past it).
DRAWING_WIDTH = 60


def games_folder(db: Path) -> Path:
    """Where a server on the history ``db`` keeps the games played from the phones: beside it."""
    db = Path(db)
    return db.with_name(f"{db.stem}-games")


class PhoneSeat(BaseSeat):
    """A person playing from a phone: the action the phone sent (checked legal) is handed to the
    driver when it asks this seat; the seat keeps its history so a sealed stage spans a restart."""

    person = True
    trusted = True  # what it hands back was picked from the legal list by Table.act
    wants_history = True

    def __init__(self) -> None:
        self.name = ""
        self.chosen: Any = None

    def choose(self, decision: Decision) -> Any:
        action, self.chosen = self.chosen, None
        if action is None:
            raise RuntimeError("the driver asked a phone's seat for an action it was not sent")
        return action


def _phone(runtime: Runtime, seed: int, **params: str) -> PhoneSeat:
    if params:
        raise BadInput(f"a person's seat takes no parameters, not {', '.join(params)}")
    return PhoneSeat()


def with_phones(bots: dict[str, Any]) -> dict[str, Any]:
    """The installed bots and the phone's seat, for build_match."""
    from bgkit.plugins.registry import BotInfo

    return {**bots, PHONE: BotInfo(PHONE, _phone, "a person on a phone", "bgkit")}


def drawing_text(picture: Any, width: int = DRAWING_WIDTH) -> str:
    """A game's drawing (rich) as plain text, as the terminal would print it ``width`` wide."""
    from rich.console import Console

    from bgkit.terminal.render import never_cut

    console = Console(file=io.StringIO(), width=width, record=True, color_system=None, force_terminal=False)
    console.print(never_cut(picture), soft_wrap=False)
    return console.export_text().rstrip("\n")


def seat_drawings(state: Any, seat: int) -> tuple[str, str | None]:
    """What seat ``seat`` sees of the table: its compact drawing if the game has one (a phone is
    narrow), and its full drawing; both drawn from the seat's view by the game (``render(seat)``)."""
    full = drawing_text(state.render(seat), 100)
    compact = getattr(state, "render_compact", None)
    if compact is None:
        return full, None
    return drawing_text(compact(seat)), full


def public_drawing(state: Any) -> str | None:
    """What everyone at the table sees (the game's ``render_public``), for a shared screen; None for a
    game that draws no public table (never ``render(None)``: that is the whole table, hidden cards too)."""
    public = getattr(state, "render_public", None)
    return None if public is None else drawing_text(public(), 100)


@dataclass(frozen=True)
class Snapshot:
    """A table as it stands after an action: what the pages show (never changed once published)."""

    version: int
    turn: int | None  # the seat whose decision it is; None while chance, once over, or stopped by a fault
    legal: tuple[str, ...]  # the legal actions' texts, when a person is to play
    events: tuple[Event, ...]
    views: dict[int, tuple[str, str | None]]  # each person's seat: its drawings (seat_drawings)
    result: dict[str, Any] | None = None  # the finished game's ScoreResult.to_dict()
    final: str | None = None  # the whole table, once the game is over
    public: str | None = None  # what everyone sees (public_drawing), for the table's page
    problem: str | None = None  # a bot or the game failed: the game is saved up to here
    thinking: str | None = None  # the name of the bot thinking now
    play_id: int | None = None  # the play in the history, once recorded


@dataclass
class Seating:
    """What the save does not hold: each person's seat key (None: a bot), the host's key, the play."""

    keys: list[str | None]
    host: str
    play_id: int | None = None
    problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"keys": self.keys, "host": self.host, "play_id": self.play_id, "problem": self.problem}

    @classmethod
    def from_dict(cls, data: Any, players: int, source: str) -> "Seating":
        keys = data.get("keys") if isinstance(data, dict) else None
        if not (isinstance(keys, list) and len(keys) == players and all(k is None or (isinstance(k, str) and k) for k in keys)):
            raise BadInput("not a table's seats: keys must list a key or null for each seat", source)
        host, play_id, problem = data.get("host"), data.get("play_id"), data.get("problem")
        if not isinstance(host, str) or not (play_id is None or type(play_id) is int) or not (problem is None or isinstance(problem, str)):
            raise BadInput("not a table's seats: host, play_id or problem of the wrong type", source)
        return cls(list(keys), host, play_id, problem)


@dataclass
class Table:
    """One game played from the phones (see the module's docstring)."""

    number: int
    match: Match
    seating: Seating
    folder: Path
    record: Callable[[Play], int]
    events: list[Event] = field(default_factory=list)
    snapshot: Snapshot | None = None
    stopping: bool = False
    thinking: str | None = None

    def __post_init__(self) -> None:
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"bgkit-game-{self.number}")
        self.match.listeners.append(self.events.append)
        self.version = 0
        self.unsaved = False

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def names(self) -> list[str]:
        return self.match.log.names

    def phones(self) -> list[int]:
        return [seat for seat, key in enumerate(self.seating.keys) if key is not None]

    def key_ok(self, seat: int, key: str | None) -> bool:
        keys = self.seating.keys
        expected = keys[seat] if 0 <= seat < len(keys) else None
        return bool(expected and key and secrets.compare_digest(expected.encode(), key.encode()))

    def host_ok(self, key: str | None) -> bool:
        return bool(key and secrets.compare_digest(self.seating.host.encode(), key.encode()))

    @property
    def save_path(self) -> Path:
        return self.folder / f"{self.number}.bgkit.json"

    # -- in the worker thread ------------------------------------------------------------------

    def start(self) -> Future[None]:
        """Publish the table, then let bots and chance play up to the first person's turn."""
        self._publish()  # before the worker has anything to do: a page may ask for it at once
        self.worker.submit(self._begin_programs)
        return self.worker.submit(self.advance)

    def programs(self) -> list[tuple[int, Any]]:
        """The seats played by a program (``exec:``, given on the command line that started the server)."""
        from bgkit.exec.seat import ExecSeat

        return [(p, seat) for p, seat in enumerate(self.match.seats) if isinstance(seat, ExecSeat)]

    def _begin_programs(self) -> None:
        try:
            for player, seat in self.programs():
                seat.begin(self.match, player)
        except (PluginError, BadInput) as fault:
            self._stopped(str(fault))

    def _end_programs(self, result: ScoreResult | None) -> None:
        """Tell each program the result (a finished game), then end it and everything it started."""
        for _, seat in self.programs():
            try:
                if result is not None:
                    seat.end(self.match, result)
            finally:
                seat.abort()

    def act(self, seat: int, answer: str, version: int | None = None) -> str | None:
        """Seat ``seat`` plays ``answer`` (an action's text, its place in the list, or a prefix only it
        has: what the terminal reads) on the table its page showed (``version``: a second tap on a
        button, once the table has moved on, is not played again). The message to show when it
        cannot; None once played."""
        from bgkit.terminal.human import two_readings, understand

        state = self.match.state
        if self.snapshot is None or self.snapshot.turn != seat:
            return "it is not your turn" if self._result() is None else "the game is over"
        if version is not None and version != self.snapshot.version:
            return "the table has changed since your page was drawn: here it is as it is now"
        answer = " ".join(answer.split())[:MAX_ANSWER]
        actions = self.match.runtime.legal_actions(state)
        texts = [state.action_text(action) for action in actions]
        question = two_readings(state, actions, texts, answer)
        if question is not None:
            return question
        index = understand(state, actions, texts, answer)
        if index is None:
            close = [t for t in texts if t.startswith(answer)] if answer else []
            return f"{len(close)} actions start with {answer!r}" if len(close) > 1 else f"{answer!r} is not legal here"
        phone = self.match.seats[seat]
        assert isinstance(phone, PhoneSeat)
        phone.chosen = actions[index]
        try:
            self._step()
        except Exception as fault:  # the game's rules failed on it: said on every page, saved up to here
            self._stopped(self._fault_text(fault))
            return self.seating.problem
        self.worker.submit(self.advance)
        return None

    def _fault_text(self, fault: Exception) -> str:
        if isinstance(fault, (PluginError, BadInput)):
            return str(fault)
        return f"plugin {self.game.info.plugin or self.game.info.id!r} failed: {fault_text(fault)}"

    def advance(self) -> None:
        """Bots and chance play until a person is to play, the game is over, or the server stops."""
        try:
            while not self.stopping and self.seating.problem is None:
                if self._result() is not None:
                    self._finish()
                    return
                if self._waits_for_person():
                    self.save()  # the game waits for a person: all of it is on disk (and published)
                    return
                player = type(self.match.state).current_player(self.match.state)
                if player != CHANCE:
                    self.thinking = self.names[player]
                    self._publish()
                self._step(save=player != CHANCE)  # a chance outcome is saved with the next decision
            self.save()
        except Exception as fault:  # a game's or bot's bug: said on every page, the game saved up to it
            self._stopped(self._fault_text(fault))

    def _step(self, save: bool = True) -> None:
        self.match.step()
        self.unsaved = True
        self.thinking = None
        if save or self._waits_for_person():  # on disk before any page shows that a person may act
            self.save()
        self._publish()

    def _waits_for_person(self) -> bool:
        state = self.match.state
        player = type(state).current_player(state)
        return player >= 0 and isinstance(self.match.seats[player], PhoneSeat)

    def save(self) -> None:
        """Write the save (atomically: the old file or the new one, never a part) if anything is new."""
        if self.unsaved:
            self.match.save(self.save_path)
            self.unsaved = False

    def _result(self) -> ScoreResult | None:
        match = self.match
        return game_result(match.game, match.runtime, match.state, match.log)

    def _finish(self) -> None:
        """Score the game into its log, save it and put it in the history with its log (once)."""
        from bgkit.history.commands import play_of_match
        from bgkit.history.records import today

        result = self.match.finish()
        self.unsaved = True
        self.save()
        self._end_programs(result)
        if self.seating.play_id is None:
            self.seating.play_id = self.record(play_of_match(self.match, result, today()))
            self.save_seating()
        self._publish()

    def _stopped(self, problem: str) -> None:
        self._end_programs(None)
        self.thinking = None
        self.seating.problem = problem
        self.unsaved = True
        self.save()
        self.save_seating()
        self._publish()

    def _publish(self) -> None:
        state, match = self.match.state, self.match
        player = type(state).current_player(state)
        result = match.log.result
        over = result is not None or self._result() is not None
        turn = player if player >= 0 and not over and self.seating.problem is None else None
        legal: tuple[str, ...] = ()
        if turn is not None and isinstance(match.seats[turn], PhoneSeat):
            legal = tuple(state.action_text(a) for a in match.runtime.legal_actions(state))
        scored = game_result(match.game, match.runtime, state, match.log) if result is not None else None
        self.version += 1
        self.snapshot = Snapshot(
            version=self.version, turn=turn, legal=legal, events=tuple(self.events),
            views={seat: self._drawings(seat) for seat in self.phones()},
            result=scored.to_dict() if scored is not None else None,
            final=drawing_text(state.render(None), 100) if over else None,
            public=self._public(),
            problem=self.seating.problem, thinking=self.thinking, play_id=self.seating.play_id,
        )

    def _drawings(self, seat: int) -> tuple[str, str | None]:
        try:
            return seat_drawings(self.match.state, seat)
        except Exception as fault:  # a drawing that fails leaves the page, and the game, working
            return f"(the drawing of {self.game.info.name} failed: {fault_text(fault)})", None

    def _public(self) -> str | None:
        try:
            return public_drawing(self.match.state)
        except Exception as fault:  # a drawing that fails leaves the page, and the game, working
            return f"(the public drawing of {self.game.info.name} failed: {fault_text(fault)})"

    def save_seating(self) -> None:
        from bgkit.model.savefile import write_json

        write_json(self.folder / f"{self.number}.table.json", self.seating.to_dict())

    def close(self) -> None:
        """Stop after the action being made (a bot's is bounded by the table's time)."""
        self.stopping = True
        self.worker.shutdown(wait=True, cancel_futures=True)
        self.save()  # the moves made since the last save (the worker has stopped)
        self._end_programs(None)  # nothing a game started outlives the server


def news(events: tuple[Event, ...], seat: int) -> list[Event]:
    """The events since seat ``seat``'s last decision (a reveal of its own sealed choice included)."""
    last = max((i for i, e in enumerate(events) if e.player == seat and not e.reveal), default=-1)
    return list(events[last + 1:])


class Tables:
    """The games of a server: made from a page or the command line, resumed from their saves."""

    def __init__(self, folder: Path, registry: Any, record: Callable[[Play], int]):
        self.folder = Path(folder)
        self.registry = registry
        self.record = record
        self.tables: dict[int, Table] = {}
        self.lock = threading.Lock()
        self.stopping = False  # the server is stopping: the events streams end

    def _ensure_folder(self) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)  # the seats' keys are kept here: the owner's alone

    def get(self, number: int) -> Table:
        table = self.tables.get(number)
        if table is None:
            raise BadInput(f"there is no game {number} on this server")
        return table

    def listed(self) -> list[Table]:
        return [self.tables[n] for n in sorted(self.tables)]

    def new(self, game: Game, specs: list[str], names: list[str], seed: int | None, options: dict[str, str]) -> Table:
        """A new game: ``specs`` per seat (``human`` for a person's phone, else a bot's spec)."""
        from bgkit.engine.setups import check_seed, new_seed
        from bgkit.sessions.build import build_match

        game.info.check_players(len(specs))
        if not any(spec == "human" for spec in specs):
            raise BadInput("seat at least one person: a game of bots alone is bgkit play's, not the phones'")
        seed = check_seed(new_seed() if seed is None else seed)
        with self.lock:
            if sum(1 for t in self.tables.values() if t.match.log.result is None) >= MAX_TABLES:
                raise BadInput(f"{MAX_TABLES} games are being played on this server already: finish one first")
            self._ensure_folder()
            number = max([0, *self.tables, *self._saved_numbers()]) + 1
            built = [PHONE if spec == "human" else spec for spec in specs]
            match = build_match(game, built, names, seed, options, bots=with_phones(self.registry.bots))
            match.log.seats = [f"human:{name}" if spec == "human" else spec for spec, name in zip(specs, names)]
            seating = Seating([secrets.token_urlsafe(16) if spec == "human" else None for spec in specs], secrets.token_urlsafe(16))
            table = self._seat(number, match, seating)
            table.save_seating()
            match.save(table.save_path)
            table.start()  # published before any page can find it
            self.tables[number] = table
        return table

    def _seat(self, number: int, match: Match, seating: Seating) -> Table:
        from bgkit.bots.table import seat_at_table

        seat_at_table(match.seats, io.StringIO())  # searching bots think at most the table's time
        return Table(number, match, seating, self.folder, self.record)

    def _saved_numbers(self) -> list[int]:
        if not self.folder.is_dir():
            return []
        return [int(p.name.split(".")[0]) for p in self.folder.glob("*.table.json") if p.name.split(".")[0].isdigit()]

    def resume_all(self) -> list[str]:
        """Every game saved in the folder, resumed where it was; a line for each that cannot be."""
        notes = []
        for number in sorted(self._saved_numbers()):
            try:
                table = self._resume(number)
            except BadInput as exc:
                notes.append(f"game {number} not resumed: {exc}")
                continue
            table.start()
            self.tables[number] = table
        return notes

    def _resume(self, number: int) -> Table:
        """A saved game, checked as ``bgkit play --resume`` checks a save (as strictly as ``replay --verify``)."""
        from bgkit.engine.match import GameLog, load_logged_game, replay_events
        from bgkit.engine.runtime import runtime_for
        from bgkit.model.savefile import read_json
        from bgkit.sessions.build import build_match
        from bgkit.sessions.verify import verify_log

        path = self.folder / f"{number}.bgkit.json"
        log = GameLog.from_dict(read_json(path, "save file"), str(path))
        seating_path = self.folder / f"{number}.table.json"
        seating = Seating.from_dict(json.loads(seating_path.read_text(encoding="utf-8")), log.players, str(seating_path))
        game = load_logged_game(self.registry, log)
        runtime = runtime_for(game)
        verify_log(game, runtime, log, str(path))
        events = [event for event, _ in replay_events(game, runtime, log)]
        built = [PHONE if key is not None else spec for key, spec in zip(seating.keys, log.seats)]
        if any(spec.startswith("exec:") for spec in built):
            raise BadInput("an exec: seat is never started from a file; start it again from the command line")
        match = build_match(game, built, log.names, log.seed or 0, log.options, log=log, bots=with_phones(self.registry.bots))
        table = self._seat(number, match, seating)
        table.events[:0] = events
        return table

    def close(self) -> None:
        self.stopping = True
        for table in list(self.tables.values()):
            table.stopping = True
        for table in list(self.tables.values()):
            table.close()
