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
            _lean_coercion(command)
        return command

    def parse_args(self, ctx, args):
        _lean_coercion(self, ctx)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        from bgkit.errors import suggest

        name = args[0] if args else ""
        if args and not name.startswith("-") and super().get_command(ctx, name) is None:
            raise BadInput(f"No such command {name!r}.{suggest(name, self.list_commands(ctx))} (see: bgkit --help)")
        found = super().resolve_command(ctx, args)
        if found[1] is not None:  # its help option too: made here, with the names it inherits
            _lean_coercion(found[1], ctx)
        return found


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


def _lean_coercion(command, ctx=None) -> None:
    """Give the parameters whose values need no Pydantic a converter that does not import it.

    Typer converts every parameter value -- a default included -- through a Pydantic
    ``TypeAdapter``, and importing Pydantic costs more than all of typer: it made ``bgkit games``
    several times a bare ``import typer``. For the types bgkit's commands use (text, whole
    numbers, paths, choices, lists of text) the value is converted here the way typer's adapter
    would; anything else, and every value typer would refuse, goes to typer's own converter, so
    each error reads exactly as typer words it.
    """
    from bgkit._lean_params import lean_runtime_param

    params = list(command.params)
    if ctx is not None and hasattr(command, "get_help_option"):
        params.append(command.get_help_option(ctx))
    for param in params:
        if getattr(param, "_runtime_param", True) is None and hasattr(param, "type_descriptor"):
            lean = lean_runtime_param(param.type_descriptor)
            if lean is not None:
                param._runtime_param = lean
