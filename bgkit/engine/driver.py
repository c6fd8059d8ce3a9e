"""The one loop every game runs through: play, replay, verify, resume and undo.

A :class:`Driver` takes each action from a *source* (the seats and chance of a game being played,
or the entries of a log being replayed), applies it through the game's runtime, appends its text
to the log, and tells its *observers* (the narrator's events for a screen and for the seats'
histories, the reveal tracker that undo reads, the saver). With no observers it is the lean loop a
bot tournament runs: nothing is narrated, nothing is saved, only the calls the game needs.

What a seat has been told is a service of the driver, not of a screen: :class:`SeatHistories`
keeps, per seat, every event as that seat learnt of it (:class:`Told`), which a
:class:`bgkit.engine.match.Decision` hands to its bot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Protocol

from bgkit.model.errors import BadInput, PluginError, fault_text
from bgkit.model.game import CHANCE

if TYPE_CHECKING:
    import random

    from bgkit.model.game import Action, State
    from bgkit.engine.runtime import Runtime


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

    def told_to(self, seat: int) -> "Told":
        return Told(self.number, self.player, self.seen_by(seat), self.reveal)


@dataclass(frozen=True)
class Told:
    """One entry of a seat's history: the ``number``-th action of the log, decided by ``player``
    (a seat, or :data:`bgkit.model.game.CHANCE`), in the ``text`` this seat was told; ``reveal`` marks a
    sealed choice told again, in full, once its stage ended."""

    number: int
    player: int
    text: str
    reveal: bool = False


class Narrator:
    """Turns each applied action into :class:`Event` s, revealing a sealed stage when it ends."""

    def __init__(self, count: int = 0) -> None:
        self.sealed: list[Event] = []
        self.count = count

    def before(self, state: "State", player: int, action: "Action", text: str) -> Event:
        """The event of ``action``, read from ``state`` just before it is applied."""
        self.count += 1
        audience = state.audience(action)
        public = text if audience is None else state.public_text(action)
        event = Event(self.count, player, text, audience, public)
        if player != CHANCE and state.is_sealed():
            self.sealed.append(event)
        return event

    def after(self, state: "State") -> list[Event]:
        """The reveals due once the action is applied: a sealed stage that has just ended."""
        if not self.sealed or state.is_sealed():
            return []
        reveals = [replace(e, audience=None, public=e.text, reveal=True) for e in self.sealed]
        self.sealed = []
        return reveals


class Observer:
    """Told of every action the driver applies. Each method is optional (these do nothing).

    ``before`` sees the state just before the action; ``after`` once it is applied and logged.
    An observer whose ``listens`` is true is also told every narrated :class:`Event` (reveals
    included) through ``told``; the driver narrates only when one listens.
    """

    listens = False

    def before(self, state: "State", player: int, action: "Action", text: str) -> None:
        pass

    def after(self, state: "State", player: int, text: str) -> None:
        pass

    def told(self, event: Event) -> None:
        pass


class Listener(Observer):
    """An observer that passes each narrated event to ``tell`` (a screen's ``tell_event``)."""

    listens = True

    def __init__(self, tell: Callable[[Event], None]):
        self.tell = tell

    def told(self, event: Event) -> None:
        self.tell(event)


class SeatHistories(Observer):
    """Every event as each watched seat was told it, from the start of the game (see :class:`Told`)."""

    listens = True

    def __init__(self, seats: Iterable[int]):
        self.of: dict[int, list[Told]] = {seat: [] for seat in seats}

    def told(self, event: Event) -> None:
        for seat, history in self.of.items():
            history.append(event.told_to(seat))


class Collector(Observer):
    """Keeps every narrated event with the state just after it (``bgkit replay --as SEAT``)."""

    listens = True

    def __init__(self) -> None:
        self.events: list[tuple[Event, Any]] = []
        self._state: Any = None

    def after(self, state: "State", player: int, text: str) -> None:
        self._state = state

    def told(self, event: Event) -> None:
        self.events.append((event, self._state))


class Source(Protocol):
    """Where the driver's actions come from. ``actions(state)`` yields, one at a time, the player
    (a seat, or :data:`CHANCE`) to move at ``state``, having set :attr:`action` to what that player
    does; the driver applies it before asking for the next. It ends when the game has ended or
    the source has no more (a log replayed to its end). An action of :data:`AGAIN` means nothing
    is to be applied this time round (a person asked to save or to undo: then ``state`` may have
    been replaced, see :meth:`Driver.rewind`).

    The player is yielded and the action left on the source, not both yielded as a pair: a tuple
    made and freed for every action was a tenth of the driver's whole cost on a light game."""

    action: Any

    def actions(self, state: "State") -> Iterator[int]: ...


#: What a source yields when it applied nothing this time round (a save or an undo).
AGAIN = object()


def who(player: int) -> str:
    return "chance" if player == CHANCE else f"player {player + 1}"


class LogSource:
    """The actions of a log, each checked before it is applied: not after the game's end, logged
    for the seat that decides, legal there, and (given the seeded ``stream``) each chance outcome
    the one that stream draws, and no decision beyond the game's maximum length (``most``). A
    failed check is BadInput naming the action and ``source``."""

    def __init__(self, runtime: "Runtime", entries: list[list[Any]], source: str = "log", stream: "random.Random | None" = None,
                 seed: int | None = None, most: int | None = None):
        self.runtime = runtime
        self.entries = entries
        self.source = source
        self.stream = stream
        self.seed = seed
        self.most = most
        self.action: Any = None

    def actions(self, state: "State") -> Iterator[int]:
        """Each logged action's player (the action in :attr:`action`), checked, at the state the
        driver has reached (the same object, changed in place); BadInput for an entry logged
        after the end of the game."""
        current, parse = type(state).current_player, self.runtime.parse_action
        left = self.most if self.most is not None else len(self.entries)  # decisions the game may still play
        for number, (logged, text) in enumerate(self.entries, start=1):
            player = current(state)
            if player < 0 and player != CHANCE:
                raise BadInput(f"action {number} ({text!r}) comes after the end of the game", self.source)
            if player != CHANCE:
                if left == 0:
                    raise BadInput(f"action {number} ({text!r}) comes after the game's maximum length of {self.most:,} "
                                   "decisions", self.source)
                left -= 1
            if logged != player:
                raise BadInput(f"action {number} ({text!r}) is logged for {who(logged)} but {who(player)} decides", self.source)
            if self.stream is not None and player == CHANCE:
                drawn = state.action_text(state.chance_pick(self.stream.random()))
                if drawn != text:
                    raise BadInput(f"action {number}: the log says {text!r}, but seed {self.seed} draws {drawn!r} here", self.source)
            try:
                action = parse(state, text)
            except BadInput as exc:
                raise BadInput(f"action {number}: {exc.message}", self.source) from None
            self.action = action
            yield player


#: A person's requests and bad input pass through the driver untouched; anything else raised by
#: plugin code is said in one line naming the plugin.
PASS_THROUGH: tuple[type[BaseException], ...] = (KeyboardInterrupt, BadInput, PluginError)


class Driver:
    """Drives one game's ``state`` through ``runtime``, appending ``[player, text]`` to ``log``.

    ``origin(exc)`` names whose code failed when plugin code raises ``exc`` (the game's plugin, or
    the house rule's whose hook raised it); a source names its own faults (a seat's plugin).
    ``passing`` are the exceptions the driver lets through untouched (default :data:`PASS_THROUGH`;
    a match adds a person's undo, save and quit requests). ``narrator`` carries a sealed stage
    over from an earlier run (a match's, a step at a time); by default a new one.
    """

    def __init__(self, runtime: "Runtime", state: "State", log: list[list[Any]], observers: Iterable[Observer] = (),
                 origin: Callable[[BaseException], str] | None = None, passing: tuple[type[BaseException], ...] = (),
                 narrator: Narrator | None = None):
        self.runtime = runtime
        self.state = state
        self.log = log
        self.observers = list(observers)
        self.narrator = narrator if narrator is not None else Narrator(len(log))  # a match carries its own
        game = runtime.game
        self.origin = origin or (lambda exc: f"plugin {game.blame(exc) or game.info.plugin or game.info.id!r}")
        self.passing = passing or PASS_THROUGH

    def run(self, source: Source, budget: int, on_exhausted: Callable[[], None] | None = None) -> int:
        """Apply the actions of ``source`` until it ends (the game has ended, or a log is used up)
        or ``budget`` actions were applied; then, if the game goes on, ``on_exhausted()`` is called
        (it raises). A person's save or undo counts against the budget. Returns the number of
        actions applied. With no observers the loop is the lean one a bot tournament runs.

        The budget is counted by ``islice``, outside both loops; a fault while an action is applied
        is named by the loop that applies it (:meth:`_fault`), any other here."""
        players = islice(source.actions(self.state), budget)
        try:
            if self.observers:
                applied, steps = self._observed(source, players)
            else:
                applied = steps = self._lean(source, players)
            if steps >= budget:
                self._exhausted(on_exhausted)
            return applied
        except self.passing:
            raise
        except BaseException as exc:  # SystemExit too: a plugin does not end bgkit unnamed
            raise PluginError(f"{self.origin(exc)} failed while playing: {fault_text(exc)}") from exc

    def rewind(self, start: "State", keep: int, observers: Iterable[Observer] = ()) -> None:
        """Take back every action after the first ``keep`` of the log (a person's undo): the game is
        played again from ``start``, its first state, through the actions kept, each checked as a
        log's and told to ``observers`` alone; this driver then goes on from the state reached,
        with a new narrator (a sealed stage begun before is forgotten with the actions taken back).
        A source that yields :data:`AGAIN` after asking for it reads the new :attr:`state`."""
        kept = self.log[:keep]
        del self.log[keep:]
        again = Driver(self.runtime, start, [], observers, self.origin, self.passing)
        again.run(LogSource(self.runtime, kept, "undo"), budget=len(kept))
        self.state = again.state
        self.narrator = Narrator(len(self.log))

    def _observed(self, source: Source, players: Iterator[int]) -> tuple[int, int]:
        """Each action told to the observers; returns the actions applied and the steps taken
        (a person's save or undo is a step that applies nothing)."""
        observers = self.observers
        listening = [o for o in observers if o.listens]
        text_of = type(self.state).action_text
        apply = self.runtime.turn_functions(type(self.state))[1]
        log = self.log
        applied = steps = 0
        for player in players:
            steps += 1
            action = source.action
            if action is AGAIN:
                continue
            state = self.state  # a rewind (an undo) may have replaced it
            narrator = self.narrator if listening else None  # and the narrator
            try:
                text = text_of(state, action)
                for observer in observers:
                    observer.before(state, player, action, text)
                event = narrator.before(state, player, action, text) if narrator is not None else None
                apply(state, action)
                log.append([player, text])
            except self.passing:
                raise
            except BaseException as exc:
                raise self._fault(exc, action) from exc
            applied += 1
            for observer in observers:
                observer.after(state, player, text)
            if narrator is not None and event is not None:
                for told in (event, *narrator.after(state)):
                    for observer in listening:
                        observer.told(told)
        return applied, steps

    def _lean(self, source: Source, players: Iterator[int]) -> int:
        """Nobody to tell: the same calls in the same order, nothing else (the loop of a bot
        tournament, where each decision of a light game costs a few microseconds). Returns the
        actions applied."""
        state = self.state
        cls = type(state)
        text_of, apply, log = cls.action_text, self.runtime.turn_functions(cls)[1], self.log
        append, before = log.append, len(log)
        for player in players:
            action = source.action
            try:
                text = text_of(state, action)
                apply(state, action)
            except self.passing:
                raise
            except BaseException as exc:
                raise self._fault(exc, action) from exc
            append([player, text])
        return len(log) - before

    def _exhausted(self, on_exhausted: Callable[[], None] | None) -> None:
        player = type(self.state).current_player(self.state)
        if on_exhausted is not None and (player >= 0 or player == CHANCE):
            on_exhausted()

    def _fault(self, exc: BaseException, applying: Any) -> PluginError:
        """Plugin code raised while ``applying`` was applied: one line naming the plugin (the one
        whose code raised innermost)."""
        return PluginError(f"{self.origin(exc)} failed while applying {applying!r}: {fault_text(exc)}")
