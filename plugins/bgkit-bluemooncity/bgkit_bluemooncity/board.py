"""The city of one game as plain tables the play engine indexes: tiles by cell, boxes, rewards, reach.

Built once per game from the components and the setup's city, shared by every copy of the state.
Cells are indices into :data:`bgkit_bluemooncity.city.CELLS`; boxes are numbered across the city,
each tile's left to right (the left-most wins a tie for the most markers [RB p2; L73]).
"""

from __future__ import annotations

from bgkit.api import derived

from bgkit_bluemooncity.codes import BOX, CARD, DISCARD, GO, OFF, TO, USE
from bgkit_bluemooncity.city import CELLS, NEIGHBOURS, within
from bgkit_bluemooncity.data import Building, Components, Reward
from bgkit_bluemooncity.kinds import DRAGON_REACH, FLIT_REACH, Kinds

#: A box of the palace: any one colour per box [RB p2; L57].
ANY_COLOUR = -1
#: Normal movement: up to 2 orthogonal steps [RB p2; L45].
MOVE_REACH = 2


def _reward(reward: Reward) -> tuple[int, int, int]:
    return (reward.crystals, reward.scales, reward.cards)


class Board:
    """The tiles of one city, with everything the engine looks up often precomputed."""

    def __init__(self, comp: Components, city: list[list[str]]):
        self.comp = comp
        self.city = [list(row) for row in city]
        self.kinds = Kinds(comp)
        colour_of = {colour: c for c, colour in enumerate(self.kinds.colour_names)}
        self.building: list[Building] = [comp.buildings[city[r][c]] for r, c in CELLS]
        self.ids = [b.id for b in self.building]
        self.index = {b.id: i for i, b in enumerate(self.building)}
        self.courtyard = next(i for i, b in enumerate(self.building) if b.colour == "none")
        self.box_cell: list[int] = []
        self.box_value: list[int] = []
        self.box_colour: list[int] = []
        self.cell_boxes: list[range] = []
        for cell, b in enumerate(self.building):
            start = len(self.box_cell)
            for value in b.boxes:
                self.box_cell.append(cell)
                self.box_value.append(value)
                self.box_colour.append(ANY_COLOUR if b.colour == "any" else colour_of.get(b.colour, ANY_COLOUR))
            self.cell_boxes.append(range(start, len(self.box_cell)))
        #: cells with boxes: the buildings to restore
        self.buildings = tuple(i for i, b in enumerate(self.building) if b.boxes)
        self.majority = [_reward(b.majority) for b in self.building]
        self.every = [_reward(b.every) for b in self.building]
        self.neighbour = [_reward(b.neighbour) for b in self.building]
        self.neighbours = NEIGHBOURS
        self.moves = [within(c, 0, MOVE_REACH) for c in range(len(CELLS))]
        self.extra_steps = [within(c, 1, FLIT_REACH) for c in range(len(CELLS))]
        self.dragon_steps = [within(c, 1, DRAGON_REACH) for c in range(len(CELLS))]
        self.dragons = tuple(comp.dragons)
        # the actions that name a card kind, made once (the hot loops hand out these very tuples)
        self.cards = tuple((CARD, k) for k in range(len(self.kinds)))
        cells = range(len(CELLS))
        self.go = [tuple((GO, c) for c in self.moves[cell]) for cell in cells]
        self.to_any = [tuple((TO, c) for c in cells if c != cell) for cell in cells]
        self.to_extra = [tuple((TO, c) for c in self.extra_steps[cell]) for cell in cells]
        self.to_dragon_steps = [tuple((TO, c) for c in self.dragon_steps[cell]) for cell in cells]
        self.to_anywhere = tuple((TO, c) for c in cells)  # a dragon coming in from off the board
        self.to_off = (TO, OFF)
        self.boxes = tuple((BOX, b) for b in range(len(self.box_cell)))
        self.discards = tuple((DISCARD, k) for k in range(len(self.kinds)))
        self.uses = tuple((USE, k) for k in range(len(self.kinds)))

    def box_number(self, box: int) -> int:
        """The box's place on its tile, 1 = left-most."""
        return box - self.cell_boxes[self.box_cell[box]].start + 1


def board_for(comp: Components, city: list[list[str]]) -> Board:
    """The board of ``city`` with ``comp`` (one per game: every copy of a state shares it)."""
    return derived(comp, ("bluemooncity board", repr(city)), lambda: Board(comp, city))
