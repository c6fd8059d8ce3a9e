"""A determinisation for a seat is the same whatever the hidden truth: the others' equipment cards
and the order of the equipment deck may be any that fit what it sees (the sizes)."""

from bgkit.testing import build_match, check_twin_determinisation, get_registry, swap_a_card


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
    swap_a_card(twin.hands[q], twin.deck)
    for player in range(3):
        if player != q:
            check_twin_determinisation(state, twin, player)
