"""A determinisation for a seat is the same whatever the hidden truth: the others' hands and the
cards of the deck may be any that fit what it sees (the sizes)."""

from bgkit.testing import build_match, check_twin_determinisation, get_registry, swap_a_card


def dealt():
    """A 3-player game of random bots a few turns in, at a seat's decision."""
    game = get_registry().load_game("bluemooncity")
    match = build_match(game, ["random"] * 3, ["Ada", "Bo", "Cy"], 1, {o.name: o.default for o in game.options})
    for _ in range(20):
        match.step()
    while match.state.is_chance():
        match.step()
    return match.state


def test_the_cards_in_another_hand_do_not_change_a_determinisation():
    state = dealt()
    player = state.current_player()
    q = (player + 1) % 3
    twin = state.clone()
    swap_a_card(twin.hands[q], twin.deck)
    for seat in range(3):
        if seat != q:
            check_twin_determinisation(state, twin, seat)
