"""Typer's value conversion for the simple parameter types, without importing Pydantic.

Used by :mod:`bgkit.cli.group` (see ``_lean_coercion`` there). Every value this module is not
sure of -- one typer would refuse, or a type it does not know -- is handed to typer's own
converter, built on first need, so the result and every error message are typer's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, List, get_args, get_origin

from typer._coercion import RuntimeParam, build_runtime_param
from typer._param_types import coerce_cli_choice, coerce_cli_path

_WHOLE = re.compile(r"-?[0-9]{1,18}")


def _typer(descriptor: Any, holder: list) -> RuntimeParam:
    if not holder:
        holder.append(build_runtime_param(descriptor))
    return holder[0]


@dataclass(frozen=True)
class LeanParam(RuntimeParam):
    """Converts like typer's adapter for ``kind``; defers to typer's converter otherwise."""

    descriptor: Any = None
    kind: str = ""
    many: bool = False
    _fallback: list = field(default_factory=list, compare=False)

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        info = self.parameter_info
        kind = self.kind
        if kind == "bool":
            if isinstance(value, bool):
                return value
        elif kind == "str":
            if isinstance(value, str):
                return value
        elif kind == "int":
            if isinstance(value, str) and _WHOLE.fullmatch(value):
                value = int(value)
            if type(value) is int and (info.min is None or value >= info.min) and (info.max is None or value <= info.max):
                return value
        elif kind == "path":
            if isinstance(value, str) and value:
                value = Path(value)
            if isinstance(value, Path):
                return coerce_cli_path(value, info, path_type=Path, param=param, ctx=ctx)
        elif kind == "choice":
            try:
                return coerce_cli_choice(value, choices=self.descriptor.choices, case_sensitive=info.case_sensitive, ctx=ctx)
            except ValueError:
                pass
        raise LookupError  # not sure: typer decides

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            if self.many:
                items = value if isinstance(value, (list, tuple)) else [value]
                return [self._one(item, param, ctx) for item in items]
            return self._one(value, param, ctx)
        except LookupError:
            return _typer(self.descriptor, self._fallback)._coerce_value(value, param=param, ctx=ctx)


def _kind(annotation: Any, info: Any) -> str:
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None:
        return ""
    if annotation is str:
        return "str"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int" if not getattr(info, "clamp", False) else ""
    if annotation is Path and getattr(info, "path_type", None) is None:
        return "path"
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return "choice"
    return ""


def lean_runtime_param(descriptor: Any) -> RuntimeParam | None:
    """A lean converter for a parameter of a simple type, or None to leave it to typer."""
    if descriptor.file_annotation is not None:
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
    return LeanParam(parameter_info=info, annotation=descriptor.annotation, descriptor=descriptor, kind=kind, many=many)
