"""A cheap rule of thumb for MCTS playouts (``TrollState.rollout_action``): play like a person would
at a glance, so that a playout shows what a decision is worth instead of drowning it in random
bids, travellers eaten or robbed at random and cards spent at random.

Bids: close now and then, else a few stones of the largest colour. Picks: the traveller worth most
on the side that is shorter (a hazard counts what it would take). A hazard: the Garlic Merchant if
held, stones when they are plenty and the card is worth it, else the card. A goat: fight when
possible. Scoring: buy the upgrade when affordable, spend cards onto the shorter side until the
sides are level, convert. Everything else (which stones to pay or take, a Jester's colours):
at random. Runs on determinisations, so it sees only what the search may see; always legal.
"""

from __future__ import annotations

import random

from bgkit_bridgetroll import codes as S
from bgkit_bridgetroll.bids import BID, CLOSE
from bgkit_bridgetroll.travellers import FOOD, GARLIC, GOAT, NORMAL, ROYAL, SPECIAL, TOLL, targets

CLOSE_CHANCE = 0.3
MOST_BID = 4


def move(s, rng: random.Random):
    p = s.cur
    top = s.pending.top() if s.pending else None
    if top is None:
        stage = s.stage
        if stage == S.S_BID:
            return bid(s.stones[p], rng)
        if stage == S.S_PICK:
            return _pick(s, p, rng)
        if stage == S.S_PILES:
            return (S.PILE, max(s.piles, key=lambda q: sum(s.bridge[q])))
        return s.legal_actions()[0]  # the window: play the special (or go on)
    code = top[0]
    if code == S.P_SCORE:
        return _score(s, p, top)
    if code == S.P_PLACE:
        return (S.PLACE, FOOD if _side_sums(s, p)[0] <= _side_sums(s, p)[1] else TOLL)
    if code == S.P_HAZARD:
        t = s.t
        if s._holds(p, GARLIC) >= 0:
            return (S.USE_GARLIC,)
        value, found = targets(t, t.effect[top[1]], s.food[p], s.toll[p])
        if value >= 4 and sum(s.stones[p]) >= value + 2:
            return (S.DEFEND,)
        area, card = found[0]
        return (S.LOSE, area, card)
    if code == S.P_GOAT:
        return s._frame_actions(p, top)[0]  # fight when possible
    if code == S.P_SELL:
        return (S.SELL, min(s.ups[p]))
    return rng.choice(s._frame_actions(p, top))


def bid(stones: list[int], rng: random.Random) -> tuple:
    """The rule's sealed bid for a player holding ``stones``: close now and then, else 1 up to a
    few stones of the largest colour (the first such colour). It needs only what everyone sees."""
    colour = max(range(len(stones)), key=stones.__getitem__)
    held = stones[colour]
    if not held or rng.random() < CLOSE_CHANCE:
        return (CLOSE,)
    return (BID, colour, rng.randint(1, min(held, MOST_BID)))


def _side_sums(s, p: int) -> tuple[int, int]:
    t = s.t
    return sum(t.food[x] for x in s.food[p]), sum(t.toll[x] for x in s.toll[p])


def _pick(s, p: int, rng: random.Random):
    t = s.t
    food, toll = _side_sums(s, p)
    best, best_value = (S.PICK_FD,) if s.fd != S.NONE else None, 1.5 + rng.random()
    for x in set(s.row):
        kind = t.kind[x]
        if kind == NORMAL:
            side = FOOD if food < toll or (food == toll and t.food[x] >= t.toll[x]) else TOLL
            value = t.food[x] if side == FOOD else t.toll[x]
            action = (S.PICK, x, side)
        elif kind == ROYAL:
            value, action = t.food[x] + 0.5, (S.PICK, x, FOOD)
        elif kind == SPECIAL:
            value, action = 2.5, (S.PICK, x, S.HAND)
        else:
            if t.effect[x] == GOAT:
                value = -t.goat_damage[x]
            else:
                value = -targets(t, t.effect[x], s.food[p], s.toll[p])[0]
            action = (S.PICK, x, S.HAZ)
        value += rng.random()
        if best is None or value > best_value:
            best, best_value = action, value
    return best


def _score(s, p: int, top: tuple):
    _, sel_food, sel_toll, _, converted, bought = top
    t = s.t
    if not bought and s.pile and not sel_food and not sel_toll and s.vp[p] >= s.comp.upgrade_costs[s.pile[0]]:
        return (S.BUY,)
    if converted:
        return (S.END,)
    food = sum(t.food[x] for x in sel_food)
    gold = sum(t.toll[x] for x in sel_toll)
    if food <= gold:
        left = list(s.food[p])
        for x in sel_food:
            left.remove(x)
        if left and not (food == gold and food):
            return (S.SPEND, FOOD, max(left, key=t.food.__getitem__))
    else:
        left = list(s.toll[p])
        for x in sel_toll:
            left.remove(x)
        if left:
            return (S.SPEND, TOLL, max(left, key=t.toll.__getitem__))
    return (S.CONVERT,) if food and gold else (S.END,)
