"""A player's scoring turn ("得分/升级"): cards spent one at a time from either side of the bridge,
a closed bridge's stones added to the smaller side, converted into points (``roundscore``), the top
upgrade bought, specials eaten or a royal ransomed by a Royal Messenger; ``end`` closes the turn.
"""

from __future__ import annotations

from bgkit_bridgetroll.codes import BOOST, BUY, CONVERT, EAT, END, P_SCORE, PLAY_MINER, SEND, SPEND
from bgkit_bridgetroll.roundscore import convert
from bgkit_bridgetroll.rules import apply_step
from bgkit_bridgetroll.travellers import FOOD, MESSENGER, MINER, ROYAL, TOLL


class ScoreTurn:
    """The scoring turn's frame and its steps (a mixin of ``TrollState``)."""

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


FRAME_RULES = {P_SCORE: (ScoreTurn._score_steps, apply_step)}
HANDLERS = {
    SPEND: ScoreTurn._spend, BOOST: ScoreTurn._boost, CONVERT: ScoreTurn._convert_now, BUY: ScoreTurn._buy,
    SEND: ScoreTurn._send, EAT: ScoreTurn._eat, END: ScoreTurn._end,
}
