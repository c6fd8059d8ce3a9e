"""The setup randomiser: a pure function of (components, players, rng, options) -> plain data.

What is random at the table, and how it is drawn here (in this order, from ``rng`` only):

1. the start player (or the one named with ``--option start=N``); turn order runs clockwise;
2. the lighthouse tiles around the coast. With 3-4 players every site gets a tile, and every
   coast holds at least one tile of each type (the 2- and 3-player adjustments of the sources
   assume so); all such layouts are equally likely. With 2 players each coast gets exactly one
   tile of each type (doczz) on random sites; the other sites stay empty. With 3 players one
   Heaven tile in the north, one Purgatory in the south and one Hell in the west start built;
3. the weather: the current card and the forecast (the rest of the deck stays face down);
4. the four face-up blueprints of each grade at Pontivy;
5. the Quimper production card of round 1.

Harbour tiles, Brest's market and engineers, the barge cards (by turn-order place, rule summary)
and the players' warehouses follow from the data without chance. The equipment deck is shuffled
face down: nothing of it is visible, so its order is left to play.
"""

from __future__ import annotations

import math
import random
from itertools import product
from typing import Iterator

from bgkit.errors import BadInput

from bgkit_bretagne.data import TYPES, Components

START_CHOICES = ("random", "1", "2", "3", "4")


def start_seat(players: int, rng: random.Random, start: str) -> int:
    """The start player's seat (0-based)."""
    if start == "random":
        return rng.randrange(players)
    seat = int(start)
    if seat > players:
        raise BadInput(f"option start={start}, but there are only {players} players")
    return seat - 1


def make_setup(comps: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict:
    first = start_seat(players, rng, options["start"])
    turn_order = [(first + i) % players + 1 for i in range(players)]
    lighthouses = _lighthouses(comps, players, rng)
    weather = rng.sample(list(comps.weather), 2)
    pontivy = {
        stack.colour: sorted(rng.sample(comps.stack_tiles(stack.colour), comps.table.face_up_blueprints),
                             key=list(comps.blueprints).index)
        for stack in comps.stacks
    }
    quimper_card = comps.production[rng.choice(list(comps.production))]
    quimper = quimper_card.for_players(players)
    table = comps.table
    brest_market = {kind: table.brest_resources_each for kind in comps.supply.resources}

    seats = []
    for place, seat in enumerate(turn_order, start=1):
        barge = comps.barges[place - 1]
        seats.append(
            {
                "seat": seat,
                "turn_order": place,
                "barge": barge.number,
                "francs": barge.francs,
                "engineers": barge.engineers,
                "workers": comps.supply.start_workers,
                "reserve_workers": comps.supply.worker_cubes - comps.supply.start_workers,
                "resources": {kind: 0 for kind in comps.supply.resources},
                "score": 0,
            }
        )
    engineers_out = table.brest_engineers + 2 * table.brest_engineer_pairs + sum(s["engineers"] for s in seats)
    return {
        "players": players,
        "turn_order": turn_order,
        "lighthouses": lighthouses,
        "harbours": [
            {
                "harbour": number,
                "coast": tile.coast,
                "tile": tile.id,
                "side": "normal",
                "sites": [s for s, h in enumerate(comps.board.site_harbour, start=1) if h == number],
            }
            for number, tile in enumerate(comps.harbours, start=1)
        ],
        "weather": {"current": weather[0], "forecast": weather[1], "face_down": len(comps.weather) - 2},
        "pontivy": pontivy,
        "quimper": {"card": quimper_card.id, "resources": quimper},
        "brest": {
            "market": brest_market,
            "engineers": table.brest_engineers,
            "engineer_pairs": table.brest_engineer_pairs,
        },
        "equipment_deck": sum(kind.count for kind in comps.equipment),
        "seats": seats,
        "supply": {
            "resources": {
                kind: comps.supply.resources_each - brest_market[kind] - quimper.get(kind, 0)
                for kind in comps.supply.resources
            },
            "engineers": comps.supply.engineers - engineers_out,
            "workers": {str(s["seat"]): s["reserve_workers"] for s in seats},
        },
    }


# -- lighthouses ------------------------------------------------------------------------------


def _lighthouses(comps: Components, players: int, rng: random.Random) -> list[dict]:
    board = comps.board
    k = board.sites_per_coast
    tiles_by_type = {t: [tile.id for tile in comps.lighthouses.values() if tile.type == t] for t in TYPES}
    placed: list[str] = [""] * board.sites
    if players == 2:
        for t in TYPES:
            rng.shuffle(tiles_by_type[t])
        for c in range(len(board.coasts)):
            positions = rng.sample(range(k), len(TYPES))
            for t, pos in zip(TYPES, positions):
                placed[c * k + pos] = tiles_by_type[t][c]
    else:
        types = _balanced_types(comps, rng)
        for t in TYPES:
            rng.shuffle(tiles_by_type[t])
        for site, t in enumerate(types):
            placed[site] = tiles_by_type[t].pop()
    built: set[int] = set()
    if players == 3:
        for coast, t in comps.table.three_player_built:
            c = board.coasts.index(coast)
            candidates = [s for s in range(c * k, (c + 1) * k) if placed[s] and comps.lighthouses[placed[s]].type == t]
            built.add(rng.choice(candidates))
    rows = []
    for index, tile_id in enumerate(placed):
        row = {"site": index + 1, "coast": board.coast_of_site(index + 1), "harbour": board.site_harbour[index]}
        if tile_id:
            side = "built" if index in built else "unbuilt"
            row.update(tile=tile_id, type=comps.lighthouses[tile_id].type, side=side)
        else:
            row.update(tile="", type="", side="not used")
        rows.append(row)
    return rows


def _balanced_types(comps: Components, rng: random.Random) -> list[str]:
    """A uniformly random sequence of site types in which every coast holds every type.

    Draws a composition (how many of each type on each coast) weighted by how many sequences
    it allows, then shuffles each coast's types.
    """
    k = comps.board.sites_per_coast
    weighted = [(m, _sequences(m, k)) for m in compositions(comps)]
    pick = rng.randrange(sum(w for _, w in weighted))
    for matrix, weight in weighted:
        if pick < weight:
            break
        pick -= weight
    types: list[str] = []
    for row in matrix:
        coast = [t for t, n in zip(TYPES, row) for _ in range(n)]
        rng.shuffle(coast)
        types += coast
    return types


def compositions(comps: Components) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every matrix m[coast][type] >= 1 with row sums sites_per_coast and column sums tiles per type."""
    coasts = len(comps.board.coasts)
    k = comps.board.sites_per_coast
    rows = [r for r in product(range(1, k + 1), repeat=len(TYPES)) if sum(r) == k]
    totals = tuple(comps.types[t].tiles for t in TYPES)
    for matrix in product(rows, repeat=coasts):
        if tuple(sum(col) for col in zip(*matrix)) == totals:
            yield matrix


def _sequences(matrix: tuple[tuple[int, ...], ...], k: int) -> int:
    """How many type sequences around the coast have these per-coast counts."""
    count = 1
    for row in matrix:
        count *= math.factorial(k) // math.prod(math.factorial(n) for n in row)
    return count


# -- the size of the setup space --------------------------------------------------------------


def count_lighthouse_layouts(comps: Components, players: int) -> int:
    """Distinct lighthouse layouts (tile ids on sites, and which start built) for ``players``."""
    board = comps.board
    coasts, k, types = len(board.coasts), board.sites_per_coast, len(TYPES)
    tiles = [comps.types[t].tiles for t in TYPES]
    if players == 2:
        positions = (math.perm(k, types)) ** coasts
        return positions * math.prod(math.perm(n, coasts) for n in tiles)
    total = 0
    for matrix in compositions(comps):
        ways = _sequences(matrix, k)
        if players == 3:
            for coast, t in comps.table.three_player_built:
                ways *= matrix[board.coasts.index(coast)][TYPES.index(t)]
        total += ways
    return total * math.prod(math.factorial(n) for n in tiles)


def count_setups(comps: Components, players: int, options: dict[str, str]) -> int:
    """The exact number of distinct setups ``make_setup`` can produce."""
    starts = players if options["start"] == "random" else 1
    if options["start"] != "random" and int(options["start"]) > players:
        raise BadInput(f"option start={options['start']}, but there are only {players} players")
    weather = math.perm(len(comps.weather), 2)
    blueprints = math.prod(math.comb(len(comps.stack_tiles(s.colour)), comps.table.face_up_blueprints) for s in comps.stacks)
    return starts * count_lighthouse_layouts(comps, players) * weather * blueprints * len(comps.production)
