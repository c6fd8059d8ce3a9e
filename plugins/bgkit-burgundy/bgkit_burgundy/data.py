"""Component data: read data/burgundy.toml (or a person's --data file), validate, precompute.

The reading is the core's (:mod:`bgkit.model.components`): a table of a person's file replaces the
shipped table of the same name whole, except ``[boards.N]``, which replaces only board N; every
error names ``file:line`` and the key. This module adds Burgundy's own checks (counts, the space
mix of an estate, the die grid) and turns the tables into immutable components.

Tiles are small ints ("kinds"), fixed by this module so the engine can index tables by them:
0 castle, 1 mine, 2 ship, 3-10 the eight buildings, 11-22 animals (species x 2/3/4 animals),
23-48 knowledge tiles 1-26. Everything built here is immutable and shared by all states.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bgkit.api import DataSet, Provenance, Table, load_tables

CASTLE, MINE, SHIP, BUILDING, ANIMAL, KNOWLEDGE = range(6)
COLOURS = ("castle", "mine", "ship", "building", "animal", "knowledge")
LETTERS = "CMSBAK"
BUILDINGS = ("warehouse", "watchtower", "carpenter", "church", "market", "boarding", "bank", "cityhall")
K_CASTLE, K_MINE, K_SHIP = 0, 1, 2
K_BUILDING = 3  # + building index 0-7
K_ANIMAL = 11  # + 3 * species + (animals - 2)
K_KNOWLEDGE = 22  # + knowledge number 1-26
NUM_KINDS = 49
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
SPACE_MIX = {"B": 12, "S": 6, "A": 6, "K": 6, "C": 4, "M": 3}
CENTRE = 18  # space id 19, axial (0, 0)


def kind_colour(kind: int) -> int:
    if kind < 3:
        return kind
    if kind < K_ANIMAL:
        return BUILDING
    if kind < K_KNOWLEDGE + 1:
        return ANIMAL
    return KNOWLEDGE


def animal_kind(species: int, animals: int) -> int:
    return K_ANIMAL + 3 * species + animals - 2


@dataclass(frozen=True)
class Board:
    """One estate: 37 spaces (index = row-major id - 1) with colour, die number, region, neighbours."""

    id: int
    rows: tuple[str, ...]
    colour: tuple[int, ...]
    die: tuple[int, ...]
    region: tuple[int, ...]
    region_size: tuple[int, ...]
    region_colour: tuple[int, ...]
    region_spaces: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    nb_mask: tuple[int, ...]
    colour_mask: tuple[int, ...]
    colour_total: tuple[int, ...]
    coords: tuple[tuple[int, int], ...]
    provenance: Provenance

    @property
    def confirmed(self) -> bool:
        return self.provenance.confirmed

    @property
    def castle_spaces(self) -> list[int]:
        return [i for i in range(37) if self.colour[i] == CASTLE]


def _coords() -> list[tuple[int, int]]:
    out = []
    for r in range(-3, 4):
        for q in range(max(-3, -3 - r), min(3, 3 - r) + 1):
            out.append((q, r))
    return out


COORDS = _coords()


def _neighbours() -> tuple[tuple[int, ...], ...]:
    """Each space's neighbours, ascending: the same hexagon of 37 spaces on every estate."""
    index = {c: i for i, c in enumerate(COORDS)}
    neighbours = []
    for q, r in COORDS:
        near = [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]
        neighbours.append(tuple(sorted(index[c] for c in near if c in index)))
    return tuple(neighbours)


NEIGHBOURS = _neighbours()
NB_MASK = tuple(sum(1 << j for j in nb) for nb in NEIGHBOURS)


def build_board(board_id: int, rows: tuple[str, ...], die_rows: tuple[str, ...], provenance: Provenance) -> Board:
    letters = "".join(rows)
    dice = [int(ch) for ch in "".join(die_rows)]
    colour = tuple(LETTERS.index(ch) for ch in letters)
    neighbours = NEIGHBOURS
    region = [-1] * 37
    sizes: list[int] = []
    colours: list[int] = []
    for start in range(37):
        if region[start] >= 0:
            continue
        rid = len(sizes)
        stack, size = [start], 0
        region[start] = rid
        while stack:
            i = stack.pop()
            size += 1
            for j in neighbours[i]:
                if region[j] < 0 and colour[j] == colour[start]:
                    region[j] = rid
                    stack.append(j)
        sizes.append(size)
        colours.append(colour[start])
    spaces: list[list[int]] = [[] for _ in sizes]
    for i, rid in enumerate(region):
        spaces[rid].append(i)
    colour_mask = [0] * 6
    for i, c in enumerate(colour):
        colour_mask[c] |= 1 << i
    return Board(
        id=board_id,
        rows=tuple(rows),
        colour=colour,
        die=tuple(dice),
        region=tuple(region),
        region_size=tuple(sizes),
        region_colour=tuple(colours),
        region_spaces=tuple(tuple(found) for found in spaces),
        neighbours=NEIGHBOURS,
        nb_mask=NB_MASK,
        colour_mask=tuple(colour_mask),
        colour_total=tuple(bin(m).count("1") for m in colour_mask),
        coords=tuple(COORDS),
        provenance=provenance,
    )


@dataclass(frozen=True)
class Components:
    """All component data of one game, validated."""

    kind_names: tuple[str, ...]
    kind_by_name: dict[str, int]
    coloured_stack: tuple[int, ...]  # tiles per kind with a coloured back
    black_stack: tuple[int, ...]  # tiles per kind with a black back
    depot_slots: tuple[tuple[int, ...], ...]  # depot 1-6 -> space colours (2p, +3p, +4p)
    black_size: tuple[int, ...]  # per 2/3/4 players
    bonus_large: tuple[int, ...]
    bonus_small: tuple[int, ...]
    region_points: tuple[int, ...]
    phase_bonus: tuple[int, ...]
    start_silver: int
    start_workers: tuple[int, ...]
    goods_types: int
    goods_per_type: int
    goods_piles: int
    pile_size: int
    start_goods: int
    boards: dict[int, Board]
    sources: dict[str, Provenance]  # table name -> Provenance (boards: each board's own)

    @property
    def original_boards(self) -> list[int]:
        return sorted(self.boards)


SHIPPED = ("burgundy.toml",)


def _tile_stacks(table: Callable[..., Table]) -> tuple[list[int], list[int], tuple[str, ...]]:
    """How many tiles of each kind the box holds with a coloured and with a black back, and the
    animal species, read with ``table(name, *keys)`` (which records each table's provenance)."""
    coloured = [0] * NUM_KINDS
    black = [0] * NUM_KINDS
    tiles = table("tiles", "castle", "mine", "ship")
    for kind, name in ((K_CASTLE, "castle"), (K_MINE, "mine"), (K_SHIP, "ship")):
        coloured[kind], black[kind] = tiles.ints(name, low=0, length=2)

    buildings = table("buildings", "names", "per_type")
    names = buildings.texts("names", choices=BUILDINGS, length=8)
    if len(set(names)) != 8:
        raise buildings.fail("names", f"must name each of the eight buildings once ({', '.join(BUILDINGS)})")
    per = buildings.ints("per_type", low=0, length=2)
    for b in range(8):
        coloured[K_BUILDING + b], black[K_BUILDING + b] = per

    animals = table("animals", "species", "coloured", "black")
    species = animals.texts("species", length=4)
    if len(set(species)) != 4 or not all(s.isalpha() for s in species):
        raise animals.fail("species", "must be 4 different single words")
    for key, target in (("coloured", coloured), ("black", black)):
        for count in animals.ints(key, low=2, high=4):  # an animal tile shows 2, 3 or 4 animals
            for s in range(4):
                target[animal_kind(s, count)] += 1

    knowledge = table("knowledge", "count", "black")
    knowledge.int("count", low=26, high=26)  # the effects of tiles 1-26 are built in
    kblack = knowledge.ints("black", low=1, high=26)
    if len(set(kblack)) != len(kblack):
        raise knowledge.fail("black", "must list different numbers")
    for k in range(1, 27):
        (black if k in kblack else coloured)[K_KNOWLEDGE + k] = 1
    return coloured, black, species


def load(path: Path | str | None = None) -> Components:
    """The shipped data, with the tables of ``path`` (a person's file) replacing shipped ones."""
    data = load_tables("bgkit_burgundy", SHIPPED, path, collections=("boards",))
    sources = {}

    def table(name: str, *keys: str) -> Table:
        t = data.table(name)
        t.only(*keys)
        sources[name] = t.provenance()
        return t

    coloured, black, species = _tile_stacks(table)

    depots = table("depots", *map(str, range(1, 7)))
    slots = tuple(tuple(COLOURS.index(c) for c in depots.texts(str(d), choices=COLOURS, length=4)) for d in range(1, 7))

    black_size = table("black_depot", "size").ints("size", low=0, length=3)
    bonus = table("bonus", "large", "small")
    large, small = bonus.ints("large", low=0, length=3), bonus.ints("small", low=0, length=3)

    scoring = table("scoring", "region", "phase_bonus")
    region_points = scoring.ints("region", low=0)
    if len(region_points) < 8:
        raise scoring.fail("region", f"needs points for regions of 1 to 8 spaces, not {len(region_points)} values")
    phase_bonus = scoring.ints("phase_bonus", low=0, length=5)

    start = table("start", "silverlings", "workers")
    start_silver = start.int("silverlings", low=0)
    start_workers = start.ints("workers", low=0, length=4)

    goods = table("goods", "types", "per_type", "piles", "pile_size", "start")
    goods.int("types", low=6, high=6)  # goods are known by their die number
    goods.int("piles", low=5, high=5)  # one pile per phase A-E
    goods.int("pile_size", low=5, high=5)  # one goods tile per round
    per_type, start_goods = goods.int("per_type", low=0), goods.int("start", low=0)
    if 5 * 5 + 4 * start_goods > 6 * per_type:
        raise goods.fail("per_type", f"{6 * per_type} goods are too few for the 25 of the piles and 4 players' start goods")

    _check_setup_possible(data, coloured, black, slots, black_size)

    grid = table("die_grid", "rows")
    die_rows = _rows(grid, "123456")

    boards = _boards(data, die_rows)
    sources.update({f"boards.{b}": board.provenance for b, board in boards.items()})
    return Components(
        kind_names=_kind_names(species),
        kind_by_name={n: i for i, n in enumerate(_kind_names(species))},
        coloured_stack=tuple(coloured),
        black_stack=tuple(black),
        depot_slots=slots,
        black_size=black_size,
        bonus_large=large,
        bonus_small=small,
        region_points=region_points,
        phase_bonus=phase_bonus,
        start_silver=start_silver,
        start_workers=start_workers,
        goods_types=6,
        goods_per_type=per_type,
        goods_piles=5,
        pile_size=5,
        start_goods=start_goods,
        boards=boards,
        sources=sources,
    )


_COUNTED_IN = {CASTLE: ("tiles", "castle"), MINE: ("tiles", "mine"), SHIP: ("tiles", "ship"),
               BUILDING: ("buildings", "per_type"), ANIMAL: ("animals", "coloured"), KNOWLEDGE: ("knowledge", "black")}


def _check_setup_possible(data: DataSet, coloured: list[int], black: list[int], slots: tuple[tuple[int, ...], ...],
                          black_size: tuple[int, ...]) -> None:
    """Refuse tiles too few to set up a game (the start castles and the phase A depots, at every
    player count): such data has 0 setups, and setup would quietly leave spaces empty."""
    for players in (2, 3, 4):
        have = [0] * 6
        for kind, count in enumerate(coloured):
            have[kind_colour(kind)] += count
        need = [players if colour == CASTLE else 0 for colour in range(6)]  # each player's start castle
        for depot in slots:
            for colour in depot[:players]:
                need[colour] += 1
        for colour in range(6):
            if have[colour] < need[colour]:
                name, key = _COUNTED_IN[colour]
                why = "a start castle each and the phase A depots" if colour == CASTLE else "the phase A depots"
                raise data.table(name).fail(key, f"{have[colour]} {COLOURS[colour]} tiles with a coloured back are "
                                                 f"too few to set up {players} players: {need[colour]} are needed ({why})")
        if sum(black) < black_size[players - 2]:
            raise data.table("black_depot").fail("size", f"the black depot takes {black_size[players - 2]} tiles with "
                                                         f"{players} players, but only {sum(black)} have a black back")


def _kind_names(species: tuple[str, ...]) -> tuple[str, ...]:
    names = ["castle", "mine", "ship", *BUILDINGS]
    names += [f"{species[s]}{a}" for s in range(4) for a in (2, 3, 4)]
    names += [f"k{k}" for k in range(1, 27)]
    return tuple(names)


def _boards(data: DataSet, die_rows: tuple[str, ...]) -> dict[int, Board]:
    boards = {}
    for key, table in data.entries("boards").items():
        if not key.isdigit():
            raise table.fail(None, "boards are tables named by number, e.g. [boards.1]")
        table.only("rows")
        provenance = table.provenance(parts=("rows",))
        rows = _rows(table, LETTERS)
        letters = "".join(rows)
        for ch, count in SPACE_MIX.items():
            if letters.count(ch) != count:
                raise table.fail("rows", f"an estate has {count} {ch} spaces, not {letters.count(ch)}")
        boards[int(key)] = build_board(int(key), rows, die_rows, provenance)
    if boards[1].colour[CENTRE] != CASTLE:  # a person's file replaces boards, so board 1 is always there
        raise data.entries("boards")["1"].fail("rows", "the centre space of board 1 must be a castle (the standard start castle)")
    return boards


def _rows(table: Table, alphabet: str) -> tuple[str, ...]:
    """The 7 rows of an estate (4-5-6-7-6-5-4 spaces), each a string of ``alphabet``."""
    rows = table.texts("rows", length=7)
    for i, (row, length) in enumerate(zip(rows, ROW_LENGTHS)):
        if len(row) != length or any(ch not in alphabet for ch in row):
            raise table.fail("rows", f"row {i + 1} must be {length} characters from {alphabet!r}, not {row!r}")
    return rows
