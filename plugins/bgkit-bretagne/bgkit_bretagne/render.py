"""Drawing a Bretagne setup with rich: one table per part of the board, in the order you lay it out."""

from __future__ import annotations

from typing import Any, Callable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bgkit_bretagne.data import Components

from bgkit.api import MARK  # after a value that comes from a reconstructed table


_NAMES = {
    "francs": ("franc", "francs"),
    "engineers": ("engineer", "engineers"),
    "workers": ("worker", "workers"),
    "equipment": ("equipment card", "equipment cards"),
    "vp": ("point", "points"),
}


def _counts(counts: dict[str, int]) -> str:
    """``{"vp": 2, "francs": 1}`` -> ``"2 points, 1 franc"`` (resources keep their names)."""
    words = []
    for kind, n in counts.items():
        if n:
            one, many = _NAMES.get(kind, (kind, kind))
            words.append(f"{n} {one if n == 1 else many}")
    return ", ".join(words) or "-"


def render_setup(comp: Components, setup: dict[str, Any]) -> Group:
    recon = set(comp.reconstructed())

    def mark(table: str) -> str:
        return MARK if table in recon else ""

    parts: list[RenderableType] = []
    seats = sorted(setup["seats"], key=lambda row: row["turn_order"])
    order = " → ".join(f"P{seat}" for seat in setup["turn_order"])
    parts.append(
        Panel(
            f"Players sit P1..P{setup['players']} clockwise. Start player: [bold]P{setup['start_player']}[/bold]. "
            f"Turn order at Pontivy: {order}.",
            title="Bretagne — turn order",
            title_align="left",
        )
    )

    parts += _setup_board(comp, setup, mark)
    parts += _setup_cards(comp, setup, mark)

    quimper = setup["quimper"]
    brest = setup["brest"]
    cities = Table(title="Cities", title_justify="left")
    cities.add_column("city")
    cities.add_column("put there")
    cities.add_row(f"Quimper{mark('production')}",
                   f"production card {quimper['card']}: {_counts(quimper['resources'])}")
    cities.add_row("Brest", f"market {_counts(brest['market'])}; engineers: {brest['engineers']} single, "
                            f"{brest['engineer_pairs']} pairs")
    cities.add_row("Lorient", "nothing (trades with the supply)")
    cities.add_row(f"beside the board{mark('equipment')}", f"equipment deck, {setup['equipment_deck']} cards shuffled face down")
    parts.append(cities)

    players = Table(title="Players (in turn order)", title_justify="left")
    for column in ("turn order", "player", "francs", "engineers", "workers", "spare cubes", "score"):
        players.add_column(column, no_wrap=True)
    for row in seats:
        players.add_row(f"place {row['turn_order']}", f"P{row['seat']}", str(row["francs"]), str(row["engineers"]),
                        str(row["workers"]), str(row["reserve_workers"]), str(row["score"]))
    players.caption = ("turn-order disc on Pontivy's track, workers on the warehouse, spare cubes in the supply, score "
                       "disc on the track")
    parts.append(players)

    barges = Table(title=f"Barge cards beside the board, chosen in turn order at the start of each round{mark('barges')}",
                   title_justify="left")
    for column in ("card", "barges (sizes)", "francs", "engineers", "bonus"):
        barges.add_column(column)
    for barge in comp.barges[: setup["players"]]:
        barges.add_row(str(barge.number), "/".join(map(str, barge.capacities)), str(barge.francs), str(barge.engineers),
                       barge.bonus or "-")
    barges.caption = "barges are loaded from Quimper in the cards' number order"
    parts.append(barges)

    supply = setup["supply"]
    parts.append(Text(f"Supply: {_counts(supply['resources'])}; {supply['engineers']} engineers; the coins; "
                      "each player's other worker cubes."))
    if recon:
        parts.append(Text(f"{MARK} reconstructed values ({', '.join(sorted(recon))}): no public source gives them; "
                          "load your own box's values with --data FILE (see the bgkit-bretagne README).",
                          style="italic"))
    return Group(*parts)


def _setup_board(comp: Components, setup: dict[str, Any], mark: Callable[[str], str]) -> list[RenderableType]:
    """The lighthouse tiles on their sites and the harbour tiles."""
    parts: list[RenderableType] = []
    lights = Table(title=f"Lighthouse tiles (site 1 is next to Lorient, then clockwise){mark('board')}",
                   title_justify="left")
    for column in ("site", "coast", "site colour", "tile", f"levels{mark('lighthouses')}", f"extra{mark('lighthouses')}",
                   "harbour", "side up"):
        lights.add_column(column)
    for row in setup["lighthouses"]:
        ltype = comp.types[row["type"]]
        colour = f"{ltype.name} ({ltype.colour})"
        if not row["tile"]:
            lights.add_row(str(row["site"]), row["coast"], f"[dim]{colour}[/dim]", "", "", "", str(row["harbour"]),
                           "[dim]no tile (2 players)[/dim]")
            continue
        tile = comp.lighthouses[row["tile"]]
        side = "[bold]built[/bold]" if row["side"] == "built" else "unbuilt"
        lights.add_row(str(row["site"]), row["coast"], colour, tile.id, str(tile.levels),
                       ", ".join(tile.extra) or "-", str(row["harbour"]), side)
    if any(row["side"] == "built" for row in setup["lighthouses"]):
        lights.caption = "built: the tile starts on its built side (3-player rule)"
    parts.append(lights)

    harbours = Table(title=f"Harbour tiles, normal side up{mark('harbours')}", title_justify="left")
    for column in ("harbour", "coast", "tile", "sites", "income (normal)", "income (improved)"):
        harbours.add_column(column)
    by_id = {harbour.id: harbour for harbour in comp.harbours}
    for row in setup["harbours"]:
        harbour = by_id[row["tile"]]
        harbours.add_row(str(row["harbour"]), row["coast"], harbour.id, ", ".join(map(str, row["sites"])),
                         _counts(dict(harbour.normal)), _counts(dict(harbour.improved)))
    parts.append(harbours)
    return parts


def _setup_cards(comp: Components, setup: dict[str, Any], mark: Callable[[str], str]) -> list[RenderableType]:
    """The weather cards and the blueprints face up at Pontivy."""
    parts: list[RenderableType] = []
    weather = Table(title=f"Weather{mark('weather')}", title_justify="left")
    for column in ("", "card", "Heaven", "Purgatory", "Hell", "storm"):
        weather.add_column(column)
    for label, key in (("current (round 1)", "current"), ("forecast (round 2)", "forecast")):
        card = comp.weather[setup["weather"][key]]
        weather.add_row(label, f"{card.id} {card.name}", *(str(card.engineers[t]) for t in ("heaven", "purgatory", "hell")),
                        "a worker is injured at Purgatory/Hell" if card.storm else "")
    weather.caption = f"engineers per level built; {setup['weather']['face_down']} more cards face down under the forecast"
    parts.append(weather)

    pontivy = Table(title=f"Pontivy: blueprints face up{mark('blueprints')}", title_justify="left")
    for column in ("stack", "tile", "cost", "reward"):
        pontivy.add_column(column)
    for stack in comp.stacks:
        for tile_id in setup["pontivy"][stack.colour]:
            tile = comp.blueprints[tile_id]
            pontivy.add_row(f"{stack.colour} (grade {stack.grade})", tile.id, _counts(dict(tile.cost)),
                            _counts(dict(tile.reward)))
        pontivy.add_section()
    pontivy.caption = "the rest of each stack face down beside it"
    parts.append(pontivy)
    return parts
