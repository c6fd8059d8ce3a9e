"""A determinisation for a seat is the same whatever the hidden truth: while bids are sealed, the
bids the others already made may be any they could have made."""

from bgkit.testing import build_match, check_twin_determinisation


def first_bid(game):
    """A 4-player game of random bots played until the first seat of a round's sealed bids decides."""
    match = build_match(game, ["random"] * 4, ["Ada", "Bo", "Cy", "Di"], 1, {o.name: o.default for o in game.options})
    for _ in range(300):
        state = match.state
        if state.is_sealed() and not state.is_chance() and all(bid is None for bid in state.bids):
            return state
        match.step()
    raise AssertionError("no sealed bids in 300 steps")


def test_another_seats_sealed_bid_does_not_change_a_determinisation(game):
    start = first_bid(game)
    bidder = start.current_player()
    bids = start.legal_actions()
    state, twin = start.clone(), start.clone()
    state.apply(bids[0])
    twin.apply(bids[-1])  # the same seat sealed another bid
    assert state.bids[bidder] != twin.bids[bidder]
    for player in range(4):
        if player != bidder:
            check_twin_determinisation(state, twin, player)
