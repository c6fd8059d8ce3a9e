"""Rich drawings: the setup a person lays out, and a state (estates as hex grids in tile colours)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit_burgundy.data import COLOURS, LETTERS, ROW_LENGTHS, Board, Components, animal_kind, kind_colour

if TYPE_CHECKING:  # rich is imported by the functions that draw: `bgkit score` draws nothing
    from rich.columns import Columns

    from bgkit.api import Drawing
    from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
    from rich.panel import Panel
    from rich.text import Text

    from bgkit_burgundy.state import BurgundyState

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


KNOWLEDGE_EFFECTS = {
    1: "a building type more than once per city",
    2: "+1 worker per mine at each phase end",
    3: "selling gives 2 silverlings",
    4: "selling also gives 1 worker",
    5: "a ship also takes the goods of a neighbouring depot",
    6: "the once-a-turn purchase (2 silverlings) also from depots 1-6",
    7: "+1 point per animal tile scored",
    8: "a worker changes a die by 1 or 2",
    9: "free ±1 placing buildings",
    10: "free ±1 placing ships and animals",
    11: "free ±1 placing castles, mines, knowledge",
    12: "free ±1 taking from depots 1-6",
    13: "take workers: +1 silverling",
    14: "take workers: 4 instead of 2",
    15: "end: 3 per goods type sold",
    **{16 + b: f"end: 4 per {name}" for b, name in enumerate(
        ("warehouse", "watchtower", "carpenter's workshop", "church", "market", "boarding house", "bank", "city hall"))},
    24: "end: 4 per animal species",
    25: "end: 1 per goods tile sold",
    26: "end: 2 per bonus tile",
}
KNOWLEDGE_2019 = {
    6: "once a turn: 2 workers for a building from depots 1-6",
    15: "end: 2 per goods type sold",
    26: "end: 3 per bonus tile",
}


def knowledge_effect(number: int, ruleset: str) -> str:
    """What knowledge tile ``number`` does, in a few words (2019 changes 6, 15 and 26)."""
    if ruleset == "2019" and number in KNOWLEDGE_2019:
        return KNOWLEDGE_2019[number]
    return KNOWLEDGE_EFFECTS[number]


CELL = 5  # characters of one hex; hexes stand one space apart, odd rows half a hex in


def estate_text(board: Board, tiles: list[int] | None, comp: Components) -> Text:
    """The 37-space estate as a hex grid: an empty space shows its id, colour letter and die
    number (``19C6``), a filled one the tile and the die number (``Wt/6``), both in the colour."""
    from rich.text import Text

    text = Text()
    index = 0
    for row, length in enumerate(ROW_LENGTHS):
        text.append(" " * ((CELL + 1) // 2 * (7 - length)))
        for column in range(length):
            colour = board.colour[index]
            kind = tiles[index] if tiles is not None else -1
            if kind >= 0:
                label, style = f"{short_name(comp, kind)}/{board.die[index]}", f"bold {FOREGROUND[colour]} on {BACKGROUND[colour]}"
            else:
                label, style = f"{index + 1:>2}{LETTERS[colour]}{board.die[index]}", BACKGROUND[colour]
            text.append(label.center(CELL), style=style)
            if column < length - 1:
                text.append(" ")
            index += 1
        if row < len(ROW_LENGTHS) - 1:
            text.append("\n")
    return text


def estate_key(comp: Components, played: bool) -> Text:
    """What the letters of the estate drawings mean (printed once, under all of them)."""
    from rich.text import Text

    key = Text(style="dim", no_wrap=False, overflow="fold")  # wrapped at word ends even on the soft-wrapping prompt console
    key.append("Estates: an empty space shows its id, colour and die number (19C6); ")
    key.append(" ".join(f"{LETTERS[c]}={COLOURS[c]}" for c in range(6)) + ".")
    if played:
        key.append(" A placed tile shows its name and the die number (Wt/6): Ca castle, Mi mine, Sh ship, "
                   "Wh warehouse, Wt watchtower, Cp carpenter's workshop, Ch church, Mk market, "
                   "Bo boarding house, Bk bank, CH city hall, K1-K26 knowledge; animals: ")
        species = [comp.kind_names[animal_kind(s, 2)][:-1] for s in range(4)]
        key.append(", ".join(f"{short_name(comp, animal_kind(s, 2))[0]}2-4 {name}" for s, name in enumerate(species)) + ".")
    return key


def estates(panels: list[Panel]) -> Columns:
    """Estates side by side, as many as the terminal's width allows."""
    from rich.columns import Columns

    return Columns(panels, padding=(0, 1))


def render_setup(comp: Components, setup: dict[str, Any]) -> Drawing:
    """The setup on the core's drawing (:class:`bgkit.api.Drawing`): the terminal prints it and
    ``bgkit setup --format svg`` draws it as a picture, the estates as coloured hexes."""
    from bgkit.api import Drawing

    out = Drawing(hang=0)
    order = " → ".join(map(str, setup["turn_order"]))
    rows: list[list[str]] = []
    for seat, row in enumerate(setup["seats"], start=1):
        castle = f"space {row['castle']} (centre)" if row["castle"] else "choose: " + ", ".join(map(str, row["castle_spaces"]))
        rows.append([f"Player {seat}", str(row["position"]), f"#{row['board']}", castle, str(row["workers"]),
                     str(row["silverlings"]), " ".join(map(str, row["goods"]))])
    out.table(("player", "turn", "board", "start castle", "workers", "silverlings", "goods (die numbers)"), rows,
              title=f"Players — turn order: Player {order}; Player {setup['start_player']} starts and rolls the white die")
    out.table([f"phase {phase}" for phase in PHASES], [[" ".join(map(str, pile)) for pile in setup["goods_piles"]]],
              title="Goods piles (face down; round 1 first)")
    depots = [[str(d), ", ".join(tiles)] for d, tiles in enumerate(setup["depots"], start=1)]
    out.table(("depot", "hex tiles"), depots + [["black", ", ".join(setup["black_depot"])]],
              title=f"Phase A depots ({setup['players']} spaces each)")
    for board_id in sorted({row["board"] for row in setup["seats"]}):
        board = comp.boards[board_id]
        seats = [str(seat) for seat, row in enumerate(setup["seats"], start=1) if row["board"] == board_id]
        out.hexes(estate_hexes(board), title=f"Board #{board_id}" + ("" if board.confirmed else " (UNCONFIRMED)"),
                  note=("Player " if len(seats) == 1 else "Players ") + ", ".join(seats))
    out.line(estate_key(comp, played=False).plain, "dim")
    if any(not comp.boards[row["board"]].confirmed for row in setup["seats"]):
        out.line("UNCONFIRMED: the original layout of this board rests on a single source "
                 "(see the README); --data FILE replaces it.", "dim")
    out.line(f"Ruleset {setup['ruleset']}. Goods are named by die number 1-6. "
             "Each goods pile goes onto the round spaces at the start of its phase.", "dim")
    return out


def estate_hexes(board: Board) -> list[list[tuple[str, str]]]:
    """An empty estate as the rows of a hex map: each space's id, colour letter and die number
    (``19C6``) in its colour."""
    rows: list[list[tuple[str, str]]] = []
    index = 0
    for length in ROW_LENGTHS:
        rows.append([(f"{i + 1:>2}{LETTERS[board.colour[i]]}{board.die[i]}", BACKGROUND[board.colour[i]])
                     for i in range(index, index + length)])
        index += length
    return rows


def render_state(state: BurgundyState, player: int | None) -> Group:
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

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
    table = Table(title="Players (◀ to play)", title_justify="left")  # a column per player: fits 100 columns
    table.add_column("")
    for p in range(n):
        table.add_column(f"P{p + 1}" + (" ◀" if p == state.cur else ""), min_width=12)
    scores = state.scores()
    lines = {
        "points (track)": [str(v) for v in state.vp],
        "score now": [f"{v:g}" for v in scores],
        "silverlings": [str(v) for v in state.silver],
        "workers": [str(v) for v in state.workers],
        "goods (type×n)": [_counts(state.goods[p]) + (" (full)" if sum(1 for c in state.goods[p] if c) >= 3 else "")
                           for p in range(n)],
        "sold (type×n)": [_counts(state.sold[p]) for p in range(n)],
        "storage": ["\n".join(comp.kind_names[k] for k in state.storage[p]) or "-" for p in range(n)],
        "dice": [_dice(state, p) for p in range(n)],
        "bonus tiles": ["\n".join(COLOURS[b // 2] + ("" if b % 2 else " (1st)") for b in state.bonus[p]) or "-"
                        for p in range(n)],
    }
    for label, values in lines.items():
        table.add_row(label, *values)
    panels = []
    shown = range(n) if player is None else [player] + [p for p in range(n) if p != player]
    for p in shown:
        panels.append(Panel(estate_text(state.boards[p], state.tiles[p], comp),
                            title=Text(f"P{p + 1} estate (board #{state.board_ids[p]})"), expand=False))
    notes = Text("score now = points + unsold goods + silverlings + workers/2 + knowledge end scoring; "
                 f"bonus tile (1st) = the large one; {GOODS_FULL}", style="dim", no_wrap=False, overflow="fold")
    parts: list[RenderableType] = [head, depots, table, estates(panels), estate_key(comp, played=True), notes]
    within_reach = {k for tiles in (*state.depots, state.black, *state.storage) for k in tiles}
    numbers = sorted(int(comp.kind_names[k][1:]) for k in within_reach if comp.kind_names[k].startswith("k"))
    if numbers:
        parts.append(Text("Knowledge tiles in the depots and storage: "
                          + "; ".join(f"k{n} {knowledge_effect(n, state.ruleset)}" for n in numbers),
                          style="dim", no_wrap=False, overflow="fold"))
    return Group(*parts)


#: A terminal at least this wide (the big screen, 120×50) gets every estate on the decision screen: the whole table.
WIDE = 120


class ByWidth:
    """``narrow`` on a console less than ``WIDE`` columns wide, ``wide`` on a wider one."""

    def __init__(self, narrow: RenderableType, wide: RenderableType):
        self.narrow, self.wide = narrow, wide

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wide if options.max_width >= WIDE else self.narrow


def render_compact(state: BurgundyState, player: int | None) -> ByWidth:
    """For a terminal the full drawing does not fit (80×24): the phase, ``player``'s own line and
    estate (where a tile goes), the depots in a few lines, then one line for each other player (``board``, ``hand``,
    ``others`` and ``full`` at the prompt show the rest). On a terminal ``WIDE`` columns wide (120×50),
    the whole table still: every player's line (sold goods and bonus tiles too) and every estate,
    side by side, ``player``'s first."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    me = state.cur if player is None else player
    others = [_player_line(state, p, player) for p in range(state.num_players) if p != me]
    narrow = Group(_head(state), _player_line(state, me, player), *_estate_lines(state, me), *_depot_lines(state), *others)
    seats = [me] + [p for p in range(state.num_players) if p != me]
    panels = [Panel(estate_text(state.boards[p], state.tiles[p], state.comp), expand=False,
                    title=Text(f"P{p + 1} estate (board #{state.board_ids[p]})")) for p in seats]
    wide = Group(_head(state), *[_player_line(state, p, player, whole=True) for p in seats], *_depot_lines(state),
                 estates(panels), Text(ESTATE_WORDS, style="dim"))
    return ByWidth(narrow, wide)


def render_part(state: BurgundyState, player: int | None, word: str) -> Group | None:
    """``board``: the phase and the depots; ``hand``: ``player``'s line, estate and bonus tiles;
    ``others``: the other players' lines and estates."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    me = state.cur if player is None else player
    if word == "board":
        return Group(_head(state), *_depot_lines(state))
    if word == "hand":
        bonus = ", ".join(COLOURS[b // 2] + ("" if b % 2 else " (1st)") for b in state.bonus[me]) or "-"
        return Group(_player_line(state, me, player), *_estate_lines(state, me), Text(f"bonus tiles: {bonus}"),
                     Text(GOODS_FULL, style="dim"), estate_key(state.comp, played=True))
    if word == "others":
        rest = [p for p in range(state.num_players) if p != me]
        return Group(*[_player_line(state, p, player) for p in rest],
                     estates([Panel(estate_text(state.boards[p], state.tiles[p], state.comp),
                                    title=Text(f"P{p + 1} estate (board #{state.board_ids[p]})"), expand=False)
                              for p in rest]))
    return None


#: How an estate's spaces read, in a line (``estate_key`` says it in full).
ESTATE_WORDS = "19C6: space, colour, die · Wt/6: tile, die"
#: Why a ship may take no goods: the storage holds three types at most.
GOODS_FULL = "goods (full) = three types held, the most a storage holds: a ship takes only goods of these types"


def _head(state: BurgundyState) -> Text:
    from rich.text import Text

    rounds_left = state.round_goods[state.round:] if state.round < 5 else []
    return Text(f"Phase {PHASES[min(state.phase, 4)]}, round {min(state.round, 4) + 1} · order "
                + " → ".join(f"P{p + 1}" for p in state.order)
                + f" · goods to come: {' '.join(map(str, rounds_left)) or '-'}", style="bold")


def _depot_lines(state: BurgundyState) -> list[Text]:
    """The depots, one after the other, wrapped at word ends: ``3: ship, cow2 +5×1`` (tiles, goods)."""
    from rich.text import Text

    names = state.comp.kind_names
    depots = []
    for d in range(6):
        goods = " ".join(f"{t + 1}×{c}" for t, c in enumerate(state.depot_goods[d]) if c)
        depots.append(f"{d + 1}: " + (", ".join(names[k] for k in sorted(state.depots[d])) or "-") + (f" +goods {goods}" if goods else ""))
    depots.append("black: " + (", ".join(names[k] for k in sorted(state.black)) or "-"))
    return [Text("Depots " + " · ".join(depots))]


def _player_line(state: BurgundyState, p: int, player: int | None, whole: bool = False) -> Text:
    """One player in a line: points, silverlings, workers, goods (``full``: three types, so a ship
    takes only goods of these), storage, dice; ``whole``: their sold goods and bonus tiles too."""
    from rich.text import Text

    names = state.comp.kind_names
    goods = ",".join(f"{t + 1}" + (f"×{c}" if c > 1 else "") for t, c in enumerate(state.goods[p]) if c) or "-"
    full = " (full)" if sum(1 for c in state.goods[p] if c) >= 3 else ""
    who = ("▶" if p == state.cur else " ") + f"P{p + 1}" + (" you" if p == player else "")
    return Text(f"{who}: dice {_dice(state, p)} · {state.vp[p]} pts (score {state.scores()[p]:g}) · "
                f"{state.silver[p]} silver · {state.workers[p]} workers · goods {goods}{full} · storage "
                f"{','.join(names[k] for k in state.storage[p]) or '-'}" + (_sold_and_bonus(state, p) if whole else ""),
                style="bold" if p == player else "")


def _sold_and_bonus(state: BurgundyState, p: int) -> str:
    bonus = ", ".join(COLOURS[b // 2] + ("" if b % 2 else " (1st)") for b in state.bonus[p]) or "-"
    return f" · sold {_counts(state.sold[p])} · bonus {bonus}"


def _estate_lines(state: BurgundyState, p: int) -> list[Text]:
    from rich.text import Text

    return [Text(f"P{p + 1} estate (board #{state.board_ids[p]}) · {ESTATE_WORDS}", style="dim"),
            estate_text(state.boards[p], state.tiles[p], state.comp)]


def _counts(per_type: list[int]) -> str:
    return " ".join(f"{t + 1}×{c}" for t, c in enumerate(per_type) if c) or "-"


def _dice(state: BurgundyState, p: int) -> str:
    if p == state.cur and state.left is not None:
        return " ".join(map(str, state.left)) + " left" if state.left else "used"
    return " ".join(map(str, state.dice[p])) or "-"


__all__ = ["render_setup", "render_state", "render_compact", "ByWidth", "render_part", "estate_text", "kind_colour"]


def render_public(state: BurgundyState) -> Group:
    """What everyone at the table sees (a shared screen): the phase, the depots, every player's
    line and estate; the face-down goods by their count, a secret start space not at all (the
    spectator's drawing)."""
    return render_state(state, None)
