"""Advice for bots, kept apart from the rules: how good a table looks for each seat."""

from __future__ import annotations

from bgkit.api import derived

from bgkit_burgundy import scoring
from bgkit_burgundy.codes import END_TILES, S_OVER
from bgkit_burgundy.data import K_ANIMAL, K_BUILDING, K_KNOWLEDGE, MINE, Components


def region_worth(comp: Components, board_id: int) -> tuple:
    """[region][spaces filled]: what ``_value`` counts for a region not yet full of board
    ``board_id``, ``f / size * points * 0.6`` (0.0 when empty or full), built once per box."""

    def build() -> tuple:
        points = comp.region_points
        return tuple(
            tuple(f / size * points[size - 1] * 0.6 if 0 < f < size else 0.0 for f in range(size + 1))
            for size in comp.boards[board_id].region_size
        )

    return derived(comp, ("burgundy region worth", board_id), build)


class Heuristic:
    """The bots' rating of a table (a mixin of :class:`bgkit_burgundy.state.BurgundyState`)."""

    __slots__ = ()

    def heuristic(self, player: int) -> float:
        values = [self._value(p) for p in range(self.num_players)]
        best_other = max(v for q, v in enumerate(values) if q != player)
        return values[player] - best_other

    def heuristic_values(self) -> list[float]:
        """Each seat's ``_value``: ``heuristic(p)`` is p's value less the best other's, so it
        orders the seats as their values do."""
        return [self._value(p) for p in range(self.num_players)]

    def _value(self, p: int) -> float:
        """Points now plus rough worth of what is not points yet (for the greedy bot)."""
        if self.stage == S_OVER:
            return float(scoring.total(self.sheet_values(p), self.ruleset))
        phases_left = 5 - self.phase
        know = self.know[p]
        v = self.vp[p] + sum(self.goods[p]) * 1.5 + self.silver[p] + self.workers[p] * 0.6
        v += len(self.storage[p]) * 1.5
        v += self.colour_fill[p][MINE] * phases_left
        v += know.bit_count() * 2.0
        # a region's part-filled worth from a table (a full or empty one adds 0.0), summed in region order
        for f, worth in zip(self.region_fill[p], self.worths[p]):
            v += worth[f]
        if p == self.cur:
            for top in self.pending:
                v += (3.0, 2.0, 1.5, 1.0, 3.0, -1.0)[top[0]]
        if know & END_TILES:
            v += self._end_knowledge(p, know) * 0.8
        return v

    def _end_knowledge(self, p: int, know: int) -> int:
        """``scoring.knowledge_points(self.sheet_values(p), ...)``, read off the table without the
        sheet: each end-scoring knowledge tile on the estate (``know``'s bits) times its worth."""
        tiles = self.tiles[p]
        first = self.ruleset == "2011"
        points = 0
        for j in range(15, 27):
            if not know >> j & 1:
                continue
            if j == 15:
                worth = (3 if first else 2) * sum(1 for s in self.sold[p] if s)
            elif j <= 23:
                worth = 4 * tiles.count(K_BUILDING + j - 16)
            elif j == 24:
                worth = 4 * len({(k - K_ANIMAL) // 3 for k in tiles if K_ANIMAL <= k < K_ANIMAL + 12})
            elif j == 25:
                worth = sum(self.sold[p])
            else:
                worth = (2 if first else 3) * len(self.bonus[p])
            points += tiles.count(K_KNOWLEDGE + j) * worth
        return points
