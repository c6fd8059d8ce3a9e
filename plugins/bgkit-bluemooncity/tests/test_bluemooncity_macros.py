"""Whole payments for a search (macros.py): every sequence offered is a payment the rules accept
step by step, it finishes the box, no two spend the same cards, none spends more cards than
another does, and there is none where no payment is under way."""

from __future__ import annotations

from bluemooncity_scene import GAME, act, cell, table

from bgkit.api import runtime_for
from bgkit.testing import build_match, get_registry

from bgkit_bluemooncity import rules
from bgkit_bluemooncity.codes import F_COLOUR, F_PAY, S_CONTRIBUTE
from bgkit_bluemooncity.macros import MOST_PAYMENTS, payments

RUNTIME = runtime_for(GAME)
PAYING = (F_PAY, F_COLOUR)


def at_building(state, building_id, p=0):
    """Seat ``p``'s figure on a building, in the contribution phase of its turn (as the rule tests set it)."""
    state.pos[p] = cell(state, building_id)
    state.stage = S_CONTRIBUTE
    rules.run(state)
    return state


def paying(state) -> bool:
    top = state.pending.top()
    return top is not None and top[0] in PAYING


def spent_by(state, sequence) -> tuple[int, ...]:
    """The cards (a count per kind) the sequence takes from the payer's hand, each step checked legal."""
    p = state.current_player()
    after = state.clone()
    for i, step in enumerate(sequence):
        assert paying(after), f"{sequence}: the payment is over before step {i}"
        assert after.current_player() == p, f"{sequence}: step {i} is not the payer's"
        assert step in RUNTIME.legal_actions(after), f"{sequence}: step {i} {step} is not legal"
        RUNTIME.apply(after, step)
    assert not paying(after), f"{sequence}: the box is not paid"
    return tuple(a - b for a, b in zip(state.hands[p].counts, after.hands[p].counts))


def check_payments(state) -> int:
    found = payments(state)
    assert found and len(found) <= MOST_PAYMENTS
    spent = [spent_by(state, sequence) for sequence in found]
    assert len(set(spent)) == len(spent), "two payments spend the same cards"
    for i, a in enumerate(spent):
        for j, b in enumerate(spent):
            assert i == j or not all(x <= y for x, y in zip(a, b)), f"{found[j]} spends more than {found[i]}"
    return len(found)


def test_every_payment_offered_is_legal_whole_and_distinct():
    """Random 2- and 4-player games: at every payment under way (at most 60), the payments offered."""
    checked = 0
    for players, seed in ((2, 1), (4, 2)):
        match = build_match(GAME, ["random"] * players, [f"r{i}" for i in range(players)], seed,
                            {o.name: o.default for o in GAME.options}, bots=get_registry().bots)
        while not match.state.is_terminal() and checked < 30 * (players // 2):
            state = match.state
            if state.current_player() >= 0:
                if paying(state):
                    check_payments(state)
                    checked += 1
                else:
                    assert payments(state) is None
            match.step()
    assert checked >= 40


def test_a_box_with_a_choice_of_cards_offers_each_set_once_the_cheapest_first():
    """Black 5 from 3 3 2 1 1: 3+2, 3+3 and 3+1+1 (3+2+1 spends more than 3+2), the cheapest first."""
    state = at_building(table(hands={0: ["vulca-3", "vulca-3", "vulca-2", "vulca-1", "vulca-1"]}), "fire_temple")
    assert payments(state) is None  # the box is still to choose
    act(state, "box 1")  # black 5
    assert check_payments(state) == 3
    paid = [sorted(state.action_text(step) for step in sequence) for sequence in payments(state)]
    assert paid == [["pay vulca-2", "pay vulca-3"], ["pay vulca-3", "pay vulca-3"],
                    ["pay vulca-1", "pay vulca-1", "pay vulca-3"]]


def test_at_the_palace_a_payment_starts_with_its_colour():
    state = at_building(table(hands={0: ["vulca-3", "terrah-2", "aqua-3", "aqua-2"]}), "royal_palace")
    act(state, "box 1")
    assert state.pending.top()[0] == F_COLOUR
    found = payments(state)
    assert check_payments(state) >= 1
    assert all(state.action_text(sequence[0]).startswith("in ") for sequence in found)
