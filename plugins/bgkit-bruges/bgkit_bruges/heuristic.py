"""Advice for bots, kept apart from the rules: the greedy bot's rating of a table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bruges import rules as _rules
from bgkit_bruges.codes import ABILITY_WORTH, LAUREL, P_OVER, PLAYS, THREAT_WORRY

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState


def heuristic(state: BrugesState, player: int) -> float:
    if state.phase == P_OVER:
        return state.outcome().rewards()[player]
    values = [_value(state, p) for p in range(state.num_players)]
    best_other = max(v for q, v in enumerate(values) if q != player)
    return values[player] - best_other


def _value(state: BrugesState, p: int) -> float:
    """Points now plus a rough worth of what is not points yet (for the greedy bot): money,
    workers, cards and empty houses are worth what they will buy while rounds are left."""
    cards = state.cards
    left = _rounds_left(state)
    later = left / 1.5 if left < 1.5 else 1.0  # how much a resource is still worth
    v = float(state.score[p] + len(state.houses[p]) + 4 * sum(state.markers[p]) + sum(state.won[p]))
    kinds, points = cards.kind, cards.points
    for x in state.occupants[p]:
        if x < 0:
            v += 1.6 * later  # room for a person
            continue
        v += points[x] + ABILITY_WORTH[kinds[x]] * left
    if LAUREL in (kinds[x] for x in state.occupants[p] if x >= 0):
        v += sum(_rules.laurels(state, p))
    for built in state.canals[p]:
        v += (1.2 + 0.6 * built) if built >= 3 else built * 0.8
    rep = state.reputation[p]
    if rep:
        v += state.comp.reputation_points[rep - 1]
    money = state.guilders[p]
    v += later * (0.3 * money if money <= 12 else 3.6 + 0.08 * (money - 12))
    workers = sum(state.workers[p])
    v += later * (0.4 * workers if workers <= 6 else 2.4 + 0.05 * (workers - 6))
    v += 0.8 * len(state.hands[p])
    for t in state.threats[p]:
        v -= THREAT_WORRY[t]
    return v


def _rounds_left(state: BrugesState) -> float:
    if state.last_round:
        return 0.0
    left = state.sizes[0] + state.sizes[1]
    soon = min(left, 2 * min(state.sizes))
    if state.end_rule == "second" and not state.extra_used:
        soon += state.extra  # the extra pile is drawn too before a pile runs out again
    return soon / (PLAYS * state.num_players) + (0 if state.extra_used else 0.5)
