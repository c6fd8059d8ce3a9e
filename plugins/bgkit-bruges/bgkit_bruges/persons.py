"""What persons do once recruited (RS 4.): which may act now, and their immediate effects
(lightning, worker, infinity A), whose choices become follow-ups. The standing ones (infinity B
and C) are :mod:`bgkit_bruges.effects`.
"""

from __future__ import annotations

from typing import Any

from bgkit_bruges.abilities import ANY_COLOUR
from bgkit_bruges.codes import ACTIVATE, F_CANAL, F_DRAW, F_HOUSE, F_THREAT, F_WCOL, INF_A, SKIP, TCOL, WCOL, WORKER
from bgkit_bruges.effects import per_amount

#: Effects of "any colour": the player picks the colour of each worker taken or threat returned.
ANY_COLOUR_ASKS = {"workers": F_WCOL, "discard_threat": F_THREAT}


class Persons:
    """Activations and immediate effects; a mixin of the state."""

    def _activations(self, p: int) -> list:
        """Persons that may act now (RS 4.(2), 4.(3)A): unused this round, worker paid, effect of use."""
        out = []
        kinds, worker, effect = self.cards.kind, self.cards.worker, self.cards.effect
        used, workers = self.used[p], self.workers[p]
        for h, x in enumerate(self.occupants[p]):
            if x < 0 or used[h]:
                continue
            kind = kinds[x]
            if kind == WORKER:
                if not workers[worker[x]]:
                    continue
            elif kind != INF_A:
                continue
            if self._applicable(p, effect[x]):
                out.append((ACTIVATE, h))
        return out

    def _applicable(self, p: int, effect: Any) -> bool:
        """Whether an immediate effect would do anything now (a person is not activated for nothing)."""
        k = effect.kind
        if k == "reputation":
            return self.reputation[p] < len(self.comp.reputation_points)
        if k == "discard_threat":
            return any(self.threats[p]) if effect.colour == ANY_COLOUR else self.threats[p][effect.colour] > 0
        if k == "draw":
            return bool(self.sizes[0] or self.sizes[1])
        if k == "canal":
            return bool(self._canal_sections(p, effect.amount, None))
        if k == "house":
            return bool(self.hands[p])
        if k == "income":
            return per_amount(effect, self._holdings(p), self.cards.colour, self.cards.group) > 0
        return True

    def _activate(self, p: int, house: int) -> None:
        card = self.occupants[p][house]
        if self.cards.kind[card] == WORKER:  # RS 4.(2): pay a worker of the icon's colour
            c = self.cards.worker[card]
            self.workers[p][c] -= 1
            self.worker_supply[c] += 1
        self.used[p][house] = True
        self._effect(p, self.cards.effect[card])

    def _effect(self, p: int, effect: Any) -> None:
        """An immediate effect (lightning, worker, infinity A); choices become follow-ups."""
        k, n = effect.kind, effect.amount
        if effect.colour == ANY_COLOUR and k in ANY_COLOUR_ASKS:
            self.pending.push(ANY_COLOUR_ASKS[k], p, n)
        elif k == "guilders":
            self._gain_guilders(p, n)
        elif k == "workers":
            self._gain_workers(p, effect.colour, n)
        elif k == "points":
            self.score[p] += n
        elif k == "reputation":
            self._advance(p, n)
        elif k == "discard_threat":
            for _ in range(min(n, self.threats[p][effect.colour])):
                self._return_threat(p, effect.colour, 0)
        elif k == "draw":
            self.pending.push(F_DRAW, p, n)
        elif k == "canal":
            self.pending.push(F_CANAL, p, n)
        elif k == "house":
            self.pending.push(F_HOUSE, p)
        elif k == "income":
            self._gain_guilders(p, per_amount(effect, self._holdings(p), self.cards.colour, self.cards.group))
        elif k == "others_lose":
            for q in range(self.num_players):
                if q == p:
                    continue
                if effect.resource == "guilders":
                    lost = min(n, self.guilders[q])
                    self.guilders[q] -= lost
                    self.bank += lost
                elif effect.resource == "points":
                    self.score[q] = max(0, self.score[q] - n)
                else:
                    lost = min(n, self.workers[q][effect.colour])
                    self.workers[q][effect.colour] -= lost
                    self.worker_supply[effect.colour] += lost
        else:
            raise ValueError(f"not an immediate effect: {k!r}")

    def _worker_steps(self, top: tuple) -> list:
        return [(WCOL, c) for c in range(5)]

    def _apply_worker(self, top: tuple, action: tuple) -> None:
        self._gain_workers(top[1], action[1], 1)
        self._step_done(top)

    def _threat_steps(self, top: tuple) -> list:
        threats = self.threats[top[1]]
        return [(TCOL, c) for c in range(5) if threats[c]] + [(SKIP,)]

    def _apply_threat(self, top: tuple, action: tuple) -> None:
        if action[0] == SKIP:
            self.pending.pop()
        else:
            self._return_threat(top[1], action[1], 0)
            self._step_done(top)
