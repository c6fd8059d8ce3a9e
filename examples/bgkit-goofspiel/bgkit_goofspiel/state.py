"""Goofspiel's state as data: each round a prize card is revealed (chance) and every player bids one
card from their hand face down (sealed); the highest bid wins the prize, a tie for highest discards
it. After the last card the player with the most prize points wins. What the state does is the
spec's parts (:mod:`bgkit_goofspiel.spec`)."""

from __future__ import annotations

from bgkit.api import LIST, LISTS, VALUE, GameState, StateFields


class GoofState(GameState):
    __slots__ = ("num_players", "deck", "hands", "prizes", "prize", "bids", "won")
    # The fields, declared once (bgkit.api.StateFields): they make clone and to_dict, and
    # state_from_dict loads them. The saved ones in the order of a save's keys.
    FIELDS = StateFields(VALUE("num_players", "deck"), LISTS("hands"), LIST("prizes"), VALUE("prize"), LIST("bids"),
                         LISTS("won"))

    def __init__(self, num_players: int, deck: int):
        self.num_players = num_players
        self.deck = deck
        self.hands = [list(range(1, deck + 1)) for _ in range(num_players)]
        self.prizes = list(range(1, deck + 1))  # prize cards not yet revealed
        self.prize: int | None = None  # the prize being bid for
        self.bids: list[int | None] = [None] * num_players
        self.won: list[list[int]] = [[] for _ in range(num_players)]


def new_state(components: None, setup: dict[str, int]) -> GoofState:
    return GoofState(setup["players"], setup["deck"])


def state_from_dict(components: None, data: dict[str, object]) -> GoofState:
    players, deck = data["num_players"], data["deck"]
    assert isinstance(players, int) and isinstance(deck, int)
    return GoofState.FIELDS.loaded(GoofState(players, deck), data)
