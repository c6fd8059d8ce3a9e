"""A bot's move said as an instruction for the people at a real table (``--chance table``).

``instruction(state, player, action)`` is the play half's ``Wording``: the words after the seat's
name (``P2 (greedy) uses its 6 die: takes the hen4 tile from depot 6 …``), read from the state
just before the move. The pieces named are the box's: dice, hex tiles, depots, storage spaces,
estate spaces by the ids the drawing shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from bgkit_burgundy.codes import BUY, DISCARD, END, GOODS, HALL, HIRE, PASS, PICK, PLACE, SELL, START, TAKE, WORK, WSELL

if TYPE_CHECKING:
    from bgkit_burgundy.state import BurgundyState


def _die(die: int) -> str:
    return f"uses its {die} die" if die else "uses its castle's extra action (any number)"


def _depot(depot: int) -> str:
    return "the black depot" if depot == 0 else f"depot {depot}"


def _workers(die: int, number: int) -> str:
    """The workers a die pays to reach ``number`` (one a step, 6 and 1 next to each other)."""
    steps = min((die - number) % 6, (number - die) % 6) if die else 0
    return f", paying {steps} worker{'s' if steps != 1 else ''}" if steps else ""


def _goods(action: tuple[Any, ...]) -> str:
    _, first, second, keep = action
    kinds = f"{first} and {second}" if second else f"{first}"
    kept = ", keeping types " + ", ".join(str(t + 1) for t in range(6) if keep >> t & 1) if keep else ""
    return f"takes every goods tile of type {kinds} from its depot into its storage{kept}"


def instruction(state: BurgundyState, player: int, action: tuple[Any, ...]) -> str:
    names = state.comp.kind_names
    code = action[0]
    said: dict[int, Callable[[], str]] = {
        TAKE: lambda: f"{_die(action[1])}{_workers(action[1], action[2])}: takes the {names[action[3]]} tile from depot "
                      f"{action[2]} into its storage",
        PLACE: lambda: f"{_die(action[1])}: places the {names[action[2]]} tile from its storage on its estate space {action[3] + 1}",
        SELL: lambda: f"{_die(action[1])}: sells all its goods of type {action[2]} (turn them face down; it takes a "
                      "silverling and scores them)",
        WORK: lambda: f"{_die(action[1])} to take 2 workers: give it 2 worker tiles",
        BUY: lambda: f"pays 2 silverlings for the {names[action[2]]} tile from {_depot(action[1])}, into its storage",
        HIRE: lambda: f"pays 2 workers for the {names[action[2]]} tile from depot {action[1]}, into its storage",
        END: lambda: "ends its turn",
        GOODS: lambda: _goods(action),
        PICK: lambda: f"takes the {names[action[2]]} tile from depot {action[1]} for free, into its storage",
        WSELL: lambda: f"sells all its goods of type {action[1]} with its warehouse",
        HALL: lambda: f"places the {names[action[1]]} tile from its storage on its estate space {action[2] + 1} (city hall)",
        DISCARD: lambda: f"discards the {names[action[1]]} tile from its storage (it is full)",
        PASS: lambda: "takes nothing (passes)",
        START: lambda: f"puts its start castle on its estate space {action[1] + 1}",
    }
    words = said.get(code)
    return words() if words is not None else ""
