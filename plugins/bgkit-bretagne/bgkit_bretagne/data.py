"""Bretagne's component data: read ``data/components.toml`` (or a person's own file), validate it,
and hand it out as immutable values.

A person's file (``--data FILE``) has the same format. Each top-level table in it replaces the
shipped table of the same name as a whole; tables it leaves out keep the shipped values. Every
error is a :class:`bgkit.errors.DataError` naming the file and the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from bgkit.errors import DataError

SHIPPED = "components.toml"
TYPES = ("heaven", "purgatory", "hell")
INCOME_KEYS = ("wood", "stone", "sand", "brick", "francs", "engineers", "workers", "equipment", "vp")
REWARD_KEYS = ("vp", "francs", "engineers", "equipment", "workers")
PLAYER_COUNTS = (2, 3, 4)


# -- the components (immutable; ids are what a later play engine refers to) ---------------------


@dataclass(frozen=True)
class Provenance:
    table: str
    source: str
    confirmed: bool
    note: str
    file: str


@dataclass(frozen=True)
class Board:
    coasts: tuple[str, ...]
    sites_per_coast: int
    harbours_per_coast: int
    site_harbour: tuple[int, ...]  # harbour number (1-based) of each site (1-based position = index + 1)

    @property
    def sites(self) -> int:
        return len(self.coasts) * self.sites_per_coast

    @property
    def harbours(self) -> int:
        return len(self.coasts) * self.harbours_per_coast

    def coast_of_site(self, site: int) -> str:
        return self.coasts[(site - 1) // self.sites_per_coast]


@dataclass(frozen=True)
class LighthouseType:
    id: str
    name: str
    colour: str
    tiles: int
    extra_resources: int
    majority_points: int


@dataclass(frozen=True)
class LighthouseTile:
    id: str
    type: str
    levels: int
    extra: tuple[str, ...]


@dataclass(frozen=True)
class WeatherCard:
    id: str
    name: str
    engineers: Mapping[str, int]  # per lighthouse type
    storm: bool


@dataclass(frozen=True)
class BlueprintStack:
    colour: str
    grade: int


@dataclass(frozen=True)
class Blueprint:
    id: str
    stack: str
    cost: Mapping[str, int]
    reward: Mapping[str, int]


@dataclass(frozen=True)
class BargeCard:
    number: int
    capacities: tuple[int, ...]
    francs: int
    engineers: int
    bonus: str


@dataclass(frozen=True)
class HarbourTile:
    id: str
    coast: str
    normal: Mapping[str, int]
    improved: Mapping[str, int]


@dataclass(frozen=True)
class ProductionCard:
    id: str
    resources: Mapping[str, tuple[int, int, int]]  # per kind: for 2, 3, 4 players

    def for_players(self, players: int) -> dict[str, int]:
        return {kind: counts[PLAYER_COUNTS.index(players)] for kind, counts in self.resources.items()}


@dataclass(frozen=True)
class EquipmentKind:
    id: str
    name: str
    count: int
    points: Mapping[str, int]  # per lighthouse type


@dataclass(frozen=True)
class Supply:
    resources: tuple[str, ...]
    resources_each: int
    engineers: int
    coins: int
    worker_cubes: int
    start_workers: int
    warehouse_limit: int


@dataclass(frozen=True)
class TableRules:
    face_up_blueprints: int
    brest_resources_each: int
    brest_engineers: int
    brest_engineer_pairs: int
    three_player_built: tuple[tuple[str, str], ...]  # (coast, type)


@dataclass(frozen=True)
class FinalScoring:
    pontivy: tuple[int, ...]  # points for 1st, 2nd, 3rd ... place at Pontivy
    harbour: tuple[int, ...]  # points per worker in a harbour holding 1, 2, ... workers
    francs_per_point: int


@dataclass(frozen=True)
class Components:
    board: Board
    types: Mapping[str, LighthouseType]
    lighthouses: Mapping[str, LighthouseTile]
    weather: Mapping[str, WeatherCard]
    stacks: tuple[BlueprintStack, ...]
    blueprints: Mapping[str, Blueprint]
    barges: tuple[BargeCard, ...]
    harbours: tuple[HarbourTile, ...]  # in harbour-number order
    production: Mapping[str, ProductionCard]
    equipment: tuple[EquipmentKind, ...]
    supply: Supply
    table: TableRules
    final_scoring: FinalScoring
    provenance: Mapping[str, Provenance]

    def reconstructed(self) -> list[str]:
        """Names of the tables in use that no source confirms."""
        return [name for name, p in self.provenance.items() if not p.confirmed]

    def stack_tiles(self, colour: str) -> list[str]:
        return [b.id for b in self.blueprints.values() if b.stack == colour]


# -- reading ------------------------------------------------------------------------------------

TABLES = (
    "board",
    "lighthouse_types",
    "lighthouses",
    "weather",
    "blueprints",
    "barges",
    "harbours",
    "production",
    "equipment",
    "supply",
    "table",
    "final_scoring",
)


def load_components(path: Path | None = None) -> Components:
    """The shipped components, with the tables of ``path`` (a person's own file) in their place."""
    shipped_text = resources.files("bgkit_bretagne").joinpath("data", SHIPPED).read_text(encoding="utf-8")
    shipped_name = f"bgkit_bretagne/data/{SHIPPED}"
    tables = _parse(shipped_text, shipped_name)
    origin = {name: shipped_name for name in tables}
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"cannot read data file: {exc}", str(path)) from None
        own = _parse(text, str(path))
        for name in own:
            if name not in TABLES:
                raise DataError(f"unknown table [{name}] (tables: {', '.join(TABLES)})", str(path))
            if not isinstance(own[name], dict):
                raise DataError(f"{name} must be a table ([{name}])", str(path))
            tables[name] = own[name]
            origin[name] = str(path)
    for name in TABLES:
        if name not in tables:
            raise DataError(f"missing table [{name}]", shipped_name)
    return _build(tables, origin)


def _parse(text: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", name) from None


class _Table:
    """Typed access to one table's keys; every error names the file and the full key."""

    def __init__(self, data: Any, key: str, file: str):
        if not isinstance(data, dict):
            raise DataError(f"{key} must be a table", file)
        self.data, self.key, self.file = data, key, file

    def fail(self, message: str) -> DataError:
        return DataError(f"{self.key}: {message}", self.file)

    def sub(self, key: str) -> "_Table":
        return _Table(self.get(key), f"{self.key}.{key}", self.file)

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise DataError(f"{self.key}.{key} is missing", self.file)
        return self.data[key]

    def str(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default) if default is not None else self.get(key)
        if not isinstance(value, str):
            raise DataError(f"{self.key}.{key} must be text, not {value!r}", self.file)
        return value

    def bool(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise DataError(f"{self.key}.{key} must be true or false, not {value!r}", self.file)
        return value

    def int(self, key: str, minimum: int = 0, maximum: int | None = None) -> int:
        return _int(self.get(key), f"{self.key}.{key}", self.file, minimum, maximum)

    def items(self, key: str) -> list["_Table"]:
        value = self.get(key)
        if not isinstance(value, list) or not value:
            raise DataError(f"{self.key}.{key} must be a non-empty list", self.file)
        return [_Table(item, f"{self.key}.{key}[{i}]", self.file) for i, item in enumerate(value)]

    def str_list(self, key: str, choices: tuple[str, ...] | None = None, allow_empty: bool = False) -> tuple[str, ...]:
        value = self.get(key)
        if not isinstance(value, list) or (not value and not allow_empty):
            raise DataError(f"{self.key}.{key} must be a {'' if allow_empty else 'non-empty '}list of text", self.file)
        for item in value:
            if not isinstance(item, str) or (choices is not None and item not in choices):
                wanted = f"one of {', '.join(choices)}" if choices else "text"
                raise DataError(f"{self.key}.{key} has {item!r}; each item must be {wanted}", self.file)
        return tuple(value)

    def int_list(self, key: str, minimum: int = 0) -> tuple[int, ...]:
        value = self.get(key)
        if not isinstance(value, list) or not value:
            raise DataError(f"{self.key}.{key} must be a non-empty list of whole numbers", self.file)
        return tuple(_int(v, f"{self.key}.{key}", self.file, minimum) for v in value)

    def counts(self, key: str, allowed: tuple[str, ...], minimum: int = 0) -> Mapping[str, int]:
        table = self.sub(key)
        for name in table.data:
            if name not in allowed:
                raise DataError(f"{table.key} has unknown key {name!r} (allowed: {', '.join(allowed)})", self.file)
        return MappingProxyType({name: table.int(name, minimum) for name in table.data})


def _int(value: Any, key: str, file: str, minimum: int = 0, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"{key} must be a whole number, not {value!r}", file)
    if value < minimum or (maximum is not None and value > maximum):
        span = f"at least {minimum}" if maximum is None else f"{minimum}..{maximum}"
        raise DataError(f"{key} is {value}, but must be {span}", file)
    return value


def _unique(ids: list[str], key: str, file: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise DataError(f"{key}: id {item!r} appears twice", file)
        seen.add(item)


def _build(tables: dict[str, Any], origin: dict[str, str]) -> Components:
    t = {name: _Table(tables[name], name, origin[name]) for name in TABLES}
    provenance = {
        name: Provenance(name, t[name].str("source"), t[name].bool("confirmed"), t[name].str("note", ""), origin[name])
        for name in TABLES
    }

    supply = Supply(
        resources=t["supply"].str_list("resources"),
        resources_each=t["supply"].int("resources_each", 1),
        engineers=t["supply"].int("engineers"),
        coins=t["supply"].int("coins"),
        worker_cubes=t["supply"].int("worker_cubes", 1),
        start_workers=t["supply"].int("start_workers", 1),
        warehouse_limit=t["supply"].int("warehouse_limit", 1),
    )
    if supply.start_workers > supply.worker_cubes:
        raise t["supply"].fail(f"start_workers ({supply.start_workers}) exceeds worker_cubes ({supply.worker_cubes})")
    kinds = supply.resources

    b = t["board"]
    coasts = b.str_list("coasts")
    _unique(list(coasts), "board.coasts", b.file)
    board = Board(coasts, b.int("sites_per_coast", len(TYPES)), b.int("harbours_per_coast", 1), b.int_list("site_harbour", 1))
    if len(board.site_harbour) != board.sites:
        raise b.fail(f"site_harbour lists {len(board.site_harbour)} harbours, but the board has {board.sites} sites")
    for site, harbour in enumerate(board.site_harbour, start=1):
        if harbour > board.harbours:
            raise b.fail(f"site_harbour gives site {site} harbour {harbour}, but there are {board.harbours}")
        first = (board.coasts.index(board.coast_of_site(site))) * board.harbours_per_coast + 1
        if not first <= harbour < first + board.harbours_per_coast:
            raise b.fail(f"site_harbour gives site {site} ({board.coast_of_site(site)}) a harbour of another coast")

    types: dict[str, LighthouseType] = {}
    for item in t["lighthouse_types"].items("types"):
        type_id = item.str("id")
        if type_id not in TYPES:
            raise item.fail(f"id is {type_id!r}; the types are {', '.join(TYPES)}")
        types[type_id] = LighthouseType(
            type_id, item.str("name"), item.str("colour"), item.int("tiles", len(coasts)),
            item.int("extra_resources"), item.int("majority_points"),
        )
    if tuple(types) != TYPES:
        raise t["lighthouse_types"].fail(f"types must list {', '.join(TYPES)} once each, in that order")
    if sum(tt.tiles for tt in types.values()) != board.sites:
        raise t["lighthouse_types"].fail(
            f"the types have {sum(tt.tiles for tt in types.values())} tiles, but the board has {board.sites} sites"
        )

    lighthouses: dict[str, LighthouseTile] = {}
    for item in t["lighthouses"].items("tiles"):
        tile = LighthouseTile(item.str("id"), item.str("type"), item.int("levels", 1), item.str_list("extra", kinds, True))
        if tile.type not in types:
            raise item.fail(f"type is {tile.type!r}; the types are {', '.join(TYPES)}")
        if len(tile.extra) != types[tile.type].extra_resources:
            raise item.fail(
                f"a {tile.type} tile asks {types[tile.type].extra_resources} extra resources, not {len(tile.extra)}"
            )
        if tile.id in lighthouses:
            raise item.fail(f"id {tile.id!r} appears twice")
        lighthouses[tile.id] = tile
    for type_id, ltype in types.items():
        have = sum(1 for tile in lighthouses.values() if tile.type == type_id)
        if have != ltype.tiles:
            raise t["lighthouses"].fail(f"there are {have} {type_id} tiles, but lighthouse_types says {ltype.tiles}")

    weather: dict[str, WeatherCard] = {}
    for item in t["weather"].items("cards"):
        engineers = item.counts("engineers", TYPES)
        if set(engineers) != set(TYPES):
            raise item.fail(f"engineers must give a number for each of {', '.join(TYPES)}")
        card = WeatherCard(item.str("id"), item.str("name"), engineers, item.bool("storm"))
        if card.id in weather:
            raise item.fail(f"id {card.id!r} appears twice")
        weather[card.id] = card
    if len(weather) < 2:
        raise t["weather"].fail("there must be at least 2 weather cards (the current one and the forecast)")

    table_t = t["table"]
    face_up = table_t.int("face_up_blueprints", 1)
    stacks = tuple(BlueprintStack(item.str("colour"), item.int("grade", 1)) for item in t["blueprints"].items("stacks"))
    _unique([s.colour for s in stacks], "blueprints.stacks", t["blueprints"].file)
    blueprints: dict[str, Blueprint] = {}
    for item in t["blueprints"].items("tiles"):
        tile = Blueprint(item.str("id"), item.str("stack"), item.counts("cost", kinds), item.counts("reward", REWARD_KEYS))
        if tile.stack not in {s.colour for s in stacks}:
            raise item.fail(f"stack is {tile.stack!r}, not one of the stacks {', '.join(s.colour for s in stacks)}")
        if tile.id in blueprints:
            raise item.fail(f"id {tile.id!r} appears twice")
        blueprints[tile.id] = tile
    for stack in stacks:
        have = sum(1 for tile in blueprints.values() if tile.stack == stack.colour)
        if have < face_up:
            raise t["blueprints"].fail(f"the {stack.colour} stack has {have} tiles, fewer than the {face_up} shown")

    barges = tuple(
        BargeCard(item.int("number", 1), item.int_list("capacities", 1), item.int("francs"), item.int("engineers"),
                  item.str("bonus", ""))
        for item in t["barges"].items("cards")
    )
    if [card.number for card in barges] != list(range(1, len(barges) + 1)):
        raise t["barges"].fail("cards must be numbered 1, 2, 3, ... in order")
    if len(barges) < max(PLAYER_COUNTS):
        raise t["barges"].fail(f"there must be a barge card for each of {max(PLAYER_COUNTS)} players")

    harbours: list[HarbourTile] = []
    for item in t["harbours"].items("tiles"):
        tile = HarbourTile(item.str("id"), item.str("coast"), item.counts("normal", INCOME_KEYS),
                           item.counts("improved", INCOME_KEYS))
        if tile.coast not in coasts:
            raise item.fail(f"coast is {tile.coast!r}, not one of {', '.join(coasts)}")
        harbours.append(tile)
    _unique([h.id for h in harbours], "harbours.tiles", t["harbours"].file)
    for coast in coasts:
        have = sum(1 for h in harbours if h.coast == coast)
        if have != board.harbours_per_coast:
            raise t["harbours"].fail(f"the {coast} coast has {have} harbour tiles; the board has {board.harbours_per_coast}")
    harbours.sort(key=lambda h: coasts.index(h.coast))  # stable: file order within a coast

    production: dict[str, ProductionCard] = {}
    limit = supply.resources_each
    for item in t["production"].items("cards"):
        res = item.sub("resources")
        counts: dict[str, tuple[int, int, int]] = {}
        for kind in res.data:
            if kind not in kinds:
                raise res.fail(f"unknown resource {kind!r} (resources: {', '.join(kinds)})")
            values = res.int_list(kind)
            if len(values) != len(PLAYER_COUNTS):
                raise res.fail(f"{kind} must list the count for 2, 3 and 4 players")
            counts[kind] = (values[0], values[1], values[2])
        card = ProductionCard(item.str("id"), MappingProxyType(counts))
        if card.id in production:
            raise item.fail(f"id {card.id!r} appears twice")
        production[card.id] = card

    equipment = tuple(
        EquipmentKind(item.str("id"), item.str("name"), item.int("count", 1), item.counts("points", TYPES))
        for item in t["equipment"].items("kinds")
    )
    _unique([k.id for k in equipment], "equipment.kinds", t["equipment"].file)

    built = []
    for item in table_t.items("three_player_built"):
        coast, ltype = item.str("coast"), item.str("type")
        if coast not in coasts or ltype not in TYPES:
            raise item.fail(f"({coast!r}, {ltype!r}) must name a coast ({', '.join(coasts)}) and a type")
        built.append((coast, ltype))
    table = TableRules(face_up, table_t.int("brest_resources_each"), table_t.int("brest_engineers"),
                       table_t.int("brest_engineer_pairs"), tuple(built))
    for card in production.values():
        for kind, values in card.resources.items():
            if max(values) + table.brest_resources_each > limit:
                raise t["production"].fail(
                    f"card {card.id} puts {max(values)} {kind} at Quimper; with Brest's {table.brest_resources_each} "
                    f"that is more than the {limit} in the game"
                )
    engineers_needed = table.brest_engineers + 2 * table.brest_engineer_pairs + sum(c.engineers for c in barges[:4])
    if engineers_needed > supply.engineers:
        raise table_t.fail(f"Brest and the barges need {engineers_needed} engineers, but the game has {supply.engineers}")

    fs = t["final_scoring"]
    final = FinalScoring(fs.int_list("pontivy"), fs.int_list("harbour"), fs.int("francs_per_point", 1))

    return Components(
        board=board,
        types=MappingProxyType(types),
        lighthouses=MappingProxyType(lighthouses),
        weather=MappingProxyType(weather),
        stacks=stacks,
        blueprints=MappingProxyType(blueprints),
        barges=barges,
        harbours=tuple(harbours),
        production=MappingProxyType(production),
        equipment=equipment,
        supply=supply,
        table=table,
        final_scoring=final,
        provenance=MappingProxyType(provenance),
    )
