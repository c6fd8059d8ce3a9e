"""Drawing for people (rich) and printing for scripts (JSON): the only place output is formatted."""

from __future__ import annotations

import json
import math
import os
import sys
from typing import TYPE_CHECKING, Any, Sequence

from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Iterator

    from rich.console import ConsoleOptions, RenderResult
    from rich.measure import Measurement

    from bgkit.engine.driver import Event
    from bgkit.model.drawing import Drawing
    from bgkit.engine.match import GameLog
    from bgkit.model.game import Game, GameInfo, State
    from bgkit.model.ranking import ScoreResult


def _controls_escaped(text: str) -> str:
    """``text`` with every character the terminal would act on written as its escape (``\\x1b``):
    control characters, C1, line and paragraph separators, bidi overrides. Newline and tab are
    layout, kept. (No regex: compiling one would cost every start of bgkit.)"""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in "\n\t" else repr(ch)[1:-1] for ch in text)


class SafeConsole(Console):
    """A Console that prints what it is given literally when the text cannot be trusted: control
    characters written as escapes (``\\x1b``), and a text whose markup does not parse (a name
    ``[/bold]x`` that a plugin put into a table cell) shown as it is instead of failing. Names are
    still escaped where the core writes them (:func:`literal`); this is the net for the rest."""

    def render_str(self, text: str, **kwargs: Any) -> Any:
        from rich.errors import MarkupError

        text = _controls_escaped(text)
        try:
            return super().render_str(text, **kwargs)
        except MarkupError:
            return super().render_str(text, **{**kwargs, "markup": False})


def stdout() -> Console:
    """The data console. Piped output gets 120 columns (rich would use 80) so tables stay whole."""
    return SafeConsole(highlight=False, emoji=False, width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 120)


def stderr() -> Console:
    return SafeConsole(stderr=True, highlight=False, emoji=False, soft_wrap=True)


#: What a hand-over writes to a terminal: erase the screen (ESC[2J), the scrollback (ESC[3J: rich's
#: clear leaves it, so the next person could scroll up to a sealed bid), and go home.
WIPE = "\x1b[2J\x1b[3J\x1b[H"


def can_wipe(console: Console) -> bool:
    """Whether ``console`` is a terminal that takes erase codes (not a file or pipe, not TERM=dumb)."""
    return console.is_terminal and not console.is_dumb_terminal


def wipe(console: Console) -> None:
    """Erase what the last person saw, scrollback included, where the terminal can; elsewhere as
    rich clears (a file gets its codes, a dumb terminal nothing): the hand-over screen says so."""
    if can_wipe(console):
        console.file.write(WIPE)
        console.file.flush()
    else:
        console.clear()


#: JSON escapes C0 controls itself; the C1 ones (U+0080-U+009F, CSI among them) are escaped too, so
#: JSON read on a terminal is as safe as a table.
C1_AS_JSON = {code: f"\\u{code:04x}" for code in range(0x80, 0xA0)}


def print_json(data: Any) -> None:
    """One JSON document (or one JSON Lines record) on stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False).translate(C1_AS_JSON) + "\n")
    sys.stdout.flush()


def interactive() -> bool:
    """Whether we may prompt: stdin is a terminal (never prompt a pipe or CI)."""
    return sys.stdin.isatty() and os.environ.get("CI") is None


def literal(text: Any) -> str:
    """``text`` safe to print with rich: its markup escaped, control characters made visible
    (a name must not retitle the window or clear the screen)."""
    from rich.markup import escape

    from bgkit.model.errors import escape_controls

    return escape(escape_controls(text))


def interrupted_note(finished: int, games: int) -> str:
    """What a tournament or an arena stopped by Ctrl-C (or SIGTERM) says: how far it got."""
    if not finished:
        return f"interrupted before any game finished (of {games}): no results"
    return f"interrupted after {finished} of {games} games"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 game``, ``3 games``: a count with its word (``many`` when the plural is not word + s)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def _number(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class Fit:
    """A table laid out for the width it is drawn at, wrapping words and never cutting one.

    Rich narrows a table that is too wide by cutting cells (``127.…``, ``43.9%…`` on an 80-column
    terminal). Here each column gets at least its longest word (a number is one word), and the
    room left goes to the columns that want more, in proportion; headers and labels then wrap at
    spaces. The first column holds labels (a seat spec, a category): a long one may fold. Only a
    terminal too narrow for every longest word at once falls back to folding them all.
    """

    LABEL_WIDTH = 8  # a label longer than this folds before any number does

    def __init__(self, table: Table):
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.measure import Measurement
        from rich.text import Text

        table = self.table
        columns = table.columns

        def span(cell: Any) -> tuple[int, int]:
            """The cell's longest word and longest line (a drawing says its narrowest and widest)."""
            if hasattr(cell, "__rich_measure__") and not isinstance(cell, Text):
                drawn = Measurement.get(console, options.update_width(10_000), cell)
                return drawn.minimum, drawn.maximum
            text = Text.from_markup(cell, emoji=False).plain if isinstance(cell, str) else getattr(cell, "plain", "")
            return (max((Text(w).cell_len for w in text.split()), default=1),
                    max((Text(line).cell_len for line in text.splitlines() or [""]), default=1))

        least, most = [], []
        for column in columns:
            spans = [span(column.header), *(span(c) for c in column._cells)]
            least.append(max(low for low, _ in spans))
            if column is columns[0]:
                least[-1] = min(least[-1], self.LABEL_WIDTH)
            most.append(max(high for _, high in spans))
        room = options.max_width - table._extra_width - 2 * len(columns)  # borders, and padding (0, 1)
        if sum(most) > room >= sum(least):
            widths = list(least)
            spare = room - sum(least)
            wants = [m - n for n, m in zip(least, most)]
            total = sum(wants) or 1
            for i, want in enumerate(wants):
                widths[i] += min(want, spare * want // total)
            for i in sorted(range(len(columns)), key=lambda i: widths[i] - most[i]):  # what rounding left
                extra = min(most[i] - widths[i], room - sum(widths))
                widths[i] += max(0, extra)
            for column, width in zip(columns, widths):
                column.width = width
        for column in columns:  # words wrap at spaces; a word wider than its column (or than a
            column.overflow, column.no_wrap = "fold", False  # terminal too narrow) folds: none is cut or dropped
        yield table


def score_table(result: ScoreResult, title: str | None = None) -> Table:
    """Per-player × per-category table with totals, tie-break values and ranks."""
    table = Table(title=f"{literal(title or result.game)} — final scores", title_justify="left")
    table.add_column("category")
    for index, name in enumerate(result.names):
        table.add_column(literal(name) + (" ★" if index in result.winners else ""), justify="right")
    for category in result.categories:
        if category == result.total_label:  # Blue Moon City ranks by offerings: one row says it
            continue
        table.add_row(literal(category), *(_number(row.get(category, 0)) for row in result.table))
    table.add_section()
    table.add_row(f"[bold]{result.total_label}[/bold]", *(f"[bold]{_number(t)}[/bold]" for t in result.totals))
    for tb in result.tiebreaks:
        table.add_row(f"tie-break: {literal(tb.label)}", *(_number(v) for v in tb.values))
    table.add_row("rank", *(str(r) for r in result.ranks))
    return table


def print_score(result: ScoreResult, console: Console, title: str | None = None) -> None:
    console.print(Fit(score_table(result, title)))
    winners = ", ".join(literal(result.names[i]) for i in result.winners) or "nobody"
    console.print(f"Winner: [bold]{winners}[/bold] ({literal(result.decided_by)})")
    for note in result.notes:
        console.print(f"note: {literal(note)}")


def match_record(log: Any, scored: Any) -> dict[str, Any]:
    """One finished game for scripts: the same record shape as every game of a tournament."""
    result = log.result
    return {
        "index": 0,
        "game": log.game,
        "seed": log.seed,
        "options": log.options,
        "seats": log.names,
        "specs": log.seats,
        **result,
        "winners": [log.names[i] for i in result["winners"]],
        "score": scored.to_dict(),
    }


def whole_table(state: State, plugin: str) -> Any:
    """The game's own drawing of the whole table (``state.render(None)``); a failure in it is the
    game plugin's, said in one line (nothing is lost: the game is over and logged)."""
    from bgkit.model.errors import BadInput, PluginError, fault_text

    try:
        return state.render(None)
    except (BadInput, PluginError, KeyboardInterrupt):
        raise
    except BaseException as exc:
        raise PluginError(f"plugin {plugin!r} failed while drawing the table: {fault_text(exc)}") from exc


def print_match_end(console: Console, title: str, state: State, log: Any, scored: ScoreResult, plugin: str) -> None:
    console.print(whole_table(state, plugin))
    if len(log.names) > 1:  # the drawing says P1, P2: who they were
        console.print("Seats: " + " · ".join(f"P{i + 1} {literal(name)}" for i, name in enumerate(log.names)))
    print_score(scored, console, title)
    console.print(f"{log.result['decisions']} decisions — seed {log.seed}")


def _who(log: GameLog, player: int) -> str:
    return "chance" if player < 0 else literal(log.names[player])


def replay_record(log: GameLog, verified: bool, finished: bool, scored: ScoreResult | None, notes: Sequence[str] = ()) -> dict[str, Any]:
    return {
        "notes": list(notes),
        "game": log.game,
        "seed": log.seed,
        "actions": len(log.actions),
        "moves": [{"number": n, "player": p if p >= 0 else None, "text": t} for n, (p, t) in enumerate(log.actions, 1)],
        "finished": finished,
        "verified": verified,
        "score": scored.to_dict() if scored else None,
    }


def print_replay(console: Console, title: str, log: GameLog, state: State | None, scored: ScoreResult | None, verified: bool,
                 notes: Sequence[str] = (), plugin: str = "") -> None:
    """Every logged action, the final table (``state``: None to leave both out) and the score."""
    if state is not None:
        for number, (player, text) in enumerate(log.actions, start=1):
            console.print(f"{number:>4}. {_who(log, player)}: {literal(text)}")
        console.print(whole_table(state, plugin))
    if scored is not None:
        print_score(scored, console, title)
    for note in notes:
        console.print(f"note: {literal(note)}")
    verdict = "verified: every action legal" + (", result matches" if log.result else "") if verified else "replayed"
    console.print(f"{verdict} — {len(log.actions)} actions — seed {seed_text(log.seed)}")


def seat_replay_record(log: GameLog, seat: int, events: list[tuple[Event, str]], scored: ScoreResult | None) -> dict[str, Any]:
    return {
        "game": log.game,
        "seed": log.seed,
        "as": seat + 1,
        "events": [
            {"number": e.number, "player": e.player if e.player >= 0 else None, "text": seen, "reveal": e.reveal}
            for e, seen in events
        ],
        "score": scored.to_dict() if scored else None,
    }


def print_seat_replay(console: Console, title: str, log: GameLog, seat: int, events: list[tuple[Event, str]], state: State | None,
                      scored: ScoreResult | None) -> None:
    """The game step by step as one seat saw it, then the table as that seat sees it."""
    console.print(f"{literal(title)} as P{seat + 1} {literal(log.names[seat])} saw it")
    for event, seen in events:
        mark = "  revealed" if event.reveal else f"{event.number:>4}."
        console.print(f"{mark} {_who(log, event.player)}: {literal(seen)}")
    if state is not None:
        console.print(state.render(seat))
    if scored is not None:
        print_score(scored, console, title)
    console.print(f"replayed as P{seat + 1} — {len(log.actions)} actions — seed {seed_text(log.seed)}")


def seed_text(seed: Any) -> str:
    return "none recorded" if seed is None else str(seed)


def game_row(info: GameInfo) -> dict[str, Any]:
    """A registered game as ``bgkit games`` lists it (its engine not imported)."""
    status = info.data
    return {
        "id": info.id,
        "name": info.name,
        "players": info.players_text,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "playable": info.playable,
        "version": info.version,
        "plugin": info.plugin,
        "dynamics": {k: getattr(info.dynamics, k) for k in ("chance", "hidden", "sealed", "no_winner")},
        "data_status": status.status,
        "data_note": status.note,
        "reconstructed": status.reconstructed,
    }


def game_details_record(info: GameInfo, game: Game) -> dict[str, Any]:
    """``bgkit games GAME --format json``."""
    return {
        **game_row(info),
        "summary": info.summary,
        "options": [{"name": o.name, "choices": list(o.choices), "default": o.default, "help": o.help} for o in game.options],
        "data": [
            {"file": m.file, "table": m.table, "confirmed": m.confirmed, "reconstructed": list(m.reconstructed), "source": m.source}
            for m in info.data.tables
        ],
        "sheet": {
            "table": [{"name": f.name, "help": f.describe()} for f in game.sheet_game_fields(info.min_players)],
            "player": [{"name": f.name, "help": f.describe()} for f in game.sheet_fields(info.min_players)],
        },
    }


def print_count(console: Console, title: str, doc: dict[str, Any]) -> None:
    """One line for a pipe; on a terminal (or with COLUMNS) wrapped at its width between words, so
    the terminal never breaks the number."""
    count = doc["count"]
    console.print(
        f"{literal(title)}, {doc['players']} players, options {literal(options_text(doc['options']))}: "
        f"{big_number(count)} distinct setup{'s' if count != 1 else ''} (log10 {doc['log10']})",
        soft_wrap=not (sys.stdout.isatty() or os.environ.get("COLUMNS")),
    )


def never_cut(renderable: Any) -> "NeverCut":
    """``renderable`` drawn so that nothing of it is lost on a narrow terminal (see NeverCut)."""
    return NeverCut(renderable)


class NeverCut:
    """A drawing in which every table (inside groups, panels and columns too) folds a cell that
    does not fit, where rich would cut it short with "…", and lets its columns' minimum widths give
    way on a terminal too narrow for them all, where rich would draw the table wider than the
    terminal and lose its right side. A narrow terminal then shows it over more lines; wide enough,
    nothing changes."""

    def __init__(self, renderable: Any):
        self.renderable = renderable
        self._tables = list(_tables(renderable))
        self._least = {id(column): column.min_width for table in self._tables for column in table.columns}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.padding import Padding

        for table in self._tables:
            _, right, _, left = Padding.unpack(table.padding)
            columns = table.columns
            room = options.max_width - table._extra_width - len(columns) * (left + right)
            least = [self._least[id(column)] or 0 for column in columns]
            share = max(1, room // len(columns)) if columns else 1
            for column, wanted in zip(columns, least):
                column.overflow, column.no_wrap = "fold", False  # a cell that does not fit wraps, a word folds
                if wanted:
                    column.min_width = wanted if sum(least) <= room else min(wanted, share)
        yield self.renderable

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        return Measurement.get(console, options, self.renderable)


def _tables(renderable: Any) -> Iterator[Table]:  # any of rich's drawings
    """Every table in ``renderable``: itself, and inside groups, columns, panels and paddings."""
    if isinstance(renderable, Table):
        yield renderable
    for inner in (getattr(renderable, "renderables", None) or ()):  # Group, Columns
        yield from _tables(inner)
    if getattr(renderable, "renderable", None) is not None:  # Panel, Padding
        yield from _tables(renderable.renderable)


def print_setup(console: Console, game: Game, doc: dict[str, Any], data: Path | None) -> None:
    """A setup to lay out, with the line that repeats it."""
    console.print(f"[bold]{literal(game.info.name)}[/bold] — {literal(setup_details(doc))}")
    console.print(never_cut(game.render_setup(doc["setup"])))
    console.print(f"Repeat with: {literal(setup_again(game, doc, data))}", soft_wrap=True)


def setup_details(doc: dict[str, Any]) -> str:
    return f"{doc['players']} players — seed {doc['seed']} — options {options_text(doc['options'])}"


def setup_again(game: Game, doc: dict[str, Any], data: Path | None) -> str:
    """The command that deals the same setup again."""
    again = f"bgkit setup {game.info.id} -p {doc['players']} --seed {doc['seed']}"
    again += "".join(f" --option {k}={v}" for k, v in doc["options"].items())
    return again + (f" --data {data}" if data else "")


def setup_drawing(game: Game, doc: dict[str, Any], data: Path | None) -> Drawing:
    """A setup as one drawing, heading and repeating line included (what its picture shows): a
    game's own drawing on lines, its text, or any other drawing of rich as it is."""
    from bgkit.model.drawing import Drawing

    out = Drawing(hang=0)
    out.line(f"{game.info.name} — {setup_details(doc)}", "bold")
    drawn = game.render_setup(doc["setup"])
    if isinstance(drawn, Drawing):
        out.add(drawn)
    elif isinstance(drawn, str):
        out.line(drawn)
    else:
        out.rich(never_cut(drawn))
    out.line("Repeat with: " + setup_again(game, doc, data), "dim")
    return out


def setup_svg(game: Game, doc: dict[str, Any], data: Path | None, columns: int = 96, width_mm: float | None = 190.0,
              standalone: bool = True) -> str:
    """A setup as a picture: ``bgkit setup --format svg`` to print, the setup page's for a phone."""
    from bgkit.model.svg import to_svg

    title = f"{game.info.name} setup, {doc['players']} players, seed {doc['seed']}"
    return to_svg(setup_drawing(game, doc, data), columns, title, width_mm, standalone)


def games_table(rows: list[dict[str, Any]]) -> Any:
    """The games, then one line per game saying what of its data is not confirmed."""
    from rich.console import Group
    from rich.text import Text

    table = Table(title="Installed games", title_justify="left")
    for column in ("id", "name", "players", "play", "version", "data"):
        table.add_column(column, no_wrap=column != "data")
    for row in rows:
        table.add_row(
            literal(row["id"]),
            literal(row["name"]),
            row["players"],
            "yes",  # every game plays (a GameSpec has a play half)
            literal(row["version"]),
            row["data_status"] + (" *" if row["data_note"] else ""),
        )
    notes = [Text(f"* {row['id']}: {row['data_note']}") for row in rows if row["data_note"]]
    return Group(Fit(table), *notes)


def game_details(info: GameInfo, game: Game, players: list[int]) -> Any:
    """``bgkit games GAME``: players, options, dynamics, bots, data provenance table by table, sheet."""
    from rich.console import Group
    from rich.text import Text

    status = info.data
    parts: list[Any] = [
        Text(f"{info.name} ({info.id}) — {info.players_text} players — version {info.version or 'unknown'}"),
        Text(info.summary) if info.summary else Text(""),
        Text("play: yes: humans and bots"),
        Text("dynamics: " + ", ".join(info.dynamics.words())),
    ]
    if game.options:
        options = Table(title="Options (--option NAME=VALUE)", title_justify="left")
        for column in ("option", "choices", "default", "meaning"):
            options.add_column(column)
        for opt in game.options:
            options.add_row(literal(opt.name), literal(", ".join(opt.choices)), literal(opt.default), literal(opt.help))
        parts.append(options)
    if status.tables:
        data = Table(title=f"Component data: {status.status}", title_justify="left")
        for column in ("file", "table", "confirmed", "reconstructed parts", "source"):
            data.add_column(column, overflow="fold")
        for mark in status.tables:
            data.add_row(literal(mark.file), literal(mark.table), "yes" if mark.confirmed else "no",
                         literal(", ".join(mark.reconstructed)), literal(mark.source[:160]))
        parts.append(data)
    fields = Table(title=f"Score sheet fields ({players[0]} players; bgkit score {info.id} --template -p N)", title_justify="left")
    for column in ("field", "for", "meaning"):
        fields.add_column(column, overflow="fold")
    for f in game.sheet_game_fields(players[0]):
        fields.add_row(literal(f.name), "table", literal(f.describe()))
    for f in game.sheet_fields(players[0]):
        fields.add_row(literal(f.name), "each player", literal(f.describe()))
    parts.append(fields)
    return Group(*parts)


def plugins_table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="Plugins", title_justify="left")
    for column in ("name", "distribution", "hooks", "status"):  # too narrow: a long name folds, never cut
        table.add_column(column, no_wrap=column == "name", overflow="fold")
    for row in rows:
        table.add_row(
            row["name"],
            row["distribution"],
            ", ".join(h.removeprefix("bgkit_") for h in row["hooks"]),
            "[red]failed: " + row["error"] + "[/red]" if row["error"] else "ok",
        )
    return table


def _two_places(value: float) -> str:
    """A mean for people: at most two decimals, no trailing zeros (the JSON summary keeps it whole)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def tournament_table(summary: dict[str, Any]) -> Any:
    """The summary of a bot match: one row per seat spec."""
    table = Table(
        title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}, "
        f"mean length {summary['mean_decisions']} decisions"
        + (f", {summary['no_winner']} with no winner" if summary.get("no_winner") else ""),
        title_justify="left",
    )
    table.add_column("seat", no_wrap=True)
    for column in ("games", "wins", "win rate", "95% CI", "mean score", "median", "mean rank"):
        table.add_column(column, justify="right")
    for label, row in summary["seats"].items():
        low, high = row["win_rate_95"]
        wins = f"{row['wins']}" + (f" ({row['shared_wins']} shared)" if row["shared_wins"] else "")
        table.add_row(
            label,
            str(row["games"]),
            wins,
            f"{row['win_rate']:.1%}",
            f"{low:.1%}–{high:.1%}",
            _two_places(row["mean_score"]),
            _two_places(row["median_score"]),
            _two_places(row["mean_rank"]),
        )
    return Fit(table)


def big_number(count: int) -> str:
    """A count a person can read: exact up to 30 digits, else scientific (JSON keeps it exact)."""
    if count < 10**30:
        return f"{count:,}"
    digits = str(count)
    return f"about {digits[0]}.{digits[1:4]} × 10^{len(digits) - 1} (exact value: --format json)"


def options_text(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "none"


def print_document(doc: dict[str, Any], format: str, text_in_toml: tuple[str, ...] = ()) -> None:
    """``doc`` as JSON or TOML. Keys in ``text_in_toml`` are written as TOML strings whatever their
    size (a setup count passes 64 bits for most games: a script reads one type every time)."""
    if format == "json":
        print_json(doc)
    else:
        import tomli_w

        doc = {key: str(value) if key in text_in_toml else value for key, value in doc.items()}
        sys.stdout.write(tomli_w.dumps(toml_ready(doc)))


def toml_ready(value: Any) -> Any:
    """TOML has no null and no integers past 64 bits: drop None, write huge counts as text."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**63 - 1:
        return str(value)
    if isinstance(value, dict):
        return {str(k): toml_ready(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [toml_ready(v) for v in value]
    return value


# -- pictures: a tournament's score histograms, the arena's ladder ------------------------------------
# On a terminal they use block characters and colour; piped or redirected, plain ASCII, so a log
# file or an e-mail shows the same picture.

BLOCKS = "▁▂▃▄▅▆▇█"
PLAIN_BLOCKS = ".:-=+*#%@"
HISTOGRAM_WIDTH = 48


def _bins(values: list[float], width: int) -> tuple[float, float, float, int, bool]:
    """(low, high, bin width, number of bins, whole numbers?) of a shared score axis."""
    low, high = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    if whole:
        span = int(high) - int(low) + 1
        step = -(-span // width)
        return low, high, step, -(-span // step), True
    share = (high - low) / width if high > low else 1.0
    return low, high, share, width if high > low else 1, False


def score_histograms(counts: dict[str, Any], fancy: bool, width: int = HISTOGRAM_WIDTH) -> Any:
    """Each seat's score distribution as one row of bars on a shared axis (a terminal histogram).

    ``counts`` maps a seat to its score counts ({score: games}). A bar's height is the games with
    scores in that column, relative to the seat's most common column.
    """
    from rich.text import Text

    values = [float(v) for c in counts.values() for v in c]
    if not values:
        return Text("")
    games = max(sum(c.values()) for c in counts.values())
    width = min(width, max(12, round(2 * math.sqrt(games))))  # few games: wider columns, fewer gaps
    low, high, step, columns, whole = _bins(values, width)
    glyphs = BLOCKS if fancy else PLAIN_BLOCKS
    edge = "│" if fancy else "|"
    name_width = max(len(label) for label in counts)
    unit = ("point" if step == 1 else f"{step:g} points") if whole else f"{step:.3g} points"
    picture = Text(f"Scores, one column per {unit} (height: games, scaled to each seat's most common)\n")
    for label, seat_counts in counts.items():
        per_column = [0] * columns
        for value, games in seat_counts.items():
            column = int((int(value) - int(low)) // step) if whole else min(columns - 1, int((float(value) - low) / step))
            per_column[column] += games
        peak = max(per_column) or 1
        bars = "".join(
            " " if games == 0 else glyphs[max(0, math.ceil(games / peak * len(glyphs)) - 1)] for games in per_column
        )
        picture.append(f"{label:<{name_width}} {edge}")
        picture.append(bars, style="cyan" if fancy else "")
        picture.append(f"{edge}\n")
    left, right = _number(low), _number(high)
    picture.append(" " * (name_width + 2) + left + " " * max(1, columns - len(left) - len(right)) + right)
    return picture


def rating_bar(mu: float, sigma: float, low: float, high: float, width: int, fancy: bool) -> str:
    """``mu`` ± 3 ``sigma`` as a bar on the axis ``low``..``high``: ├──●──┤ (plain: |--o--|)."""
    scale = (width - 1) / (high - low) if high > low else 0.0

    def at(value: float) -> int:
        return min(width - 1, max(0, round((value - low) * scale)))

    left, centre, right = at(mu - 3 * sigma), at(mu), at(mu + 3 * sigma)
    line = [" "] * width
    for x in range(left, right + 1):
        line[x] = "─" if fancy else "-"
    line[left], line[right] = ("├", "┤") if fancy else ("|", "|")
    line[centre] = "●" if fancy else "o"
    return "".join(line)


class RatingBar:
    """A rating bar as a table cell that draws itself at the width the table gives it: from
    ``widest`` on a wide terminal down to ``narrowest``, so a narrow one shortens the bars before
    it wraps a number or drops a column."""

    def __init__(self, mu: float, sigma: float, low: float, high: float, fancy: bool, widest: int = 18, narrowest: int = 8):
        self.mu, self.sigma, self.low, self.high, self.fancy = mu, sigma, low, high, fancy
        self.widest, self.narrowest = widest, narrowest

    def draw(self, width: int) -> str:
        return rating_bar(self.mu, self.sigma, self.low, self.high, max(1, width), self.fancy)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        return Measurement(min(self.narrowest, options.max_width), min(self.widest, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        yield Text(self.draw(min(self.widest, options.max_width)), style="cyan" if self.fancy else "")


def arena_tables(summary: dict[str, Any], fancy: bool, bar_width: int = 18) -> list[Any]:
    """The ladder (ratings with their intervals drawn) and the head-to-head win-rate matrix."""
    from rich.text import Text

    ladder = summary["ladder"]
    tables = "every table of" if summary["tables"] == "all" else "balanced random tables of"
    title = f"{summary['game']}: {summary['games']} games, {tables} {summary['players']}, seed {summary['seed']} — {summary['model']}"
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    for column in ("mu ± sigma", "ordinal", "games", "wins", "win rate"):
        table.add_column(column, justify="right", no_wrap=True)
    low = min((row["mu"] - 3 * row["sigma"] for row in ladder), default=0.0)
    high = max((row["mu"] + 3 * row["sigma"] for row in ladder), default=1.0)
    table.add_column("mu ± 3 sigma")
    for row in ladder:
        table.add_row(
            str(row["rank"]),
            row["entrant"],
            f"{row['mu']:.1f} ± {row['sigma']:.1f}",
            f"{row['ordinal']:.1f}",
            str(row["games"]),
            f"{row['wins']}" + (f" ({row['shared_wins']})" if row["shared_wins"] else ""),
            f"{row['win_rate']:.1%}",
            RatingBar(row["mu"], row["sigma"], low, high, fancy, widest=bar_width),
        )
    ranking = Fit(table)
    names = [row["entrant"] for row in ladder]
    matrix = Table(title="Head to head: how often the row beat the column (ties count half)", title_justify="left")
    matrix.add_column("")
    for name in names:
        matrix.add_column(name, justify="right")
    for name in names:
        cells = []
        for other in names:
            pair = summary["pairwise"][name].get(other)
            cells.append("—" if pair is None else "·" if pair["rate"] is None else f"{pair['rate']:.0%} ({pair['games']})")
        matrix.add_row(name, *cells)
    head_to_head = Fit(matrix)
    shared = " Wins in brackets were shared." if any(row["shared_wins"] for row in ladder) else ""
    note = Text(
        f"Sorted by ordinal = mu - 3 sigma, the left end of each bar (bars from {low:.1f} to {high:.1f}).{shared} "
        "Head to head: share (games together); · never met."
    )
    return [ranking, head_to_head, note]


def print_arena(summary: dict[str, Any], console: Console, fancy: bool) -> None:
    for part in arena_tables(summary, fancy):
        console.print(part)


def progress(total: int, enabled: bool) -> tuple[Any, Any]:
    """A rich progress bar on stderr (only on a terminal): returns (advance, stop)."""
    if not enabled:
        return (lambda: None), (lambda: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=Console(stderr=True))
    bar.start()
    task = bar.add_task("games", total=total)
    return (lambda: bar.advance(task)), bar.stop
