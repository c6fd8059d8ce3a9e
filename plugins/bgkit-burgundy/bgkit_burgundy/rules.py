"""The rules: the flow runner's hooks (rounds, phases and turns; chance), the effect of each
decision, and the scores.

Rule choices where the sources are silent or disagree (see README "Rule choices"):
turn order changes take effect at the start of the next round; City Hall ignores the die number;
knowledge #5 may add the goods of one depot next to the chosen one (numbers wrap 6-1); knowledge #8
lets a worker change a die by 1 or 2; the optional effects (Carpenter, Church, Market, Warehouse,
City Hall) may be passed; ships, mines and castles still in a depot at a phase change stay there
(rule summary) and only empty spaces are refilled.
"""

from __future__ import annotations

from bisect import bisect_right

from bgkit.api import TERMINAL, BadInput, Sheet, derived

from bgkit_burgundy import scoring
from bgkit_burgundy.codes import BUY, COLOUR_OF, DICE, DISCARD, DRAW, DRAW_ACTIONS, END, FREE_BIT, GOODS, HALL, HIRE, K, K12, K8, KINDS_OF, PASS, PICK, PLACE, P_DISCARD, P_FREE, P_HALL, P_PICK, P_SHIP, P_WARE, SELL, START, S_OVER, S_PLAY, TAKE, WHITE, WORK, WSELL
from bgkit_burgundy.data import CASTLE, K_ANIMAL, K_BUILDING, K_KNOWLEDGE, MINE, NUM_KINDS, SHIP, Components
from bgkit_burgundy.estate import _without
from bgkit_burgundy.offers import Offers
from bgkit_burgundy.reach import COST
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


def _black_kinds(comp: Components) -> tuple:
    """The kinds that have tiles with a black back in this box (ascending)."""
    return derived(comp, "burgundy black kinds", lambda: tuple(k for k in range(NUM_KINDS) if comp.black_stack[k]))


class Rules:
    """The rules (a mixin of :class:`bgkit_burgundy.state.BurgundyState`; the legal actions are in ``offers``)."""

    __slots__ = ()

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
        stack, kinds = self._draw_pool(event)
        found = -1
        for k in kinds:
            if stack[k]:
                if found >= 0:
                    return False  # two kinds or more: chance decides
                found = k
        self.chance.pop(0)
        if found >= 0:
            self._drawn(event, found)
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

    def apply_turn(self, action: tuple) -> None:
        """A decision's effect: a take, the commonest, written out here (``_use_die``, then
        ``_store``); the others by ``EFFECTS``."""
        if action[0] == TAKE:
            p = self.cur
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
            return
        effect = EFFECTS.get(action[0])
        if effect is None:
            raise BadInput(f"not an action of this game: {action!r}")
        effect(self, self.cur, action)

    def _decide(self, frame: tuple, action: tuple) -> None:
        """A follow-up's step: each action says what it does, whatever the frame that offered it."""
        self.apply_turn(action)

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

    def _draw_pool(self, event: tuple) -> tuple:
        """The stack a draw comes from, and the kinds it may hold (ascending)."""
        if event[1] == 0:
            return self.black_stack, _black_kinds(self.comp)
        return self.col_stack, KINDS_OF[event[2]]

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


EFFECTS = {
    PLACE: Rules._place_stored, SELL: Rules._sell_die,
    WORK: Rules._work, BUY: Rules._buy, HIRE: Rules._hire, END: Rules._end,
    GOODS: Rules._goods, PICK: Rules._pick, WSELL: Rules._warehouse,
    HALL: Rules._hall, DISCARD: Rules._discard, PASS: Rules._pass, START: Rules._start,
}
# each follow-up's steps (offered by ``offers``) and their effect
Rules.frame_rules = {
    P_FREE: (Offers._free_steps, Rules._decide),
    P_SHIP: (Offers._ship_steps, Rules._decide),
    P_PICK: (Offers._pick_steps, Rules._decide),
    P_WARE: (Offers._warehouse_steps, Rules._decide),
    P_HALL: (Offers._hall_steps, Rules._decide),
    P_DISCARD: (Offers._discard_steps, Rules._decide),
}
