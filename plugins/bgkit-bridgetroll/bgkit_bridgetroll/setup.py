"""The setup randomiser: a pure function of (comp, players, rng, options) -> plain data.

What the rulebook's setup ("游戏准备", steps 1-9) lays out, by player count: a board and 6 stones
of their colour per player, the common stone pool (3 of each colour in play; with 3 players also
every stone of a fourth colour), 5 victory points each, the shuffled traveller deck, the bridge
upgrade pile (14 and 15 out with 6 players), the schedule card for the player count, the trophies
in play, and the start player with the weather die, the trophies and 1 point on the trophy pile.
The seats follow the core's one schema (``bgkit.model.seats``): ``seats`` (numbered clockwise from 1),
``start_player``, ``turn_order``.

Random parts, drawn from ``rng`` in this order: the seats' colours, the fourth colour with 3
players, the start player, the traveller deck's order. Options can fix each of them.
"""

from __future__ import annotations

import math
import random
from typing import Any

from bgkit.api import Option, SetupError, draw_start, seat_document, start_factor, start_option

from bgkit_bridgetroll.data import Components

OPTIONS = (
    Option(
        "colours",
        ("random", "seat"),
        "random",
        "random: deal colours to the seats at random; seat: seat 1 takes the first colour, seat 2 the second, ...",
    ),
    start_option(6),  # the rulebook's start player grunts most like a troll
    Option(
        "deck",
        ("shuffle", "order"),
        "shuffle",
        "shuffle: you shuffle at the table (play draws by chance); order: the setup lists an order to stack a real deck by",
    ),
)
#: Setup fields the rules fix for the player count (``bgkit.engine.setups.check_laid_out``); play and
#: scoring read them from the data. A pile may be short of a lost upgrade card, and the pool holds
#: the colours the table plays with.
FIXED = ("trophies", "trophy_bonus", "upgrades_removed", "schedule", "weather_faces", "deck_size")
ANY_LENGTH = ("upgrade_pile",)
ANY_KEYS = ("pool",)
#: The most victory points a seat starts with: the score sheet's limit on vp_tokens.
MAX_VP = 999


def make_setup(comp: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]:
    """The setup for ``players`` as JSON/TOML-ready data; seats are numbered clockwise from 1."""
    colours = list(comp.colours)
    if options["colours"] == "random":
        seat_colours = rng.sample(colours, players)
    else:
        seat_colours = colours[:players]
    unused = [c for c in colours if c not in seat_colours]
    extra_count = comp.extra_colours(players)
    if options["colours"] == "random":
        chosen = set(rng.sample(unused, extra_count))
        extra = [c for c in unused if c in chosen]  # a set of colours: keep the data's order
    else:
        extra = unused[:extra_count]
    start = draw_start(players, rng, options)  # 0-based

    pool = {colour: comp.pool_per_colour for colour in seat_colours}
    pool.update({colour: comp.stones_per_colour for colour in extra})
    schedule = comp.schedules[players]
    trophies = list(comp.trophies[:players])
    seats = [
        {"colour": colour, "stones": comp.stones_per_player, "victory_points": comp.start_vp}
        for colour in seat_colours
    ]
    setup: dict[str, Any] = {
        "players": players,
        **seat_document(seats, start),
        "trophies": trophies,
        "trophy_bonus": comp.trophy_bonus,
        "pool": pool,
        "pool_size": sum(pool.values()),
        "box_colours": [c for c in unused if c not in extra],
        "upgrade_pile": list(comp.upgrade_pile(players)),  # top card first
        "upgrades_removed": list(comp.removed_upgrades.get(players, ())),
        "schedule": {
            "players": players,
            "travellers": dict(schedule.travellers),
            "stones_per_open_player": schedule.stones_per_open_player,
        },
        "weather_faces": list(comp.weather_faces),
        "deck_size": comp.deck_size,
    }
    if options["deck"] == "order":
        deck = comp.deck()
        rng.shuffle(deck)
        setup["deck"] = deck  # top card first
    return setup


def count_setups(comp: Components, players: int, options: dict[str, str]) -> int:
    """The exact number of different setups ``make_setup`` can return with these options.

    colours: ordered choice of the seats' colours, times the set of extra pool colours;
    start: one of the seats; deck: the distinct orders of a deck with identical copies
    (53! / the product of count! over the card kinds).
    """
    total = 1
    if options["colours"] == "random":
        colours = len(comp.colours)
        total *= math.perm(colours, players) * math.comb(colours - players, comp.extra_colours(players))
    total *= start_factor(players, options)
    if options["deck"] == "order":
        orders = math.factorial(comp.deck_size)
        for card in comp.travellers:
            orders //= math.factorial(card.count)
        total *= orders
    return total


def check_setup(comp: Components, setup: dict[str, Any]) -> None:
    """Refuse a setup edited into one the box cannot lay out (``bgkit play --setup FILE``); the core
    has checked its shape, list lengths, fixed fields and seats. Colours: the game's, each at one
    seat and in the pool; no more stones of a colour than the box holds; the pool's size and the
    colours left in the box as the seats and pool make them. An upgrade card in a game of that size at most once (a
    pile may be short of one), and a stacked deck of the box's travellers."""
    colours = comp.colours
    seats = setup["seats"]
    seen: dict[str, int] = {}
    for index, seat in enumerate(seats):
        colour = seat["colour"]
        if colour not in colours:
            raise SetupError(f"{colour!r} is not one of the game's ({', '.join(colours)})", "seats", index, "colour")
        if colour in seen:
            raise SetupError(f"is {colour}, as at seat {seen[colour]}: each seat plays its own colour", "seats", index, "colour")
        seen[colour] = seat["seat"]
        for field, most in (("stones", comp.stones_per_colour), ("victory_points", MAX_VP)):
            if not 0 <= seat[field] <= most:
                raise SetupError(f"is {seat[field]}, but it is 0-{most}", "seats", index, field)
    pool = setup["pool"]
    for colour, count in pool.items():
        if colour not in colours:
            raise SetupError(f"colour {colour!r} is not one of the game's ({', '.join(colours)})", "pool", colour)
        if not 0 <= count <= comp.stones_per_colour:
            raise SetupError(f"is {count}, but it is 0-{comp.stones_per_colour} (the box's {colour} stones)", "pool", colour)
    for index, seat in enumerate(seats):  # a colour in play: its seat's stones and the pool's
        if seat["colour"] not in pool:
            raise SetupError(f"has no {seat['colour']} stones, but seat {index + 1} plays {seat['colour']} "
                             "(the pool holds stones of each colour in play)", "pool")
        own, common = seat["stones"], pool[seat["colour"]]
        if own + common > comp.stones_per_colour:
            raise SetupError(f"is {own}: with the pool's {common}, {own + common} {seat['colour']} stones are on the table, "
                             f"but the box has {comp.stones_per_colour}", "seats", index, "stones")
    if setup["pool_size"] != sum(pool.values()):
        raise SetupError(f"is {setup['pool_size']}, but the pool holds {sum(pool.values())} stones", "pool_size")
    in_box = [c for c in colours if c not in seen and c not in pool]
    if sorted(setup["box_colours"]) != sorted(in_box):
        raise SetupError(f"is {setup['box_colours']}, but the colours neither at a seat nor in the pool are {in_box}", "box_colours")
    in_play = comp.upgrades_in_play(len(seats))
    pile = setup["upgrade_pile"]
    wrong = [value for value in pile if value not in in_play]
    if wrong or len(set(pile)) != len(pile):
        raise SetupError(f"must list every card of {', '.join(map(str, in_play))} at most once, not {pile}", "upgrade_pile")
    if "deck" in setup and sorted(setup["deck"]) != sorted(comp.deck()):
        raise SetupError("must list the box's travellers, each as often as the box has it, in the order to stack them", "deck")
