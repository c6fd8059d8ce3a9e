"""How bgkit's commands read and explain themselves, for every command (including those other
modules add): ``-h`` is ``--help``, an unknown command gets a "did you mean", help shows plain
metavars."""

from __future__ import annotations

import copy
import functools
import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, cast

import typer

from bgkit.model.errors import BadInput

if TYPE_CHECKING:  # pragma: no cover
    from typer.models import CommandInfo, TyperInfo

# typer hands these methods the objects of its click: click itself up to typer 0.28, a private copy
# of it from 0.29. bgkit names neither (a private module may change in any release, and the type
# checker should not depend on one either), so they are typed loosely here.
ClickCommand = Any
ClickContext = Any
ClickFormatter = Any
ClickParameter = Any


class Group(typer.core.TyperGroup):
    """bgkit's command group: ``-h`` is ``--help`` everywhere, an unknown command gets a "did you
    mean", and help shows plain metavars (``--option NAME=VALUE``, ``--seed N``), never Python types
    such as ``<list[str]>``.

    Built by :func:`lazy_group`, it makes each subcommand when it is first looked up: typer turns
    every parameter of every subcommand into a click parameter up front, which was most of what
    ``bgkit --help`` cost beyond importing typer, while a command line runs one subcommand.
    """

    _infos: dict[str, CommandInfo | TyperInfo] = {}  # name -> typer's record of that subcommand (lazy_group fills it)
    _lazy: dict[str, Callable[[], ClickCommand]] = {}  # name -> how to build that subcommand

    def defer(self, infos: dict[str, CommandInfo | TyperInfo], lazy: dict[str, Callable[[], ClickCommand]]) -> None:
        """Build each subcommand on first use (``lazy``); ``infos``: typer's record of each, for its summary."""
        self._infos, self._lazy = infos, lazy
    _summaries: dict[str, ClickCommand] = {}  # name -> a parameterless stand-in, for the list of commands in help

    def list_commands(self, ctx: ClickContext) -> list[str]:
        return list(self._lazy) if self._lazy else super().list_commands(ctx)

    def get_command(self, ctx: ClickContext, name: str) -> ClickCommand | None:
        if name in self._summaries:
            return self._summaries[name]
        if name not in self.commands and name in self._lazy:
            self.commands[name] = self._lazy[name]()
        command = super().get_command(ctx, name)
        if command is not None:
            _plain_metavars(command)
            _lean_coercion(command)
        return command

    def format_commands(self, ctx: ClickContext, formatter: ClickFormatter) -> None:
        """The list of commands in ``--help``: one line of help each, no command built for it."""
        self._summaries = {name: _summary(info) for name, info in self._infos.items() if name not in self.commands}
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._summaries = {}

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        _lean_coercion(self, ctx)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: ClickContext, args: list[str]) -> tuple[str | None, ClickCommand | None, list[str]]:
        from bgkit.model.errors import suggest

        name = args[0] if args else ""
        if args and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise BadInput(f"No such command {name!r}.{suggest(name, self.list_commands(ctx))} (see: bgkit --help)")
        found = super().resolve_command(ctx, args)
        if found[1] is not None:  # its help option too: made here, with the names it inherits
            _lean_coercion(found[1], ctx)
        return found


def lazy_group(app: typer.Typer) -> Group:
    """``app`` as bgkit's click group (``app`` made with ``cls=Group``), its subcommands built on
    first use, in typer's order (commands, then sub-apps). The group itself is built from a copy of
    ``app`` that has no subcommands, so ``app`` is never changed."""
    bare = copy.copy(app)
    bare.registered_commands, bare.registered_groups = [], []
    group = cast(Group, typer.main.get_command(bare))  # the group itself (cls=Group): its callback and options
    short, markup = app.pretty_exceptions_short, app.rich_markup_mode
    infos: dict[str, CommandInfo | TyperInfo] = {}
    lazy: dict[str, Callable[[], ClickCommand]] = {}
    for info in app.registered_commands:
        assert info.callback is not None  # @app.command() records the function it decorates
        name = info.name or typer.main.get_command_name(info.callback.__name__)
        infos[name] = info
        lazy[name] = functools.partial(typer.main.get_command_from_info, info, pretty_exceptions_short=short, rich_markup_mode=markup)
    for group_info in app.registered_groups:
        assert group_info.name is not None  # bgkit names every sub-app it adds
        infos[group_info.name] = group_info
        lazy[group_info.name] = functools.partial(typer.main.get_group_from_info, group_info, suggest_commands=app.suggest_commands,
                                                  pretty_exceptions_short=short, rich_markup_mode=markup)
    group.defer(infos, lazy)
    return group


def _summary(info: CommandInfo | TyperInfo) -> typer.core.TyperCommand:
    """A stand-in with a command's help and nothing else, for the list of commands."""
    if isinstance(info, typer.models.TyperInfo):
        assert info.typer_instance is not None  # a sub-app's record holds the sub-app
        sub = info.typer_instance.info
        text, short, hidden = info.help or sub.help, info.short_help or sub.short_help, bool(info.hidden or sub.hidden)
    else:
        text = inspect.cleandoc(info.help) if info.help else inspect.getdoc(info.callback)
        short, hidden = info.short_help, bool(info.hidden)
    if not short and text:  # the first paragraph, whole: the list wraps it where click would cut it with "..."
        short = " ".join(text.split("\n\n")[0].split())
    return typer.core.TyperCommand(None, help=text, short_help=short, hidden=hidden)


def _plain_metavars(command: ClickCommand) -> None:
    for sub in (getattr(command, "commands", None) or {}).values():  # a group's commands (bgkit history show)
        _plain_metavars(sub)
    for param in command.params:
        if param.param_type_name == "argument":
            # typer would add "<str>" after the name: this one argument's own, in place of typer's method
            setattr(param, "display_type_rich", lambda ctx: None)
        if param.metavar is not None or getattr(param, "is_flag", False):
            continue
        desc = getattr(param, "type_descriptor", None)
        annotation = getattr(desc, "annotation", None)
        if desc is not None and getattr(desc, "is_choice", False):
            param.metavar = "[" + "|".join(str(getattr(c, "value", c)) for c in desc.choices or ()) + "]"
        elif param.param_type_name == "argument":
            param.metavar = param.name.upper()
        else:
            param.metavar = "N" if annotation is int else "FILE" if annotation is Path else "TEXT"


def _lean_coercion(command: ClickCommand, ctx: ClickContext | None = None) -> None:
    """Give the parameters whose values need no Pydantic a converter that does not import it.

    typer 0.29 converts every parameter value -- a default included -- through a Pydantic
    ``TypeAdapter``, and importing Pydantic costs more than all of typer: it made ``bgkit games``
    several times a bare ``import typer``. For the types bgkit's commands use (text, whole
    numbers, paths, choices, lists of text) :mod:`bgkit.cli.lean_params` converts the value the
    way typer's adapter would; anything else, and every value typer would refuse, goes to typer's
    own converter, so each error reads exactly as typer words it.
    """
    from bgkit.cli.lean_params import lighten

    params: list[ClickParameter | None] = list(command.params)
    if ctx is not None and hasattr(command, "get_help_option"):
        params.append(command.get_help_option(ctx))
    for param in params:
        if param is not None:
            lighten(param)
