"""Drawing the table in play with rich (the play half's ``Display``): the round, the row, a line
per bridge and what is being decided, for one seat or for everyone; how a setup is drawn is
:mod:`bgkit_bridgetroll.render`, the table half's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import MARK, MARK_LEGEND, plural

from bgkit_bridgetroll import codes as S
from bgkit_bridgetroll.bids import CLOSE, amount
from bgkit_bridgetroll.render import card_text, colour_keys, marked
from bgkit_bridgetroll.travellers import targets

if TYPE_CHECKING:  # rich is imported where a drawing is made
    from rich.console import Group, RenderableType
    from rich.text import Text

    from bgkit_bridgetroll.state import TrollState


def render_state(state: TrollState, player: int | None) -> Group:
    """The table as ``player`` sees it (None: what everyone sees): the round, the row and the
    upgrade on offer, then a line per bridge (stones, points, the two sides with their totals,
    hand, bid and trophy), then what is being decided. Reconstructed values carry the mark, and
    its legend closes the drawing. Only what ``player`` may see is drawn: the face-down traveller
    by name only if they looked at it, the others' bids as sealed until the reveal."""
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text
    comp = state.comp
    t = state.t
    n = state.num_players
    keys = colour_keys(t.colours)
    schedule = comp.schedules[n]
    sched_mark = "" if comp.provenance["schedules"].confirmed else MARK
    head = f"Bridge Troll, round {state.round} · start player P{state.start + 1}"
    if state.weather >= 0:
        weather = t.weathers[state.weather]
        mark = "" if weather in schedule.confirmed_values else sched_mark
        head += f" · {weather}: {state.k}{mark} travellers"
    head += f" · deck {plural(state.deck.size - (1 if state.fd == S.HIDDEN else 0), 'card')}"
    parts: list[RenderableType] = [Text(head, style="bold")]
    if state.stage == S.S_OVER:
        parts.append(Text("The game is over: the deck cannot supply a round's travellers."))
    row_items = [escape(card_text(comp, x)) for x in state.row]
    if state.fd != S.NONE:
        if state.fd >= 0 and player is not None and state.seen >> player & 1:
            row_items.insert(0, f"face down: {escape(card_text(comp, state.fd))}, you looked")
        else:
            peekers = [f"P{q + 1}" for q in range(n) if state.seen >> q & 1]
            row_items.insert(0, "face down" + (f" (seen by {', '.join(peekers)})" if peekers else ""))
    parts.append(Text.from_markup("Row: " + (" · ".join(row_items) if row_items else "empty")))
    cost_mark = "" if comp.provenance["upgrade_costs"].confirmed else MARK
    pool = " ".join(f"{keys[c]}{k}" for c, k in enumerate(state.pool) if k) or "empty"
    offer = (
        f"Upgrade on offer: {state.pile[0]} for {comp.upgrade_costs[state.pile[0]]}{cost_mark} points "
        f"(scores {state.pile[0] + 1}), {len(state.pile)} left"
        if state.pile else "Upgrade pile: empty"
    )
    parts.append(Text(f"{offer} · pool stones {pool} ({', '.join(f'{k} {c}' for k, c in zip(keys, t.colours))})"))
    table = Table(pad_edge=False, expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("stones", max_width=16)
    table.add_column("points", justify="right", no_wrap=True)
    table.add_column("bid", max_width=16)
    table.add_column("travellers: food side, toll side, hand", overflow="fold")
    for q in range(n):
        name = f"P{q + 1}" + (" you" if q == player else "")
        stones = " ".join(f"{keys[c]}{k}" for c, k in enumerate(state.stones[q]) if k) or "none"
        points = str(state.vp[q] + sum(state.ups[q]) + len(state.ups[q]))
        if state.ups[q]:
            points += f"\nup {' '.join(map(str, sorted(state.ups[q])))}"
        lines = []
        for cards, values, area in ((state.food[q], t.food, "food"), (state.toll[q], t.toll, "toll")):
            if cards:
                shown = ", ".join(card_text(comp, x, area) for x in cards)
                lines.append(f"{area}: {shown} = {sum(values[x] for x in cards)}")
        if state.hand[q]:
            lines.append("hand: " + ", ".join(t.names[x] for x in state.hand[q]))
        table.add_row(name, stones, points, _bid_shown(state, q, player, keys), "\n".join(lines))
    parts.append(table)
    parts.append(Text(_now(state, player)))
    if not all(p.confirmed for p in comp.provenance.values()):
        parts.append(Text(MARK_LEGEND, style="dim"))
    return Group(*parts)


def _bid_shown(state: TrollState, q: int, player: int | None, keys: tuple[str, ...]) -> str:
    bid = state.bids[q]
    if bid is None:
        return "-" if state.stage == S.S_BID else ""
    if state.stage == S.S_BID:
        return state.action_text(bid) if q == player else "sealed"
    if bid[0] == CLOSE:
        return "closed"
    on = " ".join(f"{keys[c]}{k}" for c, k in enumerate(state.bridge[q]) if k)
    trophy = state.comp.trophies[state.order.index(q)] + ", " if q in state.order else ""
    return f"{trophy}bid {amount(bid)}" + (f": {on}" if on else "")


def _now(state: TrollState, player: int | None) -> str:
    """What is being decided, in words."""

    t = state.t
    if state.stage == S.S_OVER:
        return "Final scores: points + upgrade values + 1 per upgrade card."
    if state.cur < 0 and state.stage != S.S_OVER:
        return f"Now: {state.chance_label()}."
    who = f"P{state.cur + 1}"
    top = state.pending.top()
    if top is not None:
        code = top[0]
        if code == S.P_SCORE:
            _, sel_food, sel_toll, boost, converted, bought = top
            if converted:
                done = "converted" + (", bought an upgrade" if bought else "")
                return f"Now: {who} scores ({done}): buy the top upgrade or end."
            chosen = [f"food {t.titles[x]}" for x in sel_food] + [f"toll {t.titles[x]}" for x in sel_toll]
            food = sum(t.food[x] for x in sel_food)
            gold = sum(t.toll[x] for x in sel_toll)
            extra = f", {len(boost)} stones to add" if boost else ""
            closed = " (closed bridge: 2 stones = 1 point on the smaller side)" if state.cur in state.closed else ""
            return (f"Now: {who} scores{closed}: spending {', '.join(chosen) or 'nothing yet'} "
                    f"(food {food}, gold {gold}{extra}); convert, buy the top upgrade, or end.")
        if code == S.P_HAZARD:
            value, found = targets(t, t.effect[top[1]], state.food[state.cur], state.toll[state.cur])
            lost = " or ".join(t.titles[x] for _, x in found)
            return (f"Now: the {t.titles[top[1]]} takes {who}'s {lost} (worth {value}): lose it, defend with "
                    f"{value} stones, or use a Garlic Merchant.")
        if code == S.P_PAY:
            return f"Now: {who} pays {top[1]} more stones, any colours."
        if code == S.P_GOAT:
            x = top[1]
            return (f"Now: the {t.titles[x]} at {who}'s bridge: fight with {t.goat_stones[x]} stones of different "
                    f"colours (+{t.goat_reward[x]} points) or yield (-{t.goat_damage[x]} points, the goat goes back "
                    "into the deck).")
        if code == S.P_THROW:
            return f"Now: {who} throws {top[1]} more stones, each a colour not thrown yet."
        if code == S.P_SELL:
            return f"Now: {who} turns an upgrade back into points to pay the goat's {top[2]}."
        if code == S.P_TAKE:
            return f"Now: {who} takes {top[1]} more stones."
        if code == S.P_PLACE:
            return f"Now: {who} took the face-down {t.titles[top[1]]}: eat it or rob it."
    if state.stage == S.S_BID:
        return f"Now: {who} bids in secret (stones of one colour, of several with a Jester; close bids nothing)."
    if state.stage == S.S_PICK:
        return f"Now: {who} ({state.comp.trophies[state.order.index(state.cur)]}) picks a traveller; no passing."
    if state.stage == S.S_PILES:
        return f"Now: {who} takes the bid stones of one bridge."
    if state.stage == S.S_WINDOW:
        return f"Now: {who} may play a special before the bids."
    return ""


def render_compact(state: TrollState, player: int | None) -> Text:
    """The table in a few lines, for a terminal the full drawing does not fit: the round, the row
    by the names one types (with gold/food), then a line per bridge: stones, points, bid and
    trophy, each side's cards and total, the hand; then what is being decided. ``full`` at the
    prompt shows the full drawing."""
    from rich.text import Text

    return Text("\n".join(compact_lines(state, player)))


def render_part(state: TrollState, player: int | None, word: str) -> Text | None:
    """``board``: the round, the row and what is being decided; ``hand``: ``player``'s bridge;
    ``others``: the other bridges (each a line of :func:`render_compact`)."""
    from rich.text import Text

    lines, n = compact_lines(state, player), state.num_players
    bridges = lines[2:2 + n]
    if word == "board":
        return Text("\n".join(lines[:2] + lines[2 + n:]))
    if word in ("hand", "others") and player is not None:
        return Text("\n".join(line for q, line in enumerate(bridges) if (q == player) == (word == "hand")))
    return None


def compact_lines(state: TrollState, player: int | None) -> list[str]:
    """The compact drawing's lines: the round, the row, a line per bridge, what is being decided (and the mark's legend)."""
    comp = state.comp
    t = state.t
    keys = colour_keys(t.colours)
    lines = [f"Round {state.round} · start P{state.start + 1}"
             + (f" · {t.weathers[state.weather]}: {state.k} travellers" if state.weather >= 0 else "")
             + f" · deck {state.deck.size - (1 if state.fd == S.HIDDEN else 0)}"
             + (f" · upgrade {state.pile[0]} for {comp.upgrade_costs[state.pile[0]]}"
                + ("" if comp.provenance["upgrade_costs"].confirmed else MARK) if state.pile else "")]
    row = []
    if state.fd != S.NONE:
        known = state.fd >= 0 and player is not None and state.seen >> player & 1
        row.append(f"face-down={t.names[state.fd]}" if known else "face-down")
    for x in state.row:
        card = comp.travellers[x]
        food = marked(comp, card, "food", card.food)
        worth = (f" {marked(comp, card, 'toll', card.toll)}g/{food}f" if card.kind == "normal"
                 else f" {food}f" if card.kind in ("royal", "special") else "")
        row.append(f"{t.names[x]}{worth}")
    lines.append("Row: " + (", ".join(row) or "empty"))
    for q in range(state.num_players):
        stones = " ".join(f"{keys[c]}{k}" for c, k in enumerate(state.stones[q]) if k) or "no stones"
        points = state.vp[q] + sum(state.ups[q]) + len(state.ups[q])
        parts = [f"P{q + 1}{' you' if q == player else ''}", stones, f"{points} pts"]
        bid = _bid_shown(state, q, player, keys)
        if bid:
            parts.append(bid)
        for cards, values, area in ((state.food[q], t.food, "food"), (state.toll[q], t.toll, "toll")):
            if cards:
                parts.append(f"{area} {sum(values[x] for x in cards)}: {' '.join(t.names[x] for x in cards)}")
        if state.hand[q]:
            parts.append("hand: " + " ".join(t.names[x] for x in state.hand[q]))
        lines.append(" · ".join(parts))
    lines.append(_now(state, player))
    if not all(p.confirmed for p in comp.provenance.values()):
        lines.append(f"{MARK} reconstructed · type full for the whole table")
    return lines


def render_public(state: TrollState) -> Group:
    """What everyone at the table sees (a shared screen): the round, the row, every bridge, the
    bids as sealed, the face-down traveller as a back (the spectator's drawing)."""
    return render_state(state, None)
