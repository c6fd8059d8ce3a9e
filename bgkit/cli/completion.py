"""Shell completion for bash, zsh and fish: typer's scripts, and what bgkit's own words complete to.

The script a shell sources (``bgkit completion SHELL``) runs ``bgkit`` with ``_BGKIT_COMPLETE`` set
and the words typed so far; :func:`bgkit.cli.main.main` then registers typer's completion classes
(only then: an everyday start pays nothing for completion) and click answers from the commands'
parameters. Commands, options and the choices of an option (``--format``) come from click; game
ids, seats (bots) and executors come from the functions here, which read the plugin registry
without importing a game engine.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

    from bgkit.plugins.registry import Registered, Registry

COMPLETE_VAR = "_BGKIT_COMPLETE"
SPECIAL_SEATS = (("human", "a person at this terminal (human:NAME)"), ("exec:", "a program speaking the bot protocol"))


class Shell(str, Enum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"


def _registry() -> Registry:
    from bgkit.plugins.registry import get_registry

    return get_registry()


def _matching(pairs: Iterable[tuple[str, str]], incomplete: str) -> list[tuple[str, str]]:
    return [(name, help) for name, help in pairs if name.startswith(incomplete)]


def complete_game(incomplete: str) -> list[tuple[str, str]]:
    """Installed game ids, each with its name."""
    return _matching(((gid, info.name) for gid, info in _registry().games.items()), incomplete)


def complete_seat(incomplete: str) -> list[tuple[str, str]]:
    """What a seat can be: a registered bot, a human, or an exec: program."""
    bots = ((name, _help_line(bot)) for name, bot in _registry().bots.items())
    return _matching([*SPECIAL_SEATS, *bots], incomplete)


def complete_executor(incomplete: str) -> list[tuple[str, str]]:
    """Registered executors (--executor)."""
    return _matching(((name, _help_line(ex)) for name, ex in _registry().executors.items()), incomplete)


def _help_line(info: Registered) -> str:
    """The first line of a registered bot's or executor's help."""
    return info.help.split("\n")[0]


def complete_game_option(ctx: object, incomplete: str) -> list[tuple[str, str]]:
    """``--option NAME=VALUE`` for the game already typed: each option's values (its spec's table
    half is read, never its rules). The game is read from the words the shell sent (bash's ``COMP_WORDS``,
    zsh's and fish's ``_TYPER_COMPLETE_ARGS``): click has not parsed the command's arguments yet
    while an option waits for its value.

    ``ctx`` is click's context, typed ``object``: typer evaluates a completion function's annotations
    when it asks it, and this module imports no typer (an everyday start pays nothing for completion)."""
    import os
    import shlex

    try:
        words = shlex.split(os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS") or "")
    except ValueError:  # an unclosed quote: nothing to read the game from
        return []
    name = getattr(ctx, "info_name", None)
    after = words[words.index(name) + 1:] if name in words else []
    game_id = next((word for word in after if word in _registry().games), None)  # past any option's value
    if game_id is None:
        return []
    try:
        options = _registry().load_game(game_id).options
    except Exception:  # a broken plugin completes to nothing rather than a traceback in the shell
        return []
    pairs = ((f"{option.name}={choice}", option.help) for option in options for choice in option.choices)
    return _matching(pairs, incomplete)


def script(shell: Shell) -> str:
    """The completion script for ``shell``, as typer writes it for the program ``bgkit``."""
    from typer.completion import get_completion_script  # type: ignore[attr-defined]  # typer re-exports it without __all__

    return get_completion_script(prog_name="bgkit", complete_var=COMPLETE_VAR, shell=shell.value)


def install(shell: Shell) -> str:
    """Write the script where ``shell`` reads completions (typer's places: ~/.bash_completions/ sourced
    from ~/.bashrc, ~/.zfunc for zsh, ~/.config/fish/completions/), and say where."""
    from typer.completion import install as typers_install  # type: ignore[attr-defined]  # as above

    _, path = typers_install(shell=shell.value, prog_name="bgkit", complete_var=COMPLETE_VAR)
    return str(path)


def answering() -> bool:
    """Is this start a shell asking for completions? If so, typer's completion classes are registered."""
    import os

    if not os.environ.get(COMPLETE_VAR):
        return False
    from typer.completion import completion_init  # type: ignore[attr-defined]  # as above

    completion_init()
    return True
