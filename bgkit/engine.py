"""Driving one game: seats decide, chance is sampled (or typed in), every action is logged.

The log is the setup plus every action text, chance outcomes included, so a game replays exactly
without the seed (:func:`replay`). Saves are the log written atomically after each decision;
``--resume`` replays the log and carries on.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol

from bgkit import __version__
from bgkit.errors import BadInput, PluginError
from bgkit.game import CHANCE, Game, State
from bgkit.rules import Rules
from bgkit.savefile import LOG_FORMAT



def derive_seed(master: int, *parts: object) -> int:
    """A seed for one purpose (a game, a seat's bot, chance) from a master seed; the same everywhere.

    ``random.Random`` seeded with a string hashes it with SHA-512, stable across machines and runs.
    """
    return random.Random(":".join(map(str, (master, *parts)))).getrandbits(63)


class Seat(Protocol):
    """Whoever decides for one player: a bot or a person.

    ``choose`` gets a :class:`Decision`: the legal actions and what this seat may know — never the
    true state. A seat with an ``rng`` has its determinisation drawn from it, so its decisions
    depend on its own seed alone.
    """

    name: str

    def choose(self, decision: "Decision") -> Any: ...


class Decision:
    """One decision handed to a seat: ``player``, the legal ``actions``, and ``state``, a
    determinisation for ``player`` (everything the seat cannot see resampled), made on first use.

    ``sample(rng)`` draws a fresh determinisation (a search makes one per iteration). The true
    state is held only to sample from: a seat reads ``state``, ``sample`` and ``view``, which show
    nothing its player may not see, so a bot cannot peek. A random bot that reads only
    ``actions`` costs no determinisation at all.
    """

    __slots__ = ("player", "actions", "_source", "_rng", "_state")

    def __init__(self, player: int, actions: list, source: State, rng: random.Random):
        self.player = player
        self.actions = actions
        self._source = source
        self._rng = rng
        self._state: State | None = None

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self._source.determinize(self.player, self._rng)
        return self._state

    def sample(self, rng: random.Random) -> State:
        return self._source.determinize(self.player, rng)

    def view(self) -> dict:
        return self._source.view(self.player)


def decision_for(state: State, player: int, actions: list, rng: random.Random) -> Decision:
    """A :class:`Decision` for ``player`` at ``state``."""
    return Decision(player, actions, state, rng)


@dataclass(frozen=True)
class Event:
    """One action (or chance outcome) as the people at the table learn of it.

    Seats in ``audience`` (None: everyone) see ``text``; the others are told ``public``. A sealed
    choice is told again as a ``reveal``, to everyone, once the last choice of its stage is in.
    """

    number: int  # 1-based position of the action in the log
    player: int  # the seat that decided, or CHANCE
    text: str
    audience: frozenset[int] | None
    public: str
    reveal: bool = False

    def seen_by(self, seat: int | None) -> str:
        """What ``seat`` is told (None: a spectator outside every private audience)."""
        if self.audience is None or (seat is not None and seat in self.audience):
            return self.text
        return self.public

    def shown_to(self, seats: Iterable[int]) -> str:
        """What can be said in front of all of ``seats`` at once (a shared screen)."""
        seats = list(seats)
        if self.audience is None or (seats and all(s in self.audience for s in seats)):
            return self.text
        return self.public


class Narrator:
    """Turns each applied action into :class:`Event` s, revealing a sealed stage when it ends."""

    def __init__(self) -> None:
        self.sealed: list[Event] = []
        self.count = 0

    def before(self, state: State, player: int, action: Any, text: str) -> Event:
        """The event of ``action``, read from ``state`` just before it is applied."""
        self.count += 1
        audience = state.audience(action)
        public = text if audience is None else state.public_text(action)
        event = Event(self.count, player, text, audience, public)
        if player != CHANCE and state.is_sealed():
            self.sealed.append(event)
        return event

    def after(self, state: State) -> list[Event]:
        """The reveals due once the action is applied: a sealed stage that has just ended."""
        if not self.sealed or state.is_sealed():
            return []
        reveals = [replace(e, audience=None, public=e.text, reveal=True) for e in self.sealed]
        self.sealed = []
        return reveals


def replay_events(game: Game, rules: Rules, log: "GameLog") -> Iterator[tuple[Event, State]]:
    """Every event of a logged game with the state after it (``bgkit replay --as SEAT``)."""
    state = start_state(game, log.setup)
    narrator = Narrator()
    for player, text in log.actions:
        action = parse_action(rules, state, text)
        event = narrator.before(state, player, action, text)
        rules.apply(state, action)
        yield event, state
        for reveal in narrator.after(state):
            yield reveal, state


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
    setup: dict
    seats: list[str]
    names: list[str]
    seed: int | None = None
    options: dict[str, str] = field(default_factory=dict)
    data: dict | None = None  # a --data file: {"path", "sha256", "text"}, so the log replays anywhere
    actions: list[list] = field(default_factory=list)  # [player or -1 for chance, action text]
    result: dict | None = None
    chance: str = "random"
    setup_from: str = "seed"

    def to_dict(self) -> dict:
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
        }

    @classmethod
    def from_dict(cls, data: dict, source: str = "log") -> "GameLog":
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
        return cls(
            game=data["game"], players=players, setup=data["setup"], seats=list(data["seats"]), names=list(data["names"]),
            seed=seed, options=dict(options), data=extra, actions=[list(a) for a in actions], result=result,
            chance=chance, setup_from=setup_from,
        )


def replay(game: Game, rules: Rules, log: GameLog, source: str = "log") -> State:
    """The state after every logged action; BadInput naming the first action that is not legal."""
    game.info.check_players(log.players)
    state = logged_start(game, log, source)
    for index, (player, text) in enumerate(log.actions):
        if state.is_terminal():
            raise BadInput(f"action {index + 1} ({text!r}) comes after the end of the game", source)
        expected = state.current_player()
        if player != expected:
            raise BadInput(
                f"action {index + 1} ({text!r}) is logged for {_who(player)} but {_who(expected)} decides", source
            )
        try:
            action = parse_action(rules, state, text)
        except BadInput as exc:
            raise BadInput(f"action {index + 1}: {exc.message}", source) from None
        rules.apply(state, action)
    return state


def logged_start(game: Game, log: "GameLog", source: str = "log") -> State:
    """The state a log's setup starts play from, the setup checked first as a setup file is."""
    from bgkit.setups import check_logged_setup

    check_logged_setup(game, log.setup, log.players, log.options, log.seed, source)
    return start_state(game, log.setup, source)


def start_state(game: Game, setup: dict, source: str = "setup") -> State:
    """The state a setup starts play from; a setup that does not fit the game is bad input."""
    try:
        return game.new_state(setup)
    except BadInput:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        detail = f"no {exc.args[0]!r}" if isinstance(exc, KeyError) and exc.args else f"{type(exc).__name__}: {exc}"
        raise BadInput(f"the setup does not fit {game.info.name} ({detail})", source) from None


def parse_action(rules: Rules, state: State, text: str) -> Any:
    """The action a logged or typed ``text`` names, legal under the active turn hooks."""
    if state.is_chance() or not rules.hooked:
        return state.parse_action(text)
    for action in rules.legal_actions(state):
        if state.action_text(action) == text:
            return action
    raise BadInput(f"{text!r} is not legal here")


def data_record(path: Path) -> dict:
    """A ``--data`` file as the log keeps it: its text, so a replay needs nothing else."""
    import hashlib

    text = Path(path).read_text(encoding="utf-8")
    return {"path": str(Path(path).resolve()), "sha256": hashlib.sha256(text.encode()).hexdigest(), "text": text}


def load_logged_game(registry: Any, log: GameLog) -> Game:
    """The game of a log, with the component data the game was played with, through ``registry``."""
    if log.data is None:
        return registry.load_game(log.game)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "data.toml"  # the logged path is only a note: never a place to write
        path.write_text(log.data["text"], encoding="utf-8")
        return registry.load_game(log.game, path)


def _who(player: int) -> str:
    return "chance" if player == CHANCE else f"player {player + 1}"


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


def sample_chance(state: State, rng: random.Random) -> Any:
    """Draw a chance outcome with its probability: one ``rng.random()``, then ``state.chance_pick``."""
    return state.chance_pick(rng.random())


#: More actions than any game plays (Burgundy: about 550 at 4 players): a state that never ends is
#: a plugin's bug, stopped and said rather than played forever.
MAX_ACTIONS = 100_000


def fault_text(exc: BaseException) -> str:
    """An exception from plugin code as one short line: its type and the first line of its message."""
    lines = str(exc).strip().splitlines()
    message = lines[0][:200] if lines else ""
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


class UndoRequest(Exception):
    """A person asked to take back their last decision."""


class QuitRequest(Exception):
    """A person asked to stop (the game is saved first)."""


class SaveRequest(Exception):
    """A person asked to save now and carry on."""


@dataclass
class Match:
    """One game in progress: its state, its log, who decides, and where it is saved.

    Each seat is handed a :class:`Decision` (never the true state). When someone listens
    (``listeners``: people at the terminal), every action is told as an :class:`Event`, private
    ones by their public text, and sealed choices are revealed when their stage ends.
    """

    game: Game
    rules: Rules
    state: State
    log: GameLog
    seats: list[Seat]
    chance: Callable[[State], Any]
    save_path: Path | None = None
    listeners: list[Callable[[Event], None]] = field(default_factory=list)
    view_rngs: list[random.Random | None] = field(default_factory=list)  # per seat: where its determinisations come from
    revealed: list[bool] = field(default_factory=list)  # per logged action: did it show something new?
    narrator: Narrator = field(default_factory=Narrator)
    seat_plugins: list[str] = field(default_factory=list)  # per seat: the plugin whose bot sits there ("" for the core's)
    screen: Any = None  # the terminal people share (bgkit.human.Screen), if any
    _saved_at: float = 0.0

    def play(self) -> Any:
        """Play to the end and return the ScoreResult of the sheet exported from the final state.

        The calls into plugin code that a bot's or a person's turn makes are guarded one by one
        (:meth:`_guarded`, :meth:`apply`); whatever else goes wrong while the game's state is driven
        (its current player, its end, a value of the wrong type it hands back, the final scoring) is
        the game plugin's fault too, and is said in one line naming it, so the caller can keep the save.
        """
        try:
            self.run()
            return self.finish()
        except (UndoRequest, SaveRequest, QuitRequest, KeyboardInterrupt, BadInput, PluginError):
            raise
        except BaseException as exc:  # SystemExit too: a plugin does not end bgkit unnamed
            raise PluginError(f"{self._origin(None, exc)} failed while playing: {fault_text(exc)}") from exc

    def run(self, limit: int | None = None) -> None:
        """Play until the game ends (``play`` without the scoring); RuntimeError if it has not
        ended after ``limit`` more actions (a guard for benchmarks and tests).

        Bots alone -- nobody seated, nobody listening, no save file, chance from the seeded
        stream -- take a lean loop: the same calls in the same order as ``step``, with the
        same errors, and nothing a run without people needs (no events, no reveal checks).
        """
        # Without a limit, a state that never ends is the plugin's bug: stopped once the log holds
        # more than MAX_ACTIONS actions, as PluginError.
        budget = limit if limit is not None else MAX_ACTIONS + 1 - len(self.log.actions)
        if (
            self.listeners
            or self.save_path is not None
            or type(self.chance) is not RandomChance
            or any(getattr(seat, "person", False) for seat in self.seats)
        ):
            while not self.state.is_terminal():
                budget -= 1
                if budget < 0:
                    self._too_long(limit)
                self.step()
            return
        before = len(self.log.actions)
        try:
            self._run_bots(budget, limit)
        finally:  # nobody can undo a bot's move: as after a resume, nothing before can be taken back
            self.revealed.extend([True] * (len(self.log.actions) - before))

    def _too_long(self, limit: int | None) -> None:
        if limit is not None:
            raise RuntimeError(f"the game did not end after {limit} actions")
        raise PluginError(f"{self._origin(None)}: the game has not ended after {MAX_ACTIONS:,} actions")

    def _run_bots(self, budget: int, limit: int | None) -> None:
        state = self.state
        cls = type(state)
        current = cls.current_player
        text_of = cls.action_text
        rules = self.rules
        if rules.hooked:
            legal, apply = rules.legal_actions, rules.apply
        else:
            legal, apply = cls.legal_actions, cls.apply
        seats = self.seats
        # The core's own bots (trusted) keep no decision once they have chosen, so each of them
        # is handed one Decision, renewed in place; any other seat gets a new one every time.
        # One that decides from the legal actions alone (``pick``: the random bot) gets just them.
        chooses, checked, rngs, mine, picks = [], [], [], [], []
        for p, seat in enumerate(seats):
            trusted = getattr(seat, "trusted", False)
            pick = getattr(seat, "pick", None) if trusted else None
            chooses.append(seat.choose)
            checked.append(not trusted)
            picks.append(pick)
            rng = None if pick is not None else self._seat_rng(p, seat)
            rngs.append(rng)
            mine.append(Decision(p, [], state, rng) if trusted and pick is None else None)
        pick_chance, uniform = cls.chance_pick, self.chance.rng.random  # sample_chance's calls, looked up once
        log = self.log.actions
        new = object.__new__
        what = None
        player = CHANCE
        try:
            while True:
                what = None
                budget -= 1
                if budget < 0:
                    self._too_long(limit)
                player = current(state)
                if player == CHANCE:
                    what = "drawing a chance outcome"
                    action = pick_chance(state, uniform())
                elif player < 0:
                    return
                else:
                    what = "listing the legal actions"
                    actions = legal(state)
                    pick = picks[player]
                    if pick is not None:
                        what = "deciding"
                        action = pick(actions)
                        what = "applying"
                        text = text_of(state, action)
                        apply(state, action)
                        log.append([player, text])
                        continue
                    decision = mine[player]
                    if decision is None:
                        decision = new(Decision)  # Decision(player, actions, state, rng), without a call
                        decision.player, decision._source, decision._rng = player, state, rngs[player]
                    decision.actions, decision._state = actions, None
                    what = "deciding"
                    action = chooses[player](decision)
                    if checked[player] and action not in actions:
                        what = None
                        raise PluginError(
                            f"{self._origin(player)}: seat {seats[player].name!r} chose {action!r}, which is not a legal action"
                        )
                what = "applying"
                text = text_of(state, action)
                apply(state, action)
                log.append([player, text])
        except (UndoRequest, SaveRequest, QuitRequest, KeyboardInterrupt, BadInput, PluginError):
            raise
        except BaseException as exc:
            if what is None:
                raise
            if what == "deciding":
                where, what = player, f"deciding for seat {seats[player].name!r}"
            elif what == "applying":
                where, what = None, f"applying {action!r}"
            else:
                where = None
            raise PluginError(f"{self._origin(where, exc)} failed while {what}: {fault_text(exc)}") from exc

    def step(self) -> None:
        state = self.state
        player = state.current_player()
        try:
            if player == CHANCE:
                action = self._guarded(self.chance, state, what="drawing a chance outcome")
            else:
                seat = self.seats[player]
                actions = self._guarded(self.rules.legal_actions, state, what="listing the legal actions")
                decision = Decision(player, actions, state, self._seat_rng(player, seat))
                action = self._guarded(seat.choose, decision, what=f"deciding for seat {seat.name!r}", seat=player)
                if not getattr(seat, "trusted", False) and action not in actions:
                    raise PluginError(f"{self._origin(player)}: seat {seat.name!r} chose {action!r}, which is not a legal action")
        except UndoRequest:
            try:
                self.undo(player)
            except BadInput as exc:  # not allowed now: the person is told and asked again
                self.seats[player].tell(exc.message)
            return
        except SaveRequest:
            where = self.save()
            if player >= 0 and hasattr(self.seats[player], "tell"):
                self.seats[player].tell(f"saved to {where}", error=False)
            return
        self.apply(player, action)

    def _guarded(self, function: Callable, *args: Any, what: str, seat: int | None = None) -> Any:
        """Call plugin code; what it raises (but a person's requests and bad input) names the plugin."""
        try:
            return function(*args)
        except (UndoRequest, SaveRequest, QuitRequest, KeyboardInterrupt, BadInput, PluginError):
            raise
        except BaseException as exc:
            raise PluginError(f"{self._origin(seat, exc)} failed while {what}: {fault_text(exc)}") from exc

    def _origin(self, seat: int | None, exc: BaseException | None = None) -> str:
        """Whose code it is: the plugin of the bot in ``seat``, else the plugin whose code raised
        ``exc`` (a house rule's hook), else the game's plugin."""
        from bgkit.plugins import culprit

        plugins = getattr(self, "seat_plugins", None) or []
        if seat is not None and seat < len(plugins) and plugins[seat]:
            return f"plugin {plugins[seat]!r}"
        return f"plugin {(culprit(exc) if exc is not None else None) or self.game.info.plugin or self.game.info.id!r}"

    def _seat_rng(self, player: int, seat: Seat) -> random.Random:
        """The stream a seat's determinisation is drawn from: its own ``rng``, or one seeded for it."""
        rngs = self.view_rngs
        if len(rngs) <= player or rngs[player] is None:
            while len(rngs) <= player:
                rngs.append(None)
            rngs[player] = getattr(seat, "rng", None) or random.Random(derive_seed(self.log.seed or 0, "view", player))
        return rngs[player]

    def apply(self, player: int, action: Any) -> None:
        state = self.state
        try:
            text = state.action_text(action)
            self.revealed.append(state.reveals(action))
            event = self.narrator.before(state, player, action, text) if self.listeners else None
            self.rules.apply(state, action)
        except (BadInput, PluginError, KeyboardInterrupt):
            raise
        except BaseException as exc:
            raise PluginError(f"{self._origin(None, exc)} failed while applying {action!r}: {fault_text(exc)}") from exc
        self.log.actions.append([player, text])
        if event is not None:
            for listener in self.listeners:
                listener(event)
            for reveal in self.narrator.after(state):
                for listener in self.listeners:
                    listener(reveal)
        if self.save_path is not None and (self._person_decided(player) or time.monotonic() - self._saved_at >= 1.0):
            self.save()

    def _person_decided(self, player: int) -> bool:
        """A person's decision (or typed-in dice) is saved at once; bot moves at most once a second."""
        return getattr(self.chance if player == CHANCE else self.seats[player], "person", False)

    def undo(self, player: int) -> None:
        """Take back ``player``'s last decision and everything after it, if nothing was revealed since."""
        last = max((i for i, (p, _) in enumerate(self.log.actions) if p == player), default=None)
        if last is None:
            raise BadInput("nothing of yours to undo")
        if any(self.revealed[last:]) or any(p == CHANCE for p, _ in self.log.actions[last + 1 :]):
            raise BadInput("cannot undo: something was revealed since your last decision")
        undone = [text for _, text in self.log.actions[last:]]
        del self.log.actions[last:]
        del self.revealed[last:]
        self.state = replay(self.game, self.rules, self.log)
        self.narrator = Narrator()
        self.narrator.count = len(self.log.actions)
        if self.save_path is not None:
            self.save()
        seat = self.seats[player]
        if hasattr(seat, "tell"):
            seat.tell(f"undone: {' · '.join(undone)}", error=False)

    def save(self, path: Path | None = None) -> Path:
        from bgkit.savefile import write_json

        target = path or self.save_path
        if target is None:  # never overwrite another game's save: the first free name, kept from then on
            target = Path(f"{self.log.game}-{self.log.seed}.bgkit.json")
            n = 2
            while target.exists():
                target, n = Path(f"{self.log.game}-{self.log.seed}-{n}.bgkit.json"), n + 1
            self.save_path = target
        write_json(target, self.log.to_dict())
        self._saved_at = time.monotonic()
        return target

    def finish(self) -> Any:
        """Score the final state through the scoring hook, record it in the log and return it."""
        result = final_result(self.game, self.state, self.log.names)
        self.log.result = {
            "scores": result.totals,
            "ranks": result.ranks,
            "winners": result.winners,
            "decided_by": result.decided_by,
            "decisions": len(self.log.actions) - list(map(itemgetter(0), self.log.actions)).count(CHANCE),
        }
        if self.save_path is not None:
            self.save()
        return result


def final_result(game: Game, state: State, names: list[str], check: bool = False) -> Any:
    """The final state exported as the sheet a person would fill in, scored by the scoring hook.

    When no plugin extends ``bgkit_score`` (the way :mod:`bgkit.rules` looks at the turn hooks)
    the game's own export is scored by the game's own code directly: each field takes the value
    exported (its default when left out), without the checks a typed sheet needs (each value's
    type and range, names, the game's ``check_sheet``) or the hook dispatch. Those checks are for
    what a person types; the export is the game's own code, and the conformance suite holds every
    game to the same result, JSON for JSON (``check=True`` takes the validated path, which it
    compares, so an export that validation would reject fails there).
    """
    from bgkit.rules import hooks_extended
    from bgkit.sheets import Sheet, sheet_from_data

    data = game.sheet_from_state(state)
    for row, name in zip(data["player"], names):
        row["name"] = name
    if check or hooks_extended(game.hooks, "bgkit_score"):
        sheet = sheet_from_data(game, data, "<final state>")
        return game.hooks.bgkit_score(game=game, sheet=sheet)
    rows = data["player"]
    fields = game._fields("sheet_fields", len(rows))
    table_fields = game._fields("sheet_game_fields", len(rows), default=lambda p: [])
    sheet = Sheet(  # the values as exported, in the fields' order, as validation would hand them on
        game=game.info.id,
        names=[row["name"] for row in rows],
        players=[{f.name: row.get(f.name, f.default) for f in fields} for row in rows],
        fields={f.name: data.get(f.name, f.default) for f in table_fields},
        source="<final state>",
    )
    return game.score_sheet(sheet)
