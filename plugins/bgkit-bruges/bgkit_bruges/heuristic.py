"""Advice for bots, kept apart from the rules: the greedy bot's rating of a table.
"""

from __future__ import annotations

from bgkit_bruges.codes import ABILITY_WORTH, LAUREL, P_OVER, PLAYS, THREAT_WORRY


class Heuristic:
    """The heuristic; a mixin of the state."""

    def heuristic(self, player: int) -> float:
        if self.phase == P_OVER:
            return self.outcome().rewards()[player]
        values = [self._value(p) for p in range(self.num_players)]
        best_other = max(v for q, v in enumerate(values) if q != player)
        return values[player] - best_other

    def _value(self, p: int) -> float:
        """Points now plus a rough worth of what is not points yet (for the greedy bot): money,
        workers, cards and empty houses are worth what they will buy while rounds are left."""
        cards = self.cards
        left = self._rounds_left()
        later = left / 1.5 if left < 1.5 else 1.0  # how much a resource is still worth
        v = float(self.score[p] + len(self.houses[p]) + 4 * sum(self.markers[p]) + sum(self.won[p]))
        kinds, points = cards.kind, cards.points
        for x in self.occupants[p]:
            if x < 0:
                v += 1.6 * later  # room for a person
                continue
            v += points[x] + ABILITY_WORTH[kinds[x]] * left
        if LAUREL in (kinds[x] for x in self.occupants[p] if x >= 0):
            v += sum(self.laurels(p))
        for built in self.canals[p]:
            v += (1.2 + 0.6 * built) if built >= 3 else built * 0.8
        rep = self.reputation[p]
        if rep:
            v += self.comp.reputation_points[rep - 1]
        money = self.guilders[p]
        v += later * (0.3 * money if money <= 12 else 3.6 + 0.08 * (money - 12))
        workers = sum(self.workers[p])
        v += later * (0.4 * workers if workers <= 6 else 2.4 + 0.05 * (workers - 6))
        v += 0.8 * len(self.hands[p])
        for t in self.threats[p]:
            v -= THREAT_WORRY[t]
        return v

    def _rounds_left(self) -> float:
        if self.last_round:
            return 0.0
        left = self.sizes[0] + self.sizes[1]
        soon = min(left, 2 * min(self.sizes))
        if self.end_rule == "second" and not self.extra_used:
            soon += self.extra  # the extra pile is drawn too before a pile runs out again
        return soon / (PLAYS * self.num_players) + (0 if self.extra_used else 0.5)
