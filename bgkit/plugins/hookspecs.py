"""The plugin contract: every hook a bgkit plugin can implement (docs/plugins.md documents each).

Design (see docs/plugins.md, "Why registration"): games, bots and executors are *registered* as
objects (``bgkit_register_games``, ``bgkit_register_bots``, ``bgkit_register_executors``), in the
style of llm; no game plugin ever asks "is this my game?". The three game hooks — **setup**, **turn** and **scoring** — are implemented
for every game once, by the core's ``bgkit.plugins.games`` (``trylast``), which calls the
game's own code. They exist as extension points: another plugin can wrap them (``wrapper=True``)
or answer first to add a house rule, a variant or a logger without touching the game's code.
Each is resolved once per loaded game by its runtime (:mod:`bgkit.engine.runtime`): the engine's driver,
the bots, replay and verify, setups and the final result all go through it, and it dispatches
through pluggy only when another plugin implements the hook (else it calls the game's own code,
with the identical result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

import pluggy

if TYPE_CHECKING:
    from bgkit.model.game import Action, Game, GameInfo, State
    from bgkit.model.ranking import ScoreResult
    from bgkit.engine.runtime import Runtime
    from bgkit.model.sheets import Sheet

#: The contract's version, ``"MAJOR.MINOR"``: a minor version only adds; a major one may change or remove.
API_VERSION = "4.0"
#: The oldest API version whose games this one runs unchanged. A major version says how far back
#: what it kept reaches: 4.0 removed the job-module shape of a game (``GameInfo(package=...)``,
#: deprecated since 3.3) and kept all of 3.3's GameSpec, so a game written for 3.3 still loads.
OLDEST_API = "3.3"


def compatible(declared: str) -> bool:
    """Whether a plugin written for API version ``declared`` works with this one: no older than
    :data:`OLDEST_API` and no newer than :data:`API_VERSION`."""
    try:
        major, minor = (int(part) for part in declared.split("."))
    except ValueError:
        return False
    oldest = tuple(int(part) for part in OLDEST_API.split("."))
    ours = tuple(int(part) for part in API_VERSION.split("."))
    return oldest <= (major, minor) <= ours


class BotFactory(Protocol):
    """``factory(runtime, seed, **params)``: a bot, an object with ``choose(decision) -> action``."""

    def __call__(self, runtime: "Runtime", seed: int, **params: str) -> object: ...


class ExecutorFactory(Protocol):
    """``factory(jobs=J, scheduler=S)``: an executor (see :mod:`bgkit.tournaments.executors`)."""

    def __call__(self, *, jobs: int, scheduler: str | None) -> object: ...


class RegisterBot(Protocol):
    def __call__(self, name: str, factory: BotFactory, help: str) -> None: ...


class RegisterExecutor(Protocol):
    def __call__(self, name: str, factory: ExecutorFactory, help: str) -> None: ...


hookspec = pluggy.HookspecMarker("bgkit")
hookimpl = pluggy.HookimplMarker("bgkit")


def registration(*infos: "GameInfo") -> Callable[[Callable[["GameInfo"], None]], None]:
    """A game plugin's whole ``bgkit_register_games`` hook, registering ``infos`` in their order::

        bgkit_register_games = registration(GameInfo(id="pig", name="Pig", ...))

    The hook is an ordinary function bound to the hook's name, so pluggy finds it as it finds a
    ``def``; every game plugin declares its ``GameInfo`` and nothing else."""

    @hookimpl
    def bgkit_register_games(register: Callable[["GameInfo"], None]) -> None:
        for info in infos:
            register(info)

    return bgkit_register_games


@hookspec
def bgkit_register_games(register: Callable[["GameInfo"], None]) -> None:
    """Register games by calling ``register(GameInfo(...))`` once per game.

    :param register: call it with a :class:`bgkit.model.game.GameInfo`; the GameSpec its ``spec``
        names (or the modules of its ``package``) are imported only when the game is used, so keep
        this module light.
    """


@hookspec
def bgkit_register_bots(register: RegisterBot) -> None:
    """Register bots by calling ``register(name, factory, help)`` once per bot.

    :param register: ``register(name: str, factory, help: str)``; ``factory(runtime, seed, **params)``
        returns an object with ``choose(decision) -> action``: a :class:`bgkit.engine.match.Decision`
        holds the player, the legal actions, a determinisation for that player and (for a bot
        whose ``wants_history`` is true) everything the seat has been told. ``runtime`` is the
        game's :class:`bgkit.engine.runtime.Runtime`. ``params`` come from a seat spec such as
        ``mcts:iterations=500``. In-process bots are trusted code: Python cannot stop one from
        reading the copy of the true state a Decision samples from, but changing it changes
        nothing of the game (each call of ``choose`` gets copies of its own).
    """


@hookspec
def bgkit_register_executors(register: RegisterExecutor) -> None:
    """Register executors (where the games of ``bgkit play --games`` and ``bgkit arena`` run)
    by calling ``register(name, factory, help)`` once per executor.

    :param register: ``register(name: str, factory, help: str)``; ``factory(jobs=J, scheduler=S)``
        returns an executor: ``workers`` (games at once), ``play(schedule, chunks)`` yielding
        ``bgkit.tournaments.executors.play_chunk(schedule, chunk)`` for each chunk in chunk order, and
        ``close()``. ``--executor NAME`` picks one; see ``bgkit/tournaments/executors.py``.
    """


@hookspec(firstresult=True)
def bgkit_setup(game: "Game", players: int, seed: int, options: dict[str, str]) -> dict[str, object] | None:
    """Build the randomised setup of a game (the start of every log).

    :param game: the loaded :class:`bgkit.model.game.Game`.
    :param players: number of players, already checked against the game's range.
    :param seed: the seed; implementations draw only from ``random.Random(seed)``.
    :param options: the ``--option`` values, validated, with defaults filled in.
    :return: the setup as JSON-able data. First non-None result wins.
    """


@hookspec(firstresult=True)
def bgkit_legal_actions(game: "Game", state: "State") -> list["Action"] | None:
    """Turn hook: the legal actions of the player to move in ``state``.

    :param game: the loaded game.
    :param state: a :class:`bgkit.model.game.State` that is neither terminal nor a chance node.
    :return: the list the prompt, the bots and the validator all use. First non-None result wins.
    """


@hookspec(firstresult=True)
def bgkit_apply_action(game: "Game", state: "State", action: "Action") -> "State | None":
    """Turn hook: apply ``action`` (a move or a chance outcome) to ``state`` in place.

    :param game: the loaded game.
    :param state: the state to change.
    :param action: a value from ``bgkit_legal_actions`` or ``state.chance_outcomes()``.
    :return: ``state``. First non-None result wins.
    """


@hookspec(firstresult=True)
def bgkit_score(game: "Game", sheet: "Sheet") -> "ScoreResult | None":
    """Score a validated sheet (typed in at the table, or exported from a finished game).

    :param game: the loaded game.
    :param sheet: a :class:`bgkit.model.sheets.Sheet`.
    :return: a :class:`bgkit.model.ranking.ScoreResult`. First non-None result wins; a wrapper may
        change the result (a house rule).
    """
