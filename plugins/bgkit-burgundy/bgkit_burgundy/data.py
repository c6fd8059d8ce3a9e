"""Component data: read data/burgundy.toml (or a person's --data file), validate, precompute.

Tiles are small ints ("kinds"), fixed by this module so the engine can index tables by them:
0 castle, 1 mine, 2 ship, 3-10 the eight buildings, 11-22 animals (species x 2/3/4 animals),
23-48 knowledge tiles 1-26. Everything built here is immutable and shared by all states.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from bgkit.errors import DataError

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
    confirmed: bool

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


def build_board(board_id: int, rows: list[str], die_rows: list[str], confirmed: bool) -> Board:
    letters = "".join(rows)
    dice = [int(ch) for ch in "".join(die_rows)]
    colour = tuple(LETTERS.index(ch) for ch in letters)
    index = {c: i for i, c in enumerate(COORDS)}
    neighbours = []
    for q, r in COORDS:
        near = [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]
        neighbours.append(tuple(sorted(index[c] for c in near if c in index)))
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
        region_spaces=tuple(tuple(i for i in range(37) if region[i] == rid) for rid in range(len(sizes))),
        neighbours=tuple(neighbours),
        nb_mask=tuple(sum(1 << j for j in nb) for nb in neighbours),
        colour_mask=tuple(colour_mask),
        colour_total=tuple(bin(m).count("1") for m in colour_mask),
        coords=tuple(COORDS),
        confirmed=confirmed,
    )


@dataclass(frozen=True)
class Components:
    """All component data of one game, validated."""

    kind_names: tuple[str, ...]
    kind_by_name: dict
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
    boards: dict
    sources: dict

    @property
    def original_boards(self) -> list[int]:
        return sorted(self.boards)


def default_path() -> Any:
    return resources.files("bgkit_burgundy") / "data" / "burgundy.toml"


def load(path: Path | None = None) -> Components:
    """The shipped data, with the tables of ``path`` (a person's file) replacing shipped ones."""
    shipped_ref = default_path()
    raw = tomllib.loads(shipped_ref.read_text(encoding="utf-8"))
    where = "burgundy.toml"
    if path is not None:
        where = str(path)
        try:
            own = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"not valid TOML: {exc}", where) from None
        except OSError as exc:
            raise DataError(f"cannot read: {exc}", where) from None
        for key, value in own.items():
            if key not in raw:
                raise DataError(f"unknown table [{key}] (known: {', '.join(raw)})", where)
            if key == "boards" and isinstance(value, dict):
                raw["boards"] = {**raw["boards"], **value}
            else:
                raw[key] = value
    return _validate(raw, where)


def _get(raw: dict, table: str, key: str, kind: type, where: str, length: int | None = None) -> Any:
    section = raw.get(table)
    if not isinstance(section, dict):
        raise DataError(f"missing table [{table}]", where)
    if key not in section:
        raise DataError(f"[{table}] has no key {key!r}", where)
    value = section[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if kind is list and ok:
        ok = all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value)
    if not ok:
        raise DataError(f"[{table}] {key} must be {'a list' if kind is list else kind.__name__}, not {value!r}", where)
    if length is not None and len(value) != length:
        raise DataError(f"[{table}] {key} must have {length} items, not {len(value)}", where)
    if kind is int and value < 0:
        raise DataError(f"[{table}] {key} cannot be negative", where)
    if kind is list and any(isinstance(v, int) and v < 0 for v in value):
        raise DataError(f"[{table}] {key} cannot hold negative numbers", where)
    return value


def _validate(raw: dict, where: str) -> Components:
    g = lambda t, k, kind, n=None: _get(raw, t, k, kind, where, n)  # noqa: E731
    for table, value in raw.items():
        if isinstance(value, dict) and table != "boards" and "source" not in value:
            raise DataError(f"[{table}] must say where it comes from (source = ...)", where)
    coloured = [0] * NUM_KINDS
    black = [0] * NUM_KINDS
    for kind, name in ((K_CASTLE, "castle"), (K_MINE, "mine"), (K_SHIP, "ship")):
        coloured[kind], black[kind] = g("tiles", name, list, 2)
    names = g("buildings", "names", list, 8)
    if sorted(names) != sorted(BUILDINGS):
        raise DataError(f"[buildings] names must be the eight buildings {', '.join(BUILDINGS)}", where)
    per = g("buildings", "per_type", list, 2)
    for b in range(8):
        coloured[K_BUILDING + b], black[K_BUILDING + b] = per
    species = g("animals", "species", list, 4)
    if len(set(species)) != 4 or not all(isinstance(s, str) and s.isalpha() for s in species):
        raise DataError("[animals] species must be 4 different single words", where)
    for key, target in (("coloured", coloured), ("black", black)):
        for animals in g("animals", key, list):
            if animals not in (2, 3, 4):
                raise DataError(f"[animals] {key}: an animal tile shows 2, 3 or 4 animals, not {animals}", where)
            for s in range(4):
                target[animal_kind(s, animals)] += 1
    if g("knowledge", "count", int) != 26:
        raise DataError("[knowledge] count must be 26 (the effects of tiles 1-26 are built in)", where)
    kblack = g("knowledge", "black", list)
    if any(not 1 <= k <= 26 for k in kblack) or len(set(kblack)) != len(kblack):
        raise DataError("[knowledge] black must list different numbers 1-26", where)
    for k in range(1, 27):
        (black if k in kblack else coloured)[K_KNOWLEDGE + k] = 1
    kind_names = ["castle", "mine", "ship", *BUILDINGS]
    kind_names += [f"{species[s]}{a}" for s in range(4) for a in (2, 3, 4)]
    kind_names += [f"k{k}" for k in range(1, 27)]
    slots = []
    for d in range(1, 7):
        colours = g("depots", str(d), list, 4)
        if any(c not in COLOURS for c in colours):
            raise DataError(f"[depots] {d}: colours are {', '.join(COLOURS)}", where)
        slots.append(tuple(COLOURS.index(c) for c in colours))
    black_size = tuple(g("black_depot", "size", list, 3))
    large, small = tuple(g("bonus", "large", list, 3)), tuple(g("bonus", "small", list, 3))
    region_points = tuple(g("scoring", "region", list))
    if len(region_points) < 8:
        raise DataError("[scoring] region needs points for regions of 1 to 8 spaces", where)
    phase_bonus = tuple(g("scoring", "phase_bonus", list, 5))
    start_silver = g("start", "silverlings", int)
    start_workers = tuple(g("start", "workers", list, 4))
    goods = {k: g("goods", k, int) for k in ("types", "per_type", "piles", "pile_size", "start")}
    if goods["types"] != 6 or goods["piles"] != 5:
        raise DataError("[goods] there are 6 types (die numbers) and 5 piles (phases A-E)", where)
    if goods["piles"] * goods["pile_size"] + 4 * goods["start"] > 6 * goods["per_type"]:
        raise DataError("[goods] not enough goods for the piles and 4 players' start goods", where)
    if goods["pile_size"] != 5:
        raise DataError("[goods] pile_size must be 5 (one goods tile per round)", where)
    die_rows = g("die_grid", "rows", list, 7)
    _check_rows("die_grid", die_rows, "123456", where)
    boards_raw = raw.get("boards")
    if not isinstance(boards_raw, dict) or not boards_raw:
        raise DataError("missing table [boards]", where)
    boards = {}
    for key, table in boards_raw.items():
        if not key.isdigit() or not isinstance(table, dict):
            raise DataError(f"[boards.{key}]: boards are tables named by number, e.g. [boards.1]", where)
        if "source" not in table:
            raise DataError(f"[boards.{key}] must say where it comes from (source = ...)", where)
        rows = _get(raw["boards"], key, "rows", list, where, 7)
        _check_rows(f"boards.{key}", rows, LETTERS, where)
        letters = "".join(rows)
        for ch, count in SPACE_MIX.items():
            if letters.count(ch) != count:
                raise DataError(f"[boards.{key}] rows: an estate has {count} {ch} spaces, not {letters.count(ch)}", where)
        boards[int(key)] = build_board(int(key), rows, die_rows, bool(table.get("confirmed", False)))
    if 1 not in boards:
        raise DataError("[boards.1] is needed (the standard board)", where)
    if boards[1].colour[CENTRE] != CASTLE:
        raise DataError("[boards.1] the centre space must be a castle (the standard start castle)", where)
    sources = {k: v.get("source", "") for k, v in raw.items() if isinstance(v, dict) and k != "boards"}
    return Components(
        kind_names=tuple(kind_names),
        kind_by_name={n: i for i, n in enumerate(kind_names)},
        coloured_stack=tuple(coloured),
        black_stack=tuple(black),
        depot_slots=tuple(slots),
        black_size=black_size,
        bonus_large=large,
        bonus_small=small,
        region_points=region_points,
        phase_bonus=phase_bonus,
        start_silver=start_silver,
        start_workers=start_workers,
        goods_types=6,
        goods_per_type=goods["per_type"],
        goods_piles=5,
        pile_size=5,
        start_goods=goods["start"],
        boards=boards,
        sources=sources,
    )


def _check_rows(table: str, rows: list, alphabet: str, where: str) -> None:
    for i, (row, length) in enumerate(zip(rows, ROW_LENGTHS)):
        if not isinstance(row, str) or len(row) != length or any(ch not in alphabet for ch in row):
            raise DataError(
                f"[{table}] rows: row {i + 1} must be {length} characters from {alphabet!r}, not {row!r}", where
            )
