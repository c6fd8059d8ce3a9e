"""Phase 3's card plays (RS 2.(3) A-F): what each card of the hand may do, and doing it (workers,
guilders, a threat returned, a canal, a house, a person hired). The hottest loop of the game is here.
"""

from __future__ import annotations

from bgkit_bruges.codes import (
    A_CANAL, A_GUILDERS, A_HIRE, A_THREAT, A_WORKERS, BUILD, ECANAL, F_PICK, INF_B, INF_C, LIGHTNING, PICK, PLAY,
    SKIP,
)


class Plays:
    """The six card actions; a mixin of the state."""

    def _plays(self, p: int, out: list) -> None:
        """Every card of the hand for every action it may take (RS 2.(3) A-F). The hottest loop of
        the game: what does not depend on the card is worked out once."""
        cards = self.cards
        colour, price = cards.colour, cards.price
        mods = self.mods[p]
        threats, workers, money = self.threats[p], self.workers[p], self.guilders[p]
        occupants, houses = self.occupants[p], self.houses[p]
        empty = []
        if -1 in occupants:  # one empty house of each colour: the others are the same choice
            seen = 0
            for h, x in enumerate(occupants):
                if x < 0:
                    c = colour[houses[h]]
                    if not seen >> c & 1:
                        seen |= 1 << c
                        empty.append(h)
        built, spaces, costs = self.canals[p], self.canal_colours[p], self.comp.canal_costs
        left = (spaces[0][built[0]], costs[built[0]]) if built[0] < 5 else None
        right = (spaces[1][built[1]], costs[built[1]]) if built[1] < 5 else None
        canal_any, canal_less, house_less, person_less = mods.canal_any, mods.canal, mods.house, mods.person
        houses_offered = 0  # a house shows only the card's colour: its face is chosen privately (F_PICK)
        for x in self.hands[p]:
            k = colour[x]
            out.append((PLAY, x, A_WORKERS, 0))
            out.append((PLAY, x, A_GUILDERS, 0))
            if threats[k]:
                out.append((PLAY, x, A_THREAT, 0))
            if left is not None and (left[0] == k or canal_any[k]) and money >= left[1] - canal_less[k]:
                out.append((PLAY, x, A_CANAL, 0))
            if right is not None and (right[0] == k or canal_any[k]) and money >= right[1] - canal_less[k]:
                out.append((PLAY, x, A_CANAL, 1))
            if not houses_offered >> k & 1 and workers[k] >= 1 - house_less[k]:
                houses_offered |= 1 << k
                out.append((BUILD, k))
            if empty and money >= price[x] - person_less[k]:
                for h in empty:
                    out.append((PLAY, x, A_HIRE, h))

    def _canal_sections(self, p: int, discount: int, card_colour: int | None) -> list[int]:
        """Sections whose next space a card of ``card_colour`` (None: any, as an ability builds) may
        take, paying the space's cost less ``discount``."""
        out = []
        costs = self.comp.canal_costs
        built = self.canals[p]
        for s in (0, 1):
            k = built[s]
            if k >= 5:
                continue
            if card_colour is not None and self.canal_colours[p][s][k] != card_colour \
                    and not self.mods[p].canal_any[card_colour]:
                continue
            if self.guilders[p] >= max(0, costs[k] - discount):
                out.append(s)
        return out

    def _play(self, p: int, card: int, what: int, arg: int) -> None:
        """Play one card of the hand for one of the six actions (RS 2.(3))."""
        self.hands[p].remove(card)
        self.plays[p] += 1
        self.played = True
        k = self.cards.colour[card]
        mods = self.mods[p]
        if what == A_WORKERS:
            self.discard.append(card)
            self._gain_workers(p, k, 2 + mods.workers[k])
        elif what == A_GUILDERS:
            self.discard.append(card)
            self._gain_guilders(p, self.dice[k] + mods.guilders[k])
        elif what == A_THREAT:
            self.discard.append(card)
            self._return_threat(p, k, mods.threat[k])
        elif what == A_CANAL:
            self.discard.append(card)
            self._build_canal(p, arg, mods.canal[k])
        else:
            self._recruit(p, card, arg)

    def _lay_house(self, p: int, card: int, workers: int) -> None:
        self.hands[p].remove(card)
        self._build_house(p, card, workers)

    def _build_canal(self, p: int, section: int, discount: int) -> None:
        built = self.canals[p]
        k = built[section]
        self._pay(p, max(0, self.comp.canal_costs[k] - discount))
        built[section] = k + 1
        if k + 1 == 5 and self._earns_statue(p, section) and self.statues:
            self.won[p].append(self.statues.pop(0))
        self._trigger(p, "canal")

    def _earns_statue(self, p: int, section: int) -> bool:
        """Whether finishing ``section`` earns ``p`` a statue, by the ``statues`` option: each
        section once, at most 2 (reading: the rule book's, the default), or once when all 10 canal
        tokens stand (the rule summary's L127). A statue is never earned again for a section rebuilt
        after a fire (RS 3.(1))."""
        done = self.statue_done[p]
        if self.statue_rule == "sections":
            if done[section]:
                return False
            done[section] = True
            return True
        if any(done) or not all(built == 5 for built in self.canals[p]):
            return False
        done[:] = [True] * len(done)
        return True

    def _build_house(self, p: int, card: int, workers: int) -> None:
        k = self.cards.colour[card]
        self.workers[p][k] -= workers
        self.worker_supply[k] += workers
        self.houses[p].append(card)
        self.occupants[p].append(-1)
        self.used[p].append(False)
        self._trigger(p, "house")

    def _recruit(self, p: int, card: int, house: int) -> None:
        k = self.cards.colour[card]
        self._pay(p, max(0, self.cards.price[card] - self.mods[p].person[k]))
        self._trigger(p, "recruit")  # the persons already there (this one is not yet)
        self.occupants[p][house] = card
        self.used[p][house] = False
        kind = self.cards.kind[card]
        if kind in (INF_B, INF_C):
            self.mods[p] = self._mods_of(p)
        elif kind == LIGHTNING:  # RS 4.(1): at once, once
            effect = self.cards.effect[card]
            if self._applicable(p, effect):
                self._effect(p, effect)

    def _canal_steps(self, top: tuple) -> list:
        return [(ECANAL, s) for s in self._canal_sections(top[1], top[2], None)] + [(SKIP,)]

    def _apply_canal(self, top: tuple, action: tuple) -> None:
        self.pending.pop()
        if action[0] == ECANAL:
            self._build_canal(top[1], action[1], top[2])

    def _house_steps(self, top: tuple) -> list:
        colour = self.cards.colour
        return [(BUILD, c) for c in sorted({colour[x] for x in self.hands[top[1]]})] + [(SKIP,)]

    def _apply_house(self, top: tuple, action: tuple) -> None:
        self.pending.pop()
        if action[0] == BUILD:
            self.pending.push(F_PICK, top[1], action[1], 0)

    def _pick_steps(self, top: tuple) -> list:
        colour = self.cards.colour
        return [(PICK, x) for x in sorted(self.hands[top[1]]) if colour[x] == top[2]]

    def _apply_pick(self, top: tuple, action: tuple) -> None:
        self.pending.pop()
        self._lay_house(top[1], action[1], top[3])
