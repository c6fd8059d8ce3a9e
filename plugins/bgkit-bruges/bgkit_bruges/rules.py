"""The rules of Bruges that hold the round together: the flow runner's hooks (the four phases,
forced follow-ups, the turn's actions, chance), phase 3's turns and phase 4, the small moves every
rule topic shares (money, workers, threats returned, reputation, infinity C triggers), and the scores.

The topics live beside it: ``piles`` (phase 1 and every draw), ``disasters`` (phase 2), ``plays``
(the six card actions of phase 3) and ``persons`` (what persons do once recruited).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit.api import TERMINAL, BadInput, Outcome, ScoreResult, Sheet, clockwise
from bgkit_bruges import disasters as _disasters
from bgkit_bruges import persons as _persons
from bgkit_bruges import piles as _piles
from bgkit_bruges import plays as _plays
from bgkit_bruges import scoring
from bgkit_bruges.codes import (
    ACTIVATE,
    BUILD,
    CARD,
    DIE,
    DIE_OUTCOMES,
    DRAW,
    END,
    F_CANAL,
    F_DRAW,
    F_HOUSE,
    F_PICK,
    F_THREAT,
    LAUREL,
    P_ACTIONS,
    P_DICE,
    P_DRAW,
    P_OVER,
    PLAY,
    PLAYS,
    Q_DIE,
    Q_TOP,
    TOP,
    Act,
    Frame,
)
from bgkit_bruges.effects import Holdings, per_amount

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState


def step(state: BrugesState) -> int | None:
    """The phase's next step: the seat that decides now, TERMINAL, or None after a forced step."""
    phase = state.phase
    if phase == P_DRAW:
        return _piles._draw_step(state)
    if phase == P_DICE:
        return _disasters._dice_step(state)
    if phase == P_ACTIONS:
        return _action_step(state)
    return TERMINAL


def settle_frame(state: BrugesState, top: Frame) -> bool:
    """Pop a follow-up that offers no choice any more, or take its only step; True if it did."""
    kind, p = top[0], top[1]
    if kind == F_DRAW:
        open_piles = [s for s in (0, 1) if state.sizes[s]]
        if not open_piles:
            state.pending.pop()
            return True
        if len(open_piles) == 1:
            _piles._effect_draw(state, p, open_piles[0])
            return True
    elif kind == F_THREAT:
        if not any(state.threats[p]):
            state.pending.pop()
            return True
    elif kind == F_CANAL:
        if not _plays._canal_sections(state, p, top[2], None):
            state.pending.pop()
            return True
    elif kind == F_HOUSE:
        if not state.hands[p]:
            state.pending.pop()
            return True
    elif kind == F_PICK:
        colour = state.cards.colour
        mine = [x for x in state.hands[p] if colour[x] == top[2]]
        if len(mine) == 1:
            state.pending.pop()
            _plays._lay_house(state, p, mine[0], top[3])
            return True
    return False


def turn_actions(state: BrugesState) -> list[Act]:
    if state.cur < 0:
        return []
    p = state.cur
    if state.phase == P_DRAW:
        return [(DRAW, s) for s in (0, 1) if state.sizes[s]]
    out = _persons._activations(state, p)
    if state.played:
        out.append((END,))
    else:
        _plays._plays(state, p, out)
    return out


def apply_turn(state: BrugesState, action: Act) -> None:
    code = action[0]
    p = state.cur
    if code == DRAW:
        _piles._draw(state, p, action[1], False)
    elif code == PLAY:
        _plays._play(state, p, action[1], action[2], action[3])
    elif code == BUILD:  # RS 2.(3)E: a house, its card chosen next and privately
        state.plays[p] += 1
        state.played = True
        k = action[1]
        state.pending.push(F_PICK, p, k, max(0, 1 - state.mods[p].house[k]))
    elif code == ACTIVATE:
        _persons._activate(state, p, action[1])
    elif code == END:
        state.turn += 1
        state.played = False
    else:
        raise BadInput(f"not an action of this game now: {action!r}")


def apply_chance(state: BrugesState, head: Frame, action: Act) -> None:
    code = action[0]
    if code == DIE:
        state.dice[action[1]] = action[2]
    elif code == TOP:
        state.tops[action[1]] = action[2]
    else:
        card = action[1]
        state.unseen.draw(card)
        colour = state.cards.colour[card]
        state.unseen_colours[colour] -= 1
        if head[3]:
            state.fresh.remove(colour)
        state.hands[head[1]].append(card)


def chance_outcomes(state: BrugesState) -> list[tuple[Act, float]]:
    head = state.chance[0]
    if head[0] == Q_DIE:
        return list(DIE_OUTCOMES[head[1]])
    if head[0] == Q_TOP:
        held = _piles._reserved(state)
        weights = [n - h for n, h in zip(state.unseen_colours, held)]
        total = float(sum(weights))
        return [((TOP, head[1], c), w / total) for c, w in enumerate(weights) if w > 0]
    return [((CARD, card), prob) for card, prob in state.unseen.outcomes(among=state.cards.of_colour[head[2]])]


def _step_done(state: BrugesState, top: Frame) -> None:
    """One of several steps of a follow-up taken: ask for the next, or finish."""
    if top[2] > 1:
        state.pending.replace_top(top[0], top[1], top[2] - 1)
    else:
        state.pending.pop()


def _start_actions(state: BrugesState) -> None:
    state.phase, state.turn, state.played = P_ACTIONS, 0, False
    state.plays = [0] * state.num_players


def _action_step(state: BrugesState) -> int | None:
    n = state.num_players
    while state.turn < PLAYS * n:
        p = state.order[state.turn % n]
        if not state.played and not state.hands[p]:
            state.turn += 1  # reading: a player without cards misses the turn
            continue
        if state.played and not _persons._activations(state, p):
            state.turn += 1
            state.played = False
            continue
        return p
    _end_round(state)
    return None


def _end_round(state: BrugesState) -> None:
    n = state.num_players
    persons = [sum(1 for x in occ if x >= 0) for occ in state.occupants]
    canals = [sum(c) for c in state.canals]
    for m, values in enumerate((state.reputation, persons, canals)):
        best = max(values)
        leaders = [p for p in range(n) if values[p] == best]
        if len(leaders) == 1 and not state.markers[leaders[0]][m]:  # RS 2.(4): a sole leader only
            state.markers[leaders[0]][m] = True
            _trigger(state, leaders[0], "majority")
    for used in state.used:
        used[:] = [False] * len(used)
    state.start = (state.start + 1) % n  # RS 2.(4): the start player passes left (clockwise)
    state.order = clockwise(n, state.start)
    if state.last_round:
        state.phase = P_OVER
        return
    if state.last_next:
        state.last_round, state.last_next = True, False
    state.round += 1
    state.phase, state.turn = P_DRAW, 0
    for p in state.order:
        _trigger(state, p, "round")


def _trigger(state: BrugesState, p: int, on: str) -> None:
    """Infinity C persons whose situation has arisen (RS 4.(3)C)."""
    mods = state.mods[p]
    if not mods.triggers:
        return
    for gain, amount, colour in mods.gains_on(on):
        if gain == "guilders":
            _gain_guilders(state, p, amount)
        elif gain == "points":
            state.score[p] += amount
        else:
            _gain_workers(state, p, colour, amount)


def _gain_guilders(state: BrugesState, p: int, n: int) -> None:
    state.guilders[p] += n
    state.bank -= n  # reading of RS: substitutes when the bank runs dry, so it may go below 0


def _pay(state: BrugesState, p: int, n: int) -> None:
    state.guilders[p] -= n
    state.bank += n


def _gain_workers(state: BrugesState, p: int, colour: int, n: int) -> None:
    state.workers[p][colour] += n
    state.worker_supply[colour] -= n


def _return_threat(state: BrugesState, p: int, colour: int, bonus: int) -> None:
    """Any threat returned by a card or a person scores 1 point (RS 2.(3)C)."""
    state.threats[p][colour] -= 1
    state.threat_supply[colour] += 1
    state.score[p] += 1 + bonus
    _trigger(state, p, "threat_discard")


def _advance(state: BrugesState, p: int, steps: int) -> None:
    top = len(state.comp.reputation_points)
    moved = min(top, state.reputation[p] + steps) - state.reputation[p]  # reading: no step past the top
    if moved > 0:
        state.reputation[p] += moved
        _trigger(state, p, "reputation")


def _holdings(state: BrugesState, p: int) -> Holdings:
    colour = state.cards.colour
    return Holdings(
        persons=tuple(x for x in state.occupants[p] if x >= 0),
        house_colours=tuple(colour[x] for x in state.houses[p]),
        canals=sum(state.canals[p]),
        statues=len(state.won[p]),
        reputation=state.reputation[p],
        guilders=state.guilders[p],
        workers=sum(state.workers[p]),
        majorities=sum(state.markers[p]),
    )


def laurels(state: BrugesState, p: int) -> list[int]:
    """The points of each laurel person of ``p`` as its text gives them now (RS 4.(4), 5.(3))."""
    kinds, effect = state.cards.kind, state.cards.effect
    laurel = [x for x in state.occupants[p] if x >= 0 and kinds[x] == LAUREL]
    if not laurel:
        return []
    held = _holdings(state, p)
    return [per_amount(effect[x], held, state.cards.colour, state.cards.group) for x in laurel]


def sheet_values(state: BrugesState, p: int) -> dict[str, Any]:
    """The player's part of the score sheet a person would fill in from this table."""
    score = state.score[p]
    token = 100 if score >= 100 else 50 if score >= 50 else 0
    points = state.cards.points
    return {
        "track": score - token,
        "point_token": token,
        "persons": [points[x] for x in state.occupants[p] if x >= 0],
        "person_ids": [],
        "houses": len(state.houses[p]),
        "laurels": laurels(state, p),
        "majority_reputation": state.markers[p][0],
        "majority_persons": state.markers[p][1],
        "majority_canals": state.markers[p][2],
        "canal_space3": sum(1 for built in state.canals[p] if built >= 3),
        "statues": list(state.won[p]),
        "reputation": state.reputation[p],
        "guilders": state.guilders[p],
    }


def _scored(state: BrugesState) -> ScoreResult:
    names = [f"P{p + 1}" for p in range(state.num_players)]
    sheet = Sheet("", names, [sheet_values(state, p) for p in range(state.num_players)])
    return scoring.score_sheet(state.comp, sheet)


def scores(state: BrugesState) -> list[float]:
    return _scored(state).totals


def outcome(state: BrugesState) -> Outcome:
    """The ranking of the score sheet of this table (guilders break ties, RS 5.)."""
    return _scored(state).outcome
