"""Rich drawings: the setup a person lays out, and a state (estates as hex grids in tile colours)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bgkit_burgundy.data import COLOURS, LETTERS, ROW_LENGTHS, Components, kind_colour

PHASES = "ABCDE"
BACKGROUND = ("dark_green", "grey50", "blue", "tan", "light_green", "yellow")
FOREGROUND = ("white", "black", "white", "black", "black", "black")
SHORT = {
    "warehouse": "Wh",
    "watchtower": "Wt",
    "carpenter": "Cp",
    "church": "Ch",
    "market": "Mk",
    "boarding": "Bo",
    "bank": "Bk",
    "cityhall": "CH",
    "castle": "Ca",
    "mine": "Mi",
    "ship": "Sh",
}


def short_name(comp: Components, kind: int) -> str:
    name = comp.kind_names[kind]
    if name in SHORT:
        return SHORT[name]
    if name.startswith("k"):
        return f"K{name[1:]}"
    return name[0].upper() + name[-1]  # animals: first letter and the number of animals


def estate_text(board, tiles: list[int] | None, comp: Components) -> Text:
    """The 37-space estate: empty spaces show their colour letter and die number, filled ones the tile."""
    text = Text()
    index = 0
    for row, length in enumerate(ROW_LENGTHS):
        text.append("   " * (7 - length))
        for _ in range(length):
            colour = board.colour[index]
            kind = tiles[index] if tiles is not None else -1
            if kind >= 0:
                label = f"{short_name(comp, kind):>3}/{board.die[index]}"
                text.append(label, style=f"bold {FOREGROUND[colour]} on {BACKGROUND[colour]}")
            else:
                text.append(f"{index + 1:>2}{LETTERS[colour]}{board.die[index]}", style=BACKGROUND[colour])
                text.append(" ")
            text.append(" ")
            index += 1
        text.append("\n")
    text.append("empty: space id, colour letter, die; ", style="dim")
    text.append(" ".join(f"{LETTERS[c]}={COLOURS[c]}" for c in range(6)), style="dim")
    return text


def render_setup(comp: Components, setup: dict):
    n = setup["players"]
    order = setup["turn_order"]
    players = Table(title="Players (turn order: " + " → ".join(f"Player {p}" for p in order) + ")",
                    title_justify="left")
    for col in ("player", "turn", "board", "start castle", "workers", "silverlings", "goods (die numbers)"):
        players.add_column(col)
    for seat, row in enumerate(setup["player"], start=1):
        castle = f"space {row['castle']} (centre)" if row["castle"] else "choose: " + ", ".join(map(str, row["castle_spaces"]))
        players.add_row(
            f"Player {seat}" + (" (start, white die)" if seat == setup["start_player"] else ""),
            str(row["position"]),
            f"#{row['board']}",
            castle,
            str(row["workers"]),
            str(row["silverlings"]),
            " ".join(map(str, row["goods"])),
        )
    piles = Table(title="Goods piles (face down; round 1 first)", title_justify="left")
    for phase in PHASES:
        piles.add_column(f"phase {phase}")
    piles.add_row(*(" ".join(map(str, pile)) for pile in setup["goods_piles"]))
    depots = Table(title=f"Phase A depots ({n} spaces each)", title_justify="left")
    depots.add_column("depot")
    depots.add_column("hex tiles")
    for d, tiles in enumerate(setup["depots"], start=1):
        depots.add_row(str(d), ", ".join(tiles))
    depots.add_row("black", ", ".join(setup["black_depot"]))
    parts = [players, piles, depots]
    for board_id in sorted({row["board"] for row in setup["player"]}):
        board = comp.boards[board_id]
        title = f"Board #{board_id}" + ("" if board.confirmed else " (UNCONFIRMED: single source)")
        parts.append(Panel(estate_text(board, None, comp), title=title, expand=False))
    parts.append(Text(f"Ruleset {setup['ruleset']}. Goods are named by die number 1-6. "
                      "Each goods pile goes onto the round spaces at the start of its phase.", style="dim"))
    return Group(*parts)


def render_state(state, player: int | None):
    comp = state.comp
    n = state.num_players
    head = Text(f"Phase {PHASES[min(state.phase, 4)]}, round {min(state.round, 4) + 1} — turn order: "
                + " → ".join(f"P{p + 1}" for p in state.order), style="bold")
    depots = Table(title="Depots", title_justify="left")
    depots.add_column("depot")
    depots.add_column("hex tiles")
    depots.add_column("goods")
    for d in range(6):
        goods = " ".join(f"{t + 1}×{c}" for t, c in enumerate(state.depot_goods[d]) if c)
        depots.add_row(str(d + 1), ", ".join(comp.kind_names[k] for k in sorted(state.depots[d])), goods)
    depots.add_row("black", ", ".join(comp.kind_names[k] for k in sorted(state.black)), "")
    rounds_left = state.round_goods[state.round:] if state.round < 5 else []
    depots.caption = "goods still to come this phase: " + (" ".join(map(str, rounds_left)) or "-")
    table = Table(title="Players", title_justify="left")
    for col in ("player", "points", "score now", "silver", "workers", "goods", "sold", "storage", "dice", "bonus"):
        table.add_column(col)
    scores = state.scores()
    for p in range(n):
        goods = " ".join(f"{t + 1}×{c}" for t, c in enumerate(state.goods[p]) if c) or "-"
        sold = " ".join(f"{t + 1}×{c}" for t, c in enumerate(state.sold[p]) if c) or "-"
        bonus = " ".join(COLOURS[b // 2] + ("" if b % 2 else "*") for b in state.bonus[p]) or "-"
        dice = " ".join(map(str, state.dice[p])) or "-"
        if p == state.cur and state.left is not None:
            dice = " ".join(map(str, state.left)) + " left" if state.left else "used"
        table.add_row(
            f"P{p + 1}" + (" ◀" if p == state.cur else ""),
            str(state.vp[p]),
            f"{scores[p]:g}",
            str(state.silver[p]),
            str(state.workers[p]),
            goods,
            sold,
            ", ".join(comp.kind_names[k] for k in state.storage[p]) or "-",
            dice,
            bonus,
        )
    estates = []
    shown = range(n) if player is None else [player] + [p for p in range(n) if p != player]
    for p in shown:
        estates.append(Panel(estate_text(state.boards[p], state.tiles[p], comp),
                             title=f"P{p + 1} estate (board #{state.board_ids[p]})", expand=False))
    notes = Text("score now = points + unsold goods + silverlings + workers/2 + knowledge end scoring; "
                 "bonus * = large tile", style="dim")
    return Group(head, depots, table, *estates, notes)


__all__ = ["render_setup", "render_state", "estate_text", "kind_colour"]
