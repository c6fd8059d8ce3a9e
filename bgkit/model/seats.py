"""Seats, the start player and turn order: one schema for every game's setup document.

Every setup document has ``seats`` (one table per seat, ``seat`` numbered from 1 clockwise, plus the
game's own per-seat fields), ``start_player`` (a seat number) and ``turn_order`` (seat numbers,
start player first). Every game offers the same option, ``start=random|1..N``: ``random`` draws
the start player (one ``rng.randrange(players)``), a number names the seat that starts, e.g. the
one the rule book picks ("who most recently ate chocolate") sitting in that seat.
"""

from __future__ import annotations

import random
from typing import Any

from bgkit.model.errors import BadInput
from bgkit.model.game import Option


def start_option(max_players: int) -> Option:
    """The ``start`` option of a game for up to ``max_players``."""
    return Option(
        "start",
        ("random", *(str(n) for n in range(1, max_players + 1))),
        "random",
        "random: draw the start player; N: seat N starts (e.g. whom the rule book picks, sitting in seat N)",
    )


def draw_start(players: int, rng: random.Random, options: dict[str, str]) -> int:
    """The start player's seat, 0-based: drawn with one ``rng.randrange(players)`` or as named."""
    value = options.get("start", "random")
    if value == "random":
        return rng.randrange(players)
    seat = int(value)
    if not 1 <= seat <= players:
        raise BadInput(f"option start={value}, but there are only {players} players")
    return seat - 1


def clockwise(players: int, first: int) -> list[int]:
    """Seats (0-based) in turn order: ``first``, then clockwise."""
    return [(first + i) % players for i in range(players)]


def seat_document(rows: list[dict[str, Any]], first: int, order: list[int] | None = None) -> dict[str, Any]:
    """The seat part of a setup: ``seats`` (each row numbered), ``start_player``, ``turn_order``.

    ``rows`` are the game's per-seat fields in seat order; ``order`` is the turn order (0-based,
    default clockwise from ``first``).
    """
    order = clockwise(len(rows), first) if order is None else order
    return {
        "seats": [{"seat": seat + 1, **row} for seat, row in enumerate(rows)],
        "start_player": first + 1,
        "turn_order": [seat + 1 for seat in order],
    }


def start_factor(players: int, options: dict[str, str]) -> int:
    """How many ways the start player can be chosen (a factor of a setup count)."""
    value = options.get("start", "random")
    if value != "random" and int(value) > players:
        raise BadInput(f"option start={value}, but there are only {players} players")
    return players if value == "random" else 1
