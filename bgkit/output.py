"""Output in one place: a command hands over a record and a way to draw it; :func:`emit` prints it.

Every command that prints data builds an :class:`Output`: the ``record`` (JSON-able data, what
scripts read), a ``text`` drawing for people (a rich renderable or a string, made only when text
is asked for), and, where the data is a document a person may edit and hand back, ``toml``.
:data:`FORMATS` is the one table of formats; a format a command cannot give is refused in one line
(exit 2), never printed as text instead.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from bgkit.errors import BadInput


class Format(str, Enum):
    """Every output format (``--format``); each command gives those its :class:`Output` can."""

    text = "text"
    json = "json"
    toml = "toml"


@dataclass(frozen=True)
class Output:
    """What a command prints: ``record`` for scripts, ``text()`` for people, ``toml`` when the
    record is a document (a setup) that reads back as TOML (``text_in_toml``: keys written as
    TOML strings whatever their type, such as a seed past TOML's 64 bits)."""

    record: Any
    text: Callable[[], Any] | None = None
    toml: bool = False
    text_in_toml: tuple[str, ...] = ()

    def formats(self) -> list[str]:
        return [name for name, (can, _) in FORMATS.items() if can(self)]


def _print_text(out: Output) -> None:
    from bgkit import render

    drawing = out.text() if out.text is not None else None
    if isinstance(drawing, str):
        sys.stdout.write(drawing if drawing.endswith("\n") or not drawing else drawing + "\n")
    elif drawing is not None:
        render.stdout().print(drawing)


def _print_json(out: Output) -> None:
    from bgkit import render

    render.print_json(out.record)


def _print_toml(out: Output) -> None:
    from bgkit import render

    render.print_document(out.record, "toml", out.text_in_toml)


#: Each format: whether an Output can be given in it, and how it is printed.
FORMATS: dict[str, tuple[Callable[[Output], bool], Callable[[Output], None]]] = {
    Format.text.value: (lambda out: out.text is not None, _print_text),
    Format.json.value: (lambda out: True, _print_json),
    Format.toml.value: (lambda out: out.toml, _print_toml),
}


def emit(out: Output, format: "Format | str", command: str) -> None:
    """Print ``out`` in ``format``; BadInput naming the formats ``command`` can give otherwise."""
    name = format.value if isinstance(format, Format) else str(format)
    can, printer = FORMATS.get(name, (lambda out: False, _print_text))
    if not can(out):
        raise BadInput(f"bgkit {command} cannot give --format {name} (it gives {', '.join(out.formats())})")
    printer(out)
