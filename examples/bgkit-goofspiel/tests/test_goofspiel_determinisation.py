"""A determinisation for a seat is the same whatever the hidden truth: which card another seat
sealed as its bid may be any of the cards it still held."""

from bgkit.testing import check_twin_determinisation, get_registry


def test_another_seats_sealed_bid_does_not_change_a_determinisation():
    game = get_registry().load_game("goofspiel")
    state = game.new_state({"players": 3, "deck": 5})
    state.apply(4)  # the prize
    state.apply(2)  # P1 bids 2, then P2 bids 5 (both sealed)
    state.apply(5)
    twin = game.new_state({"players": 3, "deck": 5})
    twin.apply(4)
    twin.apply(3)  # P1 sealed another card
    twin.apply(1)  # and so did P2
    check_twin_determinisation(state, twin, 2)
    mine = state.clone()
    mine.bids[1], mine.hands[1] = twin.bids[1], list(twin.hands[1])  # P2's own bid as in the twin: only P1's differs
    check_twin_determinisation(mine, twin, 1)
