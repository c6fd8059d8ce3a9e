"""The codes of Bretagne's engine: decisions, chance outcomes, frames, stages and other small constants.

Their own module so that the drawing and the heuristic can read them without importing the state.
"""

# player decisions
BARGE, LOAD, BUILD, SITE, RETURN, EXCHANGE, TRADE, PICK, GO, DONE, PASS, PLAY, ENTER = range(1, 14)
# chance outcomes
WEATHER, PRODUCTION, BLUEPRINT, EQUIPMENT = 20, 21, 22, 23
# queued events (chance draws, and the set-up steps that must wait for them)
Q_WEATHER, Q_PRODUCTION, Q_BLUEPRINT, Q_EQUIPMENT, Q_INCOME = range(5)
# pending frames
F_SITE, F_RETURN, F_EXCHANGE, F_PICK = range(4)
# what a pick is of
M_SUPPLY, M_MARKET, M_SELL_RES, M_SELL_CARD, M_CARD_RES = range(5)
# stages
S_BARGE, S_LOAD, S_ACT, S_SCORE, S_OVER = range(5)
# scoring steps
EQUIP, HARBOUR = 0, 1
# site states
UNUSED, OPEN, COMPLETE, BUILT = -1, 0, 1, 2

CITIES = ("lorient", "brest")
L_BUY_RES, L_BUY_EQ, L_SELL_EQ, L_WORKER, L_CARD_RES, B_ENGINEER, B_BUY_RES, B_SELL_RES, B_PAIR = range(9)
TRADE_CITY = (0, 0, 0, 0, 0, 1, 1, 1, 1)
CITY_TRADES = ((L_BUY_RES, L_BUY_EQ, L_SELL_EQ, L_WORKER, L_CARD_RES), (B_ENGINEER, B_BUY_RES, B_SELL_RES, B_PAIR))
TRADE_WORDS = ("resources", "equipment", "sell-cards", "worker", "card-for-resource",
               "engineer", "resources", "sell-resources", "engineer-pair")

#: An action: its code, then at most one value (a barge card, a resource, a blueprint, a site...).
Action = tuple[int, ...]
#: A pending frame or a queued chance event: its kind, then the numbers it carries.
Frame = tuple[int, ...]
