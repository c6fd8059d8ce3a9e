"""Building a lighthouse: a build is "build BLUEPRINT" (bought, its reward taken), then "at SITE"
(the level paid in resources, engineers and workers), then "return N stay M" (how many of its
workers go home for points and how many stay for the lighthouse's scoring)."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from bgkit_bretagne import rules as _rules
from bgkit_bretagne.codes import BUILD, COMPLETE, F_RETURN, F_SITE, OPEN, RETURN, SITE, Action, Frame

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState

#: What the next level of an open site asks: engineers, extra resources, how many, and the workers it takes.
Need = tuple[int, tuple[int, ...], int, int]


def _site_need(state: BretagneState, p: int, site: int) -> tuple[tuple[int, ...], int, int, int] | None:
    """What building the next level of ``site`` asks besides the blueprint: resources, resources
    spent in all, engineers, workers injured. None if no level is free."""
    if state.site[site] != OPEN:
        return None
    t = state.t
    extra, count = t.level_extra[state.tile[site]][len(state.lv_bp[site])]
    kind = t.site_type[site]
    storm = t.storm_injuries if kind and t.weather_storm[state.weather] else 0
    engineers = t.weather_engineers[state.weather][kind] - t.barge_discount[state.barge[p]]
    return extra, count, engineers if engineers > 0 else 0, storm


def _site_ok(state: BretagneState, p: int, site: int, res: list[int], spent: int) -> bool:
    need = _site_need(state, p, site)
    if need is None:
        return False
    extra, count, engineers, storm = need
    if state.eng[p] < engineers or state.work[p] < spent + count + storm:
        return False
    for r, x in enumerate(extra):
        if res[r] < x:
            return False
    return True


def _buildable(state: BretagneState, p: int) -> list[Action]:
    """Every blueprint after whose purchase some site can be built: the blueprint's own
    engineers and workers count, as far as the supply and the player's reserve give them (the
    reward comes first, then the build), so a build offered always has a site, and one the
    reward makes possible is offered."""
    t = state.t
    needs = _open_needs(state, p)
    if not needs:
        return []
    out: list[Action] = []
    res = state.res[p]
    have_eng, work, reserve, supply_eng = state.eng[p], state.work[p], state.reserve[p], state.sup_eng
    total = sum(res)
    fewest = min(count for _, _, count, _ in needs)
    ge, sub = operator.ge, operator.sub
    bp_spent, bp_cost, bp_reward = t.bp_spent, t.bp_cost, t.bp_reward
    for face_up in state.face_up:
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


def _open_needs(state: BretagneState, p: int) -> set[Need]:
    """What the next level of each open site asks of ``p``, once per different ask: engineers,
    extra resources, how many, and the workers it takes (storm injuries included)."""
    t = state.t
    weather = state.weather
    engineers_of = t.weather_engineers[weather]
    discount = t.barge_discount[state.barge[p]]
    storm = t.storm_injuries if t.weather_storm[weather] else 0
    needs: set[Need] = set()
    level_extra, site_type, tile, lv_bp = t.level_extra, t.site_type, state.tile, state.lv_bp
    for site, where in enumerate(state.site):
        if where == OPEN:
            kind = site_type[site]
            extra, count = level_extra[tile[site]][len(lv_bp[site])]
            needs.add((engineers_of[kind] - discount, extra, count, count + (storm if kind else 0)))
    return needs


def _buy_blueprint(state: BretagneState, p: int, b: int) -> None:
    t = state.t
    cost = t.bp_cost[b]
    for r, c in enumerate(cost):
        state.res[p][r] -= c
        state.sup_res[r] += c
    state.face_up[t.bp_stack[b]].remove(b)
    vp, francs, engineers, equipment, workers = t.bp_reward[b]
    state.vp[p] += vp
    _rules._gain_francs(state, p, francs)
    _rules._gain(state, p, "engineers", engineers)
    _rules._gain(state, p, "workers", workers)
    _rules._gain(state, p, "equipment", equipment)
    state.pending.push(F_SITE, b)


def _build(state: BretagneState, p: int, b: int, site: int) -> None:
    t = state.t
    need = _site_need(state, p, site)
    assert need is not None, "a build is offered only at a site with a level free"
    extra, count, engineers, storm = need
    for r, x in enumerate(extra):
        state.res[p][r] -= x
        state.sup_res[r] += x
    state.eng[p] -= engineers
    state.site_eng[site] += engineers
    state.work[p] -= storm  # injured: back to the player's cubes in the supply
    state.reserve[p] += storm
    state.francs[p] += state.bounty[site]
    state.bounty[site] = 0
    workers = t.bp_spent[b] + count
    state.work[p] -= workers
    state.lv_bp[site].append(b)
    state.lv_own[site].append(p)
    state.lv_wk[site].append(workers)
    if len(state.lv_bp[site]) == t.tile_levels[state.tile[site]]:
        state.site[site] = COMPLETE
    if workers:
        state.pending.push(F_RETURN, site, len(state.lv_bp[site]) - 1, workers)
    else:
        _rules._end_action(state)


def _site_steps(state: BretagneState, frame: Frame) -> list[Action]:
    p, spent = state.actor, state.t.bp_spent[frame[1]]
    return [(SITE, i) for i in range(len(state.site)) if _site_ok(state, p, i, state.res[p], spent)]


def _apply_site(state: BretagneState, frame: Frame, action: Action) -> None:
    state.pending.pop()
    _build(state, state.actor, frame[1], action[1])


def _return_steps(state: BretagneState, frame: Frame) -> list[Action]:
    return [(RETURN, k) for k in range(frame[3] + 1)]


def _apply_return(state: BretagneState, frame: Frame, action: Action) -> None:
    """Workers sent home from the level just built score; the others stay for its scoring."""
    p = state.actor
    _, site, level, _ = state.pending.pop()
    home = action[1]
    state.lv_wk[site][level] -= home
    state.work[p] += home
    state.vp[p] += home * state.comp.play.return_points
    _rules._end_action(state)


#: The frames of this topic: their steps and their effect (the core runner dispatches on them).
FRAME_RULES = {
    F_SITE: (_site_steps, _apply_site),
    F_RETURN: (_return_steps, _apply_return),
}
