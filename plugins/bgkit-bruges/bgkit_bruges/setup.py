"""The Bruges setup: a pure function of (components, players, rng, options) -> plain JSON data.

Random parts (and so the setup space): the players' colours, the start player, and the order of
all 165 persons (which ends in which draw pile and where), drawn in that order. Everything else
follows the rules. The document has the one seat schema of every game (``seats``,
``start_player``, ``turn_order``, :mod:`bgkit.model.seats`); each seat lists its area with plain fields
(colour, guard house, score, reputation, guilders, workers, ...): the start state play reads.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Sequence

from bgkit.api import Option, SetupError, draw_start, seat_document, start_factor, start_option

from bgkit_bruges.data import Components

OPTIONS = (
    start_option(4),
    Option("colours", ("random", "fixed"), "random",
           "random: deal the player colours; fixed: seats 1-4 take red, yellow, blue, green"),
    Option("end", ("first", "second"), "first",
           "the last round: first = the round in which a draw pile first runs out and the extra pile "
           "comes in (the rule book); second = the round in which a pile runs out a second time (the rule summary)"),
    Option("statues", ("sections", "canals"), "sections",
           "sections = a statue for each finished canal section, at most 2 (the rule book); "
           "canals = one statue once all 10 canal tokens are built (the rule summary)"),
)
#: Setup fields the rules fix (``bgkit.engine.setups.check_laid_out``): play starts at round 1's draw,
#: with each seat's guard house, markers and canals as the rules lay them out and the supply,
#: stacks and statues of the box; the readings chosen by the options. (An area's cards start
#: empty: those lists keep length 0.)
FIXED = ("round", "phase", "end", "statues", "stacks", "statues_top_first", "supply", "card_list",
         "seats.*.guard_house", "seats.*.majority_markers", "seats.*.canals")
#: A table splits the shuffled persons into its piles by hand: play follows the piles' sizes.
ANY_LENGTH = ("piles.draw_a", "piles.draw_b", "piles.extra")

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


def make_setup(comp: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
    return build_setup(comp, [p.id for p in comp.persons], players, rng, options)


def build_setup(comp: Components, card_ids: Sequence[int], players: int, rng: random.Random,
                options: dict[str, str]) -> dict[str, Any]:
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
        **readings(options),
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


#: The rule summary's readings a table may choose (options ``end`` and ``statues``), with the
#: published rules' reading each defaults to.
READINGS = {"end": "first", "statues": "sections"}


def readings(options: dict[str, str]) -> dict[str, str]:
    """The readings chosen against the default, as setup fields. A default is left out, so a setup
    (and a log or save) made before the options existed is still the setup of its options."""
    return {name: options[name] for name, default in READINGS.items() if options.get(name, default) != default}


def check_setup(comp: Components, setup: dict[str, Any]) -> None:
    """Refuse a setup edited into one the box cannot lay out (``bgkit play --setup FILE``); the core
    has checked its shape, list lengths, fixed fields and seats. Each seat: its own colour; score,
    reputation and threats on their tracks (3 threats of a colour would already be a disaster);
    guilders as its coins add up; no more workers or coins than the box has. The piles:
    every person once, none empty."""
    seats = setup["seats"]
    supply = comp.supply
    seen: dict[str, int] = {}
    for index, row in enumerate(seats):
        colour = row["colour"]
        if colour not in comp.player_colours:
            raise SetupError(f"is {colour!r}, not a player colour ({', '.join(comp.player_colours)})", "seats", index, "colour")
        if colour in seen:
            raise SetupError(f"is {colour}, as at seat {seen[colour]}: each seat plays its own colour", "seats", index, "colour")
        seen[colour] = index + 1
        for field, most in (("score", comp.track_spaces - 1), ("reputation", len(comp.reputation_points))):
            if not 0 <= row[field] <= most:
                raise SetupError(f"is {row[field]}, but the track runs 0-{most}", "seats", index, field)
        coins = row["coins"]
        if any(count < 0 for count in coins.values()) or coins["1"] + 3 * coins["3"] != row["guilders"]:
            raise SetupError(f"is {row['guilders']}, but the coins {coins} are worth {coins['1'] + 3 * coins['3']}",
                             "seats", index, "guilders")
        for colour, count in row["threats"].items():
            if not 0 <= count <= 2:
                raise SetupError(f"is {count}, but a seat holds 0-2 threats of a colour (the third is a disaster)",
                                 "seats", index, "threats", colour)
        for colour, count in row["workers"].items():
            if count < 0:
                raise SetupError(f"is {count}, but a seat holds no fewer than 0 workers", "seats", index, "workers", colour)
    box = {("workers", c): supply["workers_per_colour"] for c in comp.card_colours}
    box.update({("coins", "1"): supply["coins_1"], ("coins", "3"): supply["coins_3"]})
    used: Counter[tuple[str, str]] = Counter()
    for index, row in enumerate(seats):
        for (field, key), most in box.items():
            used[field, key] += row[field][key]
            if used[field, key] > most:
                raise SetupError(f"is {row[field][key]}: with the seats before, {used[field, key]}, but the box has {most}",
                                 "seats", index, field, key)
    piles = setup["piles"]
    for name, pile in piles.items():
        if not pile:
            raise SetupError("is empty: each pile starts with persons", "piles", name)
    cards = sorted(card for pile in piles.values() for card in pile)
    every = sorted(p.id for p in comp.persons)
    if cards != every:
        extra = sorted((Counter(cards) - Counter(every)).elements())
        missing = sorted((Counter(every) - Counter(cards)).elements())
        wrong = f"{', '.join(map(str, extra[:5]))} too many" if extra else f"{', '.join(map(str, missing[:5]))} missing"
        raise SetupError(f"must hold each of the {len(every)} persons once ({wrong})", "piles")


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
