"""Whole payments, for a search (the spec's ``Advisor.macros``): a box is paid card by card, one
decision a card (:mod:`bgkit_bluemooncity.payment`), but what the player chooses is the set of cards.

While a box is being paid (and at the palace, from the choice of its colour) :func:`payments` lists
the ways to finish the payment as sequences of steps, each step one the rules offer where the ones
before it leave the hand: every set of cards that pays the box once, in the first order found
(paying the same cards in another order leaves the same table), without the sets that spend more
cards than another set does (a strict superset pays the same box with more of the hand), the
cheapest by the cards' worth to the heuristic first, at most :data:`MOST_PAYMENTS` of them. Nowhere
else is there a macro (None: the search takes the legal actions one by one).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bgkit_bluemooncity.board import ANY_COLOUR
from bgkit_bluemooncity.codes import COLOUR, F_COLOUR, F_PAY, Action, Frame
from bgkit_bluemooncity.heuristic import card_worth
from bgkit_bluemooncity.payment import can_pay, steps, take

if TYPE_CHECKING:
    from bgkit_bluemooncity.board import Board
    from bgkit_bluemooncity.kinds import Kinds
    from bgkit_bluemooncity.state import BlueMoonState

#: Most whole payments offered at one decision (the cheapest ones by the cards' worth).
MOST_PAYMENTS = 8
#: Most partial payments looked at while listing one decision's payments (a bound on the work;
#: a hand of a dozen cards and a box of at most 9 needs far fewer).
MOST_PARTIALS = 400

#: A whole payment: the steps that make it, in order.
Macro = tuple[Action, ...]


def payments(state: BlueMoonState) -> list[Macro] | None:
    """The ways to finish the payment under way (None when no payment is under way). The list is
    shared (a search asks for it at every visit of a node): read it, do not change it."""
    top = state.pending.top()
    if top is None or top[0] not in (F_PAY, F_COLOUR):
        return None
    return _listed(state.board, tuple(state.hands[state.cur].counts), tuple(top), _wanted(state))


@lru_cache(maxsize=4096)
def _listed(board: Board, counts: tuple[int, ...], top: Frame, wanted: int) -> list[Macro] | None:
    """:func:`payments` of a hand, a payment frame and the colours wanted: all it depends on, so a
    search that visits the same payment again (every iteration at its root) lists it once."""
    kinds = board.kinds
    hand = list(counts)
    if top[0] == F_PAY:
        _, box, colour, need, recolour, anyone = top
        return _cheapest(kinds, _finishes(kinds, hand, colour, need, recolour, anyone), wanted)
    value = board.box_value[top[1]]
    start = (0,) * len(kinds.colour_names)
    found = []
    for colour in kinds.box_colours:  # the palace box's colour (COLOUR, colour) first, as the rules offer it
        if can_pay(kinds, hand, colour, value):
            found += [(((COLOUR, colour),) + seq, spent)
                      for seq, spent in _finishes(kinds, hand, colour, value, start, 0)]
    return _cheapest(kinds, found, wanted)


def _wanted(state: BlueMoonState) -> int:
    """The colours some open box still asks for, a bit each (as the heuristic counts a card's worth)."""
    board = state.board
    wanted = 0
    for cell in board.buildings:
        if not state.built[cell]:
            colour = board.box_colour[board.cell_boxes[cell].start]
            wanted |= -1 if colour == ANY_COLOUR else 1 << colour
    return wanted


def _finishes(kinds: Kinds, counts: list[int], colour: int, need: int, recolour: tuple[int, ...],
              anyone: int) -> list[tuple[Macro, tuple[int, ...]]]:
    """Every set of cards that finishes the payment, once each: (the steps in a legal order, the
    cards spent, a count per kind), depth first over the steps the rules offer."""
    done: dict[tuple[int, ...], Macro] = {}
    seen: set[tuple[Any, ...]] = set()
    stack: list[tuple[Macro, list[int], int, tuple[int, ...], int]] = [((), counts, need, recolour, anyone)]
    while stack and len(seen) < MOST_PARTIALS:
        seq, hand, left, allowed, extra = stack.pop()
        for step in reversed(steps(kinds, hand, colour, left, allowed, extra)):
            spent, after_left, after_allowed, after_extra = take(kinds, step, colour, left, allowed, extra)
            after = list(hand)
            for k in spent:
                after[k] -= 1
            if after_left <= 0:
                done.setdefault(tuple(after), seq + (step,))
                continue
            key = (tuple(after), after_left, after_allowed, after_extra)
            if key not in seen:
                seen.add(key)
                stack.append((seq + (step,), after, after_left, after_allowed, after_extra))
    return [(seq, tuple(c - a for c, a in zip(counts, after))) for after, seq in done.items()]


def _cheapest(kinds: Kinds, found: list[tuple[Macro, tuple[int, ...]]], wanted: int) -> list[Macro] | None:
    """The payments no other one spends a strict subset of, each set of cards once (at the palace two
    colours may take the same cards), the cheapest first, at most MOST_PAYMENTS."""
    kept: list[tuple[Macro, tuple[int, ...]]] = []
    for seq, spent in sorted(found, key=lambda item: sum(item[1])):  # a strict subset has fewer cards: kept already
        if not any(all(o <= s for o, s in zip(other, spent)) for _, other in kept):  # (the same cards: kept once)
            kept.append((seq, spent))

    def worth(item: tuple[Macro, tuple[int, ...]]) -> tuple[float, int, Macro]:
        seq, spent = item
        return (sum(n * card_worth(kinds, k, wanted) for k, n in enumerate(spent) if n), sum(spent), seq)

    kept.sort(key=worth)
    return [seq for seq, _ in kept[:MOST_PAYMENTS]] or None
