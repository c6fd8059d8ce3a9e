"""A determinisation for a seat is the same whatever the hidden truth: the others' equipment cards
and the order of the equipment deck may be any that fit what it sees (the sizes)."""

from bgkit.testing import build_match, check_twin_determinisation, get_registry


def with_cards():
    """A 3-player game of random bots played until two seats hold equipment cards."""
    game = get_registry().load_game("bretagne")
    match = build_match(game, ["random"] * 3, ["Ada", "Bo", "Cy"], 1, {o.name: o.default for o in game.options})
    for _ in range(500):
        state = match.state
        if sum(1 for hand in state.hands if hand) >= 2 and not state.is_chance():
            return state
        match.step()
    raise AssertionError("no two hands of equipment in 500 steps")


def test_the_cards_in_another_hand_do_not_change_a_determinisation():
    state = with_cards()
    q = next(q for q, hand in enumerate(state.hands) if hand)
    twin = state.clone()
    held = twin.hands[q].cards()[0]
    other = next(k for k in twin.deck.cards() if k != held)  # the seat holds another kind of card
    twin.hands[q].draw(held)
    twin.deck.put(held)
    twin.deck.draw(other)
    twin.hands[q].put(other)
    for player in range(3):
        if player != q:
            check_twin_determinisation(state, twin, player)
