"""Phase 2 (RS 2.(2), 3.): the dice hand out threats, a third threat of a colour is a disaster, and
the dice showing 1-2 offer a step up the reputation track.
"""

from __future__ import annotations

from bgkit_bruges.codes import (
    BLUE, BROWN, BURN_CANAL, BURN_HOUSE, D_DISASTERS, D_REPUTATION, D_ROLL, F_FIRE, F_ORDER, F_PLAGUE, F_REP, ORDER,
    P_DICE, PASS, PLAGUE, Q_DIE, RED, REP, YELLOW,
)


class Disasters:
    """Dice, threats, disasters and the reputation step; a mixin of the state."""

    def _start_dice(self) -> None:
        self.phase, self.stage, self.turn = P_DICE, D_ROLL, 0
        self.dice = [0] * 5
        for colour in range(5):
            self.chance.append((Q_DIE, colour))

    def _dice_step(self) -> int | None:
        if self.stage == D_ROLL:
            self._hand_out_threats()
            self.stage = D_DISASTERS
        if self.stage == D_DISASTERS:
            for p in self.order:
                pending = self.disasters[p]
                if not pending:
                    continue
                if len(set(pending)) > 1:  # RS 3.: several at once, in the order their owner chooses
                    self.pending.push(F_ORDER, p)
                    return None
                self._disaster(p, pending.pop(0))
                return None
            self.stage, self.turn = D_REPUTATION, 0
        n = self.num_players
        if any(0 < v <= 2 for v in self.dice):
            while self.turn < n:
                p = self.order[self.turn]
                cost = self._reputation_cost(p)
                if self.reputation[p] < len(self.comp.reputation_points) and self.guilders[p] >= cost:
                    self.pending.push(F_REP, p, cost)
                    return None
                self.turn += 1
        self._start_actions()
        return None

    def _reputation_cost(self, p: int) -> int:
        return max(0, sum(v for v in self.dice if v <= 2) - self.mods[p].reputation_cost)

    def _hand_out_threats(self) -> None:
        """Each die showing 5 or 6 gives every player a threat of its colour (RS 2.(2)), die by die
        from the left of the board (lowest first; reading: colour order among equal dice), players
        from the start player; a player the supply cannot serve gets one once a disaster returns some."""
        highs = sorted((v, c) for c, v in enumerate(self.dice) if v >= 5)
        for _, colour in highs:
            for p in self.order:
                self._give_threat(p, colour)

    def _give_threat(self, p: int, colour: int) -> None:
        if self.threat_supply[colour] <= 0:
            self.owed.append((colour, p))
            return
        self.threat_supply[colour] -= 1
        self.threats[p][colour] += 1
        if self.threats[p][colour] == 3:
            self.disasters[p].append(colour)

    def _disaster(self, p: int, colour: int) -> None:
        """The third threat of a colour (RS 3.): its disaster, then the three markers go back."""
        if not self.mods[p].protect[colour]:
            if colour == RED:
                options = self._fire_options(p)
                if len(options) > 1:
                    self.pending.push(F_FIRE, p)
                    return
                if options:
                    self._burn(p, options[0])
            elif colour == YELLOW:
                self.bank += self.guilders[p]
                self.guilders[p] = 0
            elif colour == BLUE:
                for c in range(5):
                    self.worker_supply[c] += self.workers[p][c]
                    self.workers[p][c] = 0
            elif colour == BROWN:
                persons = [h for h, x in enumerate(self.occupants[p]) if x >= 0]
                if len(persons) > 1:
                    self.pending.push(F_PLAGUE, p)
                    return
                if persons:
                    self._plague(p, persons[0])
            else:
                self.score[p] = max(0, self.score[p] - 3)
        self._disaster_done(p, colour)

    def _disaster_done(self, p: int, colour: int) -> None:
        self.threats[p][colour] -= 3
        self.threat_supply[colour] += 3
        owed, self.owed = self.owed, []
        for c, q in owed:
            self._give_threat(q, c)

    def _fire_options(self, p: int) -> list[tuple]:
        """A house (one per colour and occupant: the same choice otherwise) or a section's last canal token."""
        out: list[tuple] = []
        seen = set()
        colour = self.cards.colour
        for h, card in enumerate(self.houses[p]):
            key = (colour[card], self.occupants[p][h])
            if key not in seen:
                seen.add(key)
                out.append((BURN_HOUSE, h))
        for s in (0, 1):
            if self.canals[p][s]:
                out.append((BURN_CANAL, s))
        return out

    def _burn(self, p: int, action: tuple) -> None:
        if action[0] == BURN_HOUSE:
            h = action[1]
            person = self.occupants[p][h]
            self.discard.append(self.houses[p].pop(h))
            del self.occupants[p][h], self.used[p][h]
            if person >= 0:  # RS 3.(1): the person on it goes back to the hand
                self.hands[p].append(person)
                self.mods[p] = self._mods_of(p)
        else:  # the end of the section (no gaps); a statue earned is kept, not earned again (RS 3.(1))
            self.canals[p][action[1]] -= 1

    def _plague(self, p: int, h: int) -> None:
        """RS 3.(4): a person goes to the discard pile; reading: its house stays, empty."""
        self.discard.append(self.occupants[p][h])
        self.occupants[p][h] = -1
        self.used[p][h] = False
        self.mods[p] = self._mods_of(p)

    def _rep_steps(self, top: tuple) -> list:
        return [(REP, top[2]), (PASS,)]

    def _apply_rep(self, top: tuple, action: tuple) -> None:
        p = top[1]
        self.pending.pop()
        self.turn += 1
        if action[0] == REP:  # RS 2.(2): pay the sum of the dice showing 1-2, one step up
            self._pay(p, action[1])
            self._advance(p, 1)

    def _order_steps(self, top: tuple) -> list:
        return [(ORDER, c) for c in sorted(set(self.disasters[top[1]]))]

    def _apply_order(self, top: tuple, action: tuple) -> None:
        p = top[1]
        self.pending.pop()
        self.disasters[p].remove(action[1])
        self._disaster(p, action[1])

    def _fire_steps(self, top: tuple) -> list:
        return self._fire_options(top[1])

    def _apply_fire(self, top: tuple, action: tuple) -> None:
        p = top[1]
        self.pending.pop()
        self._burn(p, action)
        self._disaster_done(p, RED)

    def _plague_steps(self, top: tuple) -> list:
        return [(PLAGUE, h) for h, x in enumerate(self.occupants[top[1]]) if x >= 0]

    def _apply_plague(self, top: tuple, action: tuple) -> None:
        p = top[1]
        self.pending.pop()
        self._plague(p, action[1])
        self._disaster_done(p, BROWN)
