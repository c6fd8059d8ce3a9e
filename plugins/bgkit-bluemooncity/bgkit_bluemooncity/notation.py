"""The actions as a person types them and as whole numbers.

``action_text`` (a mixin of the state) gives each action its short text; the core's
``parse_action`` reads it back. The action space numbers every decision and every card drawn
densely, code by code in the order of :mod:`bgkit_bluemooncity.codes`, each code's fields in mixed
radix over the values they can take (a card kind, a cell, a box, a colour), so the numbering
depends only on the components, never on a state or a process.

No ``max_game_length``: the rules set no bound on a game's length. Nobody must contribute or make
an offering (a turn may be ``stay``, ``done``, ``draw 2`` for ever), the hands have no limit [rule
summary L67], and the game ends only at the offering target, with every marker placed, or in a
restored city nobody can move on (:meth:`can_progress`), none of which a stalling table reaches.
So the state module declares no action space to the core (which asks all four functions or none);
the three here are checked by the plugin's own tests at every player count.
"""

from __future__ import annotations

from bgkit.api import derived

from bgkit_bluemooncity.city import CELLS
from bgkit_bluemooncity.codes import (
    BOX, CARD, COLOUR, DISCARD, DONE, DRAW, END, GO, OFF, OFFER, PAIR_CARDS, PAY, PILLAR, RECOLOUR, TO, USE, WILD_CARD,
)
from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.kinds import EXTRA_OFFERING, MOVEMENT_POWERS, Kinds


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

    def index(self, action: tuple) -> int:
        code = action[0]
        number = 0
        for place, value in zip(self.place[code], action[1:]):
            number = number * len(place) + place[value]
        return self.offset[code] + number

    def action(self, index: int) -> tuple:
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


def action_index(comp: Components, action: tuple) -> int:
    return space_for(comp).index(action)


def action_from_index(comp: Components, state, index: int) -> tuple:
    return space_for(comp).action(index)
