"""A determinisation for a seat is the same whatever the hidden truth: the cards not yet drawn and
the faces of the others' hands and houses (their colours show) may be any that fit what it sees."""

from bgkit.testing import build_match, check_twin_determinisation


def dealt(game, seed=1):
    """A 3-player game of random bots played until every hand holds cards and a house stands."""
    match = build_match(game, ["random"] * 3, ["Ada", "Bo", "Cy"], seed, {o.name: o.default for o in game.options})
    for _ in range(300):
        state = match.state
        if all(state.hands) and any(state.houses) and not state.is_chance():
            return state
        match.step()
    raise AssertionError("no house built in 300 steps")


def same_colour(state, card, cards):
    colour = state.cards.colour
    return next(c for c in cards if c != card and colour[c] == colour[card])


def test_the_faces_of_another_hand_and_the_unseen_cards_do_not_change_a_determinisation(game):
    state = dealt(game)
    twin = state.clone()
    card = twin.hands[1][0]
    other = same_colour(twin, card, twin.unseen.cards())  # P2 holds another card of that colour
    twin.unseen.draw(other)
    twin.unseen.put(card)
    twin.hands[1][0] = other
    check_twin_determinisation(state, twin, 0)
    check_twin_determinisation(state, twin, 2)


def test_the_face_of_another_seats_house_does_not_change_a_determinisation(game):
    state = dealt(game)
    q = next(q for q, houses in enumerate(state.houses) if houses)
    twin = state.clone()
    house = twin.houses[q][0]
    other = same_colour(twin, house, twin.unseen.cards())
    twin.unseen.draw(other)
    twin.unseen.put(house)
    twin.houses[q][0] = other
    check_twin_determinisation(state, twin, (q + 1) % 3)
