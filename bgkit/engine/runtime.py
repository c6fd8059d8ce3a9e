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

from typing import TYPE_CHECKING, Any, Callable, cast

if TYPE_CHECKING:
    from bgkit.model.game import Action, Game, State
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


class Runtime:
    """The resolved contract of one loaded game (``runtime_for(game)``).

    ``legal_actions(state)``, ``apply(state, action)``, ``setup(players, seed, options)``,
    ``score(sheet)`` and ``outcome(state)`` go through the hooks when a plugin extends them and
    straight to the game's code otherwise. ``turn_hooked``/``score_hooked``/``setup_hooked`` say
    which; ``turn_functions(cls)`` gives the hot loop's two calls looked up once.
    """

    def __init__(self, game: "Game"):
        hook: Any = getattr(game, "hooks", None)
        self.game = game
        self.turn_hooked = hooks_extended(hook, "bgkit_legal_actions", "bgkit_apply_action")
        self.score_hooked = hooks_extended(hook, "bgkit_score")
        self.setup_hooked = hooks_extended(hook, "bgkit_setup")
        self._hook = hook
        self._spaces: dict[int, Any] = {}

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

    def parse_action(self, state: "State", text: str) -> "Action":
        """The action a logged or typed ``text`` names, legal under the active turn hooks."""
        from bgkit.model.errors import BadInput

        if state.is_chance() or not self.turn_hooked:
            return state.parse_action(text)
        for action in self.legal_actions(state):
            if state.action_text(action) == text:
                return action
        raise BadInput(f"{text!r} is not legal here")

    def action_space(self, players: int) -> Any:
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
    def score(self, sheet: Any) -> "ScoreResult":
        """Score a validated sheet through ``bgkit_score``."""
        if self.score_hooked:
            return cast("ScoreResult", self._hook.bgkit_score(game=self.game, sheet=sheet))
        return cast("ScoreResult", self.game.score_sheet(sheet))

    def outcome(self, state: "State") -> "Outcome":
        """The final ranking of a finished ``state`` as the game will report it: ``state.outcome()``
        when only the game's own scoring is in force, else the ranking of the scored final sheet."""
        if not self.score_hooked:
            return cast("Outcome", state.outcome())
        return final_result(self.game, state, [f"P{i + 1}" for i in range(state.num_players)]).outcome

    def rewards(self, state: "State") -> list[float]:
        """Each seat's reward at a finished ``state`` (:meth:`bgkit.model.ranking.Outcome.rewards`)."""
        return self.outcome(state).rewards()

    def heuristic(self, state: "State", player: int) -> float:
        """``state.heuristic(player)``, except that a finished game is rated by :meth:`outcome`."""
        if self.score_hooked and state.is_terminal():
            return self.rewards(state)[player]
        return state.heuristic(player)


def runtime_for(game: "Game") -> Runtime:
    """The runtime of ``game``: made once per loaded game, through the hooks it was loaded with."""
    runtime = game._runtime
    if runtime is None:
        runtime = game._runtime = Runtime(game)
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
    fields = game._fields("sheet_fields", len(rows))
    table_fields = game._fields("sheet_game_fields", len(rows), default=lambda p: [])
    sheet = Sheet(  # the values as exported, in the fields' order, as validation would hand them on
        game=game.info.id,
        names=[row["name"] for row in rows],
        players=[{f.name: row.get(f.name, f.default) for f in fields} for row in rows],
        fields={f.name: data.get(f.name, f.default) for f in table_fields},
        source="<final state>",
    )
    return cast("ScoreResult", game.score_sheet(sheet))
