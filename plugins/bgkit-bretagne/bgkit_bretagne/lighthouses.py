"""Scoring a completed lighthouse, from the one nearest Lorient clockwise: its workers' owners in
majority order each play equipment cards (each takes a worker off for points), then each may put a
worker in the lighthouse's harbour; then the majority, and the tower's clean-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bretagne import rules as _rules
from bgkit_bretagne.codes import BUILT, COMPLETE, DONE, ENTER, EQUIP, HARBOUR, PLAY, S_SCORE, UNUSED, Action

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState


def _scoring_choices(state: BretagneState, p: int) -> list[Action]:
    """At the equipment step, the kinds of card ``p`` holds; at the harbour step, the
    lighthouse's harbour; "done" at either."""
    if state.score_step == EQUIP:
        return [(PLAY, k) for k, c in enumerate(state.hands[p].counts) if c] + [(DONE,)]
    return [(ENTER, state.t.site_harbour[state.score_sites[0]]), (DONE,)]


def _enter_harbour(state: BretagneState, p: int, h: int) -> None:
    """A worker leaves the lighthouse for its harbour, for a franc per worker already there."""
    site = state.score_sites[0]
    _rules._pay_francs(state, p, sum(state.harb[h]) * state.comp.play.harbour_entry_francs)
    _remove_top_worker(state, site, p)
    state.harb[h][p] += 1
    state.score_idx += 1


def _start_scoring(state: BretagneState) -> None:
    state.stage = S_SCORE
    state.score_sites = [i for i, where in enumerate(state.site) if where == COMPLETE]
    _begin_site(state)


def _begin_site(state: BretagneState) -> None:
    state.score_step = EQUIP
    state.played = 0
    if state.score_sites:
        state.score_order = _majority_order(state, state.score_sites[0])
        state.score_idx = 0


def workers_on(state: BretagneState, site: int, p: int) -> int:
    own, wk = state.lv_own[site], state.lv_wk[site]
    return sum(wk[i] for i in range(len(own)) if own[i] == p)


def _lowest(state: BretagneState, site: int, p: int) -> int:
    own, wk = state.lv_own[site], state.lv_wk[site]
    for i in range(len(own)):
        if own[i] == p and wk[i]:
            return i
    return 99


def _majority_order(state: BretagneState, site: int) -> list[int]:
    """Players with workers on ``site``: most workers first, a tie to the lower level."""
    holders = [p for p in range(state.num_players) if workers_on(state, site, p)]
    return sorted(holders, key=lambda p: (-workers_on(state, site, p), _lowest(state, site, p)))


def _next_scorer(state: BretagneState) -> int | None:
    while state.score_sites:
        site = state.score_sites[0]
        while state.score_idx < len(state.score_order):
            p = state.score_order[state.score_idx]
            if workers_on(state, site, p) and _can_score_step(state, site, p):
                return p
            state.score_idx += 1
        if state.score_step == EQUIP:
            state.score_step = HARBOUR
            state.score_order = _majority_order(state, site)
            state.score_idx = 0
            continue
        _finish_site(state, site)
        state.score_sites.pop(0)
        _begin_site(state)
    _rules._end_round(state)
    return None


def _can_score_step(state: BretagneState, site: int, p: int) -> bool:
    if state.score_step == EQUIP:
        return bool(state.hands[p])
    h = state.t.site_harbour[site]
    inside = sum(state.harb[h])
    return inside < _harbour_capacity(state) and state.francs[p] >= inside * state.comp.play.harbour_entry_francs


def _harbour_capacity(state: BretagneState) -> int:
    return len(state.comp.final_scoring.harbour)


def _remove_top_worker(state: BretagneState, site: int, p: int) -> None:
    own, wk = state.lv_own[site], state.lv_wk[site]
    for i in range(len(own) - 1, -1, -1):
        if own[i] == p and wk[i]:
            wk[i] -= 1
            return
    raise ValueError("no worker to remove")


def _finish_site(state: BretagneState, site: int) -> None:
    """The majority, then the clean-up: workers home, engineers to the supply, blueprints under their piles."""
    t, play = state.t, state.comp.play
    order = _majority_order(state, site)
    for p in order:
        state.vp[p] += workers_on(state, site, p) * play.worker_points
    if order:
        state.vp[order[0]] += t.majority[t.site_type[site]]
    for i, p in enumerate(state.lv_own[site]):
        state.work[p] += state.lv_wk[site][i]
    for b in state.lv_bp[site]:
        state.under[t.bp_stack[b]].put(b)
    state.lv_bp[site], state.lv_own[site], state.lv_wk[site] = [], [], []
    state.sup_eng += state.site_eng[site]
    state.site_eng[site] = 0
    state.site[site] = BUILT
    _check_coast(state, t.site_coast[site])


def _check_coast(state: BretagneState, coast: int) -> None:
    """A coast whose lighthouses in play are all built turns its harbours to the improved side."""
    t = state.t
    if all(state.site[i] in (UNUSED, BUILT) for i in range(len(state.site)) if t.site_coast[i] == coast):
        state.improved[coast] = True


# end of round, next round -----------------------------------------------------------------------


def _play_card(state: BretagneState, p: int, kind: int) -> None:
    site = state.score_sites[0]
    t = state.t
    state.hands[p].draw(kind)
    state.discard.put(kind)
    points = t.kind_points[kind][t.site_type[site]]
    if state.played >> kind & 1:
        points = max(0, points - 1)
    state.played |= 1 << kind
    state.vp[p] += points
    _remove_top_worker(state, site, p)
    state.work[p] += 1
    if not workers_on(state, site, p) or not state.hands[p]:
        state.score_idx += 1
