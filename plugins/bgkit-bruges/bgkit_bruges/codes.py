"""The codes of Bruges's engine: decisions, chance outcomes, frames, stages and other small constants.

Their own module so that the drawing and the heuristic can read them without importing the state.
"""

#: An action or a chance outcome: its code first, then small numbers (a card, a colour, a house, a pile).
Act = tuple[int, ...]
#: A pending follow-up or a queued chance event: its kind first, then numbers (a seat, an amount, a colour).
Frame = tuple[int, ...]

# player decisions
DRAW, REP, PASS, ORDER, BURN_HOUSE, BURN_CANAL, PLAGUE, PLAY, ACTIVATE, END, WCOL, TCOL, ECANAL, BUILD, PICK, SKIP = range(1, 17)
# chance outcomes
DIE, TOP, CARD = 20, 21, 22
# queued chance events
Q_DIE, Q_TOP, Q_CARD = 30, 31, 32
# pending follow-ups: (kind, player, ...)
F_ORDER, F_FIRE, F_PLAGUE, F_REP, F_WCOL, F_THREAT, F_DRAW, F_CANAL, F_HOUSE, F_PICK = range(40, 50)
# the six card actions (RS 2.(3) A-F)
A_WORKERS, A_GUILDERS, A_THREAT, A_CANAL, A_HOUSE, A_HIRE = range(6)
ACTION_WORDS = ("workers", "guilders", "threat", "canal", "house", "hire")
# phases
P_DRAW, P_DICE, P_ACTIONS, P_OVER = 1, 2, 3, 4
# dice phase stages
D_ROLL, D_DISASTERS, D_REPUTATION = 0, 1, 2

RED, YELLOW, BLUE, BROWN, PURPLE = range(5)
HAND = 5  # RS 2.(1): draw until holding 5
PLAYS = 4  # RS 2.(3): four cards each
SECTIONS = ("left", "right")
PILES = "AB"
MAJORITIES = 3  # reputation, persons, canals
DIE_OUTCOMES: dict[int, tuple[tuple[Act, float], ...]] = {
    c: tuple(((DIE, c, v), 1.0 / 6.0) for v in range(1, 7)) for c in range(5)
}
# activation codes
LIGHTNING, WORKER, INF_A, INF_B, INF_C, LAUREL = range(6)
# the greedy heuristic: a person's ability is worth this per round left, by activation code
ABILITY_WORTH = (0.0, 1.0, 1.0, 0.7, 0.7, 0.0)
THREAT_WORRY = (0.0, 0.5, 2.0, 3.0)  # by threat markers held of one colour
