"""Scene-setting helpers shared by the Bruges rule and ability tests.

A scene starts from a real setup (fixed colours, seat 1 starts) and moves cards out of the unseen
pool into hands, houses and persons exactly as play would, so the conservation checks hold in
every scene too.
"""

from __future__ import annotations

import random

from bgkit_bruges import codes

RED, YELLOW, BLUE, BROWN, PURPLE = range(5)


def card(s, name: str) -> int:
    return s.cards.by_name[name]


def take(s, x: int) -> int:
    """Take card ``x`` out of the unseen pool (out of the extra pile's count, so piles A and B
    keep their sizes)."""
    s.unseen.draw(x)
    s.unseen_colours[s.cards.colour[x]] -= 1
    s.extra -= 1
    return x


def spare(s, colour: int | None = None) -> int:
    """An unseen card nobody named (the last one, of ``colour`` if given), for a house."""
    return next(c for c in reversed(range(s.cards.count))
                if s.unseen.counts[c] and (colour is None or s.cards.colour[c] == colour))


def give(s, p: int, *names: str) -> list[int]:
    cards = [take(s, card(s, n)) for n in names]
    s.hands[p].extend(cards)
    return cards


def house(s, p: int, name: str | int, person: str | None = None, used: bool = False) -> int:
    """A house of ``name``'s card (or of any unseen card of colour ``name``, given as an int), with
    ``person`` on it; returns its index."""
    s.houses[p].append(take(s, spare(s, name) if isinstance(name, int) else card(s, name)))
    s.occupants[p].append(take(s, card(s, person)) if person else -1)
    s.used[p].append(used)
    s.mods[p] = s._mods_of(p)
    return len(s.houses[p]) - 1


def seat_person(s, p: int, x: int) -> int:
    """A house (of a card nobody named) holding person ``x`` (by index)."""
    s.occupants[p].append(take(s, x))
    s.houses[p].append(take(s, spare(s)))
    s.used[p].append(False)
    s.mods[p] = s._mods_of(p)
    return len(s.houses[p]) - 1


def fresh(game, players: int = 2, start: int = 1, seed: int = 0, **options: str):
    """The state just after setup (``options``: the game's other options, e.g. ``end="second"``):
    the piles' tops are about to be turned (chance)."""
    setup = game.setup(players, random.Random(seed), {"start": str(start), "colours": "fixed", **options})
    return game.new_state(setup)


def actions_phase(game, players: int = 2, dice=(3, 3, 3, 3, 3), hands: dict | None = None, start: int = 1,
                  tops=(RED, BLUE), run: bool = True, **options: str):
    """A state at the start of phase 3 with ``dice`` (red, yellow, blue, brown, purple) and the
    hands given by name; the start player (seat ``start``) is to play. With ``run=False`` nothing
    is resolved yet (a scene to finish by hand: players without cards would skip phase 3)."""
    s = fresh(game, players, start, **options)
    s.chance = []
    s.tops = list(tops)
    for p, names in (hands or {}).items():
        give(s, p, *names)
    s.dice = list(dice)
    s.phase, s.turn, s.played = codes.P_ACTIONS, 0, False
    s.plays = [0] * players
    if run:
        s.run()
    return s


def threaten(s, p: int, colour: int, n: int) -> None:
    """Give ``p`` ``n`` threat markers of ``colour`` from the supply."""
    s.threat_supply[colour] -= n
    s.threats[p][colour] += n


def act(s, text: str) -> None:
    s.apply(s.parse_action(text))


def texts(s) -> set[str]:
    return {s.action_text(a) for a in s.legal_actions()}


def outcome_texts(s) -> list[str]:
    return [s.action_text(o) for o, _ in s.chance_outcomes()]


def roll(s, red: int, yellow: int, blue: int, brown: int, purple: int) -> None:
    """Type the five dice in, as at a table (the state must be at the dice)."""
    for colour, value in zip(("red", "yellow", "blue", "brown", "purple"), (red, yellow, blue, brown, purple)):
        act(s, f"{colour} {value}")


def cards_total(s) -> int:
    """Every card's place: the unseen pool (piles, extra pile, cards not yet looked at), hands,
    houses, persons and discards."""
    return (s.unseen.size + sum(map(len, s.hands)) + sum(map(len, s.houses))
            + sum(1 for occ in s.occupants for x in occ if x >= 0) + len(s.discard))
