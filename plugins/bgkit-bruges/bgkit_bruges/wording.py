"""A bot's move said as an instruction for the people at a real table (``--chance table``).

``instruction(state, player, action)`` is the play half's ``Wording``: the words after the seat's
name (``P2 (greedy) takes the top card of pile A (red) into its hand …``), read from the state just
before the move. A move this module does not word (a disaster's order, a fire, a plague) is said by
its text, the core's default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from bgkit_bruges.codes import (
    A_CANAL, A_GUILDERS, A_HIRE, A_HOUSE, A_THREAT, A_WORKERS, ACTIVATE, BUILD, DRAW, ECANAL, END, PASS, PICK, PILES, PLAY,
    REP, SECTIONS, SKIP, TCOL, WCOL,
)

if TYPE_CHECKING:
    from bgkit_bruges.state import BrugesState


def _draw(s: Any, action: tuple[Any, ...]) -> str:
    pile, top = PILES[action[1]], s.tops[action[1]]
    colour = f" ({s.comp.card_colours[top]})" if top >= 0 else ""
    return f"takes the top card of pile {pile}{colour} into its hand; then tell me the colour of pile {pile}'s new top card"


def _play(s: Any, action: tuple[Any, ...]) -> str:
    _, card, what, arg = action
    name, colours = s.cards.name[card], s.comp.card_colours
    colour = colours[s.cards.colour[card]]
    if what == A_HIRE:  # arg is a house here, a canal section only for A_CANAL: each read where it means that
        house = colours[s.cards.colour[s.houses[s.cur][arg]]]
        return f"puts its {name} card on its {house} house: it is hired"
    if what == A_CANAL:
        return f"discards its {name} card ({colour}) and builds the next section of its {SECTIONS[arg]} canal"
    said = {
        A_WORKERS: f"discards its {name} card ({colour}) and takes workers of that colour",
        A_GUILDERS: f"discards its {name} card ({colour}) and takes guilders",
        A_THREAT: f"discards its {name} card ({colour}) and gives back a {colour} threat marker",
        A_HOUSE: f"discards its {name} card ({colour}) and builds a {colour} house",
    }
    return said.get(what, "")


WORDS: dict[int, Callable[[Any, tuple[Any, ...]], str]] = {
    DRAW: _draw,
    PLAY: _play,
    ACTIVATE: lambda s, a: f"uses the ability of its {s.cards.name[s.occupants[s.cur][a[1]]]}",
    END: lambda s, a: "ends its turn",
    REP: lambda s, a: f"pays {a[1]} and moves up one space on the reputation track",
    PASS: lambda s, a: "passes",
    WCOL: lambda s, a: f"takes a {s.comp.card_colours[a[1]]} worker",
    TCOL: lambda s, a: f"gives back a {s.comp.card_colours[a[1]]} threat marker",
    ECANAL: lambda s, a: f"builds the next section of its {SECTIONS[a[1]]} canal",
    BUILD: lambda s, a: f"builds a {s.comp.card_colours[a[1]]} house",
    PICK: lambda s, a: f"takes the {s.cards.name[a[1]]} card",
    SKIP: lambda s, a: "takes nothing (skips)",
}


def instruction(state: BrugesState, player: int, action: tuple[Any, ...]) -> str:
    words = WORDS.get(action[0])
    return words(state, action) if words is not None else ""
