"""A player's estate and stores: tiles placed (with their effects), stored, sold, goods shipped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_burgundy import offers as _offers
from bgkit_burgundy.codes import BANK, BOARDING, CITYHALL, COLOUR_OF, K, PICK_COLOURS, P_DISCARD, P_FREE, P_HALL, P_PICK, P_SHIP, P_WARE, WAREHOUSE, WATCHTOWER, Action
from bgkit_burgundy.data import ANIMAL, BUILDING, CASTLE, K_ANIMAL, K_BUILDING, K_KNOWLEDGE, KNOWLEDGE, SHIP
from bgkit_burgundy.reach import COST

if TYPE_CHECKING:
    from bgkit_burgundy.state import BurgundyState


def _without(tiles: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``tiles`` less the first ``kind`` (a depot is a tuple, so clones share it)."""
    i = tiles.index(kind)
    return tiles[:i] + tiles[i + 1 :]


def _use_die(state: BurgundyState, p: int, die: int, target: int, free_k: int, free_bit: int) -> None:
    if not die:
        state.pending.pop()  # the castle's free die
        return
    state.left.remove(die)
    know = state.know[p]
    free = 1 if (free_bit and know & free_bit) or (free_k and know & K[free_k]) else 0
    state.workers[p] -= COST[1 if know & K[8] else 0][free][die][target]


def _store(state: BurgundyState, p: int, kind: int) -> None:
    state.storage[p] = storage = (*state.storage[p], kind)
    if len(storage) > 3:
        state.pending.push(P_DISCARD)


def _sell(state: BurgundyState, p: int, t: int) -> None:
    count = state.goods[p][t]
    state.goods[p][t] = 0
    state.sold[p][t] += count
    know = state.know[p]
    state.silver[p] += 2 if know & K[3] else 1
    state.vp[p] += state.num_players * count
    if know & K[4]:
        state.workers[p] += 1


def _ship_goods(state: BurgundyState, p: int, d: int, e: int, keep: int) -> None:
    have = state.goods[p]
    free = 3 - sum(1 for c in have if c)
    for dep in (d, e) if e else (d,):
        row = state.depot_goods[dep - 1]
        for t in range(6):
            if not row[t]:
                continue
            if have[t] or (keep >> t & 1) or (not keep and free > 0):
                if not have[t]:
                    free -= 1
                have[t] += row[t]
                row[t] = 0


def _put_start_castle(state: BurgundyState, p: int, space: int) -> None:
    board = state.boards[p]
    state.tiles[p][space] = 0
    state.filled[p] |= 1 << space
    state.adj[p] |= board.nb_mask[space]
    state.region_fill[p][board.region[space]] += 1
    state.colour_fill[p][CASTLE] += 1


def _place(state: BurgundyState, p: int, kind: int, space: int) -> None:
    board = state.boards[p]
    n = state.num_players
    state.tiles[p][space] = kind
    state.filled[p] |= 1 << space
    state.adj[p] |= board.nb_mask[space]
    region = board.region[space]
    fill = state.region_fill[p]
    fill[region] += 1
    size = board.region_size[region]
    if fill[region] == size:
        state.vp[p] += state.comp.region_points[size - 1] + state.comp.phase_bonus[state.phase]
    colour = COLOUR_OF[kind]
    cf = state.colour_fill[p]
    cf[colour] += 1
    if cf[colour] == board.colour_total[colour]:
        taken = state.bonus_taken[colour]
        if taken < 2:
            state.vp[p] += (state.comp.bonus_large if taken == 0 else state.comp.bonus_small)[n - 2]
            state.bonus_taken[colour] = taken + 1
            state.bonus[p].append(2 * colour + taken)
    if colour == CASTLE:
        state.pending.push(P_FREE)
    elif colour == SHIP:
        state.stamp += 1
        state.track_pos[p] += 1
        state.track_stamp[p] = state.stamp
        if any(any(row) for row in state.depot_goods):
            state.pending.push(P_SHIP)
    elif colour == ANIMAL:
        _score_animals(state, p, kind, board.region_spaces[region])
    elif colour == KNOWLEDGE:
        state.know[p] |= 1 << (kind - K_KNOWLEDGE)
    elif colour == BUILDING:
        state.city[p][region] |= 1 << (kind - K_BUILDING)
        _building_effect(state, p, kind)


def _score_animals(state: BurgundyState, p: int, kind: int, spaces: tuple[int, ...]) -> None:
    """An animal placed scores every animal of its species in its region (itself included)."""
    species = (kind - K_ANIMAL) // 3
    total = scoring_tiles = 0
    tiles = state.tiles[p]
    for i in spaces:
        other = tiles[i] - K_ANIMAL
        if 0 <= other < 12 and other // 3 == species:
            total += other % 3 + 2
            scoring_tiles += 1
    if state.know[p] & K[7]:
        total += scoring_tiles
    state.vp[p] += total


def _building_effect(state: BurgundyState, p: int, kind: int) -> None:
    """A building's effect when placed: at once, or a follow-up pushed when there is a choice."""
    if kind == WAREHOUSE:
        if any(state.goods[p]):
            state.pending.push(P_WARE)
    elif kind == WATCHTOWER:
        state.vp[p] += 4
    elif kind == BOARDING:
        state.workers[p] += 4
    elif kind == BANK:
        state.silver[p] += 2
    elif kind == CITYHALL:
        probe: list[Action] = []
        _offers._hall_places(state, p, probe)
        if state.ruleset == "2019" and state.adj[p] & ~state.filled[p]:
            _offers._black_buys(state, p, probe)
        if probe:
            state.pending.push(P_HALL)
    else:
        mask = PICK_COLOURS[kind]
        if any(mask >> COLOUR_OF[k] & 1 for d in state.depots for k in d):
            state.pending.push(P_PICK, mask)

