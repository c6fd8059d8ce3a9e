"""A drawing of the table as plain lines: the renderable a game's ``render`` returns.

rich's tables wrap every cell word by word, which costs tens of milliseconds a drawing; a game is
drawn for every decision a person sees and for every seat in every state the conformance suite
checks, so the games draw themselves as lines instead, and this one renderable prints them. A line
longer than the terminal wraps at spaces, its continuation indented (a word longer than the line
is folded: nothing is cut); a grid (a city, a board) is boxed cells whose width follows the
terminal's between a narrowest and a widest.

``str(drawing)`` is the drawing without styles and without wrapping (for logs and tests).
"""

from __future__ import annotations

import textwrap
from typing import Any, Iterable, Iterator

#: A cell of a grid: its lines, each ``(text, style)``.
Cell = list[tuple[str, str]]


def wrap(text: str, width: int, hang: int = 2) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces; a continuation is
    indented by the line's own indent plus ``hang``. A word longer than a line is folded."""
    if len(text) <= width:
        return [text]
    indent = " " * min(width - 1, len(text) - len(text.lstrip()) + hang)
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


class Drawing:
    """Lines (each with a rich style, or none) and grids, printed in the order they were added."""

    def __init__(self, lines: Iterable[str] = (), hang: int = 2):
        self.hang = hang  # how much deeper a wrapped line's continuation is indented
        self.blocks: list[tuple[Any, ...]] = [("line", line, "") for line in lines]

    def line(self, text: str, style: str = "") -> None:
        """One line (``\\n`` in it starts another), wrapped to the terminal's width."""
        for part in text.split("\n"):
            self.blocks.append(("line", part, style))

    def grid(self, cells: dict[tuple[int, int], Cell], rows: int, columns: int, widest: int = 24, narrowest: int = 12) -> None:
        """A boxed grid of ``rows`` × ``columns`` cells keyed ``(row, column)``; a missing cell is
        empty. Each cell is as wide as the terminal allows, at most ``widest`` characters and at
        least ``narrowest`` (narrower only when the terminal is)."""
        self.blocks.append(("grid", cells, rows, columns, widest, narrowest))

    @property
    def lines(self) -> list[str]:
        """The text lines, grids left out."""
        return [block[1] for block in self.blocks if block[0] == "line"]

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        from rich.segment import Segment
        from rich.style import Style

        width = max(20, options.max_width)
        styles: dict[str, Style | None] = {"": None}
        newline = Segment.line()
        for block in self.blocks:
            if block[0] == "line":
                _, text, style = block
                if style not in styles:
                    styles[style] = Style.parse(style)
                for part in wrap(text, width, self.hang):
                    yield Segment(part, styles[style])
                    yield newline
            else:
                for text in _grid_lines(width, *block[1:]):
                    yield Segment(text)  # one segment a line: cells are not styled
                    yield newline

    def __str__(self) -> str:
        out: list[str] = []
        for block in self.blocks:
            if block[0] == "line":
                out.append(block[1])
            else:
                out += _grid_lines(10_000, *block[1:])
        return "\n".join(out)


def _grid_lines(width: int, cells: dict[tuple[int, int], Cell], rows: int, columns: int, widest: int, narrowest: int) -> list[str]:
    fits = (width - columns - 1) // columns - 2  # each cell: a border and a space either side
    inner = max(1, fits) if fits < narrowest else min(widest, fits)
    edge = "─" * (inner + 2)
    out = ["┌" + "┬".join([edge] * columns) + "┐"]
    for r in range(rows):
        texts = []
        for c in range(columns):
            column: list[str] = []
            for text, _style in cells.get((r, c), ()):
                column += wrap(text, inner, 0)
            texts.append(column)
        for i in range(max(map(len, texts), default=0)):
            line = "│"
            for column in texts:
                text = column[i] if i < len(column) else ""
                line += " " + text + " " * max(0, inner - len(text)) + " │"
            out.append(line)
        out.append("├" + "┼".join([edge] * columns) + "┤" if r < rows - 1 else "└" + "┴".join([edge] * columns) + "┘")
    return out
