"""How actions are written and numbered: the short text a person types and the log keeps, and the
action space (every decision and chance outcome a whole number, the same in every process)."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Callable, cast

from bgkit.api import State, derived

from bgkit_burgundy.codes import (
    BUY, DICE, DISCARD, DRAW, END, GOODS, HALL, HIRE, PASS, PICK, PLACE, SELL, START, TAKE, WHITE, WORK, WSELL, Action,
)
from bgkit_burgundy.data import NUM_KINDS, Components

if TYPE_CHECKING:
    from bgkit_burgundy.state import BurgundyState

SPACES = 37

# The action space: an action tuple ``(code, *fields)`` is numbered by its fields in mixed radix,
# each field a digit ``value - low`` below its ``size``, after the numbers of every code listed
# before it. The fields are the tuple's own, so the bound is their product summed over the codes
# (about 20,000; a placement, die × kind × space, is most of it).
FIELDS: dict[int, tuple[tuple[int, int], ...]] = {  # code -> ((low, size) per field)
    TAKE: ((0, 7), (1, 6), (0, NUM_KINDS)),  # die (0: a castle's free die), depot, kind
    PLACE: ((0, 7), (0, NUM_KINDS), (0, SPACES)),  # die, kind, space
    SELL: ((0, 7), (1, 6)),  # die, goods type
    WORK: ((0, 7),),  # die
    BUY: ((0, 7), (0, NUM_KINDS)),  # depot (0: the black one), kind
    HIRE: ((1, 6), (0, NUM_KINDS)),  # depot, kind
    END: (),
    GOODS: ((1, 6), (0, 7), (0, 64)),  # depot, its neighbour also emptied (0: none), goods types kept (bits)
    PICK: ((1, 6), (0, NUM_KINDS)),  # depot, kind
    WSELL: ((1, 6),),  # goods type
    HALL: ((0, NUM_KINDS), (0, SPACES)),  # kind, space
    DISCARD: ((0, NUM_KINDS),),  # kind
    PASS: (),
    START: ((0, SPACES),),  # the start castle's space
    WHITE: ((1, 6),),  # the white die
    DICE: ((1, 6), (1, 6)),  # a player's two dice, the lower first
    DRAW: ((0, NUM_KINDS),),  # the kind of tile drawn
}


def _offsets() -> tuple[dict[int, int], int]:
    offsets, total = {}, 0
    for code, fields in FIELDS.items():
        offsets[code] = total
        size = 1
        for _, radix in fields:
            size *= radix
        total += size
    return offsets, total


OFFSET, NUM_ACTIONS = _offsets()
STARTS = sorted(OFFSET.values())  # the first number of each code, ascending (dicts keep FIELDS' order)
CODES = list(OFFSET)

# The longest game, in decisions (chance outcomes not counted), per player. A player has 25 turns
# (5 phases of 5 rounds). In them: at most 2 die actions a turn (A <= 50), one `end` (E <= 25), one
# purchase (B <= 25) and, in the 2019 rules, one hire (H <= 25). Every other decision answers a
# pending frame: a frame is pushed only by placing a tile (one at most per placement, and at most 36
# placements: 37 spaces less the start castle), so F <= 36 answers, and a discard only by storing a
# 4th tile (a take, purchase, hire or pick, each one of the decisions counted above), so
# D <= A + F + B + H. With the start space: 1 + A + E + B + H + F + D <= 1 + 25 + 2 * 136 = 298.
LONGEST_PER_PLAYER = 1 + 25 + 2 * (50 + 25 + 25 + 36)


def num_actions(comp: Components, players: int) -> int:
    return NUM_ACTIONS


def max_game_length(comp: Components, players: int) -> int:
    return LONGEST_PER_PLAYER * players


def action_index(comp: Components, action: Action) -> int:
    index = 0
    for value, (low, size) in zip(action[1:], FIELDS[action[0]]):
        index = index * size + value - low
    return OFFSET[action[0]] + index


def action_from_index(comp: Components, state: BurgundyState, index: int) -> Action:
    """The action numbered ``index`` (the same at every state: Burgundy's actions carry all they mean)."""
    code = CODES[bisect_right(STARTS, index) - 1]
    rest = index - OFFSET[code]
    values = []
    for low, size in reversed(FIELDS[code]):
        rest, digit = divmod(rest, size)
        values.append(digit + low)
    return (code, *reversed(values))


def _texts(comp: Components) -> dict[Action, str]:
    """The action texts already made for this box's tile names (shared by all its states)."""
    return derived(comp, "burgundy texts", dict)


def action_text(state: BurgundyState, action: Action) -> str:
    # Every action has one text whatever the state, made once, then looked up; but a draw's
    # names the depot drawn for, which the state knows: it is kept under (DRAW, depot, kind).
    key = (DRAW, state.chance[0][1] if state.chance else 0, action[1]) if action[0] == DRAW else action
    try:
        return state.texts[key]
    except KeyError:
        text = _action_text(state, action)
        if len(state.texts) < 100_000:
            state.texts[key] = text
        return text


def _action_text(state: BurgundyState, action: Action) -> str:
    names = state.comp.kind_names
    code = action[0]
    if code == DRAW:
        depot = state.chance[0][1] if state.chance else 0
        return f"draw {'black' if depot == 0 else depot}:{names[action[1]]}"
    if code == GOODS:
        text = f"goods {action[1]}" + (f"+{action[2]}" if action[2] else "")
        if action[3]:
            text += " keep " + ",".join(str(t + 1) for t in range(6) if action[3] >> t & 1)
        return text
    write = TEXTS.get(code)
    return str(action) if write is None else write(action, names)


def parse_action(state: BurgundyState, text: str) -> Action:
    """Like the default, but ``dice 5 2`` is the same as ``dice 2 5`` and spaces are forgiven."""
    words = text.split()
    if len(words) == 3 and words[0] == "dice" and all(w.isdigit() for w in words[1:]):
        words[1:] = sorted(words[1:])
    # the default parses against the state's legal list (or its chance outcomes): one of this game's actions
    return cast(Action, State.parse_action(state, " ".join(words)))


# code -> (action, the tile names) -> its text
TEXTS: dict[int, Callable[[Action, tuple[str, ...]], str]] = {
    TAKE: lambda a, names: f"take {a[2]}:{names[a[3]]}@{a[1] or 'any'}",
    PLACE: lambda a, names: f"place {a[3] + 1}:{names[a[2]]}@{a[1] or 'any'}",
    SELL: lambda a, names: f"sell {a[2]}@{a[1] or 'any'}",
    WORK: lambda a, names: f"workers@{a[1] or 'any'}",
    BUY: lambda a, names: f"buy {'black' if a[1] == 0 else a[1]}:{names[a[2]]}",
    HIRE: lambda a, names: f"hire {a[1]}:{names[a[2]]}",
    END: lambda a, names: "end",
    PICK: lambda a, names: f"pick {a[1]}:{names[a[2]]}",
    WSELL: lambda a, names: f"warehouse {a[1]}",
    HALL: lambda a, names: f"place {a[2] + 1}:{names[a[1]]}",
    DISCARD: lambda a, names: f"discard {names[a[1]]}",
    PASS: lambda a, names: "pass",
    START: lambda a, names: f"castle {a[1] + 1}",
    WHITE: lambda a, names: f"white {a[1]}",
    DICE: lambda a, names: f"dice {a[1]} {a[2]}",
}


#: What each of Burgundy's action words does, for ``?`` at the prompt (its first word picks the entries shown).
#: DIE is the die spent (``any``: a castle's die, any number); workers change it by 1 each.
WORDS = (
    ("take D:TILE@DIE", "take TILE from depot D on the game board (the die shows D) into your storage"),
    ("place S:TILE@DIE", "place TILE from your storage on space S of your estate (the die shows the space's number; the city hall's 'place S:TILE' needs none)"),
    ("sell T@DIE", "sell all your goods of type T (the die shows T): silver, and points for each"),
    ("workers@DIE", "trade the die for 2 workers"),
    ("buy black:TILE", "buy TILE for 2 silver from the black depot (2019 rules: or 'buy D:TILE' from depot D), once a turn"),
    ("hire D:TILE", "2019 rules, knowledge tile 6: pay 2 workers for a building from depot D"),
    ("goods D+E keep …", "a ship takes the goods of depot D (and E); 'keep' names the types you keep when storage is full"),
    ("pick D:TILE", "a building lets you take a tile of its colour from depot D"),
    ("warehouse T", "the warehouse sells your goods of type T"),
    ("discard TILE", "your storage is full: choose the tile to discard"),
    ("castle N", "the setup: put your starting castle on the castle space N"),
    ("pass", "leave what the building offers"),
    ("end", "end your turn"),
)
