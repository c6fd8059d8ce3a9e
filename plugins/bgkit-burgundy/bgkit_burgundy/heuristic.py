"""Advice for bots, kept apart from the rules: how good a table looks for each seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import derived

from bgkit_burgundy import scoring
from bgkit_burgundy.codes import END_TILES, S_OVER
from bgkit_burgundy.data import K_ANIMAL, K_BUILDING, K_KNOWLEDGE, MINE, Components

if TYPE_CHECKING:
    from bgkit_burgundy.state import BurgundyState


def region_worth(comp: Components, board_id: int) -> tuple[tuple[float, ...], ...]:
    """[region][spaces filled]: what ``_value`` counts for a region not yet full of board
    ``board_id``, ``f / size * points * 0.6`` (0.0 when empty or full), built once per box."""

    def build() -> tuple[tuple[float, ...], ...]:
        points = comp.region_points
        return tuple(
            tuple(f / size * points[size - 1] * 0.6 if 0 < f < size else 0.0 for f in range(size + 1))
            for size in comp.boards[board_id].region_size
        )

    return derived(comp, ("burgundy region worth", board_id), build)


def heuristic(state: BurgundyState, player: int) -> float:
    values = [_value(state, p) for p in range(state.num_players)]
    best_other = max(v for q, v in enumerate(values) if q != player)
    return values[player] - best_other


def heuristic_values(state: BurgundyState) -> list[float]:
    """Each seat's ``_value``: ``heuristic(p)`` is p's value less the best other's, so it
    orders the seats as their values do."""
    return [_value(state, p) for p in range(state.num_players)]


def _value(state: BurgundyState, p: int) -> float:
    """Points now plus rough worth of what is not points yet (for the greedy bot)."""
    if state.stage == S_OVER:
        return float(scoring.total(scoring.sheet_values(state, p), state.ruleset))
    phases_left = 5 - state.phase
    know = state.know[p]
    v = state.vp[p] + sum(state.goods[p]) * 1.5 + state.silver[p] + state.workers[p] * 0.6
    v += len(state.storage[p]) * 1.5
    v += state.colour_fill[p][MINE] * phases_left
    v += know.bit_count() * 2.0
    # a region's part-filled worth from a table (a full or empty one adds 0.0), summed in region order
    for f, worth in zip(state.region_fill[p], state.worths[p]):
        v += worth[f]
    if p == state.cur:
        for top in state.pending:
            v += (3.0, 2.0, 1.5, 1.0, 3.0, -1.0)[top[0]]
    if know & END_TILES:
        v += _end_knowledge(state, p, know) * 0.8
    return v


def _end_knowledge(state: BurgundyState, p: int, know: int) -> int:
    """``scoring.knowledge_points(scoring.sheet_values(state, p), ...)``, read off the table without the
    sheet: each end-scoring knowledge tile on the estate (``know``'s bits) times its worth."""
    tiles = state.tiles[p]
    first = state.ruleset == "2011"
    points = 0
    for j in range(15, 27):
        if not know >> j & 1:
            continue
        if j == 15:
            worth = (3 if first else 2) * sum(1 for s in state.sold[p] if s)
        elif j <= 23:
            worth = 4 * tiles.count(K_BUILDING + j - 16)
        elif j == 24:
            worth = 4 * len({(k - K_ANIMAL) // 3 for k in tiles if K_ANIMAL <= k < K_ANIMAL + 12})
        elif j == 25:
            worth = sum(state.sold[p])
        else:
            worth = (2 if first else 3) * len(state.bonus[p])
        points += tiles.count(K_KNOWLEDGE + j) * worth
    return points

