"""Bridge Troll's component data: read from ``data/components.toml``, validated, made immutable.

Reading, merging and located errors are the core's (:mod:`bgkit.model.components`): a person's own file
(``--data FILE``) has the same format and may hold any of the top-level tables; each table it holds
replaces the shipped one whole, the rest stay as shipped. Every problem is a
:class:`bgkit.api.DataError` naming ``file:line`` and the key. What is Bridge Troll's own lives
here: the immutable components, and the checks across keys and tables (stones per colour, deck size,
what each kind of traveller may carry, schedules matching the weather die).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from bgkit.api import Provenance, Table, load_tables

PACKAGE = "bgkit_bridgetroll"
SHIPPED = "components.toml"
TABLES = (
    "colours",
    "stones",
    "victory_points",
    "trophies",
    "upgrades",
    "upgrade_costs",
    "weather",
    "schedules",
    "travellers",
)
PLAYER_COUNTS = (3, 4, 5, 6)
KINDS = ("normal", "royal", "special", "hazard")
#: The effects the rulebook gives the gold (special) and red (hazard) cards.
EFFECTS = {
    "special": ("peek", "garlic", "jester", "miner", "messenger"),
    "hazard": ("knight", "bandit", "dragon", "goat"),
}
CARD_FIELDS = (
    "key",
    "name",
    "name_zh",
    "kind",
    "effect",
    "count",
    "toll",
    "food",
    "bonus",
    "ransom",
    "stones",
    "reward",
    "damage",
    "confirmed_fields",
)
GOAT_FIELDS = ("stones", "reward", "damage")
#: What an unconfirmed table lists in ``reconstructed`` (the colours table: the colour names).
RECONSTRUCTED_PARTS = {
    "schedules": tuple(f"{players} players" for players in PLAYER_COUNTS),
    "travellers": ("counts", "toll", "food", "bonus", "ransom", "goats"),
}


@dataclass(frozen=True)
class Traveller:
    """One kind of traveller card (``count`` copies in the deck); ``key`` is its id in setups and play."""

    key: str
    name: str
    name_zh: str
    kind: str
    effect: str
    count: int
    toll: int
    food: int
    bonus: int
    ransom: int
    stones: int
    reward: int
    damage: int
    confirmed_fields: tuple[str, ...]


@dataclass(frozen=True)
class Schedule:
    """One travel schedule card: travellers drawn per weather, stones a closed bridge takes per open one."""

    players: int
    travellers: Mapping[str, int]
    stones_per_open_player: int
    confirmed_values: tuple[str, ...]


@dataclass(frozen=True)
class Components:
    """Everything in the box that setup, scoring and (later) play need, as immutable values."""

    colours: tuple[str, ...]
    stones_per_colour: int
    stones_per_player: int
    pool_per_colour: int
    extra_pool_colours: Mapping[int, int]
    start_vp: int
    trophy_bonus: int
    vp_denominations: tuple[int, ...]
    trophies: tuple[str, ...]
    upgrades: tuple[int, ...]
    removed_upgrades: Mapping[int, tuple[int, ...]]
    upgrade_costs: Mapping[int, int]
    weather_faces: tuple[str, ...]
    schedules: Mapping[int, Schedule]
    travellers: tuple[Traveller, ...]
    deck_size: int
    provenance: Mapping[str, Provenance]

    # -- derived facts, by player count -----------------------------------------------------
    def traveller(self, key: str) -> Traveller:
        for card in self.travellers:
            if card.key == key:
                return card
        raise KeyError(key)

    def deck(self) -> list[str]:
        """The traveller deck before shuffling: each card key ``count`` times, in data order."""
        return [card.key for card in self.travellers for _ in range(card.count)]

    def upgrades_in_play(self, players: int) -> tuple[int, ...]:
        removed = set(self.removed_upgrades.get(players, ()))
        return tuple(value for value in self.upgrades if value not in removed)

    def upgrade_pile(self, players: int) -> tuple[int, ...]:
        """The upgrade pile as setup step 6 stacks it, top card first: "按号码由大到小", from the
        highest number down (15, 14, ..., 1; with 6 players 13 is on top)."""
        return tuple(sorted(self.upgrades_in_play(players), reverse=True))

    def extra_colours(self, players: int) -> int:
        """Colours nobody plays whose stones all go to the common pool (one with 3 players)."""
        return self.extra_pool_colours.get(players, 0)

    def pool_size(self, players: int) -> int:
        return players * self.pool_per_colour + self.extra_colours(players) * self.stones_per_colour

    def stones_in_play(self, players: int) -> int:
        """All stones on the table: players' own plus the common pool."""
        return players * self.stones_per_player + self.pool_size(players)

    def reconstructed_tables(self) -> list[str]:
        return [name for name, p in self.provenance.items() if not p.confirmed]


# -- loading ---------------------------------------------------------------------------------
def load(path: Path | str | None = None) -> Components:
    """The shipped components, with the tables of a person's own file ``path`` put in their place."""
    tables = load_tables(PACKAGE, (SHIPPED,), path)
    colours_table = tables.table("colours")
    colours_table.only("names")
    colours = colours_table.texts("names", length=6)
    if len(set(colours)) != len(colours):
        raise colours_table.fail("names", "names a colour twice")
    parts = dict(RECONSTRUCTED_PARTS, colours=colours)
    provenance = {name: _provenance(tables.table(name), parts.get(name, ())) for name in TABLES}

    stones = tables.table("stones")
    stones.only("per_colour", "per_player", "pool_per_colour", "extra_pool_colours")
    per_colour = stones.int("per_colour", 1)
    per_player = stones.int("per_player", 0)
    pool_per_colour = stones.int("pool_per_colour", 0)
    if per_player + pool_per_colour > per_colour:
        raise stones.fail(
            "pool_per_colour",
            f"{per_player} per player + {pool_per_colour} to the pool is more than the {per_colour} stones of a colour",
        )
    extra = {
        players: by.int(key, 0, len(colours) - players)  # colours nobody plays whose stones all go to the pool
        for players, key, by in _by_players(stones, "extra_pool_colours")
    }

    vp = tables.table("victory_points")
    vp.only("start", "trophy_bonus", "denominations")
    denominations = vp.ints("denominations", low=1)
    if not denominations:
        raise vp.fail("denominations", "must list at least one token value")

    trophies_table = tables.table("trophies")
    trophies_table.only("names")
    trophies = trophies_table.texts("names", length=6)

    up = tables.table("upgrades")
    up.only("values", "removed")
    values = up.ints("values", low=1)
    if not values or len(set(values)) != len(values):
        raise up.fail("values", "must list different card values, at least one")
    removed: dict[int, tuple[int, ...]] = {}
    for players, key, by in _by_players(up, "removed"):
        removed[players] = by.ints(key, low=1)
        if not set(removed[players]) <= set(values):
            raise by.fail(key, f"removes {sorted(set(removed[players]) - set(values))}, not in upgrades.values")

    cost_table = tables.table("upgrade_costs")
    cost_table.only("costs")
    costs = cost_table.ints("costs", low=0)
    if len(costs) != len(values):
        raise cost_table.fail(
            "costs", f"must give {len(values)} costs, one per card of upgrades.values, not {len(costs)}"
        )

    weather = tables.table("weather")
    weather.only("faces")
    faces = weather.texts("faces", length=6)
    travellers = _travellers(tables.table("travellers"))

    return Components(
        colours=colours,
        stones_per_colour=per_colour,
        stones_per_player=per_player,
        pool_per_colour=pool_per_colour,
        extra_pool_colours=MappingProxyType(extra),
        start_vp=vp.int("start", 0),
        trophy_bonus=vp.int("trophy_bonus", 0),
        vp_denominations=denominations,
        trophies=trophies,
        upgrades=values,
        removed_upgrades=MappingProxyType(removed),
        upgrade_costs=MappingProxyType(dict(zip(values, costs))),
        weather_faces=faces,
        schedules=MappingProxyType(_schedules(tables.table("schedules"), tuple(dict.fromkeys(faces)))),
        travellers=travellers,
        deck_size=sum(card.count for card in travellers),
        provenance=MappingProxyType(provenance),
    )


def _provenance(table: Table, parts: tuple[str, ...]) -> Provenance:
    """The core's provenance (an unconfirmed table with ``parts`` lists which are reconstructed),
    and a note is required where the table is a reconstruction."""
    provenance = table.provenance(parts)
    if not provenance.confirmed and not provenance.note.strip():
        raise table.fail("note", "missing: a table with confirmed = false must say what is reconstructed")
    return provenance


def _by_players(table: Table, key: str) -> list[tuple[int, str, Table]]:
    """The entries of an optional inline table keyed by player count (``{ "6" = [14, 15] }``):
    (player count, its key, the table to read it from)."""
    if not table.has(key):
        return []
    sub = table.sub(key)
    keys = tuple(str(players) for players in PLAYER_COUNTS)
    sub.only(*keys)
    return [(int(count), count, sub) for count in keys if sub.has(count)]


def _schedules(table: Table, weathers: tuple[str, ...]) -> dict[int, Schedule]:
    table.only(*(str(players) for players in PLAYER_COUNTS))
    out: dict[int, Schedule] = {}
    for players in PLAYER_COUNTS:
        card = table.sub(str(players))
        card.only("travellers", "stones_per_open_player", "confirmed_values")
        drawn = card.sub("travellers")
        if set(drawn.body) != set(weathers):  # the die's faces may come from another file
            raise card.fail(
                "travellers",
                f"must give a number for each weather on the die ({', '.join(weathers)}), "
                f"not for: {', '.join(drawn.body) or 'none'}",
            )
        out[players] = Schedule(
            players=players,
            travellers=MappingProxyType({weather: drawn.int(weather, 1) for weather in weathers}),
            stones_per_open_player=card.int("stones_per_open_player", 0),
            confirmed_values=card.texts("confirmed_values", weathers + ("stones_per_open_player",), default=()),
        )
    return out


def _travellers(table: Table) -> tuple[Traveller, ...]:
    table.only("deck_size", "card")
    deck_size = table.int("deck_size", 1)
    rows = table.rows("card")
    if not rows:
        raise table.fail("card", "needs [[travellers.card]] entries")
    cards: list[Traveller] = []
    for row in rows:
        card = _card(row)
        if any(card.key == other.key for other in cards):
            raise row.fail("key", f"{card.key!r} is the key of an earlier card too")
        cards.append(card)
    total = sum(card.count for card in cards)
    if total != deck_size:
        raise table.fail("deck_size", f"is {deck_size}, but the cards' counts add up to {total}")
    return tuple(cards)


def _card(row: Table) -> Traveller:
    """One ``[[travellers.card]]``: what its kind allows, all numbers whole and not negative."""
    row.only(*CARD_FIELDS)
    key = row.text("key")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", key):
        raise row.fail("key", f"must be a short id in lower case letters, digits and _, not {key!r}")
    kind = row.text("kind", KINDS)
    if kind in EFFECTS:
        effect = row.text("effect", EFFECTS[kind])
    elif row.has("effect"):
        raise row.fail("effect", f"a {kind} card has no effect")
    else:
        effect = ""
    if kind == "royal":
        ransom = row.int("ransom", 0)
    elif row.has("ransom"):
        raise row.fail("ransom", "only royal cards have a ransom")
    else:
        ransom = 0
    for field in GOAT_FIELDS:
        if effect != "goat" and row.has(field):
            raise row.fail(field, "only Billy Goats have stones, reward and damage")
    if kind == "hazard":
        for field in ("toll", "food", "bonus"):
            if row.int(field, 0, default=0):
                raise row.fail(field, "a hazard card has no toll, food or bonus")
    goat = effect == "goat"  # a goat must give all three; other cards have none
    return Traveller(
        key=key,
        name=row.text("name"),
        name_zh=row.text("name_zh", default=""),
        kind=kind,
        effect=effect,
        count=row.int("count", 1),
        toll=row.int("toll", 0, default=0),
        food=row.int("food", 0, default=0),
        bonus=row.int("bonus", 0, default=0),
        ransom=ransom,
        stones=row.int("stones", 1) if goat else 0,
        reward=row.int("reward", 0) if goat else 0,
        damage=row.int("damage", 0) if goat else 0,
        confirmed_fields=row.texts("confirmed_fields", CARD_FIELDS, default=()),
    )
