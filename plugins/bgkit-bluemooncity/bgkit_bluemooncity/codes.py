"""The actions of Blue Moon City: small tuples whose first item is one of these codes.

A player's decisions are ``(GO, cell)``, ``(USE, kind)``, ``(TO, cell or OFF)``, ``(DONE,)``,
``(BOX, box)``, ``(COLOUR, colour)``, the payment steps ``(PAY, kind)``, ``(WILD_CARD, kind)``,
``(PAIR_CARDS, kind, kind)``, ``(RECOLOUR, kind, colour or -1)``, ``(OFFER,)``, ``(PILLAR, kind)``,
``(END,)``, ``(DISCARD, kind)`` and ``(DRAW,)``; chance's outcome is ``(CARD, kind)``, the card drawn.
Their texts are the notation's ``action_text``.
"""

from typing import Any

#: An action: its code, then whole numbers (a cell, a card kind, a box, a colour).
Action = tuple[int, ...]
#: A frame of a multi-step choice on the pending stack, or a chance event (the core's ``Step``):
#: its kind first, then what it needs (a payment's frame carries a tuple of recolour allowances).
Frame = tuple[Any, ...]

GO, USE, TO, DONE, BOX, COLOUR = 1, 2, 3, 4, 5, 6
PAY = 7  # a card at its value, of the box's colour or recoloured into it
WILD_CARD = 8  # a Khind card as a wild card
PAIR_CARDS = 9  # two Mimix 1/2 cards as one wild 3
RECOLOUR = 10  # a Hoax 1 recolouring one colour (its second item), or a Hoax 2 (-1): one card
OFFER, PILLAR, END, DISCARD, DRAW = 11, 12, 13, 14, 15
CARD = 20
#: where a dragon is when it is off the board (where all three start [RB p1; L37])
OFF = -1

# the stages of a turn and the frames of a multi-step choice (the state's, read by the drawing too)
S_MOVE, S_POWERS, S_CONTRIBUTE, S_DISCARD, S_DRAWS, S_OVER = range(6)
STAGE_NAMES = ("movement", "movement powers", "contribution", "discard", "drawing", "game over")
# follow-up decisions on the pending stack
F_FIGURE, F_DRAGON, F_COLOUR, F_PAY = range(4)
# why a card is drawn (the chance event's second item)
DEAL, TURN, REWARD = 0, 1, 2
#: most cards discarded at the end of a turn, and how many more are drawn [RB p2; L67]
MOST_DISCARDS, EXTRA_DRAWS = 2, 2
