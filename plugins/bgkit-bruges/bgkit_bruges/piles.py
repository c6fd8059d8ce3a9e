"""Phase 1 and every draw (RS 2.(1)): filling hands from piles A and B, the extra pile, and which
round is the last. The piles keep no order (see :mod:`bgkit_bruges.state`): a card's face is chance's
when its owner looks at it, a pile's new top colour is chance's when the top is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bruges import disasters as _disasters
from bgkit_bruges import rules as _rules
from bgkit_bruges.codes import DRAW, HAND, P_DRAW, Q_CARD, Q_TOP, Act, Frame

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState


def _hand_target(state: BrugesState, p: int) -> int:
    return HAND + state.mods[p].hand


def _draw_step(state: BrugesState) -> int | None:
    if state.turn >= state.num_players:
        _disasters._start_dice(state)
        return None
    p = state.order[state.turn]
    need = _hand_target(state, p) - len(state.hands[p]) - len(state.fresh)
    if need > 0 and (state.sizes[0] or state.sizes[1]):
        if state.sizes[0] and state.sizes[1]:
            return p
        _draw(state, p, 0 if state.sizes[0] else 1, False)
        return None
    if state.fresh:  # the hand is full: its owner looks at the new cards (RS 2.(1))
        for colour in state.fresh:
            state.chance.append((Q_CARD, p, colour, 1))
        return None
    state.turn += 1
    return None


def _draw(state: BrugesState, p: int, slot: int, look: bool) -> None:
    """Take the top card of pile ``slot``: its colour is known; its face is chance's, now (``look``)
    or once the hand is full."""
    colour = state.tops[slot]
    state.sizes[slot] -= 1
    state.tops[slot] = -1
    if look:
        state.chance.append((Q_CARD, p, colour, 0))
    else:
        state.fresh.append(colour)
    if state.sizes[slot] == 0:
        _exhausted(state, slot)
    if state.sizes[slot]:
        state.chance.append((Q_TOP, slot))


def _exhausted(state: BrugesState, slot: int) -> None:
    """A pile ran out (RS 2.(1)): the extra pile takes its place; when a pile runs out again,
    what is left of the other is split into two. Which of them makes this round the last is the
    ``end`` option: the first (reading: the English rule book's, the default) or the second (the
    rule summary's). With ``end=first`` a pile emptied in phase 3 makes the next round the last
    (reading: RP, UB); with ``end=second`` the round a pile runs out again is the last, whatever
    its phase (RS L5, L219: "the game ends at the end of that round")."""
    last = "round" if state.phase == P_DRAW or state.end_rule == "second" else "next"
    again = state.extra_used
    if not again:
        state.extra_used = True
        state.sizes[slot], state.extra = state.extra, 0
    else:
        other = 1 - slot
        rest = state.sizes[other]
        if rest > 1:
            state.sizes[other] = (rest + 1) // 2  # the upper half keeps its visible top card
            state.sizes[slot] = rest // 2
    if state.end_rule == "second" and not again:
        return
    if last == "round":
        state.last_round = True
    elif not state.last_round:
        state.last_next = True


def _reserved(state: BrugesState) -> list[int]:
    """Unseen cards of each colour already spoken for: drawn but not yet looked at (fresh ones
    queued to be looked at are still in ``fresh``), or on a pile's top."""
    held = [0] * 5
    for colour in state.fresh:
        held[colour] += 1
    for colour in state.tops:
        if colour >= 0:
            held[colour] += 1
    for e in state.chance:
        if e[0] == Q_CARD and not e[3]:
            held[e[2]] += 1
    return held


def _draw_steps(state: BrugesState, top: Frame) -> list[Act]:
    return [(DRAW, s) for s in (0, 1) if state.sizes[s]]


def _apply_draw(state: BrugesState, top: Frame, action: Act) -> None:
    _effect_draw(state, top[1], action[1])


def _effect_draw(state: BrugesState, p: int, slot: int) -> None:
    top = state.pending.top()
    assert top is not None  # the draw's follow-up, on top
    _rules._step_done(state, top)
    _draw(state, p, slot, True)
