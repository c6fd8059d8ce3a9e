"""Drawing the table history for people: the list of plays, players, statistics and charts.

Kept apart from :mod:`bgkit.terminal.render` because it is only needed by ``bgkit history`` and ``bgkit stats``.
Every text a person typed (names, notes, places) is escaped, so ``[b]`` in a note stays ``[b]`` and a
control character is shown as its escape, never sent to the terminal.
Charts are plain text (block characters), drawn only when stdout is a terminal.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bgkit.model.errors import escape_controls
from bgkit.history.records import Play
from bgkit.terminal.render import literal, plural

SPARKS = "▁▂▃▄▅▆▇█"
EIGHTHS = " ▏▎▍▌▋▊▉█"


def _number(value: Any) -> str:
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def plays_table(plays: list[Play]) -> Table:
    """One row per play: id, date, game, every player with their total (★ the winners), place, note."""
    table = Table(title=f"{len(plays)} play{'s' if len(plays) != 1 else ''}", title_justify="left")
    for column, justify in (("id", "right"), ("date", "left"), ("game", "left"), ("players (total, ★ won)", "left"), ("location", "left"), ("note", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for play in plays:
        players = " · ".join(
            f"{literal(s.name)} {_number(s.total)}{' ★' if s.winner else ''}" for s in play.seats
        )
        table.add_row(
            str(play.id),
            play.date,
            literal(play.game),
            players,
            literal(play.location or ""),
            literal(play.note or ""),
        )
    return table


def play_header(play: Play) -> str:
    """The lines ``history show`` prints above the score table."""
    bits = [f"Play {play.id}", play.date, literal(play.game_name)]
    if play.location:
        bits.append(f"at {literal(play.location)}")
    if play.source == "play":
        bits.append("played with bgkit")
    lines = [" · ".join(bits)]
    if play.options:
        lines.append("options: " + ", ".join(f"{literal(str(k))}={literal(str(v))}" for k, v in play.options.items()))
    if play.note:
        lines.append(f"note: {literal(play.note)}")
    if play.version > 1:
        earlier = "--version 1" if play.version == 2 else f"--version 1 to {play.version - 1}"
        lines.append(f"version {play.version} (edited; earlier versions: bgkit history show {play.id} {earlier})")
    return "\n".join(lines)


def players_table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="Players", title_justify="left")
    for column, justify in (("player", "left"), ("also called", "left"), ("plays", "right"), ("wins", "right"), ("last played", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(
            literal(row["name"]), literal(", ".join(row["aliases"])), str(row["plays"]), str(row["wins"]), row["last_played"] or "–"
        )
    return table


# -- statistics -----------------------------------------------------------------------------------


def _streak(streaks: dict[str, Any]) -> str:
    current = streaks["current"]
    if current is None:
        return "–"
    n, won = current["length"], current["result"] == "win"
    return f"{n} {('win' if n == 1 else 'wins') if won else ('loss' if n == 1 else 'losses')}"


def stats_view(summary: dict[str, Any], charts: bool) -> RenderableType:
    """The statistics as tables, with charts when ``charts`` (stdout is a terminal)."""
    parts: list[RenderableType] = []
    games = summary["games"]
    what = literal(games[0]["name"]) if summary["one_game"] else f"{len(games)} games"
    focus = summary["player"]
    parts.append(
        Text.from_markup(
            f"[bold]{summary['plays']} play{'s' if summary['plays'] != 1 else ''} of {what}[/bold]"
            + (f" with {literal(focus)}" if focus else "")
        )
    )
    if not summary["one_game"]:
        table = Table(title="Games", title_justify="left")
        for column, justify in (("game", "left"), ("plays", "right"), ("last played", "left")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        for g in games:
            table.add_row(literal(g["name"]), str(g["plays"]), g["last_played"])
        parts.append(table)
    parts.append(_players_stats(summary))
    if focus:
        me = next(p for p in summary["players"] if p["name"] == focus)
        parts.append(_player_card(me))
    if summary["head_to_head"]:
        parts.append(_head_to_head(summary["head_to_head"]))
    if charts:
        parts.extend(_charts(summary))
    return Group(*parts)


def _players_stats(summary: dict[str, Any]) -> Table:
    one_game = summary["one_game"]
    table = Table(title="Players", title_justify="left")
    columns = ["player", "plays", "wins", "win rate", "mean rank"]
    if one_game:
        columns += ["mean total", "best", "worst"]
    columns += ["streak now", "longest win streak"]
    for column in columns:
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in summary["players"]:
        wins = str(p["wins"]) + (f" ({p['shared_wins']} shared)" if p["shared_wins"] else "")
        row = [literal(p["name"]), str(p["plays"]), wins, _percent(p["win_rate"]), _number(p["mean_rank"])]
        if one_game:
            row += [_number(p["mean_total"]), _number(p["best"]["total"]), _number(p["worst"]["total"])]
        row += [_streak(p["streaks"]), str(p["streaks"]["longest_win"])]
        table.add_row(*row, style="bold" if p["name"] == summary["player"] else None)
    return table


def _player_card(me: dict[str, Any]) -> RenderableType:
    lines = [
        f"{literal(me['name'])}: {plural(me['plays'], 'play')}, {plural(me['wins'], 'win')} ({_percent(me['win_rate'])}), "
        f"longest win streak {me['streaks']['longest_win']}, longest losing streak {me['streaks']['longest_loss']}"
    ]
    if me["best"]:
        lines.append(
            f"best {_number(me['best']['total'])} (play {me['best']['play']}, {me['best']['date']}), "
            f"worst {_number(me['worst']['total'])} (play {me['worst']['play']}, {me['worst']['date']})"
        )
    parts: list[RenderableType] = [Text.from_markup("\n".join(lines))]
    if me["mean_categories"]:
        table = Table(title=f"{literal(me['name'])}'s average game", title_justify="left")
        table.add_column("category")
        table.add_column("mean", justify="right")
        for category, value in me["mean_categories"].items():
            table.add_row(literal(category), _number(value))
        table.add_section()
        table.add_row("[bold]total[/bold]", f"[bold]{_number(me['mean_total'])}[/bold]")
        parts.append(table)
    return Group(*parts)


def _head_to_head(h: dict[str, Any]) -> RenderableType:
    a, b = literal(h["player"]), literal(h["opponent"])
    if not h["plays"]:
        return Text(f"{escape_controls(h['player'])} and {escape_controls(h['opponent'])} have not played together")
    table = Table(title=f"{a} against {b}: {h['plays']} play{'s' if h['plays'] != 1 else ''} together", title_justify="left")
    table.add_column("")
    table.add_column(a, justify="right")
    table.add_column(b, justify="right")
    table.add_row("finished ahead", str(h["ahead"]), str(h["behind"]))
    table.add_row("level", str(h["level"]), str(h["level"]))
    table.add_row("wins", str(h["wins"]), str(h["opponent_wins"]))
    if h["mean_total"] is not None:
        table.add_row("mean total", _number(h["mean_total"]), _number(h["opponent_mean_total"]))
    return table


# -- charts ---------------------------------------------------------------------------------------


def sparkline(values: list[float]) -> str:
    """One block character per value, scaled from the lowest (▁) to the highest (█)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return SPARKS[len(SPARKS) // 2] * len(values)
    return "".join(SPARKS[round((v - low) / (high - low) * (len(SPARKS) - 1))] for v in values)


def bar(value: float, maximum: float, width: int = 30) -> str:
    """A horizontal bar of ``value`` out of ``maximum`` in ``width`` cells (eighths of a cell)."""
    if maximum <= 0 or value <= 0:
        return ""
    eighths = round(min(value / maximum, 1.0) * width * 8)
    return "█" * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def _chart(title: str, *columns: tuple[str, str]) -> tuple[Table, Group]:
    """A borderless table under a heading line (a table title would wrap to the chart's width)."""
    table = Table(box=None, show_header=False, pad_edge=False)
    for name, justify in columns:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    return table, Group(Text(title, style="bold"), table)


def win_share_chart(players: list[dict[str, Any]], width: int = 30) -> Group:
    """Each winner's share of all wins in the plays (a shared win counts for each winner)."""
    table, chart = _chart("Win share", ("player", "left"), ("bar", "left"), ("share", "right"))
    winners = [p for p in players if p["wins"]]
    top = max((p["win_share"] for p in winners), default=0)
    for p in winners:
        table.add_row(literal(p["name"]), f"[green]{bar(p['win_share'], top, width)}[/green]", f"{_percent(p['win_share'])} ({p['wins']})")
    return chart


def totals_chart(timeline: list[dict[str, Any]], names: list[str], last: int = 40) -> Group:
    """Totals over time: a sparkline per player, oldest play on the left."""
    shown = min(last, len(timeline))
    table, chart = _chart(f"Totals over time (last {shown} plays, oldest left; lowest–highest)", ("player", "left"), ("totals", "left"), ("range", "right"))
    for name in names:
        values = [entry["totals"][name] for entry in timeline[-last:] if name in entry["totals"]]
        if values:
            table.add_row(literal(name), f"[cyan]{sparkline(values)}[/cyan]", f"{_number(min(values))}–{_number(max(values))}")
    return chart


def player_totals_chart(timeline: list[dict[str, Any]], name: str, last: int = 20, width: int = 30) -> Group:
    """One player's total in each of their last plays, one bar per play."""
    mine = [(e["date"], e["play"], e["totals"][name]) for e in timeline if name in e["totals"]][-last:]
    table, chart = _chart(f"{escape_controls(name)}'s totals over time (last {len(mine)} plays)", ("play", "left"), ("bar", "left"), ("total", "right"))
    top = max((t for _, _, t in mine), default=0)
    for day, play_id, total in mine:
        table.add_row(f"{day} #{play_id}", f"[cyan]{bar(total, top, width)}[/cyan]", _number(total))
    return chart


def category_chart(name: str, means: dict[str, float], width: int = 30) -> Group:
    """The categories of a player's average game as bars (a negative category in red)."""
    table, chart = _chart(f"{escape_controls(name)}'s average game by category", ("category", "left"), ("bar", "left"), ("mean", "right"))
    top = max((abs(v) for v in means.values()), default=0)
    for category, value in means.items():
        colour = "red" if value < 0 else "magenta"
        table.add_row(literal(category), f"[{colour}]{bar(abs(value), top, width)}[/{colour}]", _number(value))
    return chart


def _charts(summary: dict[str, Any]) -> list[RenderableType]:
    charts: list[RenderableType] = []
    focus = summary["player"]
    if summary["timeline"]:
        if focus:
            charts.append(player_totals_chart(summary["timeline"], focus))
            me = next(p for p in summary["players"] if p["name"] == focus)
            if me["mean_categories"]:
                charts.append(category_chart(focus, me["mean_categories"]))
        else:
            charts.append(totals_chart(summary["timeline"], [p["name"] for p in summary["players"]]))
    if any(p["wins"] for p in summary["players"]):
        charts.append(win_share_chart(summary["players"]))
    return charts
