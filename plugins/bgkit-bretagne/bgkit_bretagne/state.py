"""Bretagne in play: one mutable State of plain lists, applied in place.

A round (at most five): **set-up** (the forecast becomes the weather and a new forecast is
drawn, Brest is refilled, a Quimper production card is drawn, the blueprints are refilled, the
harbours pay; not in round 1, whose table the setup laid out), every player **chooses a barge
card** in Pontivy order, the barges are **loaded** from Quimper boat by boat in barge-number
order, then the **actions** in Pontivy order until all have passed (build, exchange, pass), the
**scoring** of each lighthouse completed this round from the one nearest Lorient clockwise, and
the **end of round** (engineers leave unfinished lighthouses; one without engineers gets a franc).

Actions are small tuples, opcode first. Multi-step choices are micro-decisions on a
:class:`bgkit.pending.Pending` stack: a build is "build BLUEPRINT", then "at SITE", then each
"return N stay M" (how many of its workers go home for points and how many stay); an exchange is "exchange CITY", then one trade at a time, each
resource or card it asks for picked one by one, then "done" (or "go" to the other city). The
equipment and harbour steps of a scoring ask the players in majority order.

Chance: the weather forecast, the production card and every blueprint turned up are public draws;
an equipment card drawn into a hand is a private draw (its audience is the owner). Equipment
hands and the deck are held as counts (:class:`bgkit.cards.Deck`); a seat's determinisation
redeals the deck and the other hands with :func:`bgkit.cards.resample`.

The rule readings (where the summary is silent or contradicts itself) are listed in the README.
"""

from __future__ import annotations

import operator
import random

from bgkit.api import CHANCE, EVERYONE, TERMINAL, BadInput, Deck, Flow, Pending, Sheet, resample

from bgkit_bretagne import scoring
from bgkit_bretagne.codes import (  # noqa: F401  (the codes are read from here too)
    BARGE, LOAD, BUILD, SITE, RETURN, EXCHANGE, TRADE, PICK, GO, DONE, PASS, PLAY, ENTER, WEATHER,
    PRODUCTION, BLUEPRINT, EQUIPMENT, Q_WEATHER, Q_PRODUCTION, Q_BLUEPRINT, Q_EQUIPMENT, Q_INCOME, F_SITE,
    F_RETURN, F_EXCHANGE, F_PICK, M_SUPPLY, M_MARKET, M_SELL_RES, M_SELL_CARD, M_CARD_RES, S_BARGE, S_LOAD,
    S_ACT, S_SCORE, S_OVER, EQUIP, HARBOUR, UNUSED, OPEN, COMPLETE, BUILT, CITIES, L_BUY_RES, L_BUY_EQ,
    L_SELL_EQ, L_WORKER, L_CARD_RES, B_ENGINEER, B_BUY_RES, B_SELL_RES, B_PAIR, TRADE_CITY, CITY_TRADES,
    TRADE_WORDS,
)
from bgkit_bretagne.data import Components
from bgkit_bretagne.heuristic import values
from bgkit_bretagne.notation import action_from_index, action_index, max_game_length, num_actions  # noqa: F401  (the core reads them here)
from bgkit_bretagne.tables import Tables, tables


class BretagneState(Flow):
    """The whole table; per-player data are lists indexed by seat (0-based)."""

    def __init__(self, comp: Components, t: Tables):
        self.comp = comp
        self.t = t

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def from_setup(cls, comp: Components, setup: dict) -> "BretagneState":
        n = setup["players"]
        t = tables(comp, n)
        s = cls(comp, t)
        s.num_players = n
        R, K = len(t.resources), len(t.kinds)
        rows = setup["seats"]
        s.round, s.stage, s.cur, s.turn, s.actor = 1, S_BARGE, 0, 0, 0
        s.order = [seat - 1 for seat in setup["turn_order"]]
        s.next_order = []
        s.barge = [-1] * n
        s.boat = 0
        s.passed = [False] * n
        s.res = [[row["resources"][r] for r in t.resources] for row in rows]
        s.francs = [row["francs"] for row in rows]
        s.eng = [row["engineers"] for row in rows]
        s.work = [row["workers"] for row in rows]
        s.reserve = [row["reserve_workers"] for row in rows]
        s.vp = [row["score"] for row in rows]
        s.city = [0] * n
        s.hands = [Deck([0] * K) for _ in range(n)]
        s.deck = Deck(t.kind_counts)
        s.discard = Deck([0] * K)
        s.bank = comp.supply.coins - sum(s.francs)
        supply = setup["supply"]
        s.sup_res = [supply["resources"][r] for r in t.resources]
        s.sup_eng = supply["engineers"]
        s.quimper = [setup["quimper"]["resources"].get(r, 0) for r in t.resources]
        s.prod = t.prod_ids.index(setup["quimper"]["card"])
        s.prod_left = Deck([0 if i == s.prod else 1 for i in range(len(t.prod_ids))])
        brest = setup["brest"]
        s.market = [brest["market"][r] for r in t.resources]
        s.singles, s.pairs = brest["engineers"], brest["engineer_pairs"]
        s.weather = t.weather_ids.index(setup["weather"]["current"])
        s.forecast = t.weather_ids.index(setup["weather"]["forecast"])
        s.weather_left = Deck([0 if i in (s.weather, s.forecast) else 1 for i in range(len(t.weather_ids))])
        s.face_up = [sorted(t.bp_ids.index(b) for b in setup["pontivy"][stack]) for stack in t.stacks]
        s.piles = []
        s.under = []
        for k in range(len(t.stacks)):
            counts = [1 if t.bp_stack[b] == k and b not in s.face_up[k] else 0 for b in range(len(t.bp_ids))]
            s.piles.append(Deck(counts))
            s.under.append(Deck([0] * len(t.bp_ids)))
        sites = len(t.site_type)
        s.tile = [-1] * sites
        s.site = [UNUSED] * sites
        for row in setup["lighthouses"]:
            i = row["site"] - 1
            if row["tile"]:
                s.tile[i] = t.tile_ids.index(row["tile"])
                s.site[i] = BUILT if row["side"] == "built" else OPEN
        s.lv_bp = [[] for _ in range(sites)]
        s.lv_own = [[] for _ in range(sites)]
        s.lv_wk = [[] for _ in range(sites)]
        s.site_eng = [0] * sites
        s.bounty = [0] * sites
        s.harb = [[0] * n for _ in t.harbour_ids]
        s.improved = [False] * len(t.coasts)
        s.pending = Pending()
        s.chance = []
        s.score_sites = []
        s.score_step = EQUIP
        s.score_order = []
        s.score_idx = 0
        s.played = 0  # equipment kinds played at the lighthouse being scored (bit mask)
        for coast in range(len(t.coasts)):
            s._check_coast(coast)
        s.run()
        return s

    def clone(self) -> "BretagneState":
        o = BretagneState.__new__(BretagneState)
        o.comp, o.t, o.num_players = self.comp, self.t, self.num_players
        o.round, o.stage, o.cur, o.turn, o.boat = self.round, self.stage, self.cur, self.turn, self.boat
        o.actor = self.actor
        o.order = self.order[:]
        o.next_order = self.next_order[:]
        o.barge = self.barge[:]
        o.passed = self.passed[:]
        o.res = [r[:] for r in self.res]
        o.francs = self.francs[:]
        o.eng = self.eng[:]
        o.work = self.work[:]
        o.reserve = self.reserve[:]
        o.vp = self.vp[:]
        o.city = self.city[:]
        o.hands = [h.clone() for h in self.hands]
        o.deck = self.deck.clone()
        o.discard = self.discard.clone()
        o.bank = self.bank
        o.sup_res = self.sup_res[:]
        o.sup_eng = self.sup_eng
        o.quimper = self.quimper[:]
        o.prod = self.prod
        o.prod_left = self.prod_left.clone()
        o.market = self.market[:]
        o.singles, o.pairs = self.singles, self.pairs
        o.weather, o.forecast = self.weather, self.forecast
        o.weather_left = self.weather_left.clone()
        o.face_up = [f[:] for f in self.face_up]
        o.piles = [p.clone() for p in self.piles]
        o.under = [p.clone() for p in self.under]
        o.tile = self.tile
        o.site = self.site[:]
        o.lv_bp = [x[:] for x in self.lv_bp]
        o.lv_own = [x[:] for x in self.lv_own]
        o.lv_wk = [x[:] for x in self.lv_wk]
        o.site_eng = self.site_eng[:]
        o.bounty = self.bounty[:]
        o.harb = [h[:] for h in self.harb]
        o.improved = self.improved[:]
        o.pending = self.pending.clone()
        o.chance = self.chance[:]
        o.score_sites = self.score_sites[:]
        o.score_step, o.score_idx, o.played = self.score_step, self.score_idx, self.played
        o.score_order = self.score_order[:]
        return o

    # -- flow (the core runner's hooks) -----------------------------------------------------------
    def step(self) -> int | None:
        """The seat whose barge, load, action or scoring step it is; None after a stage ends."""
        stage = self.stage
        if stage == S_ACT:
            p = self._next_actor()
            if p is None:
                self._start_scoring()
            return p
        if stage == S_BARGE:
            return self._next_barge()
        if stage == S_LOAD:
            return self._next_loader()
        if stage == S_SCORE:
            return self._next_scorer()
        return TERMINAL

    def settle_chance(self, event: tuple) -> bool:
        """The harbours' income needs no draw, and a draw with nothing left to draw is skipped."""
        if event[0] == Q_INCOME:
            self.chance.pop(0)
            self._income()
            return True
        if not self._draw_ready(event):
            self.chance.pop(0)
            return True
        return False

    def frame_player(self, frame: tuple) -> int:
        return self.actor  # the player whose multi-step choice it is

    def _draw_ready(self, head: tuple) -> bool:
        """Whether a queued draw can happen (something left to draw); reshuffles the equipment discards."""
        code = head[0]
        if code == Q_WEATHER:
            return bool(self.weather_left)
        if code == Q_PRODUCTION:
            return bool(self.prod_left)
        if code == Q_BLUEPRINT:
            k = head[1]
            if not self.piles[k] and self.under[k]:
                self.under[k].move_all_to(self.piles[k])  # the tiles put under the pile come up again
            return bool(self.piles[k])
        if not self.deck and self.discard:
            self.discard.move_all_to(self.deck)  # the discards are shuffled into a new deck
        return bool(self.deck)

    # barges ------------------------------------------------------------------------------------
    def _next_barge(self) -> int | None:
        """The next seat to choose a barge card (the last card is given); None when all have one."""
        n = self.num_players
        for p in self.order:
            if self.barge[p] < 0:
                free = [c for c in range(n) if c not in self.barge]
                if len(free) == 1:
                    self._take_barge(p, free[0])
                    continue
                return p
        self.stage = S_LOAD
        self.boat = 0
        return None

    def _take_barge(self, p: int, card: int) -> None:
        t = self.t
        self.barge[p] = card
        self._gain_francs(p, t.barge_francs[card])
        got = min(t.barge_engineers[card], self.sup_eng)
        self.sup_eng -= got
        self.eng[p] += got

    def _load_order(self) -> list[int]:
        return sorted(range(self.num_players), key=lambda p: self.barge[p])

    def _next_loader(self) -> int | None:
        """The next player to load a boat (boat by boat, players in barge-number order)."""
        caps = self.t.barge_caps
        while self.boat < max(len(caps[c]) for c in self.barge):
            if any(self.quimper):
                for p in self._load_order():
                    if not any(self.quimper):
                        break
                    if self.boat < len(caps[self.barge[p]]) and not self.passed[p]:
                        kinds = [r for r, q in enumerate(self.quimper) if q]
                        if len(kinds) == 1:
                            self._load(p, kinds[0])
                            continue
                        return p
            self.boat += 1
            self.passed = [False] * self.num_players  # 'passed' marks who loaded this boat
        self.passed = [False] * self.num_players
        self.stage = S_ACT
        self.turn = 0
        return None

    def _load(self, p: int, r: int) -> None:
        take = min(self.t.barge_caps[self.barge[p]][self.boat], self.quimper[r])
        self.quimper[r] -= take
        self.res[p][r] += take
        self.passed[p] = True

    # actions -----------------------------------------------------------------------------------
    def _next_actor(self) -> int | None:
        n = self.num_players
        for i in range(n):
            p = self.order[(self.turn + i) % n]
            if not self.passed[p]:
                self.turn = (self.turn + i) % n
                return p
        return None

    def _end_action(self) -> None:
        self.turn = (self.turn + 1) % self.num_players

    # scoring -----------------------------------------------------------------------------------
    def _start_scoring(self) -> None:
        self.stage = S_SCORE
        self.score_sites = [i for i, state in enumerate(self.site) if state == COMPLETE]
        self._begin_site()

    def _begin_site(self) -> None:
        self.score_step = EQUIP
        self.played = 0
        if self.score_sites:
            self.score_order = self._majority_order(self.score_sites[0])
            self.score_idx = 0

    def workers_on(self, site: int, p: int) -> int:
        own, wk = self.lv_own[site], self.lv_wk[site]
        return sum(wk[i] for i in range(len(own)) if own[i] == p)

    def _lowest(self, site: int, p: int) -> int:
        own, wk = self.lv_own[site], self.lv_wk[site]
        for i in range(len(own)):
            if own[i] == p and wk[i]:
                return i
        return 99

    def _majority_order(self, site: int) -> list[int]:
        """Players with workers on ``site``: most workers first, a tie to the lower level."""
        holders = [p for p in range(self.num_players) if self.workers_on(site, p)]
        return sorted(holders, key=lambda p: (-self.workers_on(site, p), self._lowest(site, p)))

    def _next_scorer(self) -> int | None:
        while self.score_sites:
            site = self.score_sites[0]
            while self.score_idx < len(self.score_order):
                p = self.score_order[self.score_idx]
                if self.workers_on(site, p) and self._can_score_step(site, p):
                    return p
                self.score_idx += 1
            if self.score_step == EQUIP:
                self.score_step = HARBOUR
                self.score_order = self._majority_order(site)
                self.score_idx = 0
                continue
            self._finish_site(site)
            self.score_sites.pop(0)
            self._begin_site()
        self._end_round()
        return None

    def _can_score_step(self, site: int, p: int) -> bool:
        if self.score_step == EQUIP:
            return bool(self.hands[p])
        h = self.t.site_harbour[site]
        inside = sum(self.harb[h])
        return inside < self._harbour_capacity() and self.francs[p] >= inside * self.comp.play.harbour_entry_francs

    def _harbour_capacity(self) -> int:
        return len(self.comp.final_scoring.harbour)

    def _remove_top_worker(self, site: int, p: int) -> None:
        own, wk = self.lv_own[site], self.lv_wk[site]
        for i in range(len(own) - 1, -1, -1):
            if own[i] == p and wk[i]:
                wk[i] -= 1
                return
        raise ValueError("no worker to remove")

    def _finish_site(self, site: int) -> None:
        """The majority, then the clean-up: workers home, engineers to the supply, blueprints under their piles."""
        t, play = self.t, self.comp.play
        order = self._majority_order(site)
        for p in order:
            self.vp[p] += self.workers_on(site, p) * play.worker_points
        if order:
            self.vp[order[0]] += t.majority[t.site_type[site]]
        for i, p in enumerate(self.lv_own[site]):
            self.work[p] += self.lv_wk[site][i]
        for b in self.lv_bp[site]:
            self.under[t.bp_stack[b]].put(b)
        self.lv_bp[site], self.lv_own[site], self.lv_wk[site] = [], [], []
        self.sup_eng += self.site_eng[site]
        self.site_eng[site] = 0
        self.site[site] = BUILT
        self._check_coast(t.site_coast[site])

    def _check_coast(self, coast: int) -> None:
        """A coast whose lighthouses in play are all built turns its harbours to the improved side."""
        t = self.t
        if all(self.site[i] in (UNUSED, BUILT) for i in range(len(self.site)) if t.site_coast[i] == coast):
            self.improved[coast] = True

    # end of round, next round -----------------------------------------------------------------------
    def _end_round(self) -> None:
        play = self.comp.play
        for i, state in enumerate(self.site):
            if state == OPEN:
                if self.site_eng[i]:
                    self.sup_eng += self.site_eng[i]
                    self.site_eng[i] = 0
                else:
                    self.bounty[i] += play.bounty_francs
                    self.bank -= play.bounty_francs
        if self.round >= play.rounds or all(state in (UNUSED, BUILT) for state in self.site):
            self.stage = S_OVER
            return
        self.round += 1
        self._start_round()

    def _start_round(self) -> None:
        t, table = self.t, self.comp.table
        n = self.num_players
        self.order = self.next_order
        self.next_order = []
        self.passed = [False] * n
        self.barge = [-1] * n
        self.stage = S_BARGE
        self.turn = 0
        # the weather: the forecast comes true, a new forecast is turned up (not for after the last round)
        if self.forecast >= 0:
            self.weather, self.forecast = self.forecast, -1
        if self.round < self.comp.play.rounds:
            self.chance.append((Q_WEATHER,))
        # Brest refilled from the supply up to its limits
        for r in range(len(t.resources)):
            add = min(table.brest_resources_each - self.market[r], self.sup_res[r])
            if add > 0:
                self.market[r] += add
                self.sup_res[r] -= add
        add = min(table.brest_engineers - self.singles, self.sup_eng)
        self.singles += add
        self.sup_eng -= add
        add = min(table.brest_engineer_pairs - self.pairs, self.sup_eng // 2)
        self.pairs += add
        self.sup_eng -= 2 * add
        # Quimper emptied, a production card drawn
        for r, q in enumerate(self.quimper):
            self.sup_res[r] += q
        self.quimper = [0] * len(t.resources)
        self.chance.append((Q_PRODUCTION,))
        for k in range(len(t.stacks)):
            for _ in range(table.face_up_blueprints - len(self.face_up[k])):
                self.chance.append((Q_BLUEPRINT, k))
        self.chance.append((Q_INCOME,))

    def _income(self) -> None:
        """Every worker in a harbour brings its income (the side up of its harbour tile)."""
        t = self.t
        for h, workers in enumerate(self.harb):
            income = t.harbour_income[h][1 if self.improved[t.harbour_coast[h]] else 0]
            for p in range(self.num_players):
                for _ in range(workers[p]):
                    for key, amount in income:
                        self._gain(p, key, amount)

    def _gain(self, p: int, key: str, amount: int) -> None:
        t = self.t
        if key == "francs":
            self._gain_francs(p, amount)
        elif key == "engineers":
            got = min(amount, self.sup_eng)
            self.sup_eng -= got
            self.eng[p] += got
        elif key == "workers":
            got = min(amount, self.reserve[p])
            self.reserve[p] -= got
            self.work[p] += got
        elif key == "equipment":
            for _ in range(amount):
                self.chance.append((Q_EQUIPMENT, p))
        elif key == "vp":
            self.vp[p] += amount
        else:
            r = t.resources.index(key)
            got = min(amount, self.sup_res[r])
            self.sup_res[r] -= got
            self.res[p][r] += got

    def _gain_francs(self, p: int, amount: int) -> None:
        """Francs from the bank (it never runs out: the coins are not a limit)."""
        self.francs[p] += amount
        self.bank -= amount

    def _pay_francs(self, p: int, amount: int) -> None:
        self.francs[p] -= amount
        self.bank += amount

    # -- chance --------------------------------------------------------------------------------
    def chance_outcomes(self) -> list:
        head = self.chance[0]
        code = head[0]
        if code == Q_WEATHER:
            return [((WEATHER, c), p) for c, p in self.weather_left.outcomes()]
        if code == Q_PRODUCTION:
            return [((PRODUCTION, c), p) for c, p in self.prod_left.outcomes()]
        if code == Q_BLUEPRINT:
            return [((BLUEPRINT, b), p) for b, p in self.piles[head[1]].outcomes()]
        return [((EQUIPMENT, k), p) for k, p in self.deck.outcomes()]

    def chance_label(self) -> str:
        head = self.chance[0]
        code = head[0]
        if code == Q_WEATHER:
            return f"the weather forecast for round {self.round + 1}, turned up from the weather pile"
        if code == Q_PRODUCTION:
            return f"the Quimper production card of round {self.round}, turned up"
        if code == Q_BLUEPRINT:
            return f"a blueprint turned up from the {self.t.stacks[head[1]]} stack at Pontivy"
        return f"P{head[1] + 1} draws an equipment card"

    def audience(self, action) -> frozenset[int] | None:
        if self.cur == CHANCE and self.chance[0][0] == Q_EQUIPMENT:
            return frozenset((self.chance[0][1],))
        return EVERYONE

    def public_text(self, action) -> str:
        if self.cur == CHANCE and self.chance[0][0] == Q_EQUIPMENT:
            return f"P{self.chance[0][1] + 1} draws an equipment card"
        return self.action_text(action)

    def apply_chance(self, head: tuple, action: tuple) -> None:
        code, value = action
        if code == WEATHER:
            self.weather_left.draw(value)
            self.forecast = value
        elif code == PRODUCTION:
            self.prod_left.draw(value)
            self.prod = value
            for r, count in enumerate(self.t.prod_counts[value]):
                got = min(count, self.sup_res[r])
                self.sup_res[r] -= got
                self.quimper[r] += got
        elif code == BLUEPRINT:
            self.piles[head[1]].draw(value)
            self.face_up[head[1]].append(value)
            self.face_up[head[1]].sort()
        else:
            self.deck.draw(value)
            self.hands[head[1]].put(value)

    # -- decisions -----------------------------------------------------------------------------
    def turn_actions(self) -> list:
        p = self.cur
        if p < 0:
            return []
        stage = self.stage
        if stage == S_ACT:
            return self._action_choices(p)
        if stage == S_BARGE:
            return [(BARGE, c) for c in range(self.num_players) if c not in self.barge]
        if stage == S_LOAD:
            return [(LOAD, r) for r, q in enumerate(self.quimper) if q]
        site = self.score_sites[0]
        if self.score_step == EQUIP:
            return [(PLAY, k) for k, c in enumerate(self.hands[p].counts) if c] + [(DONE,)]
        return [(ENTER, self.t.site_harbour[site]), (DONE,)]

    def _site_need(self, p: int, site: int) -> tuple[tuple[int, ...], int, int, int] | None:
        """What building the next level of ``site`` asks besides the blueprint: resources, resources
        spent in all, engineers, workers injured. None if no level is free."""
        if self.site[site] != OPEN:
            return None
        t = self.t
        extra, count = t.level_extra[self.tile[site]][len(self.lv_bp[site])]
        kind = t.site_type[site]
        storm = t.storm_injuries if kind and t.weather_storm[self.weather] else 0
        engineers = t.weather_engineers[self.weather][kind] - t.barge_discount[self.barge[p]]
        return extra, count, engineers if engineers > 0 else 0, storm

    def _site_ok(self, p: int, site: int, res: list[int], spent: int) -> bool:
        need = self._site_need(p, site)
        if need is None:
            return False
        extra, count, engineers, storm = need
        if self.eng[p] < engineers or self.work[p] < spent + count + storm:
            return False
        for r, x in enumerate(extra):
            if res[r] < x:
                return False
        return True

    def _action_choices(self, p: int) -> list:
        """Pass, the exchanges that can trade, and every blueprint after whose purchase some site
        can be built: the blueprint's own engineers and workers count, as far as the supply and the
        player's reserve give them (the reward comes first, then the build), so a build offered
        always has a site, and one the reward makes possible is offered."""
        t = self.t
        out: list = []
        res = self.res[p]
        have_eng = self.eng[p]
        weather = self.weather
        engineers_of = t.weather_engineers[weather]
        discount = t.barge_discount[self.barge[p]]
        storm = t.storm_injuries if t.weather_storm[weather] else 0
        needs = set()
        level_extra, site_type, tile, lv_bp = t.level_extra, t.site_type, self.tile, self.lv_bp
        for site, state in enumerate(self.site):
            if state == OPEN:
                kind = site_type[site]
                extra, count = level_extra[tile[site]][len(lv_bp[site])]
                needs.add((engineers_of[kind] - discount, extra, count, count + (storm if kind else 0)))
        if needs:
            work, reserve, supply_eng = self.work[p], self.reserve[p], self.sup_eng
            total = sum(res)
            fewest = min(count for _, _, count, _ in needs)
            ge = operator.ge
            for k in range(len(t.stacks)):
                for b in self.face_up[k]:
                    spent = t.bp_spent[b]
                    if total < spent + fewest:
                        continue
                    left = list(map(operator.sub, res, t.bp_cost[b]))
                    if min(left) < 0:
                        continue
                    reward = t.bp_reward[b]
                    engineers = have_eng + min(reward[2], supply_eng)
                    workers = work + min(reward[4], reserve) - spent
                    for need, extra, _, hands in needs:
                        if engineers >= need and workers >= hands and all(map(ge, left, extra)):
                            out.append((BUILD, b))
                            break
        if self.work[p] >= 1:
            for city in (0, 1):
                if self._city_open(p, city):
                    out.append((EXCHANGE, city))
        out.append((PASS,))
        return out

    def _city_open(self, p: int, city: int) -> bool:
        """Whether at least one trade of ``city`` can be made (what an exchange there needs); the
        same conditions as :meth:`_trade_ok`, cheapest first."""
        trades = self.comp.trades
        francs, cards = self.francs[p], len(self.hands[p])
        if city == 1:
            return ((francs >= trades[B_ENGINEER].pay and self.singles > 0)
                    or (francs >= trades[B_PAIR].pay and self.pairs > 0)
                    or sum(self.res[p]) >= trades[B_SELL_RES].pay
                    or (francs >= trades[B_BUY_RES].pay and sum(self.market) >= trades[B_BUY_RES].get))
        if cards >= trades[L_SELL_EQ].pay:
            return True
        if francs >= trades[L_WORKER].pay and self.reserve[p] > 0:
            return True
        if francs >= trades[L_BUY_EQ].pay and (self.deck or self.discard):
            return True
        supply = sum(self.sup_res)
        return ((francs >= trades[L_BUY_RES].pay and supply >= trades[L_BUY_RES].get)
                or (cards >= trades[L_CARD_RES].pay and supply >= trades[L_CARD_RES].get))

    def _trade_ok(self, p: int, item: int) -> bool:
        trade = self.comp.trades[item]
        if item in (L_BUY_RES, L_WORKER, B_ENGINEER, B_BUY_RES, B_PAIR, L_BUY_EQ) and self.francs[p] < trade.pay:
            return False
        if item == L_BUY_RES:
            return sum(self.sup_res) >= trade.get
        if item == L_BUY_EQ:
            return bool(self.deck) or bool(self.discard)
        if item == L_SELL_EQ:
            return len(self.hands[p]) >= trade.pay
        if item == L_WORKER:
            return self.reserve[p] > 0
        if item == L_CARD_RES:
            return len(self.hands[p]) >= trade.pay and sum(self.sup_res) >= trade.get
        if item == B_ENGINEER:
            return self.singles > 0
        if item == B_BUY_RES:
            return sum(self.market) >= trade.get
        if item == B_SELL_RES:
            return sum(self.res[p]) >= trade.pay
        return self.pairs > 0

    # -- the multi-step choices: each kind of frame, its steps and their effect ----------------------
    def _site_steps(self, frame: tuple) -> list:
        p, spent = self.actor, self.t.bp_spent[frame[1]]
        return [(SITE, i) for i in range(len(self.site)) if self._site_ok(p, i, self.res[p], spent)]

    def _apply_site(self, frame: tuple, action: tuple) -> None:
        self.pending.pop()
        self._build(self.actor, frame[1], action[1])

    def _return_steps(self, frame: tuple) -> list:
        return [(RETURN, k) for k in range(frame[3] + 1)]

    def _apply_return(self, frame: tuple, action: tuple) -> None:
        """Workers sent home from the level just built score; the others stay for its scoring."""
        p = self.actor
        _, site, level, _ = self.pending.pop()
        home = action[1]
        self.lv_wk[site][level] -= home
        self.work[p] += home
        self.vp[p] += home * self.comp.play.return_points
        self._end_action()

    def _exchange_steps(self, frame: tuple) -> list:
        p = self.actor
        _, city, used, visited = frame
        out = [(TRADE, item) for item in range(9)
               if TRADE_CITY[item] == city and not used >> item & 1 and self._trade_ok(p, item)]
        other = 1 - city
        if not visited >> other & 1 and self.work[p] >= 1:
            out.append((GO, other))
        out.append((DONE,))
        return out

    def _apply_exchange(self, frame: tuple, action: tuple) -> None:
        p, code = self.actor, action[0]
        if code == TRADE:
            self._trade(p, action[1])
        elif code == GO:
            _, city, used, visited = self.pending.pop()
            self.work[p] -= 1
            self.city[p] += 1
            self.pending.push(F_EXCHANGE, action[1], used, visited | 1 << action[1])
        else:
            self.pending.pop()
            self._end_action()

    def _pick_steps(self, frame: tuple) -> list:
        mode = frame[1]
        if mode == M_SUPPLY:
            return [(PICK, r) for r, q in enumerate(self.sup_res) if q]
        if mode == M_MARKET:
            return [(PICK, r) for r, q in enumerate(self.market) if q]
        if mode == M_SELL_RES:
            return [(PICK, r) for r, q in enumerate(self.res[self.actor]) if q]
        return [(PICK, k) for k, c in enumerate(self.hands[self.actor].counts) if c]

    def _apply_pick(self, frame: tuple, action: tuple) -> None:
        self._pick(self.actor, action[1])

    # -- applying ------------------------------------------------------------------------------
    def apply_turn(self, action) -> None:
        p = self.actor = self.cur
        code = action[0]
        if code == BARGE:
            self._take_barge(p, action[1])
        elif code == LOAD:
            self._load(p, action[1])
        elif code == BUILD:
            self._buy_blueprint(p, action[1])
        elif code == EXCHANGE:
            self.work[p] -= 1
            self.city[p] += 1
            self.pending.push(F_EXCHANGE, action[1], 0, 1 << action[1])
        elif code == DONE:
            self.score_idx += 1
        elif code == PASS:
            self._pass(p)
        elif code == PLAY:
            self._play_card(p, action[1])
        elif code == ENTER:
            site = self.score_sites[0]
            h = action[1]
            self._pay_francs(p, sum(self.harb[h]) * self.comp.play.harbour_entry_francs)
            self._remove_top_worker(site, p)
            self.harb[h][p] += 1
            self.score_idx += 1
        else:
            raise BadInput(f"not an action of this game: {action!r}")

    def _buy_blueprint(self, p: int, b: int) -> None:
        t = self.t
        cost = t.bp_cost[b]
        for r, c in enumerate(cost):
            self.res[p][r] -= c
            self.sup_res[r] += c
        self.face_up[t.bp_stack[b]].remove(b)
        vp, francs, engineers, equipment, workers = t.bp_reward[b]
        self.vp[p] += vp
        self._gain_francs(p, francs)
        self._gain(p, "engineers", engineers)
        self._gain(p, "workers", workers)
        self._gain(p, "equipment", equipment)
        self.pending.push(F_SITE, b)

    def _build(self, p: int, b: int, site: int) -> None:
        t = self.t
        extra, count, engineers, storm = self._site_need(p, site)
        for r, x in enumerate(extra):
            self.res[p][r] -= x
            self.sup_res[r] += x
        self.eng[p] -= engineers
        self.site_eng[site] += engineers
        self.work[p] -= storm  # injured: back to the player's cubes in the supply
        self.reserve[p] += storm
        self.francs[p] += self.bounty[site]
        self.bounty[site] = 0
        workers = t.bp_spent[b] + count
        self.work[p] -= workers
        self.lv_bp[site].append(b)
        self.lv_own[site].append(p)
        self.lv_wk[site].append(workers)
        if len(self.lv_bp[site]) == t.tile_levels[self.tile[site]]:
            self.site[site] = COMPLETE
        if workers:
            self.pending.push(F_RETURN, site, len(self.lv_bp[site]) - 1, workers)
        else:
            self._end_action()

    def _trade(self, p: int, item: int) -> None:
        _, city, used, visited = self.pending.pop()
        self.pending.push(F_EXCHANGE, city, used | 1 << item, visited)
        trade = self.comp.trades[item]
        if item == L_BUY_RES:
            self._pay_francs(p, trade.pay)
            self.pending.push(F_PICK, M_SUPPLY, item, trade.get)
        elif item == L_BUY_EQ:
            self._pay_francs(p, trade.pay)
            self._gain(p, "equipment", trade.get)
        elif item == L_SELL_EQ:
            self.pending.push(F_PICK, M_SELL_CARD, item, trade.pay)
        elif item == L_WORKER:
            self._pay_francs(p, trade.pay)
            self._gain(p, "workers", trade.get)
        elif item == L_CARD_RES:
            self.pending.push(F_PICK, M_CARD_RES, item, trade.pay)
        elif item == B_ENGINEER:
            self._pay_francs(p, trade.pay)
            self.singles -= 1
            self.eng[p] += 1
        elif item == B_BUY_RES:
            self._pay_francs(p, trade.pay)
            self.pending.push(F_PICK, M_MARKET, item, trade.get)
        elif item == B_SELL_RES:
            self.pending.push(F_PICK, M_SELL_RES, item, trade.pay)
        else:
            self._pay_francs(p, trade.pay)
            self.pairs -= 1
            self.eng[p] += 2

    def _pick(self, p: int, value: int) -> None:
        _, mode, item, left = self.pending.pop()
        trade = self.comp.trades[item]
        if mode == M_SUPPLY:
            self.sup_res[value] -= 1
            self.res[p][value] += 1
        elif mode == M_MARKET:
            self.market[value] -= 1
            self.res[p][value] += 1
        elif mode == M_SELL_RES:
            self.res[p][value] -= 1
            self.sup_res[value] += 1
        else:
            self.hands[p].draw(value)
            self.discard.put(value)
        left -= 1
        if left and self._pick_possible(p, mode):
            self.pending.push(F_PICK, mode, item, left)
            return
        if mode == M_SELL_CARD:
            self._gain_francs(p, trade.get)
        elif mode == M_SELL_RES:
            self._gain_francs(p, trade.get)
        elif mode == M_CARD_RES:
            self._gain_francs(p, trade.francs)
            self.pending.push(F_PICK, M_SUPPLY, item, trade.get)

    def _pick_possible(self, p: int, mode: int) -> bool:
        if mode == M_SUPPLY:
            return any(self.sup_res)
        if mode == M_MARKET:
            return any(self.market)
        if mode == M_SELL_RES:
            return any(self.res[p])
        return bool(self.hands[p])

    def _pass(self, p: int) -> None:
        limit = self.comp.supply.warehouse_limit
        res = self.res[p]
        for r, q in enumerate(res):
            if q > limit:
                self.sup_res[r] += q - limit
                res[r] = limit
        self.sup_eng += self.eng[p]
        self.eng[p] = 0
        self.work[p] += self.city[p]
        self.city[p] = 0
        self.passed[p] = True
        self.next_order.append(p)
        self._end_action()

    def _play_card(self, p: int, kind: int) -> None:
        site = self.score_sites[0]
        t = self.t
        self.hands[p].draw(kind)
        self.discard.put(kind)
        points = t.kind_points[kind][t.site_type[site]]
        if self.played >> kind & 1:
            points = max(0, points - 1)
        self.played |= 1 << kind
        self.vp[p] += points
        self._remove_top_worker(site, p)
        self.work[p] += 1
        if not self.workers_on(site, p) or not self.hands[p]:
            self.score_idx += 1

    # -- texts ---------------------------------------------------------------------------------
    def action_text(self, action) -> str:
        t = self.t
        code = action[0]
        if code == BARGE:
            return f"barge {action[1] + 1}"
        if code == LOAD:
            return f"load {t.resources[action[1]]}"
        if code == BUILD:
            return f"build {t.bp_ids[action[1]]}"
        if code == SITE:
            return f"at {action[1] + 1}"
        if code == RETURN:
            top = self.pending.top()
            stay = (top[3] if top is not None and top[0] == F_RETURN else action[1]) - action[1]
            return f"return {action[1]} stay {stay}"
        if code == EXCHANGE:
            return f"exchange {CITIES[action[1]]}"
        if code == TRADE:
            return f"trade {TRADE_WORDS[action[1]]}"
        if code == PICK:
            top = self.pending.top()
            if top is not None and top[0] == F_PICK and top[1] in (M_SELL_CARD, M_CARD_RES):
                return f"card {t.kinds[action[1]]}"
            return f"{'sell' if top is not None and top[1] == M_SELL_RES else 'take'} {t.resources[action[1]]}"
        if code == GO:
            return f"go {CITIES[action[1]]}"
        if code == DONE:
            return "done"
        if code == PASS:
            return "pass"
        if code == PLAY:
            return f"play {t.kinds[action[1]]}"
        if code == ENTER:
            return f"harbour {action[1] + 1}"
        if code == WEATHER:
            return f"weather {t.weather_ids[action[1]]}"
        if code == PRODUCTION:
            return f"production {t.prod_ids[action[1]]}"
        if code == BLUEPRINT:
            return f"blueprint {t.bp_ids[action[1]]}"
        if code == EQUIPMENT:
            return f"draw {t.kinds[action[1]]}"
        return str(action)

    # -- scores --------------------------------------------------------------------------------
    def pontivy_places(self) -> list[int]:
        """Each seat's place on Pontivy's track as it stands: those who passed first, then the rest in order."""
        track = self.next_order + [p for p in self.order if p not in self.next_order]
        places = [0] * self.num_players
        for i, p in enumerate(track):
            places[p] = i + 1
        return places

    def harbour_list(self, p: int) -> list[int]:
        return [h + 1 for h, workers in enumerate(self.harb) for _ in range(workers[p])]

    def sheet_values(self, p: int, places: list[int] | None = None) -> dict:
        places = places or self.pontivy_places()
        return {"track": self.vp[p], "pontivy": places[p], "harbours": self.harbour_list(p), "francs": self.francs[p]}

    def _sheet(self) -> Sheet:
        places = self.pontivy_places()
        return Sheet("", [f"P{p + 1}" for p in range(self.num_players)],
                     [self.sheet_values(p, places) for p in range(self.num_players)])

    def scores(self) -> list[float]:
        return scoring.score_sheet(self.comp, self._sheet()).totals

    def outcome(self):
        """The ranking of this table's score sheet, by the same code that ranks a sheet typed in."""
        return scoring.score_sheet(self.comp, self._sheet()).outcome

    def heuristic(self, player: int) -> float:
        if self.stage == S_OVER:
            return self.outcome().rewards()[player]
        worth = values(self)
        best_other = max(v for q, v in enumerate(worth) if q != player)
        return worth[player] - best_other

    # -- information ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "players": self.num_players,
            "round": self.round,
            "stage": self.stage,
            "cur": self.cur,
            "actor": self.actor,
            "turn": self.turn,
            "boat": self.boat,
            "order": self.order,
            "next_order": self.next_order,
            "barge": self.barge,
            "passed": self.passed,
            "resources": self.res,
            "francs": self.francs,
            "engineers": self.eng,
            "workers": self.work,
            "reserve": self.reserve,
            "vp": self.vp,
            "city": self.city,
            "hands": [h.to_list() for h in self.hands],
            "deck": self.deck.to_list(),
            "discard": self.discard.to_list(),
            "bank": self.bank,
            "supply_resources": self.sup_res,
            "supply_engineers": self.sup_eng,
            "quimper": self.quimper,
            "production": self.prod,
            "production_left": self.prod_left.to_list(),
            "market": self.market,
            "singles": self.singles,
            "pairs": self.pairs,
            "weather": self.weather,
            "forecast": self.forecast,
            "weather_left": self.weather_left.to_list(),
            "face_up": self.face_up,
            "piles": [d.to_list() for d in self.piles],
            "under": [d.to_list() for d in self.under],
            "tile": self.tile,
            "site": self.site,
            "level_blueprints": self.lv_bp,
            "level_owners": self.lv_own,
            "level_workers": self.lv_wk,
            "site_engineers": self.site_eng,
            "bounty": self.bounty,
            "harbours": self.harb,
            "improved": self.improved,
            "pending": self.pending.to_list(),
            "chance": [list(c) for c in self.chance],
            "score_sites": self.score_sites,
            "score_step": self.score_step,
            "score_order": self.score_order,
            "score_idx": self.score_idx,
            "played": self.played,
        }

    @classmethod
    def from_dict(cls, comp: Components, data: dict) -> "BretagneState":
        n = data["players"]
        s = cls(comp, tables(comp, n))
        s.num_players = n
        for key, attr in (("round", "round"), ("stage", "stage"), ("cur", "cur"), ("actor", "actor"), ("turn", "turn"), ("boat", "boat"),
                          ("bank", "bank"), ("supply_engineers", "sup_eng"), ("production", "prod"),
                          ("singles", "singles"), ("pairs", "pairs"), ("weather", "weather"), ("forecast", "forecast"),
                          ("score_step", "score_step"), ("score_idx", "score_idx"), ("played", "played")):
            setattr(s, attr, data[key])
        for key, attr in (("order", "order"), ("next_order", "next_order"), ("barge", "barge"), ("passed", "passed"),
                          ("francs", "francs"), ("engineers", "eng"), ("workers", "work"), ("reserve", "reserve"),
                          ("vp", "vp"), ("city", "city"), ("supply_resources", "sup_res"), ("quimper", "quimper"),
                          ("market", "market"), ("tile", "tile"), ("site", "site"), ("site_engineers", "site_eng"),
                          ("bounty", "bounty"), ("improved", "improved"), ("score_sites", "score_sites"),
                          ("score_order", "score_order")):
            setattr(s, attr, list(data[key]))
        for key, attr in (("resources", "res"), ("face_up", "face_up"), ("level_blueprints", "lv_bp"),
                          ("level_owners", "lv_own"), ("level_workers", "lv_wk"), ("harbours", "harb")):
            setattr(s, attr, [list(x) for x in data[key]])
        s.hands = [Deck.from_list(h) for h in data["hands"]]
        s.deck = Deck.from_list(data["deck"])
        s.discard = Deck.from_list(data["discard"])
        s.prod_left = Deck.from_list(data["production_left"])
        s.weather_left = Deck.from_list(data["weather_left"])
        s.piles = [Deck.from_list(d) for d in data["piles"]]
        s.under = [Deck.from_list(d) for d in data["under"]]
        s.pending = Pending.from_list(data["pending"])
        s.chance = [tuple(c) for c in data["chance"]]
        return s

    def view(self, player: int) -> dict:
        """The table as ``player`` sees it: their own hand; of the others' hands and of the deck only the sizes."""
        data = self.to_dict()
        data["hands"] = [h.to_list() if q == player else len(h) for q, h in enumerate(self.hands)]
        data["deck"] = len(self.deck)
        return data

    def determinize(self, player: int, rng: random.Random) -> "BretagneState":
        """Redeal the equipment deck and the other players' hands (pooled in kind order, sizes kept)."""
        other = self.clone()
        others = [q for q in range(self.num_players) if q != player]
        places = [self.deck] + [self.hands[q] for q in others]
        dealt = resample(places, rng)
        other.deck = dealt[0]
        for q, hand in zip(others, dealt[1:]):
            other.hands[q] = hand
        return other

    def render(self, player: int | None):
        from bgkit_bretagne.render import render_state

        return render_state(self, player)

    def render_compact(self, player: int | None):
        """What fits a terminal the full drawing does not (the screen picks it)."""
        from bgkit_bretagne.render import render_compact

        return render_compact(self, player)


BretagneState.frame_rules = {
    F_SITE: (BretagneState._site_steps, BretagneState._apply_site),
    F_RETURN: (BretagneState._return_steps, BretagneState._apply_return),
    F_EXCHANGE: (BretagneState._exchange_steps, BretagneState._apply_exchange),
    F_PICK: (BretagneState._pick_steps, BretagneState._apply_pick),
}


# -- the play module's functions (see bgkit.game) ---------------------------------------------------


def new_state(comp: Components, setup: dict) -> BretagneState:
    return BretagneState.from_setup(comp, setup)


def state_from_dict(comp: Components, data: dict) -> BretagneState:
    return BretagneState.from_dict(comp, data)


def sheet_from_state(comp: Components, state: BretagneState) -> dict:
    places = state.pontivy_places()
    return {"player": [{"name": f"Player {p + 1}", **state.sheet_values(p, places)} for p in range(state.num_players)]}
