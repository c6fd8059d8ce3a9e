"""Bridge Troll's rules: the round's flow on the core runner (``bgkit.api.Flow``), chance, picking
travellers, the stones taken and given, and the final scores.

A round (rule summary, "进行游戏"): the start player rolls the weather die (chance), which sets
``k`` travellers from the schedule card; the first lies face down, the rest are turned up one by
one (chance). Players holding a Fortune Teller or a Miner may play it before bidding (the
window). Every player bids at once (``bids``). Trophies by bid; open bridges pick travellers in
trophy order until the row is empty, eating or robbing each at once; hazards strike at once
(``hazards``). Open bridges take back the bid stones a bridge at a time in reverse trophy order;
closed bridges take stones from the pool per open bridge; if every bridge closed, each takes 3,
the row is discarded, the same number is drawn again and everyone bids again. Then everyone in
turn, from the start player, may convert food and gold into points and buy the top upgrade card
(``scoreturn``); the die passes left. When the deck cannot supply a round's travellers the game
ends at once.

Every action is applied by its opcode's handler (``TrollState.handlers``, one method per
opcode; ``p`` is the player acting). Multi-step choices (paying a defence, throwing stones at a
goat, taking stones, spending cards) are frames on the ``Pending`` stack, each kind with its
legal steps in ``frame_rules``.
"""

from __future__ import annotations

from bgkit.api import TERMINAL, BadInput, Sheet, clockwise

from bgkit_bridgetroll import scoring
from bgkit_bridgetroll.bids import bid_options
from bgkit_bridgetroll.codes import (
    BY_DISCARD, BY_PICK, DRAW, HAND, HAZ, HIDDEN, NONE, P_PAY, P_PLACE, P_SCORE, P_TAKE, P_THROW, PICK,
    PICK_FD, PILE, PLACE, PLAY_MINER, PLAY_PEEK, READY, REVEAL, S_BID, S_DRAW, S_GIFT, S_OVER, S_PICK,
    S_PILES, S_ROLL, S_SCORE, S_WINDOW, SEE, STEAL, TAKE, THEN_SCORE, WEATHER,
)
from bgkit_bridgetroll.travellers import FOOD, JESTER, MINER, NORMAL, PEEK, ROYAL, SPECIAL, TOLL


class Rules:
    """The flow runner's hooks and the rules of a round (a mixin of ``TrollState``)."""

    def step(self) -> int | None:
        """The round's flow (the Flow runner's hook): who decides in this stage, or one step taken."""
        stage = self.stage
        if stage == S_PICK:
            if not self.row and self.fd == NONE:
                self._begin_piles()
                return None
            self.actor = self.order[self.turn % len(self.order)]
            return self.actor
        if stage == S_BID:
            self.actor = self.seq[self.turn]
            return self.actor
        if stage == S_SCORE:
            if self.turn == self.num_players:
                self._end_round()
                return None
            self.actor = self.seq[self.turn]
            self.turn += 1
            self.pending.push(P_SCORE, (), (), (), False, False)
            return None
        if stage == S_GIFT:
            if self.turn == len(self.seq):
                if self.then == THEN_SCORE:
                    self._begin_scoring()
                else:
                    self._discard_row()
                return None
            self.actor = self.seq[self.turn]
            self.turn += 1
            self.pending.push(P_TAKE, self.gift, 0, True)
            return None
        if stage == S_PILES:
            if self.turn == len(self.seq):  # closed bridges: the schedule's stones per open bridge
                per_open = self.comp.schedules[self.num_players].stones_per_open_player
                self._begin_gifts(self.closed, per_open * len(self.order), THEN_SCORE)
                return None
            self.actor = self.seq[self.turn]
            if len(self.piles) == 1:
                self._do((PILE, self.piles[0]))
                return None
            return self.actor
        if stage == S_WINDOW:
            seq = self.seq
            while self.turn < len(seq) and not self._usable(seq[self.turn]):
                self.turn += 1
            if self.turn == len(seq):
                self._begin_bids()
                return None
            self.actor = seq[self.turn]
            return self.actor
        if stage == S_DRAW:
            self._begin_window()
            return None
        if stage == S_OVER:
            return TERMINAL
        raise AssertionError(f"stuck in stage {stage}")  # pragma: no cover

    def settle_frame(self, frame) -> bool:
        """A stone-by-stone step that leaves no choice is taken; one with nothing left is popped."""
        if frame[0] not in (P_TAKE, P_PAY, P_THROW):
            return False
        actions = self.frame_rules[frame[0]][0](self, frame)
        if not actions:
            self.pending.pop()
            return True
        if len(actions) == 1:
            self._do(actions[0])
            return True
        return False

    def frame_player(self, frame) -> int:
        return self.actor

    def _start_round(self) -> None:
        self.stage = S_ROLL
        self.weather = -1
        self.chance.append((WEATHER,))

    def _lay_out(self) -> None:
        """The first traveller face down (which card it is stays undecided), the rest turned up."""
        if self.deck.size < self.k:  # "牌堆的数量无法满足…游戏结束"
            self.stage = S_OVER
            return
        self.row = []
        self.fd, self.seen = HIDDEN, 0
        self.stage = S_DRAW
        self.chance.extend([(DRAW,)] * (self.k - 1))

    def _usable(self, p: int) -> bool:
        """Whether ``p`` holds a Fortune Teller to peek with or a Miner to dig with."""
        hand = self.hand[p]
        if not hand:
            return False
        effect = self.t.effect
        for x in hand:
            e = effect[x]
            if e == PEEK and self.fd != NONE and not self.seen >> p & 1:
                return True
            if e == MINER and any(self.pool):
                return True
        return False

    def _begin_window(self) -> None:
        self.stage = S_WINDOW
        self.seq = clockwise(self.num_players, self.start)
        self.turn = 0

    def _begin_piles(self) -> None:
        """Open bridges take the bid stones, one bridge each, from the last trophy up."""
        self.stage = S_PILES
        self.seq = self.order[::-1]
        self.piles = sorted(self.order)
        self.turn = 0

    def _begin_gifts(self, players: list[int], stones: int, then: int) -> None:
        self.stage = S_GIFT
        self.seq = list(players)
        self.gift = stones
        self.then = then
        self.turn = 0

    def _discard_row(self) -> None:
        """Every bridge closed: the row goes to the discard pile (the face-down card turned up first)."""
        if self.fd == HIDDEN:
            self.chance.append((REVEAL, BY_DISCARD))
            self.stage = S_DRAW  # after the reveal: the rest of the discard, then a new row
            self.seq = []
            return
        self._redraw()

    def _redraw(self) -> None:
        for x in self.row:
            self.discard[x] += 1
        if self.fd >= 0:
            self.discard[self.fd] += 1
        self.row = []
        self.fd, self.seen = NONE, 0
        self._lay_out()

    def _begin_scoring(self) -> None:
        self.stage = S_SCORE
        self.seq = clockwise(self.num_players, self.start)
        self.turn = 0

    def _end_round(self) -> None:
        """The die passes left; trophies and the tops of the boards are cleared."""
        self.start = (self.start + 1) % self.num_players
        self.round += 1
        self.bids = [None] * self.num_players
        self.order, self.closed, self.piles = [], [], []
        self._start_round()

    def chance_outcomes(self) -> list:
        head = self.chance[0]
        code = head[0]
        if code == WEATHER:
            return [((WEATHER, w), p) for w, p in enumerate(self.t.weather_odds)]
        return [((code, x), p) for x, p in self.deck.outcomes()]

    def turn_actions(self) -> list:
        p = self.cur
        if p < 0:
            return []
        stage = self.stage
        if stage == S_BID:
            return bid_options(self.stones[p], self._holds(p, JESTER) >= 0)
        if stage == S_PICK:
            return self._pick_actions(p)
        if stage == S_PILES:
            return [(PILE, q) for q in self.piles]
        if stage == S_WINDOW:
            out = self._special_actions(p)
            out.append((READY,))
            return out
        raise AssertionError(f"no decision in stage {stage}")  # pragma: no cover

    def _holds(self, p: int, effect: int) -> int:
        """The first card in ``p``'s hand with ``effect``, or -1."""
        for x in self.hand[p]:
            if self.t.effect[x] == effect:
                return x
        return -1

    def _special_actions(self, p: int) -> list:
        out = []
        if self._holds(p, PEEK) >= 0 and self.fd != NONE and not self.seen >> p & 1:
            out.append((PLAY_PEEK,))
        if self._holds(p, MINER) >= 0 and any(self.pool):
            out.append((PLAY_MINER,))
        return out

    def _pick_actions(self, p: int) -> list:
        kind = self.t.kind
        out = []
        for x in sorted(set(self.row)):
            k = kind[x]
            if k == NORMAL:
                out.append((PICK, x, FOOD))
                out.append((PICK, x, TOLL))
            elif k == ROYAL:
                out.append((PICK, x, FOOD))
            elif k == SPECIAL:
                out.append((PICK, x, HAND))
            else:
                out.append((PICK, x, HAZ))
        if self.fd != NONE:
            out.append((PICK_FD,))
        if self.hand[p]:
            out.extend(self._special_actions(p))
        return out

    def _take_steps(self, top: tuple) -> list:
        p = self.actor
        _, still, low, steal = top
        pool = self.pool
        total = sum(pool)
        if total:
            need = min(still, total)
            out = []
            later = total - sum(pool[:low])
            for c in range(low, len(pool)):
                if pool[c] and later >= need:
                    out.append((TAKE, c))
                later -= pool[c]
            return out
        if not steal:
            return []
        mine = sum(self.stones[p])
        totals = [sum(s) for s in self.stones]
        richest = max((totals[q] for q in range(self.num_players) if q != p), default=0)
        if mine >= richest or richest == 0:
            return []
        return [(STEAL, q, c) for q in range(self.num_players) if q != p and totals[q] == richest
                for c, held in enumerate(self.stones[q]) if held]

    def apply_turn(self, action) -> None:
        self._do(action)

    def apply_chance(self, event, outcome) -> None:
        self._worths = None
        handler = CHANCE_HANDLERS.get(outcome[0])
        if handler is None:
            raise BadInput(f"not a chance outcome of this game: {outcome!r}")
        handler(self, event, outcome)

    def _do(self, action) -> None:
        self._worths = None
        handler = self.handlers.get(action[0])
        if handler is None:
            raise BadInput(f"not an action of this game: {action!r}")
        handler(self, self.actor, action)

    def _draw(self, event, action) -> None:
        self.deck.draw(action[1])
        self.row.append(action[1])

    def _weather(self, event, action) -> None:
        self.weather = action[1]
        self.k = self.comp.schedules[self.num_players].travellers[self.t.weathers[action[1]]]
        self._lay_out()

    def _pick(self, p: int, action) -> None:
        x, side = action[1], action[2]
        self.row.remove(x)
        self.turn += 1
        self._receive(p, x, side)

    def _pick_face_down(self, p: int, action) -> None:
        self.turn += 1
        if self.fd == HIDDEN:
            self.chance.append((REVEAL, BY_PICK))
        else:
            x, self.fd, self.seen = self.fd, NONE, 0
            self._take_face_down(p, x)

    def _turned_up(self, event, action) -> None:
        p = self.actor
        x = action[1]
        self.deck.draw(x)
        self.fd = x
        if self.stage == S_PICK:
            self.fd, self.seen = NONE, 0
            self._take_face_down(p, x)
        else:
            self._redraw()

    def _seen(self, event, action) -> None:
        self.deck.draw(action[1])
        self.fd = action[1]
        self.seen |= 1 << event[1]

    def _place_steps(self, top: tuple) -> list:
        return [(PLACE, FOOD), (PLACE, TOLL)]

    def _place(self, p: int, action) -> None:
        x = self.pending.pop()[1]
        (self.food if action[1] == FOOD else self.toll)[p].append(x)

    def _play_special(self, p: int, action) -> None:
        code = action[0]
        x = self._holds(p, PEEK if code == PLAY_PEEK else MINER)
        self.hand[p].remove(x)
        self.food[p].append(x)  # a special, once used, goes to the food side
        if code == PLAY_MINER:
            self.pending.push(P_TAKE, min(3, sum(self.pool)), 0, False)
        elif self.fd == HIDDEN:
            self.chance.append((SEE, p))
        else:
            self.seen |= 1 << p

    def _ready(self, p: int, action) -> None:
        self.turn += 1

    def _pile(self, p: int, action) -> None:
        q = action[1]
        mine, pile = self.stones[p], self.bridge[q]
        for c, count in enumerate(pile):
            mine[c] += count
            pile[c] = 0
        self.piles.remove(q)
        self.turn += 1

    def _take(self, p: int, action) -> None:
        _, still, _, steal = self.pending.pop()
        if action[0] == TAKE:
            colour, low = action[1], action[1]
            self.pool[colour] -= 1
        else:
            colour, low = action[2], 0
            self.stones[action[1]][colour] -= 1
        self.stones[p][colour] += 1
        if still > 1:
            self.pending.push(P_TAKE, still - 1, low, steal)

    def _spend_stone(self, p: int, colour: int) -> None:
        """A stone paid (a defence, a goat fight, a closed bridge's conversion) goes back to the pool."""
        self.stones[p][colour] -= 1
        self.pool[colour] += 1

    def _receive(self, p: int, x: int, side: int) -> None:
        """A picked traveller is placed at once (获得… b): eaten or robbed, a royal to the food side,
        a special into the hand, a hazard strikes."""
        if side == FOOD:
            self.food[p].append(x)
        elif side == TOLL:
            self.toll[p].append(x)
        elif side == HAND:
            self.hand[p].append(x)
        else:
            self._strike(p, x)

    def _take_face_down(self, p: int, x: int) -> None:
        kind = self.t.kind[x]
        if kind == NORMAL:
            self.pending.push(P_PLACE, x)
        else:
            self._receive(p, x, FOOD if kind == ROYAL else HAND if kind == SPECIAL else HAZ)

    def scores(self) -> list[float]:
        return [float(self.vp[p] + sum(self.ups[p]) + len(self.ups[p])) for p in range(self.num_players)]

    def outcome(self):
        """The ranking of the score sheet of this table (its tie-breaks included)."""
        n = self.num_players
        sheet = Sheet("", [f"P{p + 1}" for p in range(n)], [self.sheet_values(p) for p in range(n)])
        return scoring.score_sheet(self.comp, sheet).outcome


def apply_step(state, frame: tuple, action) -> None:
    """A step of any frame: its opcode says what it does (``TrollState.handlers``)."""
    state._do(action)


FRAME_RULES = {P_TAKE: (Rules._take_steps, apply_step), P_PLACE: (Rules._place_steps, apply_step)}
HANDLERS = {
    PLAY_PEEK: Rules._play_special, PLAY_MINER: Rules._play_special, READY: Rules._ready,
    PICK: Rules._pick, PICK_FD: Rules._pick_face_down, PLACE: Rules._place,
    PILE: Rules._pile, TAKE: Rules._take, STEAL: Rules._take,
}
CHANCE_HANDLERS = {DRAW: Rules._draw, WEATHER: Rules._weather, REVEAL: Rules._turned_up, SEE: Rules._seen}
