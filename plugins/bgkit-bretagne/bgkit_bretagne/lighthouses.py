"""Scoring a completed lighthouse, from the one nearest Lorient clockwise: its workers' owners in
majority order each play equipment cards (each takes a worker off for points), then each may put a
worker in the lighthouse's harbour; then the majority, and the tower's clean-up."""

from __future__ import annotations

from bgkit_bretagne.codes import BUILT, COMPLETE, DONE, ENTER, EQUIP, HARBOUR, PLAY, S_SCORE, UNUSED


class LighthouseMixin:
    """The scoring of completed lighthouses (composed into the state)."""

    def _scoring_choices(self, p: int) -> list:
        """At the equipment step, the kinds of card ``p`` holds; at the harbour step, the
        lighthouse's harbour; "done" at either."""
        if self.score_step == EQUIP:
            return [(PLAY, k) for k, c in enumerate(self.hands[p].counts) if c] + [(DONE,)]
        return [(ENTER, self.t.site_harbour[self.score_sites[0]]), (DONE,)]

    def _enter_harbour(self, p: int, h: int) -> None:
        """A worker leaves the lighthouse for its harbour, for a franc per worker already there."""
        site = self.score_sites[0]
        self._pay_francs(p, sum(self.harb[h]) * self.comp.play.harbour_entry_francs)
        self._remove_top_worker(site, p)
        self.harb[h][p] += 1
        self.score_idx += 1

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
