"""Goofspiel: each round a prize card is revealed (chance) and every player bids one card from
their hand face down (sealed); the highest bid wins the prize, a tie for highest discards it.
After the last card the player with the most prize points wins.
"""

from __future__ import annotations

import random

from bgkit.api import CHANCE, LIST, LISTS, TERMINAL, VALUE, State, StateFields
from bgkit_goofspiel import heuristic as rating


_PRIZES = tuple(f"prize {card}" for card in range(53))
_BIDS = tuple(f"bid {card}" for card in range(53))


class GoofState(State):
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

    def current_player(self) -> int:
        if self.prize is None:
            return CHANCE if self.prizes else TERMINAL
        return self.bids.index(None)

    def is_sealed(self) -> bool:
        return self.prize is not None

    def legal_actions(self) -> list[int]:
        return list(self.hands[self.current_player()])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / len(self.prizes)
        return [(card, p) for card in self.prizes]

    def action_text(self, action: int) -> str:
        if 0 < action < len(_BIDS):  # the texts of the usual decks, made once
            return _PRIZES[action] if self.prize is None else _BIDS[action]
        return f"prize {action}" if self.prize is None else f"bid {action}"

    def public_text(self, action: int) -> str:
        """A bid is sealed: the others learn only that it was made (all are revealed together)."""
        return f"P{self.current_player() + 1} bids"

    def chance_label(self) -> str:
        return "the next prize card, turned up"

    def apply(self, action: int) -> None:
        if self.prize is None:
            self.prizes.remove(action)
            self.prize = action
            return
        player = self.bids.index(None)
        self.hands[player].remove(action)
        self.bids[player] = action
        if None not in self.bids:
            self._resolve()

    def _resolve(self) -> None:
        best = max(self.bids)
        if self.bids.count(best) == 1:
            self.won[self.bids.index(best)].append(self.prize)
        self.prize = None
        self.bids = [None] * self.num_players

    def scores(self) -> list[float]:
        return [float(sum(w)) for w in self.won]

    def heuristic(self, player: int) -> float:
        return rating.heuristic(self, player)

    def heuristic_values(self) -> list[float]:
        return rating.values(self)

    def view(self, player: int) -> dict:
        """Own hand and bid; of the others only the cards not yet revealed and whether they bid."""
        return {
            "prize": self.prize,
            "prizes_left": sorted(self.prizes),
            "won": self.won,
            "my_hand": sorted(self.hands[player]),
            "my_bid": self.bids[player],
            "others": {
                str(q): {
                    "unrevealed": sorted(self.hands[q] + ([self.bids[q]] if self.bids[q] is not None else [])),
                    "has_bid": self.bids[q] is not None,
                }
                for q in range(self.num_players)
                if q != player
            },
        }

    def determinize(self, player: int, rng: random.Random) -> "GoofState":
        """Resample the sealed bids ``player`` has not seen from each bidder's unrevealed cards
        (in card order, so the sample depends on what the player sees alone)."""
        other = self.clone()
        for q, bid in enumerate(self.bids):
            if q != player and bid is not None:
                pool = sorted(self.hands[q] + [bid])
                other.bids[q] = pool.pop(rng.randrange(len(pool)))
                other.hands[q] = pool
        return other

    def render(self, player: int | None):
        from rich.table import Table

        table = Table(title=f"Goofspiel — prize on the table: {self.prize or '-'}", title_justify="left")
        table.add_column("player")
        table.add_column("won")
        table.add_column("points", justify="right")
        table.add_column("cards left")
        table.add_column("bid")
        for q in range(self.num_players):
            mine = player is None or q == player
            left = " ".join(map(str, sorted(self.hands[q]))) if mine else f"{len(self.hands[q]) + (self.bids[q] is not None)} cards"
            bid = self.bids[q] if mine else ("sealed" if self.bids[q] is not None else "")
            table.add_row(f"P{q + 1}", " ".join(map(str, self.won[q])), str(sum(self.won[q])), str(left), str(bid or ""))
        return table


def new_state(components: None, setup: dict) -> GoofState:
    return GoofState(setup["players"], setup["deck"])


def state_from_dict(components: None, data: dict) -> GoofState:
    state = GoofState(data["num_players"], data["deck"])
    GoofState.FIELDS.load(state, data)
    return state


def sheet_from_state(components: None, state: GoofState) -> dict:
    return {"player": [{"name": f"Player {q + 1}", "prizes": list(state.won[q])} for q in range(state.num_players)]}


# -- the action space: a bid and a prize are both a card, numbered by its value ----------------
#: The largest deck the ``deck`` option offers: every card's index is below it.
LARGEST_DECK = 13


def num_actions(components: None, players: int) -> int:
    return LARGEST_DECK


def max_game_length(components: None, players: int) -> int:
    return LARGEST_DECK * players  # every seat bids every card of the largest deck


def action_index(components: None, action: int) -> int:
    return action - 1


def action_from_index(components: None, state: GoofState, index: int) -> int:
    return index + 1


# -- the observation tensor: what a seat sees, as 0/1 numbers over the largest deck's cards -------
#: Per seat, in turn from the observer: the prizes it has won, the cards it has not revealed (hand
#: and a sealed bid), and whether it has bid this round.
_PER_SEAT = 2 * LARGEST_DECK + 1


def observation_shape(components: None, players: int) -> tuple[int, ...]:
    """The prize up, the prizes still to come, the observer's hand and its bid, then every seat."""
    return (4 * LARGEST_DECK + players * _PER_SEAT,)


def observation_tensor(components: None, state: GoofState, player: int) -> list[float]:
    """Made from the view alone, so every state the seat cannot tell apart gives the same numbers."""
    view = state.view(player)
    values = [0.0] * observation_shape(components, state.num_players)[0]

    def mark(offset: int, cards: list[int]) -> None:
        for card in cards:
            values[offset + card - 1] = 1.0

    mark(0, [view["prize"]] if view["prize"] is not None else [])
    mark(LARGEST_DECK, view["prizes_left"])
    mark(2 * LARGEST_DECK, view["my_hand"])
    mark(3 * LARGEST_DECK, [view["my_bid"]] if view["my_bid"] is not None else [])
    for turn in range(state.num_players):
        seat = (player + turn) % state.num_players
        offset = 4 * LARGEST_DECK + turn * _PER_SEAT
        mark(offset, view["won"][seat])
        if seat == player:
            mark(offset + LARGEST_DECK, view["my_hand"] + ([view["my_bid"]] if view["my_bid"] is not None else []))
            values[offset + 2 * LARGEST_DECK] = float(view["my_bid"] is not None)
        else:
            other = view["others"][str(seat)]
            mark(offset + LARGEST_DECK, other["unrevealed"])
            values[offset + 2 * LARGEST_DECK] = float(other["has_bid"])
    return values
