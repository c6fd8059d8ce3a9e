"""The actions as a person types them and as whole numbers.

``action_text`` (a function of the state, the spec's notation) gives each action its short text; the core's
``parse_action`` reads it back. The action space numbers every decision and every card drawn
densely, code by code in the order of :mod:`bgkit_bluemooncity.codes`, each code's fields in mixed
radix over the values they can take (a card kind, a cell, a box, a colour), so the numbering
depends only on the components, never on a state or a process.

``max_game_length`` is 4,000 decisions per seat and 4,000 more (12,000 at 2 players, 20,000 at 4).
The rules set no bound: nobody must contribute or make an offering (a turn may be ``stay``,
``done``, ``draw 2`` for ever), the hands have no limit [rule summary L67], and the game ends only
at the offering target, with every marker placed, or in a restored city nobody can move on
(:func:`bgkit_bluemooncity.rules.can_progress`), none of which a stalling table reaches. So the limit is the game's own:
random bots, the slowest players there are, took at most 6,587 decisions in 2,000 games at 2
players and 8,332 at 3, and greedy ones under 500; a game that reaches it is over with no winner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import derived

from bgkit_bluemooncity import rules as _rules
from bgkit_bluemooncity.city import CELLS
from bgkit_bluemooncity.board import ANY_COLOUR
from bgkit_bluemooncity.codes import (
    BOX, CARD, COLOUR, DEAL, DISCARD, DONE, DRAW, END, EXTRA_DRAWS, F_DRAGON, F_PAY, GO, OFF, OFFER, PAIR_CARDS, PAY,
    PILLAR, RECOLOUR, TO, TURN, USE, WILD_CARD, Action,
)
from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.kinds import EXTRA_OFFERING, MOVEMENT_POWERS, Kinds

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState


def chance_label(state: BlueMoonState) -> str:
    if not state.chance:
        return ""
    why, p, i, total = state.chance[0]
    if why == DEAL:
        return f"P{p + 1} is dealt a starting card ({i} of {total})"
    if why == TURN:
        return f"P{p + 1} draws a card at the end of the turn ({i} of {total})"
    return f"P{p + 1} picks up a face-down reward card and adds it to their hand ({i} of {total})"


def action_text(state: BlueMoonState, action: Action) -> str:
    board = state.board
    kinds = board.kinds
    code = action[0]
    if code == CARD:
        return f"card {kinds.all[action[1]].id}"
    if code == PAY:
        k = action[1]
        text = f"pay {kinds.all[k].id}"
        top = state.pending.top()
        if top is not None and top[0] == F_PAY and kinds.colour[k] != top[2]:
            text += f" as {kinds.colour_names[top[2]]}"
        return text
    if code == GO:
        return "stay" if action[1] == state.pos[state.cur] else f"go {board.ids[action[1]]}"
    if code == DISCARD:
        return f"discard {kinds.all[action[1]].id}"
    if code == BOX:
        b = action[1]
        colour = board.box_colour[b]
        name = "any colour" if colour == ANY_COLOUR else kinds.colour_names[colour]
        return f"box {board.box_number(b)}: {name} {board.box_value[b]}"
    if code == WILD_CARD:
        return f"wild {kinds.all[action[1]].id}"
    if code == PAIR_CARDS:
        return f"pair {kinds.all[action[1]].id}+{kinds.all[action[2]].id}"
    if code == RECOLOUR:
        name = kinds.all[action[1]].id
        return f"{name} recolours one card" if action[2] < 0 else f"{name} recolours {kinds.colour_names[action[2]]}"
    if code == USE:
        return f"use {kinds.all[action[1]].id}"
    if code == TO:
        top = state.pending.top()
        where = "off the board" if action[1] == OFF else f"to {board.ids[action[1]]}"
        if top is not None and top[0] == F_DRAGON:
            return f"{board.dragons[kinds.all[top[1]].dragon]} dragon {where}"
        return where
    if code == COLOUR:
        return f"in {kinds.colour_names[action[1]]}"
    if code == OFFER:
        return f"offer {_rules.next_cost(state)} crystals"
    if code == PILLAR:
        k, cost = action[1], _rules.next_cost(state)
        return f"{kinds.all[k].id}: offer again for {(cost or 0) + kinds.value[k]} crystals"
    if code in (DONE, END):
        return "done"
    if code == DRAW:
        return f"draw {state.discarded + EXTRA_DRAWS}"
    return str(action)


class ActionSpace:
    """For each action code, the values each of its fields may take; the codes' index ranges follow
    each other in code order."""

    def __init__(self, comp: Components):
        kinds = Kinds(comp)
        every = tuple(range(len(kinds)))
        cells = tuple(range(len(CELLS)))
        boxes = tuple(range(sum(len(b.boxes) for b in comp.buildings.values())))
        fields: dict[int, tuple[tuple[int, ...], ...]] = {
            GO: (cells,),
            USE: (tuple(k for k in every if kinds.power[k] in MOVEMENT_POWERS),),
            TO: ((OFF, *cells),),
            DONE: (),
            BOX: (boxes,),
            COLOUR: (kinds.box_colours,),
            PAY: (tuple(k for k in every if k not in kinds.wilds),),
            WILD_CARD: (kinds.wilds,),
            PAIR_CARDS: (kinds.pairs, kinds.pairs),
            RECOLOUR: (kinds.recolourers, (-1, *kinds.box_colours)),
            OFFER: (),
            PILLAR: (tuple(k for k in every if kinds.power[k] == EXTRA_OFFERING),),
            END: (),
            DISCARD: (every,),
            DRAW: (),
            CARD: (every,),
        }
        self.fields = fields
        self.place = {code: tuple({v: i for i, v in enumerate(values)} for values in domains) for code, domains in fields.items()}
        self.offset: dict[int, int] = {}
        self.starts: list[tuple[int, int]] = []  # (first index, code), in index order
        size = 0
        for code in sorted(fields):
            self.offset[code] = size
            self.starts.append((size, code))
            width = 1
            for values in fields[code]:
                width *= len(values)
            size += width
        self.size = size

    def index(self, action: Action) -> int:
        code = action[0]
        number = 0
        for place, value in zip(self.place[code], action[1:]):
            number = number * len(place) + place[value]
        return self.offset[code] + number

    def action(self, index: int) -> Action:
        code = next(code for start, code in reversed(self.starts) if start <= index)
        number = index - self.offset[code]
        values = []
        for domain in reversed(self.fields[code]):
            number, at = divmod(number, len(domain))
            values.append(domain[at])
        return (code, *reversed(values))


def space_for(comp: Components) -> ActionSpace:
    """The action space of ``comp`` (made once per set of components)."""
    return derived(comp, ("bluemooncity action space",), lambda: ActionSpace(comp))


def num_actions(comp: Components, players: int) -> int:
    return space_for(comp).size


def max_game_length(comp: Components, players: int) -> int:
    """The most decisions a game plays: well beyond any real one (see the module docstring)."""
    return 4_000 * (players + 1)


def action_index(comp: Components, action: Action) -> int:
    return space_for(comp).index(action)


def action_from_index(comp: Components, state: BlueMoonState, index: int) -> Action:
    return space_for(comp).action(index)


#: What each of Blue Moon City's action words does, for ``?`` at the prompt (its first word picks
#: the entries shown). The dragons' and the Hoax and Pillar cards' words are the standard deck's.
WORDS = (
    ("go TILE", "movement: walk your figure to that tile (up to 2 steps; the list shows where you can go)"),
    ("stay", "movement: leave your figure where it is"),
    ("use CARD", "discard a dragon or Flit card (value 1 or 2) for its power instead of its value: a dragon or "
                 "your figure moves next"),
    ("to TILE", "where your figure goes, moved by the Flit card just used"),
    ("red dragon to TILE|off the board", "where the red dragon goes, moved by the card just used"),
    ("green dragon to TILE|off the board", "where the green dragon goes, moved by the card just used"),
    ("blue dragon to TILE|off the board", "where the blue dragon goes, moved by the card just used"),
    ("done", "end this part of your turn: the movement powers (you contribute next) or the contributions (you "
             "discard and draw next)"),
    ("box N: COLOUR V", "contribute to box N of the tile you stand on: pay V in cards of that colour, then put a "
                        "marker on it"),
    ("in COLOUR", "a box of any colour (the Royal Palace): the colour you pay it in"),
    ("pay CARD [as COLOUR]", "pay the box with this card at its value (as COLOUR: a Hoax card lets it count as the "
                             "box's colour)"),
    ("wild CARD", "pay with a Khind card: wild, of any colour, at its value"),
    ("pair CARD+CARD", "pay with two Mimix 1s or 2s together: one wild card worth 3"),
    ("hoax-1 recolours COLOUR", "discard Hoax 1: up to 4 cards of that colour count as the box's colour"),
    ("hoax-2 recolours one card", "discard Hoax 2: one card of any colour counts as the box's colour"),
    ("offer N crystals", "at the courtyard: pay N crystals for the obelisk's lowest free box and put a marker on it"),
    ("pillar-1: offer again for N crystals", "after an offering: discard Pillar 1 and make one more, paying its value in extra "
                              "crystals"),
    ("pillar-2: offer again for N crystals", "after an offering: discard Pillar 2 and make one more, paying its value in extra "
                              "crystals"),
    ("discard CARD", "end of your turn: put a card from your hand on the discard pile (at most 2)"),
    ("draw N", "end your turn: draw N cards (2, and one more per card discarded)"),
)
