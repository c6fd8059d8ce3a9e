"""What a position is worth to a player beyond the points on the track: the greedy bot's judgement.

Rough worths, in points: a resource, an equipment card, an engineer still usable this round,
francs (a point per three at the end, and the fuel of trades), workers standing on lighthouses (a
point each at the majority and a share of the majority bonus), workers in harbours (the end
scoring now, and their income for each round left).
"""

from __future__ import annotations

from bgkit_bretagne import scoring

RESOURCE, CARD, ENGINEER, WORKER_HOME, WORKER_ON_TOWER, INCOME_ROUND = 0.7, 1.8, 0.5, 0.15, 1.2, 1.2


def value(state, p: int) -> float:
    comp, t = state.comp, state.t
    rounds_left = comp.play.rounds - state.round
    late = 0.4 if rounds_left == 0 else 1.0
    v = float(state.vp[p])
    v += state.francs[p] / comp.final_scoring.francs_per_point + (0.3 * state.francs[p] if rounds_left else 0.0)
    v += sum(state.res[p]) * RESOURCE * late
    v += len(state.hands[p]) * CARD * late
    if not state.passed[p] and state.stage <= 2:
        v += state.eng[p] * ENGINEER
    v += state.work[p] * WORKER_HOME * late
    harbours = [state.harbour_list(q) for q in range(state.num_players)]
    v += scoring.harbour_points(comp, harbours)[p]
    v += len(harbours[p]) * INCOME_ROUND * rounds_left
    for site in range(len(state.site)):
        own = state.lv_own[site]
        if not own:
            continue
        mine = state.workers_on(site, p)
        if not mine:
            continue
        best_other = max((state.workers_on(site, q) for q in range(state.num_players) if q != p), default=0)
        done = len(own) / t.tile_levels[state.tile[site]]
        v += mine * WORKER_ON_TOWER * done
        if mine > best_other:
            v += t.majority[t.site_type[site]] * done * 0.8
    return v
