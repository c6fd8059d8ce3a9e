"""The randomised setup (a pure function of players, rng and options) and the size of its space.

Player numbers in the setup are 1-based ("Player 2"); the engine's seats are those minus one.
What is random: the start player (turn order is clockwise from them), the boards (option
``boards=random``: each player a different board of the 2011 box), the five goods piles (in the
order their goods come out, round 1 first), each player's 3 start goods, and the tiles drawn for
the phase A depots. Tiles for phases B-E are drawn during play, as chance events.
"""

from __future__ import annotations

import random
from collections import defaultdict
from itertools import combinations_with_replacement
from math import comb
from typing import Any, Iterator

from bgkit.api import Option, start_option

from bgkit_burgundy.data import (
    ANIMAL,
    BUILDING,
    CASTLE,
    CENTRE,
    COLOURS,
    KNOWLEDGE,
    NUM_KINDS,
    Components,
    kind_colour,
)

PHASES = "ABCDE"
OPTIONS = (
    Option("boards", ("standard", "random", "random-secret"), "standard",
           "standard: everyone board 1, castle in the centre; random: each a different board, castle on a chosen dark-green space, "
           "chosen in turn order; random-secret: the same, all chosen at once and hidden until everyone has chosen"),
    Option("ruleset", ("2011", "2019"), "2011",
           "2011: original rules; 2019: knowledge 6, 15, 26 of the 20th-anniversary edition"),
    start_option(4),
)
#: Setup fields the options and rules fix (``bgkit.engine.setups.check_laid_out``): play reads the
#: ruleset and boards, and every player starts with one silverling.
FIXED = ("ruleset", "boards", "seats.*.silverlings")


def depot_colours(comp: Components, depot: int, players: int, phase: int) -> list[int]:
    """The colours of the spaces of numbered depot ``depot`` (1-6) used this phase.

    A 3-player game puts a mine instead of a castle on depot 6's dark-green (third) space in
    phases B and D. The rule summary of the 2011 box says so (it also names a phase F, a slip:
    there are phases A-E only), and the later editions keep it: the Special Edition's rulebook marks
    that space "3BD" ([FUN]) and the 2019 table files skip it in 3-player phases A, C and E ([MEG]);
    the tags are those at the head of data/burgundy.toml. So it holds in both rulesets.
    """
    colours = list(comp.depot_slots[depot - 1][:players])
    if players == 3 and phase in (1, 3):
        colours = [1 if (i == 2 and depot == 6 and c == CASTLE) else c for i, c in enumerate(colours)]
    return colours


def make_setup(comp: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
    from bgkit.api import clockwise, draw_start, seat_document
    start = draw_start(players, rng, options)
    order = clockwise(players, start)
    if options.get("boards", "standard") != "standard":  # random, random-secret
        boards = rng.sample(comp.original_boards, players)
    else:
        boards = [1] * players
    pool = [t for t in range(1, 7) for _ in range(comp.goods_per_type)]
    rng.shuffle(pool)
    piles = [pool[i * 5 : i * 5 + 5] for i in range(5)]
    rest = pool[25:]
    start_goods: list[list[int]] = [[] for _ in range(players)]
    for position, seat in enumerate(order):
        start_goods[seat] = sorted(rest[position * comp.start_goods : (position + 1) * comp.start_goods])
    stacks: dict[int, list[int]] = defaultdict(list)
    for kind in range(NUM_KINDS):
        stacks[kind_colour(kind)] += [kind] * comp.coloured_stack[kind]
    del stacks[CASTLE][:players]  # the start castles
    for colour in (BUILDING, ANIMAL, KNOWLEDGE):
        rng.shuffle(stacks[colour])
    black = [k for k in range(NUM_KINDS) for _ in range(comp.black_stack[k])]
    rng.shuffle(black)
    depots = []
    for depot in range(1, 7):
        tiles = [stacks[c].pop() for c in depot_colours(comp, depot, players, 0) if stacks[c]]
        depots.append(sorted(comp.kind_names[k] for k in tiles))
    black_depot = sorted(comp.kind_names[k] for k in black[: comp.black_size[players - 2]])
    seat_rows = []
    for seat in range(players):
        board = comp.boards[boards[seat]]
        standard = board.id == 1 and options.get("boards", "standard") == "standard"
        seat_rows.append(
            {
                "board": board.id,
                "castle": CENTRE + 1 if standard else 0,
                "castle_spaces": [i + 1 for i in board.castle_spaces],
                "position": order.index(seat) + 1,
                "workers": comp.start_workers[order.index(seat)],
                "silverlings": comp.start_silver,
                "goods": start_goods[seat],
            }
        )
    return {
        "players": players,
        "ruleset": options.get("ruleset", "2011"),
        "boards": options.get("boards", "standard"),
        **seat_document(seat_rows, start, order),
        "goods_piles": piles,
        "depots": depots,
        "black_depot": black_depot,
    }


def check_setup(comp: Components, setup: dict[str, Any]) -> None:
    """Refuse a setup edited into one the box cannot lay out (``bgkit play --setup FILE``); the core
    has checked its shape, list lengths, fixed fields and seats. Boards: board 1 with the castle in
    the centre (``boards=standard``), else different boards with the castle still to choose (0).
    The workers follow the turn position. Goods and tiles: known ones, no more of a kind than the
    box holds, each depot's tiles of the colours of its spaces."""
    _check_seats(comp, setup)
    _check_goods(comp, setup)
    _check_tiles(comp, setup)


def _check_seats(comp: Components, setup: dict[str, Any]) -> None:
    """Each seat's board, start castle, turn position and workers."""
    from bgkit.api import SetupError
    standard = setup["boards"] == "standard"
    order = setup["turn_order"]
    seen: dict[int, int] = {}
    for index, row in enumerate(setup["seats"]):
        board = row["board"]
        if standard and board != 1:
            raise SetupError(f"is {board}, but with boards=standard everyone plays board 1", "seats", index, "board")
        if not standard and board not in comp.original_boards:
            raise SetupError(f"is {board}; the boards are {_span(comp.original_boards)}", "seats", index, "board")
        if not standard and board in seen:
            raise SetupError(f"is {board}, as for seat {seen[board]}: each player has a different board", "seats", index, "board")
        seen[board] = index + 1
        castle = CENTRE + 1 if standard else 0
        if row["castle"] != castle:
            why = "the castle starts in the centre" if standard else "the castle is chosen in play"
            raise SetupError(f"is {row['castle']}, but with boards={setup['boards']} it is {castle} ({why})", "seats", index, "castle")
        spaces = [i + 1 for i in comp.boards[board].castle_spaces]
        if row["castle_spaces"] != spaces:
            raise SetupError(f"is {row['castle_spaces']}, but board {board}'s castle spaces are {spaces}", "seats", index, "castle_spaces")
        position = order.index(index + 1) + 1
        if row["position"] != position:
            raise SetupError(f"is {row['position']}, but seat {index + 1} is number {position} in turn_order {order}",
                             "seats", index, "position")
        workers = comp.start_workers[position - 1]
        if row["workers"] != workers:
            raise SetupError(f"is {row['workers']}, but the player in turn position {position} starts with {workers}",
                             "seats", index, "workers")


def _check_goods(comp: Components, setup: dict[str, Any]) -> None:
    """Known goods, no more of a type than the box holds."""
    from bgkit.api import SetupError
    goods = [0] * 7
    places: list[tuple[list[int], tuple[str | int, ...]]] = [
        (pile, ("goods_piles", i)) for i, pile in enumerate(setup["goods_piles"])]
    places += [(row["goods"], ("seats", i, "goods")) for i, row in enumerate(setup["seats"])]
    for values, where in places:
        for value in values:
            if not 1 <= value <= 6:
                raise SetupError(f"lists goods {value}; goods are numbered 1-6", *where)
            goods[value] += 1
            if goods[value] > comp.goods_per_type:
                raise SetupError(f"lists goods {value}: with the goods piles and the other players that is more "
                                 f"than the {comp.goods_per_type} the box has", *where)


def _check_tiles(comp: Components, setup: dict[str, Any]) -> None:
    """Known tiles, no more of a kind than the box holds, each depot's of the colours of its spaces."""
    from bgkit.api import SetupError
    players = setup["players"]
    names = comp.kind_by_name
    left = list(comp.coloured_stack)
    left[CASTLE] -= players  # the start castles
    for index, tiles in enumerate(setup["depots"]):
        for name in tiles:
            if name not in names:
                raise SetupError(f"lists {name!r}, which is not a tile of the game", "depots", index)
        colours = sorted(kind_colour(names[name]) for name in tiles)
        wanted = sorted(depot_colours(comp, index + 1, players, 0))
        if colours != wanted:
            raise SetupError(f"lists {tiles}, but depot {index + 1}'s spaces take {', '.join(COLOURS[c] for c in wanted)}", "depots", index)
        for name in tiles:
            left[names[name]] -= 1
            if left[names[name]] < 0:
                raise SetupError(f"lists {name!r}, but the box has no more of them for the depots", "depots", index)
    black = list(comp.black_stack)
    for name in setup["black_depot"]:
        if name not in names:
            raise SetupError(f"lists {name!r}, which is not a tile of the game", "black_depot")
        black[names[name]] -= 1
        if black[names[name]] < 0:
            raise SetupError(f"lists more {name!r} than there are black-backed ones", "black_depot")


def _span(numbers: list[int]) -> str:
    return f"{min(numbers)}-{max(numbers)}" if list(numbers) == list(range(min(numbers), max(numbers) + 1)) else ", ".join(map(str, numbers))


# -- counting ---------------------------------------------------------------------------------


def count_fillings(bounds: list[int], caps: list[int], ordered: list[bool]) -> int:
    """Ways to fill holders of capacity ``caps`` with item types of which ``bounds[t]`` copies exist.

    Copies of a type are identical. An ordered holder counts sequences, an unordered one multisets.
    """
    states = {tuple(caps): 1}
    for bound in bounds:
        new: dict[tuple[int, ...], int] = defaultdict(int)
        for rem, ways in states.items():
            for alloc, weight in _allocations(rem, bound, ordered):
                new[tuple(r - a for r, a in zip(rem, alloc))] += ways * weight
        states = new
    return states.get(tuple(0 for _ in caps), 0)


def _allocations(rem: tuple[int, ...], bound: int, ordered: list[bool],
                 h: int = 0) -> Iterator[tuple[tuple[int, ...], int]]:
    if h == len(rem):
        yield (), 1
        return
    for a in range(min(rem[h], bound) + 1):
        weight = comb(rem[h], a) if ordered[h] else 1
        for tail, w in _allocations(rem, bound - a, ordered, h + 1):
            yield (a, *tail), weight * w


def count_goods(types: int, per_type: int, hand: int, players: int, seq_len: int) -> int:
    """Distinct deals: each player's ``hand`` goods (a multiset) plus one ordered run of ``seq_len``."""
    states = {tuple([per_type] * types): 1}
    hands = list(combinations_with_replacement(range(types), hand))
    for _ in range(players):
        new: dict[tuple[int, ...], int] = defaultdict(int)
        for supply, ways in states.items():
            for h in hands:
                left = list(supply)
                for t in h:
                    left[t] -= 1
                if min(left) >= 0:
                    new[tuple(sorted(left))] += ways  # the rest is symmetric in the types
        states = new
    return sum(ways * count_fillings(list(supply), [seq_len], [True]) for supply, ways in states.items())


def count_setups(comp: Components, players: int, options: dict[str, str]) -> int:
    from bgkit.api import start_factor
    total = start_factor(players, options)
    if options.get("boards", "standard") != "standard":
        n = len(comp.boards)
        for i in range(players):
            total *= n - i
    total *= count_goods(6, comp.goods_per_type, comp.start_goods, players, 25)
    for colour in range(6):
        caps = [depot_colours(comp, d, players, 0).count(colour) for d in range(1, 7)]
        caps = [c for c in caps if c]
        bounds = [comp.coloured_stack[k] for k in range(NUM_KINDS) if kind_colour(k) == colour]
        if colour == CASTLE:
            bounds = [bounds[0] - players]
        if caps:
            total *= count_fillings(bounds, caps, [False] * len(caps))
    total *= count_fillings([b for b in comp.black_stack if b], [comp.black_size[players - 2]], [False])
    return total
