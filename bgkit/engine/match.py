"""Driving one game: seats decide, chance is sampled (or typed in), every action is logged.

The log is the setup plus every action text, chance outcomes included, so a game replays exactly
without the seed (:func:`replay`). Saves are the log written atomically after each decision;
``--resume`` replays the log and carries on. Every one of these runs through the one loop of
:mod:`bgkit.engine.driver`: a :class:`Match` is its seats as the driver's source, :func:`replay` and
``--verify`` a log as its source.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol, cast

from bgkit import __version__
from bgkit.engine.driver import AGAIN, PASS_THROUGH, Collector, Driver, Event, Listener, LogSource, Narrator, Observer, SeatHistories, Told, who
from bgkit.model.errors import BadInput, PluginError, fault_text
from bgkit.model.game import CHANCE, Action, Game, State
from bgkit.engine.runtime import CORE_GAME_HOOKS, Runtime, final_result
from bgkit.model.savefile import LOG_FORMAT

if TYPE_CHECKING:  # pragma: no cover
    from bgkit.engine.driver import Source
    from bgkit.model.ranking import ScoreResult


def derive_seed(master: int, *parts: object) -> int:
    """A seed for one purpose (a game, a seat's bot, chance) from a master seed; the same everywhere.

    ``random.Random`` seeded with a string hashes it with SHA-512, stable across machines and runs.
    """
    return random.Random(":".join(map(str, (master, *parts)))).getrandbits(63)


class Seat(Protocol):
    """Whoever decides for one player: a bot or a person. Everything the driver reads of a seat is
    declared here; :class:`BaseSeat` gives the defaults, so a simple seat is ``name`` and ``choose``.

    ``choose`` gets a :class:`Decision`: the legal actions and what this seat may know — a copy,
    never the true state. ``trusted``: the core's own seats, which pick from the legal list (their
    choice is not checked); ``pick``: a trusted seat that decides from the legal actions alone is
    handed just them. ``person``: someone at the terminal (saved after each decision, told what
    happens). ``rng``: a seat with one has its determinisation drawn from it, so its decisions
    depend on its own seed alone. ``wants_history``: the seat is handed its history
    (:attr:`Decision.history`); the others are spared the cost of narrating the game for it.
    ``tell`` says something to the seat (a person's undo or save). ``at_table``: a searching bot
    bounded when people wait for it (:func:`bgkit.bots.table.seat_at_table`).
    """

    name: str
    trusted: bool
    person: bool
    rng: random.Random | None
    wants_history: bool
    pick: Callable[[list[Any]], Any] | None
    at_table: Callable[..., None] | None

    def choose(self, decision: "Decision") -> Action: ...

    def tell(self, message: str, error: bool = True) -> None: ...


class BaseSeat:
    """The defaults of every :class:`Seat` attribute but ``name`` and ``choose``: not trusted, not a
    person, no rng of its own, no history, nothing to tell."""

    trusted = False
    person = False
    rng: random.Random | None = None
    wants_history = False
    pick: Callable[[list[Any]], Any] | None = None
    at_table: Callable[..., None] | None = None

    def tell(self, message: str, error: bool = True) -> None:
        pass


def _quiet(message: str, error: bool = True) -> None:
    pass


#: What a seat that does not derive from :class:`BaseSeat` is given for what it lacks.
SEAT_DEFAULTS: dict[str, Any] = {
    "trusted": False, "person": False, "rng": None, "wants_history": False, "pick": None, "at_table": None, "tell": _quiet,
}


def seated(seat: Any) -> Seat:
    """``seat`` with every :class:`Seat` attribute it lacks set to its default (a plugin's bot may
    define ``name`` and ``choose`` alone): the one place a seat's attributes are looked for."""
    if not isinstance(seat, BaseSeat):
        for attribute, default in SEAT_DEFAULTS.items():
            if not hasattr(seat, attribute):
                try:
                    setattr(seat, attribute, default)
                except AttributeError:  # __slots__ without it: the class must say (or derive from BaseSeat)
                    raise PluginError(f"seat {getattr(seat, 'name', '?')!r} ({type(seat).__name__}) has no {attribute!r} and "
                                      "cannot be given one: derive its class from bgkit.api.BaseSeat") from None
    return cast(Seat, seat)


class Decision:
    """One decision handed to a seat: ``player``, the legal ``actions``, ``state`` (a
    determinisation for ``player``: everything the seat cannot see resampled, made on first use),
    and ``history``, every event of the game as this seat was told it (:class:`bgkit.engine.driver.Told`;
    empty unless the seat declared ``wants_history``).

    ``sample(rng)`` draws a fresh determinisation (a search makes one per iteration); ``view()``
    is what the seat sees; ``texts()`` the legal actions' texts; ``action_ids()`` their indices in
    the game's action space (None for a game that declares none). It holds a copy of the true
    state (to sample and describe from) and of the legal list, never the game's own (but for the
    core's own seats, which never change them): a bot that changes what it is handed changes
    nothing of the game. In-process bots are trusted code: Python
    cannot stop one from reading what this object holds. A bot that must not be able to peek runs
    out of process. A decision is made for one call of ``choose`` and never changed after.
    """

    __slots__ = ("player", "actions", "history", "_source", "_rng", "_state", "_runtime")

    def __init__(self, player: int, actions: list[Any], source: State, rng: random.Random, history: tuple[Told, ...] = (),
                 runtime: Runtime | None = None):
        self.player = player
        self.actions = actions
        self.history = history
        self._source = source
        self._rng = rng
        self._state: State | None = None
        self._runtime = runtime

    @classmethod
    def of(cls, state: State, player: int, actions: list[Any], rng: random.Random, history: tuple[Told, ...] = (),
           runtime: Runtime | None = None) -> "Decision":
        """The decision of ``player`` at the game's ``state``, made of copies: the state cloned, the
        legal list copied (the game's own are never handed to a seat)."""
        return cls(player, list(actions), state.clone(), rng, history, runtime)

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self._source.determinize(self.player, self._rng)
        return self._state

    def sample(self, rng: random.Random) -> State:
        return self._source.determinize(self.player, rng)

    def view(self) -> dict[str, Any]:
        return self._source.view(self.player)

    def texts(self) -> list[str]:
        """The legal actions' texts (a seat's own choices: they show nothing it may not see)."""
        text_of = self._source.action_text
        return [text_of(action) for action in self.actions]

    def action_ids(self) -> list[int] | None:
        """Each legal action's index in the game's action space, or None if it declares none."""
        space = self._runtime.action_space(self._source.num_players) if self._runtime is not None else None
        return None if space is None else [space.index(action) for action in self.actions]


def decision_for(state: State, player: int, actions: list[Any], rng: random.Random) -> Decision:
    """A :class:`Decision` for ``player`` at ``state`` (of copies: see :meth:`Decision.of`)."""
    return Decision.of(state, player, actions, rng)


def replay_events(game: Game, runtime: Runtime, log: "GameLog") -> list[tuple[Event, State]]:
    """Every event of a logged game with the state after it (``bgkit replay --as SEAT``)."""
    collector = Collector()
    replay(game, runtime, log, observers=[collector])
    return collector.events


#: Most seats any log may name (every game's player count is checked against the game as well).
MAX_SEATS = 64


@dataclass
class GameLog:
    """Everything needed to replay or resume a game (a save file is the same thing).

    ``chance`` is how chance was decided: ``random`` (seeded: the outcomes follow from ``seed``)
    or ``table`` (typed in from a real table). ``setup_from`` is ``seed`` when the setup was made
    from the seed and options, or the file a person laid out (``--setup FILE``).
    """

    game: str
    players: int
    setup: dict[str, Any]
    seats: list[str]
    names: list[str]
    seed: int | None = None
    options: dict[str, str] = field(default_factory=dict)
    data: dict[str, str] | None = None  # a --data file: {"path", "sha256", "text"}, so the log replays anywhere
    actions: list[list[Any]] = field(default_factory=list)  # [player or -1 for chance, action text]
    result: dict[str, Any] | None = None
    chance: str = "random"
    setup_from: str = "seed"
    bot_seeds: list[int | None] | None = None  # per seat, the seed its exec: bot was given (None: no exec seat)

    def to_dict(self) -> dict[str, Any]:
        seeds = {} if self.bot_seeds is None else {"bot_seeds": self.bot_seeds}
        return {
            "format": LOG_FORMAT,
            "bgkit": __version__,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "data": self.data,
            "chance": self.chance,
            "setup_from": self.setup_from,
            "seats": self.seats,
            "names": self.names,
            "setup": self.setup,
            "actions": self.actions,
            "result": self.result,
            **seeds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "log") -> "GameLog":
        """A log read back, every field checked for its type (a corrupt file is one line, never a traceback)."""
        if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
            found = data.get("format") if isinstance(data, dict) else None
            raise BadInput(f"not a bgkit game log (format {found!r}, expected {LOG_FORMAT!r})", source)

        def bad(problem: str) -> BadInput:
            return BadInput(f"corrupt game log: {problem}", source)

        for key in ("game", "players", "setup", "seats", "names", "actions"):
            if key not in data:
                raise bad(f"it has no {key!r}")
        players = data["players"]
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_SEATS:
            raise bad(f"players must be a whole number 1-{MAX_SEATS}, not {players!r}")
        if not isinstance(data["game"], str) or not data["game"]:
            raise bad(f"game must be a game id, not {data['game']!r}")
        if not isinstance(data["setup"], dict):
            raise bad("setup must be a table")
        for key in ("seats", "names"):
            value = data[key]
            if not isinstance(value, list) or len(value) != players or not all(isinstance(v, str) and v for v in value):
                raise bad(f"{key} must list a name for each of the {players} players")
        if len(set(data["names"])) != players:
            raise bad("two seats have the same name")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
            raise bad(f"seed must be a whole number, not {seed!r}")
        options = data.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
            raise bad("options must be a table of texts")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise bad("actions must be a list")
        for number, entry in enumerate(actions, start=1):
            if (not isinstance(entry, list) or len(entry) != 2 or isinstance(entry[0], bool) or not isinstance(entry[0], int)
                    or not CHANCE <= entry[0] < players or not isinstance(entry[1], str)):
                raise bad(f"action {number} must be [seat 0-{players - 1} or -1 for chance, its text], not {entry!r}")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise bad(f"result must be a table, not {result!r}")
        extra = data.get("data")
        if extra is not None and not (isinstance(extra, dict) and isinstance(extra.get("text"), str)):
            raise bad("data must hold the data file's text")
        chance = data.get("chance", "random")
        if chance not in ("random", "table"):
            raise bad(f"chance must be random or table, not {chance!r}")
        setup_from = data.get("setup_from", "seed")
        if not isinstance(setup_from, str):
            raise bad("setup_from must be text")
        bot_seeds = _bot_seeds(data.get("bot_seeds"), players, bad)
        return cls(
            game=data["game"], players=players, setup=data["setup"], seats=list(data["seats"]), names=list(data["names"]),
            seed=seed, options=dict(options), data=extra, actions=[list(a) for a in actions], result=result,
            chance=chance, setup_from=setup_from, bot_seeds=bot_seeds,
        )


def _bot_seeds(seeds: Any, players: int, bad: Callable[[str], BadInput]) -> list[int | None] | None:
    """A log's ``bot_seeds``, checked: per seat, the seed its exec: bot was given (below 2**53), or null."""
    if seeds is None:
        return None
    if not (isinstance(seeds, list) and len(seeds) == players and all(s is None or (type(s) is int and 0 <= s < 2**53) for s in seeds)):
        raise bad(f"bot_seeds must list, for each of the {players} seats, the seed its bot was given (a whole number below 2**53) or null")
    return list(seeds)


def replay(game: Game, runtime: Runtime, log: GameLog, source: str = "log", observers: list[Observer] | None = None,
           stream: random.Random | None = None) -> State:
    """The state after every logged action, through the one driver; BadInput naming the first
    action that is not legal, is logged for the wrong seat or comes after the end. Given the seeded
    ``stream``, every chance outcome must also be the one it draws (``--verify``)."""
    game.info.check_players(log.players)
    state = logged_start(game, log, source)
    return play_log(runtime, state, log, source, observers or [], stream)


def play_log(runtime: Runtime, state: State, log: GameLog, source: str = "log", observers: list[Observer] | None = None,
             stream: random.Random | None = None, narrator: Narrator | None = None) -> State:
    """Apply ``log``'s actions to ``state`` (its start) through the driver, each checked; the final state."""
    entries = LogSource(runtime, log.actions, source, stream, log.seed, max_length(runtime, log.players))
    driver = Driver(runtime, state, [], observers or [], narrator=narrator)
    driver.run(entries, budget=len(log.actions))
    return driver.state


def logged_start(game: Game, log: "GameLog", source: str = "log") -> State:
    """The state a log's setup starts play from, the setup checked first as a setup file is."""
    from bgkit.engine.setups import check_logged_setup

    check_logged_setup(game, log.setup, log.players, log.options, log.seed, source)
    return start_state(game, log.setup, source)


def start_state(game: Game, setup: dict[str, Any], source: str = "setup") -> State:
    """The state a setup starts play from; a setup that does not fit the game is bad input."""
    try:
        return game.new_state(setup)
    except BadInput:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        detail = f"no {exc.args[0]!r}" if isinstance(exc, KeyError) and exc.args else f"{type(exc).__name__}: {exc}"
        raise BadInput(f"the setup does not fit {game.info.name} ({detail})", source) from None


def data_record(path: Path) -> dict[str, str]:
    """A ``--data`` file as the log keeps it: its text, so a replay needs nothing else."""
    import hashlib

    text = Path(path).read_text(encoding="utf-8")
    return {"path": str(Path(path).resolve()), "sha256": hashlib.sha256(text.encode()).hexdigest(), "text": text}


class GameLoader(Protocol):
    """What loads a game by its id (the plugins' registry, a layer above: named by what it does)."""

    def load_game(self, game_id: str, data: Any = None) -> Any: ...


def load_logged_game(registry: GameLoader, log: GameLog) -> Game:
    """The game of a log, with the component data the game was played with, through ``registry``."""
    if log.data is None:
        game: Game = registry.load_game(log.game)
        return game
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "data.toml"  # the logged path is only a note: never a place to write
        path.write_text(log.data["text"], encoding="utf-8")
        game = registry.load_game(log.game, path)
        return game


def chance_stream(seed: int, drawn: int = 0) -> random.Random:
    """The random stream chance outcomes are drawn from, after ``drawn`` outcomes: a resumed game
    (or a replay checking a log) continues exactly where the first left off."""
    rng = random.Random(derive_seed(seed, "chance", 0))
    for _ in range(drawn):
        rng.random()  # sample_chance draws exactly one number per outcome
    return rng


class RandomChance:
    """Chance as the engine draws it by default: ``sample_chance`` from one seeded stream."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random):
        self.rng = rng

    def __call__(self, state: State) -> Any:
        return sample_chance(state, self.rng)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw a chance outcome with its probability: one ``rng.random()``, then ``state.chance_pick``."""
    return state.chance_pick(rng.random())


#: More actions than any game plays (Burgundy: about 550 at 4 players): a state that never ends is
#: a plugin's bug, stopped and said rather than played forever.
MAX_ACTIONS = 100_000


class UndoRequest(Exception):
    """A person asked to take back their last decision."""


class QuitRequest(Exception):
    """A person asked to stop (the game is saved first)."""


class SaveRequest(Exception):
    """A person asked to save now and carry on."""


class RewindRequest(Exception):
    """The people at a real table corrected what they typed in: the game goes back to its first
    ``keep`` logged actions (:meth:`Match.rewind_to`) and is played on from there."""

    def __init__(self, keep: int):
        super().__init__(keep)
        self.keep = keep


#: What a match's driver lets through untouched: a person's requests, Ctrl-C, bad input, a named fault.
MATCH_PASSING = (*PASS_THROUGH, UndoRequest, SaveRequest, QuitRequest, RewindRequest)


def _the_cores_own(seat: Any) -> bool:
    """A trusted seat of the core's own (its bots and the person at the terminal): code of this
    package, which never changes what it is handed (the golden games hold it to that), so it is
    spared the copies; every other seat is handed a clone of the state and a copy of the legal
    list. A greedy bot's decision costs 2-4 % more with the copies (a clone of the state)."""
    return bool(seat.trusted) and type(seat).__module__.startswith("bgkit.")


class SeatSource:
    """The driver's source while a game is played: chance from ``match.chance``, and each seat's
    decision from its ``choose``, handed a new :class:`Decision` (of copies, never the true state,
    for every seat but the core's own: :func:`_the_cores_own`).

    A trusted seat that decides from the legal actions alone (``pick``: the random bot) is handed
    just them. A person's undo is the driver's (:meth:`bgkit.engine.driver.Driver.rewind`), asked
    for by the match; a save is carried out here; then the driver is asked for the next action again.
    """

    def __init__(self, match: "Match"):
        self.match = match
        self.action: Any = None
        seats = match.seats
        self.chance = match.chance
        cls = type(match.state)
        self.legal = match.runtime.turn_functions(cls)[0]
        # chance from the seeded stream: sample_chance's two calls, looked up once
        self.uniform = match.chance.rng.random if type(match.chance) is RandomChance else None
        self.pick_chance = cls.chance_pick
        self.runtime = match.runtime
        histories = match.histories.of if match.histories is not None else {}
        self.chooses, self.checked, self.copied, self.picks, self.rngs, self.histories = [], [], [], [], [], []
        for p, seat in enumerate(seats):  # one pass: a tournament builds this for every game
            pick = seat.pick if seat.trusted else None
            self.chooses.append(seat.choose)
            self.checked.append(not seat.trusted)
            self.copied.append(not _the_cores_own(seat))
            self.picks.append(pick)
            self.rngs.append(None if pick is not None else match._seat_rng(p, seat))
            self.histories.append(histories.get(p))

    def actions(self, state: State) -> Iterator[int]:
        """Each seat (or chance) in turn, its decision (or outcome) in :attr:`action`, until the game ends."""
        match = self.match
        current, legal, pick_chance, uniform, chance = type(state).current_player, self.legal, self.pick_chance, self.uniform, self.chance
        picks, chooses, checked, copied = self.picks, self.chooses, self.checked, self.copied
        rngs, histories, runtime = self.rngs, self.histories, self.runtime
        while True:
            player = current(state)
            stage = "listing the legal actions"
            try:
                if player < 0:
                    if player != CHANCE:
                        return
                    stage = "drawing a chance outcome"
                    action = pick_chance(state, uniform()) if uniform is not None else chance(state)
                else:
                    actions = legal(state)
                    stage = "deciding"
                    pick = picks[player]
                    if pick is not None:
                        action = pick(actions)
                    else:
                        told = histories[player]
                        history = () if told is None else tuple(told)
                        rng = cast(random.Random, rngs[player])  # a seat without ``pick`` has its stream
                        if copied[player]:  # the state cloned and the list copied: what the bot changes is its own
                            decision = Decision(player, list(actions), state.clone(), rng, history, runtime)
                        else:
                            decision = Decision(player, actions, state, rng, history, runtime)
                        action = chooses[player](decision)
                        if checked[player] and action not in actions:
                            if not actions:  # nobody can decide from nothing: the rules in force are at fault
                                raise match._no_actions(player, actions)
                            raise PluginError(f"{match._origin(player)}: seat {match.seats[player].name!r} chose {action!r}, "
                                              "which is not a legal action")
            except UndoRequest:
                action = self._undo(player)
                state = match.driving_state()  # the game played again up to the person's last decision
            except RewindRequest as request:  # a table entry taken back or corrected
                match.rewind_to(request.keep)
                action = AGAIN
                state = match.driving_state()
            except SaveRequest:
                action = self._save(player)
            except (QuitRequest, KeyboardInterrupt, BadInput, PluginError):
                raise
            except BaseException as exc:  # SystemExit too: a plugin does not end bgkit unnamed
                if stage == "deciding":
                    if not actions:  # a seat fails to choose from no action (looked at only then: no cost per decision)
                        raise match._no_actions(player, actions) from exc
                    raise PluginError(f"{match._origin(player, exc)} failed while deciding for seat "
                                      f"{match.seats[player].name!r}: {fault_text(exc)}") from exc
                raise PluginError(f"{match._origin(None, exc)} failed while {stage}: {fault_text(exc)}") from exc
            self.action = action
            yield player

    def _undo(self, player: int) -> Any:
        match = self.match
        try:
            match.undo(player)
        except BadInput as exc:  # not allowed now: the person is told and asked again
            match.seats[player].tell(exc.message)
        return AGAIN

    def _save(self, player: int) -> Any:
        match = self.match
        saved = match.save()
        match.seats[player].tell(f"saved to {saved}", error=False)
        return AGAIN


class RevealTracker(Observer):
    """Whether each logged action showed something new (``Match.revealed``), for undo."""

    def __init__(self, revealed: list[bool]):
        self.revealed = revealed

    def before(self, state: State, player: int, action: Any, text: str) -> None:
        self.revealed.append(state.reveals(action))


class Saver(Observer):
    """Saves the match after a person's decision (or typed-in chance) at once, bot moves at most once a second."""

    def __init__(self, match: "Match"):
        self.match = match

    def after(self, state: State, player: int, text: str) -> None:
        match = self.match
        if match.save_path is not None and (match._person_decided(player) or time.monotonic() - match._saved_at >= 1.0):
            match.save()


@dataclass
class Match:
    """One game in progress: its state, its log, who decides, and where it is saved.

    Each seat is handed a :class:`Decision` (never the true state). When someone listens
    (``listeners``: people at the terminal), every action is told as an :class:`Event`, private
    ones by their public text, and sealed choices are revealed when their stage ends. Seats that
    want their history (``wants_history``) have it kept by the driver (``histories``).
    """

    game: Game
    runtime: Runtime
    state: State
    log: GameLog
    seats: list[Seat]
    chance: Callable[[State], Any]
    save_path: Path | None = None
    listeners: list[Callable[[Event], None]] = field(default_factory=list)
    watchers: list[Observer] = field(default_factory=list)  # more observers of a played game (a real table's)
    view_rngs: list[random.Random | None] = field(default_factory=list)  # per seat: where its determinisations come from
    revealed: list[bool] = field(default_factory=list)  # per logged action: did it show something new?
    seat_plugins: list[str] = field(default_factory=list)  # per seat: the plugin whose bot sits there ("" for the core's)
    screen: Any = None  # the terminal people share (bgkit.terminal.human.Screen), if any
    histories: SeatHistories | None = None  # what each seat that wants it has been told
    narrator: Narrator = field(default_factory=Narrator)  # carried from one step to the next (a sealed stage spans steps)
    secret_seed: bool = False  # people play with something hidden ahead: no file name made here shows the seed
    _saved_at: float = 0.0
    _source: SeatSource | None = None
    _driving: Driver | None = None
    _undos: int = 0  # how many undos were made (each takes entries back from the log)

    def __post_init__(self) -> None:
        self.seats = [seated(seat) for seat in self.seats]

    def play(self) -> Any:
        """Play to the end and return the ScoreResult of the sheet exported from the final state.

        The calls into plugin code that a bot's or a person's turn makes are guarded one by one
        (:class:`SeatSource`, :class:`bgkit.engine.driver.Driver`); whatever else goes wrong while the
        game's state is driven (its current player, its end, a value of the wrong type it hands
        back, the final scoring) is the game plugin's fault too, and is said in one line naming it,
        so the caller can keep the save.
        """
        try:
            self.run()
            return self.finish()
        except (UndoRequest, SaveRequest, QuitRequest, RewindRequest, KeyboardInterrupt, BadInput, PluginError):
            raise
        except BaseException as exc:  # SystemExit too: a plugin does not end bgkit unnamed
            raise PluginError(f"{self._origin(None, exc)} failed while playing: {fault_text(exc)}") from exc

    def _lean(self) -> bool:
        """Bots alone -- nobody seated, nobody listening, no save file, chance from the seeded
        stream, no seat asking for its history: the driver runs without observers."""
        return not (
            self.listeners
            or self.watchers
            or self.save_path is not None
            or self.histories is not None
            or type(self.chance) is not RandomChance
            or any(seat.person for seat in self.seats)
        )

    def _driver(self, observers: list[Observer]) -> Driver:
        return Driver(self.runtime, self.state, self.log.actions, observers, self._game_origin, MATCH_PASSING, self.narrator)

    def _game_origin(self, exc: BaseException | None = None) -> str:
        return self._origin(None, exc)

    def _observers(self) -> list[Observer]:
        observers: list[Observer] = [RevealTracker(self.revealed)]
        observers += [Listener(tell) for tell in self.listeners]
        observers += self.watchers
        if self.histories is not None:
            observers.append(self.histories)
        observers.append(Saver(self))
        return observers

    def run(self, limit: int | None = None) -> None:
        """Play until the game is over (``play`` without the scoring); RuntimeError if it has not
        ended after ``limit`` more actions (a guard for benchmarks and tests).

        Without a limit, a game that declares a maximum length (its action space's
        ``max_game_length``, in decisions) is over once it has played that many, ended or not
        (:func:`limit_reached`: it then has no winner); a game that declares none and never
        ends is the plugin's bug, stopped once the log holds more than MAX_ACTIONS actions, as
        PluginError."""
        lean = self._lean()
        driver = self._driver([] if lean else self._observers())
        before = len(self.log.actions)
        source = SeatSource(self)
        try:  # a source of its own, not kept: it refers back to the match, and a finished game
            # that held it would be left, with everything it allocated, to the garbage collector
            cap = None if limit is not None else max_length(self.runtime, self.log.players)
            if cap is None:
                budget = limit if limit is not None else MAX_ACTIONS + 1 - len(self.log.actions)
                self._drive(driver, source, budget, lambda: self._too_long(limit))
                return
            self._play_to(cap, driver, source)
        finally:
            if lean:  # nobody can undo a bot's move: as after a resume, nothing before can be taken back
                self.revealed.extend([True] * (len(self.log.actions) - before))

    def _play_to(self, cap: int, driver: Driver, source: Source) -> None:
        """Play until the game ends or ``cap`` decisions are in the log; PluginError beyond
        MAX_ACTIONS actions (a state whose chance never ends). Each run of the driver may apply as
        many actions as decisions are left (chance outcomes make it end early, never late), so
        nothing is counted per action; only each run's new entries are counted after it."""
        actions = self.log.actions
        made = decisions_in(actions)
        while made < cap and not self.state.is_terminal():
            room = MAX_ACTIONS + 1 - len(actions)
            if room <= 0:
                self._too_long(None)
            start, undos = len(actions), self._undos
            self._drive(driver, source, min(cap - made, room), None)
            # a person's undo takes entries back: then count them all again
            made = made + decisions_in(actions[start:]) if self._undos == undos else decisions_in(actions)

    def _drive(self, driver: Driver, source: Source, budget: int, on_exhausted: Callable[[], None] | None) -> None:
        self._driving = driver  # a person's undo is asked of it (see undo)
        try:
            driver.run(source, budget, on_exhausted)
        finally:
            self._driving = None
            self.state, self.narrator = driver.state, driver.narrator  # an undo replaced both

    def driving_state(self) -> State:
        """The state of the game being driven (after an undo, the game played again)."""
        return self._driving.state if self._driving is not None else self.state

    def step(self) -> None:
        """Decide and apply one action (a person's undo or save request counts as the step)."""
        if self._source is None:
            self._source = SeatSource(self)
        self._drive(self._driver(self._observers()), self._source, 1, None)

    def _too_long(self, limit: int | None) -> None:
        if limit is not None:
            raise RuntimeError(f"the game did not end after {limit} actions")
        raise PluginError(f"{self._origin(None)}: the game has not ended after {MAX_ACTIONS:,} actions")

    def _no_actions(self, player: int, actions: Any) -> PluginError:
        """The legal actions of a game that has not ended are empty: one line naming whose rules
        gave them (a house rule's ``bgkit_legal_actions``, else the game's ``legal_actions``)."""
        hook = getattr(self.game, "hooks", None)
        rules = [impl.plugin_name for impl in hook.bgkit_legal_actions.get_hookimpls()
                 if impl.plugin_name != CORE_GAME_HOOKS] if self.runtime.turn_hooked and hook is not None else []
        if rules:
            whose = f"plugin {', '.join(map(repr, rules))} (a house rule: its bgkit_legal_actions)"
        else:
            whose = f"{self._origin(None)} (its legal_actions)"
        shown = repr(actions)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return PluginError(f"{whose} returned {shown} for {who(player)}, but the game has not ended: nobody can decide from "
                           "no legal action")

    def _origin(self, seat: int | None, exc: BaseException | None = None) -> str:
        """Whose code it is: the plugin of the bot in ``seat``, else the plugin whose code raised
        ``exc`` (a house rule's hook), else the game's plugin."""
        plugins = self.seat_plugins
        if seat is not None and seat < len(plugins) and plugins[seat]:
            return f"plugin {plugins[seat]!r}"
        return f"plugin {(self.game.blame(exc) if exc is not None else None) or self.game.info.plugin or self.game.info.id!r}"

    def _seat_rng(self, player: int, seat: Seat) -> random.Random:
        """The stream a seat's determinisation is drawn from: its own ``rng``, or one seeded for it."""
        rngs = self.view_rngs
        if len(rngs) <= player or rngs[player] is None:
            while len(rngs) <= player:
                rngs.append(None)
            rngs[player] = seat.rng or random.Random(derive_seed(self.log.seed or 0, "view", player))
        return rngs[player]  # type: ignore[return-value]

    def _person_decided(self, player: int) -> bool:
        """A person's decision (or typed-in dice) is saved at once; bot moves at most once a second."""
        if player == CHANCE:
            return getattr(self.chance, "person", False)  # typed-in dice (TableChance)
        return self.seats[player].person

    def undo(self, player: int) -> None:
        """Take back ``player``'s last decision and everything after it, if nothing was revealed
        since: the driver plays the game again up to there (:meth:`Driver.rewind`), each seat that
        keeps a history told it again from the start."""
        last = max((i for i, (p, _) in enumerate(self.log.actions) if p == player), default=None)
        if last is None:
            raise BadInput("nothing of yours to undo")
        if any(self.revealed[last:]) or any(p == CHANCE for p, _ in self.log.actions[last + 1 :]):
            raise BadInput("cannot undo: something was revealed since your last decision")
        undone = [text for _, text in self.log.actions[last:]]
        self.rewind_to(last)
        self.seats[player].tell(f"undone: {' · '.join(undone)}", error=False)

    def rewind_to(self, keep: int) -> None:
        """Take back every logged action after the first ``keep``: the driver plays the game again up
        to there (:meth:`Driver.rewind`), each seat that keeps a history told it again from the
        start, the screen's news of what was taken back forgotten; saved at once when saving."""
        del self.revealed[keep:]
        observers: list[Observer] = []
        if self.histories is not None:  # told again from the start, as the replayed game tells it
            for history in self.histories.of.values():
                history.clear()
            observers.append(self.histories)
        self._undos += 1
        driver = self._driving or self._driver([])  # between runs: a driver of the match's own for the undo
        driver.rewind(start_state(self.game, self.log.setup), keep, observers)
        self.state, self.narrator = driver.state, driver.narrator
        if self.screen is not None:
            self.screen.forget()
        if self.save_path is not None:
            self.save()

    def states_along(self, keep: int, observer: Observer) -> State:
        """The game played again, apart, through its first ``keep`` logged actions, each told to
        ``observer``; the state reached (the match's own is untouched)."""
        again = Driver(self.runtime, start_state(self.game, self.log.setup), [], [observer], self._game_origin, MATCH_PASSING)
        again.run(LogSource(self.runtime, self.log.actions[:keep], "log"), budget=keep)
        return again.state

    def save(self, path: Path | None = None) -> Path:
        from bgkit.model.savefile import write_json

        target = path or self.save_path
        if target is None:  # never overwrite another game's save: the first free name, kept from then on
            stem = self.log.game if self.secret_seed else f"{self.log.game}-{self.log.seed}"
            target = Path(f"{stem}.bgkit.json")
            n = 2
            while target.exists():
                target, n = Path(f"{stem}-{n}.bgkit.json"), n + 1
            self.save_path = target
        write_json(target, self.log.to_dict())
        self._saved_at = time.monotonic()
        return target

    def finish(self) -> ScoreResult:
        """Score the final state through the scoring in force (or, for a game stopped at its maximum
        length, say it has no winner), record it in the log and return it."""
        result = game_result(self.game, self.runtime, self.state, self.log)
        if result is None:
            raise PluginError(f"{self._origin(None)}: the game is scored before it has ended")
        self.log.result = result_record(result, self.log.actions)
        if self.save_path is not None:
            self.save()
        return result


def result_record(result: ScoreResult, actions: list[list[Any]]) -> dict[str, Any]:
    """What a log records of a finished game's result (``--verify`` compares it whole)."""
    return {
        "scores": result.totals,
        "ranks": result.ranks,
        "winners": result.winners,
        "decided_by": result.decided_by,
        "decisions": decisions_in(actions),
    }


def decisions_in(actions: list[list[Any]]) -> int:
    """How many of a log's ``[player, text]`` actions are the seats' decisions (not chance)."""
    return len(actions) - list(map(itemgetter(0), actions)).count(CHANCE)


def max_length(runtime: Runtime, players: int) -> int | None:
    """The most decisions a game of ``players`` plays (its action space's ``max_game_length``), or
    None when it declares none."""
    space = runtime.action_space(players)
    return None if space is None else space.max_length


def limit_reached(runtime: Runtime, state: State, actions: list[list[Any]]) -> int | None:
    """The game's maximum length when ``state``, not ended by the rules, has played it (the game is
    then over, with no winner: :func:`bgkit.model.ranking.stopped_result`); else None."""
    if state.is_terminal():
        return None
    cap = max_length(runtime, state.num_players)
    return cap if cap is not None and decisions_in(actions) >= cap else None


def game_result(game: Game, runtime: Runtime, state: State, log: GameLog) -> ScoreResult | None:
    """The result of a game that is over: the final state scored through the scoring in force, or
    for a game stopped at its maximum length the no-winner result; None while it goes on."""
    if state.is_terminal():
        return final_result(game, state, log.names)
    cap = limit_reached(runtime, state, log.actions)
    if cap is None:
        return None
    from bgkit.model.ranking import stopped_result

    return stopped_result(game.info.id, log.names, cap)
