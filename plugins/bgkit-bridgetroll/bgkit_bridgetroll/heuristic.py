"""How good a table looks for a player: what the greedy bot maximises one decision ahead (and what
MCTS uses to order its first visits and to rate a cut-off rollout).

A player's worth is their points (tokens, upgrades at value + 1) plus what their travellers,
stones and specials are likely to become:

* **Travellers** become points only in pairs of food and gold (the smaller side counts), so the
  cards beside a bridge are worth the best conversion they allow now, a little less for the risk
  of a hazard, plus a little for the unmatched rest. While a player is choosing what to spend,
  the choice is rated by the best way to complete it, so spending one card of a good set is
  never worse than spending none.
* **A pending sealed bid** cannot be judged by the reveal (one decision ahead cannot see it): a
  bid is rated by the travellers it is likely to win, against what the others could bid with
  the stones everyone can see, minus the stones it is likely to cost; closing is rated by the
  stones a closed bridge takes and the conversion help they give. This is the bidding rule of
  the greedy bot.
* **Picks, hazards, goats** are rated by the worth they add or take away.
"""

from __future__ import annotations

from bisect import bisect_left
from math import comb
from typing import TYPE_CHECKING

from bgkit.api import derived

from bgkit_bridgetroll import views as _views
from bgkit_bridgetroll.bids import amount
from bgkit_bridgetroll.codes import (
    NONE, P_GOAT, P_HAZARD, P_PAY, P_PLACE, P_SCORE, P_THROW, S_BID, S_OVER, S_PICK, Frame,
)
from bgkit_bridgetroll.roundscore import convert
from bgkit_bridgetroll.travellers import (
    GARLIC, GOAT, JESTER, MESSENGER, MINER, NORMAL, PEEK, ROYAL, SPECIAL, Tables, targets,
)

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState

STONE = 0.35  # a stone: bids, defences, goats, a closed bridge's conversion (2 for a point)
RISK = 0.85  # travellers not yet converted may be taken by a hazard or never converted
SPARE = 0.2  # a point of food or gold without its partner (it may pair up later)
HAND_WORTH = {PEEK: 0.8, GARLIC: 1.6, JESTER: 0.8, MINER: 3 * STONE + 0.5, MESSENGER: 0.6}


def heuristic(state: TrollState, player: int) -> float:
    """``player``'s worth minus the best of the others' (see ``heuristic``); at the end, the outcome."""
    if state.stage == S_OVER:
        return state.outcome().rewards()[player]
    values = state._worths
    if values is None:  # asked for every seat in turn (a cut-off rollout): worked out once
        values = state._worths = [worth(state, p) for p in range(state.num_players)]
    return values[player] - max(v for q, v in enumerate(values) if q != player)


def worth(state: TrollState, p: int) -> float:
    t = state.t
    value = float(state.vp[p] + sum(state.ups[p]) + len(state.ups[p]))
    stones = sum(state.stones[p])
    food_values = [t.food[x] for x in state.food[p]]
    toll_values = [t.toll[x] for x in state.toll[p]]
    top = state.pending.top() if state.actor == p and state.pending else None
    if top is not None and top[0] == P_SCORE and not top[4]:
        value += _spending(state, p, top)
    else:
        value += _holding(food_values, toll_values) + sum(t.bonus[x] for x in state.food[p] + state.toll[p]) * RISK
    value += stones * STONE + 0.15 * sum(1 for held in state.stones[p] if held)
    for x in state.hand[p]:
        value += HAND_WORTH.get(t.effect[x], 0.5) + 0.3 * t.food[x]
    if top is not None:
        code = top[0]
        if code in (P_HAZARD, P_GOAT):
            value -= _threat(state, p, top[1])
        elif code in (P_PAY, P_THROW):
            value -= top[1] * STONE
        elif code == P_PLACE:
            value += RISK * max(t.food[top[1]], t.toll[top[1]]) * 0.5
    if state.stage == S_BID and state.bids[p] is not None:
        value += _bid_worth(state, p, amount(state.bids[p]))
    elif state.stage == S_PICK and p in state.order:
        value += _picks_ahead(state, p)
    return value


def _holding(food: list[int], toll: list[int]) -> float:
    f, g = sum(food), sum(toll)
    return RISK * min(f, g) + SPARE * abs(f - g)


def _spending(state: TrollState, p: int, top: Frame) -> float:
    """The best the spending under way can become: the chosen cards plus the best of the rest."""
    t = state.t
    sel_food: tuple[int, ...]  # the cards chosen on each side (the score turn's frame)
    sel_toll: tuple[int, ...]
    _, sel_food, sel_toll, boost, _, _ = top
    food = list(state.food[p])
    toll = list(state.toll[p])
    for x in sel_food:
        food.remove(x)
    for x in sel_toll:
        toll.remove(x)
    f0 = sum(t.food[x] for x in sel_food)
    g0 = sum(t.toll[x] for x in sel_toll)
    bonus = sum(t.bonus[x] for x in sel_food) + sum(t.bonus[x] for x in sel_toll)
    rest_bonus = sum(t.bonus[x] for x in food + toll)
    food_sums = _subset_sums([t.food[x] for x in food])
    toll_sums = sorted(_subset_sums([t.toll[x] for x in toll]))
    left_f = sum(t.food[x] for x in food)
    left_g = sum(t.toll[x] for x in toll)
    closed = p in state.closed
    spare_stones = sum(state.stones[p]) - len(boost)
    best = float("-inf")
    for a in food_sums:
        want = f0 + a - g0
        i = bisect_left(toll_sums, want)
        for b in {toll_sums[j] for j in (i - 1, i) if 0 <= j < len(toll_sums)}:
            f, g = f0 + a, g0 + b
            points: float = convert(gold=g, food=f, stones=len(boost), closed=closed).points
            if closed:
                gap = abs(f - g) - (points - min(f, g))
                points += (1 - 2 * STONE) * min(gap, spare_stones // 2)
            kept = _holding_sums(left_f - a, left_g - b)
            score = points + kept
            if score > best:
                best = score
    return best + bonus + rest_bonus * RISK


def _holding_sums(f: int, g: int) -> float:
    return RISK * min(f, g) + SPARE * abs(f - g)


def _subset_sums(values: list[int]) -> list[int]:
    reach = 1
    for v in values:
        reach |= reach << v
    return [s for s in range(reach.bit_length()) if reach >> s & 1]


def _threat(state: TrollState, p: int, x: int) -> float:
    """What a hazard about to strike is likely to cost (the cheaper of losing and defending)."""
    t = state.t
    effect = t.effect[x]
    stones = state.stones[p]
    if effect == GOAT:
        fight = t.goat_stones[x] * STONE - t.goat_reward[x] if sum(1 for s in stones if s) >= t.goat_stones[x] else 99
        return min(fight, t.goat_damage[x])
    value, found = targets(t, effect, state.food[p], state.toll[p])
    if not found:
        return 0.0
    food_values = [t.food[y] for y in state.food[p]]
    toll_values = [t.toll[y] for y in state.toll[p]]
    before = _holding(food_values, toll_values)
    area, y = found[0]
    if area == 0:
        food_values.remove(t.food[y])
    else:
        toll_values.remove(t.toll[y])
    lose = before - _holding(food_values, toll_values) + RISK * t.bonus[y]
    defend = value * STONE if sum(stones) >= value else 99
    garlic = HAND_WORTH[GARLIC] if any(t.effect[h] == GARLIC for h in state.hand[p]) else 99
    return min(lose, defend, garlic)


def card_gain(state: TrollState, p: int, x: int) -> float:
    """How much taking traveller ``x`` (placed as well as it can be) adds to ``p``'s worth."""
    t = state.t
    kind = t.kind[x]
    food_values = [t.food[y] for y in state.food[p]]
    toll_values = [t.toll[y] for y in state.toll[p]]
    before = _holding(food_values, toll_values)
    if kind == NORMAL:
        eat = _holding(food_values + [t.food[x]], toll_values)
        rob = _holding(food_values, toll_values + [t.toll[x]])
        return max(eat, rob) - before + RISK * t.bonus[x]
    if kind == ROYAL:
        return _holding(food_values + [t.food[x]], toll_values) - before
    if kind == SPECIAL:
        return HAND_WORTH.get(t.effect[x], 0.5) + 0.3 * t.food[x]
    return -_threat(state, p, x)


def _row_gains(state: TrollState, p: int) -> list[float]:
    gains = [card_gain(state, p, x) for x in state.row]
    if state.fd != NONE:
        gains.append(_unseen_mean(state, p))
    return sorted(gains, reverse=True)


def _unseen_mean(state: TrollState, p: int) -> float:
    """What the face-down traveller is likely worth to ``p``: the card itself if they looked, else
    the unseen cards' average worth (each at the better of its sides, hazards at their usual cost)."""
    if state.fd >= 0 and state.seen >> p & 1:
        return card_gain(state, p, state.fd)
    counts = _views.unseen(state, p)
    total = sum(counts)
    if not total:
        return 0.0
    table = _face_worth(state.t)
    return sum(c * table[x] for x, c in enumerate(counts) if c) / total


def _face_worth(t: Tables) -> tuple[float, ...]:
    """Each card's worth when unseen, by card (built once per play tables)."""
    return derived(t, "bridgetroll face worth", lambda: tuple(_unseen_card(t, x) for x in range(t.cards)))


def _unseen_card(t: Tables, x: int) -> float:
    kind = t.kind[x]
    if kind == NORMAL:
        return RISK * max(t.food[x], t.toll[x]) * 0.6 + RISK * t.bonus[x]
    if kind == ROYAL:
        return RISK * t.food[x] * 0.6
    if kind == SPECIAL:
        return HAND_WORTH.get(t.effect[x], 0.5) + 0.3 * t.food[x]
    return -(t.goat_damage[x] if t.effect[x] == GOAT else 2.5)


def _picks_ahead(state: TrollState, p: int) -> float:
    """The travellers ``p`` is likely to pick from what is left of the row (the better ones go first)."""
    order = state.order
    m = len(order)
    gains = _row_gains(state, p)
    position = (order.index(p) - state.turn) % m
    return sum(g for i, g in enumerate(gains) if i % m == position) * 0.9


CLOSING = 0.35  # how often a player is taken to close
USUAL_BID = 5  # the most stones a player is taken to bid (a Jester: any of them)


def _bid_worth(state: TrollState, p: int, bid: int) -> float:
    """The greedy bidding rule: what a sealed bid of ``bid`` stones (0: close) is likely to bring ``p``.

    Each other player is taken to close about a third of the time, and else to bid 1 up to their
    largest colour (at most ``USUAL_BID``; with a Jester, any of their stones), each alike. Over how
    many others stay open: the rank ``p``'s bid is likely to reach, the travellers ``p`` then picks
    (best first, every ``m``-th), the first trophy's point, and the stones: a bid higher than the
    others' comes back only in part (the smallest pile is left to the first), a bid nobody else
    shares comes back whole. A closed bridge takes the schedule's stones per open bridge.
    """
    n = state.num_players
    t = state.t
    beat = tie = mean_bid = 0.0
    others = n - 1
    for q in range(n):
        if q == p:
            continue
        stones = state.stones[q]
        jester = any(t.effect[x] == JESTER for x in state.hand[q])
        top = min(sum(stones) if jester else max(stones), USUAL_BID)
        if top == 0:
            continue
        beat += max(0, top - bid) / top  # when open
        tie += (1 / top) if 0 < bid <= top else 0.0
        mean_bid += (top + 1) / 2
    beat, tie, mean_bid = beat / others, tie / others, mean_bid / others
    opened = 1 - CLOSING
    if bid == 0:
        per_open = state.comp.schedules[n].stones_per_open_player
        gained = min(per_open * opened * others, sum(state.pool))
        return gained * STONE + 0.3
    gains = _row_gains(state, p)
    value = 0.0
    for k in range(others + 1):  # k others open
        chance = _binomial(others, k, opened)
        if not chance:
            continue
        ahead = k * (beat + tie * 0.5)
        picks = _every_mth(gains, ahead, k + 1)
        first = (1 - beat - tie * 0.5) ** k
        lost = max(0.0, bid - mean_bid) if k else 0.0
        value += chance * (picks + first * t.trophy_bonus - lost * STONE)
    return value


def _every_mth(gains: list[float], start: float, m: int) -> float:
    """The travellers picked from ``start`` (a fractional position: interpolated), then every ``m``-th."""
    total = 0.0
    position = start
    while position < len(gains):
        low = int(position)
        frac = position - low
        nxt = gains[low + 1] if low + 1 < len(gains) else 0.0
        total += gains[low] * (1 - frac) + nxt * frac
        position += m
    return total


def _binomial(trials: int, k: int, chance: float) -> float:
    return comb(trials, k) * chance ** k * (1 - chance) ** (trials - k)
