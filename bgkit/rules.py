"""How the engine and the bots reach a game's turn logic.

Through the ``bgkit_legal_actions``/``bgkit_apply_action`` hooks when a plugin extends them,
and by direct calls otherwise: the result is identical, and a bot's search makes millions of
these calls, so no hook dispatch is paid per decision unless a plugin asked for it.
"""

from __future__ import annotations

from typing import Any

from bgkit.game import Game, State


class Rules:
    """The turn logic of one game: ``legal_actions(state)`` and ``apply(state, action)``."""

    def __init__(self, game: Game, hook: Any = None):
        self.game = game
        self.hooked = hook is not None and _extended(hook)
        self._hook = hook

    def legal_actions(self, state: State) -> list:
        if self.hooked:
            return self._hook.bgkit_legal_actions(game=self.game, state=state)
        return state.legal_actions()

    def apply(self, state: State, action: Any) -> None:
        if self.hooked:
            self._hook.bgkit_apply_action(game=self.game, state=state, action=action)
        else:
            state.apply(action)


def _extended(hook: Any) -> bool:
    """Whether any plugin besides the core's default one implements a turn hook."""
    return hooks_extended(hook, "bgkit_legal_actions", "bgkit_apply_action")


def hooks_extended(hook: Any, *names: str) -> bool:
    """Whether any plugin besides the core's default one implements one of the hooks ``names``."""
    for name in names:
        if any(impl.plugin_name != "bgkit.default_plugins.games" for impl in getattr(hook, name).get_hookimpls()):
            return True
    return False


def rules_for(game: Game) -> Rules:
    """The turn logic of ``game`` through the hook relay it was loaded with."""
    return Rules(game, game.hooks)
