"""The rules: the flow runner's hooks (rounds, phases and turns; chance), the effect of each
decision, and the scores.

Rule choices where the sources are silent or disagree (see README "Rule choices"):
turn order changes take effect at the start of the next round; City Hall ignores the die number;
knowledge #5 may add the goods of one depot next to the chosen one (numbers wrap 6-1); knowledge #8
lets a worker change a die by 1 or 2; the optional effects (Carpenter, Church, Market, Warehouse,
City Hall) may be passed; ships, mines and castles still in a depot at a phase change stay there
(rule summary) and only empty spaces are refilled.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Callable

from bgkit.api import TERMINAL, BadInput, Sheet, derived

from bgkit_burgundy import estate as _estate, offers as _offers, scoring
from bgkit_burgundy.codes import BUY, COLOUR_OF, DICE, DISCARD, DRAW, DRAW_ACTIONS, END, FREE_BIT, GOODS, HALL, HIRE, K, K12, K8, KINDS_OF, PASS, PICK, PLACE, P_DISCARD, P_FREE, P_HALL, P_PICK, P_SHIP, P_WARE, SELL, START, S_OVER, S_PLAY, TAKE, WHITE, WORK, WSELL, Action, Frame
from bgkit_burgundy.data import CASTLE, MINE, NUM_KINDS, SHIP, Components
from bgkit_burgundy.estate import _without
from bgkit_burgundy.reach import COST
from bgkit_burgundy.setup import depot_colours

if TYPE_CHECKING:
    from bgkit.api import Outcome

    from bgkit_burgundy.state import BurgundyState


DICE_OUTCOMES: tuple[tuple[Action, float], ...] = tuple(
    ((DICE, a, b), (1.0 if a == b else 2.0) / 36.0) for a in range(1, 7) for b in range(a, 7))
WHITE_OUTCOMES: tuple[tuple[Action, float], ...] = tuple(((WHITE, v), 1.0 / 6.0) for v in range(1, 7))


def _running_totals(outcomes: tuple[tuple[Action, float], ...]) -> tuple[float, ...]:
    """The probabilities of ``outcomes`` added up in order, as ``State.chance_pick`` adds them."""
    total, totals = 0.0, []
    for _, probability in outcomes:
        total += probability
        totals.append(total)
    return tuple(totals)


# per chance event with fixed odds: (outcomes, their running totals) for chance_pick's bisection
FIXED_ODDS: dict[int, tuple[tuple[Action, ...], tuple[float, ...]]] = {
    WHITE: (tuple(o for o, _ in WHITE_OUTCOMES), _running_totals(WHITE_OUTCOMES)),
    DICE: (tuple(o for o, _ in DICE_OUTCOMES), _running_totals(DICE_OUTCOMES)),
}


def _black_kinds(comp: Components) -> tuple[int, ...]:
    """The kinds that have tiles with a black back in this box (ascending)."""
    return derived(comp, "burgundy black kinds", lambda: tuple(k for k in range(NUM_KINDS) if comp.black_stack[k]))


#: A turn's legal actions are the offers the dice and the board make (:mod:`bgkit_burgundy.offers`).
turn_actions = _offers.turn_actions


def step(state: BurgundyState) -> int | None:
    """Whose decision it is with no chance event and no frame waiting; a turn with nothing
    left to do (no die, no purchase) ends by itself."""
    if state.stage != S_PLAY:
        return TERMINAL if state.stage == S_OVER else state.order[state.turn]
    if state.turn < 0:
        _begin_turn(state)
    p = state.order[state.turn]
    if state.left or _offers._can_buy(state, p):
        return p
    _end_turn(state)
    return None


def settle_chance(state: BurgundyState, event: Frame) -> bool:
    """A draw with one kind of tile left (or none) needs no chance."""
    if event[0] != DRAW:
        return False
    stack, kinds = _draw_pool(state, event)
    found = -1
    for k in kinds:
        if stack[k]:
            if found >= 0:
                return False  # two kinds or more: chance decides
            found = k
    state.chance.pop(0)
    if found >= 0:
        _drawn(state, event, found)
    return True


def frame_player(state: BurgundyState, frame: Frame) -> int:
    """Every follow-up is decided by the player whose turn it is."""
    return state.order[state.turn]


def apply_chance(state: BurgundyState, event: Frame, outcome: Action) -> None:
    code = outcome[0]
    if code == WHITE:
        g = state.round_goods[state.round]
        state.depot_goods[outcome[1] - 1][g - 1] += 1
    elif code == DICE:
        state.dice[event[1]] = [outcome[1], outcome[2]]
    else:
        _drawn(state, event, outcome[1])


def apply_turn(state: BurgundyState, action: Action) -> None:
    """A decision's effect: a take, the commonest, written out here (``_use_die``, then
    ``_store``); the others by ``EFFECTS``."""
    if action[0] == TAKE:
        p = state.cur
        die, dep, kind = action[1], action[2] - 1, action[3]
        if die:
            state.left.remove(die)
            know = state.know[p]
            state.workers[p] -= COST[1 if know & K8 else 0][1 if know & K12 else 0][die][dep + 1]
        else:
            state.pending.pop()  # the castle's free die
        tiles = state.depots[dep]
        i = tiles.index(kind)
        state.depots[dep] = tiles[:i] + tiles[i + 1 :]
        state.storage[p] = storage = (*state.storage[p], kind)
        if len(storage) > 3:
            state.pending.push(P_DISCARD)
        return
    effect = EFFECTS.get(action[0])
    if effect is None:
        raise BadInput(f"not an action of this game: {action!r}")
    effect(state, state.cur, action)


def _decide(state: BurgundyState, frame: Frame, action: Action) -> None:
    """A follow-up's step: each action says what it does, whatever the frame that offered it."""
    state.apply_turn(action)


def _start_round(state: BurgundyState) -> None:
    n = state.num_players
    state.order = sorted(range(n), key=lambda p: (-state.track_pos[p], -state.track_stamp[p]))
    state.chance.append((WHITE,))
    for p in state.order:
        state.chance.append((DICE, p))
    state.turn = -1


def _start_phase(state: BurgundyState) -> None:
    """Clear the depots (ships, mines and castles may stay) and queue the draws that refill them."""
    n = state.num_players
    for d in range(6):
        old = list(state.depots[d])
        kept = []
        for colour in depot_colours(state.comp, d + 1, n, state.phase):
            if colour in (CASTLE, MINE, SHIP) and colour in old:
                old.remove(colour)
                kept.append(colour)
            else:
                state.chance.append((DRAW, d + 1, colour))
        state.depots[d] = tuple(kept)
    state.black = ()
    for _ in range(state.comp.black_size[n - 2]):
        state.chance.append((DRAW, 0, -1))
    state.round_goods = state.future.pop(0)
    state.round = 0
    _start_round(state)


def _begin_turn(state: BurgundyState) -> None:
    state.turn = 0 if state.turn < 0 else state.turn
    state.left = state.dice[state.order[state.turn]][:]
    state.bought = state.hired = False


def _end_turn(state: BurgundyState) -> None:
    state.left = []
    state.turn += 1
    if state.turn < state.num_players:
        _begin_turn(state)
        return
    state.round += 1
    if state.round < 5:
        _start_round(state)
        return
    for p in range(state.num_players):  # end of phase: mine income
        mines = state.colour_fill[p][MINE]
        state.silver[p] += mines
        if state.know[p] & K[2]:
            state.workers[p] += mines
    state.phase += 1
    if state.phase == 5:
        state.stage = S_OVER
        return
    _start_phase(state)


def _draw_pool(state: BurgundyState, event: Frame) -> tuple[list[int], tuple[int, ...]]:
    """The stack a draw comes from, and the kinds it may hold (ascending)."""
    if event[1] == 0:
        return state.black_stack, _black_kinds(state.comp)
    return state.col_stack, KINDS_OF[event[2]]


def _drawn(state: BurgundyState, event: Frame, kind: int) -> None:
    if event[1] == 0:
        state.black_stack[kind] -= 1
        state.black = (*state.black, kind)
    else:
        state.col_stack[kind] -= 1
        state.depots[event[1] - 1] = (*state.depots[event[1] - 1], kind)


def chance_label(state: BurgundyState) -> str:
    head = state.chance[0]
    if head[0] == WHITE:
        return f"the white die (P{state.order[0] + 1}, the start player, rolls it)"
    if head[0] == DICE:
        return f"P{head[1] + 1} rolls their two dice"
    return "a tile drawn from the black bag" if head[1] == 0 else f"a tile drawn for depot {head[1]}"


def chance_outcomes(state: BurgundyState) -> list[tuple[Action, float]]:
    head = state.chance[0]
    if head[0] == WHITE:
        return list(WHITE_OUTCOMES)
    if head[0] == DICE:
        return list(DICE_OUTCOMES)
    stack, kinds = _draw_pool(state, head)
    total = float(sum(map(stack.__getitem__, kinds)))
    return [(DRAW_ACTIONS[k], stack[k] / total) for k in kinds if stack[k]]


def chance_pick(state: BurgundyState, pick: float) -> Action:
    """``State.chance_pick`` without building the outcome list: the dice and the white die by
    bisecting precomputed running totals, a draw by the same running sum stopped at the pick."""
    head = state.chance[0]
    fixed = FIXED_ODDS.get(head[0])
    if fixed is not None:
        outcomes, totals = fixed
        i = bisect_right(totals, pick)  # the first running total above pick
        return outcomes[i] if i < len(outcomes) else outcomes[-1]
    stack, kinds = _draw_pool(state, head)
    total = float(sum(map(stack.__getitem__, kinds)))
    running = 0.0
    last = -1
    for k in kinds:
        left = stack[k]
        if left:
            running += left / total
            if pick < running:
                return DRAW_ACTIONS[k]
            last = k
    return DRAW_ACTIONS[last]


def _place_stored(state: BurgundyState, p: int, action: Action) -> None:
    kind = action[2]
    space = action[3]
    colour = COLOUR_OF[kind]
    _estate._use_die(state, p, action[1], state.boards[p].die[space], 0, FREE_BIT[colour])
    state.storage[p] = _without(state.storage[p], kind)
    _estate._place(state, p, kind, space)


def _sell_die(state: BurgundyState, p: int, action: Action) -> None:
    _estate._use_die(state, p, action[1], action[2], 0, 0)
    _estate._sell(state, p, action[2] - 1)


def _work(state: BurgundyState, p: int, action: Action) -> None:
    _estate._use_die(state, p, action[1], action[1], 0, 0)
    know = state.know[p]
    state.workers[p] += 4 if know & K[14] else 2
    if know & K[13]:
        state.silver[p] += 1


def _buy(state: BurgundyState, p: int, action: Action) -> None:
    state.silver[p] -= 2
    state.bought = True
    if action[1] == 0:
        state.black = _without(state.black, action[2])
    else:
        state.depots[action[1] - 1] = _without(state.depots[action[1] - 1], action[2])
    _estate._store(state, p, action[2])


def _hire(state: BurgundyState, p: int, action: Action) -> None:
    state.workers[p] -= 2
    state.hired = True
    state.depots[action[1] - 1] = _without(state.depots[action[1] - 1], action[2])
    _estate._store(state, p, action[2])


def _end(state: BurgundyState, p: int, action: Action) -> None:
    _end_turn(state)


def _goods(state: BurgundyState, p: int, action: Action) -> None:
    state.pending.pop()
    _estate._ship_goods(state, p, action[1], action[2], action[3])


def _pick(state: BurgundyState, p: int, action: Action) -> None:
    state.pending.pop()
    state.depots[action[1] - 1] = _without(state.depots[action[1] - 1], action[2])
    _estate._store(state, p, action[2])


def _warehouse(state: BurgundyState, p: int, action: Action) -> None:
    state.pending.pop()
    _estate._sell(state, p, action[1] - 1)


def _hall(state: BurgundyState, p: int, action: Action) -> None:
    state.pending.pop()
    state.storage[p] = _without(state.storage[p], action[1])
    _estate._place(state, p, action[1], action[2])


def _discard(state: BurgundyState, p: int, action: Action) -> None:
    state.pending.pop()
    storage = state.storage[p]
    i = storage.index(action[1], 0, 3)
    state.storage[p] = storage[:i] + storage[i + 1 :]


def _pass(state: BurgundyState, p: int, action: Action) -> None:
    state.pending.pop()


def _start(state: BurgundyState, p: int, action: Action) -> None:
    if state.secret is not None:  # hidden until the last player has chosen
        state.secret[p] = action[1]
    else:
        _estate._put_start_castle(state, p, action[1])
    state.turn += 1
    if state.turn == state.num_players:
        if state.secret is not None:  # everyone has chosen: all castles go down at once
            for q, space in enumerate(state.secret):
                _estate._put_start_castle(state, q, space)
            state.secret = None
        state.stage = S_PLAY
        _start_round(state)


def scores(state: BurgundyState) -> list[float]:
    return [scoring.total(scoring.sheet_values(state, p), state.ruleset) for p in range(state.num_players)]


def outcome(state: BurgundyState) -> Outcome:
    """The ranking of the score sheet of this table (its tie-breaks included)."""
    sheet = Sheet("", [f"P{p + 1}" for p in range(state.num_players)],
                  [scoring.sheet_values(state, p) for p in range(state.num_players)], {"ruleset": state.ruleset})
    return scoring.score_sheet(state.comp, sheet).outcome


EFFECTS: dict[int, Callable[[BurgundyState, int, Action], None]] = {
    PLACE: _place_stored, SELL: _sell_die,
    WORK: _work, BUY: _buy, HIRE: _hire, END: _end,
    GOODS: _goods, PICK: _pick, WSELL: _warehouse,
    HALL: _hall, DISCARD: _discard, PASS: _pass, START: _start,
}
# each follow-up's steps (offered by ``offers``) and their effect
FRAME_RULES = {
    P_FREE: (_offers._free_steps, _decide),
    P_SHIP: (_offers._ship_steps, _decide),
    P_PICK: (_offers._pick_steps, _decide),
    P_WARE: (_offers._warehouse_steps, _decide),
    P_HALL: (_offers._hall_steps, _decide),
    P_DISCARD: (_offers._discard_steps, _decide),
}
