"""Bretagne's component data: read ``data/components.toml`` (or a person's own file), validate it,
and hand it out as immutable values.

The reading itself is the core's (:mod:`bgkit.model.components`): a person's file (``--data FILE``) has
the same format, each top-level table in it replaces the shipped table of the same name whole, and
every error names ``file:line`` and the key. This module adds Bretagne's own checks (counts, and
that the tables agree with each other). Entries with ids are keyed by them (``H1 = { ... }``), so
a TOML reader already refuses the same id twice and an error can name the entry's line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from bgkit.api import Provenance, Table, load_tables

SHIPPED = ("components.toml",)
TYPES = ("heaven", "purgatory", "hell")
INCOME_KEYS = ("wood", "stone", "sand", "brick", "francs", "engineers", "workers", "equipment", "vp")
REWARD_KEYS = ("vp", "francs", "engineers", "equipment", "workers")
PLAYER_COUNTS = (2, 3, 4)


# -- the components (immutable; ids are what a later play engine refers to) ---------------------


@dataclass(frozen=True)
class Board:
    coasts: tuple[str, ...]
    sites_per_coast: int
    harbours_per_coast: int
    site_types: tuple[str, ...]  # the type (colour) printed at each site (1-based position = index + 1)
    site_harbour: tuple[int, ...]  # harbour number (1-based) of each site (1-based position = index + 1)

    @property
    def sites(self) -> int:
        return len(self.coasts) * self.sites_per_coast

    @property
    def harbours(self) -> int:
        return len(self.coasts) * self.harbours_per_coast

    def coast_of_site(self, site: int) -> str:
        return self.coasts[(site - 1) // self.sites_per_coast]

    def sites_of(self, coast: str, ltype: str) -> list[int]:
        """The sites (1-based) of ``coast`` whose printed colour is ``ltype``."""
        first = self.coasts.index(coast) * self.sites_per_coast
        return [s + 1 for s in range(first, first + self.sites_per_coast) if self.site_types[s] == ltype]


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
    engineer_discount: int = 0  # engineers fewer per build (the bonus, as a number)


@dataclass(frozen=True)
class HarbourTile:
    id: str
    coast: str
    normal: Mapping[str, int]
    improved: Mapping[str, int]


@dataclass(frozen=True)
class ProductionCard:
    id: str
    resources: Mapping[str, tuple[int, ...]]  # per kind: for 2, 3, 4 players (the loader checks the three)

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
class Trade:
    """One exchange item: ``pay`` and ``get`` in the units its name says (``francs``: francs also got)."""

    city: str
    id: str
    pay: int
    get: int
    francs: int = 0


LORIENT_TRADES = ("buy_resources", "buy_equipment", "sell_equipment", "hire_worker", "card_for_resource")
BREST_TRADES = ("hire_engineer", "buy_resources", "sell_resources", "hire_engineer_pair")


@dataclass(frozen=True)
class PlayRules:
    rounds: int
    scaffold_from_level: int
    storm_injuries: int
    return_points: int
    harbour_entry_francs: int
    worker_points: int
    bounty_francs: int


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
    trades: tuple[Trade, ...]  # Lorient's, then Brest's, in the order of LORIENT_TRADES, BREST_TRADES
    play: PlayRules
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
    "exchange",
    "play",
)


#: What each table may mark as reconstructed (``reconstructed = [...]`` in an unconfirmed table).
PARTS = {
    "board": ("site_coasts", "site_types", "harbours_per_coast", "site_harbour"),
    "lighthouses": ("levels", "extra"),
    "weather": ("names", "engineers"),
    "blueprints": ("stack_sizes", "grades", "costs", "rewards"),
    "barges": ("capacities", "francs", "engineers", "bonus"),
    "harbours": ("tiles", "incomes"),
    "production": ("resources",),
    "equipment": ("counts", "points"),
}


def load(path: Path | str | None = None) -> Components:
    """The shipped components, with the tables of ``path`` (a person's own file) in their place."""
    data = load_tables("bgkit_bretagne", SHIPPED, path)
    t = {name: data.table(name) for name in TABLES}
    supply = _supply(t["supply"])
    board = _board(t["board"])
    types = _types(t["lighthouse_types"], board)
    barges = _barges(t["barges"])
    rules = _table_rules(t["table"], board, supply, barges)
    stacks, blueprints = _blueprints(t["blueprints"], supply, rules)
    return Components(
        board=board,
        types=types,
        lighthouses=_lighthouses(t["lighthouses"], types, supply),
        weather=_weather(t["weather"]),
        stacks=stacks,
        blueprints=blueprints,
        barges=barges,
        harbours=_harbours(t["harbours"], board),
        production=_production(t["production"], supply, rules),
        equipment=_equipment(t["equipment"]),
        supply=supply,
        table=rules,
        final_scoring=_final_scoring(t["final_scoring"]),
        trades=_trades(t["exchange"]),
        play=_play(t["play"]),
        provenance=MappingProxyType({name: table.provenance(PARTS.get(name, ())) for name, table in t.items()}),
    )


def _entries(table: Table, key: str) -> list[tuple[str, Table]]:
    """The entries of ``[table.key]``, each named by its id (``H1 = { ... }``); at least one."""
    entries = list(table.tables(key))
    if not entries:
        raise table.fail(key, "must have at least one entry")
    return entries


def _counts(table: Table, key: str, allowed: tuple[str, ...]) -> Mapping[str, int]:
    """A small table of counts such as ``cost = { stone = 2, sand = 1 }``, keys among ``allowed``."""
    counts = table.sub(key)
    counts.only(*allowed)
    return MappingProxyType({name: counts.int(name, 0) for name in counts.body})


def _per_type(table: Table, key: str) -> Mapping[str, int]:
    """A number for each lighthouse type, every one given (``points = { heaven = 3, purgatory = 2,
    hell = 1 }``): play, scoring and the drawings read all three, so one left out is named here."""
    counts = table.sub(key)
    counts.only(*TYPES)
    return MappingProxyType({name: counts.int(name, 0) for name in TYPES})


def _some_ints(table: Table, key: str, low: int = 0) -> tuple[int, ...]:
    values = table.ints(key, low)
    if not values:
        raise table.fail(key, "must list at least one value")
    return values


def _supply(s: Table) -> Supply:
    s.only("resources", "resources_each", "engineers", "coins", "worker_cubes", "start_workers", "warehouse_limit")
    supply = Supply(
        resources=s.texts("resources"),
        resources_each=s.int("resources_each", 1),
        engineers=s.int("engineers", 0),
        coins=s.int("coins", 0),
        worker_cubes=s.int("worker_cubes", 1),
        start_workers=s.int("start_workers", 1),
        warehouse_limit=s.int("warehouse_limit", 1),
    )
    if not supply.resources or len(set(supply.resources)) != len(supply.resources):
        raise s.fail("resources", "must name each resource once")
    if supply.start_workers > supply.worker_cubes:
        raise s.fail("start_workers", f"{supply.start_workers} is more than the {supply.worker_cubes} worker_cubes")
    return supply


def _board(b: Table) -> Board:
    b.only("coasts", "sites_per_coast", "harbours_per_coast", "site_types", "site_harbour")
    coasts = b.texts("coasts")
    if not coasts or len(set(coasts)) != len(coasts):
        raise b.fail("coasts", "must name each coast once")
    board = Board(coasts, b.int("sites_per_coast", len(TYPES)), b.int("harbours_per_coast", 1),
                  b.texts("site_types", TYPES), b.ints("site_harbour", 1))
    if len(board.site_types) != board.sites:
        raise b.fail("site_types", f"lists {len(board.site_types)} types, but the board has {board.sites} sites")
    for coast in board.coasts:  # the 2-player rule uses one lighthouse of each type on each coast
        missing = [t for t in TYPES if not board.sites_of(coast, t)]
        if missing:
            raise b.fail("site_types", f"the {coast} coast has no {missing[0]} site; every coast needs each type")
    if len(board.site_harbour) != board.sites:
        raise b.fail("site_harbour", f"lists {len(board.site_harbour)} harbours, but the board has {board.sites} sites")
    for site, harbour in enumerate(board.site_harbour, start=1):
        if harbour > board.harbours:
            raise b.fail("site_harbour", f"gives site {site} harbour {harbour}, but there are {board.harbours}")
        first = board.coasts.index(board.coast_of_site(site)) * board.harbours_per_coast + 1
        if not first <= harbour < first + board.harbours_per_coast:
            raise b.fail("site_harbour", f"gives site {site} ({board.coast_of_site(site)}) a harbour of another coast")
    return board


def _types(t: Table, board: Board) -> Mapping[str, LighthouseType]:
    t.only("types")
    types: dict[str, LighthouseType] = {}
    for type_id, item in _entries(t, "types"):
        item.only("name", "colour", "tiles", "extra_resources", "majority_points")
        types[type_id] = LighthouseType(
            type_id, item.text("name"), item.text("colour"), item.int("tiles", len(board.coasts)),
            item.int("extra_resources", 0), item.int("majority_points", 0),
        )
        sites = board.site_types.count(type_id)  # every site of a colour gets a tile of that colour
        if type_id in TYPES and types[type_id].tiles != sites:
            raise item.fail("tiles", f"{types[type_id].tiles} {type_id} tiles, but board.site_types has {sites} {type_id} sites")
    if tuple(types) != TYPES:
        raise t.fail("types", f"must list {', '.join(TYPES)} once each, in that order")
    return MappingProxyType(types)


def _lighthouses(t: Table, types: Mapping[str, LighthouseType], supply: Supply) -> Mapping[str, LighthouseTile]:
    t.only("tiles")
    tiles: dict[str, LighthouseTile] = {}
    for tile_id, item in _entries(t, "tiles"):
        item.only("type", "levels", "extra")
        tile = LighthouseTile(tile_id, item.text("type", TYPES), item.int("levels", 1), item.texts("extra", supply.resources))
        wanted = types[tile.type].extra_resources
        if len(tile.extra) != wanted:
            raise item.fail("extra", f"a {tile.type} tile asks {wanted} extra resources, not {len(tile.extra)}")
        tiles[tile_id] = tile
    for type_id, ltype in types.items():
        have = sum(1 for tile in tiles.values() if tile.type == type_id)
        if have != ltype.tiles:
            raise t.fail("tiles", f"there are {have} {type_id} tiles, but lighthouse_types says {ltype.tiles}")
    return MappingProxyType(tiles)


def _weather(t: Table) -> Mapping[str, WeatherCard]:
    t.only("cards")
    cards: dict[str, WeatherCard] = {}
    for card_id, item in _entries(t, "cards"):
        item.only("name", "engineers", "storm")
        cards[card_id] = WeatherCard(card_id, item.text("name"), _per_type(item, "engineers"), item.bool("storm"))
    if len(cards) < 2:
        raise t.fail("cards", "must have at least 2 cards (the current weather and the forecast)")
    return MappingProxyType(cards)


def _barges(t: Table) -> tuple[BargeCard, ...]:
    t.only("cards")
    cards: list[BargeCard] = []
    for item in t.rows("cards"):
        item.only("number", "capacities", "francs", "engineers", "bonus", "engineer_discount")
        if item.int("number", 1) != len(cards) + 1:
            raise item.fail("number", f"must be {len(cards) + 1}: the cards are numbered 1, 2, 3, ... in order")
        cards.append(BargeCard(len(cards) + 1, _some_ints(item, "capacities", 1), item.int("francs", 0),
                               item.int("engineers", 0), item.text("bonus", default=""),
                               item.int("engineer_discount", 0, default=0)))
    if len(cards) < max(PLAYER_COUNTS):
        raise t.fail("cards", f"must have a card for each of {max(PLAYER_COUNTS)} players, not {len(cards)}")
    return tuple(cards)


def _table_rules(r: Table, board: Board, supply: Supply, barges: tuple[BargeCard, ...]) -> TableRules:
    r.only("face_up_blueprints", "brest_resources_each", "brest_engineers", "brest_engineer_pairs", "three_player_built")
    built = r.sub("three_player_built")
    built.only(*board.coasts)
    rules = TableRules(
        r.int("face_up_blueprints", 1), r.int("brest_resources_each", 0), r.int("brest_engineers", 0),
        r.int("brest_engineer_pairs", 0), tuple((coast, built.text(coast, TYPES)) for coast in built.body),
    )
    needed = rules.brest_engineers + 2 * rules.brest_engineer_pairs + sum(c.engineers for c in barges[:max(PLAYER_COUNTS)])
    if needed > supply.engineers:
        raise r.fail("brest_engineers", f"Brest and the barges need {needed} engineers, but the game has {supply.engineers}")
    return rules


def _blueprints(t: Table, supply: Supply, rules: TableRules) -> tuple[tuple[BlueprintStack, ...], Mapping[str, Blueprint]]:
    t.only("stacks", "tiles")
    grades = t.sub("stacks")
    stacks = tuple(BlueprintStack(colour, grades.int(colour, 1)) for colour in grades.body)
    if not stacks:
        raise t.fail("stacks", "must name at least one stack (colour = grade)")
    colours = tuple(stack.colour for stack in stacks)
    tiles: dict[str, Blueprint] = {}
    for tile_id, item in _entries(t, "tiles"):
        item.only("stack", "cost", "reward")
        tiles[tile_id] = Blueprint(tile_id, item.text("stack", colours), _counts(item, "cost", supply.resources),
                                   _counts(item, "reward", REWARD_KEYS))
    for colour in colours:
        have = sum(1 for tile in tiles.values() if tile.stack == colour)
        if have < rules.face_up_blueprints:
            raise t.fail("tiles", f"the {colour} stack has {have} tiles, fewer than the {rules.face_up_blueprints} shown")
    return stacks, MappingProxyType(tiles)


def _harbours(t: Table, board: Board) -> tuple[HarbourTile, ...]:
    t.only("tiles")
    tiles = []
    for tile_id, item in _entries(t, "tiles"):
        item.only("coast", "normal", "improved")
        tiles.append(HarbourTile(tile_id, item.text("coast", board.coasts), _counts(item, "normal", INCOME_KEYS),
                                 _counts(item, "improved", INCOME_KEYS)))
    for coast in board.coasts:
        have = sum(1 for tile in tiles if tile.coast == coast)
        if have != board.harbours_per_coast:
            raise t.fail("tiles", f"the {coast} coast has {have} harbour tiles; the board has {board.harbours_per_coast}")
    return tuple(sorted(tiles, key=lambda tile: board.coasts.index(tile.coast)))  # stable: file order within a coast


def _production(t: Table, supply: Supply, rules: TableRules) -> Mapping[str, ProductionCard]:
    t.only("cards")
    cards: dict[str, ProductionCard] = {}
    for card_id, item in _entries(t, "cards"):
        item.only("resources")
        resources = item.sub("resources")
        resources.only(*supply.resources)
        counts = {kind: resources.ints(kind, 0, length=len(PLAYER_COUNTS)) for kind in resources.body}
        for kind, values in counts.items():
            if max(values) + rules.brest_resources_each > supply.resources_each:
                raise resources.fail(kind, f"puts {max(values)} at Quimper; with Brest's {rules.brest_resources_each} "
                                           f"that is more than the {supply.resources_each} {kind} in the game")
        cards[card_id] = ProductionCard(card_id, MappingProxyType(counts))
    return MappingProxyType(cards)


def _equipment(t: Table) -> tuple[EquipmentKind, ...]:
    t.only("kinds")
    kinds = []
    for kind_id, item in _entries(t, "kinds"):
        item.only("name", "count", "points")
        kinds.append(EquipmentKind(kind_id, item.text("name"), item.int("count", 1), _per_type(item, "points")))
    return tuple(kinds)


def _final_scoring(f: Table) -> FinalScoring:
    f.only("pontivy", "harbour", "francs_per_point")
    return FinalScoring(_some_ints(f, "pontivy"), _some_ints(f, "harbour"), f.int("francs_per_point", 1))


def _trades(t: Table) -> tuple[Trade, ...]:
    t.only("lorient", "brest")
    trades = []
    for city, names in (("lorient", LORIENT_TRADES), ("brest", BREST_TRADES)):
        items = t.sub(city)
        items.only(*names)
        for name in names:
            item = items.sub(name)
            item.only("pay", "get", "francs")
            trade = Trade(city, name, item.int("pay", 0), item.int("get", 1), item.int("francs", 0, default=0))
            fixed = {"hire_engineer": 1, "hire_engineer_pair": 2}.get(name)
            if city == "brest" and fixed is not None and trade.get != fixed:
                raise item.fail("get", f"must be {fixed}: Brest's engineers are held as singles and pairs")
            trades.append(trade)
    return tuple(trades)


def _play(p: Table) -> PlayRules:
    p.only("rounds", "scaffold_from_level", "storm_injuries", "return_points", "harbour_entry_francs", "worker_points",
           "bounty_francs")
    return PlayRules(p.int("rounds", 1), p.int("scaffold_from_level", 1), p.int("storm_injuries", 0),
                     p.int("return_points", 0), p.int("harbour_entry_francs", 0), p.int("worker_points", 0),
                     p.int("bounty_francs", 0))
