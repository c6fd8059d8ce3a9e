"""Component data: read the shipped TOML tables (or a person's own file over them) and validate them.

The shipped files are ``data/table.toml`` (obelisk, numbers by player count, supply),
``data/buildings.toml`` (the 21 tiles) and ``data/cards.toml`` (the 8 peoples' cards). A file
given with ``--data`` uses the same format and may hold any of those tables; each table it has
replaces the shipped table of the same name *whole* (``[building.library]`` replaces the Library,
``[obelisk]`` the obelisk), so the provenance written in it always belongs to its values. It cannot
add tiles or peoples the game does not have.

Components are immutable values with ids, so the later play engine can use them as they are.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from bgkit.errors import DataError

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
class Provenance:
    source: str
    confirmed: bool
    reconstructed: tuple[str, ...] = ()
    note: str = ""


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
    files: tuple[str, ...] = field(default=())

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


def load_components(data: Path | str | None = None) -> Components:
    """The shipped components, with the tables of a person's own file ``data`` replacing theirs."""
    tables: dict[str, Any] = {name: {} for name in COLLECTIONS}
    origin: dict[str, str] = {}  # "building.library" / "obelisk" -> file it came from
    files = []
    package = resources.files("bgkit_bluemooncity") / "data"
    for name in SHIPPED_FILES:
        where = f"bgkit_bluemooncity/data/{name}"
        _merge(tables, origin, _read(package.joinpath(name).read_text(encoding="utf-8"), where), where, own=False)
        files.append(where)
    if data is not None:
        where = str(data)
        try:
            text = Path(data).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"cannot read data file: {exc}", where) from None
        _merge(tables, origin, _read(text, where), where, own=True)
        files.append(where)
    return _build(tables, origin, tuple(files))


def _read(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", where) from None


def _merge(tables: dict, origin: dict, doc: dict, where: str, own: bool) -> None:
    for key, value in doc.items():
        if key in SINGLES:
            if not isinstance(value, dict):
                raise DataError(f"{key}: must be a table [{key}]", where)
            tables[key] = value
            origin[key] = where
        elif key in COLLECTIONS:
            if not isinstance(value, dict):
                raise DataError(f"{key}: must hold tables like [{key}.ID]", where)
            for item, body in value.items():
                if own and item not in tables[key]:
                    known = ", ".join(tables[key])
                    raise DataError(f"{key}.{item}: no such table in Blue Moon City (known: {known})", where)
                if not isinstance(body, dict):
                    raise DataError(f"{key}.{item}: must be a table [{key}.{item}]", where)
                tables[key][item] = body
                origin[f"{key}.{item}"] = where
        else:
            known = ", ".join(SINGLES + COLLECTIONS)
            raise DataError(f"{key}: unknown table (known: {known})", where)


class _Table:
    """Reads one TOML table, raising DataError with file and key on anything malformed."""

    def __init__(self, body: dict, key: str, where: str):
        self.body, self.key, self.where = body, key, where

    def fail(self, name: str | None, problem: str) -> DataError:
        return DataError(f"{self.key}{'.' + name if name else ''}: {problem}", self.where)

    def get(self, name: str, kind: type, default: Any = ...) -> Any:
        if name not in self.body:
            if default is ...:
                raise self.fail(name, "missing")
            return default
        value = self.body[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(name, f"must be a whole number, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(name, f"must be {kind.__name__}, not {value!r}")
        return value

    def int(self, name: str, low: int, high: int | None = None, default: Any = ...) -> int:
        value = self.get(name, int, default)
        if value < low or (high is not None and value > high):
            raise self.fail(name, f"must be {low}..{'' if high is None else high}, not {value}")
        return value

    def text(self, name: str, choices: tuple[str, ...] | None = None, default: Any = ...) -> str:
        if name not in self.body and default is not ...:
            return default
        value = self.get(name, str)
        if choices is not None and value not in choices:
            raise self.fail(name, f"must be one of {', '.join(choices)}, not {value!r}")
        if not value.strip():
            raise self.fail(name, "must not be empty")
        return value

    def ints(self, name: str, low: int, high: int) -> tuple[int, ...]:
        values = self.get(name, list)
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise self.fail(name, f"every value must be a whole number {low}..{high}, not {value!r}")
        return tuple(values)

    def reward(self, name: str) -> Reward:
        body = self.get(name, dict)
        for kind, value in body.items():
            if kind not in REWARD_KINDS:
                raise self.fail(name, f"unknown reward {kind!r} (known: {', '.join(REWARD_KINDS)})")
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise self.fail(f"{name}.{kind}", f"must be a whole number 0.., not {value!r}")
        return Reward(**body)

    def provenance(self, parts: tuple[str, ...]) -> Provenance:
        source = self.text("source")
        confirmed = self.get("confirmed", bool)
        reconstructed = tuple(self.get("reconstructed", list, [] if confirmed else list(parts)))
        for part in reconstructed:
            if part not in parts:
                raise self.fail("reconstructed", f"unknown part {part!r} (parts: {', '.join(parts)})")
        if confirmed and reconstructed:
            raise self.fail("confirmed", "is true but the table lists reconstructed parts")
        if not confirmed and parts and not reconstructed:
            raise self.fail("confirmed", "is false but the table lists no reconstructed parts")
        return Provenance(source, confirmed, reconstructed, self.text("note", default=""))

    def no_extra(self, allowed: tuple[str, ...]) -> None:
        for name in self.body:
            if name not in allowed:
                raise self.fail(name, f"unknown key (known: {', '.join(allowed)})")


_PROVENANCE_KEYS = ("source", "confirmed", "reconstructed", "note")


def _build(tables: dict, origin: dict, files: tuple[str, ...]) -> Components:
    def table(key: str, body: dict) -> _Table:
        return _Table(body, key, origin.get(key, files[0]))

    for single in SINGLES:
        if single not in tables:
            raise DataError(f"{single}: missing table", files[0])

    peoples: dict[str, People] = {}
    for pid, body in tables["people"].items():
        t = table(f"people.{pid}", body)
        t.no_extra(("name", "colour", "phase", "dragon", "power_1", "power_2", "values") + _PROVENANCE_KEYS)
        values = t.ints("values", 1, 3)
        if len(values) != CARDS_PER_PEOPLE:
            raise t.fail("values", f"a people has {CARDS_PER_PEOPLE} cards, not {len(values)}")
        peoples[pid] = People(
            id=pid,
            name=t.text("name"),
            colour=t.text("colour"),
            phase=t.text("phase", PHASES),
            dragon=t.text("dragon", default=None),
            power_1=t.text("power_1"),
            power_2=t.text("power_2"),
            values=values,
            provenance=t.provenance(PEOPLE_PARTS),
        )
    colours = {p.colour for p in peoples.values()}
    if len(colours) != len(peoples):
        raise DataError("people: two peoples share a card colour", origin.get("people", files[-1]))

    buildings: dict[str, Building] = {}
    for bid, body in tables["building"].items():
        t = table(f"building.{bid}", body)
        t.no_extra(("name", "colour", "boxes", "position", "majority", "every", "neighbour") + _PROVENANCE_KEYS)
        colour = t.text("colour", tuple(sorted(colours)) + ("any", "none"))
        boxes = t.ints("boxes", 1, 9)
        if (colour == "none") != (not boxes):
            raise t.fail("boxes", "only a tile of colour 'none' (the courtyard) has no boxes")
        if len(boxes) > 4:
            raise t.fail("boxes", f"a tile has at most 4 boxes, not {len(boxes)}")
        buildings[bid] = Building(
            id=bid,
            name=t.text("name"),
            colour=colour,
            boxes=boxes,
            position=t.text("position", POSITIONS, default=None),
            majority=t.reward("majority"),
            every=t.reward("every"),
            neighbour=t.reward("neighbour"),
            provenance=t.provenance(BUILDING_PARTS),
        )
    for position in POSITIONS:
        holders = [b for b in buildings.values() if b.position == position]
        if len(holders) != 1:
            names = ", ".join(b.id for b in holders) or "no tile"
            where = origin.get(f"building.{holders[-1].id}", files[0]) if holders else files[0]
            raise DataError(f"building: position {position!r} must hold exactly one tile, not {names}", where)
    centre = next(b for b in buildings.values() if b.position == "centre")
    if centre.boxes:
        where = origin.get(f"building.{centre.id}", files[0])
        raise DataError(f"building.{centre.id}.position: the centre tile is the courtyard, which has no boxes", where)

    supply = table("supply", tables["supply"])
    supply.no_extra(("markers_per_player", "hand_size", "golden_scales", "dragons", "crystal_tokens") + _PROVENANCE_KEYS)
    markers = supply.int("markers_per_player", 1)
    hand_size = supply.int("hand_size", 1)
    golden_scales = supply.int("golden_scales", 0)
    dragons = tuple(supply.get("dragons", list))
    if not all(isinstance(d, str) and d for d in dragons):
        raise supply.fail("dragons", f"must be a list of dragon colours, not {list(dragons)!r}")
    for people in peoples.values():
        if people.dragon is not None and people.dragon not in dragons:
            where = origin.get(f"people.{people.id}", files[0])
            raise DataError(f"people.{people.id}.dragon: no {people.dragon!r} dragon (dragons: {', '.join(dragons)})", where)
    supply.provenance(())
    if hand_size * max(PLAYER_COUNTS) > CARDS_PER_PEOPLE * len(peoples):
        raise supply.fail("hand_size", f"{max(PLAYER_COUNTS)} hands of {hand_size} need more than the deck's cards")

    obelisk_table = table("obelisk", tables["obelisk"])
    obelisk_table.no_extra(("values",) + _PROVENANCE_KEYS)
    obelisk = obelisk_table.ints("values", 1, 99)
    obelisk_table.provenance(())

    counts: dict[int, PlayerCount] = {}
    for players in PLAYER_COUNTS:
        key = f"player_count.{players}"
        if str(players) not in tables["player_count"]:
            raise DataError(f"{key}: missing table", files[0])
        t = table(key, tables["player_count"][str(players)])
        t.no_extra(("scales", "offerings_to_win", "obelisk_boxes") + _PROVENANCE_KEYS)
        t.provenance(())
        counts[players] = PlayerCount(
            players=players,
            scales=t.int("scales", 1, golden_scales),
            offerings_to_win=t.int("offerings_to_win", 1, markers),
            obelisk_boxes=t.int("obelisk_boxes", 1, len(obelisk)),
        )
    extra = [k for k in tables["player_count"] if k not in {str(p) for p in PLAYER_COUNTS}]
    if extra:
        raise DataError(f"player_count.{extra[0]}: Blue Moon City is for 2-4 players", origin.get(f"player_count.{extra[0]}", files[0]))

    return Components(
        buildings=buildings,
        peoples=peoples,
        obelisk=obelisk,
        counts=counts,
        markers_per_player=markers,
        hand_size=hand_size,
        golden_scales=golden_scales,
        dragons=dragons,
        files=files,
    )
