"""The rules of Bruges that hold the round together: the flow runner's hooks (the four phases,
forced follow-ups, the turn's actions, chance), phase 3's turns and phase 4, the small moves every
rule topic shares (money, workers, threats returned, reputation, infinity C triggers), and the scores.

The topics live beside it: ``piles`` (phase 1 and every draw), ``disasters`` (phase 2), ``plays``
(the six card actions of phase 3) and ``persons`` (what persons do once recruited).
"""

from __future__ import annotations

from bgkit.api import TERMINAL, BadInput, Sheet, clockwise

from bgkit_bruges import scoring
from bgkit_bruges.codes import (
    ACTIVATE, BUILD, CARD, DIE, DIE_OUTCOMES, DRAW, END, F_CANAL, F_DRAW, F_HOUSE, F_PICK, F_THREAT, LAUREL,
    P_ACTIONS, P_DICE, P_DRAW, P_OVER, PLAY, PLAYS, Q_DIE, Q_TOP, TOP,
)
from bgkit_bruges.effects import Holdings, per_amount


class Rules:
    """The flow and the shared moves; the class is a mixin of :class:`bgkit_bruges.state.BrugesState`."""

    def step(self) -> int | None:
        """The phase's next step: the seat that decides now, TERMINAL, or None after a forced step."""
        phase = self.phase
        if phase == P_DRAW:
            return self._draw_step()
        if phase == P_DICE:
            return self._dice_step()
        if phase == P_ACTIONS:
            return self._action_step()
        return TERMINAL

    def settle_frame(self, top: tuple) -> bool:
        """Pop a follow-up that offers no choice any more, or take its only step; True if it did."""
        kind, p = top[0], top[1]
        if kind == F_DRAW:
            open_piles = [s for s in (0, 1) if self.sizes[s]]
            if not open_piles:
                self.pending.pop()
                return True
            if len(open_piles) == 1:
                self._effect_draw(p, open_piles[0])
                return True
        elif kind == F_THREAT:
            if not any(self.threats[p]):
                self.pending.pop()
                return True
        elif kind == F_CANAL:
            if not self._canal_sections(p, top[2], None):
                self.pending.pop()
                return True
        elif kind == F_HOUSE:
            if not self.hands[p]:
                self.pending.pop()
                return True
        elif kind == F_PICK:
            colour = self.cards.colour
            mine = [x for x in self.hands[p] if colour[x] == top[2]]
            if len(mine) == 1:
                self.pending.pop()
                self._lay_house(p, mine[0], top[3])
                return True
        return False

    def turn_actions(self) -> list:
        if self.cur < 0:
            return []
        p = self.cur
        if self.phase == P_DRAW:
            return [(DRAW, s) for s in (0, 1) if self.sizes[s]]
        out = self._activations(p)
        if self.played:
            out.append((END,))
        else:
            self._plays(p, out)
        return out

    def apply_turn(self, action: tuple) -> None:
        code = action[0]
        p = self.cur
        if code == DRAW:
            self._draw(p, action[1], False)
        elif code == PLAY:
            self._play(p, action[1], action[2], action[3])
        elif code == BUILD:  # RS 2.(3)E: a house, its card chosen next and privately
            self.plays[p] += 1
            self.played = True
            k = action[1]
            self.pending.push(F_PICK, p, k, max(0, 1 - self.mods[p].house[k]))
        elif code == ACTIVATE:
            self._activate(p, action[1])
        elif code == END:
            self.turn += 1
            self.played = False
        else:
            raise BadInput(f"not an action of this game now: {action!r}")

    def apply_chance(self, head: tuple, action: tuple) -> None:
        code = action[0]
        if code == DIE:
            self.dice[action[1]] = action[2]
        elif code == TOP:
            self.tops[action[1]] = action[2]
        else:
            card = action[1]
            self.unseen.draw(card)
            colour = self.cards.colour[card]
            self.unseen_colours[colour] -= 1
            if head[3]:
                self.fresh.remove(colour)
            self.hands[head[1]].append(card)

    def chance_outcomes(self) -> list:
        head = self.chance[0]
        if head[0] == Q_DIE:
            return list(DIE_OUTCOMES[head[1]])
        if head[0] == Q_TOP:
            held = self._reserved()
            weights = [n - h for n, h in zip(self.unseen_colours, held)]
            total = float(sum(weights))
            return [((TOP, head[1], c), w / total) for c, w in enumerate(weights) if w > 0]
        return [((CARD, card), prob) for card, prob in self.unseen.outcomes(among=self.cards.of_colour[head[2]])]

    def _step_done(self, top: tuple) -> None:
        """One of several steps of a follow-up taken: ask for the next, or finish."""
        if top[2] > 1:
            self.pending.replace_top(top[0], top[1], top[2] - 1)
        else:
            self.pending.pop()

    def _start_actions(self) -> None:
        self.phase, self.turn, self.played = P_ACTIONS, 0, False
        self.plays = [0] * self.num_players

    def _action_step(self) -> int | None:
        n = self.num_players
        while self.turn < PLAYS * n:
            p = self.order[self.turn % n]
            if not self.played and not self.hands[p]:
                self.turn += 1  # reading: a player without cards misses the turn
                continue
            if self.played and not self._activations(p):
                self.turn += 1
                self.played = False
                continue
            return p
        self._end_round()
        return None

    def _end_round(self) -> None:
        n = self.num_players
        persons = [sum(1 for x in occ if x >= 0) for occ in self.occupants]
        canals = [sum(c) for c in self.canals]
        for m, values in enumerate((self.reputation, persons, canals)):
            best = max(values)
            leaders = [p for p in range(n) if values[p] == best]
            if len(leaders) == 1 and not self.markers[leaders[0]][m]:  # RS 2.(4): a sole leader only
                self.markers[leaders[0]][m] = True
                self._trigger(leaders[0], "majority")
        for used in self.used:
            used[:] = [False] * len(used)
        self.start = (self.start + 1) % n  # RS 2.(4): the start player passes left (clockwise)
        self.order = clockwise(n, self.start)
        if self.last_round:
            self.phase = P_OVER
            return
        if self.last_next:
            self.last_round, self.last_next = True, False
        self.round += 1
        self.phase, self.turn = P_DRAW, 0
        for p in self.order:
            self._trigger(p, "round")

    def _trigger(self, p: int, on: str) -> None:
        """Infinity C persons whose situation has arisen (RS 4.(3)C)."""
        mods = self.mods[p]
        if not mods.triggers:
            return
        for gain, amount, colour in mods.gains_on(on):
            if gain == "guilders":
                self._gain_guilders(p, amount)
            elif gain == "points":
                self.score[p] += amount
            else:
                self._gain_workers(p, colour, amount)

    def _gain_guilders(self, p: int, n: int) -> None:
        self.guilders[p] += n
        self.bank -= n  # reading of RS: substitutes when the bank runs dry, so it may go below 0

    def _pay(self, p: int, n: int) -> None:
        self.guilders[p] -= n
        self.bank += n

    def _gain_workers(self, p: int, colour: int, n: int) -> None:
        self.workers[p][colour] += n
        self.worker_supply[colour] -= n

    def _return_threat(self, p: int, colour: int, bonus: int) -> None:
        """Any threat returned by a card or a person scores 1 point (RS 2.(3)C)."""
        self.threats[p][colour] -= 1
        self.threat_supply[colour] += 1
        self.score[p] += 1 + bonus
        self._trigger(p, "threat_discard")

    def _advance(self, p: int, steps: int) -> None:
        top = len(self.comp.reputation_points)
        moved = min(top, self.reputation[p] + steps) - self.reputation[p]  # reading: no step past the top
        if moved > 0:
            self.reputation[p] += moved
            self._trigger(p, "reputation")

    def _holdings(self, p: int) -> Holdings:
        colour = self.cards.colour
        return Holdings(
            persons=tuple(x for x in self.occupants[p] if x >= 0),
            house_colours=tuple(colour[x] for x in self.houses[p]),
            canals=sum(self.canals[p]),
            statues=len(self.won[p]),
            reputation=self.reputation[p],
            guilders=self.guilders[p],
            workers=sum(self.workers[p]),
            majorities=sum(self.markers[p]),
        )

    def laurels(self, p: int) -> list[int]:
        """The points of each laurel person of ``p`` as its text gives them now (RS 4.(4), 5.(3))."""
        kinds, effect = self.cards.kind, self.cards.effect
        laurel = [x for x in self.occupants[p] if x >= 0 and kinds[x] == LAUREL]
        if not laurel:
            return []
        held = self._holdings(p)
        return [per_amount(effect[x], held, self.cards.colour, self.cards.group) for x in laurel]

    def sheet_values(self, p: int) -> dict:
        """The player's part of the score sheet a person would fill in from this table."""
        score = self.score[p]
        token = 100 if score >= 100 else 50 if score >= 50 else 0
        points = self.cards.points
        return {
            "track": score - token,
            "point_token": token,
            "persons": [points[x] for x in self.occupants[p] if x >= 0],
            "person_ids": [],
            "houses": len(self.houses[p]),
            "laurels": self.laurels(p),
            "majority_reputation": self.markers[p][0],
            "majority_persons": self.markers[p][1],
            "majority_canals": self.markers[p][2],
            "canal_space3": sum(1 for built in self.canals[p] if built >= 3),
            "statues": list(self.won[p]),
            "reputation": self.reputation[p],
            "guilders": self.guilders[p],
        }

    def _scored(self):
        names = [f"P{p + 1}" for p in range(self.num_players)]
        sheet = Sheet("", names, [self.sheet_values(p) for p in range(self.num_players)])
        return scoring.score_sheet(self.comp, sheet)

    def scores(self) -> list[float]:
        return self._scored().totals

    def outcome(self):
        """The ranking of the score sheet of this table (guilders break ties, RS 5.)."""
        return self._scored().outcome
