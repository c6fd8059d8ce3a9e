"""What a seat may see: the hands are hidden (a count shows), the deck and the set-aside reward cards
too; a card drawn is seen by its owner only, and the others are told who drew. Crystals lie face
down, but every gain and every offering is public, so a player's total is known from the table's
history: the views keep it and determinisations never resample it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bgkit.api import CHANCE, EVERYONE, resample

from bgkit_bluemooncity.city import CELLS
from bgkit_bluemooncity.codes import CARD, F_COLOUR, F_DRAGON, F_FIGURE, F_PAY, S_OVER, Action
from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.notation import space_for

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState


def audience(state: BlueMoonState, action: Action) -> frozenset[int] | None:
    if state.cur == CHANCE:
        return frozenset((state.chance[0][1],))  # a card drawn into a hand: its owner sees it
    return EVERYONE


def public_text(state: BlueMoonState, action: Action) -> str:
    if state.cur == CHANCE:
        why, p = state.chance[0][0], state.chance[0][1]
        return (f"P{p + 1} is dealt a card", f"P{p + 1} draws a card", f"P{p + 1} takes a reward card into their hand")[why]
    return state.action_text(action)


def view(state: BlueMoonState, player: int) -> dict[str, Any]:
    """Everything on the table but the others' hands, the deck and the set-aside reward cards
    (their sizes show). Crystal totals stay: every gain and offering was public."""
    data = state.to_dict()
    for key in ("hands", "deck", "pool"):
        del data[key]
    data["hand_sizes"] = [h.size for h in state.hands]
    data["deck_size"] = state.deck.size
    data["pool_size"] = state.pool.size
    data["my_hand"] = state.hands[player].to_list()
    return data


def determinize(state: BlueMoonState, player: int, rng: random.Random) -> BlueMoonState:
    """Redeal the cards ``player`` cannot see (the others' hands, the deck, the set-aside reward
    cards) among those places, each keeping its size; pooled in kind order by ``resample``."""
    other = state.clone()
    others = [q for q in range(state.num_players) if q != player]
    dealt = resample([state.deck, state.pool] + [state.hands[q] for q in others], rng)
    other.deck, other.pool = dealt[0], dealt[1]
    for q, hand in zip(others, dealt[2:]):
        other.hands[q] = hand
    other._legal = state._legal if state.cur == player else None  # the player's own choices: unchanged
    return other


# -- the observation tensor ------------------------------------------------------------------------
#
# What a seat sees (its view), as a fixed number of floats for learning tools, in this order:
#   seat and table   the seat, whose turn, the stage, the pending choice (one-hot each), with the
#                    payment's box, card, colour, value still to pay, recolour allowances
#   city             each cell's tile (one-hot over the data's tiles), restored or not; each box's
#                    holder (one-hot over the seats, or free), boxes in city order; the figures'
#                    cells; each dragon's cell (or off the board)
#   cards            the seat's own hand and the face-up discard pile, per kind; every hand's size,
#                    the deck's and the set-aside pile's sizes; reward cards owed
#   per seat         crystals (public: every gain and offering is), golden scales, free markers,
#                    offerings; the obelisk's boxes bottom up, each holder one-hot; the scale supply
#   this turn        scale taken, offering made, cards discarded, cards still to draw
# Counts are plain numbers (not scaled): the encoding says what the table shows, no more.

_STAGES = S_OVER + 1
_FRAMES = F_PAY + 1  # and one more place: no frame


def _sizes(comp: Components, players: int) -> dict[str, int]:
    kinds = len(space_for(comp).fields[CARD][0])  # a card drawn may be of every kind
    colours = len(comp.peoples)
    boxes = sum(len(b.boxes) for b in comp.buildings.values())
    cells = len(CELLS)
    return {
        "seat": 2 * players + _STAGES + _FRAMES + 1 + boxes + kinds + colours + 2 + colours,
        "city": cells * len(comp.buildings) + cells + boxes * (players + 1) + players * cells
        + len(comp.dragons) * (cells + 1),
        "cards": 2 * kinds + players + 2 + 2 * players,
        "seats": 4 * players + comp.counts[players].obelisk_boxes * (players + 1) + 1,
        "turn": 4,
    }


def observation_shape(comp: Components, players: int) -> tuple[int, ...]:
    """The length of :func:`observation_tensor` for ``players`` (one flat axis)."""
    return (sum(_sizes(comp, players).values()),)


def observation_tensor(comp: Components, state: BlueMoonState, player: int) -> list[float]:
    """What ``player`` sees of ``state`` as numbers (the layout is described above)."""
    board = state.board
    n = state.num_players
    out: list[float] = []

    def one_hot(size: int, at: int) -> None:
        block = [0.0] * size
        if 0 <= at < size:
            block[at] = 1.0
        out.extend(block)

    kinds, colours = len(board.kinds), len(board.kinds.colour_names)
    one_hot(n, player)
    one_hot(n, state.order[state.turn])
    one_hot(_STAGES, state.stage)
    top = state.pending.top()
    one_hot(_FRAMES + 1, _FRAMES if top is None else top[0])
    box = top[1] if top is not None and top[0] in (F_COLOUR, F_PAY) else -1
    card = top[1] if top is not None and top[0] in (F_FIGURE, F_DRAGON) else -1
    one_hot(len(board.box_cell), box)
    one_hot(kinds, card)
    paying = top if top is not None and top[0] == F_PAY else None
    one_hot(colours, paying[2] if paying is not None else -1)
    out += [float(paying[3]), float(paying[5])] if paying is not None else [0.0, 0.0]
    out += [float(v) for v in paying[4]] if paying is not None else [0.0] * colours

    tiles = {bid: i for i, bid in enumerate(comp.buildings)}
    for building in board.building:
        one_hot(len(tiles), tiles[building.id])
    out += [float(b) for b in state.built]
    for owner in state.owner:
        one_hot(n + 1, owner if owner >= 0 else n)
    for where in state.pos:
        one_hot(len(board.building), where)
    for where in state.dragons:
        one_hot(len(board.building) + 1, where if where >= 0 else len(board.building))

    out += [float(c) for c in state.hands[player].counts]
    out += [float(c) for c in state.discard.counts]
    out += [float(h.size) for h in state.hands]
    out += [float(state.deck.size), float(state.pool.size)]
    out += [float(c) for c in state.owed_old] + [float(c) for c in state.owed_new]

    for values in (state.crystals, state.scales, state.free, state.offerings):
        out += [float(v) for v in values]
    owners = state.obelisk_owners
    for i in range(len(state.obelisk)):
        one_hot(n + 1, owners[i] if i < len(owners) else n)
    out.append(float(state.supply))

    out += [float(state.scaled), float(state.offered), float(state.discarded), float(len(state.chance))]
    return out
