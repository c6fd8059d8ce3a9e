"""The rules of Blue Moon City: the flow runner's hooks, the legal actions, their effects, the scores.

A turn [RB p2; rule summary L41-L67]: **move** (one decision: where to, at most 2 steps), then the
movement powers (Flit, the dragon cards) one card at a time, then **contribute** at the building
the figure stands on (box by box, each paid card by card: :mod:`bgkit_bluemooncity.payment`) or
make an offering at the courtyard (plus one per Pillar card), then **discard** 0-2 cards and draw
that many plus 2. A completed building scores at once; the golden scales are exchanged the moment
the supply runs out (:mod:`bgkit_bluemooncity.scales`).

Chance is the card draws only: every starting card, every card drawn at the end of a turn and
every reward card, each drawn by its owner as they pick it up (its audience is the owner; the
others are told "P2 draws a card"). A reward card lies face down, unseen even by its owner, until
the turn is over [RB p3; L77], so it is drawn then; while it lies there its place in the deck is
reserved, and if the deck runs out before then the reserved cards are set aside, not reshuffled
(they are already on the table). Nothing else is random during play: the discard pile is face up,
and a reshuffle moves its counts into the deck (an order nobody knows is not stored).

Hidden: the hands (a count shows), the deck and the set-aside reward cards. Crystals lie face down,
but every gain and every offering is public, so a player's total is known from the table's history:
the views keep it, the drawing hides the others' totals, and determinisations never resample it.

Readings where the rule summary is silent or contradicts itself are listed in the README ("Rule
readings") with the summary line each concerns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from bgkit.api import TERMINAL, Flow, Outcome, Sheet

from bgkit_bluemooncity import scoring
from bgkit_bluemooncity.board import ANY_COLOUR
from bgkit_bluemooncity.codes import (
    BOX, COLOUR, DISCARD, DONE, DRAW, END, EXTRA_DRAWS, GO, MOST_DISCARDS, OFF, OFFER, PILLAR, REWARD, TURN, USE,
    F_COLOUR, F_DRAGON, F_FIGURE, F_PAY, S_CONTRIBUTE, S_DISCARD, S_DRAWS, S_MOVE, S_OVER, S_POWERS, Action, Frame,
)
from bgkit_bluemooncity.kinds import DRAGON_STEPS, EXTRA_OFFERING, EXTRA_STEPS, FLY, TELEPORT
from bgkit_bluemooncity.payment import can_pay, quick_pay, steps, take
from bgkit_bluemooncity.scales import exchange

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState

_DONE = (DONE,)
_END = (END,)
_DRAW = (DRAW,)
_OFFER = (OFFER,)


def run(state: BlueMoonState) -> None:
    """The core's flow runner (``Flow.run``), the legal actions' cache emptied first: they are
    cached until the state changes."""
    state._legal = None
    Flow.run(state)


def apply(state: BlueMoonState, action: Action) -> None:
    """The core's ``Flow.apply``, the legal actions' cache emptied first (the flow runner may fill it
    again: see ``step``)."""
    state._legal = None
    Flow.apply(state, action)


def settle_chance(state: BlueMoonState, event: Frame) -> bool:
    """A card nobody can draw is skipped: no reward card owed (a reshuffle set it aside and it was
    taken), or no card left in the deck nor the discard pile [reading: draw what there is]."""
    why, p = event[0], event[1]
    if why == REWARD:
        if state.owed_old[p] or state.owed_new[p]:
            return False
    elif state.deck.size - sum(state.owed_new) > 0 or _reshuffle(state):
        return False
    del state.chance[0]
    return True


def frame_player(state: BlueMoonState, frame: Frame) -> int:
    return state.order[state.turn]  # every multi-step choice is the active player's


def step(state: BlueMoonState) -> int | None:
    """The turn's stages, each skipped when it leaves nothing to decide."""
    stage = state.stage
    if stage == S_OVER:
        return TERMINAL
    p = state.order[state.turn]
    if stage == S_MOVE:
        return p
    if stage == S_POWERS:
        if _power_cards(state, p):
            return p
        state.stage = S_CONTRIBUTE
    elif stage == S_CONTRIBUTE:
        actions = _contribution_actions(state, p)
        if len(actions) > 1:
            state._legal = actions
            return p
        state.stage = S_DISCARD
    elif stage == S_DISCARD:
        if state.hands[p].size and state.discarded < MOST_DISCARDS:
            return p
        _draw_up(state, p)
    else:  # S_DRAWS with every card drawn: the turn is over
        _end_turn(state)
    return None


def _draw_up(state: BlueMoonState, p: int) -> None:
    """End of the turn: draw discards + 2, then every reward card joins its owner's hand."""
    count = state.discarded + EXTRA_DRAWS
    state.chance += [(TURN, p, i + 1, count) for i in range(count)]
    for i in range(state.num_players):
        q = state.order[(state.turn + i) % state.num_players]
        owed = state.owed_old[q] + state.owed_new[q]
        state.chance += [(REWARD, q, j + 1, owed) for j in range(owed)]
    state.stage = S_DRAWS


def _end_turn(state: BlueMoonState) -> None:
    state.turns += 1
    if not can_progress(state):
        _over(state, "buildings")  # every building restored, and nobody can make another offering [RB p3; L95]
        return
    state.turn = (state.turn + 1) % state.num_players
    state.stage = S_MOVE
    state.scaled = state.offered = False
    state.discarded = 0


def _over(state: BlueMoonState, ending: str) -> None:
    state.ended = ending
    state.stage = S_OVER
    state.pending.clear()
    state.chance = []


def _reshuffle(state: BlueMoonState) -> bool:
    """The deck is used up: cards still reserved for face-down rewards are set aside (they lie on
    the table already), the discard pile becomes the deck [RB p2; L67]. False if it is empty too."""
    reserved = sum(state.owed_new)
    if reserved:
        state.deck.move_all_to(state.pool)
        for q in range(state.num_players):
            state.owed_old[q] += state.owed_new[q]
            state.owed_new[q] = 0
    if not state.discard.size:
        return False
    state.discard.move_all_to(state.deck)
    return True


def _reserve(state: BlueMoonState, q: int, count: int) -> None:
    """``q`` takes ``count`` reward cards face down: their places in the deck are reserved."""
    while count:
        free = state.deck.size - sum(state.owed_new)
        if free <= 0:
            if not _reshuffle(state):
                return
            continue
        take = min(free, count)
        state.owed_new[q] += take
        count -= take


def _gain(state: BlueMoonState, q: int, reward: tuple[int, int, int]) -> None:
    crystals, scales, cards = reward
    state.crystals[q] += crystals
    if scales:
        state.scales[q] += scales
        state.supply -= scales  # below 0: scales owed that the supply no longer has [RB p3; L85]
    if cards:
        _reserve(state, q, cards)


def _exchange_if_out(state: BlueMoonState) -> None:
    """The last scale was taken: exchange every player's scales at once [RB p2-3; L85-L89]."""
    if state.supply > 0:
        return
    result = exchange(state.scales)
    for q, gained in enumerate(result.crystals):
        state.crystals[q] += gained
    state.scales = list(result.kept)
    state.supply = state.in_play - sum(state.scales)


def _place_marker(state: BlueMoonState, p: int, box: int) -> None:
    board = state.board
    cell = board.box_cell[box]
    state.owner[box] = p
    state.free[p] -= 1
    if not state.scaled:  # one scale per dragon on the tile, once a turn [RB p3; L83]
        state.scaled = True
        dragons = sum(1 for d in state.dragons if d == cell)
        if dragons:
            _gain(state, p, (0, dragons, 0))
            _exchange_if_out(state)
    if all(state.owner[b] >= 0 for b in board.cell_boxes[cell]):
        _complete(state, cell)
    if not any(state.free):
        _over(state, "markers")  # every marker is on the board: no winner [RB p3; L95]


def _complete(state: BlueMoonState, cell: int) -> None:
    """The last box is filled: score the building [RB p2; L73-L79]."""
    board = state.board
    boxes = board.cell_boxes[cell]
    held = [0] * state.num_players
    for b in boxes:
        held[state.owner[b]] += 1
    most = max(held)
    leader = next(state.owner[b] for b in boxes if held[state.owner[b]] == most)  # ties: the left-most
    around = [board.neighbour[n] for n in board.neighbours[cell] if state.built[n]]
    for i in range(state.num_players):
        q = state.order[(state.turn + i) % state.num_players]
        if not held[q]:
            continue
        if q == leader:
            _gain(state, q, board.majority[cell])
        _gain(state, q, board.every[cell])
        for reward in around:
            _gain(state, q, reward)
        state.free[q] += held[q]
    for b in boxes:
        state.owner[b] = -1
    state.built[cell] = True
    _exchange_if_out(state)


def restored(state: BlueMoonState) -> bool:
    """Whether every building of the city is restored."""
    return sum(state.built) == len(state.board.buildings)


def can_progress(state: BlueMoonState) -> bool:
    """Whether someone can still place a marker or make an offering, now or in a later turn.

    Checked at the end of every turn, and False only in the restored city when nobody has a free
    marker and the crystals for the next obelisk box (the buildings ending). No other table is
    stuck, so the game needs no ending of its own for one: with every marker placed the game has
    ended already (the markers ending); and while a building is unrestored it has a free box (a
    building whose boxes are all taken is restored at once), a player with a free marker can walk
    to it, and the box can be paid: it asks at most 9 (the data's bound) and its colour has 10
    cards worth at least 1 each, which come round to any hand (discards are reshuffled into the
    deck and drawn). A test holds the data to this (every box payable by the whole deck).
    """
    if not restored(state):
        return any(state.free)
    return any(_can_offer(state, q) for q in range(state.num_players))


def next_cost(state: BlueMoonState) -> int | None:
    """What the lowest free obelisk box costs (None: the obelisk is full)."""
    filled = len(state.obelisk_owners)
    return state.obelisk[filled] if filled < len(state.obelisk) else None


def _can_offer(state: BlueMoonState, q: int, extra: int = 0) -> bool:
    cost = next_cost(state)
    return cost is not None and state.free[q] > 0 and state.crystals[q] >= cost + extra


def _offer(state: BlueMoonState, p: int, extra: int) -> None:
    cost = next_cost(state)
    assert cost is not None, "an offering at a full obelisk"  # _can_offer allowed it
    state.crystals[p] -= cost + extra
    state.obelisk_owners.append(p)
    state.free[p] -= 1
    state.offerings[p] += 1
    state.offered = True
    if state.offerings[p] >= state.target:
        _over(state, "offerings")  # the first to the target wins at once [RB p3; L93]
    elif not any(state.free):
        _over(state, "markers")


def _power_cards(state: BlueMoonState, p: int) -> list[Action]:
    counts = state.hands[p].counts
    uses = state.board.uses
    return [uses[k] for k, power, dragon in state.board.kinds.movers
            if counts[k] and (power != DRAGON_STEPS or state.dragons[dragon] != OFF)]  # a dragon in the city [RB p4]


def _contribution_actions(state: BlueMoonState, p: int) -> list[Action]:
    board = state.board
    cell = state.pos[p]
    out: list[Action] = []
    if cell == board.courtyard:
        if not state.offered:
            if _can_offer(state, p):
                out.append(_OFFER)
        else:
            kinds = board.kinds
            for k, n in enumerate(state.hands[p].counts):
                if n and kinds.power[k] == EXTRA_OFFERING and _can_offer(state, p, kinds.value[k]):
                    out.append((PILLAR, k))
    elif not state.built[cell] and state.free[p]:
        kinds, counts = board.kinds, state.hands[p].counts
        best = -1  # at the palace: what the best colour pays at a quick look, once
        for b in board.cell_boxes[cell]:
            if state.owner[b] >= 0:
                continue
            colour = board.box_colour[b]
            value = board.box_value[b]
            if colour != ANY_COLOUR:
                payable = can_pay(kinds, counts, colour, value)
            else:
                if best < 0:
                    best = max(quick_pay(kinds, counts, c) for c in kinds.box_colours)
                payable = value <= best or any(can_pay(kinds, counts, c, value) for c in kinds.box_colours)
            if payable:
                out.append(board.boxes[b])
    out.append(_END)
    return out


def legal_actions(state: BlueMoonState) -> list[Action]:
    """The core's ``Flow.legal_actions`` (the top frame's steps, else the turn's actions), cached."""
    if state._legal is not None:
        return state._legal
    frames = state.pending.frames
    if frames:
        top = frames[-1]
        actions = FRAMES[top[0]][0](state, top)
    else:
        actions = turn_actions(state)
    state._legal = actions
    return actions


def turn_actions(state: BlueMoonState) -> list[Action]:
    p = state.cur
    if p < 0:
        return []
    stage = state.stage
    board = state.board
    if stage == S_MOVE:
        return list(board.go[state.pos[p]])
    if stage == S_POWERS:
        return _power_cards(state, p) + [_DONE]
    if stage == S_CONTRIBUTE:
        return _contribution_actions(state, p)
    if stage == S_DISCARD:
        discards = board.discards
        return [discards[k] for k, n in enumerate(state.hands[p].counts) if n] + [_DRAW]
    return []


def _pay_steps(state: BlueMoonState, frame: Frame) -> list[Action]:
    _, box, colour, need, recolour, anyone = frame
    return steps(state.board.kinds, state.hands[state.cur].counts, colour, need, recolour, anyone)


def _colours(state: BlueMoonState, frame: Frame) -> list[Action]:
    kinds = state.board.kinds
    counts, value = state.hands[state.cur].counts, state.board.box_value[frame[1]]
    return [(COLOUR, c) for c in kinds.box_colours if can_pay(kinds, counts, c, value)]


def _figure_moves(state: BlueMoonState, frame: Frame) -> list[Action]:
    board = state.board
    here = state.pos[state.cur]
    return list(board.to_any[here] if board.kinds.power[frame[1]] == TELEPORT else board.to_extra[here])


def _dragon_moves(state: BlueMoonState, frame: Frame) -> list[Action]:
    board = state.board
    where = state.dragons[board.kinds.all[frame[1]].dragon]
    if board.kinds.power[frame[1]] == FLY:
        return list(board.to_anywhere) if where == OFF else [*board.to_any[where], board.to_off]
    return list(board.to_dragon_steps[where])


def chance_outcomes(state: BlueMoonState) -> list[tuple[Action, float]]:
    why, p = state.chance[0][0], state.chance[0][1]
    pile = state.pool if why == REWARD and state.owed_old[p] else state.deck
    size = pile.size
    cards = state.board.cards
    return [(cards[k], n / size) for k, n in enumerate(pile.counts) if n]


def apply_chance(state: BlueMoonState, event: Frame, action: Action) -> None:
    why, q = event[0], event[1]
    k = action[1]
    if why == REWARD and state.owed_old[q]:
        state.pool.draw(k)
        state.owed_old[q] -= 1
    else:
        state.deck.draw(k)
        if why == REWARD:
            state.owed_new[q] -= 1
    state.hands[q].put(k)


def _pay(state: BlueMoonState, frame: Frame, action: Action) -> None:
    _, box, colour, need, recolour, anyone = frame
    p = state.cur
    spent, need, recolour, anyone = take(state.board.kinds, action, colour, need, recolour, anyone)
    hand = state.hands[p]
    for k in spent:
        hand.draw(k)
        state.discard.put(k)
    if need > 0:
        state.pending.replace_top(F_PAY, box, colour, need, recolour, anyone)
    else:
        state.pending.pop()
        _place_marker(state, p, box)


def _choose_colour(state: BlueMoonState, frame: Frame, action: Action) -> None:
    box = state.pending.pop()[1]
    _start_payment(state, box, action[1])


def _start_payment(state: BlueMoonState, box: int, colour: int) -> None:
    board = state.board
    state.pending.push(F_PAY, box, colour, board.box_value[box], (0,) * len(board.kinds.colour_names), 0)


def _move_figure(state: BlueMoonState, frame: Frame, action: Action) -> None:
    state.pending.pop()
    state.pos[state.cur] = action[1]


def _move_dragon(state: BlueMoonState, frame: Frame, action: Action) -> None:
    state.pending.pop()
    state.dragons[state.board.kinds.all[frame[1]].dragon] = action[1]


def _spend(state: BlueMoonState, p: int, k: int) -> None:
    """A card played for its power (or discarded) goes to the discard pile."""
    state.hands[p].draw(k)
    state.discard.put(k)


def apply_turn(state: BlueMoonState, action: Action) -> None:
    code = action[0]
    p = state.cur
    board = state.board
    if code == GO:
        state.pos[p] = action[1]
        state.stage = S_POWERS
    elif code == USE:
        k = action[1]
        _spend(state, p, k)
        state.pending.push(F_FIGURE if board.kinds.power[k] in (TELEPORT, EXTRA_STEPS) else F_DRAGON, k)
    elif code == DONE:
        state.stage = S_CONTRIBUTE
    elif code == BOX:
        box = action[1]
        colour = board.box_colour[box]
        if colour == ANY_COLOUR:
            state.pending.push(F_COLOUR, box)
        else:
            _start_payment(state, box, colour)
    elif code == OFFER:
        _offer(state, p, 0)
    elif code == PILLAR:
        _spend(state, p, action[1])
        _offer(state, p, board.kinds.value[action[1]])
    elif code == END:
        state.stage = S_DISCARD
    elif code == DISCARD:
        _spend(state, p, action[1])
        state.discarded += 1
    elif code == DRAW:
        _draw_up(state, p)
    else:
        raise ValueError(f"not an action of Blue Moon City: {action!r}")


def scores(state: BlueMoonState) -> list[float]:
    return [float(n) for n in state.offerings]


def sheet(state: BlueMoonState) -> Sheet:
    """The score sheet of this finished table, unvalidated (the engine validates its export)."""
    return Sheet("", [f"P{p + 1}" for p in range(state.num_players)],
                 [scoring.sheet_values(state, p) for p in range(state.num_players)], {"ended_by": state.ended})


def outcome(state: BlueMoonState) -> Outcome:
    """The ranking of the score sheet of this table: the same code that ranks a typed-in sheet."""
    return scoring.score_sheet(state.comp, sheet(state)).outcome


#: Each kind of pending frame: its legal steps and its step applied (``legal_actions`` dispatches
#: them, and the core's flow runner in ``Flow.apply``: the spec's ``Rules(frame_rules=...)``).
FRAMES: dict[int, tuple[Callable[[BlueMoonState, Frame], list[Action]], Callable[[BlueMoonState, Frame, Action], None]]] = {
    F_PAY: (_pay_steps, _pay),
    F_COLOUR: (_colours, _choose_colour),
    F_FIGURE: (_figure_moves, _move_figure),
    F_DRAGON: (_dragon_moves, _move_dragon),
}
