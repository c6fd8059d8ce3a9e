"""Scene-setting helpers shared by the Blue Moon City rule and play tests.

A table starts from a real setup (hands dealt, seat 1 to start), then a test lays out what its
example needs: tiles moved in the city, cards put into a hand (taken from the deck, so every card
stays counted), markers on boxes, dragons, crystals.
"""

from __future__ import annotations

import random

from bgkit.testing import get_registry

from bgkit_bluemooncity.city import CELLS

GAME = get_registry().load_game("bluemooncity")


def setup(players=2, seed=0, layout="standard", start="1", deal="yes", places=None, game=GAME):
    """A setup; ``places`` = {building id: (row, col)} swaps those tiles into those cells."""
    made = game.setup(players, random.Random(seed), {"layout": layout, "deal": deal, "start": start})
    for building, (r, c) in (places or {}).items():
        city = made["city"]
        (r0, c0), = [(i, j) for i, row in enumerate(city) for j, b in enumerate(row) if b == building]
        city[r0][c0], city[r][c] = city[r][c], city[r0][c0]
    return made


def table(players=2, seed=0, places=None, hands=None, game=GAME, **options):
    """A state at the start of seat 1's first turn; ``hands`` = {seat index: [card ids]} replaces hands."""
    state = game.new_state(setup(players, seed, places=places, game=game, **options))
    for p, cards in (hands or {}).items():
        set_hand(state, p, cards)
    return state


def kind(state, card_id):
    return state.board.kinds.by_id[card_id]


def set_hand(state, p, cards):
    """Give seat ``p`` exactly ``cards`` (ids): the old hand goes back into the deck, the new comes from it."""
    hand = state.hands[p]
    for k, n in enumerate(hand.counts):
        if n:
            state.deck.put(k, n)
            hand.counts[k] = 0
    hand.size = 0
    for card in cards:
        k = kind(state, card)
        if not state.deck.counts[k]:
            # take it from another hand: the deck holds none
            other = next(q for q, h in enumerate(state.hands) if q != p and h.counts[k])
            state.hands[other].draw(k)
            state.deck.put(k)
        state.deck.draw(k)
        hand.put(k)
    state._legal = None


def cell(state, building_id):
    return state.board.index[building_id]


def cell_at(r, c):
    return CELLS.index((r, c))


def boxes(state, building_id):
    return list(state.board.cell_boxes[cell(state, building_id)])


def hold(state, p, building_id, box_number):
    """Seat ``p`` holds box ``box_number`` (1 = left-most) of a building (a marker from p's supply)."""
    box = boxes(state, building_id)[box_number - 1]
    state.owner[box] = p
    state.free[p] -= 1
    state._legal = None


def restore(state, *building_ids):
    for b in building_ids:
        state.built[cell(state, b)] = True
    state._legal = None


def act(state, text):
    """Play the action with this text, or the one action whose text starts with it (as at the prompt)."""
    options = texts(state)
    if text not in options:
        found = [t for t in options if t.startswith(text)]
        assert len(found) == 1, f"{text!r} among {options}"
        text = found[0]
    state.apply(state.parse_action(text))


def texts(state):
    return [state.action_text(a) for a in state.legal_actions()]


def draw(state, *card_ids):
    """Resolve the chance draws in front: the named cards first, then any card, until a player decides."""
    wanted = list(card_ids)
    while state.is_chance():
        outcomes = [o for o, _ in state.chance_outcomes()]
        if wanted:
            state.apply(next(o for o in outcomes if state.action_text(o) == f"card {wanted[0]}"))
            wanted.pop(0)
        else:
            state.apply(outcomes[0])


def cards_in_play(state):
    """Every card, wherever it is (hands, deck, discard pile, set-aside reward cards)."""
    return sum(h.size for h in state.hands) + state.deck.size + state.discard.size + state.pool.size


def own_library(boxes=(4, 3, 2)) -> str:
    """A person's own Library tile, as a ``--data`` file table (confirmed: their own copy)."""
    return f"""
[building.library]
name = "Library"
colour = "white"
boxes = {list(boxes)}
majority = {{ crystals = 3 }}
every = {{ crystals = 1 }}
neighbour = {{ crystals = 3 }}
source = "my own copy"
confirmed = true
"""
