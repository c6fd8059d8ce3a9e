"""Bruges in play: one mutable State with plain fields, in-place ``apply`` and an explicit cheap clone.

A round has four phases (RS 2.): draw to 5 cards, roll the five dice (threats, disasters, the
reputation step), four card plays each, then majorities and a new start player. Actions are small
tuples whose first item is an opcode (below); what a person types is ``action_text``.

**Cards.** No seat knows the order of the face-down piles, so the state keeps no order: every
card nobody has seen is in one :class:`bgkit.cards.Deck` of counts (``unseen``), and the piles
are their sizes (A, B and the extra pile) and the colour of each pile's top card, which is public
(card backs show the card's colour). The three piles come from one shuffle and nobody sees into
them, so drawing from a pile is drawing from all unseen cards; the engine asks chance for the new
top card's colour when a pile's top is taken (everyone sees it), and for a drawn card's face
(only its owner sees it; in phase 1 once the hand is full, RS 2.(1)). Hands show their colours to
everyone (a hand is held backs out); houses lie house side up (their colour public, the face
known to the owner); persons, discards, tokens and tracks are open.

Readings where the rule summary is silent or contradicts itself are listed in the plugin README
("Rule readings"); the code says ``reading:`` where it follows one.
"""

from __future__ import annotations

import random
from typing import Any

from bgkit.api import CHANCE, EVERYONE, TERMINAL, BadInput, Deck, Flow, Pending, Sheet, clockwise, resample

from bgkit_bruges import scoring
from bgkit_bruges.abilities import ANY_COLOUR, DISASTERS
from bgkit_bruges.codes import (  # noqa: F401  (the codes are read from here too)
    DRAW, REP, PASS, ORDER, BURN_HOUSE, BURN_CANAL, PLAGUE, PLAY, ACTIVATE, END, WCOL, TCOL, ECANAL, BUILD,
    PICK, SKIP, DIE, TOP, CARD, Q_DIE, Q_TOP, Q_CARD, F_ORDER, F_FIRE, F_PLAGUE, F_REP, F_WCOL, F_THREAT,
    F_DRAW, F_CANAL, F_HOUSE, F_PICK, A_WORKERS, A_GUILDERS, A_THREAT, A_CANAL, A_HOUSE, A_HIRE,
    ACTION_WORDS, P_DRAW, P_DICE, P_ACTIONS, P_OVER, D_ROLL, D_DISASTERS, D_REPUTATION, RED, YELLOW, BLUE,
    BROWN, PURPLE, HAND, PLAYS, SECTIONS, PILES, MAJORITIES, DIE_OUTCOMES, LIGHTNING, WORKER, INF_A, INF_B,
    INF_C, LAUREL, ABILITY_WORTH, THREAT_WORRY,
)
from bgkit_bruges.data import Components
from bgkit_bruges.effects import NONE, Holdings, Mods, mods_of, per_amount
from bgkit_bruges.notation import action_from_index, action_index, max_game_length, num_actions  # noqa: F401  (the core looks here)
from bgkit_bruges.setup import GUARD_HOUSES_BY_PLAYERS, READINGS


class Cards:
    """Per-card tables the engine reads in its hot paths (built once per card list)."""

    def __init__(self, comp: Components):
        colours = comp.card_colours
        persons = comp.persons  # sorted by id: card index = id - 1
        self.count = len(persons)
        self.colour = tuple(colours.index(p.colour) for p in persons)
        self.group = tuple(p.group for p in persons)
        self.name = tuple(p.name for p in persons)
        self.price = tuple(p.price for p in persons)
        self.points = tuple(p.points for p in persons)
        self.effect = tuple(p.effect for p in persons)
        self.kind = tuple(
            {"lightning": LIGHTNING, "worker": WORKER, "laurel": LAUREL}.get(p.activation)
            if p.activation != "infinity" else {"A": INF_A, "B": INF_B, "C": INF_C}[p.infinity]
            for p in persons
        )
        self.worker = tuple(colours.index(p.activation_colour) if p.activation_colour else -1 for p in persons)
        self.by_name = {p.name: i for i, p in enumerate(persons)}
        self.per_colour = tuple(sum(1 for c in self.colour if c == k) for k in range(5))
        self.of_colour = tuple(tuple(x for x, c in enumerate(self.colour) if c == k) for k in range(5))


def cards_of(comp: Components) -> Cards:
    cards = comp.cache.get("cards")
    if cards is None:
        cards = comp.cache["cards"] = Cards(comp)
    return cards


class BrugesState(Flow):
    """The whole table. Per-player data are lists indexed by seat (0-based)."""

    def __init__(self, comp: Components):
        self.comp = comp
        self.cards = cards_of(comp)

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def from_setup(cls, comp: Components, setup: dict) -> "BrugesState":
        s = cls(comp)
        rows = setup["seats"]
        n = s.num_players = len(rows)
        cards = s.cards
        s.unseen = Deck([1] * cards.count)
        s.unseen_colours = list(cards.per_colour)
        piles = setup["piles"]
        s.sizes = [len(piles["draw_a"]), len(piles["draw_b"])]
        s.extra = len(piles["extra"])
        s.tops = [-1, -1]
        s.extra_used = False
        s.fresh = []
        s.discard = []
        s.round = setup.get("round", 1)
        s.start = setup["start_player"] - 1
        s.order = clockwise(n, s.start)
        s.phase, s.turn, s.stage = P_DRAW, 0, D_ROLL
        s.played = False
        s.last_round = s.last_next = False
        s.end_rule, s.statue_rule = (setup.get(name, default) for name, default in READINGS.items())
        s.dice = [0] * 5
        s.chance = [(Q_TOP, 0), (Q_TOP, 1)]
        s.pending = Pending()
        s.cur = CHANCE
        supply = comp.supply
        s.threat_supply = [supply["threats_per_colour"]] * 5
        s.owed = []
        s.disasters = [[] for _ in range(n)]
        s.statues = list(setup["statues_top_first"])
        start = comp.start
        s.bank = supply["coins_1"] + 3 * supply["coins_3"] - n * start["guilders"]
        s.worker_supply = [supply["workers_per_colour"] - n * start["workers_per_colour"]] * 5
        colours = comp.card_colours
        s.hands = [[] for _ in range(n)]
        s.guilders = [row["guilders"] for row in rows]
        s.workers = [[row["workers"][c] for c in colours] for row in rows]
        s.threats = [[row["threats"][c] for c in colours] for row in rows]
        s.score = [row["score"] for row in rows]
        s.reputation = [row["reputation"] for row in rows]
        s.markers = [[False] * MAJORITIES for _ in range(n)]
        s.houses = [[] for _ in range(n)]
        s.occupants = [[] for _ in range(n)]
        s.used = [[] for _ in range(n)]
        s.canals = [[0, 0] for _ in range(n)]
        s.statue_done = [[False, False] for _ in range(n)]
        s.won = [[] for _ in range(n)]
        s.plays = [0] * n
        s._derive()
        s.run()
        return s

    def _derive(self) -> None:
        """Fields that follow from the others: canal colours per seat, and each player's modifiers."""
        comp, n = self.comp, self.num_players
        colours = comp.card_colours
        houses = [comp.guard_houses[number - 1] for number in GUARD_HOUSES_BY_PLAYERS[n]]
        self.canal_colours = [(tuple(colours.index(c) for c in h.left), tuple(colours.index(c) for c in h.right))
                              for h in houses]
        self.mods = [self._mods_of(p) for p in range(n)]

    def _mods_of(self, p: int) -> Mods:
        kinds, effects = self.cards.kind, self.cards.effect
        standing = [effects[x] for x in self.occupants[p] if x >= 0 and kinds[x] in (INF_B, INF_C)]
        return mods_of(standing) if standing else NONE

    def clone(self) -> "BrugesState":
        o = BrugesState.__new__(BrugesState)
        o.comp, o.cards, o.num_players = self.comp, self.cards, self.num_players
        o.unseen = self.unseen.clone()
        o.unseen_colours = self.unseen_colours[:]
        o.sizes = self.sizes[:]
        o.tops = self.tops[:]
        o.extra, o.extra_used = self.extra, self.extra_used
        o.fresh = self.fresh[:]
        o.discard = self.discard[:]
        o.round, o.start, o.phase, o.turn, o.stage = self.round, self.start, self.phase, self.turn, self.stage
        o.order = self.order
        o.played, o.last_round, o.last_next, o.cur = self.played, self.last_round, self.last_next, self.cur
        o.end_rule, o.statue_rule = self.end_rule, self.statue_rule
        o.dice = self.dice[:]
        o.chance = self.chance[:]
        o.pending = self.pending.clone()
        o.threat_supply = self.threat_supply[:]
        o.owed = self.owed[:]
        o.disasters = [d[:] for d in self.disasters]
        o.statues = self.statues[:]
        o.bank = self.bank
        o.worker_supply = self.worker_supply[:]
        o.hands = [h[:] for h in self.hands]
        o.guilders = self.guilders[:]
        o.workers = [w[:] for w in self.workers]
        o.threats = [t[:] for t in self.threats]
        o.score = self.score[:]
        o.reputation = self.reputation[:]
        o.markers = [m[:] for m in self.markers]
        o.houses = [h[:] for h in self.houses]
        o.occupants = [h[:] for h in self.occupants]
        o.used = [h[:] for h in self.used]
        o.canals = [c[:] for c in self.canals]
        o.statue_done = [c[:] for c in self.statue_done]
        o.won = [w[:] for w in self.won]
        o.plays = self.plays[:]
        o.canal_colours = self.canal_colours
        o.mods = self.mods[:]
        return o

    # -- flow ----------------------------------------------------------------------------------
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

    # phase 1: draw --------------------------------------------------------------------------------
    def _hand_target(self, p: int) -> int:
        return HAND + self.mods[p].hand

    def _draw_step(self) -> int | None:
        if self.turn >= self.num_players:
            self._start_dice()
            return None
        p = self.order[self.turn]
        need = self._hand_target(p) - len(self.hands[p]) - len(self.fresh)
        if need > 0 and (self.sizes[0] or self.sizes[1]):
            if self.sizes[0] and self.sizes[1]:
                return p
            self._draw(p, 0 if self.sizes[0] else 1, False)
            return None
        if self.fresh:  # the hand is full: its owner looks at the new cards (RS 2.(1))
            for colour in self.fresh:
                self.chance.append((Q_CARD, p, colour, 1))
            return None
        self.turn += 1
        return None

    def _draw(self, p: int, slot: int, look: bool) -> None:
        """Take the top card of pile ``slot``: its colour is known; its face is chance's, now (``look``)
        or once the hand is full."""
        colour = self.tops[slot]
        self.sizes[slot] -= 1
        self.tops[slot] = -1
        if look:
            self.chance.append((Q_CARD, p, colour, 0))
        else:
            self.fresh.append(colour)
        if self.sizes[slot] == 0:
            self._exhausted(slot)
        if self.sizes[slot]:
            self.chance.append((Q_TOP, slot))

    def _exhausted(self, slot: int) -> None:
        """A pile ran out (RS 2.(1)): the extra pile takes its place; when a pile runs out again,
        what is left of the other is split into two. Which of them makes this round the last is the
        ``end`` option: the first (reading: the English rule book's, the default) or the second (the
        rule summary's). A pile emptied in phase 3 makes the next round the last (reading)."""
        last = "round" if self.phase == P_DRAW else "next"
        again = self.extra_used
        if not again:
            self.extra_used = True
            self.sizes[slot], self.extra = self.extra, 0
        else:
            other = 1 - slot
            rest = self.sizes[other]
            if rest > 1:
                self.sizes[other] = (rest + 1) // 2  # the upper half keeps its visible top card
                self.sizes[slot] = rest // 2
        if self.end_rule == "second" and not again:
            return
        if last == "round":
            self.last_round = True
        elif not self.last_round:
            self.last_next = True

    def _reserved(self) -> list[int]:
        """Unseen cards of each colour already spoken for: drawn but not yet looked at (fresh ones
        queued to be looked at are still in ``fresh``), or on a pile's top."""
        held = [0] * 5
        for colour in self.fresh:
            held[colour] += 1
        for colour in self.tops:
            if colour >= 0:
                held[colour] += 1
        for e in self.chance:
            if e[0] == Q_CARD and not e[3]:
                held[e[2]] += 1
        return held

    # phase 2: dice, threats, disasters, reputation --------------------------------------------------------
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

    # phase 3: actions -------------------------------------------------------------------------------
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

    # phase 4: majorities, new start player --------------------------------------------------------------
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

    # -- what can be done ----------------------------------------------------------------------------
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

    # the follow-ups (pending frames): each kind's legal steps, and a step applied
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

    def _draw_steps(self, top: tuple) -> list:
        return [(DRAW, s) for s in (0, 1) if self.sizes[s]]

    def _apply_draw(self, top: tuple, action: tuple) -> None:
        self._effect_draw(top[1], action[1])

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

    # -- applying ----------------------------------------------------------------------------------
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


    def _step_done(self, top: tuple) -> None:
        """One of several steps of a follow-up taken: ask for the next, or finish."""
        if top[2] > 1:
            self.pending.replace_top(top[0], top[1], top[2] - 1)
        else:
            self.pending.pop()

    def _effect_draw(self, p: int, slot: int) -> None:
        top = self.pending.top()
        self._step_done(top)
        self._draw(p, slot, True)

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
        if k == "guilders":
            self._gain_guilders(p, n)
        elif k == "workers":
            if effect.colour == ANY_COLOUR:
                self.pending.push(F_WCOL, p, n)
            else:
                self._gain_workers(p, effect.colour, n)
        elif k == "points":
            self.score[p] += n
        elif k == "reputation":
            self._advance(p, n)
        elif k == "discard_threat":
            if effect.colour == ANY_COLOUR:
                self.pending.push(F_THREAT, p, n)
            else:
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

    # -- chance --------------------------------------------------------------------------------------
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

    def audience(self, action: Any) -> frozenset[int] | None:
        if self.cur == CHANCE:
            head = self.chance[0]
            return frozenset((head[1],)) if head[0] == Q_CARD else EVERYONE
        if action[0] == PICK:
            return frozenset((self.cur,))  # RS 2.(3)E: a house lies house side up
        return EVERYONE

    def public_text(self, action: Any) -> str:
        colours = self.comp.card_colours
        if self.cur == CHANCE:
            head = self.chance[0]
            when = " (drawn this phase, looked at once the hand is full)" if head[3] else " (just drawn)"
            return f"P{head[1] + 1} looks at their {colours[head[2]]} card{when}"
        card = action[1]
        return f"P{self.cur + 1} lays one of their {colours[self.cards.colour[card]]} cards as a house"

    def chance_label(self) -> str:
        head = self.chance[0]
        colours = self.comp.card_colours
        if head[0] == Q_DIE:
            return f"P{self.start + 1} (start player) rolls the {colours[head[1]]} die"
        if head[0] == Q_TOP:
            return f"pile {PILES[head[1]]}: the colour of its new top card (everyone sees its back)"
        return f"P{head[1] + 1} looks at a {colours[head[2]]} card they drew"

    # -- texts ---------------------------------------------------------------------------------------
    def action_text(self, action: Any) -> str:
        return TEXTS[action[0]](self, action)

    # -- scores --------------------------------------------------------------------------------------
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

    # -- information ---------------------------------------------------------------------------------
    def _readings(self) -> dict:
        """The rule summary's readings this game plays, as the setup holds them: only those chosen."""
        chosen = {"end": self.end_rule, "statues": self.statue_rule}
        return {name: value for name, value in chosen.items() if value != READINGS[name]}

    def to_dict(self) -> dict:
        return {
            "players": self.num_players,
            "round": self.round,
            "phase": self.phase,
            "stage": self.stage,
            "start": self.start,
            "turn": self.turn,
            "cur": self.cur,
            "played": self.played,
            "last_round": self.last_round,
            "last_next": self.last_next,
            **self._readings(),
            "unseen": self.unseen.to_list(),
            "sizes": self.sizes,
            "tops": self.tops,
            "extra": self.extra,
            "extra_used": self.extra_used,
            "fresh": self.fresh,
            "discard": self.discard,
            "dice": self.dice,
            "chance": [list(c) for c in self.chance],
            "pending": self.pending.to_list(),
            "threat_supply": self.threat_supply,
            "owed": [list(o) for o in self.owed],
            "disasters": self.disasters,
            "statues": self.statues,
            "bank": self.bank,
            "worker_supply": self.worker_supply,
            "hands": self.hands,
            "guilders": self.guilders,
            "workers": self.workers,
            "threats": self.threats,
            "score": self.score,
            "reputation": self.reputation,
            "markers": self.markers,
            "houses": self.houses,
            "occupants": self.occupants,
            "used": self.used,
            "canals": self.canals,
            "statue_done": self.statue_done,
            "won": self.won,
            "plays": self.plays,
        }

    @classmethod
    def from_dict(cls, comp: Components, data: dict) -> "BrugesState":
        s = cls(comp)
        s.num_players = data["players"]
        for key in ("round", "phase", "stage", "start", "turn", "cur", "played", "last_round", "last_next", "extra",
                    "extra_used", "bank"):
            setattr(s, key, data[key])
        s.end_rule, s.statue_rule = (data.get(name, default) for name, default in READINGS.items())
        s.unseen = Deck.from_list(data["unseen"])
        colour = s.cards.colour
        s.unseen_colours = [sum(n for card, n in enumerate(data["unseen"]) if colour[card] == c) for c in range(5)]
        for key in ("sizes", "tops", "fresh", "discard", "dice", "threat_supply", "statues", "worker_supply",
                    "guilders", "score", "reputation", "plays"):
            setattr(s, key, list(data[key]))
        for key in ("disasters", "hands", "workers", "threats", "markers", "houses", "occupants", "used", "canals",
                    "statue_done", "won"):
            setattr(s, key, [list(x) for x in data[key]])
        s.chance = [tuple(c) for c in data["chance"]]
        s.owed = [tuple(o) for o in data["owed"]]
        s.pending = Pending.from_list(data["pending"])
        s.order = clockwise(s.num_players, s.start)
        s._derive()
        return s

    def view(self, player: int) -> dict:
        """What ``player`` sees: everything but the unseen cards, the others' hands and houses
        (their colours only) and the faces of their own cards drawn but not yet looked at."""
        data = self.to_dict()
        colour = self.cards.colour
        del data["unseen"]
        data["unseen_cards"] = self.unseen.size
        data["hands"] = [sorted(h) if q == player else sorted(colour[x] for x in h) for q, h in enumerate(self.hands)]
        data["houses"] = [h if q == player else [colour[x] for x in h] for q, h in enumerate(self.houses)]
        return data

    def determinize(self, player: int, rng: random.Random) -> "BrugesState":
        """Redeal what ``player`` cannot see within the cards' public back colours: the unseen
        cards, and each other player's hand and houses (the core's canonical :func:`resample`;
        a player's hand and houses are one place, split again by colour at random)."""
        other = self.clone()
        colour = self.cards.colour
        places = [self.unseen]
        others = [q for q in range(self.num_players) if q != player]
        for q in others:
            places.append(Deck.of(self.hands[q] + self.houses[q], self.cards.count))
        dealt = resample(places, rng, colour.__getitem__)
        other.unseen = dealt[0]
        for q, deck in zip(others, dealt[1:]):
            pools: dict[int, list[int]] = {}
            for card in deck.cards():
                pools.setdefault(colour[card], []).append(card)
            for pool in pools.values():
                rng.shuffle(pool)
            other.houses[q] = [pools[colour[card]].pop() for card in self.houses[q]]  # each house keeps its colour
            other.hands[q] = sorted((c for pool in pools.values() for c in pool), key=colour.__getitem__)
        return other

    def render(self, player: int | None):
        from bgkit_bruges.render import render_state

        return render_state(self, player)

    frame_rules = {
        F_REP: (_rep_steps, _apply_rep),
        F_ORDER: (_order_steps, _apply_order),
        F_FIRE: (_fire_steps, _apply_fire),
        F_PLAGUE: (_plague_steps, _apply_plague),
        F_WCOL: (_worker_steps, _apply_worker),
        F_THREAT: (_threat_steps, _apply_threat),
        F_DRAW: (_draw_steps, _apply_draw),
        F_CANAL: (_canal_steps, _apply_canal),
        F_HOUSE: (_house_steps, _apply_house),
        F_PICK: (_pick_steps, _apply_pick),
    }


def _play_text(s: BrugesState, action: tuple) -> str:
    _, card, what, arg = action
    name = s.cards.name[card]
    if what == A_CANAL:
        return f"canal {SECTIONS[arg]} {name}"
    if what == A_HIRE:
        return f"hire {name} on {s.comp.card_colours[s.cards.colour[s.houses[s.cur][arg]]]}"
    return f"{ACTION_WORDS[what]} {name}"


def _burn_text(s: BrugesState, action: tuple) -> str:
    house, person = s.houses[s.cur][action[1]], s.occupants[s.cur][action[1]]
    text = f"burn {s.comp.card_colours[s.cards.colour[house]]} house"
    return text + (f" of {s.cards.name[person]}" if person >= 0 else "")


def _draw_text(s: BrugesState, action: tuple) -> str:
    top = s.tops[action[1]]
    return f"draw {PILES[action[1]]}" + (f" {s.comp.card_colours[top]}" if top >= 0 else "")


#: the text of each action, by opcode: what a person types and the log stores
TEXTS = {
    DRAW: _draw_text,
    PLAY: _play_text,
    ACTIVATE: lambda s, a: f"activate {s.cards.name[s.occupants[s.cur][a[1]]]}",
    END: lambda s, a: "end",
    REP: lambda s, a: f"reputation pay {a[1]}",
    PASS: lambda s, a: "pass",
    ORDER: lambda s, a: f"disaster {DISASTERS[a[1]]}",
    BURN_HOUSE: _burn_text,
    BURN_CANAL: lambda s, a: f"burn canal {SECTIONS[a[1]]}",
    PLAGUE: lambda s, a: f"plague {s.cards.name[s.occupants[s.cur][a[1]]]}",
    WCOL: lambda s, a: f"take {s.comp.card_colours[a[1]]} worker",
    TCOL: lambda s, a: f"return {s.comp.card_colours[a[1]]} threat",
    ECANAL: lambda s, a: f"build canal {SECTIONS[a[1]]}",
    BUILD: lambda s, a: ("build house " if s.pending else "house ") + s.comp.card_colours[a[1]],
    PICK: lambda s, a: f"pick {s.cards.name[a[1]]}",
    SKIP: lambda s, a: "skip",
    DIE: lambda s, a: f"{s.comp.card_colours[a[1]]} {a[2]}",
    TOP: lambda s, a: f"top {s.comp.card_colours[a[2]]}",
    CARD: lambda s, a: f"card {s.cards.name[a[1]]}",
}


# -- the play module's functions (see bgkit.game) ---------------------------------------------------


def new_state(comp: Components, setup: dict) -> BrugesState:
    return BrugesState.from_setup(comp, setup)


def state_from_dict(comp: Components, data: dict) -> BrugesState:
    return BrugesState.from_dict(comp, data)


def sheet_from_state(comp: Components, state: BrugesState) -> dict:
    return {"player": [{"name": f"Player {p + 1}", **state.sheet_values(p)} for p in range(state.num_players)]}
