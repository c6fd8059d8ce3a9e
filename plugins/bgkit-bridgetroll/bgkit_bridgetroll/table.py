"""What lies on the table, as plain fields: built from a setup, exported as a score sheet.

This is the state the play engine (a later issue) will move forward; it holds only ids (traveller
keys, colour names, upgrade values) and counts, so it is cheap to copy and serialises to JSON as is.
Scoring stays in one place: a finished table becomes the same sheet a person fills in.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Bridge:
    """One player's board and what lies around it."""

    colour: str
    stones: dict[str, int]  # stones under the board, by colour
    vp_tokens: int  # face-down victory points above the board
    food: list[str] = field(default_factory=list)  # traveller keys on the food side (left)
    toll: list[str] = field(default_factory=list)  # traveller keys on the toll side (right)
    hand: list[str] = field(default_factory=list)  # special travellers kept in hand
    upgrades: list[int] = field(default_factory=list)  # bridge upgrade cards bought

    def stone_count(self) -> int:
        return sum(self.stones.values())

    def clone(self) -> "Bridge":
        return Bridge(
            self.colour, dict(self.stones), self.vp_tokens, list(self.food), list(self.toll), list(self.hand),
            list(self.upgrades),
        )


@dataclass
class Table:
    """The whole table. Seats are 0-based here (the setup prints them from 1)."""

    bridges: list[Bridge]
    pool: dict[str, int]  # the common stone pool, by colour
    deck: list[str]  # traveller keys, top first (empty when the order is left to chance)
    deck_order_known: bool  # False: the setup said "shuffle at the table"; draws are chance
    deck_size: int
    discard: list[str]
    upgrade_pile: list[int]  # top first
    start_player: int
    trophies: list[str]
    trophy_bonus: int
    round: int = 1

    @property
    def players(self) -> int:
        return len(self.bridges)

    @classmethod
    def from_setup(cls, setup: dict) -> "Table":
        bridges = [
            Bridge(colour=seat["colour"], stones={seat["colour"]: seat["stones"]}, vp_tokens=seat["victory_points"])
            for seat in setup["seats"]
        ]
        return cls(
            bridges=bridges,
            pool=dict(setup["pool"]),
            deck=list(setup.get("deck", [])),
            deck_order_known="deck" in setup,
            deck_size=setup["deck_size"],
            discard=[],
            upgrade_pile=list(setup["upgrade_pile"]),
            start_player=setup["start_player"] - 1,
            trophies=list(setup["trophies"]),
            trophy_bonus=setup["trophy_bonus"],
        )

    def clone(self) -> "Table":
        return Table(
            bridges=[b.clone() for b in self.bridges],
            pool=dict(self.pool),
            deck=list(self.deck),
            deck_order_known=self.deck_order_known,
            deck_size=self.deck_size,
            discard=list(self.discard),
            upgrade_pile=list(self.upgrade_pile),
            start_player=self.start_player,
            trophies=list(self.trophies),
            trophy_bonus=self.trophy_bonus,
            round=self.round,
        )

    def to_dict(self) -> dict:
        return {
            "bridges": [
                {
                    "colour": b.colour,
                    "stones": dict(b.stones),
                    "vp_tokens": b.vp_tokens,
                    "food": list(b.food),
                    "toll": list(b.toll),
                    "hand": list(b.hand),
                    "upgrades": list(b.upgrades),
                }
                for b in self.bridges
            ],
            "pool": dict(self.pool),
            "deck": list(self.deck),
            "deck_order_known": self.deck_order_known,
            "deck_size": self.deck_size,
            "discard": list(self.discard),
            "upgrade_pile": list(self.upgrade_pile),
            "start_player": self.start_player,
            "trophies": list(self.trophies),
            "trophy_bonus": self.trophy_bonus,
            "round": self.round,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Table":
        fields = dict(data)
        fields["bridges"] = [Bridge(**bridge) for bridge in data["bridges"]]
        return cls(**fields)

    def stones_on_table(self) -> int:
        return sum(self.pool.values()) + sum(b.stone_count() for b in self.bridges)

    def to_sheet(self, names: list[str] | None = None) -> dict:
        """The score sheet a person would fill in from this table (scored by ``scoring``)."""
        names = names or [f"Player {i + 1}" for i in range(self.players)]
        return {
            "player": [
                {"name": name, "vp_tokens": b.vp_tokens, "upgrades": list(b.upgrades), "stones": b.stone_count()}
                for name, b in zip(names, self.bridges)
            ],
        }
