"""A decision screen fitted to the terminal: what a person needs to decide, in the lines it has.

At a decision the screen shows, top to bottom, the table, what changed since the person's last
decision, and the choices, then the prompt. On a terminal big enough for the whole drawing
(120×50 for most games) that is the whole table, as it always was. On a smaller one (80×24) the
choices come first, then the news (at least its last lines), then the game's compact drawing
(``Display.render_compact``: the person's own position and what the choice needs), and whatever of
it still does not fit is cut with a last line naming the words that show the rest: ``board``,
``hand``, ``others`` (``Display.render_part``) and ``full``. A game that declares no compact drawing
gets its full one, cut the same way: the core's fallback, so every game fits.

The size is the console's (rich reads the terminal, or ``COLUMNS`` and ``LINES``); output to a file
or a pipe of no known height is not cut at all. Nothing here clears the screen or moves the cursor:
the line mode stays what pipes, scripts and screen readers read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.segment import Segment

#: The words at the prompt that show a part of the table (``full``: all of it), and what they show.
PART_WORDS = {
    "board": "the shared table (board, depots, market …)",
    "hand": "your own position: your hand, board and goods",
    "others": "the other players, as far as you may see them",
}
#: The height of a screen that has no known height (a file or a pipe): everything fits.
UNBOUNDED = 1_000_000
#: Lines of news kept, at the least, when the table drawing needs the room (more on a taller screen: NEWS_SHARE).
LEAST_NEWS = 3
#: The most lines the list of choices takes of a screen this high (the rest: type a prefix, or ?).
OPTION_SHARE = 3
#: The news keeps at least a quarter of the room the choices leave (what changed matters as the table does).
NEWS_SHARE = 4


class Lines:
    """Lines already laid out (rich segments, one list a line), printed as they are."""

    def __init__(self, lines: list[list[Segment]]):
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        newline = Segment.line()
        for line in self.lines:
            yield from line
            yield newline

    def __len__(self) -> int:
        return len(self.lines)


def laid_out(console: Console, renderable: Any) -> Lines:
    """``renderable`` as the lines it takes on ``console`` (its width; no height limit)."""
    options = console.options.update(height=None)
    lines = console.render_lines(renderable, options, pad=False, new_lines=False)
    while lines and not "".join(segment.text for segment in lines[-1]).strip():
        lines.pop()  # a trailing empty line of a group or table takes room and says nothing
    return Lines(lines)


def cut(console: Console, lines: Lines, room: int, hint: str) -> Lines:
    """``lines`` in at most ``room`` lines: the first ones, then one saying how many more and ``hint``."""
    if len(lines) <= room:
        return lines
    kept = max(0, room - 1)
    note = laid_out(console, _dim(f"… {len(lines) - kept} more lines: {hint}"))
    return Lines(lines.lines[:kept] + note.lines[:1])


def _dim(text: str) -> Any:
    from rich.text import Text

    return Text(text, style="dim", overflow="ellipsis", no_wrap=True)


def choices(console: Console, texts: list[str], room: int) -> Lines:
    """The numbered choices in at most ``room`` lines: as many as fit, then a line saying how many
    more (a prefix narrows them down; ``?`` lists them all)."""
    shown = len(texts)
    while True:
        lines = laid_out(console, options_grid(texts[:shown]))
        more = len(texts) - shown
        if len(lines) + (1 if more else 0) <= room or shown <= 1:
            break
        per_line = max(1, shown // max(1, len(lines)))
        shown = max(1, min(shown - 1, per_line * max(1, room - 1)))
    if more:
        lines.lines += laid_out(console, _dim(f"… and {more} more: type a prefix to narrow them down, ? lists them all")).lines
    return lines


def news_panel(console: Console, lines: list[str], room: int, title: str = "since your last decision") -> Lines:
    """The news in at most ``room`` lines, its title included: the latest ones, and a line saying
    how many earlier ones ``log`` shows. A title line and indented lines rather than a box: two
    lines fewer, for the table."""
    from rich.console import Group
    from rich.text import Text

    if not lines or room < 2:
        return Lines([])
    shown = lines[-(room - 1):]  # each takes a line at least, under the title
    while True:
        body = shown if len(shown) == len(lines) else [f"… {len(lines) - len(shown)} earlier (type log to see them all)"] + shown
        texts = [Text(f"{title}:", style="bold")] + [Text.from_markup("  " + line, overflow="fold") for line in body]
        panel = laid_out(console, Group(*texts))
        if len(panel) <= room or len(shown) <= 1:
            return panel if len(panel) <= room else Lines([])
        shown = shown[1:]


def table(console: Console, full: Any, compact: Any, room: int) -> Lines:
    """The table in ``room`` lines: the full drawing if it fits, else the compact one (the full one
    when the game has none), cut to the room with a line naming the words that show the rest."""
    drawn = laid_out(console, full)
    if len(drawn) <= room:
        return drawn
    if compact is not None:
        drawn = laid_out(console, compact)
    return cut(console, drawn, room, "type " + ", ".join(PART_WORDS) + " or full")


def screen_height(console: Console) -> int:
    """The lines a screen has: the terminal's (or ``LINES``, or the height the console was made
    with); a file or pipe of no known height has as many as it takes (the line mode: nothing cut)."""
    import os

    if console.is_terminal or os.environ.get("LINES") or getattr(console, "_height", None):  # rich keeps a given height there
        return console.size.height
    return UNBOUNDED


def decision(console: Console, full: Any, compact: Any, news: list[str], tail: list[Any], texts: list[str],
             news_lines: int, above: int = 0) -> Iterator[Lines]:
    """The parts of a decision screen, each fitted, in the order they are printed: the table, the
    news, ``tail`` (the seats, who is to play), the choices. With the ``above`` lines printed since
    the last prompt, they take at most the console's height less one line (the prompt's)."""
    height = screen_height(console)
    rest = [laid_out(console, part) for part in tail]
    room = height - 1 - above - sum(map(len, rest))
    options = choices(console, texts, max(3, min(room - 2, height // OPTION_SHARE)))
    room -= len(options)
    recent = min(len(news), news_lines)
    least = news_panel(console, news, min(recent, max(LEAST_NEWS, room // NEWS_SHARE)) + 2)
    drawing = table(console, full, compact, room - len(least))
    panel = news_panel(console, news, min(recent + 2, room - len(drawing)))
    yield drawing
    yield panel
    yield from rest
    yield options


def options_grid(texts: list[str], numbered: bool = True) -> Any:
    """The choices side by side in columns, each numbered by its place in the list."""
    from rich.columns import Columns

    from bgkit.terminal.render import literal

    return Columns([(f"[cyan]{i + 1:>3}[/cyan] " if numbered else "") + literal(t) for i, t in enumerate(texts)], padding=(0, 3))
