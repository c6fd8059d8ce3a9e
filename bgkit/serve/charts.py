"""Charts of the stats page as SVG drawn by the server: no chart library, no script, every text escaped.

Each chart scales to the width of the phone (a ``viewBox`` and ``width: 100%``). Colours repeat
after eight players; each line and bar is labelled with the player's name as well.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

COLOURS = ("#1b6ca8", "#d1495b", "#2e933c", "#edae49", "#6a4c93", "#00798c", "#8c510a", "#525252")
WIDTH = 360


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def totals_over_time(timeline: list[dict[str, Any]], names: list[str]) -> Markup:
    """One line per player through their totals, play by play (oldest left)."""
    names = [n for n in names if any(n in point["totals"] for point in timeline)]
    if len(timeline) < 2 or not names:
        return Markup("")
    values = [v for point in timeline for v in point["totals"].values()]
    low, high = min(values), max(values)
    span = (high - low) or 1
    left, right, top, plot_h = 34, WIDTH - 8, 10, 150
    legend_h = 16 * len(names)
    height = top + plot_h + 24 + legend_h
    step = (right - left) / (len(timeline) - 1)

    def xy(i: int, v: float) -> str:
        return f"{left + i * step:.1f},{top + plot_h - (v - low) / span * plot_h:.1f}"

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="Totals over time">',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{right}" y2="{top + plot_h}" class="axis"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" class="axis"/>',
        f'<text x="{left - 4}" y="{top + 4}" text-anchor="end">{escape(_number(high))}</text>',
        f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end">{escape(_number(low))}</text>',
        f'<text x="{left}" y="{top + plot_h + 14}">{escape(timeline[0]["date"])}</text>',
        f'<text x="{right}" y="{top + plot_h + 14}" text-anchor="end">{escape(timeline[-1]["date"])}</text>',
    ]
    for n, name in enumerate(names):
        colour = COLOURS[n % len(COLOURS)]
        points = [xy(i, point["totals"][name]) for i, point in enumerate(timeline) if name in point["totals"]]
        if len(points) > 1:
            parts.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for p in points:
            cx, cy = p.split(",")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="3" fill="{colour}"/>')
        y = top + plot_h + 30 + 16 * n
        parts.append(f'<rect x="{left}" y="{y - 9}" width="10" height="10" fill="{colour}"/>')
        parts.append(f'<text x="{left + 16}" y="{y}">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def win_share(players: list[dict[str, Any]]) -> Markup:
    """A bar per player who won, the largest share first: their share of the wins, with the count.
    Each keeps its colour of the totals chart (its place in ``players``)."""
    colour = {p["name"]: COLOURS[n % len(COLOURS)] for n, p in enumerate(players)}
    winners = sorted((p for p in players if p["wins"]), key=lambda p: (-p["win_share"], -p["wins"], p["name"].casefold()))
    if not winners:
        return Markup("")
    top = max(p["win_share"] for p in winners) or 1
    label_w, bar_w, row = 110, WIDTH - 110 - 70, 22
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {row * len(winners) + 4}" role="img" aria-label="Win share">']
    for n, p in enumerate(winners):
        y = n * row + 4
        width = max(1.0, p["win_share"] / top * bar_w)
        name = p["name"] if len(p["name"]) <= 16 else p["name"][:15] + "…"
        parts.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end">{escape(name)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y}" width="{width:.1f}" height="16" fill="{colour[p["name"]]}"/>')
        parts.append(f'<text x="{label_w + width + 4:.1f}" y="{y + 13}">{p["win_share"]:.0%} ({p["wins"]})</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
