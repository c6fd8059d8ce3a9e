"""The setup randomiser: lay out the city, choose the start player, and deal the hands if asked.

``make_setup`` is a pure function of (comp, players, rng, options) and draws only from the
``rng`` it is given, in a fixed order (city, start player, hands), so one seed gives one setup on
every machine, and ``deal=yes`` shows the same city and start player as ``deal=no``. The seats,
start player and turn order follow the one schema of :mod:`bgkit.model.seats`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from bgkit.api import Option, draw_start, seat_document, start_factor, start_option, suggest

from bgkit_bluemooncity.city import CORNERS, POSITION_CELLS, SIZE, free_cells
from bgkit_bluemooncity.data import Components

LAYOUTS = ("standard", "random")
OPTIONS = (
    Option(
        "layout",
        LAYOUTS,
        "standard",
        "standard: temples and palace fixed around the courtyard; random: only the courtyard fixed (variant)",
    ),
    Option("deal", ("no", "yes"), "no", "yes: also deal each player's 8 starting cards"),
    start_option(4),
)
#: Setup fields the options and rules fix (``bgkit.engine.setups.check_laid_out``): the numbers of the
#: player count, the dragons, the deal and the deck left over. Scoring reads them from the data.
FIXED = ("layout", "offerings_to_win", "obelisk", "scales", "markers_per_player", "hand_size", "dragons", "deal", "deck")


def make_setup(comp: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
    """The setup as plain JSON data.

    ``city`` holds the rows from north to south, each from west to east, as building ids; the four
    missing corners of the cross are ``""``. ``seats`` has one table per seat (``seat`` from 1),
    with its ``hand`` only with ``deal=yes``: card ids ``people-value``, sorted. ``start_player``
    and ``turn_order`` count seats from 1; play goes clockwise.
    """
    layout = options["layout"]
    grid = [["" for _ in range(SIZE)] for _ in range(SIZE)]
    movable = []
    for building in comp.buildings.values():
        if building.position is not None and (layout == "standard" or building.position == "centre"):
            r, c = POSITION_CELLS[building.position]
            grid[r][c] = building.id
        else:
            movable.append(building.id)
    rng.shuffle(movable)
    for (r, c), building_id in zip(free_cells(layout), movable, strict=True):
        grid[r][c] = building_id

    count = comp.count(players)
    start = draw_start(players, rng, options)
    setup = {
        "layout": layout,
        "city": grid,
        "offerings_to_win": count.offerings_to_win,
        "obelisk": list(comp.obelisk_in_use(players)),
        "scales": count.scales,
        "markers_per_player": comp.markers_per_player,
        "hand_size": comp.hand_size,
        "dragons": list(comp.dragons),
        "deal": options["deal"] == "yes",
    }
    rows: list[dict[str, Any]] = [{} for _ in range(players)]
    if setup["deal"]:
        deck = [card.id for card in comp.deck()]
        rng.shuffle(deck)
        size = comp.hand_size
        for i, row in enumerate(rows):
            row["hand"] = sorted(deck[i * size:(i + 1) * size], key=comp.card_order)
    setup["deck"] = len(comp.deck()) - (players * comp.hand_size)
    setup.update(seat_document(rows, start))
    return setup


def check_setup(comp: Components, setup: dict[str, Any]) -> None:
    """Refuse a setup edited into one the box cannot lay out (``bgkit play --setup FILE``); the core
    has checked its shape, list lengths, fixed fields and seats. The city: every tile once (there
    are as many as cells), the corners empty, the fixed tiles of the layout in place. The hands: cards of the deck, no more
    copies of one than it holds."""
    from bgkit.api import SetupError  # here, not at the top: `bgkit score` imports this module and checks no setup

    city = setup["city"]
    fixed = {POSITION_CELLS[b.position]: b.id for b in comp.buildings.values()
             if b.position is not None and (setup["layout"] == "standard" or b.position == "centre")}
    placed: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(city):
        for c, tile in enumerate(row):
            if (r, c) in CORNERS:
                if tile:
                    raise SetupError(f"is {tile!r}, but the city has no tile in its corners", "city", r, c)
                continue
            if tile not in comp.buildings:
                raise SetupError(f"is {tile!r}, which is not a tile of the city{suggest(tile, comp.buildings)}", "city", r, c)
            if tile in placed:
                raise SetupError(f"is {tile!r}, as city.{placed[tile][0]}.{placed[tile][1]} is: each tile lies once", "city", r, c)
            placed[tile] = (r, c)
            if fixed.get((r, c), tile) != tile:
                raise SetupError(f"is {tile!r}, but with layout={setup['layout']} {fixed[(r, c)]!r} lies here", "city", r, c)
    left = Counter(card.id for card in comp.deck())
    for index, row in enumerate(setup["seats"]):
        for card in row.get("hand", ()):
            if card not in left:
                raise SetupError(f"lists {card!r}, which is not a card of the deck (people-value){suggest(card, left)}",
                                 "seats", index, "hand")
            left[card] -= 1
            if left[card] < 0:
                raise SetupError(f"lists {card!r}, but the hands hold more of it than the deck", "seats", index, "hand")


def count_layouts(comp: Components, layout: str) -> int:
    """Distinct cities: every tile is different, so the free cells can be filled in n! ways."""
    return math.factorial(len(free_cells(layout)))


def count_setups(comp: Components, players: int, options: dict[str, str]) -> int:
    """Distinct setups ``make_setup`` can give: cities x start players (x distinct deals)."""
    total = count_layouts(comp, options["layout"]) * start_factor(players, options)
    if options["deal"] == "yes":
        available = sorted(Counter(card.id for card in comp.deck()).values())
        total *= count_deals(tuple(available), players, comp.hand_size)
    return total


def count_deals(available: tuple[int, ...], players: int, hand: int) -> int:
    """How many distinct ordered deals of ``players`` hands of ``hand`` cards there are.

    ``available`` gives the number of identical copies of each card type. Identical cards are
    interchangeable, so a hand is a multiset; this counts tuples of multisets that fit together in
    the deck, type by type. The count is symmetric in the players, so the remaining needs are
    memoised sorted.
    """

    @lru_cache(maxsize=None)
    def ways(index: int, needs: tuple[int, ...]) -> int:
        if not any(needs):
            return 1
        if index == len(available):
            return 0
        total = 0
        for split in _splits(needs, available[index]):
            rest = tuple(sorted(n - k for n, k in zip(needs, split)))
            total += ways(index + 1, rest)
        return total

    return ways(0, (hand,) * players)


def _splits(needs: tuple[int, ...], copies: int) -> Iterator[tuple[int, ...]]:
    """Every way to hand out at most ``copies`` cards of one type, player i taking at most needs[i]."""
    if not needs:
        yield ()
        return
    for k in range(min(needs[0], copies) + 1):
        for rest in _splits(needs[1:], copies - k):
            yield (k,) + rest

