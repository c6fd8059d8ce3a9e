"""The city's geometry: a 5 x 5 grid without its corners (rows of 3-5-5-5-3 tiles), north at the top.

Cells are ``(row, col)`` with row 0 the northern row and col 0 the western column. The courtyard is
the centre; the temples and the palace sit on the four cells next to it [RB p1, p6].
"""

from __future__ import annotations

SIZE = 5
CORNERS = frozenset({(0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1)})
#: The 21 cells of the city in reading order (north to south, west to east).
CELLS: tuple[tuple[int, int], ...] = tuple(
    (r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in CORNERS
)
#: Where each fixed position is.
POSITION_CELLS = {"centre": (2, 2), "north": (1, 2), "east": (2, 3), "south": (3, 2), "west": (2, 1)}


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The orthogonally adjacent cells of the city (no diagonals) [RB p2]."""
    r, c = cell
    around = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
    return [n for n in around if n in CELLS]


def free_cells(layout: str) -> list[tuple[int, int]]:
    """Cells filled at random: all but the five fixed ones ("standard") or all but the centre ("random")."""
    fixed = set(POSITION_CELLS.values()) if layout == "standard" else {POSITION_CELLS["centre"]}
    return [cell for cell in CELLS if cell not in fixed]


def _steps() -> tuple[tuple[int, ...], ...]:
    """STEPS[a][b]: the fewest orthogonal steps from cell ``CELLS[a]`` to ``CELLS[b]`` inside the city."""
    index = {cell: i for i, cell in enumerate(CELLS)}
    rows = []
    for start in CELLS:
        far = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for cell in frontier:
                for n in neighbours(cell):
                    if n not in far:
                        far[n] = far[cell] + 1
                        nxt.append(n)
            frontier = nxt
        rows.append(tuple(far[cell] for cell in sorted(far, key=index.__getitem__)))
    return tuple(rows)


#: Steps between cells by index into :data:`CELLS` (figures and dragons move orthogonally, never
#: diagonally, and may pass over any tile, the courtyard included [RB p2, p4]).
STEPS = _steps()
#: Index of each cell's orthogonal neighbours, by index into :data:`CELLS`.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(CELLS.index(n) for n in neighbours(cell)) for cell in CELLS
)


def within(cell: int, low: int, high: int) -> tuple[int, ...]:
    """Cells (indices into :data:`CELLS`) between ``low`` and ``high`` steps from ``cell``."""
    return tuple(i for i, d in enumerate(STEPS[cell]) if low <= d <= high)
