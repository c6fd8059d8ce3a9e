"""Bretagne's rules: the flow runner's hooks, the turn's choices, the barges and their loading, the
rounds, the income and the chance draws. The rule topics beside it: building a lighthouse
(``building.py``), exchanging in a city (``exchange.py``) and scoring a completed lighthouse
(``lighthouses.py``).

A round (at most five): **set-up** (the forecast becomes the weather and a new forecast is
drawn, Brest is refilled, a Quimper production card is drawn, the blueprints are refilled, the
harbours pay; not in round 1, whose table the setup laid out), every player **chooses a barge
card** in Pontivy order, the barges are **loaded** from Quimper boat by boat in barge-number
order, then the **actions** in Pontivy order until all have passed (build, exchange, pass), the
**scoring** of each lighthouse completed this round from the one nearest Lorient clockwise, and
the **end of round** (engineers leave unfinished lighthouses; one without engineers gets a franc).
"""

from __future__ import annotations

from bgkit.api import TERMINAL, BadInput, Sheet

from bgkit_bretagne import scoring
from bgkit_bretagne.codes import (
    BARGE, BLUEPRINT, BUILD, DONE, ENTER, EXCHANGE, LOAD, PASS, PLAY, PRODUCTION, Q_BLUEPRINT, Q_EQUIPMENT, Q_INCOME,
    Q_PRODUCTION, Q_WEATHER, S_ACT, S_BARGE, S_LOAD, S_OVER, S_SCORE, UNUSED, BUILT, OPEN, WEATHER, EQUIPMENT,
)


class RulesMixin:
    """The rules of the turn and the round (composed into :class:`~bgkit_bretagne.state.BretagneState`)."""

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
        return self._scoring_choices(p)

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
            self._start_exchange(p, action[1])
        elif code == DONE:
            self.score_idx += 1
        elif code == PASS:
            self._pass(p)
        elif code == PLAY:
            self._play_card(p, action[1])
        elif code == ENTER:
            self._enter_harbour(p, action[1])
        else:
            raise BadInput(f"not an action of this game: {action!r}")

    def _action_choices(self, p: int) -> list:
        """Pass, the exchanges that can trade, and every blueprint a site can then be built with."""
        out = self._buildable(p)
        if self.work[p] >= 1:
            for city in (0, 1):
                if self._city_open(p, city):
                    out.append((EXCHANGE, city))
        out.append((PASS,))
        return out

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
