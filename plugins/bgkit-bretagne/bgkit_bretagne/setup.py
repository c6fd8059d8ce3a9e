"""The setup randomiser: a pure function of (components, players, rng, options) -> plain data.

What is random at the table, and how it is drawn here (in this order, from ``rng`` only):

1. the start player (``bgkit.seats.draw_start``, or the one named with ``--option start=N``); turn
   order runs clockwise;
2. the lighthouse tiles around the coast: each site has a printed colour (type), and the tiles
   of a colour go at random onto the sites of that colour (rule summary). With 2 players each
   coast uses one site of each colour (doczz), picked at random; the other sites stay empty.
   With 3 players one Heaven tile in the north, one Purgatory in the south and one Hell in the
   west start built (doczz), each picked at random among the sites of that colour;
3. the weather: the current card and the forecast (the rest of the deck stays face down);
4. the four face-up blueprints of each grade at Pontivy;
5. the Quimper production card of round 1.

Harbour tiles, Brest's market and engineers and the players' warehouses follow from the data
without chance. The barge cards are not dealt: in the published game each player chooses one in
turn order at the start of every round (doczz, ludovox), so that is the first decision of play. The equipment deck is shuffled
face down: nothing of it is visible, so its order is left to play.
"""

from __future__ import annotations

import math
import random

from bgkit.seats import clockwise, draw_start, seat_document, start_factor, start_option

from bgkit_bretagne.data import TYPES, Components

OPTIONS = (start_option(4),)


def make_setup(comps: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict:
    first = draw_start(players, rng, options)
    order = clockwise(players, first)
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

    rows = []
    for seat in range(players):
        rows.append(
            {
                "turn_order": order.index(seat) + 1,
                "francs": 0,
                "engineers": 0,
                "workers": comps.supply.start_workers,
                "reserve_workers": comps.supply.worker_cubes - comps.supply.start_workers,
                "resources": {kind: 0 for kind in comps.supply.resources},
                "score": 0,
            }
        )
    seats = seat_document(rows, first, order)
    engineers_out = table.brest_engineers + 2 * table.brest_engineer_pairs
    return {
        "players": players,
        **seats,
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
        "supply": {
            "resources": {
                kind: comps.supply.resources_each - brest_market[kind] - quimper.get(kind, 0)
                for kind in comps.supply.resources
            },
            "engineers": comps.supply.engineers - engineers_out,
            "workers": {str(row["seat"]): row["reserve_workers"] for row in seats["seats"]},
        },
    }


# -- lighthouses ------------------------------------------------------------------------------


def _lighthouses(comps: Components, players: int, rng: random.Random) -> list[dict]:
    """Tiles on sites by the colour printed at each site (rule summary: 按照版圖邊的顏色隨機放置)."""
    board = comps.board
    tiles_by_type = {t: [tile.id for tile in comps.lighthouses.values() if tile.type == t] for t in TYPES}
    for t in TYPES:
        rng.shuffle(tiles_by_type[t])
    placed: list[str] = [""] * board.sites
    if players == 2:  # one site of each colour per coast gets a tile (doczz); which one is not given: random
        for coast in board.coasts:
            for t in TYPES:
                placed[rng.choice(board.sites_of(coast, t)) - 1] = tiles_by_type[t].pop()
    else:
        for index, t in enumerate(board.site_types):
            placed[index] = tiles_by_type[t].pop()
    built: set[int] = set()
    if players == 3:  # one tile of the named colour on the named coast starts built (doczz); which one: random
        for coast, t in comps.table.three_player_built:
            built.add(rng.choice(board.sites_of(coast, t)) - 1)
    rows = []
    for index, tile_id in enumerate(placed):
        rows.append(
            {
                "site": index + 1,
                "coast": board.coast_of_site(index + 1),
                "harbour": board.site_harbour[index],
                "type": board.site_types[index],
                "tile": tile_id,
                "side": ("built" if index in built else "unbuilt") if tile_id else "not used",
            }
        )
    return rows


# -- the size of the setup space --------------------------------------------------------------


def count_lighthouse_layouts(comps: Components, players: int) -> int:
    """Distinct lighthouse layouts (tile ids on sites, and which start built) for ``players``."""
    board = comps.board
    tiles = [comps.types[t].tiles for t in TYPES]
    if players == 2:  # a site of each colour on each coast, and an ordered pick of tiles of each colour
        sites = math.prod(len(board.sites_of(coast, t)) for coast in board.coasts for t in TYPES)
        return sites * math.prod(math.perm(n, len(board.coasts)) for n in tiles)
    layouts = math.prod(math.factorial(n) for n in tiles)  # tiles of a colour over the sites of that colour
    if players == 3:
        for coast, t in comps.table.three_player_built:
            layouts *= len(board.sites_of(coast, t))
    return layouts


def count_setups(comps: Components, players: int, options: dict[str, str]) -> int:
    """The exact number of distinct setups ``make_setup`` can produce."""
    starts = start_factor(players, options)
    weather = math.perm(len(comps.weather), 2)
    blueprints = math.prod(math.comb(len(comps.stack_tiles(s.colour)), comps.table.face_up_blueprints) for s in comps.stacks)
    return starts * count_lighthouse_layouts(comps, players) * weather * blueprints * len(comps.production)
