"""Drawing a Bretagne setup on the core's drawing (:class:`bgkit.api.Drawing`): one table per part of
the board, in the order you lay it out; the terminal prints it and ``bgkit setup --format svg`` draws
it as a picture."""

from __future__ import annotations

from typing import Any, Callable

from bgkit_bretagne.data import Components

from bgkit.api import MARK, Drawing  # MARK: after a value that comes from a reconstructed table


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


def render_setup(comp: Components, setup: dict[str, Any]) -> Drawing:
    """The setup on the core's drawing: the terminal prints it, ``bgkit setup --format svg`` draws it."""
    recon = set(comp.reconstructed())

    def mark(table: str) -> str:
        return MARK if table in recon else ""

    out = Drawing(hang=0)
    seats = sorted(setup["seats"], key=lambda row: row["turn_order"])
    order = " → ".join(f"P{seat}" for seat in setup["turn_order"])
    out.line("Bretagne — turn order", "bold")
    out.line(f"Players sit P1..P{setup['players']} clockwise. Start player: P{setup['start_player']}. "
             f"Turn order at Pontivy: {order}.")
    for part in _setup_board(comp, setup, mark) + _setup_cards(comp, setup, mark):
        out.add(part)

    quimper = setup["quimper"]
    brest = setup["brest"]
    out.table(("city", "put there"), [
        [f"Quimper{mark('production')}", f"production card {quimper['card']}: {_counts(quimper['resources'])}"],
        ["Brest", f"market {_counts(brest['market'])}; engineers: {brest['engineers']} single, {brest['engineer_pairs']} pairs"],
        ["Lorient", "nothing (trades with the supply)"],
        [f"beside the board{mark('equipment')}", f"equipment deck, {setup['equipment_deck']} cards shuffled face down"],
    ], title="Cities")
    out.table(("turn order", "player", "francs", "engineers", "workers", "spare cubes", "score"),
              [[f"place {row['turn_order']}", f"P{row['seat']}", str(row["francs"]), str(row["engineers"]),
                str(row["workers"]), str(row["reserve_workers"]), str(row["score"])] for row in seats],
              title="Players (in turn order)",
              note="turn-order disc on Pontivy's track, workers on the warehouse, spare cubes in the supply, score "
                   "disc on the track")
    out.table(("card", "barges (sizes)", "francs", "engineers", "bonus"),
              [[str(barge.number), "/".join(map(str, barge.capacities)), str(barge.francs), str(barge.engineers),
                barge.bonus or "-"] for barge in comp.barges[: setup["players"]]],
              title=f"Barge cards beside the board, chosen in turn order at the start of each round{mark('barges')}",
              note="barges are loaded from Quimper in the cards' number order")
    supply = setup["supply"]
    out.line(f"Supply: {_counts(supply['resources'])}; {supply['engineers']} engineers; the coins; "
             "each player's other worker cubes.")
    if recon:
        out.line(f"{MARK} reconstructed values ({', '.join(sorted(recon))}): no public source gives them; "
                 "load your own box's values with --data FILE (see the bgkit-bretagne README).", "italic")
    return out


def _setup_board(comp: Components, setup: dict[str, Any], mark: Callable[[str], str]) -> list[Drawing]:
    """The lighthouse tiles on their sites and the harbour tiles (two drawings)."""
    lights: list[list[str]] = []
    for row in setup["lighthouses"]:
        ltype = comp.types[row["type"]]
        colour = f"{ltype.name} ({ltype.colour})"
        if not row["tile"]:
            lights.append([str(row["site"]), row["coast"], colour, "", "", "", str(row["harbour"]), "no tile (2 players)"])
            continue
        tile = comp.lighthouses[row["tile"]]
        lights.append([str(row["site"]), row["coast"], colour, tile.id, str(tile.levels), ", ".join(tile.extra) or "-",
                       str(row["harbour"]), row["side"]])
    built = any(row["side"] == "built" for row in setup["lighthouses"])
    board = Drawing(hang=0)
    board.table(("site", "coast", "site colour", "tile", f"levels{mark('lighthouses')}", f"extra{mark('lighthouses')}",
                 "harbour", "side up"), lights,
                title=f"Lighthouse tiles (site 1 is next to Lorient, then clockwise){mark('board')}",
                note="built: the tile starts on its built side (3-player rule)" if built else "", right=(0,))
    by_id = {tile.id: tile for tile in comp.harbours}
    harbours = Drawing(hang=0)
    harbours.table(("harbour", "coast", "tile", "sites", "income (normal)", "income (improved)"),
                   [[str(row["harbour"]), row["coast"], by_id[row["tile"]].id, ", ".join(map(str, row["sites"])),
                     _counts(dict(by_id[row["tile"]].normal)), _counts(dict(by_id[row["tile"]].improved))]
                    for row in setup["harbours"]],
                   title=f"Harbour tiles, normal side up{mark('harbours')}", right=(0,))
    return [board, harbours]


def _setup_cards(comp: Components, setup: dict[str, Any], mark: Callable[[str], str]) -> list[Drawing]:
    """The weather cards and the blueprints face up at Pontivy (two drawings)."""
    rows: list[list[str]] = []
    for label, key in (("current (round 1)", "current"), ("forecast (round 2)", "forecast")):
        card = comp.weather[setup["weather"][key]]
        rows.append([label, f"{card.id} {card.name}", *(str(card.engineers[t]) for t in ("heaven", "purgatory", "hell")),
                     "a worker is injured at Purgatory/Hell" if card.storm else ""])
    weather = Drawing(hang=0)
    weather.table(("", "card", "Heaven", "Purgatory", "Hell", "storm"), rows, title=f"Weather{mark('weather')}",
                  note=f"engineers per level built; {setup['weather']['face_down']} more cards face down under the forecast")
    prints: list[list[str] | None] = []
    for stack in comp.stacks:
        if prints:
            prints.append(None)  # a rule between two stacks
        for tile_id in setup["pontivy"][stack.colour]:
            tile = comp.blueprints[tile_id]
            prints.append([f"{stack.colour} (grade {stack.grade})", tile.id, _counts(dict(tile.cost)), _counts(dict(tile.reward))])
    pontivy = Drawing(hang=0)
    pontivy.table(("stack", "tile", "cost", "reward"), prints, title=f"Pontivy: blueprints face up{mark('blueprints')}",
                  note="the rest of each stack face down beside it")
    return [weather, pontivy]
