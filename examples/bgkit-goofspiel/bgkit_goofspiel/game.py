"""Goofspiel: each round a prize card is revealed (chance) and every player bids one card from
their hand face down (sealed); the highest bid wins the prize, a tie for highest discards it.
After the last card the player with the most prize points wins.
"""

from __future__ import annotations

import random

from bgkit.errors import SheetError
from bgkit.game import CHANCE, TERMINAL, Game, Option, State
from bgkit.ranking import ScoreResult, build_result
from bgkit.sheets import Field, Sheet


class GoofState(State):
    __slots__ = ("num_players", "deck", "hands", "prizes", "prize", "bids", "won")

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
        return f"prize {action}" if self.prize is None else f"bid {action}"

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

    def clone(self) -> "GoofState":
        other = GoofState.__new__(GoofState)
        other.num_players, other.deck, other.prize = self.num_players, self.deck, self.prize
        other.hands = [list(h) for h in self.hands]
        other.prizes = list(self.prizes)
        other.bids = list(self.bids)
        other.won = [list(w) for w in self.won]
        return other

    def scores(self) -> list[float]:
        return [float(sum(w)) for w in self.won]

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
        """Resample the sealed bids ``player`` has not seen from each bidder's unrevealed cards."""
        other = self.clone()
        for q, bid in enumerate(self.bids):
            if q != player and bid is not None:
                other.hands[q].append(bid)
                other.bids[q] = other.hands[q].pop(rng.randrange(len(other.hands[q])))
        return other

    def to_dict(self) -> dict:
        return {
            "num_players": self.num_players,
            "deck": self.deck,
            "hands": self.hands,
            "prizes": self.prizes,
            "prize": self.prize,
            "bids": self.bids,
            "won": self.won,
        }

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
            left = sorted(self.hands[q]) if mine else f"{len(self.hands[q]) + (self.bids[q] is not None)} cards"
            bid = self.bids[q] if mine else ("sealed" if self.bids[q] is not None else "")
            table.add_row(f"P{q + 1}", " ".join(map(str, self.won[q])), str(sum(self.won[q])), str(left), str(bid or ""))
        return table


class Goofspiel(Game):
    options = (Option("deck", ("13", "8", "5"), "13", "cards per suit: 13 is the full game, 5 a quick one"),)

    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        # Every random event of Goofspiel (the prize draws) is a chance node during play.
        return {"players": players, "deck": int(options["deck"])}

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        return 1

    def render_setup(self, setup: dict) -> str:
        deck = setup["deck"]
        return (
            f"Each of the {setup['players']} players takes the cards 1-{deck} of one suit.\n"
            f"Shuffle the cards 1-{deck} of another suit face down: the prizes, turned up one a round."
        )

    def new_state(self, setup: dict) -> GoofState:
        return GoofState(setup["players"], setup["deck"])

    def state_from_dict(self, data: dict) -> GoofState:
        state = GoofState(data["num_players"], data["deck"])
        state.hands, state.prizes, state.prize = data["hands"], data["prizes"], data["prize"]
        state.bids, state.won = data["bids"], data["won"]
        return state

    def sheet_fields(self, players: int) -> list[Field]:
        return [Field("prizes", "the prize cards this player won", kind=list, minimum=1, maximum=13, max_items=13)]

    def check_sheet(self, sheet: Sheet) -> None:
        seen: set[int] = set()
        for index, values in enumerate(sheet.players):
            for card in values["prizes"]:
                if card in seen:
                    raise SheetError(f"prize card {card} is listed twice (there is one of each)", "prizes", index)
                seen.add(card)

    def score_sheet(self, sheet: Sheet) -> ScoreResult:
        table = [{"prizes": float(sum(values["prizes"]))} for values in sheet.players]
        return build_result(self.info.id, sheet.names, table)

    def sheet_from_state(self, state: GoofState) -> dict:
        return {
            "game": self.info.id,
            "player": [{"name": f"Player {q + 1}", "prizes": list(state.won[q])} for q in range(state.num_players)],
        }
