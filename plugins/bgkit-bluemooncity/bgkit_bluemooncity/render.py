"""Drawing Blue Moon City: a setup (the city as a grid to copy onto the table, then what goes beside
it; ``bgkit setup --format svg`` draws the same as a picture), and the table in play as a person sees it.

The table in play fits any terminal: it is drawn on the core's line renderable
(:class:`bgkit.api.Drawing`), the city's cells widening with the terminal up to 120 columns and
lines wrapping at spaces. Others' crystals are face down and their hands are counts; a spectator
sees no hand. Values from reconstructed tables carry the core's MARK.
"""

from __future__ import annotations

from collections import Counter


from bgkit.api import MARK, MARK_LEGEND, Drawing, plural

from bgkit_bluemooncity import codes as play
from bgkit_bluemooncity.city import CELLS, SIZE
from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.setup import count_layouts

#: How each box colour is drawn (rich drops the styles under NO_COLOR; the colour name stays).
STYLES = {
    "black": "bold",
    "red": "red",
    "blue": "blue",
    "grey": "grey62",
    "green": "green",
    "brown": "dark_orange3",
    "white": "bright_white",
    "yellow": "yellow",
    "any": "magenta",
}


def render_setup(comp: Components, setup: dict) -> Drawing:
    """The setup on the core's drawing: the terminal prints it, ``bgkit setup --format svg`` draws
    it as a picture (the city tile by tile)."""
    out = Drawing(hang=2)
    out.line("The city — north at the top, west on the left; copy it tile by tile", "bold")
    cells = {(r, c): _cell(comp, b, setup["layout"]) for r, row in enumerate(setup["city"]) for c, b in enumerate(row) if b}
    out.grid(cells, rows=SIZE, columns=SIZE, widest=20, narrowest=12)
    for line in _legend(comp, setup):
        out.line(line, "dim")
    out.line("Beside the city", "bold")
    for line in _beside(comp, setup):
        out.line(line)
    hands = [seat["hand"] for seat in setup["seats"] if "hand" in seat]
    if hands:
        _hands(out, comp, hands)
    return out


def _cell(comp: Components, building_id: str, layout: str) -> list[tuple[str, str]]:
    """A tile of the city: its name, whether it is fixed, its colour and box values."""
    building = comp.buildings[building_id]
    lines = [(building.name, "bold" if building.position else "")]
    if building.position and (layout == "standard" or building.position == "centre"):
        lines.append(("(fixed)", "dim"))
    if not building.boxes:
        return lines + [("figures start here", "dim")]
    values = "-".join(str(v) for v in building.boxes)
    mark = MARK if building.is_reconstructed("boxes") else ""
    return lines + [(f"{building.colour} {mark}{values}", STYLES.get(building.colour, ""))]


def _legend(comp: Components, setup: dict) -> list[str]:
    layouts = count_layouts(comp, setup["layout"])
    lines = [
        "Box values are printed left to right; the left-most box wins a majority tie.",
        f"{MARK} marks box values this plugin reconstructed (no source gives them): your tiles show the real ones.",
    ]
    if setup["layout"] == "standard":
        lines.append(f"Standard city: courtyard, temples and palace fixed, 16 tiles at random ({layouts:,} cities).")
    else:
        lines.append(f"Variant city: only the courtyard fixed, 20 tiles at random ({layouts:,} cities).")
    return lines


def _beside(comp: Components, setup: dict) -> list[str]:
    obelisk = setup["obelisk"]
    dealt = any("hand" in seat for seat in setup["seats"])
    lines = [
        f"Start player: Player {setup['start_player']}, then clockwise.",
        f"Offerings to win: {setup['offerings_to_win']}.",
        f"Obelisk: {len(obelisk)} boxes in use, filled bottom up, costing " + ", ".join(map(str, obelisk)) + " crystals"
        + ("; leave the two shaded outer 7 boxes empty." if len(obelisk) < len(comp.obelisk) else "."),
        "West of the city (left, level with the courtyard): the obelisk, the crystals on one side of it, "
        f"{setup['scales']} golden scales on the other; return the other scales to the box.",
        f"East of the city (right): the {len(setup['dragons'])} dragons ({', '.join(setup['dragons'])}), off the board.",
        f"Each player: figure on the courtyard, {setup['markers_per_player']} markers in front of them.",
        f"Cards: shuffle all {len(comp.deck())}, deal {setup['hand_size']} to each player; "
        f"{setup['deck']} stay face down as the deck east of the city.",
    ]
    if dealt:
        lines[-1] += " The hands dealt are below."
    return lines


def _hands(out: Drawing, comp: Components, hands: list[list[str]]) -> None:
    guessed = [p.name for p in comp.peoples.values() if p.provenance.reconstructed]
    caption = ""
    if guessed:
        caption = (
            f"The values of the {', '.join(guessed)} cards are a reconstruction (no source gives how many "
            "1s, 2s and 3s each people has), so your deck may not hold these exact cards; "
            "--data FILE loads your deck's values."
        )
    rows = []
    for seat, hand in enumerate(hands, start=1):
        counts = Counter(hand)
        shown = []
        for card_id in sorted(counts, key=comp.card_order):
            people_id, _, value = card_id.rpartition("-")
            people = comp.peoples[people_id]
            shown.append(f"{people.name} ({people.colour}) {value}" + (f" ×{counts[card_id]}" if counts[card_id] > 1 else ""))
        rows.append([f"Player {seat}", ", ".join(shown)])
    out.table(("player", "cards (people value)"), rows, title="Starting hands (show each player only their own)",
              note=caption)


# -- the table in play ---------------------------------------------------------------------------


class Render:
    """The drawing, as a mixin of the state."""

    def render(self, player: int | None) -> Drawing:
        return render_state(self, player)

    def render_compact(self, player: int) -> Drawing:
        """The table for a terminal too short for the whole drawing (the prompt's ``full`` shows it)."""
        return render_compact(self, player)


def _reward_text(reward, marked: bool) -> str:
    """``2c``, ``1s+1k+1c`` (golden scales, cards, crystals), with MARK when reconstructed."""
    bits = [f"{n}{letter}" for n, letter in ((reward.scales, "s"), (reward.cards, "k"), (reward.crystals, "c")) if n]
    return ("+".join(bits) or "-") + (MARK if marked and bits else "")


def _tile(state, cell: int, rewards: bool = True) -> list[tuple[str, str]]:
    """The lines of one tile (with a style, unused by the grid so far): name, boxes (value:holder),
    rewards (unless left out), who is there."""
    board = state.board
    building = board.building[cell]
    lines = [(building.name, "bold")]
    if not building.boxes:
        cost = state.next_cost()
        lines.append((f"courtyard: next offering {cost}" if cost is not None else "courtyard: obelisk full", "dim"))
    elif state.built[cell]:
        lines.append(("restored", "green"))
        if rewards:
            lines.append((f"near {_reward_text(building.neighbour, building.is_reconstructed('neighbour'))}", ""))
    else:
        mark = MARK if building.is_reconstructed("boxes") else ""
        boxes = " ".join(
            f"{board.box_value[b]}{mark}:" + (f"P{state.owner[b] + 1}" if state.owner[b] >= 0 else "-")
            for b in board.cell_boxes[cell]
        )
        lines.append((f"{building.colour} {boxes}", STYLES.get(building.colour, "")))
    if building.boxes and not state.built[cell] and rewards:
        lines.append((
            f"most {_reward_text(building.majority, building.is_reconstructed('majority'))}"
            f" all {_reward_text(building.every, building.is_reconstructed('every'))}"
            f" near {_reward_text(building.neighbour, building.is_reconstructed('neighbour'))}",
            "dim",
        ))
    here = [f"P{p + 1}" for p in range(state.num_players) if state.pos[p] == cell]
    here += [f"{name} dragon" for name, where in zip(board.dragons, state.dragons) if where == cell]
    if here:
        lines.append((" ".join(here), "bold"))
    return lines


def _players(state, viewer: int | None) -> str:
    """One aligned line per player."""
    board = state.board
    rows = [("player", "at", "markers", "offered", "crystals", "scales", "hand", "rewards")]
    for p in range(state.num_players):
        me = p == viewer
        who = f"P{p + 1}" + (" you" if me else "") + (" ◀" if p == state.active and not state.ended else "")
        owed = state.owed_old[p] + state.owed_new[p]
        rows.append((who, board.building[state.pos[p]].name, str(state.free[p]), f"{state.offerings[p]}/{state.target}",
                     str(state.crystals[p]) if me or state.ended else "hidden", str(state.scales[p]),
                     str(state.hands[p].size), f"{owed} down" if owed else "-"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(row[i].ljust(widths[i]) if i < 2 else row[i].rjust(widths[i]) for i in range(len(row))).rstrip()
        for row in rows
    )


def _hand(state, p: int) -> str:
    kinds = state.board.kinds
    shown = []
    for k, n in enumerate(state.hands[p].counts):
        if n:
            mark = MARK if kinds.reconstructed[kinds.colour[k]] else ""
            power = kinds.words(k, state.board.dragons).partition(": ")[2]
            shown.append(f"{kinds.all[k].id}{mark}" + (f" ×{n}" if n > 1 else "") + (f" ({power})" if power else ""))
    return f"Your hand ({state.hands[p].size}): " + (", ".join(shown) or "no cards")


def _deciding(state) -> str:
    """What the player to move is in the middle of deciding, in words."""
    board = state.board
    kinds = board.kinds
    top = state.pending.top()
    who = f"P{state.active + 1}"
    if top is None:
        done = f" (discarded {state.discarded})" if state.stage == play.S_DISCARD and state.discarded else ""
        return f"{who}: {play.STAGE_NAMES[state.stage]}{done}"
    if top[0] == play.F_PAY:
        _, box, colour, need, recolour, anyone = top
        where = board.building[board.box_cell[box]].name
        allowed = [f"{n} {kinds.colour_names[c]}" for c, n in enumerate(recolour) if n]
        allowed += [f"{anyone} of any colour"] if anyone else []
        more = f"; may count as {kinds.colour_names[colour]}: " + ", ".join(allowed) if allowed else ""
        return (f"{who} pays box {board.box_number(box)} of the {where} ({kinds.colour_names[colour]} "
                f"{board.box_value[box]}): {need} still to pay{more}")
    if top[0] == play.F_COLOUR:
        return f"{who}: which colour pays box {board.box_number(top[1])} of the {board.building[board.box_cell[top[1]]].name}?"
    kind = kinds.all[top[1]]
    if top[0] == play.F_DRAGON:
        return f"{who} played {kind.id}: where does the {board.dragons[kind.dragon]} dragon go?"
    return f"{who} played {kind.id}: where does their figure go?"


def result_text(state) -> str:
    from bgkit_bluemooncity.scoring import score_sheet

    result = score_sheet(state.comp, state.sheet())
    winners = ", ".join(result.names[w] for w in result.winners) or "nobody"
    return f"Game over ({state.ended}): winner {winners}: {result.decided_by}"


def render_state(state, player: int | None) -> Drawing:
    """The table as ``player`` sees it (None: a spectator, who sees no hand)."""
    board = state.board
    out = Drawing(hang=0)
    out.line(f"Blue Moon City — turn {state.turns + 1}, order " + " → ".join(f"P{p + 1}" for p in state.order)
             + f" · {state.target} offerings win", "bold")
    out.grid({rc: _tile(state, cell) for cell, rc in enumerate(CELLS)}, rows=SIZE, columns=SIZE, widest=24, narrowest=12)
    owners = [f"{v}:P{state.obelisk_owners[i] + 1}" if i < len(state.obelisk_owners) else f"{v}:-"
              for i, v in enumerate(state.obelisk)]
    dragons = ", ".join(f"{name} {board.ids[where] if where >= 0 else 'off the board'}"
                        for name, where in zip(board.dragons, state.dragons))
    out.line("\n".join([
        "Obelisk, bottom up: " + " ".join(owners),
        f"Golden scales in the supply: {state.supply} of {state.in_play}. Dragons: {dragons}.",
        f"Deck {plural(state.deck.size, 'card')}, discard pile {state.discard.size}"
        + (f", {state.pool.size} set aside for reward cards" if state.pool.size else "") + ".",
        "Tiles: box value:who holds it; most = majority reward, all = every contributor, near = what a restored "
        "tile gives its neighbours' contributors; c crystals, s golden scales, k cards.",
    ]), "dim")
    out.line(_players(state, player))
    if player is not None:
        out.line(_hand(state, player))
    out.line(result_text(state) if state.ended else _deciding(state), "bold")
    out.line(MARK_LEGEND, "dim")
    return out


def render_compact(state, player: int) -> Drawing:
    """The table in about 30 lines, for a terminal the full drawing does not fit: the tiles without
    their rewards, the players, one's own hand, the decision (``full`` at the prompt draws all)."""
    out = Drawing(hang=0)
    out.line(f"Blue Moon City — turn {state.turns + 1} · {state.target} offerings win · next offering "
             f"{state.next_cost()} · scales in the supply {state.supply} — type full for the whole table", "bold")
    out.grid({rc: _tile(state, cell, rewards=False) for cell, rc in enumerate(CELLS)}, rows=SIZE, columns=SIZE, widest=24, narrowest=12)
    out.line(_players(state, player))
    out.line(_hand(state, player))
    out.line(result_text(state) if state.ended else _deciding(state), "bold")
    out.line(MARK_LEGEND, "dim")
    return out
