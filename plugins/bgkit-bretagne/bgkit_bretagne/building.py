"""Building a lighthouse: a build is "build BLUEPRINT" (bought, its reward taken), then "at SITE"
(the level paid in resources, engineers and workers), then "return N stay M" (how many of its
workers go home for points and how many stay for the lighthouse's scoring)."""

from __future__ import annotations

import operator

from bgkit_bretagne.codes import BUILD, COMPLETE, F_RETURN, F_SITE, OPEN, RETURN, SITE


class BuildingMixin:
    """Blueprints bought and levels built (composed into the state)."""

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

    def _buildable(self, p: int) -> list:
        """Every blueprint after whose purchase some site can be built: the blueprint's own
        engineers and workers count, as far as the supply and the player's reserve give them (the
        reward comes first, then the build), so a build offered always has a site, and one the
        reward makes possible is offered."""
        t = self.t
        needs = self._open_needs(p)
        if not needs:
            return []
        out: list = []
        res = self.res[p]
        have_eng, work, reserve, supply_eng = self.eng[p], self.work[p], self.reserve[p], self.sup_eng
        total = sum(res)
        fewest = min(count for _, _, count, _ in needs)
        ge, sub = operator.ge, operator.sub
        bp_spent, bp_cost, bp_reward = t.bp_spent, t.bp_cost, t.bp_reward
        for face_up in self.face_up:
            for b in face_up:
                spent = bp_spent[b]
                if total < spent + fewest:
                    continue
                cost = bp_cost[b]
                if not all(map(ge, res, cost)):  # cannot pay for the blueprint
                    continue
                left = list(map(sub, res, cost))
                reward = bp_reward[b]
                engineers = have_eng + min(reward[2], supply_eng)
                workers = work + min(reward[4], reserve) - spent
                for need, extra, _, hands in needs:
                    if engineers >= need and workers >= hands and all(map(ge, left, extra)):
                        out.append((BUILD, b))
                        break
        return out

    def _open_needs(self, p: int) -> set:
        """What the next level of each open site asks of ``p``, once per different ask: engineers,
        extra resources, how many, and the workers it takes (storm injuries included)."""
        t = self.t
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
        return needs

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


#: The frames of this topic: their steps and their effect (the core runner dispatches on them).
FRAME_RULES = {
    F_SITE: (BuildingMixin._site_steps, BuildingMixin._apply_site),
    F_RETURN: (BuildingMixin._return_steps, BuildingMixin._apply_return),
}
