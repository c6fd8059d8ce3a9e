"""What the OpenSpiel and PettingZoo adapters share: a bgkit game as a research library sees it.

A :class:`Table` is one game at ``(id, players, seed, options)``: the setup ``bgkit setup GAME -p N
--seed S`` makes, through the real setup hook, its start state, its action space and its
observation tensor. A :class:`Play` is one trajectory from that start: every action goes through
:class:`bgkit.engine.driver.Driver` (the one loop play, replay and verify run), which narrates it, so each
seat's history is what the driver tells that seat (:class:`bgkit.engine.driver.Told`), not a copy of the
engine's narration.
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Callable, Iterator

from bgkit.engine.driver import Driver, Event, Listener, Narrator, Told
from bgkit.model.errors import BadInput
from bgkit.model.game import CHANCE, Game, State
from bgkit.plugins.registry import forget_with_registry

if TYPE_CHECKING:
    from bgkit.engine.match import GameLog


class Table:
    """One game at ``(game_id, players, seed, options)``, loaded through ``registry`` (the
    process's own by default). BadInput, in one line, for a game that cannot be adapted: unknown,
    the wrong player count, a seed out of range, a bad option, or no action space."""

    def __init__(self, game_id: str, players: int, seed: int = 0, options: dict[str, str] | None = None, registry: Any = None,
                 game: Game | None = None):
        from bgkit.engine.match import start_state
        from bgkit.engine.runtime import runtime_for
        from bgkit.engine.setups import check_seed, make_setup, parse_options

        if game is None:
            if registry is None:
                from bgkit.plugins.registry import get_registry

                registry = get_registry()
            game = registry.load_game(game_id)
        game.info.check_players(players)
        self.game = game
        self.players = players
        self.seed = check_seed(seed)
        self.options = parse_options(game, [f"{key}={value}" for key, value in (options or {}).items()])
        self.runtime = runtime_for(game)
        space = self.runtime.action_space(players)
        if space is None:
            raise BadInput(f"{game.info.name} declares no action space (see docs/plugins.md), so it has no adapter")
        self.space = space
        self.observation = game.observation(players)
        self.setup = make_setup(game, players, seed, self.options)
        self._start = start_state(game, self.setup)

    def start(self) -> "Play":
        """A new trajectory from the start of play."""
        return Play(self, self._start.clone())

    def log(self, play: "Play", seats: list[str] | None = None) -> GameLog:
        """``play`` as a bgkit game log (``bgkit replay --verify`` checks it when chance was drawn
        from the game's seeded stream, as the PettingZoo environment draws it)."""
        from bgkit.engine.match import GameLog, result_record
        from bgkit.engine.runtime import final_result

        seats = seats or [f"seat {p + 1}" for p in range(self.players)]
        log = GameLog(game=self.game.info.id, players=self.players, setup=self.setup, seats=list(seats),
                      names=[f"P{p + 1}" for p in range(self.players)], seed=self.seed, options=dict(self.options),
                      actions=[list(entry) for entry in play.log])
        if play.state.is_terminal():
            log.result = result_record(final_result(self.game, play.state, log.names), log.actions)
        return log


def adaptable(registry: Any = None) -> tuple[list[Game], list[Any]]:
    """The games of ``registry`` (the process's own) the adapters can take, loaded: those that
    declare an action space; and the infos of the games that do not."""
    if registry is None:
        from bgkit.plugins.registry import get_registry

        registry = get_registry()
    games, lacking = [], []
    for info in registry.games.values():
        game = registry.load_game(info.id)
        if game.action_space(info.min_players) is None:
            lacking.append(info)
        else:
            games.append(game)
    return games, lacking


#: The most tables kept (each holds a loaded game's start): a program that makes games at many seeds
#: keeps the ones it used last.
TABLES_KEPT = 64
_TABLES: OrderedDict[tuple[str, int, int, tuple[tuple[str, str], ...]], Table] = OrderedDict()
forget_with_registry(_TABLES.clear)  # a table holds a game of the registry it was made through


def table_for(game_id: str, players: int, seed: int = 0, options: dict[str, str] | None = None) -> Table:
    """The :class:`Table` of the process's registry at these parameters, made once while it is
    among the TABLES_KEPT used last (OpenSpiel loads a game again for every state it deserialises)."""
    key = (game_id, players, seed, tuple(sorted((options or {}).items())))
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = Table(game_id, players, seed, options)
        if len(_TABLES) > TABLES_KEPT:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(key)
    return table


class _One:
    """A driver source of one action (the adapters are told actions one at a time)."""

    __slots__ = ("player", "action")

    def __init__(self, player: int, action: Any):
        self.player = player
        self.action = action

    def actions(self, state: State) -> Iterator[int]:
        yield self.player  # the driver reads the action from the source (driver.Source)


class Play:
    """One trajectory of a :class:`Table`'s game: the bgkit ``state``, the ``log`` of ``[player,
    text]`` (a bgkit log's actions), and every narrated :class:`Event` (each seat's history)."""

    __slots__ = ("table", "state", "log", "events", "narrator", "stage", "_driver", "_legal")

    def __init__(self, table: Table, state: State, log: list[list[Any]] | None = None, events: list[Event] | None = None,
                 narrator: Narrator | None = None, stage: "Play | None" = None):
        self.table = table
        self.state = state
        self.log = log if log is not None else []
        self.events = events if events is not None else []
        self.narrator = narrator if narrator is not None else Narrator()
        #: The trajectory as it was when the sealed stage now running began (None between stages):
        #: a resample redraws the hidden choices of that stage from there, so they can be revealed.
        self.stage = stage
        self._driver: Driver | None = None
        self._legal: list[int] | None = None  # legal_ids() until the next action: OpenSpiel asks, then applies

    # -- actions as numbers ------------------------------------------------------------------
    def legal_ids(self) -> list[int]:
        """The legal actions' indices (at a chance node, the outcomes'), ascending."""
        if self._legal is not None:
            return self._legal
        state = self.state
        index = self.table.space.index
        if state.is_chance():
            ids = [index(action) for action, _ in state.chance_outcomes()]
        else:
            ids = [index(action) for action in self.table.runtime.legal_actions(state)]
        ids.sort()
        self._legal = ids
        return ids

    def chance_ids(self) -> list[tuple[int, float]]:
        index = self.table.space.index
        return sorted((index(action), probability) for action, probability in self.state.chance_outcomes())

    def action_of(self, action_id: int) -> Any:
        """The action index ``action_id`` names here; BadInput if it is not legal (or not an outcome)."""
        if action_id not in self.legal_ids():
            raise BadInput(f"action {action_id} is not legal here")
        return self.table.space.action(self.state, action_id)

    def text_of(self, action_id: int) -> str:
        return self.state.action_text(self.table.space.action(self.state, action_id))

    # -- playing -----------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Apply ``action`` (a bgkit action) through the driver, which logs and narrates it."""
        state = self.state
        player = state.current_player()
        if player != CHANCE and state.is_sealed() and not self.narrator.sealed:
            self.stage = self.copy()  # the first choice of a sealed stage
        driver = self._driver
        if driver is None:
            driver = self._driver = Driver(self.table.runtime, state, self.log, [Listener(self.events.append)], narrator=self.narrator)
        self._legal = None
        driver.run(_One(player, action), 1)
        if not self.narrator.sealed:
            self.stage = None

    def copy(self) -> "Play":
        """An independent trajectory at the same point (events are immutable and shared)."""
        narrator = Narrator(self.narrator.count)
        narrator.sealed = list(self.narrator.sealed)
        return Play(self.table, self.state.clone(), list(self.log), list(self.events), narrator, self.stage)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Play":
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., Play], tuple[Any, ...]]:
        """Pickled as the table's parameters, the state's ``to_dict`` and the history (OpenSpiel
        serialises a state by pickling it); unpickled through :func:`table_for`."""
        table = self.table
        return (_restored, ((table.game.info.id, table.players, table.seed, table.options), self.state.to_dict(), self.log,
                            self.events, self.narrator.count, self.narrator.sealed, self.stage))

    def resample(self, player: int, rng: random.Random) -> "Play":
        """A trajectory ``player`` cannot tell from this one, with everything it cannot see redrawn
        from ``rng`` (``State.determinize``). In a sealed stage, the choices of the others that
        ``player`` has not seen are redrawn among their legal actions from the state where the stage
        began, so that their reveal tells what the redrawn state holds."""
        base = self.stage or self
        world = base.copy()
        world.state = base.state.determinize(player, rng)  # a copy starts with no legal ids kept
        if self.stage is None:
            return world
        runtime = world.table.runtime
        seen = {event.number: event for event in self.events if not event.reveal}
        for number, (who, text) in enumerate(self.log[len(base.log):], start=len(base.log) + 1):
            state = world.state
            if who == player or (who == CHANCE and seen[number].seen_by(player) == text):
                action = runtime.parse_action(state, text)
            elif who == CHANCE:
                action = state.chance_pick(rng.random())
            else:
                action = rng.choice(runtime.legal_actions(state))
            world.apply(action)
        return world

    # -- what a seat knows -------------------------------------------------------------------
    def told(self, seat: int) -> list[Told]:
        """Every event of the game as ``seat`` was told it (the driver's seat history)."""
        return [event.told_to(seat) for event in self.events]

    def information_state(self, seat: int) -> str:
        """``seat``'s information state: its history as it was told it, then what it sees now (a
        function of that history in play; in a resampled trajectory it also tells apart what the
        other seats hold)."""
        lines = [f"P{seat + 1}"]
        lines += [f"{told.number}{'!' if told.reveal else ''} {'chance' if told.player == CHANCE else f'P{told.player + 1}'}: {told.text}"
                  for told in self.told(seat)]
        lines.append(self.observation_string(seat))
        return "\n".join(lines)

    def observation_string(self, seat: int) -> str:
        """What ``seat`` sees now: its view, as compact JSON with sorted keys."""
        return json.dumps(self.state.view(seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def observation_tensor(self, seat: int) -> list[float] | None:
        observation = self.table.observation
        return None if observation is None else observation.tensor(self.state, seat)

    # -- the end -----------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Zero-sum returns of a finished game from its outcome (as the game reports it): each
        seat's share of opponents beaten, from -1 (last alone) to 1 (won alone); all ranked equal,
        as a no-winner ending may be, is 0 for everyone. Zeros before the end."""
        state = self.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        return [2.0 * reward - 1.0 for reward in self.table.runtime.rewards(state)]


def _restored(key: tuple[str, int, int, dict[str, str]], state: dict[str, Any], log: list[list[Any]], events: list[Event], count: int,
              sealed: list[Event], stage: Play | None) -> Play:
    table = table_for(*key)
    narrator = Narrator(count)
    narrator.sealed = list(sealed)
    return Play(table, table.game.state_from_dict(state), log, events, narrator, stage)
