"""Drawing Blue Moon City's table in play as a person sees it (the spec's display).

The table fits any terminal: it is drawn on the core's line renderable (:class:`bgkit.api.Drawing`),
the city's cells widening with the terminal up to 120 columns and lines wrapping at spaces. Where
the whole drawing does not fit (80×24), ``render_compact`` gives the person's own position first in
a dozen lines and ``render_part`` the city (``board``), their hand with its powers (``hand``) and
the other players (``others``). Others' crystals are face down and their hands are counts; a
spectator sees no hand. Values from reconstructed tables carry the core's MARK.
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


#: A tile's rewards by their data names, in the order drawn: the majority's, every contributor's, the neighbours'.
REWARDS = ("majority", "every", "neighbour")


def _reward_text(reward: Reward, marked: bool) -> str:
    """``2c``, ``1s+1k+1c`` (golden scales, cards, crystals), with MARK when reconstructed."""
    bits = [f"{n}{letter}" for n, letter in ((reward.scales, "s"), (reward.cards, "k"), (reward.crystals, "c")) if n]
    return ("+".join(bits) or "-") + (MARK if marked and bits else "")


def _tile(state: BlueMoonState, cell: int, rewards: bool = True, terse: bool = False) -> list[tuple[str, str]]:
    """The lines of one tile (with a style, unused by the grid so far): name and the figures on it,
    boxes (value:holder), rewards (unless left out; ``terse``: ``2c* | 1c* | 3c``, most | all |
    near, to fit a grid cell's line), the dragons on it."""
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
        boxes = mark + " ".join(  # marked once, before the values, as the setup's drawing does
            f"{board.box_value[b]}:" + (f"P{state.owner[b] + 1}" if state.owner[b] >= 0 else "-")
            for b in board.cell_boxes[cell]
        )
        lines.append((f"{building.colour} {boxes}", STYLES.get(building.colour, "")))
    if building.boxes and not state.built[cell] and rewards:
        parts = (building.majority, building.every, building.neighbour)
        texts = [_reward_text(reward, building.is_reconstructed(part)) for reward, part in zip(parts, REWARDS)]
        said = " | ".join(texts) if terse else " ".join(f"{word} {text}" for word, text in zip(("most", "all", "near"), texts))
        lines.append((said, "dim"))
    figures = [f"P{p + 1}" for p in range(state.num_players) if state.pos[p] == cell]
    if figures:  # on the name's line: a grid row a line shorter
        lines[0] = (f"{building.name} ({' '.join(figures)})", "bold")
    dragons = [f"{name} dragon" for name, where in zip(board.dragons, state.dragons) if where == cell]
    if dragons:
        lines.append((" ".join(dragons), "bold"))
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


#: What a person may do at each stage of a turn (the choices list the moves).
STAGE_HINTS = {
    codes.S_MOVE: "moves: walk up to 2 tiles, or stay",
    codes.S_POWERS: "may discard dragon or Flit cards for their powers, then done",
    codes.S_CONTRIBUTE: "contributes: pays a box of this tile, or offers at the courtyard; done ends it",
    codes.S_DISCARD: "may discard up to 2 cards{done}, then draws 2 and one more per card discarded",
}


def _deciding(state: BlueMoonState) -> str:
    """What the player to move is in the middle of deciding, in words."""
    board = state.board
    kinds = board.kinds
    top = state.pending.top()
    who = f"P{state.order[state.turn] + 1}"
    if top is None:
        done = f" (discarded {state.discarded})" if state.stage == codes.S_DISCARD and state.discarded else ""
        hint = STAGE_HINTS.get(state.stage)
        return f"{who} {hint.format(done=done)}" if hint else f"{who}: {codes.STAGE_NAMES[state.stage]}"
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
    out = Drawing(hang=0)
    out.line(f"Blue Moon City — turn {state.turns + 1}, order " + " → ".join(f"P{p + 1}" for p in state.order)
             + f" · {state.target} offerings win", "bold")
    _city(out, state)
    out.line(_players(state, player))
    if player is not None:
        out.line(_hand(state, player))
    out.line(result_text(state) if state.ended else _deciding(state), "bold")
    out.line(MARK_LEGEND, "dim")
    return out


def _city(out: Drawing, state: BlueMoonState) -> None:
    """The shared table: the city tile by tile, the obelisk, the supply, the dragons, the cards."""
    board = state.board
    out.grid({rc: _tile(state, cell, terse=True) for cell, rc in enumerate(CELLS)}, rows=SIZE, columns=SIZE, widest=24,
             narrowest=12)
    owners = [f"{v}:P{state.obelisk_owners[i] + 1}" if i < len(state.obelisk_owners) else f"{v}:-"
              for i, v in enumerate(state.obelisk)]
    dragons = ", ".join(f"{name} {board.building[where].name if where >= 0 else 'off'}"
                        for name, where in zip(board.dragons, state.dragons))
    out.line("\n".join([
        "Obelisk, bottom up: " + " ".join(owners),
        f"Golden scales in the supply {state.supply} of {state.in_play} · dragons: {dragons} · deck {state.deck.size} · "
        f"discard {state.discard.size}" + (f" · {state.pool.size} set aside for reward cards" if state.pool.size else ""),
        "Tiles: box value:holder; rewards most | all | near (for neighbours once restored); c crystals, s golden scales, "
        "k cards.",
    ]), "dim")


def render_compact(state: BlueMoonState, player: int) -> Drawing:
    """The table in a dozen lines, for a terminal the full drawing does not fit (80×24), most
    needed first (the core cuts the rest): the turn and the obelisk, one's own line, hand and
    decision, the tile one stands on and the tiles next to it with their boxes, the other players,
    the dragons. ``board``, ``hand``, ``others`` and ``full`` at the prompt show the rest."""
    out = Drawing(hang=2)
    for line in compact_lines(state, player):
        out.line(line)
    return out


def compact_lines(state: BlueMoonState, player: int) -> list[str]:
    """The compact drawing's lines, most needed first (see :func:`render_compact`)."""
    board = state.board
    cost = _rules.next_cost(state)
    lines = [f"Turn {state.turns + 1} · order " + " → ".join(f"P{p + 1}" for p in state.order)
             + f" · {state.target} offerings win · obelisk next {cost if cost is not None else 'full'}"
             + f" · {state.supply} scales left · deck {state.deck.size}",
             _seat_line(state, player, player), _hand_short(state, player),
             result_text(state) if state.ended else "Now: " + _deciding(state),
             _here(state, player)]
    lines += [_seat_line(state, q, player) for q in _others(state, player)]
    lines.append("Dragons: " + " · ".join(f"{name} {_where(state, cell)}" for name, cell in zip(board.dragons, state.dragons)))
    lines.append(f"{MARK} reconstructed value · type full for the whole table")
    return lines


def _others(state: BlueMoonState, player: int) -> list[int]:
    """The other seats, in turn order from ``player``'s."""
    n = state.num_players
    return [(player + i) % n for i in range(1, n)]


def _where(state: BlueMoonState, cell: int) -> str:
    return "off the board" if cell < 0 else state.board.building[cell].name


def _seat_line(state: BlueMoonState, q: int, viewer: int | None) -> str:
    """One seat in a line: where its figure is, its markers, offerings, crystals (hidden from the
    others until the end), golden scales, hand size and reward cards owed."""
    to_move = q == state.order[state.turn] and not state.ended
    owed = state.owed_old[q] + state.owed_new[q]
    parts = [f"P{q + 1}" + (" you" if q == viewer else "") + (" ◀" if to_move else "") + f" {_where(state, state.pos[q])}",
             plural(state.free[q], "marker"), f"offered {state.offerings[q]}/{state.target}",
             plural(state.crystals[q], "crystal") if q == viewer or state.ended else "crystals hidden",
             plural(state.scales[q], "scale"), plural(state.hands[q].size, "card")]
    if owed:
        parts.append(f"{plural(owed, 'reward card')} to take")
    return " · ".join(parts)


def _hand_short(state: BlueMoonState, p: int) -> str:
    """``Hand (7): black vulca-1* vulca-3*×2 · blue aqua-1* …``: the cards by colour, as one types them."""
    kinds = state.board.kinds
    groups: dict[int, list[str]] = {}
    for k, n in enumerate(state.hands[p].counts):
        if n:
            mark = MARK if kinds.reconstructed[kinds.colour[k]] else ""
            groups.setdefault(kinds.colour[k], []).append(f"{kinds.all[k].id}{mark}" + (f"×{n}" if n > 1 else ""))
    shown = [f"{kinds.colour_names[c]} " + " ".join(ids) for c, ids in sorted(groups.items())]
    return f"Hand ({state.hands[p].size}): " + (" · ".join(shown) or "no cards")


def _tile_short(state: BlueMoonState, cell: int, rewards: bool = False) -> str:
    """A tile in a line: its name, then what :func:`_tile` draws under it, a ``·`` apart."""
    name, *rest = (text for text, _ in _tile(state, cell, rewards))
    return " · ".join([name, *rest])


def _here(state: BlueMoonState, p: int) -> str:
    """The tile ``p`` stands on (with its rewards) and the tiles next to it (without)."""
    cell = state.pos[p]
    near = " | ".join(_tile_short(state, n) for n in state.board.neighbours[cell])
    return f"Here: {_tile_short(state, cell, rewards=True)} — next to it: {near}"


def render_part(state: BlueMoonState, player: int, word: str) -> Drawing | None:
    """``board``: the city with its rewards, the obelisk, the supply and the deck; ``hand``:
    ``player``'s line, hand with the cards' powers and the tiles around them; ``others``: the other
    players' lines (their crystals hidden, their hands as counts)."""
    out = Drawing(hang=2)
    if word == "board":
        _city(out, state)
    elif word == "hand":
        for line in (_seat_line(state, player, player), _hand(state, player), _here(state, player)):
            out.line(line)
    elif word == "others":
        for q in _others(state, player):
            out.line(_seat_line(state, q, player))
    else:
        return None
    return out


def render_public(state: BlueMoonState) -> Drawing:
    """What everyone at the table sees (a shared screen): the city, the obelisk, the supply and the
    deck by its count, each player's line with the hand's size and crystals hidden until the end
    (the spectator's drawing: no hand)."""
    return render_state(state, None)
