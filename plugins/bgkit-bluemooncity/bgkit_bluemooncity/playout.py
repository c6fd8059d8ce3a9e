"""A cheap rule of thumb for MCTS playouts (:func:`move`, the spec's ``Advisor.rollout_action``): play a turn as a
person would at a glance, so that a playout of a few turns shows what a decision is worth instead
of wandering the city at random and paying boxes by accident.

Movement: with a free marker and the crystals for the next offering, to the courtyard (or as close
as one can get); else to the reachable tile with the most worth paying there (each open box the
hand can pay at a quick look, a building it can complete more, a dragon a little), else towards
the nearest such tile. Movement powers: none (``done``), but a figure or dragon already being moved
goes where the movement rule would go. At a tile: an offering (and every Pillar extra) whenever
allowed; otherwise the cheapest payable box, while a marker would be left over, the box completes
the building or the player is far from an offering's crystals (a last marker kept back for the
courtyard with no crystals coming in would stall the table). Paying: a card of the box's colour that finishes the box with the least overpay, else
the biggest such card, else a recoloured card, and the powers (wild, pair, recolour) last; at the
palace the colour the hand pays best. End of the turn: discard up to two cards no open box asks for
(and without a power worth keeping), then draw.

Quick looks use :func:`payment.quick_pay` (cards of the colour, wilds and Mimix pairs; no Hoax), so
a tile is sometimes under-rated, never over-rated. Ties are broken with ``rng``. It reads the
player's own hand and the public table only, so it is the same on every determinisation a seat's
search draws; it always returns one of ``legal_actions()``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bgkit_bluemooncity import rules as _rules
from bgkit_bluemooncity.codes import (
    BOX, DONE, DRAW, END, F_COLOUR, F_FIGURE, F_PAY, GO, OFFER, PAIR_CARDS, PAY, PILLAR, S_CONTRIBUTE, S_DISCARD,
    S_MOVE, S_POWERS, TO, WILD_CARD, Action, Frame,
)
from bgkit_bluemooncity.board import ANY_COLOUR
from bgkit_bluemooncity.city import STEPS
from bgkit_bluemooncity.kinds import (
    DRAGON_STEPS, EXTRA_STEPS, FLY, NO_POWER, PAIR, PAIR_VALUE, RECOLOUR_MANY, RECOLOUR_ONE, TELEPORT, WILD,
)
from bgkit_bluemooncity.payment import quick_pay

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState

#: the last free marker is kept back for the courtyard only this close to the next offering's crystals
NEAR_OFFERING = 3
#: what a tile's worth counts for, by what the hand can do there
OPEN_BOX, COMPLETE, DRAGON = 1.0, 2.0, 0.5

#: the powers a playout never uses (it pays only what a quick look pays: no Hoax), so their cards are worth discarding when their colour is not wanted
JUNK_POWERS = frozenset((NO_POWER, FLY, DRAGON_STEPS, TELEPORT, EXTRA_STEPS, RECOLOUR_MANY, RECOLOUR_ONE))

_DONE, _DRAW, _END = (DONE,), (DRAW,), (END,)


def move(s: BlueMoonState, rng: random.Random) -> Action:
    """The playout's action for the player to move at ``s`` (one of ``s.legal_actions()``)."""
    p = s.cur
    top = s.pending.top()
    if top is not None:
        kind = top[0]
        if kind == F_PAY:
            return _pay_step(s, p, top)
        if kind == F_COLOUR:
            return _colour(s, p)
        if kind == F_FIGURE:
            return (TO, _where(s, p, [a[1] for a in _rules.legal_actions(s)], rng))
        return rng.choice(_rules.legal_actions(s))  # F_DRAGON: anywhere
    stage = s.stage
    if stage == S_MOVE:
        return (GO, _where(s, p, s.board.moves[s.pos[p]], rng))
    if stage == S_POWERS:
        return _DONE
    if stage == S_CONTRIBUTE:
        return _contribute(s, p)
    if stage == S_DISCARD:
        return _discard(s, p)
    return rng.choice(_rules.legal_actions(s))


def _quick(s: BlueMoonState, p: int) -> list[int]:
    """What the hand pays of each colour at a quick look, as :func:`payment.quick_pay` counts it
    (the colour's cards as they are, wild cards, Mimix pairs but at a brown box), in one pass."""
    kinds = s.board.kinds
    kcolour, kvalue, kpower = kinds.colour, kinds.value, kinds.power
    hoax = kinds.hoax_colour
    out = [0] * len(kinds.colour_names)
    wild = pairs = 0
    for k, n in enumerate(s.hands[p].counts):
        if not n:
            continue
        power = kpower[k]
        if power == WILD:
            wild += kvalue[k] * n
            continue
        if power == PAIR:
            pairs += n
        elif (power == RECOLOUR_MANY or power == RECOLOUR_ONE) and kcolour[k] != hoax:
            continue
        out[kcolour[k]] += kvalue[k] * n
    pairs = pairs // 2 * PAIR_VALUE
    mimix = kinds.mimix_colour
    for c in kinds.box_colours:
        out[c] += wild + (pairs if c != mimix else 0)
    return out


def _tile_worth(s: BlueMoonState, p: int, cell: int, quick: list[int], best: int) -> float:
    """What the hand can do at ``cell`` at a quick look (0: nothing): the open boxes it can pay
    together, the cheapest first (a free marker each), more if that completes the building."""
    board = s.board
    if s.built[cell] or cell == board.courtyard:
        return 0.0
    owner, values = s.owner, board.box_value
    boxes = board.cell_boxes[cell]
    colour = board.box_colour[boxes.start]  # a tile's boxes share its colour (the palace: any)
    budget = best if colour == ANY_COLOUR else quick[colour]
    open_values = sorted(values[b] for b in boxes if owner[b] < 0)
    paid = 0
    for value in open_values[:s.free[p]]:
        if value > budget:
            break
        budget -= value
        paid += 1
    if not paid:
        return 0.0
    worth = OPEN_BOX * paid
    if paid == len(open_values):
        worth += COMPLETE
    if not s.scaled:
        worth += DRAGON * s.dragons.count(cell)
    return worth


def _where(s: BlueMoonState, p: int, cells: Sequence[int], rng: random.Random) -> int:
    """Where the figure should end, of ``cells`` (all reachable)."""
    board = s.board
    courtyard = board.courtyard
    if s.free[p] and not s.offered and _rules._can_offer(s, p):
        to_court = STEPS[courtyard]
        nearest = min(to_court[c] for c in cells)
        return rng.choice([c for c in cells if to_court[c] == nearest])
    quick = _quick(s, p)
    best = max(quick)
    if s.free[p]:
        worths = [(_tile_worth(s, p, c, quick, best), c) for c in cells]
        top = max(w for w, _ in worths)
        if top > 0:
            return rng.choice([c for w, c in worths if w == top])
        # nothing to do within reach: towards the nearest tile where there is
        targets = [c for c in board.buildings if c not in cells and _tile_worth(s, p, c, quick, best) > 0]
        if targets:
            def gap(c: int) -> int:
                return min(STEPS[c][t] for t in targets)
            nearest = min(gap(c) for c in cells)
            return rng.choice([c for c in cells if gap(c) == nearest])
    return rng.choice(list(cells))


def _contribute(s: BlueMoonState, p: int) -> Action:
    """An offering (and every Pillar extra) whenever allowed; else the cheapest box the hand pays at
    a quick look (a box that needs a Hoax is left alone), while a marker would be left over, the
    box completes the building or the crystals are far from the next offering; else done."""
    actions = _rules.legal_actions(s)
    board = s.board
    box, cheapest = -1, 99
    quick = None
    values, colours = board.box_value, board.box_colour
    for a in actions:
        code = a[0]
        if code == OFFER or code == PILLAR:
            return a
        if code == BOX:
            b = a[1]
            if values[b] < cheapest:
                if quick is None:
                    quick = _quick(s, p)
                colour = colours[b]
                if values[b] <= (max(quick) if colour == ANY_COLOUR else quick[colour]):
                    box, cheapest = b, values[b]
    if box < 0:
        return _END
    owner = s.owner
    if s.free[p] >= 2 or sum(1 for b in board.cell_boxes[board.box_cell[box]] if owner[b] < 0) == 1:
        return board.boxes[box]
    cost = _rules.next_cost(s)
    if cost is not None and s.crystals[p] + NEAR_OFFERING < cost:
        return board.boxes[box]  # far from an offering: only a contribution can bring crystals in
    return _END


def _colour(s: BlueMoonState, p: int) -> Action:
    """At the palace: the colour the hand pays best (among those that can pay the box)."""
    quick = _quick(s, p)
    return max(_rules.legal_actions(s), key=lambda a: quick[a[1]])


def _pay_step(s: BlueMoonState, p: int, top: Frame) -> Action:
    """A card of the box's colour that finishes the box with the least overpay (a card without a
    power first), else the biggest such card (a plain one first), else a wild card, else a Mimix
    pair; when the quick look cannot pay the box (a Hoax is needed), the same order over the steps
    offered, a recoloured card after the box's own colour and a recolouring last.

    While :func:`payment.quick_pay` covers what is still to pay, every card of the box's colour,
    every wild card and (but at a brown box) every Mimix pair is a step offered (``payment.steps``
    keeps them unchecked), so the common case needs no list of steps."""
    colour, need = top[2], top[3]
    kinds = s.board.kinds
    kvalue, kpower = kinds.value, kinds.power
    counts = s.hands[p].counts
    if quick_pay(kinds, counts, colour) < need:
        return _pay_listed(s, colour, need)
    finish = biggest = -1
    finish_key = biggest_key = None
    for k in kinds.face[colour]:
        if counts[k]:
            value, plain = kvalue[k], kpower[k] == NO_POWER
            if value >= need and (finish_key is None or (not plain, value) < finish_key):
                finish, finish_key = k, (not plain, value)
            if biggest_key is None or (plain, value) > biggest_key:
                biggest, biggest_key = k, (plain, value)
    if finish >= 0:
        return (PAY, finish)
    if biggest >= 0:
        return (PAY, biggest)
    for k in kinds.wilds:
        if counts[k]:
            return (WILD_CARD, k)
    held = [k for k in kinds.pairs if counts[k]]  # kind order, as payment.steps lists pairs
    return (PAIR_CARDS, held[0], held[1] if len(held) > 1 else held[0])


def _pay_listed(s: BlueMoonState, colour: int, need: int) -> Action:
    """The same preferences over the steps ``payment.steps`` offers."""
    kinds = s.board.kinds
    kcolour, kvalue, kpower = kinds.colour, kinds.value, kinds.power
    candidates = _rules.legal_actions(s)
    finish = biggest = other = wild = None
    finish_key = biggest_key = other_key = None
    for a in candidates:
        code = a[0]
        if code == PAY:
            k = a[1]
            value, plain = kvalue[k], kpower[k] == NO_POWER
            if kcolour[k] == colour:
                key = (not plain, value)
                if value >= need and (finish_key is None or key < finish_key):
                    finish, finish_key = a, key
                key = (plain, value)
                if biggest_key is None or key > biggest_key:
                    biggest, biggest_key = a, key
            elif other_key is None or value > other_key:
                other, other_key = a, value
        elif code == WILD_CARD or code == PAIR_CARDS:
            wild = wild or a
    return finish or biggest or other or wild or candidates[0]


def _discard(s: BlueMoonState, p: int) -> Action:
    """Up to two cards of a colour no open box asks for whose power the playout has no use for
    (none, a movement power or a Hoax: wild cards, Mimix and Pillar cards are kept), then draw."""
    board = s.board
    kinds = board.kinds
    counts = s.hands[p].counts
    wanted = 0
    colours, built = board.box_colour, s.built
    for cell in board.buildings:  # an unfinished building has an open box, all of its colour
        if not built[cell]:
            colour = colours[board.cell_boxes[cell].start]
            if colour == ANY_COLOUR:
                return _DRAW  # the palace takes any colour
            wanted |= 1 << colour
    for k, n in enumerate(counts):
        if n and not wanted >> kinds.colour[k] & 1 and kinds.power[k] in JUNK_POWERS:
            return board.discards[k]
    return _DRAW
