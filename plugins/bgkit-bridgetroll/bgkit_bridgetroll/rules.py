"""Bridge Troll's rules: the round's flow on the core runner (``bgkit.api.Flow``), chance, picking
travellers, the stones taken and given, and the final scores.

A round (rule summary, "进行游戏"): the start player rolls the weather die (chance), which sets
``k`` travellers from the schedule card; the first lies face down, the rest are turned up one by
one (chance). Players holding a Fortune Teller or a Miner may play it before bidding (the
window). Every player bids at once (``bids``). Trophies by bid; open bridges pick travellers in
trophy order until the row is empty, eating or robbing each at once; hazards strike at once
(``hazards``). Open bridges take back the bid stones a bridge at a time in reverse trophy order;
closed bridges take stones from the pool per open bridge; if every bridge closed, each takes 3,
the row is discarded, the same number is drawn again and everyone bids again. Then everyone in
turn, from the start player, may convert food and gold into points and buy the top upgrade card
(``scoreturn``); the die passes left. When the deck cannot supply a round's travellers the game
ends at once.

Every action is applied by its opcode's handler (``TrollState.handlers``, one function per
opcode; ``p`` is the player acting). Multi-step choices (paying a defence, throwing stones at a
goat, taking stones, spending cards) are frames on the ``Pending`` stack, each kind with its
legal steps in ``frame_rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, cast

from bgkit.api import TERMINAL, BadInput, Sheet, clockwise

from bgkit_bridgetroll import bidding as _bidding
from bgkit_bridgetroll import hazards as _hazards
from bgkit_bridgetroll import scoring
from bgkit_bridgetroll.bids import bid_options
from bgkit_bridgetroll.codes import (
    BY_DISCARD, BY_PICK, DRAW, HAND, HAZ, HIDDEN, NONE, P_PAY, P_PLACE, P_SCORE, P_TAKE, P_THROW, PICK,
    PICK_FD, PILE, PLACE, PLAY_MINER, PLAY_PEEK, READY, REVEAL, S_BID, S_DRAW, S_GIFT, S_OVER, S_PICK,
    S_PILES, S_ROLL, S_SCORE, S_WINDOW, SEE, STEAL, TAKE, THEN_SCORE, WEATHER, Action, Frame,
)
from bgkit_bridgetroll.travellers import FOOD, JESTER, MINER, NORMAL, PEEK, ROYAL, SPECIAL, TOLL

if TYPE_CHECKING:
    from bgkit.api import Outcome

    from bgkit_bridgetroll.state import TrollState


def step(state: TrollState) -> int | None:
    """The round's flow (the Flow runner's hook): who decides in this stage, or one step taken."""
    stage = state.stage
    if stage == S_PICK:
        if not state.row and state.fd == NONE:
            _begin_piles(state)
            return None
        state.actor = state.order[state.turn % len(state.order)]
        return state.actor
    if stage == S_BID:
        state.actor = state.seq[state.turn]
        return state.actor
    if stage == S_SCORE:
        if state.turn == state.num_players:
            _end_round(state)
            return None
        state.actor = state.seq[state.turn]
        state.turn += 1
        state.pending.push(P_SCORE, (), (), (), False, False)
        return None
    if stage == S_GIFT:
        if state.turn == len(state.seq):
            if state.then == THEN_SCORE:
                _begin_scoring(state)
            else:
                _discard_row(state)
            return None
        state.actor = state.seq[state.turn]
        state.turn += 1
        state.pending.push(P_TAKE, state.gift, 0, True)
        return None
    if stage == S_PILES:
        if state.turn == len(state.seq):  # closed bridges: the schedule's stones per open bridge
            per_open = state.comp.schedules[state.num_players].stones_per_open_player
            _begin_gifts(state, state.closed, per_open * len(state.order), THEN_SCORE)
            return None
        state.actor = state.seq[state.turn]
        if len(state.piles) == 1:
            _do(state, (PILE, state.piles[0]))
            return None
        return state.actor
    if stage == S_WINDOW:
        seq = state.seq
        while state.turn < len(seq) and not _usable(state, seq[state.turn]):
            state.turn += 1
        if state.turn == len(seq):
            _bidding._begin_bids(state)
            return None
        state.actor = seq[state.turn]
        return state.actor
    if stage == S_DRAW:
        _begin_window(state)
        return None
    if stage == S_OVER:
        return TERMINAL
    raise AssertionError(f"stuck in stage {stage}")  # pragma: no cover

def settle_frame(state: TrollState, frame: Frame) -> bool:
    """A stone-by-stone step that leaves no choice is taken; one with nothing left is popped."""
    if frame[0] not in (P_TAKE, P_PAY, P_THROW):
        return False
    # Flow types its frame_rules for any game; this game's are play.FRAME_RULES, whose steps are actions
    actions = cast(list[Action], state.frame_rules[frame[0]][0](state, frame))
    if not actions:
        state.pending.pop()
        return True
    if len(actions) == 1:
        _do(state, actions[0])
        return True
    return False

def frame_player(state: TrollState, frame: Frame) -> int:
    return state.actor

def _start_round(state: TrollState) -> None:
    state.stage = S_ROLL
    state.weather = -1
    state.chance.append((WEATHER,))

def _lay_out(state: TrollState) -> None:
    """The first traveller face down (which card it is stays undecided), the rest turned up."""
    if state.deck.size < state.k:  # "牌堆的数量无法满足…游戏结束"
        state.stage = S_OVER
        return
    state.row = []
    state.fd, state.seen = HIDDEN, 0
    state.stage = S_DRAW
    state.chance.extend([(DRAW,)] * (state.k - 1))

def _usable(state: TrollState, p: int) -> bool:
    """Whether ``p`` holds a Fortune Teller to peek with or a Miner to dig with."""
    hand = state.hand[p]
    if not hand:
        return False
    effect = state.t.effect
    for x in hand:
        e = effect[x]
        if e == PEEK and state.fd != NONE and not state.seen >> p & 1:
            return True
        if e == MINER and any(state.pool):
            return True
    return False

def _begin_window(state: TrollState) -> None:
    state.stage = S_WINDOW
    state.seq = clockwise(state.num_players, state.start)
    state.turn = 0

def _begin_piles(state: TrollState) -> None:
    """Open bridges take the bid stones, one bridge each, from the last trophy up."""
    state.stage = S_PILES
    state.seq = state.order[::-1]
    state.piles = sorted(state.order)
    state.turn = 0

def _begin_gifts(state: TrollState, players: list[int], stones: int, then: int) -> None:
    state.stage = S_GIFT
    state.seq = list(players)
    state.gift = stones
    state.then = then
    state.turn = 0

def _discard_row(state: TrollState) -> None:
    """Every bridge closed: the row goes to the discard pile (the face-down card turned up first)."""
    if state.fd == HIDDEN:
        state.chance.append((REVEAL, BY_DISCARD))
        state.stage = S_DRAW  # after the reveal: the rest of the discard, then a new row
        state.seq = []
        return
    _redraw(state)

def _redraw(state: TrollState) -> None:
    for x in state.row:
        state.discard[x] += 1
    if state.fd >= 0:
        state.discard[state.fd] += 1
    state.row = []
    state.fd, state.seen = NONE, 0
    _lay_out(state)

def _begin_scoring(state: TrollState) -> None:
    state.stage = S_SCORE
    state.seq = clockwise(state.num_players, state.start)
    state.turn = 0

def _end_round(state: TrollState) -> None:
    """The die passes left; trophies and the tops of the boards are cleared."""
    state.start = (state.start + 1) % state.num_players
    state.round += 1
    state.bids = [None] * state.num_players
    state.order, state.closed, state.piles = [], [], []
    _start_round(state)

def chance_outcomes(state: TrollState) -> list[tuple[Action, float]]:
    head = state.chance[0]
    code = head[0]
    if code == WEATHER:
        return [((WEATHER, w), p) for w, p in enumerate(state.t.weather_odds)]
    return [((code, x), p) for x, p in state.deck.outcomes()]

def turn_actions(state: TrollState) -> list[Action]:
    p = state.cur
    if p < 0:
        return []
    stage = state.stage
    if stage == S_BID:
        return bid_options(state.stones[p], _holds(state, p, JESTER) >= 0)
    if stage == S_PICK:
        return _pick_actions(state, p)
    if stage == S_PILES:
        return [(PILE, q) for q in state.piles]
    if stage == S_WINDOW:
        out = _special_actions(state, p)
        out.append((READY,))
        return out
    raise AssertionError(f"no decision in stage {stage}")  # pragma: no cover

def _holds(state: TrollState, p: int, effect: int) -> int:
    """The first card in ``p``'s hand with ``effect``, or -1."""
    for x in state.hand[p]:
        if state.t.effect[x] == effect:
            return x
    return -1

def _special_actions(state: TrollState, p: int) -> list[Action]:
    out: list[Action] = []
    if _holds(state, p, PEEK) >= 0 and state.fd != NONE and not state.seen >> p & 1:
        out.append((PLAY_PEEK,))
    if _holds(state, p, MINER) >= 0 and any(state.pool):
        out.append((PLAY_MINER,))
    return out

def _pick_actions(state: TrollState, p: int) -> list[Action]:
    kind = state.t.kind
    out: list[Action] = []
    for x in sorted(set(state.row)):
        k = kind[x]
        if k == NORMAL:
            out.append((PICK, x, FOOD))
            out.append((PICK, x, TOLL))
        elif k == ROYAL:
            out.append((PICK, x, FOOD))
        elif k == SPECIAL:
            out.append((PICK, x, HAND))
        else:
            out.append((PICK, x, HAZ))
    if state.fd != NONE:
        out.append((PICK_FD,))
    if state.hand[p]:
        out.extend(_special_actions(state, p))
    return out

def _take_steps(state: TrollState, top: Frame) -> list[Action]:
    p = state.actor
    _, still, low, steal = top
    pool = state.pool
    total = sum(pool)
    if total:
        need = min(still, total)
        out: list[Action] = []
        later = total - sum(pool[:low])
        for c in range(low, len(pool)):
            if pool[c] and later >= need:
                out.append((TAKE, c))
            later -= pool[c]
        return out
    if not steal:
        return []
    mine = sum(state.stones[p])
    totals = [sum(s) for s in state.stones]
    richest = max((totals[q] for q in range(state.num_players) if q != p), default=0)
    if mine >= richest or richest == 0:
        return []
    return [(STEAL, q, c) for q in range(state.num_players) if q != p and totals[q] == richest
            for c, held in enumerate(state.stones[q]) if held]

def apply_turn(state: TrollState, action: Action) -> None:
    _do(state, action)

def apply_chance(state: TrollState, event: Frame, outcome: Action) -> None:
    state._worths = None
    handler = CHANCE_HANDLERS.get(outcome[0])
    if handler is None:
        raise BadInput(f"not a chance outcome of this game: {outcome!r}")
    handler(state, event, outcome)

def _do(state: TrollState, action: Action) -> None:
    state._worths = None
    handler = state.handlers.get(action[0])
    if handler is None:
        raise BadInput(f"not an action of this game: {action!r}")
    handler(state, state.actor, action)

def _draw(state: TrollState, event: Frame, action: Action) -> None:
    state.deck.draw(action[1])
    state.row.append(action[1])

def _weather(state: TrollState, event: Frame, action: Action) -> None:
    state.weather = action[1]
    state.k = state.comp.schedules[state.num_players].travellers[state.t.weathers[action[1]]]
    _lay_out(state)

def _pick(state: TrollState, p: int, action: Action) -> None:
    x, side = action[1], action[2]
    state.row.remove(x)
    state.turn += 1
    _receive(state, p, x, side)

def _pick_face_down(state: TrollState, p: int, action: Action) -> None:
    state.turn += 1
    if state.fd == HIDDEN:
        state.chance.append((REVEAL, BY_PICK))
    else:
        x, state.fd, state.seen = state.fd, NONE, 0
        _take_face_down(state, p, x)

def _turned_up(state: TrollState, event: Frame, action: Action) -> None:
    p = state.actor
    x = action[1]
    state.deck.draw(x)
    state.fd = x
    if state.stage == S_PICK:
        state.fd, state.seen = NONE, 0
        _take_face_down(state, p, x)
    else:
        _redraw(state)

def _seen(state: TrollState, event: Frame, action: Action) -> None:
    state.deck.draw(action[1])
    state.fd = action[1]
    state.seen |= 1 << event[1]

def _place_steps(state: TrollState, top: Frame) -> list[Action]:
    return [(PLACE, FOOD), (PLACE, TOLL)]

def _place(state: TrollState, p: int, action: Action) -> None:
    x = state.pending.pop()[1]
    (state.food if action[1] == FOOD else state.toll)[p].append(x)

def _play_special(state: TrollState, p: int, action: Action) -> None:
    code = action[0]
    x = _holds(state, p, PEEK if code == PLAY_PEEK else MINER)
    state.hand[p].remove(x)
    state.food[p].append(x)  # a special, once used, goes to the food side
    if code == PLAY_MINER:
        state.pending.push(P_TAKE, min(3, sum(state.pool)), 0, False)
    elif state.fd == HIDDEN:
        state.chance.append((SEE, p))
    else:
        state.seen |= 1 << p

def _ready(state: TrollState, p: int, action: Action) -> None:
    state.turn += 1

def _pile(state: TrollState, p: int, action: Action) -> None:
    q = action[1]
    mine, pile = state.stones[p], state.bridge[q]
    for c, count in enumerate(pile):
        mine[c] += count
        pile[c] = 0
    state.piles.remove(q)
    state.turn += 1

def _take(state: TrollState, p: int, action: Action) -> None:
    _, still, _, steal = state.pending.pop()
    if action[0] == TAKE:
        colour, low = action[1], action[1]
        state.pool[colour] -= 1
    else:
        colour, low = action[2], 0
        state.stones[action[1]][colour] -= 1
    state.stones[p][colour] += 1
    if still > 1:
        state.pending.push(P_TAKE, still - 1, low, steal)

def _spend_stone(state: TrollState, p: int, colour: int) -> None:
    """A stone paid (a defence, a goat fight, a closed bridge's conversion) goes back to the pool."""
    state.stones[p][colour] -= 1
    state.pool[colour] += 1

def _receive(state: TrollState, p: int, x: int, side: int) -> None:
    """A picked traveller is placed at once (获得… b): eaten or robbed, a royal to the food side,
    a special into the hand, a hazard strikes."""
    if side == FOOD:
        state.food[p].append(x)
    elif side == TOLL:
        state.toll[p].append(x)
    elif side == HAND:
        state.hand[p].append(x)
    else:
        _hazards._strike(state, p, x)

def _take_face_down(state: TrollState, p: int, x: int) -> None:
    kind = state.t.kind[x]
    if kind == NORMAL:
        state.pending.push(P_PLACE, x)
    else:
        _receive(state, p, x, FOOD if kind == ROYAL else HAND if kind == SPECIAL else HAZ)

def scores(state: TrollState) -> list[float]:
    return [float(state.vp[p] + sum(state.ups[p]) + len(state.ups[p])) for p in range(state.num_players)]

def outcome(state: TrollState) -> Outcome:
    """The ranking of the score sheet of this table (its tie-breaks included)."""
    n = state.num_players
    sheet = Sheet("", [f"P{p + 1}" for p in range(n)], [scoring.sheet_values(state, p) for p in range(n)])
    return scoring.score_sheet(state.comp, sheet).outcome


def apply_step(state: TrollState, frame: Frame, action: Action) -> None:
    """A step of any frame: its opcode says what it does (``TrollState.handlers``)."""
    _do(state, action)


#: each frame kind's legal steps (its steps are applied by ``rules.apply_step``)
STEPS = {P_TAKE: _take_steps, P_PLACE: _place_steps}
HANDLERS = {
    PLAY_PEEK: _play_special, PLAY_MINER: _play_special, READY: _ready,
    PICK: _pick, PICK_FD: _pick_face_down, PLACE: _place,
    PILE: _pile, TAKE: _take, STEAL: _take,
}
CHANCE_HANDLERS: dict[int, Callable[[TrollState, Frame, Action], None]] = {
    DRAW: _draw, WEATHER: _weather, REVEAL: _turned_up, SEE: _seen}
