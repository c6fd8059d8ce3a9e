"""Frozen records made without compiling code: :func:`record`, a frozen dataclass for a type checker.

``dataclasses`` compiles each class's generated methods anew in every process (``exec`` of their
source), and the classes of :mod:`bgkit.model.game` (``GameInfo``, ``Dynamics``, ``Option``) are made
at every start of bgkit, ``bgkit games`` included: about 5% of ``import typer`` for three classes.
A record gets the same ``__init__`` (positional or keyword, defaults, ``__post_init__``), equality,
hash, repr and frozenness from plain functions shared by every record (docs/design.md, start-up).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen record of its annotated fields, in their order (a default is the
    class attribute of the field's name; ``__post_init__``, if defined, checks a new record)."""
    names: tuple[str, ...] = tuple(name for name in cls.__dict__.get("__annotations__", {}) if not name.startswith("_"))
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    check: Callable[[Any], None] | None = getattr(cls, "__post_init__", None)
    title = f"{cls.__name__}.__init__()"

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(names):
            raise TypeError(f"{title} takes {len(names)} positional arguments but {len(args)} were given")
        given = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in names:
                raise TypeError(f"{title} got an unexpected keyword argument {name!r}")
            if name in given:
                raise TypeError(f"{title} got multiple values for argument {name!r}")
            given[name] = value
        for name in names:
            if name in given:
                object.__setattr__(self, name, given[name])
            elif name in defaults:
                object.__setattr__(self, name, defaults[name])
            else:
                raise TypeError(f"{title} missing the argument {name!r}")
        if check is not None:
            check(self)

    def values(self: Any) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in names)

    def __eq__(self: Any, other: object) -> bool:
        return values(self) == values(other) if type(other) is type(self) else NotImplemented

    def __hash__(self: Any) -> int:
        return hash(values(self))

    def __repr__(self: Any) -> str:
        return f"{cls.__name__}({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"

    def __setattr__(self: Any, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    for function in (__init__, __eq__, __hash__, __repr__, __setattr__, __delattr__):
        function.__qualname__ = f"{cls.__qualname__}.{function.__name__}"
        setattr(cls, function.__name__, function)
    setattr(cls, "record_fields", names)
    return cls


def replace(item: T, **changes: object) -> T:
    """A copy of the record ``item`` with ``changes`` (as :func:`dataclasses.replace`)."""
    names: tuple[str, ...] = getattr(type(item), "record_fields")
    return type(item)(**{**{name: getattr(item, name) for name in names}, **changes})
