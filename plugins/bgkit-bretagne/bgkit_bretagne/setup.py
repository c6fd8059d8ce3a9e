"""The setup randomiser: a pure function of (components, players, rng, options) -> plain data.

What is random at the table, and how it is drawn here (in this order, from ``rng`` only):

1. the start player (``bgkit.api.draw_start``, or the one named with ``--option start=N``); turn
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
from typing import Any

from bgkit.api import SetupError, clockwise, draw_start, seat_document, start_factor, start_option, suggest

from bgkit_bretagne.data import TYPES, Components

OPTIONS = (start_option(4),)
#: Setup fields the rules fix (``bgkit.engine.setups.check_laid_out``): the coast and its harbours, Brest,
#: the decks left face down. Quimper's resources are those its card gives (its keys, the card's).
FIXED = ("lighthouses.*.site", "lighthouses.*.coast", "lighthouses.*.harbour", "lighthouses.*.type",
         "harbours", "weather.face_down", "brest", "equipment_deck")
ANY_KEYS = ("quimper.resources",)
#: The most points a seat starts with: the score sheet's limit on the track.
MAX_SCORE = 999


def make_setup(comp: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
    first = draw_start(players, rng, options)
    order = clockwise(players, first)
    lighthouses = _lighthouses(comp, players, rng)
    weather = rng.sample(list(comp.weather), 2)
    pontivy = {
        stack.colour: sorted(rng.sample(comp.stack_tiles(stack.colour), comp.table.face_up_blueprints),
                             key=list(comp.blueprints).index)
        for stack in comp.stacks
    }
    quimper_card = comp.production[rng.choice(list(comp.production))]
    quimper = quimper_card.for_players(players)
    table = comp.table
    brest_market = {kind: table.brest_resources_each for kind in comp.supply.resources}

    rows = []
    for seat in range(players):
        rows.append(
            {
                "turn_order": order.index(seat) + 1,
                "francs": 0,
                "engineers": 0,
                "workers": comp.supply.start_workers,
                "reserve_workers": comp.supply.worker_cubes - comp.supply.start_workers,
                "resources": {kind: 0 for kind in comp.supply.resources},
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
                "sites": [s for s, h in enumerate(comp.board.site_harbour, start=1) if h == number],
            }
            for number, tile in enumerate(comp.harbours, start=1)
        ],
        "weather": {"current": weather[0], "forecast": weather[1], "face_down": len(comp.weather) - 2},
        "pontivy": pontivy,
        "quimper": {"card": quimper_card.id, "resources": quimper},
        "brest": {
            "market": brest_market,
            "engineers": table.brest_engineers,
            "engineer_pairs": table.brest_engineer_pairs,
        },
        "equipment_deck": sum(kind.count for kind in comp.equipment),
        "supply": {
            "resources": {
                kind: comp.supply.resources_each - brest_market[kind] - quimper.get(kind, 0)
                for kind in comp.supply.resources
            },
            "engineers": comp.supply.engineers - engineers_out,
            "workers": {str(row["seat"]): row["reserve_workers"] for row in seats["seats"]},
        },
    }


def check_setup(comp: Components, setup: dict[str, Any]) -> None:
    """Refuse a setup edited into one the box cannot lay out (``bgkit play --setup FILE``); the core
    has checked its shape, list lengths, fixed fields and seats. Each seat: its place in the turn
    order, its workers and cubes in reserve adding up to its cubes, no negative amounts. The
    supply: what the seats, Brest and Quimper hold taken from the box (no more francs than it has).
    The weather, blueprints, production card and lighthouse tiles: known ones, each once, a tile
    on a site of its colour, built or not only if it is there."""
    _check_seats(comp, setup)
    _check_cards(comp, setup)
    _check_supply(comp, setup)
    _check_lighthouses(comp, setup)


def _check_seats(comp: Components, setup: dict[str, Any]) -> None:
    order, box = setup["turn_order"], comp.supply
    francs = 0
    for index, row in enumerate(setup["seats"]):
        place = order.index(index + 1) + 1
        if row["turn_order"] != place:
            raise SetupError(f"is {row['turn_order']}, but seat {index + 1} is number {place} in turn_order {order}",
                             "seats", index, "turn_order")
        for field in ("francs", "engineers", "workers", "reserve_workers", "score"):
            if row[field] < 0:
                raise SetupError(f"is {row[field]}, but it cannot be below 0", "seats", index, field)
        francs += row["francs"]
        if francs > box.coins:
            raise SetupError(f"is {row['francs']}: with the seats before, {francs}, but the box has {box.coins} francs",
                             "seats", index, "francs")
        if row["score"] > MAX_SCORE:
            raise SetupError(f"is {row['score']}, but it is 0-{MAX_SCORE}", "seats", index, "score")
        if row["workers"] + row["reserve_workers"] != box.worker_cubes:
            raise SetupError(f"is {row['reserve_workers']}, but with {row['workers']} workers a player's "
                             f"{box.worker_cubes} cubes make {box.worker_cubes - row['workers']}", "seats", index, "reserve_workers")
        if setup["supply"]["workers"][str(index + 1)] != row["reserve_workers"]:
            raise SetupError(f"is {setup['supply']['workers'][str(index + 1)]}, but seat {index + 1} has "
                             f"{row['reserve_workers']} cubes in reserve", "supply", "workers", str(index + 1))
        for kind, count in row["resources"].items():
            if count < 0:
                raise SetupError(f"is {count}, but it cannot be below 0", "seats", index, "resources", kind)


def _check_cards(comp: Components, setup: dict[str, Any]) -> None:
    """The weather cards, the blueprints at Pontivy and the production card: known ones, each once."""
    weather = setup["weather"]
    for field in ("current", "forecast"):
        if weather[field] not in comp.weather:
            raise SetupError(f"is {weather[field]!r}, not a weather card ({', '.join(comp.weather)})", "weather", field)
    if weather["current"] == weather["forecast"]:
        raise SetupError(f"is {weather['forecast']}, the current card too: two different cards", "weather", "forecast")
    for colour, tiles in setup["pontivy"].items():
        stack = comp.stack_tiles(colour)
        for tile in tiles:
            if tile not in stack:
                raise SetupError(f"lists {tile!r}, not a {colour} blueprint{suggest(tile, stack)}", "pontivy", colour)
        if len(set(tiles)) != len(tiles):
            raise SetupError(f"lists a blueprint twice: {tiles}", "pontivy", colour)
    card = setup["quimper"]["card"]
    if card not in comp.production:
        raise SetupError(f"is {card!r}, not a production card ({', '.join(comp.production)})", "quimper", "card")
    produced = comp.production[card].for_players(setup["players"])
    if setup["quimper"]["resources"] != produced:
        raise SetupError(f"is {setup['quimper']['resources']}, but card {card} gives {produced} with {setup['players']} players",
                         "quimper", "resources")


def _check_supply(comp: Components, setup: dict[str, Any]) -> None:
    """The supply holds what the box has less what the seats, Brest and Quimper hold."""
    box = comp.supply
    produced = setup["quimper"]["resources"]
    held = {kind: sum(row["resources"][kind] for row in setup["seats"]) + setup["brest"]["market"][kind] + produced.get(kind, 0)
            for kind in box.resources}
    for kind, count in setup["supply"]["resources"].items():
        if held[kind] + count != box.resources_each:
            raise SetupError(f"is {count}, but the box's {box.resources_each} {kind} less what the seats, Brest and "
                             f"Quimper hold leaves {box.resources_each - held[kind]}", "supply", "resources", kind)
    brest = setup["brest"]
    engineers = box.engineers - brest["engineers"] - 2 * brest["engineer_pairs"] - sum(row["engineers"] for row in setup["seats"])
    if setup["supply"]["engineers"] != engineers:
        raise SetupError(f"is {setup['supply']['engineers']}, but the box's {box.engineers} engineers less what the seats "
                         f"and Brest hold leaves {engineers}", "supply", "engineers")


def _check_lighthouses(comp: Components, setup: dict[str, Any]) -> None:
    """Known tiles, each once, each on a site of its colour, built or not only if it is there."""
    placed: dict[str, int] = {}
    for index, row in enumerate(setup["lighthouses"]):
        tile, side = row["tile"], row["side"]
        if not tile:
            if side != "not used":
                raise SetupError(f"is {side!r}, but a site without a tile is 'not used'", "lighthouses", index, "side")
            continue
        found = comp.lighthouses.get(tile)
        if found is None:
            raise SetupError(f"is {tile!r}, not a lighthouse tile{suggest(tile, comp.lighthouses)}", "lighthouses", index, "tile")
        if found.type != row["type"]:
            raise SetupError(f"is {tile}, a {found.type} tile, but site {index + 1} is {row['type']}", "lighthouses", index, "tile")
        if tile in placed:
            raise SetupError(f"is {tile}, as on site {placed[tile]}: each tile lies once", "lighthouses", index, "tile")
        placed[tile] = index + 1
        if side not in ("built", "unbuilt"):
            raise SetupError(f"is {side!r}, but a tile lies 'built' or 'unbuilt'", "lighthouses", index, "side")


# -- lighthouses ------------------------------------------------------------------------------


def _lighthouses(comp: Components, players: int, rng: random.Random) -> list[dict[str, Any]]:
    """Tiles on sites by the colour printed at each site (rule summary: 按照版圖邊的顏色隨機放置)."""
    board = comp.board
    tiles_by_type = {t: [tile.id for tile in comp.lighthouses.values() if tile.type == t] for t in TYPES}
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
        for coast, t in comp.table.three_player_built:
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


def count_lighthouse_layouts(comp: Components, players: int) -> int:
    """Distinct lighthouse layouts (tile ids on sites, and which start built) for ``players``."""
    board = comp.board
    tiles = [comp.types[t].tiles for t in TYPES]
    if players == 2:  # a site of each colour on each coast, and an ordered pick of tiles of each colour
        sites = math.prod(len(board.sites_of(coast, t)) for coast in board.coasts for t in TYPES)
        return sites * math.prod(math.perm(n, len(board.coasts)) for n in tiles)
    layouts = math.prod(math.factorial(n) for n in tiles)  # tiles of a colour over the sites of that colour
    if players == 3:
        for coast, t in comp.table.three_player_built:
            layouts *= len(board.sites_of(coast, t))
    return layouts


def count_setups(comp: Components, players: int, options: dict[str, str]) -> int:
    """The exact number of distinct setups ``make_setup`` can produce."""
    starts = start_factor(players, options)
    weather = math.perm(len(comp.weather), 2)
    blueprints = math.prod(math.comb(len(comp.stack_tiles(s.colour)), comp.table.face_up_blueprints) for s in comp.stacks)
    return starts * count_lighthouse_layouts(comp, players) * weather * blueprints * len(comp.production)
