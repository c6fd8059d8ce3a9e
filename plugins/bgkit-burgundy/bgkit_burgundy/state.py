"""The Castles of Burgundy in play: one mutable State with plain fields and in-place ``apply``.

Actions are small tuples whose first item is an opcode (below). A die is given by its rolled
value; 0 is the free die of a castle (any number). Workers are spent automatically, the fewest
that reach the number needed. Chance decides the white die, each player's two dice (one event per
player, unordered pair) and every tile drawn into a depot from phase B on; events with a single
possible outcome (a castle into a castle space) resolve themselves.

Rule choices where the sources are silent or disagree (see README "Rule choices"):
turn order changes take effect at the start of the next round; City Hall ignores the die number;
knowledge #5 may add the goods of one depot next to the chosen one (numbers wrap 6-1); knowledge #8
lets a worker change a die by 1 or 2; the optional effects (Carpenter, Church, Market, Warehouse,
City Hall) may be passed; ships, mines and castles still in a depot at a phase change stay there
(rule summary) and only empty spaces are refilled.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import combinations

from bgkit.api import TERMINAL, BadInput, Flow, Pending, Sheet, derived

from bgkit_burgundy.data import (
    ANIMAL,
    BUILDING,
    CASTLE,
    K_ANIMAL,
    K_BUILDING,
    K_KNOWLEDGE,
    KNOWLEDGE,
    MINE,
    NUM_KINDS,
    SHIP,
    Components,
    kind_colour,
)
from bgkit_burgundy import scoring
from bgkit_burgundy.codes import *  # noqa: F403 (the names the tests read from this module too)
from bgkit_burgundy.notation import Notation, _texts, action_from_index, action_index, max_game_length, num_actions
from bgkit_burgundy.setup import depot_colours

DICE_OUTCOMES = tuple(((DICE, a, b), (1.0 if a == b else 2.0) / 36.0) for a in range(1, 7) for b in range(a, 7))
WHITE_OUTCOMES = tuple(((WHITE, v), 1.0 / 6.0) for v in range(1, 7))


def _running_totals(outcomes: tuple) -> tuple:
    """The probabilities of ``outcomes`` added up in order, as ``State.chance_pick`` adds them."""
    total, totals = 0.0, []
    for _, probability in outcomes:
        total += probability
        totals.append(total)
    return tuple(totals)


# per chance event with fixed odds: (outcomes, their running totals) for chance_pick's bisection
FIXED_ODDS = {
    WHITE: (tuple(o for o, _ in WHITE_OUTCOMES), _running_totals(WHITE_OUTCOMES)),
    DICE: (tuple(o for o, _ in DICE_OUTCOMES), _running_totals(DICE_OUTCOMES)),
}
def _cost_table() -> tuple:
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

# -- precomputed actions ----------------------------------------------------------------------
# Actions are small immutable tuples, so those a state offers again and again are built once and
# shared. Depots and storage are tuples: a change makes a new tuple, so the offers built from one
# (its different kinds, the actions taking, buying or hiring from it) are kept beside it in an
# ``Entry`` and stay valid for as long as the same tuple object is there -- in clones too, which
# share both. Anything else (a new tuple, or a list put there by a test's scene) builds a new entry.
def _black_kinds(comp: Components) -> tuple:
    """The kinds that have tiles with a black back in this box (ascending)."""
    return derived(comp, "burgundy black kinds", lambda: tuple(k for k in range(NUM_KINDS) if comp.black_stack[k]))
# the slots of an entry: 0 the tiles, 1 their different kinds ascending, then actions built on first use
E_TILES, E_KINDS, E_TAKE, E_BUY, E_HIRE = 0, 1, 2, 9, 10  # E_TAKE + die: takes with that die
NO_ENTRY = (None,) * 11  # matches no tiles


def _entry(tiles) -> list:
    return [tiles, sorted(set(tiles)), None, None, None, None, None, None, None, None, None]


def _without(tiles, kind: int):
    """``tiles`` less the first ``kind`` (a depot is a tuple, so clones share it)."""
    i = tiles.index(kind)
    return tiles[:i] + tiles[i + 1 :]


# What a die can reach with the workers at hand. A die change costs at most 3 workers, so
# "3 or more" is one case (wcap = min(workers, 3)); die 0 is a castle's free die (any number).
TAKE_DEPOTS = tuple(  # [(k8 * 2 + k12) * 28 + die * 4 + wcap]: the depots (0-5) a die may take from
    tuple(dep for dep in range(6) if not d or COST[k8][k12][d][dep + 1] <= w)
    for k8 in (0, 1) for k12 in (0, 1) for d in range(7) for w in range(4)
)
SELL_TYPES = tuple(  # [k8 * 28 + die * 4 + wcap]: the goods types (0-5) a die may sell
    tuple(t for t in range(6) if not d or COST[k8][0][d][t + 1] <= w) for k8 in (0, 1) for d in range(7) for w in range(4)
)
_PLACES: dict = {}


def _place_masks(board) -> list:
    """Per estate, lazily: [((know >> 8) & 15) * 28 + die * 4 + wcap] -> the spaces of each colour
    that die reaches (knowledge #8 and the free +-1 of #9-#11 are bits 8-11 of ``know``)."""
    found = _PLACES.get(id(board))
    if found is None or found[0] is not board:
        found = _PLACES[id(board)] = (board, [None] * (16 * 28))
    return found[1]


_WORTH: dict = {}


def _region_worth(comp: Components, board) -> tuple:
    """[region][spaces filled]: what ``_value`` counts for a region not yet full,
    ``f / size * points * 0.6`` (0.0 when empty or full), per board of this box."""
    found = _WORTH.get(id(board))
    if found is None or found[0] is not board or found[1] is not comp:
        points = comp.region_points
        table = tuple(
            tuple(f / size * points[size - 1] * 0.6 if 0 < f < size else 0.0 for f in range(size + 1))
            for size in board.region_size
        )
        found = _WORTH[id(board)] = (board, comp, table)
    return found[2]


def _fill_place_masks(board, table: list, index: int) -> tuple:
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


class BurgundyState(Notation, Flow):
    """The whole table. Per-player data are lists indexed by seat."""

    # Slots: attribute access is the bulk of this game's work, and slots make it direct.
    __slots__ = (
        "comp", "num_players", "ruleset", "board_ids", "boards", "places", "offers", "black_offer",
        "phase", "round", "turn", "stamp", "stage", "cur", "bought", "hired", "order", "track_pos",
        "track_stamp", "depots", "depot_goods", "black", "col_stack", "black_stack", "round_goods",
        "future", "aside", "bonus_taken", "chance", "pending", "left", "tiles", "filled", "adj",
        "storage", "goods", "sold", "silver", "workers", "vp", "know", "bonus", "region_fill",
        "colour_fill", "city", "dice", "texts", "secret",
    )

    def __init__(self, comp: Components):
        self.comp = comp

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def from_setup(cls, comp: Components, setup: dict) -> "BurgundyState":
        s = cls(comp)
        n = s.num_players = setup["players"]
        s.ruleset = setup.get("ruleset", "2011")
        rows = setup["seats"]
        # boards=random-secret: the start spaces chosen at once, kept here (-1: not yet) until all have chosen
        s.secret = [-1] * n if setup.get("boards") == "random-secret" and not any(r["castle"] for r in rows) else None
        s.board_ids = [row["board"] for row in rows]
        s.boards = [comp.boards[b] for b in s.board_ids]
        s._no_offers()
        s.phase, s.round = 0, 0
        first = [seat - 1 for seat in setup["turn_order"]]
        s.order = list(first)
        s.turn = 0
        s.track_pos = [0] * n
        s.track_stamp = [n - first.index(p) for p in range(n)]  # start player's marker on top
        s.stamp = n
        names = comp.kind_by_name
        s.depots = [tuple(names[t] for t in tiles) for tiles in setup["depots"]]  # tuples: clones share them
        s.depot_goods = [[0] * 6 for _ in range(6)]
        s.black = tuple(names[t] for t in setup["black_depot"])
        col = list(comp.coloured_stack)
        col[0] -= n
        blk = list(comp.black_stack)
        for tiles in s.depots:
            for k in tiles:
                col[k] -= 1
        for k in s.black:
            blk[k] -= 1
        s.col_stack, s.black_stack = col, blk
        piles = [list(p) for p in setup["goods_piles"]]
        s.round_goods = piles[0]
        s.future = piles[1:]
        aside = [comp.goods_per_type] * 6
        for pile in piles:
            for g in pile:
                aside[g - 1] -= 1
        for row in rows:
            for g in row["goods"]:
                aside[g - 1] -= 1
        s.aside = aside
        s.bonus_taken = [0] * 6
        s.chance = []
        s.pending = Pending()
        s.left = []
        s.bought = s.hired = False
        s.tiles = [[-1] * 37 for _ in range(n)]
        s.filled = [0] * n
        s.adj = [0] * n
        s.storage = [() for _ in range(n)]  # tuples, like the depots
        s.goods = [[row["goods"].count(t) for t in range(1, 7)] for row in rows]
        s.sold = [[0] * 6 for _ in range(n)]
        s.silver = [row["silverlings"] for row in rows]
        s.workers = [row["workers"] for row in rows]
        s.vp = [0] * n
        s.know = [0] * n
        s.bonus = [[] for _ in range(n)]
        s.region_fill = [[0] * len(b.region_size) for b in s.boards]
        s.colour_fill = [[0] * 6 for _ in range(n)]
        s.city = [[0] * len(b.region_size) for b in s.boards]
        s.dice = [[] for _ in range(n)]
        s.stage = S_PLAY
        for p, row in enumerate(rows):
            if row["castle"]:
                s._put_start_castle(p, row["castle"] - 1)
            else:
                s.stage = S_CASTLES
        if s.stage == S_PLAY:
            s._start_round()
        s.run()
        return s

    def _no_offers(self) -> None:
        """The caches of what the depots and storage offer (see ``Entry`` above), empty."""
        self.places = [_place_masks(b) for b in self.boards]
        self.offers = [NO_ENTRY] * 6
        self.black_offer = NO_ENTRY
        self.texts = _texts(self.comp)

    def clone(self) -> "BurgundyState":
        o = BurgundyState.__new__(BurgundyState)
        o.comp, o.num_players, o.ruleset = self.comp, self.num_players, self.ruleset
        o.board_ids, o.boards, o.places = self.board_ids, self.boards, self.places
        o.offers, o.black_offer, o.texts = self.offers[:], self.black_offer, self.texts
        o.phase, o.round, o.turn, o.stamp, o.stage = self.phase, self.round, self.turn, self.stamp, self.stage
        o.cur, o.bought, o.hired = self.cur, self.bought, self.hired
        o.order = self.order[:]
        o.track_pos = self.track_pos[:]
        o.track_stamp = self.track_stamp[:]
        o.depots = self.depots[:]  # the depots themselves are tuples
        o.depot_goods = [d[:] for d in self.depot_goods]
        o.black = self.black
        o.col_stack = self.col_stack[:]
        o.black_stack = self.black_stack[:]
        o.round_goods = self.round_goods[:]
        o.future = [f[:] for f in self.future]
        o.aside = self.aside[:]
        o.bonus_taken = self.bonus_taken[:]
        o.chance = self.chance[:]
        o.pending = self.pending.clone()
        o.left = self.left[:]
        o.tiles = [t[:] for t in self.tiles]
        o.filled = self.filled[:]
        o.adj = self.adj[:]
        o.storage = self.storage[:]
        o.goods = [t[:] for t in self.goods]
        o.sold = [t[:] for t in self.sold]
        o.silver = self.silver[:]
        o.workers = self.workers[:]
        o.vp = self.vp[:]
        o.know = self.know[:]
        o.bonus = [t[:] for t in self.bonus]
        o.region_fill = [t[:] for t in self.region_fill]
        o.colour_fill = [t[:] for t in self.colour_fill]
        o.city = [t[:] for t in self.city]
        o.dice = [t[:] for t in self.dice]
        o.secret = self.secret if self.secret is None else self.secret[:]
        return o

    # -- flow ----------------------------------------------------------------------------------
    def _start_round(self) -> None:
        n = self.num_players
        self.order = sorted(range(n), key=lambda p: (-self.track_pos[p], -self.track_stamp[p]))
        self.chance.append((WHITE,))
        for p in self.order:
            self.chance.append((DICE, p))
        self.turn = -1

    def _start_phase(self) -> None:
        """Clear the depots (ships, mines and castles may stay) and queue the draws that refill them."""
        n = self.num_players
        for d in range(6):
            old = list(self.depots[d])
            kept = []
            for colour in depot_colours(self.comp, d + 1, n, self.phase):
                if colour in (CASTLE, MINE, SHIP) and colour in old:
                    old.remove(colour)
                    kept.append(colour)
                else:
                    self.chance.append((DRAW, d + 1, colour))
            self.depots[d] = tuple(kept)
        self.black = ()
        for _ in range(self.comp.black_size[n - 2]):
            self.chance.append((DRAW, 0, -1))
        self.round_goods = self.future.pop(0)
        self.round = 0
        self._start_round()

    def _begin_turn(self) -> None:
        self.turn = 0 if self.turn < 0 else self.turn
        self.left = self.dice[self.order[self.turn]][:]
        self.bought = self.hired = False

    def _end_turn(self) -> None:
        self.left = []
        self.turn += 1
        if self.turn < self.num_players:
            self._begin_turn()
            return
        self.round += 1
        if self.round < 5:
            self._start_round()
            return
        for p in range(self.num_players):  # end of phase: mine income
            mines = self.colour_fill[p][MINE]
            self.silver[p] += mines
            if self.know[p] & K[2]:
                self.workers[p] += mines
        self.phase += 1
        if self.phase == 5:
            self.stage = S_OVER
            return
        self._start_phase()

    def _draw_kinds(self, event: tuple) -> list[tuple[int, int]]:
        """(kind, tiles left) of every kind the draw ``event`` may bring, kinds ascending."""
        stack, kinds = self._draw_pool(event)
        return [(k, stack[k]) for k in kinds if stack[k]]

    def _draw_pool(self, event: tuple) -> tuple:
        """The stack a draw comes from, and the kinds it may hold (ascending)."""
        if event[1] == 0:
            return self.black_stack, _black_kinds(self.comp)
        return self.col_stack, KINDS_OF[event[2]]

    def _forced_draw(self, event: tuple) -> int | None:
        """The draw's kind when only one is left (-1: none), None when chance decides."""
        stack, kinds = self._draw_pool(event)
        found = -1
        for k in kinds:
            if stack[k]:
                if found >= 0:
                    return None
                found = k
        return found

    # -- the flow runner's hooks (bgkit.api.Flow) ---------------------------------------------
    def step(self) -> int | None:
        """Whose decision it is with no chance event and no frame waiting; a turn with nothing
        left to do (no die, no purchase) ends by itself."""
        if self.stage != S_PLAY:
            return TERMINAL if self.stage == S_OVER else self.order[self.turn]
        if self.turn < 0:
            self._begin_turn()
        p = self.order[self.turn]
        if self.left or self._can_buy(p):
            return p
        self._end_turn()
        return None

    def settle_chance(self, event: tuple) -> bool:
        """A draw with one kind of tile left (or none) needs no chance."""
        if event[0] != DRAW:
            return False
        kind = self._forced_draw(event)
        if kind is None:
            return False
        self.chance.pop(0)
        if kind >= 0:
            self._drawn(event, kind)
        return True

    def frame_player(self, frame: tuple) -> int:
        """Every follow-up is decided by the player whose turn it is."""
        return self.order[self.turn]

    def apply_chance(self, event: tuple, outcome: tuple) -> None:
        code = outcome[0]
        if code == WHITE:
            g = self.round_goods[self.round]
            self.depot_goods[outcome[1] - 1][g - 1] += 1
        elif code == DICE:
            self.dice[event[1]] = [outcome[1], outcome[2]]
        else:
            self._drawn(event, outcome[1])

    def _drawn(self, event: tuple, kind: int) -> None:
        if event[1] == 0:
            self.black_stack[kind] -= 1
            self.black = (*self.black, kind)
        else:
            self.col_stack[kind] -= 1
            self.depots[event[1] - 1] = (*self.depots[event[1] - 1], kind)

    def chance_label(self) -> str:
        head = self.chance[0]
        if head[0] == WHITE:
            return f"the white die (P{self.order[0] + 1}, the start player, rolls it)"
        if head[0] == DICE:
            return f"P{head[1] + 1} rolls their two dice"
        return "a tile drawn from the black bag" if head[1] == 0 else f"a tile drawn for depot {head[1]}"

    # -- actions -------------------------------------------------------------------------------
    def chance_outcomes(self) -> list:
        head = self.chance[0]
        if head[0] == WHITE:
            return list(WHITE_OUTCOMES)
        if head[0] == DICE:
            return list(DICE_OUTCOMES)
        stack, kinds = self._draw_pool(head)
        total = float(sum(map(stack.__getitem__, kinds)))
        return [(DRAW_ACTIONS[k], stack[k] / total) for k in kinds if stack[k]]

    def chance_pick(self, pick: float) -> tuple:
        """``State.chance_pick`` without building the outcome list: the dice and the white die by
        bisecting precomputed running totals, a draw by the same running sum stopped at the pick."""
        head = self.chance[0]
        fixed = FIXED_ODDS.get(head[0])
        if fixed is not None:
            outcomes, totals = fixed
            i = bisect_right(totals, pick)  # the first running total above pick
            return outcomes[i] if i < len(outcomes) else outcomes[-1]
        stack, kinds = self._draw_pool(head)
        total = float(sum(map(stack.__getitem__, kinds)))
        running = 0.0
        last = -1
        for k in kinds:
            left = stack[k]
            if left:
                running += left / total
                if pick < running:
                    return DRAW_ACTIONS[k]
                last = k
        return DRAW_ACTIONS[last]

    def _can_buy(self, p: int) -> bool:
        if not self.bought and self.silver[p] >= 2:
            if self.black:
                return True
            if self.ruleset == "2011" and self.know[p] & K[6] and any(self.depots):
                return True
        if self.ruleset == "2019" and not self.hired and self.know[p] & K[6] and self.workers[p] >= 2:
            return any(COLOUR_OF[k] == BUILDING for d in self.depots for k in d)
        return False

    def turn_actions(self) -> list:
        """Every legal action with no follow-up pending, in one fixed order: for each different die
        left (in order) its takes, places, sales and workers (``_die_actions``); then the
        purchases; then ``end``."""
        p = self.cur
        if p < 0:
            return []
        if self.stage == S_CASTLES:
            return [(START, i) for i in self.boards[p].castle_spaces]
        out: list = []
        dice = self.left
        if dice:
            self._die_actions(p, dice, out)
        if (not self.bought and self.silver[p] >= 2) or self.ruleset == "2019":
            self._buy_actions(p, out)
        if not dice:
            out.append(END_ACTION)
        return out

    def _die_actions(self, p: int, dice, out: list) -> None:
        """For each different die of ``dice`` (in order, 0 = a castle's die of any number): its takes
        (depot by depot, kinds ascending), places (stored kinds ascending, spaces ascending),
        sales and workers.

        This is the hottest code of the game, so it is written out in one function: actions
        come from precomputed tables (see the top of the module) and cached entries."""
        know = self.know[p]
        w = self.workers[p]
        wcap = w if w < 3 else 3
        bits = (know >> 8) & 15  # knowledge #8 (bit 0) and the free +-1 of #9-#11 (bits 1-3)
        takes = ((bits & 1) * 2 + ((know >> 12) & 1)) * 28 + wcap
        sales = (bits & 1) * 28 + wcap
        depots = self.depots
        offers = self.offers
        goods = self.goods[p]
        frontier = self.adj[p] & ~self.filled[p]
        storage = self.storage[p]
        if not frontier or not storage:
            kinds = ()
        elif len(storage) == 1:
            kinds = storage
        else:
            kinds = sorted(set(storage))
        places = self.places[p]
        seen = 0
        for d in dice:
            if seen >> d & 1:
                continue
            seen |= 1 << d
            slot = E_TAKE + d
            for dep in TAKE_DEPOTS[takes + d * 4]:
                tiles = depots[dep]
                if tiles:
                    entry = offers[dep]
                    if entry[E_TILES] is not tiles:
                        entry = offers[dep] = _entry(tiles)
                    acts = entry[slot]
                    if acts is None:
                        acts = entry[slot] = [(TAKE, d, dep + 1, k) for k in entry[E_KINDS]]
                    out += acts
            if kinds:
                if d:
                    index = bits * 28 + d * 4 + wcap
                    reach = places[index] or _fill_place_masks(self.boards[p], places, index)
                else:
                    reach = self.boards[p].colour_mask
                for k in kinds:
                    m = frontier & reach[COLOUR_OF[k]]
                    if not m:
                        continue
                    if K_BUILDING <= k < K_ANIMAL and not know & K1:  # one building of a type per city
                        bit = 1 << (k - K_BUILDING)
                        city = self.city[p]
                        region = self.boards[p].region
                        while m:
                            low = m & -m
                            m ^= low
                            i = BIT_INDEX[low]
                            if not city[region[i]] & bit:
                                out.append((PLACE, d, k, i))
                    else:
                        while m:
                            low = m & -m
                            m ^= low
                            out.append((PLACE, d, k, BIT_INDEX[low]))
            sells = SELL_ACTIONS[d]
            for t in SELL_TYPES[sales + d * 4]:
                if goods[t]:
                    out.append(sells[t])
            out.append(WORK_ACTIONS[d])

    def apply_turn(self, action: tuple) -> None:
        effect = EFFECTS.get(action[0])
        if effect is None:
            raise BadInput(f"not an action of this game: {action!r}")
        effect(self, self.cur, action)

    # -- the follow-ups' steps (frame_rules below) ----------------------------------------------
    def _free_steps(self, frame: tuple) -> list:
        """A castle's extra action: what a die of any number does (2019: or a purchase it can place [BGA])."""
        out: list = []
        self._die_actions(self.cur, FREE_DIE, out)
        if self.ruleset == "2019":
            self._black_buys(self.cur, out)
        return out

    def _discard_steps(self, frame: tuple) -> list:
        return [(DISCARD, k) for k in sorted(set(self.storage[self.cur][:3]))]

    def _ship_steps(self, frame: tuple) -> list:
        out: list = []
        self._ship_actions(self.cur, out)
        return out

    def _pick_steps(self, frame: tuple) -> list:
        mask = frame[1]
        out = [(PICK, d + 1, k) for d in range(6) for k in sorted(set(self.depots[d])) if mask >> COLOUR_OF[k] & 1]
        out.append(PASS_ACTION)
        return out

    def _warehouse_steps(self, frame: tuple) -> list:
        out = [(WSELL, t + 1) for t in range(6) if self.goods[self.cur][t]]
        out.append(PASS_ACTION)
        return out

    def _hall_steps(self, frame: tuple) -> list:
        out: list = []
        self._place_actions(self.cur, 0, out, HALL)
        if self.ruleset == "2019":  # right after placing a City Hall, a purchase it can place [BGA]
            self._black_buys(self.cur, out)
        out.append(PASS_ACTION)
        return out

    def _decide(self, frame: tuple, action: tuple) -> None:
        """A follow-up's step: each action says what it does, whatever the frame that offered it."""
        self.apply_turn(action)

    def _depot(self, dep: int) -> list:
        """The entry of numbered depot ``dep`` (0-5)."""
        tiles = self.depots[dep]
        entry = self.offers[dep]
        if entry[E_TILES] is not tiles:
            entry = self.offers[dep] = _entry(tiles)
        return entry

    def _black_buys(self, p: int, out: list) -> None:
        """The purchases from the black depot, if this turn's purchase is still to make."""
        if not self.bought and self.silver[p] >= 2 and self.black:
            entry = self.black_offer
            if entry[E_TILES] is not self.black:
                entry = self.black_offer = _entry(self.black)
            acts = entry[E_BUY]
            if acts is None:
                acts = entry[E_BUY] = [(BUY, 0, k) for k in entry[E_KINDS]]
            out += acts

    def _buy_actions(self, p: int, out: list) -> None:
        if not self.bought and self.silver[p] >= 2:
            self._black_buys(p, out)
            if self.ruleset == "2011" and self.know[p] & K6:
                for d in range(6):
                    if self.depots[d]:
                        entry = self._depot(d)
                        acts = entry[E_BUY]
                        if acts is None:
                            acts = entry[E_BUY] = [(BUY, d + 1, k) for k in entry[E_KINDS]]
                        out += acts
        if self.ruleset == "2019" and not self.hired and self.know[p] & K6 and self.workers[p] >= 2:
            for d in range(6):
                if self.depots[d]:
                    entry = self._depot(d)
                    acts = entry[E_HIRE]
                    if acts is None:
                        acts = entry[E_HIRE] = [(HIRE, d + 1, k) for k in entry[E_KINDS] if COLOUR_OF[k] == BUILDING]
                    out += acts

    def _place_actions(self, p: int, d: int, out: list, code: int) -> None:
        """Placements of stored tiles: kinds ascending, then spaces ascending; ``d`` 0 = any number.
        (``_die_actions`` has its own copy of this loop.)"""
        storage = self.storage[p]
        frontier = self.adj[p] & ~self.filled[p]
        if not storage or not frontier:
            return
        know = self.know[p]
        if d:
            w = self.workers[p]
            index = ((know >> 8) & 15) * 28 + d * 4 + (w if w < 3 else 3)
            places = self.places[p]
            reach = places[index] or _fill_place_masks(self.boards[p], places, index)
        else:
            reach = self.boards[p].colour_mask
        for k in sorted(set(storage)):
            m = frontier & reach[COLOUR_OF[k]]
            if not m:
                continue
            if K_BUILDING <= k < K_ANIMAL and not know & K1:  # one building of a type per city
                bit = 1 << (k - K_BUILDING)
                city = self.city[p]
                region = self.boards[p].region
            else:
                bit = 0
            while m:
                low = m & -m
                m ^= low
                i = BIT_INDEX[low]
                if not bit or not city[region[i]] & bit:
                    out.append((code, d, k, i) if code == PLACE else (code, k, i))

    def _ship_actions(self, p: int, out: list) -> None:
        pairs = []
        dg = self.depot_goods
        if self.know[p] & K[5]:  # the goods of one depot, or of two neighbouring ones ("可以")
            for d in range(1, 7):
                for e in (d % 6 + 1,):
                    if any(dg[d - 1]) or any(dg[e - 1]):
                        pairs.append((d, e))
            # One depot alone differs from every pair only when both its neighbours have goods
            # (else a pair with an empty neighbour takes the same); offered after the pairs.
            for d in range(1, 7):
                if any(dg[d - 1]) and any(dg[(d - 2) % 6]) and any(dg[d % 6]):
                    pairs.append((d, 0))
        else:
            pairs = [(d, 0) for d in range(1, 7) if any(dg[d - 1])]
        have = self.goods[p]
        free = 3 - sum(1 for c in have if c)
        for d, e in pairs:
            incoming = [t for t in range(6) if dg[d - 1][t] or (e and dg[e - 1][t])]
            new = [t for t in incoming if not have[t]]
            if len(new) <= free or free == 0:
                out.append((GOODS, d, e, 0))
            else:
                for keep in combinations(new, free):
                    out.append((GOODS, d, e, sum(1 << t for t in keep)))

    # -- the effects of the decisions (EFFECTS below maps each action code to one) --------------
    def _take(self, p: int, action: tuple) -> None:
        """The commonest decision, written out: ``_use_die``, then ``_store``."""
        die, dep, kind = action[1], action[2] - 1, action[3]
        if die:
            self.left.remove(die)
            know = self.know[p]
            self.workers[p] -= COST[1 if know & K8 else 0][1 if know & K12 else 0][die][dep + 1]
        else:
            self.pending.pop()  # the castle's free die
        tiles = self.depots[dep]
        i = tiles.index(kind)
        self.depots[dep] = tiles[:i] + tiles[i + 1 :]
        self.storage[p] = storage = (*self.storage[p], kind)
        if len(storage) > 3:
            self.pending.push(P_DISCARD)

    def _place_stored(self, p: int, action: tuple) -> None:
        kind = action[2]
        space = action[3]
        colour = COLOUR_OF[kind]
        self._use_die(p, action[1], self.boards[p].die[space], 0, FREE_BIT[colour])
        self.storage[p] = _without(self.storage[p], kind)
        self._place(p, kind, space)

    def _sell_die(self, p: int, action: tuple) -> None:
        self._use_die(p, action[1], action[2], 0, 0)
        self._sell(p, action[2] - 1)

    def _work(self, p: int, action: tuple) -> None:
        self._use_die(p, action[1], action[1], 0, 0)
        know = self.know[p]
        self.workers[p] += 4 if know & K[14] else 2
        if know & K[13]:
            self.silver[p] += 1

    def _buy(self, p: int, action: tuple) -> None:
        self.silver[p] -= 2
        self.bought = True
        if action[1] == 0:
            self.black = _without(self.black, action[2])
        else:
            self.depots[action[1] - 1] = _without(self.depots[action[1] - 1], action[2])
        self._store(p, action[2])

    def _hire(self, p: int, action: tuple) -> None:
        self.workers[p] -= 2
        self.hired = True
        self.depots[action[1] - 1] = _without(self.depots[action[1] - 1], action[2])
        self._store(p, action[2])

    def _end(self, p: int, action: tuple) -> None:
        self._end_turn()

    def _goods(self, p: int, action: tuple) -> None:
        self.pending.pop()
        self._ship_goods(p, action[1], action[2], action[3])

    def _pick(self, p: int, action: tuple) -> None:
        self.pending.pop()
        self.depots[action[1] - 1] = _without(self.depots[action[1] - 1], action[2])
        self._store(p, action[2])

    def _warehouse(self, p: int, action: tuple) -> None:
        self.pending.pop()
        self._sell(p, action[1] - 1)

    def _hall(self, p: int, action: tuple) -> None:
        self.pending.pop()
        self.storage[p] = _without(self.storage[p], action[1])
        self._place(p, action[1], action[2])

    def _discard(self, p: int, action: tuple) -> None:
        self.pending.pop()
        storage = self.storage[p]
        i = storage.index(action[1], 0, 3)
        self.storage[p] = storage[:i] + storage[i + 1 :]

    def _pass(self, p: int, action: tuple) -> None:
        self.pending.pop()

    def _start(self, p: int, action: tuple) -> None:
        if self.secret is not None:  # hidden until the last player has chosen
            self.secret[p] = action[1]
        else:
            self._put_start_castle(p, action[1])
        self.turn += 1
        if self.turn == self.num_players:
            if self.secret is not None:  # everyone has chosen: all castles go down at once
                for q, space in enumerate(self.secret):
                    self._put_start_castle(q, space)
                self.secret = None
            self.stage = S_PLAY
            self._start_round()

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
            a = kind - K_ANIMAL
            species = a // 3
            total = scoring_tiles = 0
            tiles = self.tiles[p]
            for i in board.region_spaces[region]:
                other = tiles[i] - K_ANIMAL
                if 0 <= other < 12 and other // 3 == species:
                    total += other % 3 + 2
                    scoring_tiles += 1
            if self.know[p] & K[7]:
                total += scoring_tiles
            self.vp[p] += total
        elif colour == KNOWLEDGE:
            self.know[p] |= 1 << (kind - K_KNOWLEDGE)
        elif colour == BUILDING:
            self.city[p][region] |= 1 << (kind - K_BUILDING)
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
                self._place_actions(p, 0, probe, HALL)
                if self.ruleset == "2019" and self.adj[p] & ~self.filled[p]:
                    self._black_buys(p, probe)
                if probe:
                    self.pending.push(P_HALL)
            else:
                mask = PICK_COLOURS[kind]
                if any(mask >> COLOUR_OF[k] & 1 for d in self.depots for k in d):
                    self.pending.push(P_PICK, mask)

    # -- scores --------------------------------------------------------------------------------
    def sheet_values(self, p: int) -> dict:
        """The player's part of the score sheet a person would fill in from this table."""
        tiles = self.tiles[p]
        values = {
            "track_points": self.vp[p],
            "unsold_goods": sum(self.goods[p]),
            "silverlings": self.silver[p],
            "workers": self.workers[p],
            "empty_spaces": tiles.count(-1),
            "turn_position": self.order.index(p) + 1,
            "knowledge": sorted(k - K_KNOWLEDGE for k in tiles if k > K_KNOWLEDGE),
        }
        for t, name in enumerate(scoring.SOLD_FIELDS):
            values[name] = self.sold[p][t]
        for b, name in enumerate(scoring.BUILDING_FIELDS):
            values[name] = tiles.count(K_BUILDING + b)
        values["animal_species"] = len({(k - K_ANIMAL) // 3 for k in tiles if K_ANIMAL <= k < K_ANIMAL + 12})
        values["bonus_tiles"] = len(self.bonus[p])
        return values

    def scores(self) -> list[float]:
        return [scoring.total(self.sheet_values(p), self.ruleset) for p in range(self.num_players)]

    def outcome(self):
        """The ranking of the score sheet of this table (its tie-breaks included)."""
        sheet = Sheet("", [f"P{p + 1}" for p in range(self.num_players)],
                      [self.sheet_values(p) for p in range(self.num_players)], {"ruleset": self.ruleset})
        return scoring.score_sheet(self.comp, sheet).outcome

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
        for f, worth in zip(self.region_fill[p], _region_worth(self.comp, self.boards[p])):
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

    # -- information ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "players": self.num_players,
            "ruleset": self.ruleset,
            "boards": self.board_ids,
            "stage": self.stage,
            "phase": self.phase,
            "round": self.round,
            "order": self.order,
            "turn": self.turn,
            "cur": self.cur,
            "track_pos": self.track_pos,
            "track_stamp": self.track_stamp,
            "stamp": self.stamp,
            "depots": self.depots,
            "depot_goods": self.depot_goods,
            "black": self.black,
            "col_stack": self.col_stack,
            "black_stack": self.black_stack,
            "round_goods": self.round_goods,
            "future": self.future,
            "aside": self.aside,
            "bonus_taken": self.bonus_taken,
            "chance": [list(c) for c in self.chance],
            "pending": self.pending.to_list(),
            "left": self.left,
            "bought": self.bought,
            "hired": self.hired,
            "tiles": self.tiles,
            "storage": self.storage,
            "goods": self.goods,
            "sold": self.sold,
            "silver": self.silver,
            "workers": self.workers,
            "vp": self.vp,
            "bonus": self.bonus,
            "dice": self.dice,
            **({} if self.secret is None else {"castles": self.secret}),
        }

    @classmethod
    def from_dict(cls, comp: Components, data: dict) -> "BurgundyState":
        s = cls(comp)
        s.num_players = n = data["players"]
        s.ruleset = data["ruleset"]
        s.secret = list(data["castles"]) if data.get("castles") is not None else None
        s.board_ids = list(data["boards"])
        s.boards = [comp.boards[b] for b in s.board_ids]
        s._no_offers()
        for key in ("stage", "phase", "round", "turn", "cur", "stamp", "bought", "hired"):
            setattr(s, key, data[key])
        for key in ("order", "track_pos", "track_stamp", "col_stack", "black_stack", "round_goods",
                    "aside", "bonus_taken", "left", "silver", "workers", "vp"):
            setattr(s, key, list(data[key]))
        for key in ("depot_goods", "future", "tiles", "goods", "sold", "bonus", "dice"):
            setattr(s, key, [list(x) for x in data[key]])
        s.depots = [tuple(d) for d in data["depots"]]
        s.storage = [tuple(t) for t in data["storage"]]
        s.black = tuple(data["black"])
        s.chance = [tuple(c) for c in data["chance"]]
        s.pending = Pending.from_list(data["pending"])
        s.filled, s.adj, s.know = [0] * n, [0] * n, [0] * n
        s.region_fill = [[0] * len(b.region_size) for b in s.boards]
        s.colour_fill = [[0] * 6 for _ in range(n)]
        s.city = [[0] * len(b.region_size) for b in s.boards]
        for p in range(n):
            board = s.boards[p]
            for i, k in enumerate(s.tiles[p]):
                if k < 0:
                    continue
                s.filled[p] |= 1 << i
                s.adj[p] |= board.nb_mask[i]
                s.region_fill[p][board.region[i]] += 1
                s.colour_fill[p][COLOUR_OF[k]] += 1
                if COLOUR_OF[k] == KNOWLEDGE:
                    s.know[p] |= 1 << (k - K_KNOWLEDGE)
                elif COLOUR_OF[k] == BUILDING:
                    s.city[p][board.region[i]] |= 1 << (k - K_BUILDING)
        return s

    def view(self, player: int) -> dict:
        """Everything on the table; the goods piles of later phases are face down (only their count
        shows), and with boards=random-secret the others' start spaces until all have chosen (-2: chosen)."""
        data = self.to_dict()
        del data["future"], data["aside"]
        data["future_piles"] = len(self.future)
        if self.secret is not None:
            data["castles"] = [c if q == player or c < 0 else -2 for q, c in enumerate(self.secret)]
        return data

    def is_sealed(self) -> bool:
        """boards=random-secret: the start spaces are chosen at once, each hidden until all have chosen."""
        return self.secret is not None and self.stage == S_CASTLES

    def public_text(self, action: tuple) -> str:
        if self.is_sealed():
            return f"P{self.cur + 1} chooses a start space"
        return super().public_text(action)

    def determinize(self, player: int, rng: random.Random) -> "BurgundyState":
        """Reshuffle the face-down goods (later phases' piles and the goods set aside), pooled in
        goods order so that the sample depends on what the player sees alone."""
        other = self.clone()
        pool = sorted(g for pile in self.future for g in pile)
        pool += [t + 1 for t in range(6) for _ in range(self.aside[t])]
        pool.sort()
        rng.shuffle(pool)
        for i in range(len(other.future)):
            other.future[i] = pool[i * 5 : i * 5 + 5]
        rest = pool[len(other.future) * 5 :]
        other.aside = [rest.count(t) for t in range(1, 7)]
        if self.secret is not None:  # the others' hidden start spaces: any of their castle spaces
            for q, space in enumerate(self.secret):
                if space >= 0 and q != player:
                    other.secret[q] = rng.choice(self.boards[q].castle_spaces)
        return other

    def render(self, player: int | None):
        from bgkit_burgundy.render import render_state

        return render_state(self, player)

    def render_compact(self, player: int):
        """What fits a terminal the full drawing does not (the screen picks it)."""
        from bgkit_burgundy.render import render_compact

        return render_compact(self, player)


EFFECTS = {
    TAKE: BurgundyState._take, PLACE: BurgundyState._place_stored, SELL: BurgundyState._sell_die,
    WORK: BurgundyState._work, BUY: BurgundyState._buy, HIRE: BurgundyState._hire, END: BurgundyState._end,
    GOODS: BurgundyState._goods, PICK: BurgundyState._pick, WSELL: BurgundyState._warehouse,
    HALL: BurgundyState._hall, DISCARD: BurgundyState._discard, PASS: BurgundyState._pass, START: BurgundyState._start,
}
BurgundyState.frame_rules = {
    P_FREE: (BurgundyState._free_steps, BurgundyState._decide),
    P_SHIP: (BurgundyState._ship_steps, BurgundyState._decide),
    P_PICK: (BurgundyState._pick_steps, BurgundyState._decide),
    P_WARE: (BurgundyState._warehouse_steps, BurgundyState._decide),
    P_HALL: (BurgundyState._hall_steps, BurgundyState._decide),
    P_DISCARD: (BurgundyState._discard_steps, BurgundyState._decide),
}


# -- the play module's functions (see bgkit.game) ---------------------------------------------------


def new_state(comp: Components, setup: dict) -> BurgundyState:
    return BurgundyState.from_setup(comp, setup)


def state_from_dict(comp: Components, data: dict) -> BurgundyState:
    return BurgundyState.from_dict(comp, data)


def sheet_from_state(comp: Components, state: BurgundyState) -> dict:
    return {
        "ruleset": state.ruleset,
        "player": [{"name": f"Player {p + 1}", **state.sheet_values(p)} for p in range(state.num_players)],
    }
