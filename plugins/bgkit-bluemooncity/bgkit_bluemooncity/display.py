"""Drawing Blue Moon City's table in play as a person sees it (the spec's display).

The table fits any terminal: it is drawn on the core's line renderable (:class:`bgkit.api.Drawing`),
the city's cells widening with the terminal up to 120 columns and lines wrapping at spaces. Others'
crystals are face down and their hands are counts; a spectator sees no hand. Values from
reconstructed tables carry the core's MARK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import MARK, MARK_LEGEND, Drawing, plural

from bgkit_bluemooncity import codes
from bgkit_bluemooncity import rules as _rules
from bgkit_bluemooncity.city import CELLS, SIZE
from bgkit_bluemooncity.data import Reward
from bgkit_bluemooncity.render import STYLES

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState


def _reward_text(reward: Reward, marked: bool) -> str:
    """``2c``, ``1s+1k+1c`` (golden scales, cards, crystals), with MARK when reconstructed."""
    bits = [f"{n}{letter}" for n, letter in ((reward.scales, "s"), (reward.cards, "k"), (reward.crystals, "c")) if n]
    return ("+".join(bits) or "-") + (MARK if marked and bits else "")


def _tile(state: BlueMoonState, cell: int, rewards: bool = True) -> list[tuple[str, str]]:
    """The lines of one tile (with a style, unused by the grid so far): name, boxes (value:holder),
    rewards (unless left out), who is there."""
    board = state.board
    building = board.building[cell]
    lines = [(building.name, "bold")]
    if not building.boxes:
        cost = _rules.next_cost(state)
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


def _players(state: BlueMoonState, viewer: int | None) -> str:
    """One aligned line per player."""
    board = state.board
    rows = [("player", "at", "markers", "offered", "crystals", "scales", "hand", "rewards")]
    for p in range(state.num_players):
        me = p == viewer
        who = f"P{p + 1}" + (" you" if me else "") + (" ◀" if p == state.order[state.turn] and not state.ended else "")
        owed = state.owed_old[p] + state.owed_new[p]
        rows.append((who, board.building[state.pos[p]].name, str(state.free[p]), f"{state.offerings[p]}/{state.target}",
                     str(state.crystals[p]) if me or state.ended else "hidden", str(state.scales[p]),
                     str(state.hands[p].size), f"{owed} down" if owed else "-"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(row[i].ljust(widths[i]) if i < 2 else row[i].rjust(widths[i]) for i in range(len(row))).rstrip()
        for row in rows
    )


def _hand(state: BlueMoonState, p: int) -> str:
    kinds = state.board.kinds
    shown = []
    for k, n in enumerate(state.hands[p].counts):
        if n:
            mark = MARK if kinds.reconstructed[kinds.colour[k]] else ""
            power = kinds.words(k, state.board.dragons).partition(": ")[2]
            shown.append(f"{kinds.all[k].id}{mark}" + (f" ×{n}" if n > 1 else "") + (f" ({power})" if power else ""))
    return f"Your hand ({state.hands[p].size}): " + (", ".join(shown) or "no cards")


def _deciding(state: BlueMoonState) -> str:
    """What the player to move is in the middle of deciding, in words."""
    board = state.board
    kinds = board.kinds
    top = state.pending.top()
    who = f"P{state.order[state.turn] + 1}"
    if top is None:
        done = f" (discarded {state.discarded})" if state.stage == codes.S_DISCARD and state.discarded else ""
        return f"{who}: {codes.STAGE_NAMES[state.stage]}{done}"
    if top[0] == codes.F_PAY:
        _, box, colour, need, recolour, anyone = top
        where = board.building[board.box_cell[box]].name
        allowed = [f"{n} {kinds.colour_names[c]}" for c, n in enumerate(recolour) if n]
        allowed += [f"{anyone} of any colour"] if anyone else []
        more = f"; may count as {kinds.colour_names[colour]}: " + ", ".join(allowed) if allowed else ""
        return (f"{who} pays box {board.box_number(box)} of the {where} ({kinds.colour_names[colour]} "
                f"{board.box_value[box]}): {need} still to pay{more}")
    if top[0] == codes.F_COLOUR:
        return f"{who}: which colour pays box {board.box_number(top[1])} of the {board.building[board.box_cell[top[1]]].name}?"
    kind = kinds.all[top[1]]
    if top[0] == codes.F_DRAGON:
        return f"{who} played {kind.id}: where does the {board.dragons[kind.dragon]} dragon go?"
    return f"{who} played {kind.id}: where does their figure go?"


def result_text(state: BlueMoonState) -> str:
    from bgkit_bluemooncity.scoring import score_sheet

    result = score_sheet(state.comp, _rules.sheet(state))
    winners = ", ".join(result.names[w] for w in result.winners) or "nobody"
    return f"Game over ({state.ended}): winner {winners}: {result.decided_by}"


def render_state(state: BlueMoonState, player: int | None) -> Drawing:
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


def render_compact(state: BlueMoonState, player: int) -> Drawing:
    """The table in about 30 lines, for a terminal the full drawing does not fit: the tiles without
    their rewards, the players, one's own hand, the decision (``full`` at the prompt draws all)."""
    out = Drawing(hang=0)
    out.line(f"Blue Moon City — turn {state.turns + 1} · {state.target} offerings win · next offering "
             f"{_rules.next_cost(state)} · scales in the supply {state.supply} — type full for the whole table", "bold")
    out.grid({rc: _tile(state, cell, rewards=False) for cell, rc in enumerate(CELLS)}, rows=SIZE, columns=SIZE, widest=24, narrowest=12)
    out.line(_players(state, player))
    out.line(_hand(state, player))
    out.line(result_text(state) if state.ended else _deciding(state), "bold")
    out.line(MARK_LEGEND, "dim")
    return out


def render_public(state: BlueMoonState) -> Drawing:
    """What everyone at the table sees (a shared screen): the city, the obelisk, the supply and the
    deck by its count, each player's line with the hand's size and crystals hidden until the end
    (the spectator's drawing: no hand)."""
    return render_state(state, None)
