"""Bruges components: read from data/*.toml, validated, as immutable values.

Three shipped files: ``components.toml`` (rules, counts, start values: confirmed, never replaced),
``board.toml`` (scoring track length, reputation step values, canal spaces: reconstructed) and
``persons.toml`` (the 165 person cards: reconstructed). A person's own ``--data FILE`` may hold any
of the replaceable tables — ``[[person]]`` (with an optional ``[persons]`` provenance table),
``[reputation]``, ``[canals]``, ``[scoring_track]`` — in the shipped format; each table it holds
replaces the shipped one whole, the others stay. Every error names the file and the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from bgkit.errors import DataError

ACTIVATIONS = ("lightning", "worker", "infinity", "laurel")
REPLACEABLE = ("person", "persons", "reputation", "canals", "scoring_track")
GUARD_HOUSES = 4
REPUTATION_STEPS = 12


@dataclass(frozen=True)
class Person:
    """One person card (its back is a house of the same colour)."""

    id: int
    name: str
    colour: str
    price: int
    points: int
    activation: str  # lightning | worker | infinity | laurel
    activation_colour: str  # the worker colour paid to activate; "" unless activation == "worker"
    group: str
    ability: str = ""


@dataclass(frozen=True)
class GuardHouse:
    """A player's guard house and the colours of its two canal sections, space 1 first."""

    number: int
    left: tuple[str, ...]
    right: tuple[str, ...]


@dataclass(frozen=True)
class Provenance:
    table: str
    confirmed: bool
    source: str
    file: str


@dataclass(frozen=True)
class Components:
    """Everything printed in the box that setup and scoring need."""

    card_colours: tuple[str, ...]
    player_colours: tuple[str, ...]
    groups: tuple[str, ...]
    persons_per_group: int
    deck_size: int
    stacks: int
    price_max: int
    points_max: int
    statues_bottom_to_top: tuple[int, ...]
    start: dict[str, Any]
    supply: dict[str, Any]
    scoring: dict[str, Any]
    track_spaces: int
    reputation_points: tuple[int, ...]  # points of step 1..12
    canal_costs: tuple[int, ...]  # guilders for space 1..5
    guard_houses: tuple[GuardHouse, ...]
    persons: tuple[Person, ...]
    provenance: tuple[Provenance, ...]
    own_persons: bool = False  # True when the card list came from --data
    persons_by_id: dict[int, Person] = field(default_factory=dict, compare=False)

    def is_confirmed(self, table: str) -> bool:
        return all(p.confirmed for p in self.provenance if p.table == table)


def _shipped(name: str) -> tuple[dict, str]:
    ref = resources.files("bgkit_bruges") / "data" / name
    return _parse(ref.read_text(encoding="utf-8"), f"bgkit_bruges/data/{name}"), f"bgkit_bruges/data/{name}"


def _parse(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", where) from None


class _Reader:
    """Typed access to one file's tables; every error names the file and the dotted key."""

    def __init__(self, data: dict, where: str):
        self.data = data
        self.where = where

    def fail(self, key: str, message: str) -> DataError:
        return DataError(f"{key}: {message}", self.where)

    def table(self, name: str) -> dict:
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise self.fail(name, "missing table" if value is None else "must be a table")
        return value

    def get(self, table: dict, key: str, kind: type, path: str, low: int | None = None, high: int | None = None) -> Any:
        if key not in table:
            raise self.fail(f"{path}.{key}", "missing")
        value = table[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(f"{path}.{key}", f"must be a whole number, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(f"{path}.{key}", f"must be {kind.__name__}, not {value!r}")
        if kind is int and ((low is not None and value < low) or (high is not None and value > high)):
            raise self.fail(f"{path}.{key}", f"is {value}, must be {low}..{high if high is not None else ''}")
        return value

    def ints(self, table: dict, key: str, path: str, length: int | None = None, low: int = 0) -> tuple[int, ...]:
        values = self.get(table, key, list, path)
        if length is not None and len(values) != length:
            raise self.fail(f"{path}.{key}", f"must list {length} values, not {len(values)}")
        for i, value in enumerate(values):
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise self.fail(f"{path}.{key}[{i}]", f"must be a whole number >= {low}, not {value!r}")
        return tuple(values)

    def provenance(self, name: str) -> Provenance:
        table = self.table(name)
        confirmed = self.get(table, "confirmed", bool, name)
        source = self.get(table, "source", str, name)
        return Provenance(name, confirmed, source, self.where)


def load_components(path: Path | None = None) -> Components:
    """The shipped components, with the replaceable tables of ``path`` (a person's file) swapped in."""
    comp_data, comp_where = _shipped("components.toml")
    board_data, board_where = _shipped("board.toml")
    persons_data, persons_where = _shipped("persons.toml")
    comp = _Reader(comp_data, comp_where)
    sources = {name: _Reader(board_data, board_where) for name in ("reputation", "canals", "scoring_track")}
    sources["person"] = _Reader(persons_data, persons_where)
    own_persons = False
    if path is not None:
        own = _read_own(path)
        for name in ("reputation", "canals", "scoring_track"):
            if name in own.data:
                sources[name] = own
        if "person" in own.data:
            sources["person"] = own
            own_persons = True

    colours = _names(comp, "card_colours", "colours", 5)
    player_colours = _names(comp, "player_colours", "colours", 4)
    groups_table = comp.table("groups")
    groups = _names(comp, "groups", "names", 11)
    per_group = comp.get(groups_table, "persons_per_group", int, "groups", 1)
    deck = comp.table("deck")
    deck_size = comp.get(deck, "cards", int, "deck", 1)
    if deck_size != per_group * len(groups):
        raise comp.fail("deck.cards", f"is {deck_size}, but {len(groups)} groups x {per_group} persons")
    provenance = [comp.provenance(t) for t in ("card_colours", "player_colours", "groups", "deck", "statues",
                                               "start", "supply", "scoring")]

    track = sources["scoring_track"]
    track_spaces = track.get(track.table("scoring_track"), "spaces", int, "scoring_track", 1)
    rep = sources["reputation"]
    reputation_points = rep.ints(rep.table("reputation"), "points", "reputation", REPUTATION_STEPS)
    canals = sources["canals"]
    canal_costs, guard_houses = _canals(canals, colours)
    provenance += [track.provenance("scoring_track"), rep.provenance("reputation"), canals.provenance("canals")]

    people = sources["person"]
    persons = _persons(people, colours, groups, per_group, deck_size,
                       comp.get(deck, "price_max", int, "deck", 0), comp.get(deck, "points_max", int, "deck", 0))
    if "persons" in people.data:
        provenance.append(people.provenance("persons"))
    elif not own_persons:
        raise people.fail("persons", "missing table")
    else:
        provenance.append(Provenance("persons", True, f"your own card list ({path})", people.where))

    return Components(
        card_colours=colours,
        player_colours=player_colours,
        groups=groups,
        persons_per_group=per_group,
        deck_size=deck_size,
        stacks=comp.get(deck, "stacks", int, "deck", 1),
        price_max=comp.get(deck, "price_max", int, "deck", 0),
        points_max=comp.get(deck, "points_max", int, "deck", 0),
        statues_bottom_to_top=comp.ints(comp.table("statues"), "bottom_to_top", "statues"),
        start=dict(comp.table("start")),
        supply=dict(comp.table("supply")),
        scoring=dict(comp.table("scoring")),
        track_spaces=track_spaces,
        reputation_points=reputation_points,
        canal_costs=canal_costs,
        guard_houses=guard_houses,
        persons=persons,
        provenance=tuple(provenance),
        own_persons=own_persons,
        persons_by_id={p.id: p for p in persons},
    )


def _read_own(path: Path) -> _Reader:
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read data file: {exc}", where) from None
    reader = _Reader(_parse(text, where), where)
    unknown = [key for key in reader.data if key not in REPLACEABLE]
    if unknown:
        raise reader.fail(unknown[0], f"unknown table; a data file may hold {', '.join(REPLACEABLE)}")
    if not reader.data:
        raise DataError("the data file holds none of the tables " + ", ".join(REPLACEABLE), where)
    if "persons" in reader.data and "person" not in reader.data:
        raise reader.fail("persons", "describes a card list, but the file has no [[person]] entries")
    return reader


def _names(reader: _Reader, table: str, key: str, count: int) -> tuple[str, ...]:
    values = reader.get(reader.table(table), key, list, table)
    if len(values) != count or not all(isinstance(v, str) and v for v in values) or len(set(values)) != count:
        raise reader.fail(f"{table}.{key}", f"must list {count} different names")
    return tuple(values)


def _canals(reader: _Reader, colours: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[GuardHouse, ...]]:
    table = reader.table("canals")
    costs = reader.ints(table, "costs", "canals", 5)
    houses = reader.get(table, "guard_house", list, "canals")
    if len(houses) != GUARD_HOUSES:
        raise reader.fail("canals.guard_house", f"must list {GUARD_HOUSES} guard houses, not {len(houses)}")
    out = []
    for i, house in enumerate(houses):
        path = f"canals.guard_house[{i}]"
        if not isinstance(house, dict):
            raise reader.fail(path, "must be a table")
        number = reader.get(house, "number", int, path, 1, GUARD_HOUSES)
        sides = []
        for side in ("left", "right"):
            spaces = reader.get(house, side, list, path)
            if len(spaces) != 5:
                raise reader.fail(f"{path}.{side}", f"must list the colours of 5 spaces, not {len(spaces)}")
            for k, colour in enumerate(spaces):
                if colour not in colours:
                    raise reader.fail(f"{path}.{side}[{k}]", f"{colour!r} is not a card colour ({', '.join(colours)})")
            sides.append(tuple(spaces))
        out.append(GuardHouse(number, sides[0], sides[1]))
    if sorted(h.number for h in out) != list(range(1, GUARD_HOUSES + 1)):
        raise reader.fail("canals.guard_house", f"numbers must be 1..{GUARD_HOUSES}, each once")
    return costs, tuple(sorted(out, key=lambda h: h.number))


_PERSON_KEYS = {"id", "name", "colour", "price", "points", "activation", "activation_colour", "group", "ability", "note"}


def _persons(
    reader: _Reader, colours: tuple[str, ...], groups: tuple[str, ...], per_group: int, deck_size: int,
    price_max: int, points_max: int,
) -> tuple[Person, ...]:
    entries = reader.data.get("person")
    if not isinstance(entries, list):
        raise reader.fail("person", "missing: the card list is an array of [[person]] tables")
    if len(entries) != deck_size:
        raise reader.fail("person", f"lists {len(entries)} persons; Bruges has {deck_size}, each once")
    persons: list[Person] = []
    seen_ids: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    for i, entry in enumerate(entries):
        path = f"person[{i}]"
        if not isinstance(entry, dict):
            raise reader.fail(path, "must be a table")
        for key in entry:
            if key not in _PERSON_KEYS:
                raise reader.fail(f"{path}.{key}", f"unknown key (known: {', '.join(sorted(_PERSON_KEYS))})")
        pid = reader.get(entry, "id", int, path, 1, deck_size)
        if pid in seen_ids:
            raise reader.fail(f"{path}.id", f"id {pid} is also person[{seen_ids[pid]}]")
        seen_ids[pid] = i
        path = f"person[{i}] (id {pid})"
        name = reader.get(entry, "name", str, path)
        if not name.strip():
            raise reader.fail(f"{path}.name", "must not be empty")
        if name in seen_names:
            raise reader.fail(f"{path}.name", f"{name!r} is also person[{seen_names[name]}]; every person exists once")
        seen_names[name] = i
        colour = reader.get(entry, "colour", str, path)
        if colour not in colours:
            raise reader.fail(f"{path}.colour", f"{colour!r} is not one of {', '.join(colours)}")
        price = reader.get(entry, "price", int, path, 0, price_max)
        points = reader.get(entry, "points", int, path, 0, points_max)
        activation = reader.get(entry, "activation", str, path)
        if activation not in ACTIVATIONS:
            raise reader.fail(f"{path}.activation", f"{activation!r} is not one of {', '.join(ACTIVATIONS)}")
        worker = entry.get("activation_colour", "")
        if activation == "worker" and worker not in colours:
            raise reader.fail(f"{path}.activation_colour", f"a worker-activated person needs the worker colour, one of {', '.join(colours)}")
        if activation != "worker" and worker:
            raise reader.fail(f"{path}.activation_colour", f"only worker-activated persons have one (this one is {activation})")
        group = reader.get(entry, "group", str, path)
        if group not in groups:
            raise reader.fail(f"{path}.group", f"{group!r} is not one of {', '.join(groups)}")
        ability = entry.get("ability", "")
        if not isinstance(ability, str):
            raise reader.fail(f"{path}.ability", "must be text")
        persons.append(Person(pid, name, colour, price, points, activation, worker, group, ability))
    for group in groups:
        count = sum(1 for p in persons if p.group == group)
        if count != per_group:
            raise reader.fail("person", f"group {group} has {count} persons; every group has {per_group}")
    return tuple(sorted(persons, key=lambda p: p.id))
