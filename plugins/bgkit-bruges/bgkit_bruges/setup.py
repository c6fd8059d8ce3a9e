"""The Bruges setup: a pure function of (components, players, rng, options) -> plain JSON data.

Random parts (and so the setup space): the order of all 165 persons (which ends in which draw pile
and where), the start player, and the players' colours. Everything else follows the rules.
The result is also the start state a later play engine reads: every player's area is listed
with plain fields (seat, colour, guard house, score, reputation, guilders, workers, ...).
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from bgkit_bruges.data import Components

START_OPTIONS = ("random", "chocolate")
COLOUR_OPTIONS = ("random", "fixed")

#: Guard houses (board sides, clockwise) taken by seats 1..N: opposite sides for 2 players.
GUARD_HOUSES_BY_PLAYERS = {2: (1, 3), 3: (1, 2, 3), 4: (1, 2, 3, 4)}


def split_even(items: Sequence[int], parts: int) -> list[list[int]]:
    """Split ``items`` into ``parts`` consecutive runs as equal as possible (longer runs last)."""
    size, extra = divmod(len(items), parts)
    out, at = [], 0
    for index in range(parts):
        length = size + (1 if index >= parts - extra else 0)
        out.append(list(items[at:at + length]))
        at += length
    return out


def deal_piles(card_ids: Sequence[int], players: int, stacks: int, rng: random.Random) -> dict[str, list[int]]:
    """Shuffle all persons into ``stacks`` stacks; as many stacks as players are shuffled together and
    split into 2 draw piles; the other stacks, piled up, are the extra pile. Lists are top card first."""
    order = list(card_ids)
    rng.shuffle(order)
    stack_list = split_even(order, stacks)
    pool = [card for stack in stack_list[:players] for card in stack]
    rng.shuffle(pool)
    draw_a, draw_b = split_even(pool, 2)
    return {"draw_a": draw_a, "draw_b": draw_b, "extra": [card for stack in stack_list[players:] for card in stack]}


def build_setup(comp: Components, card_ids: Sequence[int], players: int, rng: random.Random,
                options: dict[str, str]) -> dict:
    """The setup for ``players``, drawing only from ``rng``: colours, start player, then the cards."""
    if options["colours"] == "random":
        colours = rng.sample(list(comp.player_colours), players)
    else:
        colours = list(comp.player_colours[:players])
    start_seat = rng.randrange(players) + 1 if options["start"] == "random" else 1
    piles = deal_piles(card_ids, players, comp.stacks, rng)
    start = comp.start
    seats = []
    for seat in range(1, players + 1):
        seats.append({
            "seat": seat,
            "colour": colours[seat - 1],
            "guard_house": GUARD_HOUSES_BY_PLAYERS[players][seat - 1],
            "score": start["score"],
            "reputation": start["reputation"],
            "guilders": start["guilders"],
            "coins": {"1": start["coins_1"], "3": start["coins_3"]},
            "workers": {colour: start["workers_per_colour"] for colour in comp.card_colours},
            "threats": {colour: 0 for colour in comp.card_colours},
            "majority_markers": {name: "grey" for name in start["majority_markers"]},
            "hand": [],
            "houses": [],
            "persons": [],
            "canals": {"left": 0, "right": 0},
            "statues": [],
        })
    supply = comp.supply
    return {
        "round": 1,
        "phase": "draw",
        "start_seat": start_seat,
        "start_by": "randomiser" if options["start"] == "random" else "chocolate",
        "turn_order": [(start_seat - 1 + k) % players + 1 for k in range(players)],
        "players": seats,
        "piles": piles,
        "stacks": {
            "count": comp.stacks,
            "sizes": [len(s) for s in split_even(list(card_ids), comp.stacks)],
            "into_draw_piles": players,
            "into_extra_pile": comp.stacks - players,
        },
        "statues_top_first": list(reversed(comp.statues_bottom_to_top)),
        "supply": {
            "workers": {c: supply["workers_per_colour"] - players * start["workers_per_colour"] for c in comp.card_colours},
            "threats": {c: supply["threats_per_colour"] for c in comp.card_colours},
            "coins_1": supply["coins_1"] - players * start["coins_1"],
            "coins_3": supply["coins_3"] - players * start["coins_3"],
            "canal_tokens": supply["canal_tokens"],
            "point_tokens": supply["point_tokens"],
        },
        "card_list": "own" if comp.own_persons else "reconstruction",
    }


def count_setups(cards: int, players: int, player_colours: int, options: dict[str, str]) -> int:
    """Distinct setups: every order of the persons gives different piles (``cards!``: which persons
    go where and in which order), times the start player, times the ordered choice of colours."""
    count = math.factorial(cards)
    if options["start"] == "random":
        count *= players
    if options["colours"] == "random":
        count *= math.perm(player_colours, players)
    return count
