"""The Bruges setup: a pure function of (components, players, rng, options) -> plain JSON data.

Random parts (and so the setup space): the players' colours, the start player, and the order of
all 165 persons (which ends in which draw pile and where), drawn in that order. Everything else
follows the rules. The document has the one seat schema of every game (``seats``,
``start_player``, ``turn_order``, :mod:`bgkit.seats`); each seat lists its area with plain fields
(colour, guard house, score, reputation, guilders, workers, ...): the start state play reads.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from bgkit.game import Option
from bgkit.seats import draw_start, seat_document, start_factor, start_option

from bgkit_bruges.data import Components

OPTIONS = (
    start_option(4),
    Option("colours", ("random", "fixed"), "random",
           "random: deal the player colours; fixed: seats 1-4 take red, yellow, blue, green"),
)

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


def make_setup(comp: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict:
    return build_setup(comp, [p.id for p in comp.persons], players, rng, options)


def build_setup(comp: Components, card_ids: Sequence[int], players: int, rng: random.Random,
                options: dict[str, str]) -> dict:
    """The setup for ``players`` with the deck ``card_ids``, drawing only from ``rng``: colours,
    start player, then the cards."""
    if options.get("colours", "random") == "random":
        colours = rng.sample(list(comp.player_colours), players)
    else:
        colours = list(comp.player_colours[:players])
    first = draw_start(players, rng, options)
    piles = deal_piles(card_ids, players, comp.stacks, rng)
    start = comp.start
    rows = []
    for seat in range(players):
        rows.append({
            "colour": colours[seat],
            "guard_house": GUARD_HOUSES_BY_PLAYERS[players][seat],
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
        **seat_document(rows, first),
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


def count_setups(comp: Components, players: int, options: dict[str, str]) -> int:
    return count_orders(comp.deck_size, players, len(comp.player_colours), options)


def count_orders(cards: int, players: int, player_colours: int, options: dict[str, str]) -> int:
    """Distinct setups with a deck of ``cards``: every order of the persons gives different piles
    (``cards!``: which persons go where and in which order), times the start player, times the
    ordered choice of colours."""
    count = math.factorial(cards) * start_factor(players, options)
    if options.get("colours", "random") == "random":
        count *= math.perm(player_colours, players)
    return count
