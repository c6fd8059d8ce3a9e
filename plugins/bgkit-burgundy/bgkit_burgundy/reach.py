"""What a die can reach with the workers at hand: the workers a change of number costs, and
from that, per die and workers, the depots it may take from, the goods it may sell and the
estate spaces it may fill, all precomputed (these tables serve every legal-action list)."""

from __future__ import annotations

from bgkit.api import derived

from bgkit_burgundy.codes import FREE_BIT
from bgkit_burgundy.data import Board

#: Per estate: each colour's spaces a die reaches, per ``(know >> 8) & 15``, die and workers (None: not yet made).
PlaceMasks = list[tuple[int, ...] | None]


def _cost_table() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """COST[k8][free][a][b]: workers to turn die a into b (free: one step is free; k8: 2 steps per worker)."""
    table = []
    for k8 in (0, 1):
        per_free = []
        for free in (0, 1):
            rows = [[0] * 7 for _ in range(7)]
            for a in range(1, 7):
                for b in range(1, 7):
                    dist = min(abs(a - b), 6 - abs(a - b))
                    if free:
                        dist = max(0, dist - 1)
                    rows[a][b] = (dist + 1) // 2 if k8 else dist
            per_free.append(tuple(tuple(r) for r in rows))
        table.append(tuple(per_free))
    return tuple(table)


COST = _cost_table()


TAKE_DEPOTS = tuple(  # [(k8 * 2 + k12) * 28 + die * 4 + wcap]: the depots (0-5) a die may take from
    tuple(dep for dep in range(6) if not d or COST[k8][k12][d][dep + 1] <= w)
    for k8 in (0, 1) for k12 in (0, 1) for d in range(7) for w in range(4)
)


SELL_TYPES = tuple(  # [k8 * 28 + die * 4 + wcap]: the goods types (0-5) a die may sell
    tuple(t for t in range(6) if not d or COST[k8][0][d][t + 1] <= w) for k8 in (0, 1) for d in range(7) for w in range(4)
)


def _place_masks(board: Board) -> PlaceMasks:
    """Per estate, lazily: [((know >> 8) & 15) * 28 + die * 4 + wcap] -> the spaces of each colour
    that die reaches (knowledge #8 and the free +-1 of #9-#11 are bits 8-11 of ``know``)."""
    return derived(board, "burgundy place masks", lambda: [None] * (16 * 28))


def _fill_place_masks(board: Board, table: PlaceMasks, index: int) -> tuple[int, ...]:
    bits, rest = divmod(index, 28)
    d, w = divmod(rest, 4)
    k8 = bits & 1
    rows = [COST[k8][1 if bits & (FREE_BIT[colour] >> 8) else 0][d] for colour in range(6)]
    masks = [0] * 6
    for i, (colour, die) in enumerate(zip(board.colour, board.die)):
        if rows[colour][die] <= w:
            masks[colour] |= 1 << i
    table[index] = found = tuple(masks)
    return found


