"""Hazards (the red travellers): a knight, bandit or dragon takes a player's best card unless
a Garlic Merchant or stones (any colours, one at a time) pay it off; a goat is fought with stones
of different colours or yielded, back into the deck at a random place, at the cost of points (an
upgrade turned back into points when the tokens do not cover it).
"""

from __future__ import annotations

from bgkit_bridgetroll.codes import (
    DEFEND, FIGHT, LOSE, P_GOAT, P_HAZARD, P_PAY, P_SELL, P_THROW, PAY, SELL, THROW, USE_GARLIC, YIELD,
)
from bgkit_bridgetroll.rules import apply_step
from bgkit_bridgetroll.travellers import FOOD, GARLIC, GOAT, targets


class Hazards:
    """A hazard's frames and their steps (a mixin of ``TrollState``)."""

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

    def _goat_steps(self, top: tuple) -> list:
        out = []
        if sum(1 for held in self.stones[self.actor] if held) >= self.t.goat_stones[top[1]]:
            out.append((FIGHT,))
        out.append((YIELD,))
        return out

    def _sell_steps(self, top: tuple) -> list:
        return [(SELL, u) for u in sorted(set(self.ups[self.actor]))]

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


FRAME_RULES = {
    P_HAZARD: (Hazards._hazard_steps, apply_step), P_PAY: (Hazards._pay_steps, apply_step),
    P_GOAT: (Hazards._goat_steps, apply_step), P_THROW: (Hazards._throw_steps, apply_step),
    P_SELL: (Hazards._sell_steps, apply_step),
}
HANDLERS = {
    USE_GARLIC: Hazards._garlic, LOSE: Hazards._lose, DEFEND: Hazards._defend, PAY: Hazards._pay,
    FIGHT: Hazards._fight, THROW: Hazards._throw, YIELD: Hazards._yield, SELL: Hazards._sell,
}
