"""Output in one place: a command hands over a record and a way to draw it; :func:`emit` prints it.

Every command that prints data builds an :class:`Output`: the ``record`` (JSON-able data, what
scripts read), a ``text`` drawing for people (drawn on stdout's console only when text is asked
for), and, where the data is a document a person may edit and hand back, ``toml``. :data:`FORMATS`
is the one table of formats; a format a command cannot give is refused in one line (exit 2), never
printed as text instead. Commands that stream records (a tournament's JSON Lines) or write files
(an export) check their ``--format`` with :func:`require`.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Callable

from bgkit.model.errors import BadInput


class Format(str, Enum):
    """Every output format (``--format``); each command gives those its :class:`Output` can."""

    text = "text"
    json = "json"
    toml = "toml"
    csv = "csv"
    svg = "svg"


class Output:
    """What a command prints: ``record`` for scripts, ``text(console)`` drawing it for people,
    ``toml`` when the record is a document (a setup) that reads back as TOML (``text_in_toml``: keys
    written as TOML strings whatever their type, such as a seed past TOML's 64 bits), ``svg()`` when
    it is also a picture (a setup to print). A plain class: every command's start pays for what is built when bgkit starts."""

    __slots__ = ("record", "text", "toml", "text_in_toml", "svg")

    def __init__(self, record: Any, text: Callable[[Any], None] | None = None, toml: bool = False,
                 text_in_toml: tuple[str, ...] = (), svg: Callable[[], str] | None = None):
        self.record = record
        self.text = text
        self.toml = toml
        self.text_in_toml = text_in_toml
        self.svg = svg

    def formats(self) -> list[str]:
        return [name for name, (can, _) in FORMATS.items() if can(self)]


def _print_text(out: Output) -> None:
    from bgkit.terminal import render

    if out.text is not None:
        out.text(render.stdout())


def _print_json(out: Output) -> None:
    from bgkit.terminal import render

    render.print_json(out.record)


def _print_toml(out: Output) -> None:
    from bgkit.terminal import render

    render.print_document(out.record, "toml", out.text_in_toml)


def _print_svg(out: Output) -> None:
    import sys

    assert out.svg is not None  # FORMATS gives svg only for an Output that has it
    sys.stdout.write(out.svg())


#: Each format: whether an Output can be given in it, and how it is printed.
FORMATS: dict[str, tuple[Callable[[Output], bool], Callable[[Output], None]]] = {
    Format.text.value: (lambda out: out.text is not None, _print_text),
    Format.json.value: (lambda out: True, _print_json),
    Format.toml.value: (lambda out: out.toml, _print_toml),
    Format.csv.value: (lambda out: False, _print_text),  # files only: history export writes it
    Format.svg.value: (lambda out: out.svg is not None, _print_svg),
}


def emit(out: Output, format: "Format | str", command: str) -> None:
    """Print ``out`` in ``format``; BadInput naming the formats ``command`` can give otherwise."""
    name = _name(format)
    can, printer = FORMATS.get(name, (lambda out: False, _print_text))
    if not can(out):
        raise BadInput(f"bgkit {command} cannot give --format {name} (it gives {', '.join(out.formats())})")
    printer(out)


def require(format: "Format | str", allowed: tuple[str, ...], command: str) -> str:
    """The name of ``format`` if ``command`` can give it; BadInput naming the ones it can otherwise."""
    name = _name(format)
    if name not in allowed:
        raise BadInput(f"bgkit {command} cannot give --format {name} (it gives {', '.join(allowed)})")
    return name


def _name(format: "Format | str") -> str:
    return format.value if isinstance(format, Format) else str(format)
