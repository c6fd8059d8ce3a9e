"""Drawing for people (rich) and printing for scripts (JSON): the only place output is formatted."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from bgkit.ranking import ScoreResult


def stdout() -> Console:
    """The data console. Piped output gets 120 columns (rich would use 80) so tables stay whole."""
    return Console(highlight=False, width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 120)


def stderr() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    """One JSON document (or one JSON Lines record) on stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def interactive() -> bool:
    """Whether we may prompt: stdin is a terminal (never prompt a pipe or CI)."""
    return sys.stdin.isatty() and os.environ.get("CI") is None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def score_table(result: ScoreResult, title: str | None = None) -> Table:
    """Per-player × per-category table with totals, tie-break values and ranks."""
    table = Table(title=f"{title or result.game} — final scores", title_justify="left")
    table.add_column("category")
    for index, name in enumerate(result.names):
        table.add_column(name + (" ★" if index in result.winners else ""), justify="right")
    for category in result.categories:
        table.add_row(category, *(_number(row.get(category, 0)) for row in result.table))
    table.add_section()
    table.add_row(f"[bold]{result.total_label}[/bold]", *(f"[bold]{_number(t)}[/bold]" for t in result.totals))
    for tb in result.tiebreaks:
        table.add_row(f"tie-break: {tb.label}", *(_number(v) for v in tb.values))
    table.add_row("rank", *(str(r) for r in result.ranks))
    return table


def print_score(result: ScoreResult, console: Console, title: str | None = None) -> None:
    console.print(score_table(result, title))
    winners = ", ".join(result.names[i] for i in result.winners) or "nobody"
    console.print(f"Winner: [bold]{winners}[/bold] ({result.decided_by})")
    for note in result.notes:
        console.print(f"note: {note}")


def games_table(rows: list[dict[str, Any]]) -> Any:
    """The games, then one line per game saying what of its data is not confirmed."""
    from rich.console import Group
    from rich.text import Text

    table = Table(title="Installed games", title_justify="left")
    for column in ("id", "name", "players", "play", "version", "data"):
        table.add_column(column, no_wrap=column != "data")
    for row in rows:
        table.add_row(
            row["id"],
            row["name"],
            row["players"],
            "yes" if row["playable"] else "setup+score",
            row["version"],
            row["data_status"] + (" *" if row["data_note"] else ""),
        )
    notes = [Text(f"* {row['id']}: {row['data_note']}") for row in rows if row["data_note"]]
    return Group(table, *notes)


def plugins_table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="Plugins", title_justify="left")
    for column in ("name", "distribution", "hooks", "status"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row["name"],
            row["distribution"],
            ", ".join(h.removeprefix("bgkit_") for h in row["hooks"]),
            "[red]failed: " + row["error"] + "[/red]" if row["error"] else "ok",
        )
    return table


def tournament_table(summary: dict[str, Any]) -> Table:
    """The summary of a bot match: one row per seat spec."""
    table = Table(
        title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}, "
        f"mean length {summary['mean_decisions']} decisions",
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
            f"{row['mean_score']:g}",
            f"{row['median_score']:g}",
            f"{row['mean_rank']:g}",
        )
    return table


def big_number(count: int) -> str:
    """A count a person can read: exact up to 30 digits, else scientific (JSON keeps it exact)."""
    if count < 10**30:
        return f"{count:,}"
    digits = str(count)
    return f"about {digits[0]}.{digits[1:4]} × 10^{len(digits) - 1} (exact value: --format json)"


def options_text(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "none"


def print_document(doc: dict, format: str) -> None:
    if format == "json":
        print_json(doc)
    else:
        import tomli_w

        sys.stdout.write(tomli_w.dumps(toml_ready(doc)))


def toml_ready(value):
    """TOML has no null and no integers past 64 bits: drop None, write huge counts as text."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**63 - 1:
        return str(value)
    if isinstance(value, dict):
        return {str(k): toml_ready(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [toml_ready(v) for v in value]
    return value
