"""Bruges components: read from data/*.toml with the core's reader, validated, as immutable values.

Three shipped files: ``components.toml`` (rules, counts, start values, canal costs: confirmed, never
replaced), ``board.toml`` (scoring track length, reputation step values, canal space colours:
reconstructed) and
``persons.toml`` (the 165 person cards: reconstructed). A person's own ``--data FILE`` may hold any
of the replaceable tables — ``[[person]]`` (with an optional ``[persons]`` provenance table),
``[reputation]``, ``[canals]``, ``[scoring_track]`` — in the shipped format; each table it holds
replaces the shipped one whole, the others stay. Every error names ``file:line`` and the key.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict, cast

from bgkit.api import DataError, DataSet, Provenance, Table, load_tables

from bgkit_bruges.abilities import ACTIVATIONS, INFINITY_KINDS, Effect, ability_text, read_effect

SHIPPED = ("components.toml", "board.toml", "persons.toml")
REPLACEABLE = ("person", "persons", "reputation", "canals", "scoring_track")
#: what an unconfirmed table must say it reconstructs (``reconstructed = [...]``)
RECONSTRUCTED_PARTS = {
    "persons": ("names", "colours", "prices", "points", "activations", "groups", "abilities"),
    "canals": ("colours",),
    "reputation": ("points",),
    "scoring_track": ("spaces",),
}
GUARD_HOUSES = 4
CANAL_SPACES = 5
REPUTATION_STEPS = 12


@dataclass(frozen=True)
class Person:
    """One person card (its back is a house of the same colour). ``effect`` is what it does, in the
    vocabulary of :mod:`bgkit_bruges.abilities`; ``ability`` the card's own words if a card list gives
    them, else the effect's."""

    id: int
    name: str
    colour: str
    price: int
    points: int
    activation: str  # lightning | worker | infinity | laurel
    activation_colour: str  # the worker colour paid to activate; "" unless activation == "worker"
    group: str
    effect: Effect
    infinity: str = ""  # A | B | C for activation == "infinity", else ""
    ability: str = ""


@dataclass(frozen=True)
class GuardHouse:
    """A player's guard house and the colours of its two canal sections, space 1 first."""

    number: int
    left: tuple[str, ...]
    right: tuple[str, ...]


class Start(TypedDict):
    """What each player starts with (``[start]``)."""

    score: int
    reputation: int
    guilders: int
    coins_1: int
    coins_3: int
    workers_per_colour: int
    majority_markers: tuple[str, ...]


class Supply(TypedDict):
    """What the box holds (``[supply]``)."""

    workers_per_colour: int
    threats_per_colour: int
    coins_1: int
    coins_3: int
    canal_tokens: int
    point_tokens: int
    dice: int


class ScoringValues(TypedDict):
    """The points of final scoring and its limits (``[scoring]``)."""

    house: int
    majority_marker: int
    canal_space: int
    canal_space_points: int
    canal_sections: int
    canal_spaces_per_section: int
    max_statues: int
    point_token_values: tuple[int, ...]


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
    start: Start
    supply: Supply
    scoring: ScoringValues
    track_spaces: int
    reputation_points: tuple[int, ...]  # points of step 1..12
    canal_costs: tuple[int, ...]  # guilders for space 1..5 (confirmed, RS)
    guard_houses: tuple[GuardHouse, ...]
    persons: tuple[Person, ...]
    provenance: dict[str, Provenance]  # by table name
    own_persons: bool = False  # True when the card list came from --data
    persons_by_id: dict[int, Person] = field(default_factory=dict, compare=False)

    def is_confirmed(self, table: str) -> bool:
        return self.provenance[table].confirmed


def load(path: Path | None = None) -> Components:
    """The shipped components, with the replaceable tables of ``path`` (a person's file) swapped in."""
    data = load_tables("bgkit_bruges", SHIPPED, path)
    own = _own_tables(data, path)

    colours = _names(data.table("card_colours"), 5)
    player_colours = _names(data.table("player_colours"), 4)
    groups_table = data.table("groups")
    groups_table.only("names", "persons_per_group")
    groups = _names(groups_table, 11, key="names")
    per_group = groups_table.int("persons_per_group", 1)

    deck = data.table("deck")
    deck.only("cards", "stacks", "price_min", "price_max", "points_max", "points_rule")
    deck_size = deck.int("cards", 1)
    if deck_size != per_group * len(groups):
        raise deck.fail("cards", f"is {deck_size}, but {len(groups)} groups x {per_group} persons")
    price_min = deck.int("price_min", 0)
    price_max = deck.int("price_max", price_min)
    points_max = deck.int("points_max", 0)

    statues = data.table("statues")
    statues.only("bottom_to_top")
    start = _start(data.table("start"))
    # cast: _counts reads exactly these keys (the table holds no others), each a whole number
    supply = cast(Supply, _counts(data.table("supply"), ("workers_per_colour", "threats_per_colour", "coins_1",
                                                         "coins_3", "canal_tokens", "point_tokens", "dice")))
    scoring_table = data.table("scoring")
    # cast: as the supply's, and the token values are set next
    scoring = cast(ScoringValues, _counts(scoring_table, ("house", "majority_marker", "canal_space",
                                                          "canal_space_points", "canal_sections",
                                                          "canal_spaces_per_section", "max_statues"),
                                          extra=("point_token_values",)))
    scoring["point_token_values"] = scoring_table.ints("point_token_values", 1)

    track = data.table("scoring_track")
    track.only("spaces")
    reputation = data.table("reputation")
    reputation.only("points")
    canal_costs_table = data.table("canal_costs")
    canal_costs_table.only("costs")
    canal_costs = canal_costs_table.ints("costs", 0, length=CANAL_SPACES)
    guard_houses = _canals(data.table("canals"), colours)

    persons = _persons(data, colours, groups, per_group, deck_size, (price_min, price_max), points_max)
    provenance = {name: data.table(name).provenance(RECONSTRUCTED_PARTS.get(name, ()))
                  for name in ("card_colours", "player_colours", "groups", "deck", "statues", "start", "supply",
                               "canal_costs", "scoring", "scoring_track", "reputation", "canals", "persons")}
    if "person" in own and "persons" not in own:
        provenance["persons"] = Provenance(True, f"your own card list ({path})", file=str(path))

    return Components(
        card_colours=colours,
        player_colours=player_colours,
        groups=groups,
        persons_per_group=per_group,
        deck_size=deck_size,
        stacks=deck.int("stacks", 1, deck_size),
        price_max=price_max,
        points_max=points_max,
        statues_bottom_to_top=statues.ints("bottom_to_top", 1),
        start=start,
        supply=supply,
        scoring=scoring,
        track_spaces=track.int("spaces", 1),
        reputation_points=reputation.ints("points", 0, length=REPUTATION_STEPS),
        canal_costs=canal_costs,
        guard_houses=guard_houses,
        persons=persons,
        provenance=provenance,
        own_persons="person" in own,
        persons_by_id={p.id: p for p in persons},
    )


def _own_tables(data: DataSet, path: Path | None) -> set[str]:
    """The tables a person's file replaced; only the unconfirmed ones may be."""
    if path is None:
        return set()
    own = {name for name in data.values if data.origin(name) == str(path)}
    for name in own:
        if name not in REPLACEABLE:
            raise DataError(f"{name}: confirmed by the sources, cannot be replaced; a data file may hold "
                            f"{', '.join(REPLACEABLE)}", data.files[name].where((name,)))
    if "persons" in own and "person" not in own:
        raise data.table("persons").fail(None, "describes a card list, but the file has no [[person]] entries")
    return own


def _names(table: Table, count: int, key: str = "colours") -> tuple[str, ...]:
    names = table.texts(key, length=count)
    if len(set(names)) != count:
        raise table.fail(key, f"must list {count} different names")
    return names


def _counts(table: Table, keys: tuple[str, ...], extra: tuple[str, ...] = ()) -> dict[str, int]:
    table.only(*keys, *extra)
    return {key: table.int(key, 0) for key in keys}


def _start(table: Table) -> Start:
    # cast: as the supply's, and the markers are set below
    start = cast(Start, _counts(table, ("score", "reputation", "guilders", "coins_1", "coins_3",
                                        "workers_per_colour"), extra=("majority_markers",)))
    if start["coins_1"] + 3 * start["coins_3"] != start["guilders"]:
        raise table.fail("guilders", f"is {start['guilders']}, but the coins are {start['coins_1']} x 1 + "
                                     f"{start['coins_3']} x 3")
    start["majority_markers"] = table.texts("majority_markers", length=3)
    return start


def _canals(table: Table, colours: tuple[str, ...]) -> tuple[GuardHouse, ...]:
    table.only("guard_house")
    rows = table.rows("guard_house")
    if len(rows) != GUARD_HOUSES:
        raise table.fail("guard_house", f"must list {GUARD_HOUSES} guard houses, not {len(rows)}")
    houses = []
    for row in rows:
        row.only("number", "left", "right")
        houses.append(GuardHouse(row.int("number", 1, GUARD_HOUSES),
                                 row.texts("left", colours, CANAL_SPACES), row.texts("right", colours, CANAL_SPACES)))
    if sorted(h.number for h in houses) != list(range(1, GUARD_HOUSES + 1)):
        raise table.fail("guard_house", f"numbers must be 1..{GUARD_HOUSES}, each once")
    return tuple(sorted(houses, key=lambda h: h.number))


_PERSON_KEYS = ("id", "name", "colour", "price", "points", "activation", "activation_colour", "infinity", "group",
                "effect", "ability", "note")


def _persons(
    data: DataSet, colours: tuple[str, ...], groups: tuple[str, ...], per_group: int, deck_size: int,
    prices: tuple[int, int], points_max: int,
) -> tuple[Person, ...]:
    rows = data.rows("person")
    if len(rows) != deck_size:
        raise DataError(f"person: lists {len(rows)} persons; Bruges has {deck_size}, each once",
                        data.files["person"].where(("person", 0)))
    persons: list[Person] = []
    seen_ids: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    for i, row in enumerate(rows):
        row.only(*_PERSON_KEYS)
        pid = row.int("id", 1, deck_size)
        if pid in seen_ids:
            raise row.fail("id", f"{pid} is also the id of person[{seen_ids[pid]}]")
        seen_ids[pid] = i
        name = row.text("name")
        if name in seen_names:
            raise row.fail("name", f"{name!r} is also person[{seen_names[name]}]; every person exists once")
        seen_names[name] = i
        activation = row.text("activation", ACTIVATIONS)
        worker = row.text("activation_colour", colours, default="")
        if activation == "worker" and not worker:
            raise row.fail("activation_colour", f"missing: a worker-activated person needs the worker colour, "
                                                f"one of {', '.join(colours)}")
        if activation != "worker" and worker:
            raise row.fail("activation_colour", f"only worker-activated persons have one (this one is {activation})")
        infinity = row.text("infinity", INFINITY_KINDS, default="")
        if activation == "infinity" and not infinity:
            raise row.fail("infinity", "missing: an infinity person is of kind A (free once a round), B (changes an "
                                       "action each time) or C (acts whenever its situation arises)")
        if activation != "infinity" and infinity:
            raise row.fail("infinity", f"only infinity persons have a kind (this one is {activation})")
        effect = read_effect(row, activation, infinity, colours, groups)
        row.text("note", default="")
        persons.append(Person(
            id=pid,
            name=name,
            colour=row.text("colour", colours),
            price=row.int("price", *prices),
            points=row.int("points", 0, points_max),
            activation=activation,
            activation_colour=worker,
            group=row.text("group", groups),
            effect=effect,
            infinity=infinity,
            ability=row.text("ability", default="") or ability_text(activation, infinity, worker, effect, colours),
        ))
    counts = Counter(p.group for p in persons)
    short = [f"{group} {counts[group]}" for group in groups if counts[group] < per_group]
    if short:  # the deck size is right, so another group is over-full: point at its first extra person
        over = next(group for group in groups if counts[group] > per_group)
        extra = [i for i, p in enumerate(persons) if p.group == over][per_group]
        raise rows[extra].fail("group", f"{over} has {counts[over]} persons, {', '.join(short)}; every group has "
                                        f"{per_group}")
    return tuple(sorted(persons, key=lambda p: p.id))
