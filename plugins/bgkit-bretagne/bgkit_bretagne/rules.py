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

from typing import TYPE_CHECKING

from bgkit.api import TERMINAL, BadInput, Sheet

from bgkit_bretagne import building as _building
from bgkit_bretagne import exchange as _exchange
from bgkit_bretagne import lighthouses as _lighthouses
from bgkit_bretagne import scoring
from bgkit_bretagne.codes import (
    BARGE, BLUEPRINT, BUILD, DONE, ENTER, EXCHANGE, LOAD, PASS, PLAY, PRODUCTION, Q_BLUEPRINT, Q_EQUIPMENT, Q_INCOME,
    Q_PRODUCTION, Q_WEATHER, S_ACT, S_BARGE, S_LOAD, S_OVER, S_SCORE, UNUSED, BUILT, OPEN, WEATHER, EQUIPMENT, Action, Frame,
)

if TYPE_CHECKING:
    from bgkit.api import Outcome

    from bgkit_bretagne.state import BretagneState


def step(state: BretagneState) -> int | None:
    """The seat whose barge, load, action or scoring step it is; None after a stage ends."""
    stage = state.stage
    if stage == S_ACT:
        p = _next_actor(state)
        if p is None:
            _lighthouses._start_scoring(state)
        return p
    if stage == S_BARGE:
        return _next_barge(state)
    if stage == S_LOAD:
        return _next_loader(state)
    if stage == S_SCORE:
        return _lighthouses._next_scorer(state)
    return TERMINAL


def settle_chance(state: BretagneState, event: Frame) -> bool:
    """The harbours' income needs no draw, and a draw with nothing left to draw is skipped."""
    if event[0] == Q_INCOME:
        state.chance.pop(0)
        _income(state)
        return True
    if not _draw_ready(state, event):
        state.chance.pop(0)
        return True
    return False


def frame_player(state: BretagneState, frame: Frame) -> int:
    return state.actor  # the player whose multi-step choice it is


def _draw_ready(state: BretagneState, head: Frame) -> bool:
    """Whether a queued draw can happen (something left to draw); reshuffles the equipment discards."""
    code = head[0]
    if code == Q_WEATHER:
        return bool(state.weather_left)
    if code == Q_PRODUCTION:
        return bool(state.prod_left)
    if code == Q_BLUEPRINT:
        k = head[1]
        if not state.piles[k] and state.under[k]:
            state.under[k].move_all_to(state.piles[k])  # the tiles put under the pile come up again
        return bool(state.piles[k])
    if not state.deck and state.discard:
        state.discard.move_all_to(state.deck)  # the discards are shuffled into a new deck
    return bool(state.deck)


# barges ------------------------------------------------------------------------------------


def chance_outcomes(state: BretagneState) -> list[tuple[Action, float]]:
    head = state.chance[0]
    code = head[0]
    if code == Q_WEATHER:
        return [((WEATHER, c), p) for c, p in state.weather_left.outcomes()]
    if code == Q_PRODUCTION:
        return [((PRODUCTION, c), p) for c, p in state.prod_left.outcomes()]
    if code == Q_BLUEPRINT:
        return [((BLUEPRINT, b), p) for b, p in state.piles[head[1]].outcomes()]
    return [((EQUIPMENT, k), p) for k, p in state.deck.outcomes()]


def apply_chance(state: BretagneState, head: Frame, action: Action) -> None:
    code, value = action
    if code == WEATHER:
        state.weather_left.draw(value)
        state.forecast = value
    elif code == PRODUCTION:
        state.prod_left.draw(value)
        state.prod = value
        for r, count in enumerate(state.t.prod_counts[value]):
            got = min(count, state.sup_res[r])
            state.sup_res[r] -= got
            state.quimper[r] += got
    elif code == BLUEPRINT:
        state.piles[head[1]].draw(value)
        state.face_up[head[1]].append(value)
        state.face_up[head[1]].sort()
    else:
        state.deck.draw(value)
        state.hands[head[1]].put(value)


def turn_actions(state: BretagneState) -> list[Action]:
    p = state.cur
    if p < 0:
        return []
    stage = state.stage
    if stage == S_ACT:
        return _action_choices(state, p)
    if stage == S_BARGE:
        return [(BARGE, c) for c in range(state.num_players) if c not in state.barge]
    if stage == S_LOAD:
        return [(LOAD, r) for r, q in enumerate(state.quimper) if q]
    return _lighthouses._scoring_choices(state, p)


def apply_turn(state: BretagneState, action: Action) -> None:
    p = state.actor = state.cur
    code = action[0]
    if code == BARGE:
        _take_barge(state, p, action[1])
    elif code == LOAD:
        _load(state, p, action[1])
    elif code == BUILD:
        _building._buy_blueprint(state, p, action[1])
    elif code == EXCHANGE:
        _exchange._start_exchange(state, p, action[1])
    elif code == DONE:
        state.score_idx += 1
    elif code == PASS:
        _pass(state, p)
    elif code == PLAY:
        _lighthouses._play_card(state, p, action[1])
    elif code == ENTER:
        _lighthouses._enter_harbour(state, p, action[1])
    else:
        raise BadInput(f"not an action of this game: {action!r}")


def _action_choices(state: BretagneState, p: int) -> list[Action]:
    """Pass, the exchanges that can trade, and every blueprint a site can then be built with."""
    out = _building._buildable(state, p)
    if state.work[p] >= 1:
        for city in (0, 1):
            if _exchange._city_open(state, p, city):
                out.append((EXCHANGE, city))
    out.append((PASS,))
    return out


def _next_barge(state: BretagneState) -> int | None:
    """The next seat to choose a barge card (the last card is given); None when all have one."""
    n = state.num_players
    for p in state.order:
        if state.barge[p] < 0:
            free = [c for c in range(n) if c not in state.barge]
            if len(free) == 1:
                _take_barge(state, p, free[0])
                continue
            return p
    state.stage = S_LOAD
    state.boat = 0
    return None


def _take_barge(state: BretagneState, p: int, card: int) -> None:
    t = state.t
    state.barge[p] = card
    _gain_francs(state, p, t.barge_francs[card])
    got = min(t.barge_engineers[card], state.sup_eng)
    state.sup_eng -= got
    state.eng[p] += got


def _load_order(state: BretagneState) -> list[int]:
    return sorted(range(state.num_players), key=lambda p: state.barge[p])


def _next_loader(state: BretagneState) -> int | None:
    """The next player to load a boat (boat by boat, players in barge-number order)."""
    caps = state.t.barge_caps
    while state.boat < max(len(caps[c]) for c in state.barge):
        if any(state.quimper):
            for p in _load_order(state):
                if not any(state.quimper):
                    break
                if state.boat < len(caps[state.barge[p]]) and not state.passed[p]:
                    kinds = [r for r, q in enumerate(state.quimper) if q]
                    if len(kinds) == 1:
                        _load(state, p, kinds[0])
                        continue
                    return p
        state.boat += 1
        state.passed = [False] * state.num_players  # 'passed' marks who loaded this boat
    state.passed = [False] * state.num_players
    state.stage = S_ACT
    state.turn = 0
    return None


def _load(state: BretagneState, p: int, r: int) -> None:
    take = min(state.t.barge_caps[state.barge[p]][state.boat], state.quimper[r])
    state.quimper[r] -= take
    state.res[p][r] += take
    state.passed[p] = True


# actions -----------------------------------------------------------------------------------


def _next_actor(state: BretagneState) -> int | None:
    n = state.num_players
    for i in range(n):
        p = state.order[(state.turn + i) % n]
        if not state.passed[p]:
            state.turn = (state.turn + i) % n
            return p
    return None


def _end_action(state: BretagneState) -> None:
    state.turn = (state.turn + 1) % state.num_players


# scoring -----------------------------------------------------------------------------------


def _pass(state: BretagneState, p: int) -> None:
    limit = state.comp.supply.warehouse_limit
    res = state.res[p]
    for r, q in enumerate(res):
        if q > limit:
            state.sup_res[r] += q - limit
            res[r] = limit
    state.sup_eng += state.eng[p]
    state.eng[p] = 0
    state.work[p] += state.city[p]
    state.city[p] = 0
    state.passed[p] = True
    state.next_order.append(p)
    _end_action(state)


def _end_round(state: BretagneState) -> None:
    play = state.comp.play
    for i, where in enumerate(state.site):
        if where == OPEN:
            if state.site_eng[i]:
                state.sup_eng += state.site_eng[i]
                state.site_eng[i] = 0
            else:
                state.bounty[i] += play.bounty_francs
                state.bank -= play.bounty_francs
    if state.round >= play.rounds or all(where in (UNUSED, BUILT) for where in state.site):
        state.stage = S_OVER
        return
    state.round += 1
    _start_round(state)


def _start_round(state: BretagneState) -> None:
    t, table = state.t, state.comp.table
    n = state.num_players
    state.order = state.next_order
    state.next_order = []
    state.passed = [False] * n
    state.barge = [-1] * n
    state.stage = S_BARGE
    state.turn = 0
    # the weather: the forecast comes true, a new forecast is turned up (not for after the last round)
    if state.forecast >= 0:
        state.weather, state.forecast = state.forecast, -1
    if state.round < state.comp.play.rounds:
        state.chance.append((Q_WEATHER,))
    # Brest refilled from the supply up to its limits
    for r in range(len(t.resources)):
        add = min(table.brest_resources_each - state.market[r], state.sup_res[r])
        if add > 0:
            state.market[r] += add
            state.sup_res[r] -= add
    add = min(table.brest_engineers - state.singles, state.sup_eng)
    state.singles += add
    state.sup_eng -= add
    add = min(table.brest_engineer_pairs - state.pairs, state.sup_eng // 2)
    state.pairs += add
    state.sup_eng -= 2 * add
    # Quimper emptied, a production card drawn
    for r, q in enumerate(state.quimper):
        state.sup_res[r] += q
    state.quimper = [0] * len(t.resources)
    state.chance.append((Q_PRODUCTION,))
    for k in range(len(t.stacks)):
        for _ in range(table.face_up_blueprints - len(state.face_up[k])):
            state.chance.append((Q_BLUEPRINT, k))
    state.chance.append((Q_INCOME,))


def _income(state: BretagneState) -> None:
    """Every worker in a harbour brings its income (the side up of its harbour tile)."""
    t = state.t
    for h, workers in enumerate(state.harb):
        income = t.harbour_income[h][1 if state.improved[t.harbour_coast[h]] else 0]
        for p in range(state.num_players):
            for _ in range(workers[p]):
                for key, amount in income:
                    _gain(state, p, key, amount)


def _gain(state: BretagneState, p: int, key: str, amount: int) -> None:
    t = state.t
    if key == "francs":
        _gain_francs(state, p, amount)
    elif key == "engineers":
        got = min(amount, state.sup_eng)
        state.sup_eng -= got
        state.eng[p] += got
    elif key == "workers":
        got = min(amount, state.reserve[p])
        state.reserve[p] -= got
        state.work[p] += got
    elif key == "equipment":
        for _ in range(amount):
            state.chance.append((Q_EQUIPMENT, p))
    elif key == "vp":
        state.vp[p] += amount
    else:
        r = t.resources.index(key)
        got = min(amount, state.sup_res[r])
        state.sup_res[r] -= got
        state.res[p][r] += got


def _gain_francs(state: BretagneState, p: int, amount: int) -> None:
    """Francs from the bank (it never runs out: the coins are not a limit)."""
    state.francs[p] += amount
    state.bank -= amount


def _pay_francs(state: BretagneState, p: int, amount: int) -> None:
    state.francs[p] -= amount
    state.bank += amount


def _sheet(state: BretagneState) -> Sheet:
    places = scoring.pontivy_places(state)
    return Sheet("", [f"P{p + 1}" for p in range(state.num_players)],
                 [scoring.sheet_values(state, p, places) for p in range(state.num_players)])


def scores(state: BretagneState) -> list[float]:
    return scoring.score_sheet(state.comp, _sheet(state)).totals


def outcome(state: BretagneState) -> Outcome:
    """The ranking of this table's score sheet, by the same code that ranks a sheet typed in."""
    return scoring.score_sheet(state.comp, _sheet(state)).outcome
