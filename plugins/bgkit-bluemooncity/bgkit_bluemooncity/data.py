"""Component data: read the shipped TOML tables (or a person's own file over them) and validate them.

The shipped files are ``data/table.toml`` (obelisk, numbers by player count, supply),
``data/buildings.toml`` (the 21 tiles) and ``data/cards.toml`` (the 8 peoples' cards). A file
given with ``--data`` uses the same format and may hold any of those tables; each table it has
replaces the shipped table of the same name *whole* (``[building.library]`` replaces the Library,
``[obelisk]`` the obelisk), so the provenance written in it always belongs to its values. It cannot
add tiles or peoples the game does not have. Reading, types and ``file:line`` errors are the core's
(:mod:`bgkit.model.components`); this module keeps the components and the game's own checks.

Components are immutable values with ids, so the later play engine can use them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bgkit.api import DataError, Provenance, Table, load_tables

PACKAGE = "bgkit_bluemooncity"
SHIPPED_FILES = ("table.toml", "buildings.toml", "cards.toml")
#: Top-level tables that are collections of sub-tables by id; the others are single tables.
COLLECTIONS = ("building", "people", "player_count")
SINGLES = ("obelisk", "supply")
POSITIONS = ("centre", "north", "east", "south", "west")
REWARD_KINDS = ("crystals", "scales", "cards")
BUILDING_PARTS = ("boxes", "majority", "every", "neighbour")
PEOPLE_PARTS = ("values",)
PHASES = ("movement", "contribution")
CARDS_PER_PEOPLE = 10
PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class Reward:
    """What a player takes from the supply: crystals, golden scales, cards (drawn unseen)."""

    crystals: int = 0
    scales: int = 0
    cards: int = 0

    def text(self) -> str:
        bits = [
            f"{n} {word}{'' if n == 1 else 's'}"
            for n, word in ((self.crystals, "crystal"), (self.scales, "scale"), (self.cards, "card"))
            if n
        ]
        return " + ".join(bits) or "nothing"


@dataclass(frozen=True)
class Building:
    """A building tile. ``boxes`` are printed left to right; the left-most wins majority ties."""

    id: str
    name: str
    colour: str  # a people's card colour, "any" (palace) or "none" (courtyard)
    boxes: tuple[int, ...]
    position: str | None  # one of POSITIONS for the five fixed tiles, else None (placed at random)
    majority: Reward
    every: Reward
    neighbour: Reward
    provenance: Provenance

    def is_reconstructed(self, part: str) -> bool:
        return part in self.provenance.reconstructed


@dataclass(frozen=True)
class People:
    """One of the eight peoples: its card colour, its power and the values of its 10 cards."""

    id: str
    name: str
    colour: str
    phase: str
    dragon: str | None
    power_1: str
    power_2: str
    values: tuple[int, ...]
    provenance: Provenance


@dataclass(frozen=True, order=True)
class Card:
    """A card type; cards of one people with one value are interchangeable, so this is its id."""

    people: str
    value: int

    @property
    def id(self) -> str:
        return f"{self.people}-{self.value}"


@dataclass(frozen=True)
class PlayerCount:
    players: int
    scales: int
    offerings_to_win: int
    obelisk_boxes: int


@dataclass(frozen=True)
class Components:
    buildings: dict[str, Building]
    peoples: dict[str, People]
    obelisk: tuple[int, ...]  # box values, bottom row first
    counts: dict[int, PlayerCount]
    markers_per_player: int
    hand_size: int
    golden_scales: int
    dragons: tuple[str, ...]

    def count(self, players: int) -> PlayerCount:
        return self.counts[players]

    def obelisk_in_use(self, players: int) -> tuple[int, ...]:
        """The obelisk boxes used with ``players``, in the order they are filled (bottom up)."""
        used = self.counts[players].obelisk_boxes
        return self.obelisk[len(self.obelisk) - used:]

    def fixed_tiles(self) -> dict[str, Building]:
        """Position -> the tile fixed there."""
        return {b.position: b for b in self.buildings.values() if b.position is not None}

    def deck(self) -> tuple[Card, ...]:
        """All cards, people by people in data order."""
        return tuple(Card(p.id, v) for p in self.peoples.values() for v in p.values)

    def card_order(self, card_id: str) -> tuple[int, int]:
        """Sort key of a card id: people in data order, then value."""
        people, _, value = card_id.rpartition("-")
        return (list(self.peoples).index(people), int(value))

    def reconstructed_tables(self) -> list[str]:
        """``building.library``-style names of every table holding a reconstruction."""
        names = [f"building.{b.id}" for b in self.buildings.values() if not b.provenance.confirmed]
        return names + [f"people.{p.id}" for p in self.peoples.values() if not p.provenance.confirmed]


# -- loading ----------------------------------------------------------------------------------


def load(data: Path | str | None = None) -> Components:
    """The shipped components, with the tables of a person's own file ``data`` replacing theirs."""
    return _build(*_tables(data))


def _tables(own: Path | str | None) -> tuple[dict[str, Table], dict[str, dict[str, Table]]]:
    """The single tables and each collection's entries; a person's ``[building.library]``
    replaces only the Library (the collections are laid over the shipped ones entry by entry)."""
    data = load_tables(PACKAGE, SHIPPED_FILES, own, collections=COLLECTIONS)
    return {name: data.table(name) for name in SINGLES}, {name: data.entries(name) for name in COLLECTIONS}


def _reward(table: Table, key: str) -> Reward:
    reward = table.sub(key)
    for kind in reward.body:
        if kind not in REWARD_KINDS:
            raise reward.fail(kind, f"unknown reward (known: {', '.join(REWARD_KINDS)})")
    return Reward(**{kind: reward.int(kind, 0) for kind in reward.body})


def _build(singles: dict[str, Table], entries: dict[str, dict[str, Table]]) -> Components:
    supply = singles["supply"]
    supply.only("markers_per_player", "hand_size", "golden_scales", "dragons", "crystal_tokens")
    supply.provenance()
    markers = supply.int("markers_per_player", 1)
    golden_scales = supply.int("golden_scales", 0)
    dragons = supply.texts("dragons")

    obelisk_table = singles["obelisk"]
    obelisk_table.only("values")
    obelisk_table.provenance()
    obelisk = obelisk_table.ints("values", 1, 99)

    counts = _counts(entries["player_count"], markers, golden_scales, len(obelisk))
    peoples, colour_of = _peoples(entries["people"], dragons)
    hand_size = supply.int("hand_size", 1, CARDS_PER_PEOPLE * len(peoples) // max(PLAYER_COUNTS))
    buildings = _buildings(entries["building"], colour_of)
    return Components(
        buildings=buildings,
        peoples=peoples,
        obelisk=obelisk,
        counts=counts,
        markers_per_player=markers,
        hand_size=hand_size,
        golden_scales=golden_scales,
        dragons=dragons,
    )


def _counts(tables: dict[str, Table], markers: int, golden_scales: int, obelisk: int) -> dict[int, PlayerCount]:
    """The numbers of each player count; every count 2-4 must be there."""
    counts: dict[int, PlayerCount] = {}
    for key, t in tables.items():
        if key not in {str(p) for p in PLAYER_COUNTS}:
            raise t.fail(None, "Blue Moon City is for 2-4 players")
        t.only("scales", "offerings_to_win", "obelisk_boxes")
        t.provenance()
        counts[int(key)] = PlayerCount(
            players=int(key),
            scales=t.int("scales", 1, golden_scales),
            offerings_to_win=t.int("offerings_to_win", 1, markers),
            obelisk_boxes=t.int("obelisk_boxes", 1, obelisk),
        )
    for players in PLAYER_COUNTS:
        if players not in counts:
            raise DataError(f"player_count.{players}: missing table", f"{PACKAGE}/data/table.toml")
    return counts


def _peoples(tables: dict[str, Table], dragons: tuple[str, ...]) -> tuple[dict[str, People], dict[str, str]]:
    """The peoples, and which people has each card colour (a colour belongs to one people)."""
    peoples: dict[str, People] = {}
    colour_of: dict[str, str] = {}  # card colour -> people id
    for pid, t in tables.items():
        t.only("name", "colour", "phase", "dragon", "power_1", "power_2", "values")
        colour = t.text("colour")
        if colour in colour_of:
            raise t.fail("colour", f"{colour!r} is already the card colour of people.{colour_of[colour]}")
        colour_of[colour] = pid
        peoples[pid] = People(
            id=pid,
            name=t.text("name"),
            colour=colour,
            phase=t.text("phase", PHASES),
            dragon=t.text("dragon", dragons, default=None),
            power_1=t.text("power_1"),
            power_2=t.text("power_2"),
            values=t.ints("values", 1, 3, length=CARDS_PER_PEOPLE),
            provenance=t.provenance(PEOPLE_PARTS),
        )
    return peoples, colour_of


def _buildings(tables: dict[str, Table], colour_of: dict[str, str]) -> dict[str, Building]:
    """The tiles; every fixed position must hold one."""
    buildings: dict[str, Building] = {}
    holder: dict[str, str] = {}  # position -> id of the tile fixed there
    for bid, t in tables.items():
        t.only("name", "colour", "boxes", "position", "majority", "every", "neighbour")
        colour = t.text("colour", tuple(sorted(colour_of)) + ("any", "none"))
        boxes = t.ints("boxes", 1, 9)
        if (colour == "none") != (not boxes):
            raise t.fail("boxes", "only a tile of colour 'none' (the courtyard) has no boxes")
        if len(boxes) > 4:
            raise t.fail("boxes", f"a tile has at most 4 boxes, not {len(boxes)}")
        position = t.text("position", POSITIONS, default=None)
        if position == "centre" and boxes:
            raise t.fail("position", "the centre tile is the courtyard, which has no boxes")
        if position in holder:
            raise t.fail("position", f"{position!r} already holds building.{holder[position]}")
        if position is not None:
            holder[position] = bid
        buildings[bid] = Building(
            id=bid,
            name=t.text("name"),
            colour=colour,
            boxes=boxes,
            position=position,
            majority=_reward(t, "majority"),
            every=_reward(t, "every"),
            neighbour=_reward(t, "neighbour"),
            provenance=t.provenance(BUILDING_PARTS),
        )
    for position in POSITIONS:
        if position not in holder:
            # the shipped tiles fill every position, so a person's file (if any) took it away
            files = sorted({t.file.name for t in tables.values()}, key=lambda f: f == f"{PACKAGE}/data/buildings.toml")
            raise DataError(f"building: no tile has position = {position!r}", files[0])
    return buildings
