"""The small ints Bridge Troll's state is made of: action opcodes (the first item of every action
tuple), the stages of a round, the pending micro-decision frames, the face-down card's states.

One place for them so the state, the playout rule and the drawing agree on every number. The
sealed bids' opcodes (``CLOSE``, ``BID``, ``BIDMIX``) are in ``bids``.
"""

from __future__ import annotations

from typing import Any

#: An action (or chance outcome): its opcode, then its operands. The operands are small ints, except a
#: Jester's mixed bid ``(BIDMIX, counts)``, whose counts per colour are a tuple: which is which
#: follows from the opcode, which a static type cannot tell apart, so the operands are typed Any.
Action = tuple[Any, ...]
#: A pending frame or a chance event: its kind, then its data (ints, the score turn's tuples and flags).
Frame = tuple[Any, ...]

# chance outcomes: (opcode, card or weather)
WEATHER, DRAW, REVEAL, SEE = 1, 2, 3, 4
# specials played from the hand
PLAY_PEEK, PLAY_MINER, READY = 20, 21, 22
# picking travellers: (PICK, card, side), (PICK_FD,), (PLACE, side)
PICK, PICK_FD, PLACE = 30, 31, 32
# hazards
USE_GARLIC, LOSE, DEFEND, PAY, FIGHT, YIELD, THROW, SELL = 40, 41, 42, 43, 44, 45, 46, 47
# stones: (PILE, owner), (TAKE, colour), (STEAL, from, colour)
PILE, TAKE, STEAL = 50, 60, 61
# scoring and upgrades
SPEND, BOOST, CONVERT, BUY, SEND, EAT, END = 70, 71, 72, 73, 74, 75, 76
HAND = 2  # where a picked special goes (with FOOD and TOLL, the sides of the bridge)
HAZ = 3  # a picked hazard strikes

# stages of a round
S_ROLL, S_DRAW, S_WINDOW, S_BID, S_PICK, S_PILES, S_GIFT, S_SCORE, S_OVER = range(9)
# what comes after the stones are given out
THEN_SCORE, THEN_REDRAW = 0, 1
# pending micro-decisions (the top frame is decided next, by ``actor``)
P_PLACE, P_HAZARD, P_PAY, P_GOAT, P_THROW, P_SELL, P_TAKE, P_SCORE = range(1, 9)
# the face-down traveller: none in the row, lying unseen (not yet decided which card), or a card
NONE, HIDDEN = -1, -2
# why the face-down traveller is turned up
BY_PICK, BY_DISCARD = 0, 1
