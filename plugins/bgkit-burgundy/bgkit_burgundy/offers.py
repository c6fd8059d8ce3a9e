"""The legal actions: what a player may do on a turn and in each follow-up.

Depots and storage are tuples: a change makes a new tuple, so the offers built from one (its
different kinds, the actions taking, buying or hiring from it) are kept beside it in an *entry*
and stay valid for as long as the same tuple object is there -- in clones too, which share both.
Anything else (a new tuple, or a list put there by a test's scene) builds a new entry."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Sequence, cast

from bgkit_burgundy.codes import BIT_INDEX, BUY, COLOUR_OF, DISCARD, END_ACTION, FREE_DIE, GOODS, HALL, HIRE, K, K1, K6, PASS_ACTION, PICK, PLACE, SELL_ACTIONS, START, S_CASTLES, TAKE, WORK_ACTIONS, WSELL, Action, Frame
from bgkit_burgundy.data import BUILDING, K_ANIMAL, K_BUILDING
from bgkit_burgundy.reach import SELL_TYPES, TAKE_DEPOTS, _fill_place_masks

if TYPE_CHECKING:
    from bgkit_burgundy.state import BurgundyState


# the slots of an entry: 0 the tiles, 1 their different kinds ascending, then actions built on first use
E_TILES, E_KINDS, E_TAKE, E_BUY, E_HIRE = 0, 1, 2, 9, 10  # E_TAKE + die: takes with that die
#: An entry's slots differ in type (a tuple of tiles, a list of kinds, lists of actions or None) and are
#: indexed by computed numbers (E_TAKE + die), which no precise type of a list describes.
Entry = list[Any]
# A tuple, never written: its tiles (None) match none, so a new entry replaces it before a slot is set.
NO_ENTRY = cast(Entry, (None,) * 11)  # matches no tiles


def _entry(tiles: tuple[int, ...]) -> Entry:
    return [tiles, sorted(set(tiles)), None, None, None, None, None, None, None, None, None]


def _can_buy(state: BurgundyState, p: int) -> bool:
    if not state.bought and state.silver[p] >= 2:
        if state.black:
            return True
        if state.ruleset == "2011" and state.know[p] & K[6] and any(state.depots):
            return True
    if state.ruleset == "2019" and not state.hired and state.know[p] & K[6] and state.workers[p] >= 2:
        return any(COLOUR_OF[k] == BUILDING for d in state.depots for k in d)
    return False


def turn_actions(state: BurgundyState) -> list[Action]:
    """Every legal action with no follow-up pending, in one fixed order: for each different die
    left (in order) its takes, places, sales and workers (``_die_actions``); then the
    purchases; then ``end``."""
    p = state.cur
    if p < 0:
        return []
    if state.stage == S_CASTLES:
        return [(START, i) for i in state.boards[p].castle_spaces]
    out: list[Action] = []
    dice = state.left
    if dice:
        _die_actions(state, p, dice, out)
    if (not state.bought and state.silver[p] >= 2) or state.ruleset == "2019":
        _buy_actions(state, p, out)
    if not dice:
        out.append(END_ACTION)
    return out


def _die_actions(state: BurgundyState, p: int, dice: Sequence[int], out: list[Action]) -> None:
    """For each different die of ``dice`` (in order, 0 = a castle's die of any number): its takes
    (depot by depot, kinds ascending), places (stored kinds ascending, spaces ascending),
    sales and workers.

    This is the hottest code of the game, so it is written out in one function: actions
    come from precomputed tables (see the top of the module) and cached entries."""
    know = state.know[p]
    w = state.workers[p]
    wcap = w if w < 3 else 3
    bits = (know >> 8) & 15  # knowledge #8 (bit 0) and the free +-1 of #9-#11 (bits 1-3)
    takes = ((bits & 1) * 2 + ((know >> 12) & 1)) * 28 + wcap
    sales = (bits & 1) * 28 + wcap
    depots = state.depots
    offers = state.offers
    goods = state.goods[p]
    frontier = state.adj[p] & ~state.filled[p]
    storage = state.storage[p]
    if not frontier or not storage:
        kinds: Sequence[int] = ()
    elif len(storage) == 1:
        kinds = storage
    else:
        kinds = sorted(set(storage))
    places = state.places[p]
    seen = 0
    for d in dice:
        if seen >> d & 1:
            continue
        seen |= 1 << d
        slot = E_TAKE + d
        for dep in TAKE_DEPOTS[takes + d * 4]:
            tiles = depots[dep]
            if tiles:
                entry = offers[dep]
                if entry[E_TILES] is not tiles:
                    entry = offers[dep] = _entry(tiles)
                acts = entry[slot]
                if acts is None:
                    acts = entry[slot] = [(TAKE, d, dep + 1, k) for k in entry[E_KINDS]]
                out += acts
        if kinds:
            if d:
                index = bits * 28 + d * 4 + wcap
                reach = places[index] or _fill_place_masks(state.boards[p], places, index)
            else:
                reach = state.boards[p].colour_mask
            for k in kinds:
                m = frontier & reach[COLOUR_OF[k]]
                if not m:
                    continue
                if K_BUILDING <= k < K_ANIMAL and not know & K1:  # one building of a type per city
                    bit = 1 << (k - K_BUILDING)
                    city = state.city[p]
                    region = state.boards[p].region
                    while m:
                        low = m & -m
                        m ^= low
                        i = BIT_INDEX[low]
                        if not city[region[i]] & bit:
                            out.append((PLACE, d, k, i))
                else:
                    while m:
                        low = m & -m
                        m ^= low
                        out.append((PLACE, d, k, BIT_INDEX[low]))
        sells = SELL_ACTIONS[d]
        for t in SELL_TYPES[sales + d * 4]:
            if goods[t]:
                out.append(sells[t])
        out.append(WORK_ACTIONS[d])


def _free_steps(state: BurgundyState, frame: Frame) -> list[Action]:
    """A castle's extra action: what a die of any number does (2019: or a purchase it can place [BGA])."""
    out: list[Action] = []
    _die_actions(state, state.cur, FREE_DIE, out)
    if state.ruleset == "2019":
        _black_buys(state, state.cur, out)
    return out


def _discard_steps(state: BurgundyState, frame: Frame) -> list[Action]:
    return [(DISCARD, k) for k in sorted(set(state.storage[state.cur][:3]))]


def _ship_steps(state: BurgundyState, frame: Frame) -> list[Action]:
    out: list[Action] = []
    _ship_actions(state, state.cur, out)
    return out


def _pick_steps(state: BurgundyState, frame: Frame) -> list[Action]:
    mask = frame[1]
    out: list[Action] = [(PICK, d + 1, k) for d in range(6) for k in sorted(set(state.depots[d])) if mask >> COLOUR_OF[k] & 1]
    out.append(PASS_ACTION)
    return out


def _warehouse_steps(state: BurgundyState, frame: Frame) -> list[Action]:
    out: list[Action] = [(WSELL, t + 1) for t in range(6) if state.goods[state.cur][t]]
    out.append(PASS_ACTION)
    return out


def _hall_steps(state: BurgundyState, frame: Frame) -> list[Action]:
    out: list[Action] = []
    _hall_places(state, state.cur, out)
    if state.ruleset == "2019":  # right after placing a City Hall, a purchase it can place [BGA]
        _black_buys(state, state.cur, out)
    out.append(PASS_ACTION)
    return out


def _depot(state: BurgundyState, dep: int) -> Entry:
    """The entry of numbered depot ``dep`` (0-5)."""
    tiles = state.depots[dep]
    entry = state.offers[dep]
    if entry[E_TILES] is not tiles:
        entry = state.offers[dep] = _entry(tiles)
    return entry


def _black_buys(state: BurgundyState, p: int, out: list[Action]) -> None:
    """The purchases from the black depot, if this turn's purchase is still to make."""
    if not state.bought and state.silver[p] >= 2 and state.black:
        entry = state.black_offer
        if entry[E_TILES] is not state.black:
            entry = state.black_offer = _entry(state.black)
        acts = entry[E_BUY]
        if acts is None:
            acts = entry[E_BUY] = [(BUY, 0, k) for k in entry[E_KINDS]]
        out += acts


def _buy_actions(state: BurgundyState, p: int, out: list[Action]) -> None:
    if not state.bought and state.silver[p] >= 2:
        _black_buys(state, p, out)
        if state.ruleset == "2011" and state.know[p] & K6:
            for d in range(6):
                if state.depots[d]:
                    entry = _depot(state, d)
                    acts = entry[E_BUY]
                    if acts is None:
                        acts = entry[E_BUY] = [(BUY, d + 1, k) for k in entry[E_KINDS]]
                    out += acts
    if state.ruleset == "2019" and not state.hired and state.know[p] & K6 and state.workers[p] >= 2:
        for d in range(6):
            if state.depots[d]:
                entry = _depot(state, d)
                acts = entry[E_HIRE]
                if acts is None:
                    acts = entry[E_HIRE] = [(HIRE, d + 1, k) for k in entry[E_KINDS] if COLOUR_OF[k] == BUILDING]
                out += acts


def _hall_places(state: BurgundyState, p: int, out: list[Action]) -> None:
    """What a City Hall may place: a stored tile on any space of its colour next to the estate."""
    offers: list[Action] = []
    _die_actions(state, p, FREE_DIE, offers)  # a die of any number: its placements are the Hall's
    out += [(HALL, a[2], a[3]) for a in offers if a[0] == PLACE]


def _ship_actions(state: BurgundyState, p: int, out: list[Action]) -> None:
    pairs: list[tuple[int, int]] = []
    dg = state.depot_goods
    if state.know[p] & K[5]:  # the goods of one depot, or of two neighbouring ones ("可以")
        for d in range(1, 7):
            for e in (d % 6 + 1,):
                if any(dg[d - 1]) or any(dg[e - 1]):
                    pairs.append((d, e))
        # One depot alone differs from every pair only when both its neighbours have goods
        # (else a pair with an empty neighbour takes the same); offered after the pairs.
        for d in range(1, 7):
            if any(dg[d - 1]) and any(dg[(d - 2) % 6]) and any(dg[d % 6]):
                pairs.append((d, 0))
    else:
        pairs = [(d, 0) for d in range(1, 7) if any(dg[d - 1])]
    have = state.goods[p]
    free = 3 - sum(1 for c in have if c)
    for d, e in pairs:
        incoming = [t for t in range(6) if dg[d - 1][t] or (e and dg[e - 1][t])]
        new = [t for t in incoming if not have[t]]
        if len(new) <= free or free == 0:
            out.append((GOODS, d, e, 0))
        else:
            for keep in combinations(new, free):
                out.append((GOODS, d, e, sum(1 << t for t in keep)))

