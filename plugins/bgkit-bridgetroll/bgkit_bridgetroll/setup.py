"""The setup randomiser: a pure function of (components, players, rng, options) -> plain data.

What the rulebook's setup ("游戏准备", steps 1-9) lays out, by player count: a board and 6 stones
of their colour per player, the common stone pool (3 of each colour in play; with 3 players also
every stone of a fourth colour), 5 victory points each, the shuffled traveller deck, the bridge
upgrade pile (14 and 15 out with 6 players), the schedule card for the player count, the trophies
in play, and the start player with the weather die, the trophies and 1 point on the trophy pile.
The seats follow the core's one schema (``bgkit.seats``): ``seats`` (numbered clockwise from 1),
``start_player``, ``turn_order``.

Random parts, drawn from ``rng`` in this order: the seats' colours, the fourth colour with 3
players, the start player, the traveller deck's order. Options can fix each of them.
"""

from __future__ import annotations

import math
import random

from bgkit.game import Option
from bgkit.seats import draw_start, seat_document, start_factor, start_option

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


def make_setup(components: Components, players: int, rng: random.Random, options: dict[str, str]) -> dict:
    """The setup for ``players`` as JSON/TOML-ready data; seats are numbered clockwise from 1."""
    colours = list(components.colours)
    if options["colours"] == "random":
        seat_colours = rng.sample(colours, players)
    else:
        seat_colours = colours[:players]
    unused = [c for c in colours if c not in seat_colours]
    extra_count = components.extra_colours(players)
    if options["colours"] == "random":
        chosen = set(rng.sample(unused, extra_count))
        extra = [c for c in unused if c in chosen]  # a set of colours: keep the data's order
    else:
        extra = unused[:extra_count]
    start = draw_start(players, rng, options)  # 0-based

    pool = {colour: components.pool_per_colour for colour in seat_colours}
    pool.update({colour: components.stones_per_colour for colour in extra})
    schedule = components.schedules[players]
    trophies = list(components.trophies[:players])
    seats = [
        {"colour": colour, "stones": components.stones_per_player, "victory_points": components.start_vp}
        for colour in seat_colours
    ]
    setup: dict = {
        "players": players,
        **seat_document(seats, start),
        "trophies": trophies,
        "trophy_bonus": components.trophy_bonus,
        "pool": pool,
        "pool_size": sum(pool.values()),
        "box_colours": [c for c in unused if c not in extra],
        "upgrade_pile": list(components.upgrade_pile(players)),  # top card first
        "upgrades_removed": list(components.removed_upgrades.get(players, ())),
        "schedule": {
            "players": players,
            "travellers": dict(schedule.travellers),
            "stones_per_open_player": schedule.stones_per_open_player,
        },
        "weather_faces": list(components.weather_faces),
        "deck_size": components.deck_size,
    }
    if options["deck"] == "order":
        deck = components.deck()
        rng.shuffle(deck)
        setup["deck"] = deck  # top card first
    return setup


def count_setups(components: Components, players: int, options: dict[str, str]) -> int:
    """The exact number of different setups ``make_setup`` can return with these options.

    colours: ordered choice of the seats' colours, times the set of extra pool colours;
    start: one of the seats; deck: the distinct orders of a deck with identical copies
    (53! / the product of count! over the card kinds).
    """
    total = 1
    if options["colours"] == "random":
        colours = len(components.colours)
        total *= math.perm(colours, players) * math.comb(colours - players, components.extra_colours(players))
    total *= start_factor(players, options)
    if options["deck"] == "order":
        orders = math.factorial(components.deck_size)
        for card in components.travellers:
            orders //= math.factorial(card.count)
        total *= orders
    return total


def check_setup(components: Components, setup: dict) -> None:
    """Refuse a setup edited into one the box cannot lay out (``bgkit play --setup FILE``): a colour
    the game has not or twice, more stones of a colour than the box holds, an upgrade card not in
    a game of that size or listed twice, a start player who is not at the table."""
    from bgkit.errors import BadInput

    colours = components.colours
    seats = setup["seats"]
    seen: dict[str, int] = {}
    for seat in seats:
        colour = seat["colour"]
        if colour not in colours:
            raise BadInput(f"seat {seat['seat']}: colour {colour!r} is not one of the game's ({', '.join(colours)})")
        if colour in seen:
            raise BadInput(f"seats {seen[colour]} and {seat['seat']} both play {colour}")
        seen[colour] = seat["seat"]
        if seat["stones"] < 0 or seat["victory_points"] < 0:
            raise BadInput(f"seat {seat['seat']}: stones and victory points cannot be negative")
    for colour, count in setup["pool"].items():
        if colour not in colours:
            raise BadInput(f"pool: colour {colour!r} is not one of the game's ({', '.join(colours)})")
        own = sum(seat["stones"] for seat in seats if seat["colour"] == colour)
        if count < 0 or own + count > components.stones_per_colour:
            raise BadInput(f"{own + count} {colour} stones are on the table, but the box has {components.stones_per_colour}")
    in_play = components.upgrades_in_play(len(seats))
    pile = setup["upgrade_pile"]
    wrong = [value for value in pile if value not in in_play]
    if wrong or len(set(pile)) != len(pile):
        raise BadInput(f"upgrade_pile: every card of {', '.join(map(str, in_play))} at most once, not {pile}")
    if not 1 <= setup["start_player"] <= len(seats):
        raise BadInput(f"start_player {setup['start_player']} is not one of the seats 1-{len(seats)}")
