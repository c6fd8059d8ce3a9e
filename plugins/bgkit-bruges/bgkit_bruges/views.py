"""What a seat may see (see :mod:`bgkit_bruges.state` for what is hidden): its view, a determinisation
within what it sees, who sees an action, what the others are told, and the observation tensor (the
drawing is :mod:`bgkit_bruges.render`'s).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable

from bgkit.api import CHANCE, EVERYONE, Deck, resample
from bgkit_bruges.codes import (
    F_CANAL,
    F_DRAW,
    F_FIRE,
    F_HOUSE,
    F_ORDER,
    F_PICK,
    F_PLAGUE,
    F_REP,
    F_THREAT,
    F_WCOL,
    PICK,
    Q_CARD,
    Act,
)

if TYPE_CHECKING:
    from bgkit_bruges.data import Components
    from bgkit_bruges.state import BrugesState


def audience(state: BrugesState, action: Act) -> frozenset[int] | None:
    if state.cur == CHANCE:
        head = state.chance[0]
        return frozenset((head[1],)) if head[0] == Q_CARD else EVERYONE
    if action[0] == PICK:
        return frozenset((state.cur,))  # RS 2.(3)E: a house lies house side up
    return EVERYONE


def public_text(state: BrugesState, action: Act) -> str:
    colours = state.comp.card_colours
    if state.cur == CHANCE:
        head = state.chance[0]
        when = " (drawn this phase, looked at once the hand is full)" if head[3] else " (just drawn)"
        return f"P{head[1] + 1} looks at their {colours[head[2]]} card{when}"
    card = action[1]
    return f"P{state.cur + 1} lays one of their {colours[state.cards.colour[card]]} cards as a house"


def view(state: BrugesState, player: int) -> dict[str, Any]:
    """What ``player`` sees: everything but the unseen cards, the others' hands and houses
    (their colours only) and the faces of their own cards drawn but not yet looked at."""
    data = state.to_dict()
    colour = state.cards.colour
    del data["unseen"]
    data["unseen_cards"] = state.unseen.size
    data["hands"] = [sorted(h) if q == player else sorted(colour[x] for x in h) for q, h in enumerate(state.hands)]
    data["houses"] = [h if q == player else [colour[x] for x in h] for q, h in enumerate(state.houses)]
    return data


def determinize(state: BrugesState, player: int, rng: random.Random) -> BrugesState:
    """Redeal what ``player`` cannot see within the cards' public back colours: the unseen
    cards, and each other player's hand and houses (the core's canonical :func:`resample`;
    a player's hand and houses are one place, split again by colour at random)."""
    other = state.clone()
    colour = state.cards.colour
    places = [state.unseen]
    others = [q for q in range(state.num_players) if q != player]
    for q in others:
        places.append(Deck.of(state.hands[q] + state.houses[q], state.cards.count))
    dealt = resample(places, rng, colour.__getitem__)
    other.unseen = dealt[0]
    for q, deck in zip(others, dealt[1:]):
        pools: dict[int, list[int]] = {}
        for card in deck.cards():
            pools.setdefault(colour[card], []).append(card)
        for pool in pools.values():
            rng.shuffle(pool)
        other.houses[q] = [pools[colour[card]].pop() for card in state.houses[q]]  # each house keeps its colour
        other.hands[q] = sorted((c for pool in pools.values() for c in pool), key=colour.__getitem__)
    return other


# -- the observation tensor: what a seat sees, as numbers of a fixed length ---------------------------
#: The table's public numbers, in this order: round, phase (1-4), dice stage, turn, whether a card
#: was played this turn, last round, next round last, extra pile in play, the extra pile's and the
#: two piles' sizes, each pile's top colour (one-hot over none and the 5 colours), the 5 dice, the
#: cards drawn face down this phase by colour (5), unseen cards, discards, statues left, the bank,
#: threat and worker supplies (5 each), and the top pending frame: its kind (one-hot over none and
#: the 10 kinds), its third and fourth items.
TABLE = 11 + 2 * 6 + 5 + 5 + 4 + 5 + 5 + 11 + 2
#: Each seat's open holdings, the observer first and the others clockwise from it: whether it
#: decides now, start player, guilders, workers (5), threats (5), score, reputation, majority
#: markers (3), canal sections (2), statues, plays this round, hand and houses by colour (5 each),
#: persons, and disasters waiting.
SEAT = 2 + 1 + 5 + 5 + 1 + 1 + 3 + 2 + 1 + 1 + 5 + 5 + 1 + 1
FRAMES = (F_ORDER, F_FIRE, F_PLAGUE, F_REP, F_WCOL, F_THREAT, F_DRAW, F_CANAL, F_HOUSE, F_PICK)


def observation_shape(comp: Components, players: int) -> tuple[int, ...]:
    """One flat vector: the table, each seat's holdings, then one entry per card for each of: the
    observer's hand, the observer's houses, the discards and each seat's persons (and whether each
    stands on a house used this round)."""
    return (TABLE + players * SEAT + (3 + 2 * players) * len(comp.persons),)


def observation_tensor(comp: Components, state: BrugesState, player: int) -> list[float]:
    """What ``player`` sees as numbers (``observation_shape``): built from the open fields and the
    player's own cards only, so it is the same in every determinisation for the player."""
    s, colour = state, state.cards.colour
    out = [float(s.round), float(s.phase), float(s.stage), float(s.turn), float(s.played), float(s.last_round),
           float(s.last_next), float(s.extra_used), float(s.extra), float(s.sizes[0]), float(s.sizes[1])]
    for top in s.tops:
        out += _one_hot(top + 1, 6)
    out += map(float, s.dice)
    out += _by_colour(s.fresh)
    out += [float(s.unseen.size), float(len(s.discard)), float(len(s.statues)), float(s.bank)]
    out += map(float, s.threat_supply)
    out += map(float, s.worker_supply)
    frame = s.pending.frames[-1] if s.pending.frames else None
    out += _one_hot(FRAMES.index(frame[0]) + 1 if frame else 0, len(FRAMES) + 1)
    out += [float(frame[2]) if frame and len(frame) > 2 else 0.0, float(frame[3]) if frame and len(frame) > 3 else 0.0]
    seats = [(player + k) % s.num_players for k in range(s.num_players)]
    for q in seats:
        out += [float(q == s.cur), float(q == s.start), float(s.guilders[q])]
        out += map(float, s.workers[q])
        out += map(float, s.threats[q])
        out += [float(s.score[q]), float(s.reputation[q])]
        out += map(float, s.markers[q])
        out += map(float, s.canals[q])
        out += [float(len(s.won[q])), float(s.plays[q])]
        out += _by_colour(colour[x] for x in s.hands[q])
        out += _by_colour(colour[x] for x in s.houses[q])
        out += [float(sum(1 for x in s.occupants[q] if x >= 0)), float(len(s.disasters[q]))]
    cards = len(comp.persons)
    out += _cards(s.hands[player], cards)
    out += _cards(s.houses[player], cards)
    out += _cards(s.discard, cards)
    for q in seats:
        out += _cards((x for x in s.occupants[q] if x >= 0), cards)
        out += _cards((x for h, x in enumerate(s.occupants[q]) if x >= 0 and s.used[q][h]), cards)
    return out


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    out[index] = 1.0
    return out


def _by_colour(colours: Iterable[int]) -> list[float]:
    out = [0.0] * 5
    for c in colours:
        out[c] += 1.0
    return out


def _cards(cards: Iterable[int], size: int) -> list[float]:
    out = [0.0] * size
    for x in cards:
        out[x] += 1.0
    return out
