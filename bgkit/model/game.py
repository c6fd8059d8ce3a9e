"""The game model every game plugin implements (docs/plugins.md).

A plugin registers a light :class:`GameInfo` (no engine import) that names the game's
:class:`bgkit.model.spec.GameSpec` (``spec="module:NAME"``), the one object a game declares. The
core's :class:`Game` imports the spec when the game is loaded and reads its table half (setup,
scoring, data) for ``bgkit setup`` and ``bgkit score``; its play half is imported and bound to its
state class only when play starts, so ``bgkit setup`` never imports the rules engine.

A :class:`State` follows OpenSpiel's State API: ``current_player`` (a seat, :data:`CHANCE` or
:data:`TERMINAL`), ``legal_actions``, ``chance_outcomes``, in-place ``apply`` and explicit cheap
``clone``. Actions are small hashable values (ints, tuples, short strings); ``action_text`` gives
the stable short text a person types and the log stores. Who may see an action or a chance
outcome is ``audience``; the others are told ``public_text``.
"""

from __future__ import annotations

import abc
import math
import random
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Hashable

from bgkit.model.errors import BadInput, PluginError
from bgkit.model.records import record

if TYPE_CHECKING:
    from pluggy import HookRelay

    from bgkit.model.components import DataStatus
    from bgkit.model.ranking import Outcome, ScoreResult
    from bgkit.model.sheets import Field, Sheet
    from bgkit.model.spec import GameSpec, Play

#: ``current_player()`` of a state where chance (dice, a draw) decides next.
CHANCE = -1
#: ``current_player()`` of a finished game.
TERMINAL = -4

Action = Hashable
#: ``audience()`` of an action every seat sees.
EVERYONE = None
#: ``audience()`` of a chance outcome no seat sees yet (a card dealt face down, unseen).
NOBODY: frozenset[int] = frozenset()


@record
class Option:
    """A setup option a person passes as ``--option name=value``."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str


@record
class Dynamics:
    """What kind of game it is, as OpenSpiel's game type declares it (``bgkit games GAME`` shows it).

    ``chance``: dice, draws or shuffles during play. ``hidden``: something a seat cannot see (a
    hand, a face-down tile, a pile's order). ``sealed``: stages where the players choose at the
    same time, revealed together. ``no_winner``: an ending in which nobody wins.
    """

    chance: bool = False
    hidden: bool = False
    sealed: bool = False
    no_winner: bool = False

    def words(self) -> list[str]:
        return [
            "chance events (dice, draws)" if self.chance else "no chance",
            "hidden information" if self.hidden else "perfect information",
            "sealed (simultaneous) stages" if self.sealed else "one decider at a time",
            *(["endings with no winner"] if self.no_winner else []),
        ]


@record
class GameInfo:
    """What ``bgkit games`` shows, known without importing the game's engine.

    ``spec`` names the game's :class:`bgkit.model.spec.GameSpec` as ``"module:NAME"``, imported only
    when the game is loaded. The spec module's top package is the game's :attr:`package`, whose
    shipped data files under ``package/data/`` give the data status. ``plugin`` and ``version``
    (the distribution's) are filled in by the registry.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    #: The game's GameSpec, ``"module:NAME"`` (see above).
    spec: str
    dynamics: Dynamics = Dynamics()
    summary: str = ""
    plugin: str = ""
    version: str = ""
    #: The bgkit API version the game was written for (:data:`bgkit.api.API_VERSION`); a game
    #: that declares none is taken as written for 3.3, the first API with a GameSpec.
    api_version: str = "3.3"

    def __post_init__(self) -> None:
        """A plugin's mistake is found at registration, not when someone lists the games."""
        for name, kind in (("id", str), ("name", str), ("spec", str), ("summary", str), ("plugin", str), ("version", str),
                           ("api_version", str), ("min_players", int), ("max_players", int), ("dynamics", Dynamics)):
            value = getattr(self, name)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise TypeError(f"GameInfo.{name} must be {kind.__name__}, not {value!r}")
        if not self.id.strip() or not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"GameInfo {self.id!r}: needs an id and 1 <= min_players <= max_players")
        module, colon, attr = self.spec.partition(":")
        if not module or not colon or not attr.isidentifier():
            raise ValueError(f"GameInfo {self.id!r}: spec must be 'module:NAME' naming its GameSpec, not {self.spec!r}")

    @property
    def package(self) -> str:
        """The top package of the spec's module: where the game's shipped data lives."""
        return self.spec.partition(":")[0].split(".")[0]

    @property
    def playable(self) -> bool:
        """Every game is played: a GameSpec always has a play half (``bgkit games --json`` shows it)."""
        return True

    def load(self, data: Path | None = None, hooks: "HookRelay | None" = None) -> "Game":
        """Build the game with a person's own component data if given.

        ``hooks`` is the plugin manager's hook relay the game is played through (the registry
        passes its own); without it, only the game's own code runs (as with the core's hooks alone).
        """
        return Game(self, data, hooks)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadInput(f"{self.name} is for {self.players_text} players, not {players}")

    @property
    def players_text(self) -> str:
        return str(self.min_players) if self.min_players == self.max_players else f"{self.min_players}-{self.max_players}"

    @property
    def data(self) -> "DataStatus":
        """The data status derived from the shipped files' own marks (:class:`bgkit.model.components.DataStatus`)."""
        from bgkit.model.components import data_status

        return data_status(self.package)


class Game:
    """A loaded game: its info, its components, and its GameSpec, whose parts do each job."""

    def __init__(self, info: GameInfo, data: Path | None = None, hooks: "HookRelay | None" = None):
        self.info = info
        self.data_path = data
        self.hooks = hooks  # None: only the core's implementations of the hooks (no plugin extends them)
        #: Which plugin's code raised an exception (a house rule's hook inside the game's call), if
        #: known: the registry that loads the game sets it (:func:`bgkit.plugins.registry.culprit`).
        self.blame: Callable[[BaseException], str | None] = _nobody
        #: The game's runtime (:class:`bgkit.engine.runtime.Runtime`), made once by
        #: :func:`bgkit.engine.runtime.runtime_for`: the engine's, so the model holds it as any object.
        self.runtime: object | None = None
        self._sheet_fields: dict[tuple[str, int], tuple[Field, ...]] = {}
        self.spec: GameSpec[Any, Any, Any] = self._load_spec()
        self.components: Any = self._load_components(data)
        if data is not None and self.components is None:
            raise BadInput(f"{info.name} has no component data to replace; leave out --data")

    def _load_components(self, data: Path | None) -> object:
        load = self.spec.load_data
        if load is None:
            return None
        try:
            return load(data)
        except BadInput:
            raise
        except Exception as exc:  # the plugin's own code failed, not the person's file
            raise self._broken("data", exc) from exc

    def _load_spec(self) -> "GameSpec[Any, Any, Any]":
        """The game's GameSpec (its table half: setup, scoring, data); its play half waits for play (:attr:`play`)."""
        from bgkit.model.spec import load_spec

        try:
            return load_spec(self.info.spec)
        except PluginError as exc:
            raise PluginError(f"plugin {self.info.plugin or self.info.id!r}: {exc}") from None
        except Exception as exc:
            raise self._broken("spec", exc) from exc

    @cached_property
    def play(self) -> "Play[Any, Any, Any]":
        """The spec's play half, imported (if named) and bound to its state class now, once per loaded
        game: the first state made or loaded asks for it."""
        from bgkit.model.spec import bind, load_play

        spec = self.spec
        where = spec.play if isinstance(spec.play, str) else self.info.spec
        try:
            play = load_play(spec)
            bind(play, where)
        except PluginError as exc:
            raise PluginError(f"plugin {self.info.plugin or self.info.id!r}: {exc}") from None
        except Exception as exc:
            raise self._broken("play", exc) from exc
        return play

    def _broken(self, job: str, exc: Exception) -> PluginError:
        return PluginError(
            f"the {job} of {self.info.name} (plugin {self.info.plugin!r}) failed to load: {type(exc).__name__}: {exc}"
        )

    # -- setup -------------------------------------------------------------------------------
    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(self.spec.setup.options)

    def setup_declared(self, name: str) -> tuple[str, ...]:
        """A field list the spec's setup declares (``FIXED``, ``ANY_LENGTH``, ``ANY_KEYS``: its
        ``fixed``, ``any_length``, ``any_keys``; see :func:`bgkit.engine.setups.check_laid_out`)."""
        setup = self.spec.setup
        declared = {"FIXED": setup.fixed, "ANY_LENGTH": setup.any_length, "ANY_KEYS": setup.any_keys}[name]
        return tuple(declared)

    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
        """The randomised setup for ``players`` as JSON-able data; draws only from ``rng``."""
        return self.spec.setup.make_setup(self.components, players, rng, options)

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        """The exact number of distinct setups ``setup`` can produce with these options."""
        return self.spec.setup.count_setups(self.components, players, options)

    def check_setup(self, setup: dict[str, Any]) -> None:
        """Refuse a setup a person edited into one the game cannot start from (raise BadInput).

        The spec's optional ``Setup.check_setup(comp, setup)``; the core checks the shape first.
        """
        check = self.spec.setup.check_setup
        if check is not None:
            check(self.components, setup)

    def render_setup(self, setup: dict[str, Any]) -> object:
        """Draw a setup so a person can lay out the table from it (default: indented JSON)."""
        render = self.spec.setup.render_setup
        if render is None:
            import json

            return json.dumps(setup, indent=2, ensure_ascii=False)
        return render(self.components, setup)

    # -- scoring -----------------------------------------------------------------------------
    def sheet_fields(self, players: int) -> "list[Field]":
        """The fields each player's part of a score sheet has."""
        return list(self.fields_of("sheet_fields", players))

    def fields_of(self, function: str, players: int) -> "tuple[Field, ...]":
        """A game's sheet fields for a player count, ``"sheet_fields"`` (each player's) or
        ``"sheet_game_fields"`` (the table's), asked once: they are fixed by the rules."""
        key = (function, players)
        found = self._sheet_fields.get(key)
        if found is None:
            make = getattr(self.spec.scoring, function)
            found = self._sheet_fields[key] = tuple(make(self.components, players)) if make is not None else ()
        return found

    def sheet_game_fields(self, players: int) -> "list[Field]":
        """Fields a sheet has once, for the whole table (default: none)."""
        return list(self.fields_of("sheet_game_fields", players))

    def check_sheet(self, sheet: "Sheet") -> None:
        """Reject a sheet whose fields are each valid but impossible together (raise SheetError)."""
        check = self.spec.scoring.check_sheet
        if check is not None:
            check(self.components, sheet)

    def check_partial_sheet(self, sheet: "Sheet") -> None:
        """The rules a sheet still being typed at the prompt must already keep (default: none).

        The sheet has every player and field; what is not entered yet holds its default (a required
        field its lowest value). A game checks here only what more answers cannot put right.
        """
        check = self.spec.scoring.check_partial_sheet
        if check is not None:
            check(self.components, sheet)

    def score_sheet(self, sheet: "Sheet") -> "ScoreResult":
        """Score a validated sheet: categories, totals, ranking and the deciding tie-breaker."""
        result = self.spec.scoring.score_sheet(self.components, sheet)
        return result if getattr(result, "game", None) == self.info.id else replace(result, game=self.info.id)

    # -- play --------------------------------------------------------------------------------
    def new_state(self, setup: dict[str, Any]) -> "State":
        """The state at the start of play for this setup."""
        new_state: Callable[[object, dict[str, Any]], State] = self.play.new_state
        return new_state(self.components, setup)

    def state_from_dict(self, data: dict[str, Any]) -> "State":
        """Rebuild a state from ``State.to_dict()`` (the play half's ``state_from_dict``, else its
        state's ``FIELDS`` loaded into a new instance)."""
        return self._state_loader(self.components, data)

    @cached_property
    def _state_loader(self) -> "Callable[[object, dict[str, Any]], State]":
        from bgkit.model.spec import fields_loader

        play = self.play
        load: Callable[[object, dict[str, Any]], State] = play.state_from_dict or fields_loader(play)
        return load

    def action_space(self, players: int) -> "ActionSpace | None":
        """The game's action space for ``players`` (None if its notation declares none).

        The notation's ``num_actions(comp, players)``, ``max_game_length(comp, players)``,
        ``action_index(comp, action)`` and ``action_from_index(comp, state, index)``: every
        decision and chance outcome has a whole-number index below ``num_actions`` that is the same
        in every process and round-trips; no game has more decisions than ``max_game_length``.
        """
        notation = self.play.notation
        size, longest = notation.num_actions, notation.max_game_length
        action_index, from_index = notation.action_index, notation.action_from_index
        if size is None or longest is None or action_index is None or from_index is None:
            return None  # Play refuses some of the four without the others
        comp = self.components
        return ActionSpace(
            size=size(comp, players),
            max_length=longest(comp, players),
            index=_remembered_index(action_index, comp),
            action=lambda state, index: from_index(comp, state, index),
        )

    def observation(self, players: int) -> "Observation | None":
        """The game's observation tensor for ``players`` (None if its observer declares none).

        The observer's ``observation_shape(comp, players)`` and ``observation_tensor(comp,
        state, player)``: a fixed-size encoding of what ``player`` sees, flat, as many numbers as
        the shape's product, for neural agents (OpenSpiel's observation tensor, PettingZoo's
        observation).
        """
        observer = self.play.observer
        shape, tensor = observer.observation_shape, observer.observation_tensor
        if shape is None or tensor is None:
            return None
        comp = self.components
        return Observation(shape=tuple(shape(comp, players)), tensor=lambda state, player: tensor(comp, state, player))

    def sheet_from_state(self, state: "State") -> dict[str, Any]:
        """The score sheet a person would fill in from this finished game's table."""
        sheet = self.spec.scoring.sheet_from_state(self.components, state)
        return {**sheet, "game": self.info.id}


def _nobody(exc: BaseException) -> str | None:
    return None


class ActionSpace:
    """Every action of a game as a whole number (OpenSpiel's distinct actions): ``index(action)`` is
    below ``size`` and the same in every process, ``action(state, i)`` turns it back into the action
    at ``state``, and no game plays more than ``max_length`` decisions (chance outcomes not counted);
    ``max_length`` is None when the rules set no limit (Blue Moon City: nobody is ever forced to
    contribute, so a game may stall for ever). A plain class, not a dataclass: every start of bgkit imports this module."""

    __slots__ = ("size", "max_length", "index", "action")

    def __init__(self, size: int, max_length: int | None, index: Callable[[Any], int], action: Callable[["State", int], Any]):
        self.size = size
        self.max_length = max_length
        self.index = index
        self.action = action


#: The most action indices one action space remembers (a few MB): Bridge Troll numbers a million
#: actions at 6 players, of which a game meets a few thousand.
REMEMBERED_INDICES = 1 << 17


def _remembered_index(action_index: Callable[[Any, Any], int], comp: Any) -> Callable[[Any], int]:
    """``action_index(comp, action)`` remembered per action (actions are small hashable values and
    their index never changes). The research adapters number every legal action at every step,
    and a game's own numbering is a few microseconds of Python (Burgundy's mixed radix) where a
    dictionary look-up is a few tens of nanoseconds."""
    known: dict[Any, int] = {}

    def index(action: Any) -> int:
        found = known.get(action)
        if found is None:
            found = action_index(comp, action)
            if len(known) < REMEMBERED_INDICES:
                known[action] = found
        return found

    return index


class Observation:
    """What a seat sees as numbers (an observation tensor): ``tensor(state, player)`` is a flat list
    of ``size`` finite floats (the product of ``shape``), the same for states the seat cannot tell
    apart. A plain class, as :class:`ActionSpace`."""

    __slots__ = ("shape", "size", "tensor")

    def __init__(self, shape: tuple[int, ...], tensor: Callable[["State", int], list[float]]):
        self.shape = shape
        self.size = math.prod(shape)
        self.tensor = tensor


class State(abc.ABC):
    """Base class of a game state. Subclasses keep their own fields; see the module docstring.

    The defaults here are for games without hidden information and without sealed moves.
    """

    num_players: int

    # -- who decides -------------------------------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat that decides next, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def is_sealed(self) -> bool:
        """True while players choose simultaneously (sealed bids).

        A sealed stage is a run of consecutive sealed decisions, one per seat at most; it ends at
        the first state that is not sealed, and then every choice in it is revealed to all. The
        engine asks the pending players one by one; until the reveal each choice is seen only by
        its chooser (``audience``), in the drawings, the views and the bots' determinisations.
        """
        return False

    # -- actions -----------------------------------------------------------------------------
    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move; the one list the prompt, bots and validator use."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: every outcome with its probability (summing to 1)."""
        return []

    def chance_pick(self, pick: float) -> Action:
        """The outcome a uniform draw ``pick`` in [0, 1) selects at a chance node: the first of
        ``chance_outcomes()`` whose running total of probabilities (added up in that order)
        exceeds ``pick``, else the last. Every chance draw of the engine and the bots goes
        through here (``bgkit.engine.match.sample_chance``).

        A game may override it with a faster way to the very same outcome for every ``pick``
        (precomputed running totals, stopping at the pick); ``bgkit.testing`` checks that it agrees.
        """
        outcomes = self.chance_outcomes()
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if pick < total:
                return outcome
        return outcomes[-1][0]

    @abc.abstractmethod
    def apply(self, action: Action) -> None:
        """Apply ``action`` in place (the player's move or the chance outcome)."""

    def action_text(self, action: Action) -> str:
        """The stable short text of ``action`` (what a person types and the log stores)."""
        return str(action)

    def parse_action(self, text: str) -> Action:
        """The legal action (or chance outcome) whose text is ``text``; BadInput if none."""
        chance = self.is_chance()
        options: list[Any] = self.chance_outcomes() if chance else self.legal_actions()
        for item in options:
            action: Action = item[0] if chance else item
            if self.action_text(action) == text:
                return action
        raise BadInput(f"{text!r} is not legal here")

    @abc.abstractmethod
    def clone(self) -> "State":
        """An independent copy, made explicitly and cheaply (no ``deepcopy`` in hot paths)."""

    # -- who sees what -----------------------------------------------------------------------
    def audience(self, action: Action) -> frozenset[int] | None:
        """The seats that see ``action`` (a move, or a chance outcome) at this state.

        :data:`EVERYONE` (None), a set of seats (a card drawn into a hand: its owner), or
        :data:`NOBODY` (a card dealt face down that nobody may look at). Every other seat is told
        ``public_text``. Default: a sealed choice is seen by its chooser until the stage ends;
        everything else by everyone.
        """
        return frozenset((self.current_player(),)) if self.is_sealed() else EVERYONE

    def public_text(self, action: Action) -> str:
        """What a seat outside ``audience(action)`` is told: it must not depend on the hidden part
        ("P2 draws a card", "P3 bids"). Default: "P<n> chooses" for a sealed choice, "a hidden
        outcome" for chance."""
        player = self.current_player()
        return "a hidden outcome" if player == CHANCE else f"P{player + 1} chooses"

    def chance_label(self) -> str:
        """At a chance node: what is rolled or drawn, and by whom ("P2 rolls two dice"), for the
        person typing it in at a real table. Default: none."""
        return ""

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as JSON-able data (hidden information left out)."""
        return self.to_dict()

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A clone in which everything ``player`` cannot see is resampled from ``rng``.

        It must depend only on ``view(player)`` and ``rng`` (sample from canonically ordered
        pools, never from the true hidden order), so that a bot's decision with a given seed is
        the same whatever it cannot see. Default: no hidden information.
        """
        return self.clone()

    def reveals(self, action: Action) -> bool:
        """Whether applying ``action`` shows a player something new (a drawn card, a die).

        A human may ``undo`` only while nothing was revealed since their decision.
        Default: chance outcomes and sealed choices reveal; open moves do not.
        """
        return self.is_chance() or self.is_sealed()

    # -- scores and the outcome --------------------------------------------------------------
    def scores(self) -> list[float]:
        """Each seat's current points (final scores once terminal)."""
        return [0.0] * self.num_players

    def outcome(self) -> "Outcome":
        """The final ranking of a finished game (:class:`bgkit.model.ranking.Outcome`), with the game's
        tie-breaks and no-winner endings: computed by the same code that ranks its score sheet.

        Default: by ``scores()`` with no tie-breaker.
        """
        from bgkit.model.ranking import outcome_of

        return outcome_of(self.scores())

    #: How many decisions a search's playout plays before it stops and rates the seats with
    #: ``heuristic_values()`` (MCTS's ``depth`` when a seat spec gives none). A game whose
    #: heuristic sees far ahead may stop sooner: each playout decision costs as much as a real one.
    rollout_depth: int = 60

    def rollout_action(self, rng: random.Random) -> Action:
        """The move a search's rollout plays here (MCTS playouts), for the player to move.

        Default: a uniformly random legal action. A game may give a cheap rule of thumb of its own
        so that playouts look more like real play; it must return one of ``legal_actions()``, and
        it runs on determinisations, so it sees only what the search may see.
        """
        return rng.choice(self.legal_actions())

    def heuristic(self, player: int) -> float:
        """How good the state looks for ``player``; greedy maximises it.

        Default: the score lead; at the end of the game, the outcome (the share of opponents beaten).
        """
        if self.is_terminal():
            return self.outcome().rewards()[player]
        scores = self.scores()
        best_other = max((s for i, s in enumerate(scores) if i != player), default=0.0)
        return scores[player] - best_other

    def heuristic_values(self) -> list[float]:
        """Every seat's rating at once, ordered (ties included) as ``heuristic(p)`` orders the seats:
        what a search ranks the seats by when it stops a playout early. Default: ``heuristic(p)``
        for each seat; a game whose heuristic compares per-seat values returns those values, once.
        """
        if type(self).heuristic is State.heuristic and not self.is_terminal():
            return list(self.scores())  # the default heuristic is the lead in these scores
        return [self.heuristic(p) for p in range(self.num_players)]

    # -- serialisation and drawing -----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-able data (``state_from_dict`` rebuilds it)."""
        return {}

    def render(self, player: int | None) -> object:
        """Draw the state as ``player`` sees it: their view, nothing they may not see. None draws
        the whole table, everything shown: the end of a game and a replay, never a seat's screen."""
        import json

        shown = self.view(player) if player is not None else self.to_dict()
        return json.dumps(shown, indent=1, ensure_ascii=False)


def any_to_json(value: object) -> object:
    """Turn tuples into lists so a value compares equal to its JSON round trip."""
    if isinstance(value, (list, tuple)):
        return [any_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): any_to_json(v) for k, v in value.items()}
    return value
