"""Bridge Troll's component data: read from ``data/components.toml``, validated, made immutable.

A person's own file (``--data FILE``) has the same format and may hold any of the top-level
tables; each table it holds replaces the shipped one whole, the rest stay as shipped. Every
problem is a :class:`bgkit.errors.DataError` naming the file, line and key.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from bgkit.errors import DataError

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


@dataclass(frozen=True)
class Provenance:
    """Where a table comes from and whether a source confirms it."""

    confirmed: bool
    source: str
    note: str
    file: str


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

    def extra_colours(self, players: int) -> int:
        """Colours nobody plays whose stones all go to the common pool (one with 3 players)."""
        return self.extra_pool_colours.get(players, 0)

    def pool_size(self, players: int) -> int:
        return players * self.pool_per_colour + self.extra_colours(players) * self.stones_per_colour

    def stones_in_play(self, players: int) -> int:
        """All stones on the table: players' own plus the common pool."""
        return players * self.stones_per_player + self.pool_size(players)

    def status(self) -> str:
        """``confirmed``, ``partly reconstructed`` or ``reconstructed``, from the tables' flags."""
        flags = [p.confirmed for p in self.provenance.values()]
        if all(flags):
            return "confirmed"
        return "reconstructed" if not any(flags) else "partly reconstructed"

    def reconstructed_tables(self) -> list[str]:
        return [name for name, p in self.provenance.items() if not p.confirmed]


# -- loading ---------------------------------------------------------------------------------
def load(path: Path | str | None = None) -> Components:
    """The shipped components, with the tables of a person's own file ``path`` put in their place."""
    shipped_text = resources.files("bgkit_bridgetroll").joinpath("data", SHIPPED).read_text(encoding="utf-8")
    shipped_name = f"bgkit_bridgetroll/data/{SHIPPED}"
    tables = _parse(shipped_text, shipped_name)
    texts = {name: (shipped_name, shipped_text) for name in tables}
    if path is not None:
        path = Path(path)
        try:
            own_text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"cannot read data file: {exc}", str(path)) from None
        own = _parse(own_text, str(path))
        if not own:
            raise DataError(f"the data file has none of the tables {', '.join(TABLES)}", str(path))
        for name in own:
            texts[name] = (str(path), own_text)
        tables.update(own)
    return _Builder(tables, texts).build()


def _parse(text: str, source: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        reason = re.sub(r"\s*\(at line.*\)", "", str(exc))
        raise DataError(f"not valid TOML: {reason}", f"{source}:{match.group(1)}" if match else source) from None
    for name, value in data.items():
        if name not in TABLES:
            raise DataError(f"unknown table [{name}] (known: {', '.join(TABLES)})", _where(source, text, name))
        if not isinstance(value, dict):
            raise DataError(f"{name} must be a table ([{name}])", _where(source, text, name))
    return data


_HEADER = re.compile(r"^\s*\[+\s*([A-Za-z0-9_.\" ]+?)\s*\]+")
_KEY = re.compile(r'^\s*"?([A-Za-z0-9_ -]+?)"?\s*=')


def _where(source: str, text: str, table: str, key: str | None = None, card: int | None = None) -> str:
    """``file:line`` of a key (``"4.travellers"`` inside ``[schedules.4]``), of the ``card``-th
    ``[[travellers.card]]``, or of a table's header; just the file when none is found."""
    if card is not None:
        target, leaf = "travellers.card", key
    elif key is not None and "." in key:
        prefix, leaf = key.rsplit(".", 1)
        target = f"{table}.{prefix}"
    else:
        target, leaf = table, key
    current: str | None = None
    cards_seen = -1
    headers: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HEADER.match(line)
        if match:
            current = match.group(1).replace('"', "").replace(" ", "")
            if current == "travellers.card":
                cards_seen += 1
            if card is None or current != "travellers.card" or cards_seen == card:
                headers.setdefault(current, number)
            continue
        in_target = current == target and (card is None or cards_seen == card)
        key_match = _KEY.match(line)
        if key_match and leaf is not None and in_target and key_match.group(1).strip() == leaf:
            return f"{source}:{number}"
        if key_match and current is None:
            headers.setdefault(key_match.group(1).strip().split(".")[0], number)  # dotted or inline tables
    line = headers.get(target) or headers.get(table)
    return f"{source}:{line}" if line else source


class _Builder:
    """Validates the merged tables one by one; each error points at the file the table came from."""

    def __init__(self, tables: dict[str, Any], texts: dict[str, tuple[str, str]]):
        self.tables = tables
        self.texts = texts

    def fail(self, message: str, table: str, key: str | None = None, card: int | None = None) -> DataError:
        source, text = self.texts.get(table, ("<data>", ""))
        return DataError(message, _where(source, text, table, key, card))

    # small typed getters --------------------------------------------------------------------
    def table(self, name: str) -> dict[str, Any]:
        if name not in self.tables:
            raise DataError(f"missing table [{name}]", self.texts.get("colours", ("<data>", ""))[0])
        return self.tables[name]

    def integer(self, name: str, data: dict, key: str, minimum: int = 0, label: str | None = None) -> int:
        label = label or f"{name}.{key}"
        if key not in data:
            raise self.fail(f"missing key {label}", name, None)
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{label} must be a whole number, not {value!r}", name, key)
        if value < minimum:
            raise self.fail(f"{label} is {value}, but must be at least {minimum}", name, key)
        return value

    def strings(self, name: str, data: dict, key: str, length: int | None = None) -> tuple[str, ...]:
        value = data.get(key)
        label = f"{name}.{key}"
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(f"{label} must be a list of non-empty texts", name, key)
        if length is not None and len(value) != length:
            raise self.fail(f"{label} has {len(value)} entries, but the box has {length}", name, key)
        return tuple(value)

    def counts_by_players(self, name: str, data: dict, key: str) -> dict[int, Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(f"{name}.{key} must be a table keyed by player count", name, key)
        out: dict[int, Any] = {}
        for players, item in value.items():
            if players not in {str(p) for p in PLAYER_COUNTS}:
                raise self.fail(f"{name}.{key} has key {players!r}; player counts are 3, 4, 5, 6", name, key)
            out[int(players)] = item
        return out

    def provenance(self, name: str) -> Provenance:
        data = self.table(name)
        confirmed = data.get("confirmed")
        if not isinstance(confirmed, bool):
            raise self.fail(f"{name}.confirmed must be true or false (is the table confirmed by a source?)", name, "confirmed")
        source = data.get("source")
        if not isinstance(source, str) or not source.strip():
            raise self.fail(f"{name}.source must say where the values come from", name, "source")
        note = data.get("note", "")
        if not isinstance(note, str):
            raise self.fail(f"{name}.note must be text", name, "note")
        if not confirmed and not note.strip():
            raise self.fail(f"{name} is not confirmed: its note must say what is reconstructed", name, "note")
        return Provenance(confirmed, source, note, self.texts[name][0])

    # the tables ------------------------------------------------------------------------------
    def build(self) -> Components:
        for name in TABLES:
            self.table(name)
        provenance = {name: self.provenance(name) for name in TABLES}

        colours = self.strings("colours", self.table("colours"), "names", 6)
        if len(set(colours)) != len(colours):
            raise self.fail("colours.names has a colour twice", "colours", "names")

        stones = self.table("stones")
        per_colour = self.integer("stones", stones, "per_colour", 1)
        per_player = self.integer("stones", stones, "per_player")
        pool_per_colour = self.integer("stones", stones, "pool_per_colour")
        if per_player + pool_per_colour > per_colour:
            raise self.fail(
                f"stones: {per_player} per player + {pool_per_colour} to the pool is more than the "
                f"{per_colour} stones of a colour",
                "stones",
                "pool_per_colour",
            )
        extra = self.counts_by_players("stones", stones, "extra_pool_colours")
        for players, count in extra.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0 or players + count > len(colours):
                raise self.fail(
                    f"stones.extra_pool_colours for {players} players must be a whole number from 0 to "
                    f"{len(colours) - players}",
                    "stones",
                    "extra_pool_colours",
                )

        vp = self.table("victory_points")
        start_vp = self.integer("victory_points", vp, "start")
        trophy_bonus = self.integer("victory_points", vp, "trophy_bonus")
        denominations = vp.get("denominations")
        if (
            not isinstance(denominations, list)
            or not denominations
            or not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in denominations)
        ):
            raise self.fail("victory_points.denominations must be a list of positive whole numbers", "victory_points", "denominations")

        trophies = self.strings("trophies", self.table("trophies"), "names", 6)

        up = self.table("upgrades")
        values = up.get("values")
        if (
            not isinstance(values, list)
            or not values
            or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values)
            or len(set(values)) != len(values)
        ):
            raise self.fail("upgrades.values must be a list of different positive whole numbers", "upgrades", "values")
        removed: dict[int, tuple[int, ...]] = {}
        for players, gone in self.counts_by_players("upgrades", up, "removed").items():
            if not isinstance(gone, list) or not all(v in values for v in gone):
                raise self.fail(f"upgrades.removed for {players} players must list values from upgrades.values", "upgrades", "removed")
            removed[players] = tuple(gone)

        costs = self.table("upgrade_costs").get("costs")
        if (
            not isinstance(costs, list)
            or len(costs) != len(values)
            or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in costs)
        ):
            raise self.fail(
                f"upgrade_costs.costs must be {len(values)} whole numbers (one per upgrade card, in upgrades.values order)",
                "upgrade_costs",
                "costs",
            )

        faces = self.strings("weather", self.table("weather"), "faces", 6)
        schedules = self.schedules(set(faces))
        travellers, deck_size = self.travellers()

        return Components(
            colours=colours,
            stones_per_colour=per_colour,
            stones_per_player=per_player,
            pool_per_colour=pool_per_colour,
            extra_pool_colours=MappingProxyType(extra),
            start_vp=start_vp,
            trophy_bonus=trophy_bonus,
            vp_denominations=tuple(denominations),
            trophies=trophies,
            upgrades=tuple(values),
            removed_upgrades=MappingProxyType(removed),
            upgrade_costs=MappingProxyType(dict(zip(values, costs))),
            weather_faces=faces,
            schedules=MappingProxyType(schedules),
            travellers=travellers,
            deck_size=deck_size,
            provenance=MappingProxyType(provenance),
        )

    def schedules(self, weathers: set[str]) -> dict[int, Schedule]:
        data = self.table("schedules")
        out: dict[int, Schedule] = {}
        for players in PLAYER_COUNTS:
            card = data.get(str(players))
            where = str(players)
            if not isinstance(card, dict):
                raise self.fail(f"missing schedule card [schedules.{players}]", "schedules")
            drawn = card.get("travellers")
            if not isinstance(drawn, dict) or set(drawn) != weathers:
                raise self.fail(
                    f"schedules.{players}.travellers must give a number for each weather on the die: "
                    f"{', '.join(sorted(weathers))}",
                    "schedules",
                    f"{where}.travellers",
                )
            for weather, count in drawn.items():
                if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                    raise self.fail(
                        f"schedules.{players}.travellers.{weather} must be a whole number of at least 1",
                        "schedules",
                        f"{where}.travellers",
                    )
            stones = self.integer("schedules", card, "stones_per_open_player", 0, f"schedules.{players}.stones_per_open_player")
            confirmed_values = card.get("confirmed_values", [])
            allowed = weathers | {"stones_per_open_player"}
            if not isinstance(confirmed_values, list) or not all(v in allowed for v in confirmed_values):
                raise self.fail(
                    f"schedules.{players}.confirmed_values may list only weathers and stones_per_open_player",
                    "schedules",
                    f"{where}.confirmed_values",
                )
            out[players] = Schedule(players, MappingProxyType(dict(drawn)), stones, tuple(confirmed_values))
        return out

    def travellers(self) -> tuple[tuple[Traveller, ...], int]:
        data = self.table("travellers")
        deck_size = self.integer("travellers", data, "deck_size", 1)
        cards = data.get("card")
        if not isinstance(cards, list) or not cards:
            raise self.fail("travellers needs [[travellers.card]] entries", "travellers")
        out: list[Traveller] = []
        keys: set[str] = set()
        for index, card in enumerate(cards):
            out.append(self.card(index, card, keys))
        total = sum(card.count for card in out)
        if total != deck_size:
            raise self.fail(
                f"the traveller cards' counts add up to {total}, but travellers.deck_size is {deck_size}",
                "travellers",
                "deck_size",
            )
        return tuple(out), deck_size

    def card(self, index: int, card: dict, keys: set[str]) -> Traveller:
        label = f"travellers.card #{index + 1}"

        def fail(message: str, key: str | None = None) -> DataError:
            source, text = self.texts["travellers"]
            return DataError(f"{label}: {message}", _where(source, text, "travellers", key, index))

        for key in card:
            if key not in CARD_FIELDS:
                raise fail(f"unknown key {key!r} (known: {', '.join(CARD_FIELDS)})", key)
        key = card.get("key")
        if not isinstance(key, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", key):
            raise fail("key must be a short id in lower case letters, digits and _", "key")
        label = f"travellers card {key!r}"
        if key in keys:
            raise fail("this key is used by two cards", "key")
        keys.add(key)
        name = card.get("name")
        if not isinstance(name, str) or not name.strip():
            raise fail("name must be non-empty text", "name")
        name_zh = card.get("name_zh", "")
        if not isinstance(name_zh, str):
            raise fail("name_zh must be text", "name_zh")
        kind = card.get("kind")
        if kind not in KINDS:
            raise fail(f"kind is {kind!r}; choose one of {', '.join(KINDS)}", "kind")
        effect = card.get("effect", "")
        if kind in EFFECTS:
            if effect not in EFFECTS[kind]:
                raise fail(f"a {kind} card needs an effect, one of {', '.join(EFFECTS[kind])}", "effect")
        elif effect:
            raise fail(f"a {kind} card has no effect", "effect")

        def number(field: str, minimum: int = 0, default: int | None = 0) -> int:
            if field not in card:
                if default is None:
                    raise fail(f"missing {field}", None)
                return default
            value = card[field]
            if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
                raise fail(f"{field} must be a whole number of at least {minimum}, not {value!r}", field)
            return value

        count = number("count", 1, None)
        if kind == "royal" and "ransom" not in card:
            raise fail("a royal card needs its ransom", None)
        if kind != "royal" and "ransom" in card:
            raise fail("only royal cards have a ransom", "ransom")
        is_goat = effect == "goat"
        for field in GOAT_FIELDS:
            if is_goat and field not in card:
                raise fail(f"a Billy Goat needs {', '.join(GOAT_FIELDS)}", None)
            if not is_goat and field in card:
                raise fail(f"only Billy Goats have {field}", field)
        if kind == "hazard" and any(card.get(f, 0) for f in ("toll", "food", "bonus")):
            raise fail("a hazard card has no toll, food or bonus", "toll")
        confirmed = card.get("confirmed_fields", [])
        if not isinstance(confirmed, list) or not all(f in CARD_FIELDS for f in confirmed):
            raise fail("confirmed_fields must list field names of the card", "confirmed_fields")
        return Traveller(
            key=key,
            name=name,
            name_zh=name_zh,
            kind=kind,
            effect=effect,
            count=count,
            toll=number("toll"),
            food=number("food"),
            bonus=number("bonus"),
            ransom=number("ransom"),
            stones=number("stones", 1 if is_goat else 0),
            reward=number("reward"),
            damage=number("damage"),
            confirmed_fields=tuple(confirmed),
        )
