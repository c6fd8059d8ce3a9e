"""The game's constants: action codes, pending-frame kinds, chance events, stages and the bits that
name knowledge tiles and buildings, so every module spells them the same way.

Actions are small tuples whose first item is a code below. A die is given by its rolled value; 0 is
the free die of a castle (any number).
"""

from __future__ import annotations

from bgkit_burgundy.data import ANIMAL, BUILDING, CASTLE, K_BUILDING, KNOWLEDGE, MINE, NUM_KINDS, SHIP, kind_colour

#: A decision or a chance outcome: its code, then whole numbers (a die, a depot, a kind, a space...).
Action = tuple[int, ...]
#: A chance event queued, or a pending frame: its kind first, then whole numbers.
Frame = tuple[int, ...]

# player decisions
TAKE, PLACE, SELL, WORK, BUY, HIRE, END, GOODS, PICK, WSELL, HALL, DISCARD, PASS, START = range(1, 15)
# chance outcomes (and the chance events they resolve, queued as (WHITE,), (DICE, seat), (DRAW, depot, colour))
WHITE, DICE, DRAW = 20, 21, 22
# pending follow-ups (the top of ``pending`` is what the player decides next)
P_FREE, P_SHIP, P_PICK, P_WARE, P_HALL, P_DISCARD = range(6)
# stages
S_CASTLES, S_PLAY, S_OVER = range(3)

COLOUR_OF = tuple(kind_colour(k) for k in range(NUM_KINDS))
WAREHOUSE, WATCHTOWER, CARPENTER, CHURCH, MARKET, BOARDING, BANK, CITYHALL = range(K_BUILDING, K_BUILDING + 8)
# the bit of ``know`` (knowledge tiles on the estate) that makes placing a colour's tile ±1 free
FREE_BIT = {BUILDING: 1 << 9, SHIP: 1 << 10, ANIMAL: 1 << 10, CASTLE: 1 << 11, MINE: 1 << 11, KNOWLEDGE: 1 << 11}
# the colours (as bits) the Carpenter, Church and Market let a player pick from the depots
PICK_COLOURS = {
    CARPENTER: (1 << BUILDING),
    CHURCH: (1 << CASTLE) | (1 << MINE) | (1 << KNOWLEDGE),
    MARKET: (1 << SHIP) | (1 << ANIMAL),
}
K = {k: 1 << k for k in range(1, 27)}  # knowledge tile k's bit in ``know``
K1, K6, K8, K12 = K[1], K[6], K[8], K[12]
END_TILES = sum(1 << k for k in range(15, 27))  # knowledge tiles that score at the end

# Actions are small immutable tuples, so those a state offers again and again are built once and shared.
END_ACTION: Action = (END,)
PASS_ACTION: Action = (PASS,)
FREE_DIE: tuple[int, ...] = (0,)  # a castle's extra action: one die of any number
WORK_ACTIONS: tuple[Action, ...] = tuple((WORK, d) for d in range(7))
SELL_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(tuple((SELL, d, t + 1) for t in range(6)) for d in range(7))
DRAW_ACTIONS: tuple[Action, ...] = tuple((DRAW, k) for k in range(NUM_KINDS))
BIT_INDEX = {1 << i: i for i in range(37)}  # a space's bit -> the space
KINDS_OF = tuple(tuple(k for k in range(NUM_KINDS) if COLOUR_OF[k] == c) for c in range(6))
