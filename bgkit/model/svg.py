"""A :class:`bgkit.model.drawing.Drawing` as a picture: a standalone SVG document.

The terminal and the picture come from the same drawing, so a game draws once: lines become
text (wrapped as the terminal wraps them, at the picture's width in characters), a grid becomes
boxed cells, a table ruled rows under a shaded header, a hex map hexagons in their colours, and
a drawing made with rich (a game not yet drawn on lines) its text in a monospace font.

SVG has no text layout of its own, so every line is placed here: a character is taken as
:data:`CHAR` wide (generous for a sans-serif font, exact for a monospace one), which keeps each
text inside its box. Every text is escaped (a control character written as its escape); fonts
are named by generic family only, so the picture looks alike wherever it is opened or printed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from bgkit.model.drawing import Drawing, Hex, plain_text, column_widths, wrap
from bgkit.model.errors import escape_controls

FONT = 14.0  # the font size, in the picture's units
CHAR = 0.6 * FONT  # the width taken for one character
LINE = 1.35 * FONT  # from one line of text to the next
PAD = 6.0  # inside a cell, each side
MARGIN = 16.0
SMALLEST = 0.66  # the smallest font a cell shrinks to for a long word, of FONT
SHORT = 12  # a cell of numbers this long at most shrinks to stay on one line
INK, RULE, SHADE = "#222222", "#555555", "#e6e6e6"


def text(value: str) -> str:
    """``value`` as the content of an XML element: escaped, and a control character (which XML
    cannot hold, or a terminal would act on) written as its escape, as the terminal shows it."""
    return escape(value if value.isprintable() else escape_controls(value))


@lru_cache(maxsize=256)
def _style(style: str) -> tuple[str | None, str | None, bool, bool]:
    """A rich style's ink and background (hex colours, or None), bold and dim."""
    from rich.style import Style

    parsed = Style.parse(style) if style else Style()
    ink = None if parsed.color is None or parsed.color.is_default else parsed.color.get_truecolor().hex
    ground = None if parsed.bgcolor is None or parsed.bgcolor.is_default else parsed.bgcolor.get_truecolor(foreground=False).hex
    return ink, ground, bool(parsed.bold), bool(parsed.dim)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _lightness(colour: str) -> float:
    red, green, blue = _rgb(colour)
    return (0.299 * red + 0.587 * green + 0.114 * blue) / 255


def _tint(colour: str, white: float) -> str:
    """``colour`` mixed with ``white`` parts of white (0: itself, 1: white)."""
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in _rgb(colour))


def _ink(style: str) -> str:
    """The attributes of text in ``style`` on white paper: a colour too light to read is darkened."""
    ink, _, bold, dim = _style(style)
    if ink is not None and _lightness(ink) > 0.7:
        ink = "#666666"
    out = f' fill="{ink or ("#666666" if dim else INK)}"'
    return out + (' font-weight="bold"' if bold else "")


class Canvas:
    """The picture being drawn, top to bottom: its elements and how far down it has got."""

    def __init__(self, columns: int):
        self.columns = columns
        self.width = columns * CHAR  # inside the margins
        self.y = MARGIN
        self.parts: list[str] = []

    def words(self, x: float, baseline: float, value: str, style: str = "", anchor: str = "", size: float = FONT,
              mono: bool = False) -> None:
        extra = f' text-anchor="{anchor}"' if anchor else ""
        extra += f' font-size="{size:.1f}"' if size != FONT else ""
        extra += ' font-family="monospace" xml:space="preserve"' if mono else ""
        self.parts.append(f'<text x="{x:.1f}" y="{baseline:.1f}"{extra}{_ink(style)}>{text(value)}</text>')

    def box(self, x: float, y: float, width: float, height: float, fill: str = "none") -> None:
        self.parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" '
                          f'fill="{fill}" stroke="{RULE}" stroke-width="1"/>')

    def line(self, value: str, style: str = "", hang: int = 0) -> None:
        """A line of text, wrapped to the picture's width."""
        for part in wrap(value, self.columns, hang):
            indent = len(part) - len(part.lstrip(" "))
            self.y += LINE
            if part.strip():
                self.words(MARGIN + indent * CHAR, self.y - 0.3 * LINE, part.strip(), style)

    def gap(self) -> None:
        self.y += 0.4 * LINE


def _fitted(lines: list[tuple[str, str]], width: float, base: float = FONT) -> tuple[float, list[tuple[str, str]]]:
    """A cell's lines wrapped to ``width`` units, and the font size they take: ``base``, smaller
    (down to two thirds of it) when a word, or a few numbers, would not fit on a line otherwise."""
    longest = max([len(word) for value, _ in lines for word in value.split()] + [1])
    whole = max([len(value) for value, _ in lines] + [1])
    if whole <= SHORT and not any(ch.isalpha() for value, _ in lines for ch in value):
        longest = whole  # a few numbers (a goods pile) are made smaller rather than broken
    size = base * max(SMALLEST, min(1.0, width / (longest * CHAR * base / FONT)))
    chars = max(1, int(width / (CHAR * size / FONT) + 1e-6))
    return size, [(part, style) for value, style in lines for part in wrap(value, chars, 0)]


def _grid(canvas: Canvas, cells: dict[tuple[int, int], Any], rows: int, columns: int, *_: Any) -> None:
    width = canvas.width / max(1, columns)
    canvas.gap()
    for row in range(rows):
        drawn = [_fitted(cells.get((row, column), []), width - PAD) for column in range(columns)]
        height = max([len(lines) * LINE * size / FONT for size, lines in drawn] + [LINE]) + PAD
        for column, (size, lines) in enumerate(drawn):
            x = MARGIN + column * width
            canvas.box(x, canvas.y, width, height)
            baseline = canvas.y + (height - len(lines) * LINE * size / FONT) / 2
            for value, style in lines:
                baseline += LINE * size / FONT
                canvas.words(x + width / 2, baseline - 0.3 * LINE * size / FONT, value, style, "middle", size)
        canvas.y += height
    canvas.gap()


def _table(canvas: Canvas, title: str, header: list[str], rows: list[list[str] | None], note: str,
           right: tuple[int, ...]) -> None:
    count = max([len(header)] + [len(r) for r in rows if r is not None])
    pad = max(2.0, min(PAD, (canvas.width / count - 2 * CHAR) / 2))  # many narrow columns: less space in each
    room = canvas.width - count * 2 * pad
    every = [header] + [r for r in rows if r is not None]
    words = sum(max([len(word) for r in every if c < len(r) for word in r[c].split()] + [1]) for c in range(count))
    base = FONT * max(SMALLEST, min(1.0, room / (words * CHAR)))  # too narrow for its words: smaller type, then wrapped
    widths = [w * CHAR * base / FONT + 2 * pad for w in column_widths(header, rows, int(room / (CHAR * base / FONT)))]
    canvas.gap()
    if title:
        canvas.line(title, "bold")
    body: list[tuple[list[str], str]] = [(header, "bold")] if header else []
    ruled = set()
    for cells in rows:
        if cells is None:
            ruled.add(len(body))
        else:
            body.append((cells, ""))
    for index, (cells, style) in enumerate(body):
        texts = [_fitted([(cells[c] if c < len(cells) else "", style)], w - 2 * pad, base) for c, w in enumerate(widths)]
        height = max(len(lines) * LINE * size / FONT for size, lines in texts) + PAD
        x = MARGIN
        for column, ((size, lines), width) in enumerate(zip(texts, widths)):
            canvas.box(x, canvas.y, width, height, SHADE if style else "none")
            for number, (value, _) in enumerate(lines):
                baseline = canvas.y + PAD / 2 + (number + 0.7) * LINE * size / FONT
                if column in right and not style:
                    canvas.words(x + width - pad, baseline, value, style, "end", size)
                else:
                    canvas.words(x + pad, baseline, value, style, "", size)
            x += width
        if index in ruled:
            canvas.parts.append(f'<rect x="{MARGIN:.1f}" y="{canvas.y - 1.5:.1f}" width="{canvas.width:.1f}" height="3" fill="{RULE}"/>')
        canvas.y += height
    if note:
        canvas.line(note, "dim")
    canvas.gap()


def _hexes(canvas: Canvas, title: str, rows: list[list[Hex]], note: str) -> None:
    longest = max(map(len, rows), default=1)
    width = min(64.0, canvas.width / longest)
    height = width * 2 / math.sqrt(3)
    canvas.gap()
    if title:
        canvas.line(title, "bold")
    top = canvas.y + 4
    for row, hexes in enumerate(rows):
        left = MARGIN + (longest - len(hexes)) * width / 2
        middle = top + height / 2 + row * 0.75 * height
        for index, (label, style) in enumerate(hexes):
            centre = left + index * width + width / 2
            ink, ground, bold, _ = _style(style)
            fill = ground or (_tint(ink, 0.6) if ink else "#ffffff")
            points = " ".join(f"{centre + dx * width / 2:.1f},{middle + dy * height / 4:.1f}"
                              for dx, dy in ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)))
            canvas.parts.append(f'<polygon points="{points}" fill="{fill}" stroke="{RULE}" stroke-width="1"/>')
            size = min(FONT, (width - 6) / (max(1, len(label.strip())) * CHAR / FONT))
            on_dark = ground is not None and _lightness(ground) < 0.45
            colour = "#ffffff" if on_dark else INK
            weight = ' font-weight="bold"' if bold else ""
            canvas.parts.append(f'<text x="{centre:.1f}" y="{middle + size * 0.35:.1f}" text-anchor="middle" '
                                f'font-size="{size:.1f}" fill="{colour}"{weight}>{text(label.strip())}</text>')
    canvas.y = top + height * (0.75 * len(rows) + 0.25) + 4
    if note:
        canvas.line(note, "dim")
    canvas.gap()


def _rich(canvas: Canvas, renderable: Any) -> None:
    """The terminal's text of a rich drawing, its lines close enough for box drawing to join."""
    step = 1.17 * FONT  # a monospace font's box-drawing glyphs are about this tall
    for value in plain_text(renderable, canvas.columns).splitlines():
        canvas.y += step
        if value.strip():
            canvas.words(MARGIN, canvas.y - 0.25 * step, value, mono=True)


def to_svg(drawing: Drawing, columns: int = 96, title: str = "", width_mm: float | None = 190.0,
           standalone: bool = True) -> str:
    """``drawing`` as an SVG document laid out ``columns`` characters wide; ``width_mm`` sizes it
    for printing (190 mm: an A4 or Letter page's width inside its margins), None leaves its size
    to the page that shows it; ``standalone`` starts it with the XML declaration a file needs
    (a picture inside an HTML page goes without)."""
    canvas = Canvas(columns)
    for block in drawing.blocks:
        kind = block[0]
        if kind == "line":
            canvas.line(block[1], block[2], drawing.hang)
        elif kind == "grid":
            _grid(canvas, *block[1:])
        elif kind == "table":
            _table(canvas, *block[1:])
        elif kind == "hexes":
            _hexes(canvas, *block[1:])
        else:
            _rich(canvas, block[1])
    width, height = canvas.width + 2 * MARGIN, canvas.y + MARGIN
    size = ""
    if width_mm is not None:
        size = f' width="{width_mm:g}mm" height="{width_mm * height / width:.1f}mm"'
    head = (f'<svg xmlns="http://www.w3.org/2000/svg"{size} viewBox="0 0 {width:.1f} {height:.1f}" '
            f'font-family="sans-serif" font-size="{FONT:g}" role="img">')
    label = f"<title>{text(title)}</title>" if title else ""
    paper = f'<rect width="{width:.1f}" height="{height:.1f}" fill="#ffffff"/>'
    declaration = ['<?xml version="1.0" encoding="UTF-8"?>'] if standalone else []
    return "\n".join([*declaration, head + label, paper, *canvas.parts, "</svg>"]) + "\n"
