"""What a player's persons do while they are in play: the standing modifiers of their infinity B
and C persons (:class:`Mods`), counting what an ability counts (``per``), and laurel points.

The immediate effects (lightning, worker, infinity A) change the table and may ask for choices,
so the state applies them (:mod:`bgkit_bruges.persons`); everything here is a
pure function of the persons and what the player holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from bgkit_bruges.abilities import ANY_COLOUR, Effect

COLOURS = 5
NO_BONUS = (0, 0, 0, 0, 0)


@dataclass(frozen=True)
class Mods:
    """The standing effects of one player's persons, by the colour of the card played (0-4)."""

    workers: tuple[int, ...] = NO_BONUS  # more workers when taking workers
    guilders: tuple[int, ...] = NO_BONUS  # more guilders when taking guilders
    threat: tuple[int, ...] = NO_BONUS  # more points when returning a threat with a card
    canal: tuple[int, ...] = NO_BONUS  # guilders less for a canal
    house: tuple[int, ...] = NO_BONUS  # workers less for a house
    person: tuple[int, ...] = NO_BONUS  # guilders less for a person
    canal_any: tuple[bool, ...] = (False,) * COLOURS  # a card of this colour builds on any canal space
    reputation_cost: int = 0
    hand: int = 0  # cards drawn beyond 5 in phase 1
    protect: tuple[bool, ...] = (False,) * COLOURS  # disasters (by colour) that do nothing
    triggers: tuple[tuple[str, str, int, int], ...] = ()  # (on, gain, amount, colour)

    def gains_on(self, on: str) -> list[tuple[str, int, int]]:
        return [(gain, amount, colour) for when, gain, amount, colour in self.triggers if when == on]


NONE = Mods()

_ACTION_FIELDS = ("workers", "guilders", "threat", "canal", "house", "person")


def mods_of(effects: Sequence[Effect]) -> Mods:
    """The standing modifiers of a set of persons (their infinity B and C effects; others ignored)."""
    sums = {name: [0] * COLOURS for name in _ACTION_FIELDS}
    canal_any = [False] * COLOURS
    protect = [False] * COLOURS
    reputation_cost = hand = 0
    triggers = []
    for e in effects:
        kind = e.kind
        if kind == "action":
            row = sums[e.action]
            for c in range(COLOURS):
                if e.colour < 0 or e.colour == c:
                    row[c] += e.amount
        elif kind == "canal_colour":
            for c in range(COLOURS):
                if e.colour == ANY_COLOUR or e.colour == c:
                    canal_any[c] = True
        elif kind == "reputation_cost":
            reputation_cost += e.amount
        elif kind == "hand_limit":
            hand += e.amount
        elif kind == "protect":
            protect[e.colour] = True
        elif kind == "trigger":
            triggers.append((e.on, e.gain, e.amount, e.colour))
    if not any(any(row) for row in sums.values()) and not (any(canal_any) or any(protect) or reputation_cost or hand
                                                           or triggers):
        return NONE
    return Mods(**{name: tuple(row) for name, row in sums.items()}, canal_any=tuple(canal_any),
                reputation_cost=reputation_cost, hand=hand, protect=tuple(protect), triggers=tuple(triggers))


@dataclass(frozen=True)
class Holdings:
    """What a player holds, as abilities count it."""

    persons: tuple[int, ...]  # card indices of the persons on their houses
    house_colours: tuple[int, ...]
    canals: int
    statues: int
    reputation: int
    guilders: int
    workers: int
    majorities: int


#: how to count each ``per`` of the vocabulary: (effect, holdings, colour of a card, group of a card) -> n
COUNTS: dict[str, Callable[[Effect, Holdings, Sequence[int], Sequence[str]], int]] = {
    "houses": lambda e, h, colour, group: len(h.house_colours),
    "persons": lambda e, h, colour, group: len(h.persons),
    "groups": lambda e, h, colour, group: len({group[x] for x in h.persons}),
    "group": lambda e, h, colour, group: sum(1 for x in h.persons if group[x] == e.group),
    "colour": lambda e, h, colour, group: sum(1 for x in h.persons if colour[x] == e.colour),
    "house_colours": lambda e, h, colour, group: len(set(h.house_colours)),
    "canals": lambda e, h, colour, group: h.canals,
    "statues": lambda e, h, colour, group: h.statues,
    "reputation": lambda e, h, colour, group: h.reputation,
    "guilders": lambda e, h, colour, group: h.guilders,
    "workers": lambda e, h, colour, group: h.workers,
    "majorities": lambda e, h, colour, group: h.majorities,
    "flat": lambda e, h, colour, group: 1,
}


def count(effect: Effect, held: Holdings, colour_of: Sequence[int], group_of: Sequence[str]) -> int:
    """How many of ``effect.per`` the player holds (before ``every``)."""
    return COUNTS[effect.per](effect, held, colour_of, group_of)


def per_amount(effect: Effect, held: Holdings, colour_of: Sequence[int], group_of: Sequence[str]) -> int:
    """``amount`` for every ``every`` of what the effect counts: income guilders, laurel points."""
    return effect.amount * (count(effect, held, colour_of, group_of) // effect.every)
