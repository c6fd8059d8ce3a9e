"""How bgkit's commands read and explain themselves, for every command (including those other
modules add): ``-h`` is ``--help``, an unknown command gets a "did you mean", help shows plain
metavars."""

from __future__ import annotations

from pathlib import Path

import typer

from bgkit.errors import BadInput


class Group(typer.core.TyperGroup):
    """bgkit's command group: ``-h`` is ``--help`` everywhere, an unknown command gets a "did you
    mean", and help shows plain metavars (``--option NAME=VALUE``, ``--seed N``), never Python types
    such as ``<list[str]>``."""

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is not None:
            _plain_metavars(command)
        return command

    def resolve_command(self, ctx, args):
        from bgkit.errors import suggest

        name = args[0] if args else ""
        if args and not name.startswith("-") and super().get_command(ctx, name) is None:
            raise BadInput(f"No such command {name!r}.{suggest(name, self.list_commands(ctx))} (see: bgkit --help)")
        return super().resolve_command(ctx, args)


def _plain_metavars(command) -> None:
    for param in command.params:
        if param.param_type_name == "argument":
            param.display_type_rich = lambda ctx: None  # typer would add "<str>" after the name
        if param.metavar is not None or getattr(param, "is_flag", False):
            continue
        desc = getattr(param, "type_descriptor", None)
        annotation = getattr(desc, "annotation", None)
        if getattr(desc, "is_choice", False):
            param.metavar = "[" + "|".join(str(getattr(c, "value", c)) for c in desc.choices or ()) + "]"
        elif param.param_type_name == "argument":
            param.metavar = param.name.upper()
        else:
            param.metavar = "N" if annotation is int else "FILE" if annotation is Path else "TEXT"
