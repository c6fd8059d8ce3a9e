"""What a position is worth to each player beyond the points on the track: the greedy bot's judgement.

Rough worths, in points: a resource, an equipment card, an engineer still usable this round,
francs (a point per three at the end, and the fuel of trades), workers standing on lighthouses (a
point each at the majority and a share of the majority bonus, by how far the tower is built),
workers in harbours (the end scoring now, and their income for each round left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bretagne.codes import S_OVER

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState

RESOURCE, CARD, ENGINEER, FRANC, WORKER_HOME, WORKER_ON_TOWER, INCOME_ROUND, LEAD = 0.7, 1.8, 0.5, 0.3, 0.15, 1.2, 1.2, 0.8


def values(state: BretagneState) -> list[float]:
    """Every player's worth, in one pass over the board."""
    comp, t = state.comp, state.t
    n = state.num_players
    rounds_left = comp.play.rounds - state.round
    late = 0.4 if rounds_left == 0 else 1.0
    per_point = comp.final_scoring.francs_per_point
    acting = state.stage <= 2
    out = []
    for p in range(n):
        v = state.vp[p] + state.francs[p] / per_point + (FRANC * state.francs[p] if rounds_left else 0.0)
        v += (sum(state.res[p]) * RESOURCE + len(state.hands[p]) * CARD + state.work[p] * WORKER_HOME) * late
        if acting and not state.passed[p]:
            v += state.eng[p] * ENGINEER
        out.append(v)
    harbour_table = comp.final_scoring.harbour
    for workers in state.harb:
        inside = sum(workers)
        if inside:
            points = harbour_table[inside - 1] + INCOME_ROUND * rounds_left
            for p in range(n):
                if workers[p]:
                    out[p] += workers[p] * points
    levels_of, majority, site_type, tile = t.tile_levels, t.majority, t.site_type, state.tile
    for site, own in enumerate(state.lv_own):
        if not own:
            continue
        count = [0] * n
        for i, w in enumerate(state.lv_wk[site]):
            count[own[i]] += w
        done = len(own) / levels_of[tile[site]]
        best = max(count)
        leaders = count.count(best)
        for p in range(n):
            if count[p]:
                out[p] += count[p] * WORKER_ON_TOWER * done
                if count[p] == best:
                    out[p] += majority[site_type[site]] * done * LEAD / leaders
    return out


def heuristic(state: BretagneState, player: int) -> float:
    if state.stage == S_OVER:
        return state.outcome().rewards()[player]
    return _lead(values(state), player)


def heuristic_values(state: BretagneState) -> list[float]:
    """Every seat's ``heuristic`` from one pass over the board (the same numbers, not n passes)."""
    if state.stage == S_OVER:
        return [state.heuristic(p) for p in range(state.num_players)]
    worth = values(state)
    return [_lead(worth, p) for p in range(state.num_players)]


def _lead(worth: list[float], player: int) -> float:
    """How far ``player``'s worth is ahead of the best other seat's (behind: below 0)."""
    return worth[player] - max(v for q, v in enumerate(worth) if q != player)
