"""The plugin contract: every hook a bgkit plugin can implement (docs/plugins.md documents each).

Design (see docs/plugins.md, "Why registration"): games and bots are *registered* as objects
(``bgkit_register_games``, ``bgkit_register_bots``), in the style of llm; no game plugin ever asks
"is this my game?". The three game hooks — **setup**, **turn** and **scoring** — are implemented
for every game once, by the core's ``bgkit.default_plugins.games`` (``trylast``), which calls the
game's own code. They exist as extension points: another plugin can wrap them (``wrapper=True``)
or answer first to add a house rule, a variant or a logger without touching the game's code.
The CLI and the engine reach games only through them.
"""

from __future__ import annotations

from typing import Any, Callable

import pluggy

hookspec = pluggy.HookspecMarker("bgkit")
hookimpl = pluggy.HookimplMarker("bgkit")


@hookspec
def bgkit_register_games(register: Callable[[Any], None]) -> None:
    """Register games by calling ``register(GameInfo(...))`` once per game.

    :param register: call it with a :class:`bgkit.game.GameInfo`; the modules of its ``package``
        are imported only when the game is used, so keep this module light.
    """


@hookspec
def bgkit_register_bots(register: Callable[..., None]) -> None:
    """Register bots by calling ``register(name, factory, help)`` once per bot.

    :param register: ``register(name: str, factory, help: str)``; ``factory(rules, seed, **params)``
        returns an object with ``choose(decision) -> action``: a :class:`bgkit.engine.Decision`
        holds the player, the legal actions and a determinisation for that player (never the
        true state). ``params`` come from a seat spec such as ``mcts:iterations=500``.
    """


@hookspec(firstresult=True)
def bgkit_setup(game: Any, players: int, seed: int, options: dict[str, str]) -> dict | None:
    """Build the randomised setup of a game (the start of every log).

    :param game: the loaded :class:`bgkit.game.Game`.
    :param players: number of players, already checked against the game's range.
    :param seed: the seed; implementations draw only from ``random.Random(seed)``.
    :param options: the ``--option`` values, validated, with defaults filled in.
    :return: the setup as JSON-able data. First non-None result wins.
    """


@hookspec(firstresult=True)
def bgkit_legal_actions(game: Any, state: Any) -> list | None:
    """Turn hook: the legal actions of the player to move in ``state``.

    :param game: the loaded game.
    :param state: a :class:`bgkit.game.State` that is neither terminal nor a chance node.
    :return: the list the prompt, the bots and the validator all use. First non-None result wins.
    """


@hookspec(firstresult=True)
def bgkit_apply_action(game: Any, state: Any, action: Any) -> Any | None:
    """Turn hook: apply ``action`` (a move or a chance outcome) to ``state`` in place.

    :param game: the loaded game.
    :param state: the state to change.
    :param action: a value from ``bgkit_legal_actions`` or ``state.chance_outcomes()``.
    :return: ``state``. First non-None result wins.
    """


@hookspec(firstresult=True)
def bgkit_score(game: Any, sheet: Any) -> Any | None:
    """Score a validated sheet (typed in at the table, or exported from a finished game).

    :param game: the loaded game.
    :param sheet: a :class:`bgkit.sheets.Sheet`.
    :return: a :class:`bgkit.ranking.ScoreResult`. First non-None result wins; a wrapper may
        change the result (a house rule).
    """
