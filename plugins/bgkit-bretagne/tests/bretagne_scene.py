"""Scene-setting for the Bretagne rule tests: a real state from a seeded setup, then the table
arranged by hand (resources, weather, blueprints, levels) before the rule under test is played."""

from __future__ import annotations

import random

from bgkit.api import sample_chance
from bgkit.testing import get_registry

from bgkit_bretagne import codes as S


def game(data=None):
    """The game with the shipped data, or with the ``--data`` file at ``data``."""
    return get_registry().load_game("bretagne", data) if data else get_registry().load_game("bretagne")


def fresh(players: int = 2, seed: int = 0, start: str = "1", data=None):
    g = game(data)
    return g.new_state(g.setup(players, random.Random(seed), {"start": start}))


def at_actions(players: int = 2, seed: int = 0, barges=None, data=None, **fields):
    """A state in the action phase of round 1: barges chosen (seat p gets ``barges[p]``, 0-based),
    nothing loaded, the first player in turn order to act; then ``fields`` set on it."""
    s = fresh(players, seed, data=data)
    barges = barges if barges is not None else list(range(players))
    s.barge = list(barges)
    s.stage, s.turn, s.boat = S.S_ACT, 0, 0
    s.passed = [False] * players
    s.cur = s.order[0]
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def by_text(state, text: str) -> None:
    """Play the legal action whose text is ``text`` (fails if it is not legal)."""
    texts = [state.action_text(a) for a in state.legal_actions()]
    assert text in texts, f"{text!r} not legal; legal: {texts}"
    state.apply(state.parse_action(text))


def texts(state) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions()]


def chance(state, text: str) -> None:
    """Resolve the chance node at the head with the outcome whose text is ``text``."""
    assert state.is_chance(), state.cur
    options = {state.action_text(o): o for o, _ in state.chance_outcomes()}
    assert text in options, f"{text!r} not possible; possible: {sorted(options)}"
    state.apply(options[text])


def resolve_chance(state, seed: int = 0) -> None:
    rng = random.Random(seed)
    while state.is_chance():
        state.apply(sample_chance(state, rng))


def bp(state, blueprint: str) -> int:
    return state.t.bp_ids.index(blueprint)


def show(state, stack: int, *blueprints: str) -> None:
    """Put ``blueprints`` face up on ``stack`` (taking them out of its pile)."""
    for b in state.face_up[stack]:
        state.piles[stack].put(b)
    state.face_up[stack] = []
    for name in blueprints:
        b = bp(state, name)
        state.piles[stack].draw(b)
        state.face_up[stack].append(b)
    state.face_up[stack].sort()


def res(state, **counts) -> list[int]:
    return [counts.get(r, 0) for r in state.t.resources]


def give(state, p: int, **counts) -> None:
    """Hand seat ``p`` resources from the supply."""
    for r, name in enumerate(state.t.resources):
        n = counts.get(name, 0)
        state.sup_res[r] -= n
        state.res[p][r] += n


def give_cards(state, p: int, **counts) -> None:
    for k, name in enumerate(state.t.kinds):
        for _ in range(counts.get(name, 0)):
            state.deck.draw(k)
            state.hands[p].put(k)


def weather(state, card: str) -> None:
    state.weather = state.t.weather_ids.index(card)


def site_of(state, tile: str) -> int:
    return state.tile.index(state.t.tile_ids.index(tile))
