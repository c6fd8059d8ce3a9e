"""Bridge Troll in play: one mutable State with plain fields and in-place ``apply``.

A round (rule summary, "进行游戏"): the start player rolls the weather die (chance), which sets
``k`` travellers from the schedule card; the first lies face down, the rest are turned up one by
one (chance). Players holding a Fortune Teller or a Miner may play it before bidding. Every player
bids at once (a sealed stage: one ``bid``/``close`` each, a Jester's colours included, revealed
when the last is in). Trophies by bid; open bridges pick travellers in trophy
order until the row is empty, eating or robbing each at once; hazards strike at once. Open bridges
take back the bid stones a bridge at a time in reverse trophy order; closed bridges take stones
from the pool per open bridge; if every bridge closed, each takes 3, the row is discarded, the
same number is drawn again and everyone bids again. Then everyone in turn, from the start player,
may convert food and gold into points and buy the top upgrade card; the die passes left. When the
deck cannot supply a round's travellers the game ends at once.

The deck is card counts (``bgkit.cards.Deck``): nobody knows its order, so every card turned up is
a chance event, and the Billy Goat is shuffled back in at a random place by counting it back in.
The face-down traveller is one of the unseen cards; which one is decided when somebody looks at it:
a Fortune Teller's peek is a chance outcome only its owner sees, taking it (or discarding it)
turns it up for all.

Actions are small tuples whose first item is an opcode (below); their texts are what a person
types. Multi-step choices (paying a defence, throwing stones at a goat, taking
stones, spending cards) are micro-decisions on a ``Pending`` stack, never listed subsets.
"""

from __future__ import annotations

import random

from bgkit.api import CHANCE, TERMINAL, BadInput, Deck, Flow, Pending, Sheet, clockwise, resample

from bgkit_bridgetroll import scoring
from bgkit_bridgetroll.codes import (
    BOOST,
    BUY,
    BY_DISCARD,
    BY_PICK,
    CONVERT,
    DEFEND,
    DRAW,
    EAT,
    END,
    FIGHT,
    HAND,
    HAZ,
    HIDDEN,
    LOSE,
    NONE,
    PAY,
    PICK,
    PICK_FD,
    PILE,
    PLACE,
    PLAY_MINER,
    PLAY_PEEK,
    P_GOAT,
    P_HAZARD,
    P_PAY,
    P_PLACE,
    P_SCORE,
    P_SELL,
    P_TAKE,
    P_THROW,
    READY,
    REVEAL,
    SEE,
    SELL,
    SEND,
    SPEND,
    STEAL,
    S_BID,
    S_DRAW,
    S_GIFT,
    S_OVER,
    S_PICK,
    S_PILES,
    S_ROLL,
    S_SCORE,
    S_WINDOW,
    TAKE,
    THEN_REDRAW,
    THEN_SCORE,
    THROW,
    USE_GARLIC,
    WEATHER,
    YIELD,
)
from bgkit_bridgetroll.bids import BID, BIDMIX, CLOSE, amount, bid_options, trophy_order
from bgkit_bridgetroll.data import Components
from bgkit_bridgetroll.heuristic import worth
from bgkit_bridgetroll.playout import bid as rule_bid
from bgkit_bridgetroll.playout import move as playout_move
from bgkit_bridgetroll.playout import row_worth
from bgkit_bridgetroll.roundscore import convert
from bgkit_bridgetroll.travellers import (
    FOOD,
    GARLIC,
    GOAT,
    JESTER,
    MESSENGER,
    MINER,
    NORMAL,
    PEEK,
    ROYAL,
    SPECIAL,
    TOLL,
    Tables,
    tables_of,
    targets,
)

#: action texts: the actions without a detail, and the verbs of those with a card or a colour
FIXED_TEXTS = {
    CLOSE: "close", PICK_FD: "take face-down", PLAY_PEEK: "peek", PLAY_MINER: "miner", READY: "ready",
    USE_GARLIC: "garlic", DEFEND: "defend", FIGHT: "fight", YIELD: "yield", CONVERT: "convert", END: "end",
}
CARD_VERBS = {DRAW: "draw", REVEAL: "reveal", SEE: "see", SEND: "messenger", EAT: "eat"}
COLOUR_VERBS = {PAY: "pay", THROW: "throw", TAKE: "take", BOOST: "boost"}


class TrollState(Flow):
    """The whole table. Per-player data are lists indexed by seat (0-based, clockwise); cards are
    indexes into ``comp.travellers``, colours indexes into ``comp.colours``.

    ``stones[p][c]`` under each board, ``pool[c]``, ``bridge[p][c]`` (bid stones, after the reveal);
    ``vp[p]`` the point tokens, ``ups[p]`` the upgrade cards, ``broken`` upgrades a goat's damage
    turned back into points; ``food[p]``, ``toll[p]``, ``hand[p]`` the travellers; ``deck`` the cards
    not seen yet (a ``Deck`` of counts, with the face-down card while it is undecided), ``discard``
    counts; ``pile`` the upgrades, top first; ``row`` the face-up travellers, ``fd`` the face-down one
    (NONE, HIDDEN while undecided, or a card) and ``seen`` a bit per player who looked at it;
    ``weather`` and ``k`` (travellers this round); ``bids[p]`` the sealed bids; ``order`` the open
    players in trophy order, ``closed`` the closed ones; ``piles`` the bridges whose bid stones are
    still there. ``stage`` with ``seq`` (who acts in it, in order) and ``turn``; ``gift``/``then``
    the closed bridges' stones and what follows them; ``pending`` the micro-decisions of ``actor``;
    ``chance`` the chance events due; ``cur`` who decides now.
    """

    def __init__(self, comp: Components):
        self.comp = comp
        self.t: Tables = tables_of(comp)
        self._worths: list[float] | None = None

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def from_setup(cls, comp: Components, setup: dict) -> "TrollState":
        s = cls(comp)
        t = s.t
        n = s.num_players = setup["players"]
        colours = t.colours
        s.start = setup["start_player"] - 1
        s.round = 1
        s.stones = [[0] * len(colours) for _ in range(n)]
        for p, seat in enumerate(setup["seats"]):
            s.stones[p][colours.index(seat["colour"])] = seat["stones"]
        s.pool = [setup["pool"].get(c, 0) for c in colours]
        s.bridge = [[0] * len(colours) for _ in range(n)]
        s.vp = [seat["victory_points"] for seat in setup["seats"]]
        s.ups = [[] for _ in range(n)]
        s.broken = []
        s.food = [[] for _ in range(n)]
        s.toll = [[] for _ in range(n)]
        s.hand = [[] for _ in range(n)]
        s.deck = Deck(t.counts)  # the setup's deck order, if any, is not followed: see README
        s.discard = [0] * t.cards
        s.pile = list(setup["upgrade_pile"])
        s.row = []
        s.fd, s.seen = NONE, 0
        s.weather, s.k = -1, 0
        s.bids = [None] * n
        s.order, s.closed, s.piles = [], [], []
        s.seq, s.turn, s.gift, s.then = [], 0, 0, THEN_SCORE
        s.actor = s.start
        s.pending = Pending()
        s.chance = []
        s.stage = S_ROLL
        s.cur = CHANCE
        s._start_round()
        s.run()
        return s

    def clone(self) -> "TrollState":
        o = TrollState.__new__(TrollState)
        o.comp, o.t, o.num_players = self.comp, self.t, self.num_players
        o._worths = None
        o.start, o.round, o.weather, o.k = self.start, self.round, self.weather, self.k
        o.stones = [s[:] for s in self.stones]
        o.pool = self.pool[:]
        o.bridge = [b[:] for b in self.bridge]
        o.vp = self.vp[:]
        o.ups = [u[:] for u in self.ups]
        o.broken = self.broken[:]
        o.food = [f[:] for f in self.food]
        o.toll = [t[:] for t in self.toll]
        o.hand = [h[:] for h in self.hand]
        o.deck = self.deck.clone()
        o.discard = self.discard[:]
        o.pile = self.pile[:]
        o.row = self.row[:]
        o.fd, o.seen = self.fd, self.seen
        o.bids = self.bids[:]
        o.order, o.closed, o.piles = self.order[:], self.closed[:], self.piles[:]
        o.seq, o.turn, o.gift, o.then = self.seq[:], self.turn, self.gift, self.then
        o.actor, o.cur, o.stage = self.actor, self.cur, self.stage
        o.pending = self.pending.clone()
        o.chance = self.chance[:]
        return o

    # -- flow ----------------------------------------------------------------------------------
    def is_sealed(self) -> bool:
        return self.stage == S_BID and self.cur >= 0

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

    def _begin_window(self) -> None:
        self.stage = S_WINDOW
        self.seq = clockwise(self.num_players, self.start)
        self.turn = 0

    def _begin_bids(self) -> None:
        self.stage = S_BID
        self.seq = clockwise(self.num_players, self.start)
        self.turn = 0
        self.bids = [None] * self.num_players

    def _reveal(self) -> None:
        """Every bid is in: the stones go onto the bridges; a mixed bid plays its Jester
        ("使用不同颜色的石头进行出价后，你必须打出小丑卡": to the food side, as a used special)."""
        for p in self.seq:
            bid = self.bids[p]
            if bid[0] == BID:
                self.stones[p][bid[1]] -= bid[2]
                self.bridge[p][bid[1]] += bid[2]
            elif bid[0] == BIDMIX:
                for c, n in enumerate(bid[1]):
                    self.stones[p][c] -= n
                    self.bridge[p][c] += n
                jester = self._holds(p, JESTER)
                self.hand[p].remove(jester)
                self.food[p].append(jester)
        self._after_reveal()

    def _after_reveal(self) -> None:
        n = self.num_players
        amounts = [amount(b) for b in self.bids]
        if not any(amounts):  # every bridge closed: 3 stones each, a new row, bid again
            self._begin_gifts(clockwise(n, self.start), 3, THEN_REDRAW)
            return
        left = [sum(s) for s in self.stones]
        self.order = trophy_order(amounts, left, self.start)
        self.closed = [p for p in clockwise(n, self.start) if not amounts[p]]
        self.vp[self.order[0]] += self.t.trophy_bonus
        self.stage = S_PICK
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

    # -- chance ----------------------------------------------------------------------------------
    def chance_outcomes(self) -> list:
        head = self.chance[0]
        code = head[0]
        if code == WEATHER:
            return [((WEATHER, w), p) for w, p in enumerate(self.t.weather_odds)]
        return [((code, x), p) for x, p in self.deck.outcomes()]

    def chance_label(self) -> str:
        head = self.chance[0] if self.chance else None
        if head is None:
            return ""
        code = head[0]
        roller = f"P{self.start + 1}"
        if code == WEATHER:
            return f"{roller} rolls the weather die"
        if code == DRAW:
            return f"{roller} turns up traveller {len(self.row) + 2} of {self.k} (the first lies face down)"
        if code == SEE:
            return f"P{head[1] + 1} looks at the face-down traveller (Fortune Teller)"
        if head[1] == BY_PICK:
            return f"the face-down traveller, turned up as P{self.actor + 1} takes it"
        return "the face-down traveller, turned up as the row is discarded"

    def audience(self, action):
        if self.cur == CHANCE:
            head = self.chance[0]
            return frozenset((head[1],)) if head[0] == SEE else None
        return frozenset((self.cur,)) if self.is_sealed() else None

    def public_text(self, action) -> str:
        if self.cur == CHANCE:
            return f"P{self.chance[0][1] + 1} looks at the face-down traveller"
        return f"P{self.cur + 1} bids"

    def reveals(self, action) -> bool:
        if self.cur == CHANCE or self.is_sealed():
            return True
        return action[0] in (PICK_FD, PLAY_PEEK) and self.fd >= 0  # a card seen, without a draw

    # -- legal actions ---------------------------------------------------------------------------
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

    # the steps of each kind of pending frame (``frame_rules``); the frame's owner is ``actor``
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

    def _pay_steps(self, top: tuple) -> list:
        stones = self.stones[self.actor]
        _, still, low, _x = top
        out = []
        later = sum(stones[low:])
        for c in range(low, len(stones)):
            if stones[c] and later >= still:
                out.append((PAY, c))
            later -= stones[c]
        return out

    def _throw_steps(self, top: tuple) -> list:
        stones = self.stones[self.actor]
        _, still, low, _x = top
        held = [c for c in range(low, len(stones)) if stones[c]]
        return [(THROW, c) for i, c in enumerate(held) if len(held) - i >= still]

    def _hazard_steps(self, top: tuple) -> list:
        p = self.actor
        x = top[1]
        value, found = targets(self.t, self.t.effect[x], self.food[p], self.toll[p])
        out = []
        if self._holds(p, GARLIC) >= 0:
            out.append((USE_GARLIC,))
        out.extend((LOSE, area, y) for area, y in found)
        if sum(self.stones[p]) >= value:
            out.append((DEFEND,))
        return out

    def _goat_steps(self, top: tuple) -> list:
        out = []
        if sum(1 for held in self.stones[self.actor] if held) >= self.t.goat_stones[top[1]]:
            out.append((FIGHT,))
        out.append((YIELD,))
        return out

    def _sell_steps(self, top: tuple) -> list:
        return [(SELL, u) for u in sorted(set(self.ups[self.actor]))]

    def _place_steps(self, top: tuple) -> list:
        return [(PLACE, FOOD), (PLACE, TOLL)]

    def _score_steps(self, top: tuple) -> list:
        p = self.actor
        _, sel_food, sel_toll, boost, converted, bought = top
        t = self.t
        out = []
        if not converted:
            for area, cards, chosen in ((FOOD, self.food[p], sel_food), (TOLL, self.toll[p], sel_toll)):
                for x in sorted(set(cards)):
                    if cards.count(x) > chosen.count(x):
                        out.append((SPEND, area, x))
            if sel_food or sel_toll:
                if p in self.closed:
                    gap = abs(sum(t.food[x] for x in sel_food) - sum(t.toll[x] for x in sel_toll))
                    if len(boost) + 1 <= 2 * gap:
                        stones = self.stones[p]
                        for c in range(boost[-1] if boost else 0, len(stones)):
                            if stones[c] > boost.count(c):
                                out.append((BOOST, c))
                out.append((CONVERT,))
        if not bought and self.pile and not sel_food and not sel_toll and self.vp[p] >= self.comp.upgrade_costs[self.pile[0]]:
            out.append((BUY,))
        hand = self.hand[p]
        if hand:
            if self._holds(p, MINER) >= 0 and any(self.pool):
                out.append((PLAY_MINER,))
            if self._holds(p, MESSENGER) >= 0:
                food = self.food[p]
                for x in sorted(set(food)):
                    if t.kind[x] == ROYAL and food.count(x) > sel_food.count(x):
                        out.append((SEND, x))
            out.extend((EAT, x) for x in sorted(set(hand)))  # eaten without using its power
        out.append((END,))
        return out

    # -- applying ----------------------------------------------------------------------------------
    def apply_turn(self, action) -> None:
        self._do(action)

    def apply_chance(self, event, outcome) -> None:
        self._worths = None
        handler = _CHANCE_HANDLERS.get(outcome[0])
        if handler is None:
            raise BadInput(f"not a chance outcome of this game: {outcome!r}")
        handler(self, event, outcome)

    def _do(self, action) -> None:
        self._worths = None
        handler = _HANDLERS.get(action[0])
        if handler is None:
            raise BadInput(f"not an action of this game: {action!r}")
        handler(self, self.actor, action)

    # one method per opcode (dispatched by ``_HANDLERS``); ``p`` is the player acting
    def _draw(self, event, action) -> None:
        self.deck.draw(action[1])
        self.row.append(action[1])

    def _weather(self, event, action) -> None:
        self.weather = action[1]
        self.k = self.comp.schedules[self.num_players].travellers[self.t.weathers[action[1]]]
        self._lay_out()

    def _bid(self, p: int, action) -> None:
        self.bids[self.cur] = action
        self.turn += 1
        if self.turn == self.num_players:
            self._reveal()

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

    def _garlic(self, p: int, action) -> None:
        x = self.pending.pop()[1]
        garlic = self._holds(p, GARLIC)
        self.hand[p].remove(garlic)
        self.discard[garlic] += 1
        self.discard[x] += 1

    def _lose(self, p: int, action) -> None:
        x = self.pending.pop()[1]
        (self.food if action[1] == FOOD else self.toll)[p].remove(action[2])
        self.discard[action[2]] += 1
        self.discard[x] += 1

    def _defend(self, p: int, action) -> None:
        x = self.pending.pop()[1]
        value, _ = targets(self.t, self.t.effect[x], self.food[p], self.toll[p])
        self.pending.push(P_PAY, value, 0, x)

    def _pay(self, p: int, action) -> None:
        _, still, _, x = self.pending.pop()
        self._spend_stone(p, action[1])
        if still > 1:
            self.pending.push(P_PAY, still - 1, action[1], x)
        else:
            self.discard[x] += 1

    def _fight(self, p: int, action) -> None:
        x = self.pending.pop()[1]
        self.pending.push(P_THROW, self.t.goat_stones[x], 0, x)

    def _throw(self, p: int, action) -> None:
        _, still, _, x = self.pending.pop()
        self._spend_stone(p, action[1])
        if still > 1:
            self.pending.push(P_THROW, still - 1, action[1] + 1, x)
        else:  # the goat is beaten: its points, and it goes to the discard pile
            self.vp[p] += self.t.goat_reward[x]
            self.discard[x] += 1

    def _yield(self, p: int, action) -> None:
        x = self.pending.pop()[1]
        self.deck.put(x)  # shuffled back into the deck at a random place
        damage = self.t.goat_damage[x]
        if self.vp[p] >= damage:
            self.vp[p] -= damage
        elif self.ups[p]:
            self.pending.push(P_SELL, x, damage)
        else:
            self.vp[p] = 0

    def _sell(self, p: int, action) -> None:
        top = self.pending.pop()
        self.ups[p].remove(action[1])
        self.broken.append(action[1])
        self.vp[p] = max(0, self.vp[p] + action[1] - top[2])

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

    def _spend(self, p: int, action) -> None:
        _, sel_food, sel_toll, boost, converted, bought = self.pending.pop()
        if action[1] == FOOD:
            sel_food = tuple(sorted(sel_food + (action[2],)))
        else:
            sel_toll = tuple(sorted(sel_toll + (action[2],)))
        self.pending.push(P_SCORE, sel_food, sel_toll, boost, converted, bought)

    def _boost(self, p: int, action) -> None:
        _, sel_food, sel_toll, boost, converted, bought = self.pending.pop()
        self.pending.push(P_SCORE, sel_food, sel_toll, boost + (action[1],), converted, bought)

    def _convert_now(self, p: int, action) -> None:
        top = self.pending.pop()
        self._convert(p, top)
        self.pending.push(P_SCORE, (), (), (), True, top[5])

    def _buy(self, p: int, action) -> None:
        top = self.pending.pop()
        value = self.pile.pop(0)
        self.vp[p] -= self.comp.upgrade_costs[value]
        self.ups[p].append(value)
        self.pending.push(P_SCORE, *top[1:5], True)

    def _send(self, p: int, action) -> None:
        messenger = self._holds(p, MESSENGER)
        self.hand[p].remove(messenger)
        self.food[p].remove(action[1])
        self.toll[p].append(action[1])  # ransom: it counts its toll side now
        self.food[p].append(messenger)

    def _eat(self, p: int, action) -> None:
        self.hand[p].remove(action[1])
        self.food[p].append(action[1])

    def _end(self, p: int, action) -> None:
        top = self.pending.pop()
        if top[1] or top[2]:
            self._convert(p, top)

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

    def _strike(self, p: int, x: int) -> None:
        effect = self.t.effect[x]
        if effect == GOAT:
            self.pending.push(P_GOAT, x)
            return
        _, found = targets(self.t, effect, self.food[p], self.toll[p])
        if found:
            self.pending.push(P_HAZARD, x)
        else:  # nothing to take: "如果你没有可以放弃的卡片，则你无须弃牌"
            self.discard[x] += 1

    def _convert(self, p: int, top: tuple) -> None:
        """Spend the chosen cards: points = the smaller side (a closed bridge's stones 2:1 onto it),
        plus the "+N" of every card spent; the cards go to the discard pile."""
        _, sel_food, sel_toll, boost, _, _ = top
        t = self.t
        result = convert(
            gold=sum(t.toll[x] for x in sel_toll),
            food=sum(t.food[x] for x in sel_food),
            stones=len(boost),
            closed=p in self.closed,
        )
        self.vp[p] += result.points + sum(t.bonus[x] for x in sel_food) + sum(t.bonus[x] for x in sel_toll)
        for area, chosen in ((self.food[p], sel_food), (self.toll[p], sel_toll)):
            for x in chosen:
                area.remove(x)
                self.discard[x] += 1
        for colour in boost[: result.stones_used]:
            self._spend_stone(p, colour)

    # -- texts -----------------------------------------------------------------------------------
    def action_text(self, action) -> str:
        t = self.t
        code = action[0]
        if code in FIXED_TEXTS:
            return FIXED_TEXTS[code]
        if code in CARD_VERBS:
            return f"{CARD_VERBS[code]} {t.names[action[1]]}"
        if code in COLOUR_VERBS:
            return f"{COLOUR_VERBS[code]} {t.colours[action[1]]}"
        if code == WEATHER:
            return f"weather {t.weathers[action[1]]}"
        if code == BID:
            return f"bid {action[2]} {t.colours[action[1]]}"
        if code == BIDMIX:
            return "bid " + " + ".join(f"{n} {t.colours[c]}" for c, n in enumerate(action[1]) if n)
        if code == PICK:
            kind = t.kind[action[1]]
            verb = ("eat", "rob")[action[2]] if kind == NORMAL else "take"
            return f"{verb} {t.names[action[1]]}"
        if code == PLACE:
            return f"{'eat' if action[1] == FOOD else 'rob'} {t.names[self.pending.top()[1]]}"
        if code in (LOSE, SPEND):
            return f"{'lose' if code == LOSE else 'spend'} {('food', 'toll')[action[1]]} {t.names[action[2]]}"
        if code == STEAL:
            return f"take {t.colours[action[2]]} from P{action[1] + 1}"
        if code == SELL:
            return f"sell upgrade {action[1]}"
        if code == PILE:
            return f"stones of P{action[1] + 1}"
        if code == BUY:
            return f"buy upgrade {self.pile[0]}" if self.pile else "buy upgrade"
        return str(action)

    # -- scores ----------------------------------------------------------------------------------
    def sheet_values(self, p: int) -> dict:
        """The player's part of the score sheet a person would fill in from this table."""
        return {"vp_tokens": self.vp[p], "upgrades": sorted(self.ups[p]), "stones": sum(self.stones[p])}

    def scores(self) -> list[float]:
        return [float(self.vp[p] + sum(self.ups[p]) + len(self.ups[p])) for p in range(self.num_players)]

    def outcome(self):
        """The ranking of the score sheet of this table (its tie-breaks included)."""
        n = self.num_players
        sheet = Sheet("", [f"P{p + 1}" for p in range(n)], [self.sheet_values(p) for p in range(n)])
        return scoring.score_sheet(self.comp, sheet).outcome

    def heuristic(self, player: int) -> float:
        """``player``'s worth minus the best of the others' (see ``heuristic``); at the end, the outcome."""
        if self.stage == S_OVER:
            return self.outcome().rewards()[player]
        values = self._worths
        if values is None:  # asked for every seat in turn (a cut-off rollout): worked out once
            values = self._worths = [worth(self, p) for p in range(self.num_players)]
        return values[player] - max(v for q, v in enumerate(values) if q != player)

    def rollout_action(self, rng: random.Random):
        """An MCTS playout's move: a rule of thumb (``bgkit_bridgetroll.playout``), not random play."""
        return playout_move(self, rng)

    # -- information -----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "players": self.num_players,
            "start": self.start,
            "round": self.round,
            "weather": self.weather,
            "k": self.k,
            "stones": self.stones,
            "pool": self.pool,
            "bridge": self.bridge,
            "vp": self.vp,
            "ups": self.ups,
            "broken": self.broken,
            "food": self.food,
            "toll": self.toll,
            "hand": self.hand,
            "deck": self.deck.to_list(),
            "discard": self.discard,
            "pile": self.pile,
            "row": self.row,
            "fd": self.fd,
            "seen": self.seen,
            "bids": [list(b) if b is not None else None for b in self.bids],
            "order": self.order,
            "closed": self.closed,
            "piles": self.piles,
            "seq": self.seq,
            "turn": self.turn,
            "gift": self.gift,
            "then": self.then,
            "actor": self.actor,
            "cur": self.cur,
            "stage": self.stage,
            "pending": self.pending.to_list(),
            "chance": [list(c) for c in self.chance],
        }

    @classmethod
    def from_dict(cls, comp: Components, data: dict) -> "TrollState":
        s = cls(comp)
        s.num_players = data["players"]
        for key in ("start", "round", "weather", "k", "fd", "seen", "turn", "gift", "then", "actor", "cur", "stage"):
            setattr(s, key, data[key])
        for key in ("pool", "vp", "broken", "discard", "pile", "row", "order", "closed", "piles", "seq"):
            setattr(s, key, list(data[key]))
        for key in ("stones", "bridge", "ups", "food", "toll", "hand"):
            setattr(s, key, [list(x) for x in data[key]])
        s.deck = Deck.from_list(data["deck"])
        s.bids = [tuple(tuple(x) if isinstance(x, list) else x for x in b) if b is not None else None for b in data["bids"]]
        s.pending = Pending.from_list(data["pending"])
        s.chance = [tuple(c) for c in data["chance"]]
        return s

    def unseen(self, player: int) -> list[int]:
        """The cards ``player`` has not seen, as counts: the deck, and the face-down traveller unless
        they looked at it. Everyone could count them (every other card was seen)."""
        counts = self.deck.to_list()
        if self.fd >= 0 and not self.seen >> player & 1:
            counts[self.fd] += 1
        return counts

    def view(self, player: int) -> dict:
        """The table as ``player`` sees it: the deck and the face-down traveller as the cards not
        seen yet (the face-down one by name if they peeked), others' sealed bids only as made."""
        data = self.to_dict()
        del data["deck"], data["fd"]
        data["unseen"] = self.unseen(player)
        data["face_down"] = (
            "none" if self.fd == NONE else self.t.names[self.fd] if self.fd >= 0 and self.seen >> player & 1 else "hidden"
        )
        if self.stage == S_BID:
            data["bids"] = [
                (list(b) if q == player else "sealed") if b is not None else None for q, b in enumerate(self.bids)
            ]
        return data

    def determinize(self, player: int, rng: random.Random) -> "TrollState":
        """Redeal what ``player`` cannot see: the face-down traveller among the unseen cards (pooled
        in card order by ``bgkit.cards.resample``) and, while bids are sealed, the others' bids: each
        drawn as the playouts bid (``playout.bid``: from that player's stones and the row, which everyone
        sees)."""
        other = self.clone()
        if self.fd >= 0 and not self.seen >> player & 1:
            deck, face_down = resample([self.deck, Deck.of([self.fd], self.t.cards)], rng)
            other.deck, other.fd = deck, face_down.cards()[0]
        if self.stage == S_BID:
            row = row_worth(self)
            for q, bid in enumerate(self.bids):
                if q != player and bid is not None:
                    other.bids[q] = rule_bid(self.stones[q], rng, row)
        return other

    def render(self, player: int | None):
        from bgkit_bridgetroll.render import render_state

        return render_state(self, player)

    def render_compact(self, player: int | None):
        from bgkit_bridgetroll.render import render_compact

        return render_compact(self, player)


def _step(state: TrollState, frame: tuple, action) -> None:
    """A step of any frame: its opcode says what it does (``_HANDLERS``)."""
    state._do(action)


TrollState.frame_rules = {
    P_TAKE: (TrollState._take_steps, _step), P_PAY: (TrollState._pay_steps, _step),
    P_THROW: (TrollState._throw_steps, _step), P_HAZARD: (TrollState._hazard_steps, _step),
    P_GOAT: (TrollState._goat_steps, _step), P_SELL: (TrollState._sell_steps, _step),
    P_PLACE: (TrollState._place_steps, _step), P_SCORE: (TrollState._score_steps, _step),
}
_CHANCE_HANDLERS = {
    DRAW: TrollState._draw, WEATHER: TrollState._weather, REVEAL: TrollState._turned_up, SEE: TrollState._seen,
}
_HANDLERS = {
    CLOSE: TrollState._bid, BID: TrollState._bid, BIDMIX: TrollState._bid,
    PLAY_PEEK: TrollState._play_special, PLAY_MINER: TrollState._play_special, READY: TrollState._ready,
    PICK: TrollState._pick, PICK_FD: TrollState._pick_face_down, PLACE: TrollState._place,
    USE_GARLIC: TrollState._garlic, LOSE: TrollState._lose, DEFEND: TrollState._defend, PAY: TrollState._pay,
    FIGHT: TrollState._fight, THROW: TrollState._throw, YIELD: TrollState._yield, SELL: TrollState._sell,
    PILE: TrollState._pile, TAKE: TrollState._take, STEAL: TrollState._take,
    SPEND: TrollState._spend, BOOST: TrollState._boost, CONVERT: TrollState._convert_now, BUY: TrollState._buy,
    SEND: TrollState._send, EAT: TrollState._eat, END: TrollState._end,
}


# -- the play module's functions (see bgkit.game) ---------------------------------------------------


def new_state(comp: Components, setup: dict) -> TrollState:
    return TrollState.from_setup(comp, setup)


def state_from_dict(comp: Components, data: dict) -> TrollState:
    return TrollState.from_dict(comp, data)


def sheet_from_state(comp: Components, state: TrollState) -> dict:
    return {"player": [{"name": f"Player {p + 1}", **state.sheet_values(p)} for p in range(state.num_players)]}


# -- the action space (bgkit.game looks for it here) ------------------------------------------------
from bgkit_bridgetroll.notation import action_from_index, action_index, max_game_length, num_actions  # noqa: E402,F401
