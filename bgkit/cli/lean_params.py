"""Value conversion for the simple parameter types, without importing Pydantic.

typer 0.29 converts every parameter value -- a default included -- through a Pydantic
``TypeAdapter``, and importing Pydantic costs more than all of typer; typer 0.28 converts through
click's types and needs none of this. Where a typer parameter has the public method
``get_runtime_param`` (0.29), :func:`lighten` gives it a converter that handles the values it is
sure of -- text, flags, whole numbers in range, unconstrained paths, a choice by its exact value --
the way typer's adapter would, and hands every other value (one typer would refuse, a type it does
not know) to typer's own converter, built on first need, so each error reads as typer words it.

Only public names of typer are used; on a typer without ``get_runtime_param`` nothing is changed,
so a typer release can make bgkit start slower, never convert differently.
"""

from __future__ import annotations

import os
import re
import weakref
from enum import Enum
from pathlib import Path
from typing import Any, Callable, List, get_args, get_origin

_WHOLE = re.compile(r"-?[0-9]{1,18}")


class _NotSure(Exception):
    """This value is typer's to convert (or to refuse, in its own words)."""


class LeanParam:
    """Converts a value of one simple ``kind`` as typer's adapter would, or defers to ``typers``
    (typer's own ``get_runtime_param``, called only when a value needs it)."""

    def __init__(self, info: Any, kind: str, many: bool, annotation: Any, typers: Callable[[], Any]) -> None:
        self.info, self.kind, self.many, self.annotation, self._typers = info, kind, many, annotation, typers

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multi = param.multiple or param.nargs == -1
        if value is None:
            return () if multi else None
        try:
            if multi and isinstance(value, str):
                raise _NotSure
            if self.many:
                items = value if isinstance(value, (list, tuple)) else [value]
                return [self._one(item) for item in items]
            return self._one(value)
        except _NotSure:
            return self._typers().coerce(value, param=param, ctx=ctx)

    def _one(self, value: Any) -> Any:
        kind, info = self.kind, self.info
        if kind == "bool" and isinstance(value, bool):
            return value
        if kind == "str" and isinstance(value, str):
            return value
        if kind == "int":
            if isinstance(value, str) and _WHOLE.fullmatch(value):
                value = int(value)
            if type(value) is int and (info.min is None or value >= info.min) and (info.max is None or value <= info.max):
                return value
        if kind == "path" and isinstance(value, (str, Path)) and str(value):
            path = Path(value)
            if not path.exists() or os.access(path, os.R_OK):  # typer checks only that an existing path is readable
                return path
        if kind == "choice":
            for choice in self.annotation:
                if value is choice or value == choice.value:
                    return choice
        raise _NotSure


def _kind(annotation: Any, info: Any) -> str:
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None:
        return ""
    if annotation is str:
        return "str"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "" if getattr(info, "clamp", False) else "int"
    if annotation is Path and _plain_path(info):
        return "path"
    if isinstance(annotation, type) and issubclass(annotation, Enum) and getattr(info, "case_sensitive", True):
        return "choice"
    return ""


def _plain_path(info: Any) -> bool:
    """A path with none of the checks typer makes on request (existence, kind, writable, resolved)."""
    return (getattr(info, "path_type", None) is None and not getattr(info, "exists", False)
            and getattr(info, "file_okay", True) and getattr(info, "dir_okay", True)
            and not getattr(info, "writable", False) and not getattr(info, "resolve_path", False)
            and not getattr(info, "allow_dash", False))


def lean_param(param: Any) -> LeanParam | None:
    """A lean converter for a typer parameter of a simple type, or None to leave it to typer."""
    descriptor = getattr(param, "type_descriptor", None)
    typers = getattr(param, "get_runtime_param", None)
    if descriptor is None or typers is None or getattr(descriptor, "file_annotation", None) is not None:
        return None
    annotation, info = descriptor.annotation, descriptor.parameter_info
    many = get_origin(annotation) in (list, List)
    if many:
        args = get_args(annotation)
        if len(args) != 1:
            return None
        annotation = args[0]
    kind = _kind(annotation, info)
    if not kind or (kind == "choice" and many):
        return None
    return LeanParam(info, kind, many, annotation, typers)


#: The parameters :func:`lighten` has seen (typer's objects: bgkit marks none of them).
_LIGHTENED: "weakref.WeakSet[Any]" = weakref.WeakSet()


def lighten(param: Any) -> None:
    """Give ``param`` the lean converter when typer converts through Pydantic and the type is simple."""
    if param in _LIGHTENED:
        return
    lean = lean_param(param)
    if lean is not None:
        param.get_runtime_param = lambda: lean
    _LIGHTENED.add(param)
