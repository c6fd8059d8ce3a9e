"""A bot's move said as an instruction for the people at a real table (``--chance table``).

``instruction(state, player, action)`` is the play half's ``Wording``: the words after the seat's
name (``P2 (greedy) puts its Vulca 3 card (black) on the discard pile: box 2 of the Fire Temple is
paid, put a P2 marker on it``), read from the state just before the move. What the move does on
the table besides (a marker placed, a tile restored, crystals, golden scales and reward cards
gained, an offering at the obelisk) is found by playing the move on a copy of the state and said
after it, so the people move every piece the program moved. A card drawn is asked for afterwards,
by whose draw it is (the chance question names the seat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from bgkit.api import plural

from bgkit_bluemooncity.board import ANY_COLOUR
from bgkit_bluemooncity.codes import (
    BOX, COLOUR, DISCARD, DONE, DRAW, END, EXTRA_DRAWS, F_DRAGON, F_PAY, GO, OFF, OFFER, PAIR_CARDS, PAY, PILLAR,
    RECOLOUR, TO, USE, WILD_CARD, Action,
)

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState


def _card(s: BlueMoonState, k: int) -> str:
    """``Vulca 3 card (black)``: a card as the people find it in a hand."""
    kind = s.board.kinds.all[k]
    return f"{kind.name} {kind.value} card ({s.board.kinds.colour_names[kind.colour]})"


def _tile(s: BlueMoonState, cell: int) -> str:
    return "the " + s.board.building[cell].name


def _box(s: BlueMoonState, box: int) -> str:
    board = s.board
    return f"box {board.box_number(box)} of {_tile(s, board.box_cell[box])}"


def _go(s: BlueMoonState, a: Action) -> str:
    here = s.pos[s.cur]
    if a[1] == here:
        return f"stays on {_tile(s, here)}"
    return f"moves its figure from {_tile(s, here)} to {_tile(s, a[1])}"


def _use(s: BlueMoonState, a: Action) -> str:
    power = s.board.kinds.words(a[1], s.board.dragons).partition(": ")[2]
    return f"puts its {_card(s, a[1])} on the discard pile for its power: {power}"


def _to(s: BlueMoonState, a: Action) -> str:
    top = s.pending.top()
    if top is not None and top[0] == F_DRAGON:
        dragon = s.board.dragons[s.board.kinds.all[top[1]].dragon]
        return f"takes the {dragon} dragon off the board" if a[1] == OFF else f"moves the {dragon} dragon to {_tile(s, a[1])}"
    return f"moves its figure to {_tile(s, a[1])}"


def _box_chosen(s: BlueMoonState, a: Action) -> str:
    board, b = s.board, a[1]
    colour = board.box_colour[b]
    name = "any colour" if colour == ANY_COLOUR else board.kinds.colour_names[colour]
    return f"contributes to {_box(s, b)} ({name}, {board.box_value[b]}): it pays with cards next"


def _colour(s: BlueMoonState, a: Action) -> str:
    top = s.pending.top()
    which = _box(s, top[1]) if top is not None else "the box"
    return f"pays {which} in {s.board.kinds.colour_names[a[1]]}"


def _paying(s: BlueMoonState) -> str:
    """`` towards box 2 of the Fire Temple``, while a payment is under way."""
    top = s.pending.top()
    return f" towards {_box(s, top[1])}" if top is not None and top[0] == F_PAY else ""


def _pay(s: BlueMoonState, a: Action) -> str:
    top, kinds = s.pending.top(), s.board.kinds
    counted = ""
    if top is not None and top[0] == F_PAY and kinds.colour[a[1]] != top[2]:
        counted = f", counted as {kinds.colour_names[top[2]]}"
    return f"puts its {_card(s, a[1])} on the discard pile{counted}{_paying(s)}"


def _pair(s: BlueMoonState, a: Action) -> str:
    kinds = s.board.kinds
    values = " and ".join(str(kinds.value[k]) for k in a[1:])
    return f"puts two {kinds.all[a[1]].name} cards ({values}) on the discard pile as one wild 3{_paying(s)}"


def _recolour(s: BlueMoonState, a: Action) -> str:
    kinds = s.board.kinds
    said = "one card counts" if a[2] < 0 else f"up to 4 {kinds.colour_names[a[2]]} cards count"
    return f"puts its {_card(s, a[1])} on the discard pile: {said} as the box's colour{_paying(s)}"


WORDS: dict[int, Callable[[BlueMoonState, Action], str]] = {
    GO: _go,
    USE: _use,
    TO: _to,
    DONE: lambda s, a: "ends its movement: it contributes next",
    BOX: _box_chosen,
    COLOUR: _colour,
    PAY: _pay,
    WILD_CARD: lambda s, a: f"puts its {_card(s, a[1])} on the discard pile as a wild card{_paying(s)}",
    PAIR_CARDS: _pair,
    RECOLOUR: _recolour,
    OFFER: lambda s, a: "makes an offering at the obelisk",
    PILLAR: lambda s, a: f"puts its {_card(s, a[1])} on the discard pile and makes another offering",
    END: lambda s, a: "ends its contributions",
    DISCARD: lambda s, a: f"puts its {_card(s, a[1])} on the discard pile",
    DRAW: lambda s, a: (f"draws {plural(s.discarded + EXTRA_DRAWS, 'card')} from the deck "
                        "(whoever handles its cards tells me each one)"),
}


def _gains(before: BlueMoonState, after: BlueMoonState) -> list[str]:
    """What each seat gains or gives back, in crystals, golden scales and face-down reward cards."""
    said = []
    for q in range(before.num_players):
        bits = []
        for what, old, new in (("crystal", before.crystals[q], after.crystals[q]),
                               ("golden scale", before.scales[q], after.scales[q]),
                               ("reward card", before.owed_new[q] + before.owed_old[q], after.owed_new[q] + after.owed_old[q])):
            if new > old:
                bits.append(f"takes {plural(new - old, what)}" + (" (set aside face down)" if what == "reward card" else ""))
            elif new < old and what != "reward card":  # reward cards owed are picked up as draws, asked for then
                bits.append(f"gives back {plural(old - new, what)}")
        if bits:
            said.append(f"P{q + 1} " + " and ".join(bits))
    return said


def _effects(before: BlueMoonState, after: BlueMoonState, player: int) -> list[str]:
    """What the move did on the table besides moving its cards: markers, tiles, the obelisk, gains."""
    board = before.board
    top = before.pending.top()
    paying = top[1] if top is not None and top[0] == F_PAY else -1  # said already: "towards box 2 of …"
    said = [("it" if b == paying else _box(before, b)) + f" is paid: put a P{player + 1} marker on it"
            for b, (old, new) in enumerate(zip(before.owner, after.owner))
            if old != player and (new == player or b == paying and after.built[board.box_cell[b]])]  # restored at once
    said += [f"{_tile(before, c)} is restored: turn its tile over and give every marker on it back to its owner"
             for c in range(len(board.building)) if after.built[c] and not before.built[c]]
    if len(after.obelisk_owners) > len(before.obelisk_owners):
        cost = before.obelisk[len(before.obelisk_owners)]
        said.append(f"put a P{player + 1} marker on the obelisk's box for {cost}")
    said += _gains(before, after)
    if after.ended and not before.ended:
        said.append("the game is over")
    return said


def instruction(state: BlueMoonState, player: int, action: Action) -> str:
    words = WORDS.get(action[0])
    if words is None:
        return ""
    after = state.clone()
    after.apply(action)
    effects = _effects(state, after, player)
    return words(state, action) + ("; " + "; ".join(effects) if effects else "")
