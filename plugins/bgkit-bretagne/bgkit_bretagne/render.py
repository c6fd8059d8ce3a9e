"""Drawing a Bretagne setup with rich: one table per part of the board, in the order you lay it out."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bgkit_bretagne.data import Components

from bgkit.components import MARK  # after a value that comes from a reconstructed table


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


def render_setup(comps: Components, setup: dict) -> Group:
    recon = set(comps.reconstructed())

    def mark(table: str) -> str:
        return MARK if table in recon else ""

    parts: list = []
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

    lights = Table(title=f"Lighthouse tiles (site 1 is next to Lorient, then clockwise){mark('board')}",
                   title_justify="left")
    for column in ("site", "coast", "site colour", "tile", f"levels{mark('lighthouses')}", f"extra{mark('lighthouses')}",
                   "harbour", "side up"):
        lights.add_column(column)
    for row in setup["lighthouses"]:
        ltype = comps.types[row["type"]]
        colour = f"{ltype.name} ({ltype.colour})"
        if not row["tile"]:
            lights.add_row(str(row["site"]), row["coast"], f"[dim]{colour}[/dim]", "", "", "", str(row["harbour"]),
                           "[dim]no tile (2 players)[/dim]")
            continue
        tile = comps.lighthouses[row["tile"]]
        side = "[bold]built[/bold]" if row["side"] == "built" else "unbuilt"
        lights.add_row(str(row["site"]), row["coast"], colour, tile.id, str(tile.levels),
                       ", ".join(tile.extra) or "-", str(row["harbour"]), side)
    if any(row["side"] == "built" for row in setup["lighthouses"]):
        lights.caption = "built: the tile starts on its built side (3-player rule)"
    parts.append(lights)

    harbours = Table(title=f"Harbour tiles, normal side up{mark('harbours')}", title_justify="left")
    for column in ("harbour", "coast", "tile", "sites", "income (normal)", "income (improved)"):
        harbours.add_column(column)
    by_id = {tile.id: tile for tile in comps.harbours}
    for row in setup["harbours"]:
        tile = by_id[row["tile"]]
        harbours.add_row(str(row["harbour"]), row["coast"], tile.id, ", ".join(map(str, row["sites"])),
                         _counts(dict(tile.normal)), _counts(dict(tile.improved)))
    parts.append(harbours)

    weather = Table(title=f"Weather{mark('weather')}", title_justify="left")
    for column in ("", "card", "Heaven", "Purgatory", "Hell", "storm"):
        weather.add_column(column)
    for label, key in (("current (round 1)", "current"), ("forecast (round 2)", "forecast")):
        card = comps.weather[setup["weather"][key]]
        weather.add_row(label, f"{card.id} {card.name}", *(str(card.engineers[t]) for t in ("heaven", "purgatory", "hell")),
                        "a worker is injured at Purgatory/Hell" if card.storm else "")
    weather.caption = f"engineers per level built; {setup['weather']['face_down']} more cards face down under the forecast"
    parts.append(weather)

    pontivy = Table(title=f"Pontivy: blueprints face up{mark('blueprints')}", title_justify="left")
    for column in ("stack", "tile", "cost", "reward"):
        pontivy.add_column(column)
    for stack in comps.stacks:
        for tile_id in setup["pontivy"][stack.colour]:
            tile = comps.blueprints[tile_id]
            pontivy.add_row(f"{stack.colour} (grade {stack.grade})", tile.id, _counts(dict(tile.cost)),
                            _counts(dict(tile.reward)))
        pontivy.add_section()
    pontivy.caption = "the rest of each stack face down beside it"
    parts.append(pontivy)

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

    players = Table(title=f"Players (in turn order){mark('barges')}", title_justify="left")
    for column in ("turn order", "player", "barge card (sizes)", "francs", "engineers", "workers", "spare cubes", "score"):
        players.add_column(column, no_wrap=True)
    bonuses = []
    for row in seats:
        barge = comps.barges[row["barge"] - 1]
        players.add_row(f"place {row['turn_order']}", f"P{row['seat']}",
                        f"{barge.number} ({'/'.join(map(str, barge.capacities))})", str(row["francs"]),
                        str(row["engineers"]), str(row["workers"]), str(row["reserve_workers"]), str(row["score"]))
        if barge.bonus:
            bonuses.append(f"barge card {barge.number}: {barge.bonus}")
    players.caption = "; ".join(["turn-order disc on Pontivy's track, workers on the warehouse, spare cubes in the "
                                 "supply, score disc on the track"] + bonuses)
    parts.append(players)

    supply = setup["supply"]
    parts.append(Text(f"Supply: {_counts(supply['resources'])}; {supply['engineers']} engineers; the coins; "
                      "each player's other worker cubes."))
    if recon:
        parts.append(Text(f"{MARK} reconstructed values ({', '.join(sorted(recon))}): no public source gives them; "
                          "load your own box's values with --data FILE (see the bgkit-bretagne README).",
                          style="italic"))
    return Group(*parts)
