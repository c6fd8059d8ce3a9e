"""A player's estate and stores: tiles placed (with their effects), stored, sold, goods shipped."""

from __future__ import annotations


from bgkit_burgundy.codes import BANK, BOARDING, CITYHALL, COLOUR_OF, K, PICK_COLOURS, P_DISCARD, P_FREE, P_HALL, P_PICK, P_SHIP, P_WARE, WAREHOUSE, WATCHTOWER
from bgkit_burgundy.data import ANIMAL, BUILDING, CASTLE, K_ANIMAL, K_BUILDING, K_KNOWLEDGE, KNOWLEDGE, SHIP
from bgkit_burgundy.reach import COST


def _without(tiles, kind: int):
    """``tiles`` less the first ``kind`` (a depot is a tuple, so clones share it)."""
    i = tiles.index(kind)
    return tiles[:i] + tiles[i + 1 :]


class Estate:
    """What happens to a player's estate and stores (a mixin of :class:`bgkit_burgundy.state.BurgundyState`)."""

    __slots__ = ()

    def _use_die(self, p: int, die: int, target: int, free_k: int, free_bit: int) -> None:
        if not die:
            self.pending.pop()  # the castle's free die
            return
        self.left.remove(die)
        know = self.know[p]
        free = 1 if (free_bit and know & free_bit) or (free_k and know & K[free_k]) else 0
        self.workers[p] -= COST[1 if know & K[8] else 0][free][die][target]

    def _store(self, p: int, kind: int) -> None:
        self.storage[p] = storage = (*self.storage[p], kind)
        if len(storage) > 3:
            self.pending.push(P_DISCARD)

    def _sell(self, p: int, t: int) -> None:
        count = self.goods[p][t]
        self.goods[p][t] = 0
        self.sold[p][t] += count
        know = self.know[p]
        self.silver[p] += 2 if know & K[3] else 1
        self.vp[p] += self.num_players * count
        if know & K[4]:
            self.workers[p] += 1

    def _ship_goods(self, p: int, d: int, e: int, keep: int) -> None:
        have = self.goods[p]
        free = 3 - sum(1 for c in have if c)
        for dep in (d, e) if e else (d,):
            row = self.depot_goods[dep - 1]
            for t in range(6):
                if not row[t]:
                    continue
                if have[t] or (keep >> t & 1) or (not keep and free > 0):
                    if not have[t]:
                        free -= 1
                    have[t] += row[t]
                    row[t] = 0

    def _put_start_castle(self, p: int, space: int) -> None:
        board = self.boards[p]
        self.tiles[p][space] = 0
        self.filled[p] |= 1 << space
        self.adj[p] |= board.nb_mask[space]
        self.region_fill[p][board.region[space]] += 1
        self.colour_fill[p][CASTLE] += 1

    def _place(self, p: int, kind: int, space: int) -> None:
        board = self.boards[p]
        n = self.num_players
        self.tiles[p][space] = kind
        self.filled[p] |= 1 << space
        self.adj[p] |= board.nb_mask[space]
        region = board.region[space]
        fill = self.region_fill[p]
        fill[region] += 1
        size = board.region_size[region]
        if fill[region] == size:
            self.vp[p] += self.comp.region_points[size - 1] + self.comp.phase_bonus[self.phase]
        colour = COLOUR_OF[kind]
        cf = self.colour_fill[p]
        cf[colour] += 1
        if cf[colour] == board.colour_total[colour]:
            taken = self.bonus_taken[colour]
            if taken < 2:
                self.vp[p] += (self.comp.bonus_large if taken == 0 else self.comp.bonus_small)[n - 2]
                self.bonus_taken[colour] = taken + 1
                self.bonus[p].append(2 * colour + taken)
        if colour == CASTLE:
            self.pending.push(P_FREE)
        elif colour == SHIP:
            self.stamp += 1
            self.track_pos[p] += 1
            self.track_stamp[p] = self.stamp
            if any(any(row) for row in self.depot_goods):
                self.pending.push(P_SHIP)
        elif colour == ANIMAL:
            self._score_animals(p, kind, board.region_spaces[region])
        elif colour == KNOWLEDGE:
            self.know[p] |= 1 << (kind - K_KNOWLEDGE)
        elif colour == BUILDING:
            self.city[p][region] |= 1 << (kind - K_BUILDING)
            self._building_effect(p, kind)

    def _score_animals(self, p: int, kind: int, spaces: tuple) -> None:
        """An animal placed scores every animal of its species in its region (itself included)."""
        species = (kind - K_ANIMAL) // 3
        total = scoring_tiles = 0
        tiles = self.tiles[p]
        for i in spaces:
            other = tiles[i] - K_ANIMAL
            if 0 <= other < 12 and other // 3 == species:
                total += other % 3 + 2
                scoring_tiles += 1
        if self.know[p] & K[7]:
            total += scoring_tiles
        self.vp[p] += total

    def _building_effect(self, p: int, kind: int) -> None:
        """A building's effect when placed: at once, or a follow-up pushed when there is a choice."""
        if kind == WAREHOUSE:
            if any(self.goods[p]):
                self.pending.push(P_WARE)
        elif kind == WATCHTOWER:
            self.vp[p] += 4
        elif kind == BOARDING:
            self.workers[p] += 4
        elif kind == BANK:
            self.silver[p] += 2
        elif kind == CITYHALL:
            probe: list = []
            self._hall_places(p, probe)
            if self.ruleset == "2019" and self.adj[p] & ~self.filled[p]:
                self._black_buys(p, probe)
            if probe:
                self.pending.push(P_HALL)
        else:
            mask = PICK_COLOURS[kind]
            if any(mask >> COLOUR_OF[k] & 1 for d in self.depots for k in d):
                self.pending.push(P_PICK, mask)
