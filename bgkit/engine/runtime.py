"""One runtime per loaded game: which callables serve each job, resolved once.

The setup, turn and scoring hooks are extension points (:mod:`bgkit.plugins.hookspecs`). When only the
core's own implementation of a hook is registered, calling the game's code directly gives the
identical result without a hook dispatch per call — and a bot's search makes millions of calls.
This module decides that once per loaded game, and every path (the engine's driver, the bots,
replay and verify, setups, the final result) asks the runtime instead of deciding again.

**The outcome follows the scoring.** When a plugin extends ``bgkit_score`` (a house rule's
tie-break, say), the ranking a finished game reports comes from that scoring, so the outcome the
bots aim for is derived from it too (:meth:`Runtime.outcome`), never from ``State.outcome()``
alone: a house rule changes what the bots play for.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, cast

from bgkit.model.game import CHANCE

if TYPE_CHECKING:
    import random

    from bgkit.model.game import Action, ActionSpace, Game, State
    from bgkit.model.sheets import Sheet
    from bgkit.model.ranking import Outcome, ScoreResult

#: The plugin name the core's own implementations of the game hooks are registered under.
CORE_GAME_HOOKS = "bgkit.plugins.games"


def hooks_extended(hook: Any, *names: str) -> bool:
    """Whether any plugin besides the core's default one implements one of the hooks ``names``
    (None: no hook relay, only the game's own code)."""
    if hook is None:
        return False
    for name in names:
        if any(impl.plugin_name != CORE_GAME_HOOKS for impl in getattr(hook, name).get_hookimpls()):
            return True
    return False


#: How many more decisions a playout cut at its depth plays on when a plugin extends the scoring,
#: as a multiple of the depth, so that the scoring in force (a house rule) rates it at its end.
PLAY_ON = 4
#: How far a finished game's rating moves for each step of reward a plugin's scoring changes
#: (:meth:`Runtime.heuristic`): beyond any heuristic value a game gives.
FINISHED = 1e9


class Functions:
    """Every function a bot or a search calls on states of one class, resolved once by the game's
    runtime (:meth:`Runtime.functions`): the game's own (its GameSpec's parts, bound to its state
    class) where no plugin extends the hook that covers it, else the
    hooked call. A bot takes these and never decides "hooked or direct" itself.

    ``legal_actions(state)``, ``apply(state, action)``, ``current_player(state)``,
    ``chance_pick(state, pick)``: the turn. ``heuristic(state, player)``: the advisor's rating (a
    finished game rated by the scoring in force). ``rollout_action``: the advisor's playout move
    ``(state, rng) -> action``, or None for a uniformly random legal one (the bot draws it inline,
    the same numbers either way); ``rollout_depth``: the decisions a playout plays before it is cut.
    ``macros``: the advisor's ``macros(state)`` (the multi-step choices a search takes as one move),
    or None when the game declares none or plugins extend the turn hooks (whose legal actions the
    game's macros do not know).
    ``rewards(state)``: each seat's reward at a finished state, by the scoring in force;
    ``cut_rewards(state, rng, soft)``: the same for a playout cut at its depth (see :meth:`Runtime.cut_rewards`).
    """

    __slots__ = ("legal_actions", "apply", "current_player", "chance_pick", "heuristic", "rollout_action",
                 "rollout_depth", "macros", "rewards", "cut_rewards")

    def __init__(self, runtime: "Runtime", cls: "type[State]"):
        from bgkit.model.game import State

        self.legal_actions, self.apply = runtime.turn_functions(cls)
        self.current_player: Callable[[Any], int] = cls.current_player
        self.chance_pick: Callable[[Any, float], Any] = cls.chance_pick
        self.heuristic: Callable[[Any, int], float] = runtime.heuristic if runtime.score_hooked else cls.heuristic
        # the game's playout move reads the game's own legal list: plugins' turn hooks take it over
        own_policy = not runtime.turn_hooked and cls.rollout_action is not State.rollout_action
        self.rollout_action: Callable[[Any, Any], Any] | None = cls.rollout_action if own_policy else None
        self.rollout_depth: int = cls.rollout_depth
        play = getattr(cls, "_bound_play", None)  # the play half bound to the class (None: a State made by hand)
        macros = play.advisor.macros if play is not None else None
        self.macros: Callable[[Any], list[tuple[Any, ...]] | None] | None = None if runtime.turn_hooked else macros
        self.rewards: Callable[[Any], list[float]] = runtime.rewards
        self.cut_rewards: Callable[[Any, Any, float], list[float]] = runtime.cut_rewards


def rank_rewards(values: list[float]) -> list[float]:
    """Each seat's share of opponents it beats (ties half): 1 for a sole leader, 0 for sole last."""
    n = len(values)
    if n < 2:
        return [1.0] * n
    return [
        (sum(1.0 for w in values if v > w) + 0.5 * (sum(1 for w in values if w == v) - 1)) / (n - 1)
        for v in values
    ]


def soft_rewards(values: list[float], scale: float) -> list[float]:
    """Each seat's mean over its opponents of a logistic of the value gap (``scale``: the gap that
    counts as 73%): a cut playout rated by how far ahead, not only who is ahead."""
    n = len(values)
    out = []
    for v in values:
        total = 0.0
        for w in values:
            gap = (v - w) / scale
            total += 1.0 / (1.0 + math.exp(-gap)) if gap > -30 else 0.0
        out.append((total - 0.5) / (n - 1))
    return out


class Runtime:
    """The resolved contract of one loaded game (``runtime_for(game)``).

    ``legal_actions(state)``, ``apply(state, action)``, ``setup(players, seed, options)``,
    ``score(sheet)`` and ``outcome(state)`` go through the hooks when a plugin extends them and
    straight to the game's code otherwise. ``turn_hooked``/``score_hooked``/``setup_hooked`` say
    which; ``functions(cls)`` hands out every function the bots call, resolved once per state class,
    and ``turn_functions(cls)`` the hot loop's two.
    """

    def __init__(self, game: "Game"):
        hook: Any = getattr(game, "hooks", None)
        self.game = game
        self.turn_hooked = hooks_extended(hook, "bgkit_legal_actions", "bgkit_apply_action")
        self.score_hooked = hooks_extended(hook, "bgkit_score")
        self.setup_hooked = hooks_extended(hook, "bgkit_setup")
        self._hook = hook
        self._spaces: dict[int, "ActionSpace | None"] = {}
        self._functions: dict[type, Functions] = {}

    # -- turns -------------------------------------------------------------------------------
    def legal_actions(self, state: "State") -> list["Action"]:
        if self.turn_hooked:
            return cast("list[Action]", self._hook.bgkit_legal_actions(game=self.game, state=state))
        return state.legal_actions()

    def apply(self, state: "State", action: "Action") -> None:
        if self.turn_hooked:
            self._hook.bgkit_apply_action(game=self.game, state=state, action=action)
        else:
            state.apply(action)

    def turn_functions(self, cls: "type[State]") -> tuple[Callable[[Any], list[Any]], Callable[[Any, Any], Any]]:
        """``(legal_actions, apply)`` for states of class ``cls``: its own methods, unbound, when no
        plugin extends the turn hooks (no layer per call), else the hooked calls."""
        if self.turn_hooked:
            return self.legal_actions, self.apply
        return cls.legal_actions, cls.apply

    def functions(self, cls: "type[State]") -> Functions:
        """Every function the bots call on states of class ``cls``, resolved once (:class:`Functions`)."""
        found = self._functions.get(cls)
        if found is None:
            found = self._functions[cls] = Functions(self, cls)
        return found

    def parse_action(self, state: "State", text: str) -> "Action":
        """The action a logged or typed ``text`` names, legal under the active turn hooks."""
        from bgkit.model.errors import BadInput

        if state.is_chance() or not self.turn_hooked:
            return state.parse_action(text)
        for action in self.legal_actions(state):
            if state.action_text(action) == text:
                return action
        raise BadInput(f"{text!r} is not legal here")

    def action_space(self, players: int) -> "ActionSpace | None":
        """The game's :class:`bgkit.model.game.ActionSpace` for ``players``, or None (asked once per count)."""
        spaces = self._spaces
        if players not in spaces:
            spaces[players] = self.game.action_space(players)
        return spaces[players]

    # -- setup -------------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
        """The randomised setup through ``bgkit_setup``, drawn from ``random.Random(seed)``."""
        if self.setup_hooked:
            return cast("dict[str, Any]", self._hook.bgkit_setup(game=self.game, players=players, seed=seed, options=options))
        import random

        return self.game.setup(players, random.Random(seed), options)

    # -- scoring and the outcome -------------------------------------------------------------
    def score(self, sheet: "Sheet") -> "ScoreResult":
        """Score a validated sheet through ``bgkit_score``."""
        if self.score_hooked:
            return cast("ScoreResult", self._hook.bgkit_score(game=self.game, sheet=sheet))
        return self.game.score_sheet(sheet)

    def outcome(self, state: "State") -> "Outcome":
        """The final ranking of a finished ``state`` as the game will report it: ``state.outcome()``
        when only the game's own scoring is in force, else the ranking of the scored final sheet."""
        if not self.score_hooked:
            return state.outcome()
        return final_result(self.game, state, [f"P{i + 1}" for i in range(state.num_players)]).outcome

    def rewards(self, state: "State") -> list[float]:
        """Each seat's reward at a finished ``state`` (:meth:`bgkit.model.ranking.Outcome.rewards`)."""
        return self.outcome(state).rewards()

    def heuristic(self, state: "State", player: int) -> float:
        """``state.heuristic(player)``, except that a finished game's rating follows the scoring in
        force: the game's own rating, moved by :data:`FINISHED` for each step of reward a plugin's
        scoring changes (a house rule that makes a loss a win makes it rate as a win). Where the
        scoring in force agrees with the game's, the rating is the game's own, on its own scale,
        so a plugin that changes nothing changes no bot's choice."""
        if self.score_hooked and state.is_terminal():
            change = self.rewards(state)[player] - state.outcome().rewards()[player]
            return state.heuristic(player) + change * FINISHED
        return state.heuristic(player)

    def cut_rewards(self, state: "State", rng: random.Random, soft: float = 0.0) -> list[float]:
        """Each seat's reward for a playout cut at its depth (``rng``: the search's own stream).

        By the game's own scoring: the seats ranked by the advisor's ``heuristic_values`` (with
        ``soft`` > 0, rated by their gaps instead: :func:`soft_rewards`). When a
        plugin extends the scoring (a house rule), a heuristic knows nothing of it, so the playout
        plays on, up to :data:`PLAY_ON` times its depth more, and a game that ends is rated by the
        scoring in force (:meth:`rewards`); only a game still going after that is rated by the
        heuristic."""
        if self.score_hooked:
            functions = self.functions(type(state))
            legal_actions, apply, current, policy = (functions.legal_actions, functions.apply, functions.current_player,
                                                     functions.rollout_action)
            for _ in range(PLAY_ON * functions.rollout_depth):
                mover = current(state)
                if mover < 0 and mover != CHANCE:
                    return self.rewards(state)
                if mover == CHANCE:
                    apply(state, functions.chance_pick(state, rng.random()))
                else:
                    apply(state, rng.choice(legal_actions(state)) if policy is None else policy(state, rng))
            if state.is_terminal():
                return self.rewards(state)
        values = state.heuristic_values()
        return soft_rewards(values, soft) if soft else rank_rewards(values)


def runtime_for(game: "Game") -> Runtime:
    """The runtime of ``game``: made once per loaded game, through the hooks it was loaded with."""
    runtime = game.runtime
    if runtime is None:
        runtime = game.runtime = Runtime(game)
    return cast(Runtime, runtime)


def final_result(game: "Game", state: "State", names: list[str], check: bool = False) -> "ScoreResult":
    """The final state exported as the sheet a person would fill in, scored by the scoring in force.

    When no plugin extends ``bgkit_score`` (the game's runtime resolved that once) the game's own
    export is scored by the game's own code directly: each field takes the value exported (its
    default when left out), without the checks a typed sheet needs (each value's type and range,
    names, the game's ``check_sheet``) or the hook dispatch. Those checks are for what a person
    types; the export is the game's own code, and the conformance suite holds every game to the
    same result, JSON for JSON (``check=True`` takes the validated path, which it compares, so an
    export that validation would reject fails there).
    """
    from bgkit.model.sheets import Sheet, sheet_from_data

    data = game.sheet_from_state(state)
    for row, name in zip(data["player"], names):
        row["name"] = name
    runtime = runtime_for(game)
    if check or runtime.score_hooked:
        sheet = sheet_from_data(game, data, "<final state>")
        return runtime.score(sheet)
    rows = data["player"]
    fields = game.fields_of("sheet_fields", len(rows))
    table_fields = game.fields_of("sheet_game_fields", len(rows))
    sheet = Sheet(  # the values as exported, in the fields' order, as validation would hand them on
        game=game.info.id,
        names=[row["name"] for row in rows],
        players=[{f.name: row.get(f.name, f.default) for f in fields} for row in rows],
        fields={f.name: data.get(f.name, f.default) for f in table_fields},
        source="<final state>",
    )
    return game.score_sheet(sheet)
