"""A drawing of the table as plain lines: the renderable a game's ``render`` returns.

rich's tables wrap every cell word by word, which costs tens of milliseconds a drawing; a game is
drawn for every decision a person sees and for every seat in every state the conformance suite
checks, so the games draw themselves as lines instead, and this one renderable prints them. A line
longer than the terminal wraps at spaces, its continuation indented (a word longer than the line
is folded: nothing is cut); a grid (a city, a board) is boxed cells whose width follows the
terminal's between a narrowest and a widest.

A setup is drawn on it too, with two more blocks: a table (a title, a header row, rows of text
cells, a note under it) and a hex map (rows of labelled, coloured hexes). The same drawing is
printed in the terminal and drawn as a picture by :mod:`bgkit.model.svg` (``bgkit setup --format
svg``, the setup page of ``bgkit serve``), so a game draws once.

``str(drawing)`` is the drawing without styles and without wrapping (for logs and tests).
"""

from __future__ import annotations

import textwrap
from typing import Any, Iterable, Iterator, Sequence

#: A cell of a grid: its lines, each ``(text, style)``.
Cell = list[tuple[str, str]]
#: A row of a table: its cells' texts; ``None`` is a rule between two groups of rows.
Row = Sequence[str] | None
#: A hex of a hex map: its label and its style (``"on COLOUR"`` is the hex's colour).
Hex = tuple[str, str]

#: The characters of one hex of a hex map in the terminal; hexes stand one space apart.
HEX_WIDTH = 5


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

    def table(self, header: Sequence[str], rows: Sequence[Row], title: str = "", note: str = "",
              right: Sequence[int] = ()) -> None:
        """A table under ``title``: a ``header`` row (empty: none), then ``rows`` of text cells
        (``None``: a rule between groups), then ``note``. Columns are as wide as their widest
        cell, narrower when the terminal is (their cells wrap at spaces); the columns numbered in
        ``right`` align right (numbers)."""
        self.blocks.append(("table", title, list(header), [None if r is None else list(r) for r in rows], note, tuple(right)))

    def hexes(self, rows: Sequence[Sequence[Hex]], title: str = "", note: str = "") -> None:
        """A hex map under ``title``: each row of hexes ``(label, style)`` centred under the
        longest, a row between two of the other's hexes (a Castles of Burgundy estate)."""
        self.blocks.append(("hexes", title, [list(row) for row in rows], note))

    def add(self, other: Drawing) -> None:
        """Everything ``other`` draws, after what this one does."""
        self.blocks += other.blocks

    def rich(self, renderable: object) -> None:
        """Any of rich's drawings (a game not yet drawn on lines): printed as it is; a picture
        shows its text as the terminal would at the picture's width."""
        self.blocks.append(("rich", renderable))

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
                    yield Segment(_literal(part), styles[style])
                    yield newline
            elif block[0] == "rich":
                yield block[1]
            elif block[0] == "hexes":
                for parts in _hex_lines(width, *block[1:]):
                    for text, style in parts:
                        if style not in styles:
                            styles[style] = Style.parse(style)
                        yield Segment(_literal(text), styles[style])
                    yield newline
            else:
                for text in _block_lines(width, block):
                    yield Segment(_literal(text))  # one segment a line: cells are not styled
                    yield newline

    def __str__(self) -> str:
        out: list[str] = []
        for block in self.blocks:
            if block[0] == "line":
                out.append(block[1])
            elif block[0] == "rich":
                out.append(plain_text(block[1], 100))
            elif block[0] == "hexes":
                out += ["".join(text for text, _ in parts).rstrip() for parts in _hex_lines(10_000, *block[1:])]
            else:
                out += _block_lines(10_000, block)
        return "\n".join(out)


def _literal(text: str) -> str:
    """``text`` as the terminal must show it: a control character (a data file's ESC) written as
    its escape, never acted on."""
    if text.isprintable():
        return text
    from bgkit.model.errors import escape_controls

    return escape_controls(text)


def _block_lines(width: int, block: tuple[Any, ...]) -> list[str]:
    if block[0] == "table":
        return table_lines(width, *block[1:])
    return _grid_lines(width, *block[1:])


def plain_text(renderable: Any, width: int) -> str:
    """A rich drawing's text at ``width`` columns, without styles."""
    import io

    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False, legacy_windows=False)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())  # type: ignore[attr-defined]


def column_widths(header: list[str], rows: list[list[str] | None], room: int) -> list[int]:
    """Each column's width in characters: its widest cell's, taken from the widest columns (down
    to their longest word, then further) until they fit in ``room``."""
    count = max([len(header)] + [len(r) for r in rows if r is not None])
    every = [header] + [r for r in rows if r is not None]
    widths = [max([len(r[c]) for r in every if c < len(r)] + [1]) for c in range(count)]
    least = [max([len(word) for r in every if c < len(r) for word in r[c].split()] + [1]) for c in range(count)]
    while sum(widths) > max(room, count):
        slack = [w - n for w, n in zip(widths, least)]
        column = max(range(count), key=lambda c: (slack[c], widths[c])) if max(slack) > 0 else widths.index(max(widths))
        widths[column] -= 1
    return widths


def table_lines(width: int, title: str, header: list[str], rows: list[list[str] | None], note: str,
                right: tuple[int, ...]) -> list[str]:
    """A table in lines of at most ``width`` characters (its title and note wrapped)."""
    count = max([len(header)] + [len(r) for r in rows if r is not None])
    widths = column_widths(header, rows, width - 3 * count - 1)

    def rule(left: str, middle: str, end: str) -> str:
        return left + middle.join("─" * (w + 2) for w in widths) + end

    def row_lines(cells: list[str]) -> list[str]:
        texts = [wrap(cells[c] if c < len(cells) else "", w, 0) for c, w in enumerate(widths)]
        out = []
        for i in range(max(map(len, texts))):
            parts = []
            for c, (column, w) in enumerate(zip(texts, widths)):
                text = column[i] if i < len(column) else ""
                parts.append(text.rjust(w) if c in right else text.ljust(w))
            out.append("│ " + " │ ".join(parts) + " │")
        return out

    out = wrap(title, width, 0) if title else []
    out.append(rule("┌", "┬", "┐"))
    if header:
        out += row_lines(header)
        out.append(rule("╞", "╪", "╡").replace("─", "═"))
    for cells in rows:
        if cells is None:
            out.append(rule("├", "┼", "┤"))
        else:
            out += row_lines(cells)
    out.append(rule("└", "┴", "┘"))
    return out + (wrap(note, width, 0) if note else [])


def _hex_lines(width: int, title: str, rows: list[list[Hex]], note: str) -> list[list[tuple[str, str]]]:
    """A hex map's lines, each a list of ``(text, style)``: its rows centred under the longest, in a
    frame with the title in its top edge and the note in its bottom one (above and below it when
    they are longer than the frame, or the frame is wider than the terminal; then a row wider than
    the terminal goes on over more lines: nothing is cut)."""
    longest = max(map(len, rows), default=0)
    inner = max(longest * (HEX_WIDTH + 1) - 1, len(title) + 2, len(note) + 2)
    framed = inner + 4 <= width
    centre = (inner - longest * (HEX_WIDTH + 1) + 1) // 2 if framed else 0
    out: list[list[tuple[str, str]]] = []
    if not framed:
        out += [[(line, "bold")] for line in (wrap(title, width, 0) if title else [])]
    else:
        out.append([("╭" + (f" {title} " if title else "").center(inner + 2, "─") + "╮", "")])
    fit = max(1, (width + 1) // (HEX_WIDTH + 1))  # hexes a line holds on a terminal too narrow for a row
    for row in rows:
        for start in range(0, len(row), len(row) if framed else fit):
            piece = row[start:start + fit] if not framed else row
            indent = centre + (HEX_WIDTH + 1) // 2 * (longest - len(row)) if len(piece) == len(row) else 0
            parts: list[tuple[str, str]] = [("│ " if framed else "", ""), (" " * min(indent, width - len(piece) * (HEX_WIDTH + 1) + 1), "")]
            for index, (label, style) in enumerate(piece):
                parts.append((label.center(HEX_WIDTH), style))
                if index < len(piece) - 1:
                    parts.append((" ", ""))
            if framed:
                parts.append((" " * (inner - sum(len(text) for text, _ in parts[1:])) + " │", ""))
            out.append(parts)
    if framed:
        return out + [[("╰" + (f" {note} " if note else "").center(inner + 2, "─") + "╯", "")]]
    return out + [[(line, "")] for line in (wrap(note, width, 0) if note else [])]


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
