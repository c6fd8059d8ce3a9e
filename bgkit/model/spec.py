"""One declared object per game: a :class:`GameSpec` and its parts (docs/plugins.md, "A small game is one file").

A game declares one ``GameSpec``; its ``GameInfo`` names it lazily (``spec="package.module:SPEC"``),
so listing the games imports no engine. The spec has two halves. **The table half** (``setup``,
``scoring``, ``load_data``) is all that ``bgkit setup`` and ``bgkit score`` use; **the play half**
is a :class:`Play` (the state class and the parts that play it), given in place or named
``"module:NAME"`` and then imported only when play starts (:func:`load_play`): a large game keeps
its engine out of ``setup`` and ``score``, a small game stays one file. The parts are separate
objects, each a small typed set of plain functions, none of which shares a ``self`` with another:

==============  ===================================================================================
``state``       the state as data: a :class:`GameState` (or :class:`FlowState`) subclass with its
                fields (:class:`bgkit.model.statefields.StateFields`), its constructor, no behaviour
``rules``       the forward model: whose turn, legal actions, apply, chance outcomes, scores,
                outcome (or the core's :class:`bgkit.model.flow.Flow` and the steps it dispatches to)
``observer``    who sees what: view, determinisation, audience and public text, observation tensor
``advisor``     advice for bots: heuristic, rollout (playout) policy, rollout depth
``notation``    action texts, parsing, and the action space (indices, size, longest game)
``display``     how a state is drawn (on :class:`bgkit.model.drawing.Drawing`)
``wording``     (optional) a bot's move said as an instruction for the people at a real table
``setup``       (table half) options, the randomised setup and how it is drawn; ``scoring``: the
                score sheet and its scoring
==============  ===================================================================================

Every part but ``rules`` has defaults: a game with perfect information and no advice of its own
leaves out ``observer`` and ``advisor`` (a uniformly random playout, the score lead as heuristic),
and a game scored by its points leaves out ``scoring``.

**Bound once, no layer per call.** The state-level functions of the parts take the state first
(``legal_actions(state)``). When play starts (the first state made or loaded), :func:`bind` sets each of them on the state class
as the method of that name, once per process: ``state.legal_actions()`` then *is* the rules'
function, with no delegation between (a search calls these millions of times), and the game's
runtime (:mod:`bgkit.engine.runtime`) hands out the very same functions. The class keeps only the
data: it may not define a method a part provides, so rules cannot reach into a heuristic's helpers
through a shared ``self``.
"""

from __future__ import annotations

import abc
import importlib
import random
import re
import dataclasses
from pathlib import Path
from types import FunctionType
from typing import (TYPE_CHECKING, Any, Callable, Generic, Hashable, Mapping, Protocol, Self, Sequence, TypeVar,
                    dataclass_transform)

from bgkit.model.errors import PluginError
from bgkit.model.flow import Flow
from bgkit.model.game import Action, Option, State

if TYPE_CHECKING:
    from bgkit.model.flow import Step
    from bgkit.model.ranking import Outcome, ScoreResult
    from bgkit.model.sheets import Field, Sheet

T = TypeVar("T")


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def part(cls: type[T]) -> type[T]:
    """A part's class: a keyword-only ``__init__`` read off the class's annotations
    and defaults, made without compiling code. ``dataclasses`` compiles each class's methods anew in
    every process, and a one-file game's spec is made at every start (``bgkit games`` imports it):
    five times the cost for the same instances. A type checker reads ``@part`` as a frozen,
    keyword-only dataclass (``dataclass_transform``), so every part is still checked field by field."""
    names = tuple(name for klass in reversed(cls.__mro__) for name in getattr(klass, "__annotations__", {})
                  if not name.startswith("_"))
    defaults = {name: cls.__dict__.get(name, dataclasses.MISSING) for name in names}
    check = getattr(cls, "__post_init__", None)

    def __init__(self: Any, **given: Any) -> None:
        unknown = set(given) - defaults.keys()
        if unknown:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {sorted(unknown)[0]!r}")
        for name, default in defaults.items():
            value = given[name] if name in given else default
            if isinstance(value, dataclasses.Field):
                value = value.default_factory() if value.default_factory is not dataclasses.MISSING else value.default
            if value is dataclasses.MISSING:
                raise TypeError(f"{cls.__name__}() missing the keyword argument {name!r}")
            object.__setattr__(self, name, value)
        if check is not None:
            check(self)

    def __repr__(self: Any) -> str:
        return f"{cls.__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"

    setattr(cls, "__init__", __init__)
    setattr(cls, "__repr__", __repr__)
    setattr(cls, "part_fields", names)
    return cls


def part_fields(part: object) -> tuple[str, ...]:
    """The names of a part's fields, in their order."""
    names: tuple[str, ...] = getattr(type(part), "part_fields")
    return names


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Hashable)
#: A setup as JSON-able data; a saved state's data.
Doc = dict[str, Any]
#: A game's components (its data, as ``load_data`` returns it; None for a game without data).
C = TypeVar("C")


def _unbound(state: State, name: str) -> PluginError:
    return PluginError(f"{type(state).__name__}.{name} was never bound: load the game through its GameSpec")


class GameState(State):
    """The base of a GameSpec's state class: data, whose methods the spec's parts give it when the
    game loads (:func:`bind`). Until then, the State API's required methods say so when called."""

    __slots__ = ()

    def current_player(self) -> int:
        raise _unbound(self, "current_player")

    def legal_actions(self) -> list[Action]:
        raise _unbound(self, "legal_actions")

    def apply(self, action: Action) -> None:
        raise _unbound(self, "apply")

    def clone(self) -> Self:
        raise _unbound(self, "clone")  # StateFields gives the class its own


class FlowState(Flow, GameState):
    """The base of a GameSpec's state on the core's :class:`bgkit.model.flow.Flow`: the rules give
    its ``step``, ``turn_actions``, ``apply_turn`` and ``apply_chance``."""

    __slots__ = ()

    def step(self) -> int | None:
        raise _unbound(self, "step")

    def turn_actions(self) -> list[Action]:
        raise _unbound(self, "turn_actions")

    def apply_turn(self, action: Action) -> None:
        raise _unbound(self, "apply_turn")

    def apply_chance(self, event: "Step", outcome: Action) -> None:
        raise _unbound(self, "apply_chance")


#: The methods each base leaves for the spec to give (the placeholders above).
_PLACEHOLDERS = {name: function for base in (GameState, FlowState) for name, function in vars(base).items()
                 if isinstance(function, FunctionType)}


@part
class Rules(Generic[S, A]):
    """The forward model (TAG's ForwardModel, OpenSpiel's State dynamics), as functions of the state.

    ``current_player``, ``legal_actions`` and ``apply`` are required, unless the state is a
    :class:`bgkit.model.flow.Flow`, which provides them and dispatches to ``step``,
    ``turn_actions``, ``apply_turn``, ``apply_chance`` and ``frame_rules``.
    """

    current_player: Callable[[S], int] | None = None
    legal_actions: Callable[[S], list[A]] | None = None
    apply: Callable[[S, A], None] | None = None
    chance_outcomes: Callable[[S], list[tuple[A, float]]] | None = None
    chance_pick: Callable[[S, float], A] | None = None
    is_sealed: Callable[[S], bool] | None = None
    reveals: Callable[[S, A], bool] | None = None
    scores: Callable[[S], list[float]] | None = None
    outcome: Callable[[S], "Outcome"] | None = None
    # -- on the core's Flow ------------------------------------------------------------------
    step: Callable[[S], int | None] | None = None
    turn_actions: Callable[[S], list[A]] | None = None
    apply_turn: Callable[[S, A], None] | None = None
    apply_chance: Callable[[S, "Step", A], None] | None = None
    settle_chance: Callable[[S, "Step"], bool] | None = None
    settle_frame: Callable[[S, "Step"], bool] | None = None
    frame_player: Callable[[S, "Step"], int] | None = None
    #: each kind of frame: its legal steps ``(state, frame)`` and its step applied ``(state, frame, action)``
    frame_rules: Mapping[Any, tuple[Callable[[S, "Step"], list[A]], Callable[[S, "Step", A], None]]] | None = None


@part
class Observer(Generic[S, A, C]):
    """Who sees what. Defaults: perfect information (the view is the whole state, a
    determinisation is a clone, a sealed choice is seen by its chooser), no observation tensor.

    ``observation_shape(comp, players)`` and ``observation_tensor(comp, state, player)`` go together."""

    view: Callable[[S, int], Doc] | None = None
    determinize: Callable[[S, int, random.Random], S] | None = None
    audience: Callable[[S, A], "frozenset[int] | None"] | None = None
    public_text: Callable[[S, A], str] | None = None
    chance_label: Callable[[S], str] | None = None
    observation_shape: Callable[[C, int], tuple[int, ...]] | None = None
    observation_tensor: Callable[[C, S, int], list[float]] | None = None


@part
class Advisor(Generic[S, A]):
    """Advice for bots. Defaults: the score lead as heuristic, uniformly random playouts of 60 decisions,
    no macro-actions.

    ``macros(state)``, optional: where one choice takes several decisions of the same player in a row
    (paying a box card by card), the whole choices as sequences of actions (each a legal action at
    the state the ones before it leave), or None to search this state's legal actions one by one.
    A search then weighs the sequences as one move each (:mod:`bgkit.bots.mcts`)."""

    heuristic: Callable[[S, int], float] | None = None
    heuristic_values: Callable[[S], list[float]] | None = None
    rollout_action: Callable[[S, random.Random], A] | None = None
    rollout_depth: int | None = None
    macros: Callable[[S], list[tuple[A, ...]] | None] | None = None


@part
class Notation(Generic[S, A, C]):
    """Action texts and the action space. Default texts: ``str(action)``, parsed back against the
    legal list. The action space's four functions go together (see :meth:`bgkit.model.game.Game.action_space`)."""

    action_text: Callable[[S, A], str] | None = None
    parse_action: Callable[[S, str], A] | None = None
    num_actions: Callable[[C, int], int] | None = None
    max_game_length: Callable[[C, int], int | None] | None = None
    action_index: Callable[[C, A], int] | None = None
    action_from_index: Callable[[C, S, int], A] | None = None
    #: The game's own action words and what they do, ``(word and its fields, meaning)`` — e.g.
    #: ``("reputation pay N", "pay N guilders ...")`` — shown by ``?`` at the prompt for the words
    #: (the first word of the pattern) that the listed actions begin with.
    words: Sequence[tuple[str, str]] = ()


S_contra = TypeVar("S_contra", bound=State, contravariant=True)
C_contra = TypeVar("C_contra", contravariant=True)
A_contra = TypeVar("A_contra", bound=Hashable, contravariant=True)


class FlowRulesModule(Protocol[S_contra, A]):
    """A game's rules module on the core's flow runner (a :class:`FlowState`), for :func:`flow_rules_of`:
    the step, a turn's actions and their effect, chance and its effect, the scores and the outcome."""

    def step(self, state: S_contra, /) -> int | None: ...

    def turn_actions(self, state: S_contra, /) -> list[A]: ...

    def apply_turn(self, state: S_contra, action: A, /) -> None: ...

    def apply_chance(self, state: S_contra, event: "Step", outcome: A, /) -> None: ...

    def chance_outcomes(self, state: S_contra, /) -> list[tuple[A, float]]: ...

    def scores(self, state: S_contra, /) -> list[float]: ...

    def outcome(self, state: S_contra, /) -> "Outcome": ...


def flow_rules_of(module: FlowRulesModule[S, A], *, settle_chance: Callable[[S, "Step"], bool] | None = None,
                  settle_frame: Callable[[S, "Step"], bool] | None = None,
                  frame_player: Callable[[S, "Step"], int] | None = None,
                  frame_rules: Mapping[Any, tuple[Callable[[S, "Step"], list[A]], Callable[[S, "Step", A], None]]] | None = None,
                  is_sealed: Callable[[S], bool] | None = None, reveals: Callable[[S, A], bool] | None = None,
                  chance_pick: Callable[[S, float], A] | None = None) -> Rules[S, A]:
    """The :class:`Rules` a flow game's rules module gives whole (:class:`FlowRulesModule`), with
    the optional ones named: ``rules=flow_rules_of(rules, frame_rules=FRAME_RULES)``."""
    return Rules(step=module.step, turn_actions=module.turn_actions, apply_turn=module.apply_turn,
                 apply_chance=module.apply_chance, chance_outcomes=module.chance_outcomes, scores=module.scores,
                 outcome=module.outcome, settle_chance=settle_chance, settle_frame=settle_frame,
                 frame_player=frame_player, frame_rules=frame_rules, is_sealed=is_sealed, reveals=reveals,
                 chance_pick=chance_pick)


class NotationModule(Protocol[S_contra, A, C_contra]):
    """A game's notation module, for :func:`notation_of`: its action texts, its action words
    (``WORDS``) and the four functions of its action space, each named as the :class:`Notation` field."""

    @property
    def WORDS(self) -> Sequence[tuple[str, str]]: ...

    def action_text(self, state: S_contra, action: A, /) -> str: ...

    def num_actions(self, comp: C_contra, players: int, /) -> int: ...

    def max_game_length(self, comp: C_contra, players: int, /) -> int | None: ...

    def action_index(self, comp: C_contra, action: A, /) -> int: ...

    def action_from_index(self, comp: C_contra, state: S_contra, index: int, /) -> A: ...


def notation_of(module: NotationModule[S, A, C], parse_action: Callable[[S, str], A] | None = None) -> Notation[S, A, C]:
    """The :class:`Notation` a notation module gives whole (typed: a module that lacks one of
    :class:`NotationModule`'s names, or gives it another signature, is a type error), with the
    game's own ``parse_action`` where it has one: ``notation=notation_of(notation)``."""
    return Notation(action_text=module.action_text, parse_action=parse_action, num_actions=module.num_actions,
                    max_game_length=module.max_game_length, action_index=module.action_index,
                    action_from_index=module.action_from_index, words=module.WORDS)


class ObserverModule(Protocol[S, A_contra, C_contra]):
    """A game's views module, for :func:`observer_of`: what each seat sees, its determinisation,
    who sees an action and what the others are told, and its observation tensor."""

    def view(self, state: S, player: int, /) -> Doc: ...

    def determinize(self, state: S, player: int, rng: random.Random, /) -> S: ...

    def audience(self, state: S, action: A_contra, /) -> "frozenset[int] | None": ...

    def public_text(self, state: S, action: A_contra, /) -> str: ...

    def observation_shape(self, comp: C_contra, players: int, /) -> tuple[int, ...]: ...

    def observation_tensor(self, comp: C_contra, state: S, player: int, /) -> list[float]: ...


def observer_of(module: ObserverModule[S, A, C], chance_label: Callable[[S], str] | None = None) -> Observer[S, A, C]:
    """The :class:`Observer` a views module gives whole, with the game's ``chance_label`` (often
    its notation's): ``observer=observer_of(views, notation.chance_label)``."""
    return Observer(view=module.view, determinize=module.determinize, audience=module.audience,
                    public_text=module.public_text, chance_label=chance_label,
                    observation_shape=module.observation_shape, observation_tensor=module.observation_tensor)


def action_words(state: State, texts: Sequence[str]) -> list[tuple[str, str]]:
    """The game's words (``Notation.words``) that the action ``texts`` use, in the game's order."""
    play = getattr(type(state), "_bound_play", None)
    words: Sequence[tuple[str, str]] = play.notation.words if isinstance(play, Play) else ()
    used = {first_word(text) for text in texts}
    return [(pattern, says) for pattern, says in words if first_word(pattern) in used]


def first_word(text: str) -> str:
    """An action text's first word: up to a space, ``@`` or ``:`` (``workers@2`` is ``workers``)."""
    return re.split(r"[\s@:]", text.strip(), maxsplit=1)[0]


@part
class Display(Generic[S]):
    """Drawing a state. ``render(state, player)`` returns a :class:`bgkit.model.drawing.Drawing` (or
    any rich renderable; default: the view as JSON). Optional, for a terminal the full drawing does
    not fit (80×24: bgkit.terminal.fit): ``render_compact(state, player)``, what a person needs to
    decide in a dozen lines or so (their own position, what the choice needs; the core cuts what
    does not fit, and without it cuts the full drawing), and ``render_part(state, player, word)``,
    the part of the table a word at the prompt names: ``board`` (the shared table), ``hand`` (the
    player's own position), ``others`` (the other players, as the player may see them); None for a
    part the game does not draw apart (the full drawing is shown). Optional, for a shared screen
    (``bgkit serve``'s ``/game/N/table``): ``render_public(state)``, what everyone at the table sees
    (boards, supplies, scores, the backs and counts of hands; never a hidden card or a face-down
    draw); without it a shared screen shows no drawing, never ``render(None)``, the whole table.
    (How a setup is drawn is the table half's: ``Setup.render_setup``.)"""

    render: Callable[[S, int | None], object] | None = None
    render_compact: Callable[[S, int], object] | None = None  # for the deciding seat: never None
    render_part: Callable[[S, int, str], object | None] | None = None  # likewise
    render_public: Callable[[S], object] | None = None  # for no seat: what everyone sees


@part
class Wording(Generic[S, A]):
    """How a move is said at a real table (``--chance table``), where people carry out a bot's moves.

    ``instruction(state, player, action)``, called with the state just before ``action`` is applied,
    returns what the people do, after the seat's name: ``"takes the 6 from depot 3 and places it on
    space 20"`` is shown as ``P2 (greedy) takes the 6 from depot 3 …``. Default (or None): ``P2
    (greedy): <the action's text>``. Not a method of the state: it is called once per bot move, at a
    table, never by a search."""

    instruction: Callable[[S, int, A], str] | None = None


def _seats_only(comp: object, players: int, rng: random.Random, options: dict[str, str]) -> Doc:
    from bgkit.model.seats import seat_document

    return {"players": players, **seat_document([{} for _ in range(players)], 0)}


def _one_setup(comp: object, players: int, options: dict[str, str]) -> int:
    return 1


@part
class Setup(Generic[C]):
    """The options, the randomised setup and how it is drawn. Default: no options, and a setup of
    the seats alone (``players`` and the seat schema), the first seat starting: all the randomness
    in play; ``render_setup(comp, setup)`` says how to lay out the table (default: the setup as JSON)."""

    options: Sequence[Option] = ()
    make_setup: Callable[[C, int, random.Random, dict[str, str]], Doc] = _seats_only
    count_setups: Callable[[C, int, dict[str, str]], int] = _one_setup
    check_setup: Callable[[C, Doc], None] | None = None
    #: Field lists :func:`bgkit.engine.setups.check_laid_out` reads (``Game.setup_declared``: FIXED, ANY_LENGTH, ANY_KEYS).
    fixed: tuple[str, ...] = ()
    any_length: tuple[str, ...] = ()
    any_keys: tuple[str, ...] = ()
    render_setup: Callable[[C, Doc], object] | None = None


def _points_fields(comp: object, players: int) -> "list[Field]":
    from bgkit.model.sheets import CEILING, Field

    # a game scored by its points alone names no highest score (Pig's has none: a lucky turn can roll
    # on and on), so the bound is the core's ceiling for any sheet number, said rather than implied
    return [Field("points", "the points this player scored", maximum=CEILING)]


def _score_points(comp: object, sheet: "Sheet") -> "ScoreResult":
    from bgkit.model.ranking import build_result

    return build_result(sheet.game, sheet.names, [{"points": row["points"]} for row in sheet.players])


def _sheet_of_scores(comp: object, state: State) -> Doc:
    return {"player": [{"name": f"Player {q + 1}", "points": round(points)}
                       for q, points in enumerate(state.scores())]}


@part
class Scoring(Generic[S, C]):
    """The score sheet and its scoring, one for the table and for played games. Default: one whole
    number of points per player, the most points winning; a finished game exports ``scores()``.
    Part of the table half: its module names the state class only for types (``TYPE_CHECKING``)."""

    sheet_fields: Callable[[C, int], "Sequence[Field]"] = _points_fields
    score_sheet: Callable[[C, "Sheet"], "ScoreResult"] = _score_points
    sheet_from_state: Callable[[C, S], Doc] = _sheet_of_scores
    sheet_game_fields: Callable[[C, int], "Sequence[Field]"] | None = None
    check_sheet: Callable[[C, "Sheet"], None] | None = None
    check_partial_sheet: Callable[[C, "Sheet"], None] | None = None


@part
class Play(Generic[S, A, C]):
    """The play half of a game: its state class and the parts that play it (see the module docstring).

    ``new_state(comp, setup)`` starts play; ``state_from_dict(comp, data)`` rebuilds a saved state
    (default: the state's ``FIELDS`` loaded into a new instance, for a state with no derived fields).
    """

    state: type[S]
    new_state: Callable[[C, Doc], S]
    rules: Rules[S, A]
    state_from_dict: Callable[[C, Doc], S] | None = None
    observer: Observer[S, A, C] = dataclasses.field(default_factory=Observer)
    advisor: Advisor[S, A] = dataclasses.field(default_factory=Advisor)
    notation: Notation[S, A, C] = dataclasses.field(default_factory=Notation)
    display: Display[S] = dataclasses.field(default_factory=Display)
    wording: Wording[S, A] = dataclasses.field(default_factory=Wording)

    def __post_init__(self) -> None:
        for part, group in ((self.notation, ("num_actions", "max_game_length", "action_index", "action_from_index")),
                            (self.observer, ("observation_shape", "observation_tensor"))):
            given = [name for name in group if getattr(part, name) is not None]
            if given and len(given) < len(group):
                lacking = ", ".join(name for name in group if name not in given)
                raise TypeError(f"Play {type(part).__name__.lower()}: {', '.join(given)} given without {lacking}")


@part
class GameSpec(Generic[S, A, C]):
    """A game, declared once: its play half and its table half (see the module docstring).

    ``play`` is a :class:`Play`, or ``"module:NAME"`` naming one, imported when play starts, never by
    ``bgkit setup`` or ``bgkit score``. ``load_data(path)`` loads the components (a person's
    ``--data`` file, or the shipped data for None; default: the game has no data).
    """

    play: Play[S, A, C] | str
    setup: Setup[C] = dataclasses.field(default_factory=Setup)
    scoring: Scoring[S, C] = dataclasses.field(default_factory=Scoring)
    load_data: Callable[[Path | None], C] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.play, str):
            module, colon, attr = self.play.partition(":")
            if not module or not colon or not attr.isidentifier():
                raise TypeError(f"GameSpec play must be a Play or 'module:NAME', not {self.play!r}")
        elif not isinstance(self.play, Play):
            raise TypeError(f"GameSpec play must be a Play or 'module:NAME', not {self.play!r}")


class SpecSetupModule(Protocol[C_contra]):
    """A game's setup module, for :func:`setup_of`: its options, the fields a table may not change,
    and its setup made, counted and checked."""

    @property
    def OPTIONS(self) -> Sequence[Option]: ...

    @property
    def FIXED(self) -> tuple[str, ...]: ...

    def make_setup(self, comp: C_contra, players: int, rng: random.Random, options: dict[str, str], /) -> Doc: ...

    def count_setups(self, comp: C_contra, players: int, options: dict[str, str], /) -> int: ...

    def check_setup(self, comp: C_contra, setup: Doc, /) -> None: ...


def setup_of(module: SpecSetupModule[C], render_setup: Callable[[C, Doc], object] | None = None,
             any_length: tuple[str, ...] = (), any_keys: tuple[str, ...] = ()) -> Setup[C]:
    """The :class:`Setup` a setup module gives whole, drawn by ``render_setup``:
    ``setup=setup_of(setup, render.render_setup, any_keys=setup.ANY_KEYS)``."""
    return Setup(options=module.OPTIONS, make_setup=module.make_setup, count_setups=module.count_setups,
                 check_setup=module.check_setup, fixed=module.FIXED, any_length=any_length, any_keys=any_keys,
                 render_setup=render_setup)


class SpecScoringModule(Protocol[S_contra, C_contra]):
    """A game's scoring module, for :func:`scoring_of`: its sheet's fields, checked and scored, and
    the sheet a finished game fills in."""

    def sheet_fields(self, comp: C_contra, players: int, /) -> "Sequence[Field]": ...

    def score_sheet(self, comp: C_contra, sheet: "Sheet", /) -> "ScoreResult": ...

    def sheet_from_state(self, comp: C_contra, state: S_contra, /) -> Doc: ...

    def check_sheet(self, comp: C_contra, sheet: "Sheet", /) -> None: ...


def scoring_of(module: SpecScoringModule[S, C], sheet_game_fields: Callable[[C, int], "Sequence[Field]"] | None = None,
               check_partial_sheet: Callable[[C, "Sheet"], None] | None = None) -> Scoring[S, C]:
    """The :class:`Scoring` a scoring module gives whole, with its optional parts:
    ``scoring=scoring_of(scoring, check_partial_sheet=scoring.check_partial_sheet)``."""
    return Scoring(sheet_fields=module.sheet_fields, score_sheet=module.score_sheet,
                   sheet_from_state=module.sheet_from_state, check_sheet=module.check_sheet,
                   sheet_game_fields=sheet_game_fields, check_partial_sheet=check_partial_sheet)


#: The parts whose functions become the state's methods (each of the State API's name).
STATE_PARTS: dict[str, tuple[str, ...]] = {
    "rules": ("current_player", "legal_actions", "apply", "chance_outcomes", "chance_pick", "is_sealed", "reveals",
              "scores", "outcome", "step", "turn_actions", "apply_turn", "apply_chance", "settle_chance",
              "settle_frame", "frame_player"),
    "observer": ("view", "determinize", "audience", "public_text", "chance_label"),
    "advisor": ("heuristic", "heuristic_values", "rollout_action"),
    "notation": ("action_text", "parse_action"),
    "display": ("render", "render_compact", "render_part", "render_public"),
}


def bind(play: Play[Any, Any, Any], where: str) -> None:
    """Set the parts' state-level functions on ``play.state`` as its methods, once per process.

    ``where`` names the play half in a fault (``"bgkit_pig:SPEC"``). A PluginError says, in one line,
    what is wrong: a part's function that is not a plain function, a state class that defines a
    method a part provides, or rules that leave the State API incomplete."""
    cls = play.state
    if cls.__dict__.get("_bound_play") is play:
        return
    if not (isinstance(cls, type) and issubclass(cls, State)):
        raise PluginError(f"{where}: Play.state must be a subclass of bgkit.api.State, not {cls!r}")
    if "_bound_play" in cls.__dict__:
        raise PluginError(f"{where}: {cls.__name__} is already the state of another GameSpec")
    methods: dict[str, Any] = {}
    for part_name, names in STATE_PARTS.items():
        part = getattr(play, part_name)
        for name in names:
            function = getattr(part, name)
            if function is None:
                continue
            if not isinstance(function, FunctionType):
                raise PluginError(f"{where}: {part_name}.{name} must be a plain function of the state, not {function!r}")
            if name in cls.__dict__:
                raise PluginError(f"{where}: {cls.__name__} defines {name} itself; it belongs in the spec's {part_name}")
            methods[name] = function
    for name, function in methods.items():
        setattr(cls, name, function)
    if play.rules.frame_rules is not None:
        setattr(cls, "frame_rules", dict(play.rules.frame_rules))
    if play.advisor.rollout_depth is not None:
        setattr(cls, "rollout_depth", play.advisor.rollout_depth)
    abc.update_abstractmethods(cls)
    lacking = set(cls.__abstractmethods__) | {name for name, placeholder in _PLACEHOLDERS.items()
                                              if getattr(cls, name, None) is placeholder}
    if lacking:
        for name in methods:  # left as it was: nothing half bound
            delattr(cls, name)
        abc.update_abstractmethods(cls)
        raise PluginError(f"{where}: the rules lack {', '.join(sorted(lacking))} (see docs/plugins.md)")
    setattr(cls, "_bound_play", play)


def _named(where: str, kind: type[T]) -> T:
    module_name, _, attr = where.partition(":")
    found = getattr(importlib.import_module(module_name), attr, None)
    if not isinstance(found, kind):
        raise PluginError(f"{where} is not a bgkit.api.{kind.__name__} ({type(found).__name__})")
    return found


def load_spec(where: str) -> GameSpec[Any, Any, Any]:
    """The GameSpec ``"module:NAME"`` names (imported now: the game is being loaded)."""
    return _named(where, GameSpec)


def load_play(spec: GameSpec[S, A, C]) -> Play[S, A, C]:
    """The spec's play half: given in place, or imported now from the ``"module:NAME"`` it names
    (play is starting). Not bound here: :func:`bind` does that."""
    if isinstance(spec.play, str):
        found: Play[S, A, C] = _named(spec.play, Play)
        return found
    return spec.play


def fields_loader(play: Play[S, Any, C]) -> Callable[[C, Doc], S]:
    """A play half's default ``state_from_dict``: the state's ``FIELDS`` loaded into a new instance."""
    cls = play.state
    declared = getattr(cls, "FIELDS", None)

    def state_from_dict(comp: C, data: Doc) -> S:
        if declared is None or declared.derived:
            raise PluginError(f"{cls.__name__}: a GameSpec whose state has no FIELDS, or derived ones, needs its own state_from_dict")
        state = cls.__new__(cls)
        declared.load(state, data)
        return state

    return state_from_dict
