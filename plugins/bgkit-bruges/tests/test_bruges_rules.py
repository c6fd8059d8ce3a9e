"""Worked examples for every rule of the rule summary (RS = rules/bruges.rules.zh.txt), in its order.

Scenes come from bruges_scene.py: a real setup, cards moved out of the unseen pool as play would.
Card colours: red, yellow, blue, brown, purple (dice in that order too).
"""

from __future__ import annotations

from bgkit.api import CHANCE, TERMINAL
from bgkit_bruges import codes, rules

from bruges_scene import (BLUE, BROWN, PURPLE, RED, YELLOW, act, actions_phase, card, cards_total, fresh, give,
                          house, outcome_texts, roll, take, texts, threaten)


# -- setup (RS 1.) -------------------------------------------------------------------------------------------


def test_each_player_starts_with_5_guilders_a_worker_of_each_colour_and_5_points(game):
    s = fresh(game, 3)
    assert s.guilders == [5, 5, 5] and s.workers == [[1] * 5] * 3 and s.score == [5, 5, 5]
    assert s.reputation == [0, 0, 0] and s.hands == [[], [], []] and s.statues == [7, 6, 5, 4, 3, 2]
    assert (s.sizes, s.extra) == ([49, 50], 66)  # 3 of 5 stacks into the draw piles
    assert s.current_player() == CHANCE and s.chance_label().startswith("pile A: the colour of its new top card")
    assert outcome_texts(s) == ["top red", "top yellow", "top blue", "top brown", "top purple"]
    assert s.audience(s.chance_outcomes()[0][0]) is None  # a back is seen by everyone


# -- phase 1: draw (RS 2.(1)) ------------------------------------------------------------------------------------


def test_from_the_start_player_each_draws_to_5_choosing_a_pile_by_its_top_colour(game):
    s = fresh(game, 2, start=2)
    act(s, "top red")
    act(s, "top blue")
    assert s.current_player() == 1  # seat 2 starts
    assert texts(s) == {"draw A red", "draw B blue"}
    act(s, "draw A red")
    assert s.current_player() == CHANCE and outcome_texts(s)[0].startswith("top ")  # the next back shows at once
    assert s.fresh == [RED] and s.hands[1] == []  # face down: its face is looked at once the hand is full
    for _ in range(4):
        act(s, "top yellow")
        act(s, "draw A yellow")
    act(s, "top brown")
    assert s.current_player() == CHANCE and s.chance[0][:2] == (codes.Q_CARD, 1)
    assert s.chance_label() == "P2 looks at a red card they drew"
    outcome = s.chance_outcomes()[0][0]
    assert s.audience(outcome) == frozenset({1})  # only its owner sees the face
    assert s.public_text(outcome) == "P2 looks at their red card (drawn this phase, looked at once the hand is full)"
    assert all(s.cards.colour[o[1]] == RED for o, _ in s.chance_outcomes())
    for _ in range(5):
        s.apply(s.chance_outcomes()[0][0])
    assert len(s.hands[1]) == 5 and s.fresh == [] and s.current_player() == 0  # then seat 1 draws
    assert sorted(s.cards.colour[x] for x in s.hands[1]) == [RED, YELLOW, YELLOW, YELLOW, YELLOW]


def test_a_hand_already_over_5_draws_nothing(game):
    """Reading (RS silent): after a fire returned a person to the hand, phase 1 draws max(0, 5 - hand)."""
    s = fresh(game, 2)
    give(s, 0, "Noble 1", "Noble 2", "Noble 3", "Noble 4", "Noble 5", "Noble 6")
    act(s, "top red")
    act(s, "top blue")
    assert s.current_player() == 1 and len(s.hands[0]) == 6


def test_an_emptied_pile_is_replaced_by_the_extra_pile_and_the_round_is_the_last(game):
    s = fresh(game, 2)
    act(s, "top red")
    act(s, "top blue")
    s.sizes[0] = 1  # 2 players: 33 + 33 cards, extra pile 99
    s.extra += 32  # keep the pool's size: the 32 cards of A are counted in the extra pile here
    act(s, "draw A red")
    assert s.sizes[0] == 131 and s.extra == 0 and s.extra_used and s.last_round
    assert s.chance[0] == (codes.Q_TOP, 0)  # the extra pile's top card shows


def test_a_pile_running_out_again_splits_the_rest_in_two(game):
    s = fresh(game, 2)
    act(s, "top red")
    act(s, "top blue")
    s.extra_used, s.last_round = True, True
    s.sizes = [1, 5]
    s.extra = 60
    act(s, "draw A red")
    assert s.sizes == [2, 3] and s.tops[1] == BLUE  # B's upper half keeps its top card; A's half shows a new one
    assert s.chance[0] == (codes.Q_TOP, 0)


def test_with_end_second_the_round_a_pile_runs_out_a_second_time_is_the_last(game):
    """Option ``end=second``, the rule summary's reading (L5, L67, L219): the extra pile comes in
    and play goes on; when a pile runs out again the rest is split in two and that round is the last."""
    s = fresh(game, 2, end="second")
    act(s, "top red")
    act(s, "top blue")
    s.sizes[0] = 1
    s.extra += 32
    act(s, "draw A red")
    assert s.extra_used and (s.last_round, s.last_next) == (False, False)  # the first time: not yet the last
    act(s, "top yellow")
    s.extra += s.sizes[0] - 1
    s.sizes[0] = 1
    act(s, "draw A yellow")
    assert s.last_round and s.sizes == [16, 17]  # the second time: B's 33 cards split in two


def test_with_one_pile_left_the_draws_need_no_choice(game):
    s = fresh(game, 2)
    act(s, "top red")
    act(s, "top blue")
    s.extra_used = True
    s.extra += s.sizes[1]
    s.sizes[1] = 0
    s.tops[1] = -1
    s.run()
    while s.chance[0][0] == codes.Q_TOP:  # P1 is never asked: only the backs of A's cards are turned
        s.apply(s.chance_outcomes()[0][0])
    assert s.chance[0][0] == codes.Q_CARD and len(s.fresh) == 5


# -- phase 2: dice, threats, disasters, reputation (RS 2.(2), 3.) ---------------------------------------------------


def at_dice(game, players=2, start=1):
    """Phase 2 about to roll; everyone holds a card, so phase 3 waits for them."""
    s = fresh(game, players, start)
    s.chance, s.tops = [], [RED, BLUE]
    for p in range(players):
        give(s, p, f"Merchant {p + 1}")
    s.turn = players  # everyone has drawn
    s.run()
    assert s.chance_label() == f"P{start} (start player) rolls the red die"
    return s


def test_each_5_or_6_gives_every_player_a_threat_of_its_colour(game):
    s = at_dice(game, 3)
    roll(s, 5, 3, 6, 4, 3)
    assert [t[RED] for t in s.threats] == [1, 1, 1] and [t[BLUE] for t in s.threats] == [1, 1, 1]
    assert s.threat_supply == [6, 9, 6, 9, 9]
    assert s.phase == codes.P_ACTIONS  # no 1 or 2: no reputation step


def test_dice_3_and_4_do_nothing_and_no_1_or_2_means_no_reputation_step(game):
    s = at_dice(game)
    roll(s, 3, 4, 3, 4, 4)
    assert s.threats == [[0] * 5, [0] * 5] and s.phase == codes.P_ACTIONS and s.reputation == [0, 0]


def test_the_reputation_step_costs_the_sum_of_the_dice_showing_1_and_2(game):
    s = at_dice(game, 3, start=2)
    s.guilders = [5, 2, 3]
    roll(s, 1, 2, 4, 4, 4)
    assert s.current_player() == 2 and texts(s) == {"reputation pay 3", "pass"}  # seat 3 (after 2, who cannot pay)
    act(s, "reputation pay 3")
    assert (s.guilders[2], s.reputation[2]) == (0, 1)  # from the town hall onto step 1
    assert s.current_player() == 0
    act(s, "pass")
    assert s.reputation == [0, 0, 1] and s.phase == codes.P_ACTIONS


def test_no_step_beyond_the_top_of_the_reputation_track(game):
    """Reading (RS silent on the top): step 12 is the end; a player there is not offered a step."""
    s = at_dice(game)
    s.reputation = [12, 11]
    roll(s, 1, 3, 3, 3, 3)
    assert s.current_player() == 1 and texts(s) == {"reputation pay 1", "pass"}
    act(s, "reputation pay 1")
    assert s.reputation == [12, 12]


def test_fire_burns_a_house_or_a_canals_end_and_a_person_on_it_goes_back_to_the_hand(game):
    s = at_dice(game)
    threaten(s, 0, RED, 2)
    house(s, 0, "Noble 1")
    house(s, 0, "Noble 2", person="Merchant 5")
    s.canals[0] = [2, 0]
    roll(s, 6, 3, 3, 3, 3)
    assert s.current_player() == 0
    assert texts(s) == {"burn red house", "burn yellow house of Merchant 5", "burn canal left"}
    act(s, "burn yellow house of Merchant 5")
    assert card(s, "Merchant 5") in s.hands[0] and card(s, "Noble 2") in s.discard
    assert [s.cards.name[x] for x in s.houses[0]] == ["Noble 1"]
    assert s.threats[0][RED] == 0 and s.threat_supply[RED] == 8  # 3 back, P2 holds the ninth
    assert s.score[0] == 5  # markers returned by a disaster score nothing


def test_fire_takes_the_last_canal_token_and_the_statue_stays_but_is_not_earned_again(game):
    s = at_dice(game)
    threaten(s, 0, RED, 2)
    s.canals[0] = [5, 0]
    s.statue_done[0][0] = True
    s.won[0] = [7]
    s.statues = s.statues[1:]
    roll(s, 5, 3, 3, 3, 3)  # no house: the only choice is made for the player
    assert s.canals[0] == [4, 0] and s.won[0] == [7]
    s = actions_phase(game, dice=(3, 3, 3, 3, 3), hands={0: ["Craftsman 11"]})  # blue
    s.canals[0] = [4, 0]
    s.statue_done[0][0] = True
    s.canal_colours = [(tuple([BLUE] * 5), tuple([BLUE] * 5))] * 2
    act(s, "canal left Craftsman 11")
    assert s.canals[0] == [5, 0] and s.won[0] == []  # no second statue for that section


def test_fire_with_neither_house_nor_canal_does_nothing(game):
    s = at_dice(game)
    threaten(s, 0, RED, 2)
    roll(s, 5, 3, 3, 3, 3)
    assert s.threats[0][RED] == 0 and s.phase == codes.P_ACTIONS


def test_riot_flood_and_revolt(game):
    s = at_dice(game)
    threaten(s, 0, YELLOW, 2)
    s.guilders, s.score = [9, 4], [5, 2]
    s.workers[0] = [2, 1, 3, 0, 1]
    roll(s, 3, 5, 3, 3, 3)  # yellow: riot
    assert s.guilders == [0, 4] and s.workers[0] == [2, 1, 3, 0, 1]
    s = at_dice(game)
    threaten(s, 0, BLUE, 2)
    s.workers[0] = [2, 1, 3, 0, 1]
    roll(s, 3, 3, 6, 3, 3)  # blue: flood
    assert s.workers[0] == [0] * 5 and s.workers[1] == [1] * 5
    s = at_dice(game)
    threaten(s, 0, PURPLE, 2)
    threaten(s, 1, PURPLE, 2)
    s.score = [5, 2]
    roll(s, 3, 3, 3, 3, 5)  # purple: revolt, -3 but never below 0
    assert s.score == [2, 0]


def test_plague_discards_a_person_of_the_players_choice_and_the_house_stays(game):
    s = at_dice(game)
    threaten(s, 0, BROWN, 2)
    house(s, 0, "Noble 1", person="Noble 5")
    house(s, 0, "Noble 2", person="Noble 14")
    roll(s, 3, 3, 3, 6, 3)
    assert texts(s) == {"plague Noble 5", "plague Noble 14"}
    act(s, "plague Noble 14")
    assert s.occupants[0] == [card(s, "Noble 5"), -1] and len(s.houses[0]) == 2
    assert card(s, "Noble 14") in s.discard


def test_several_disasters_at_once_in_the_order_their_owner_chooses(game):
    s = at_dice(game)
    threaten(s, 0, RED, 2)
    threaten(s, 0, YELLOW, 2)
    house(s, 0, "Noble 1")
    house(s, 0, "Noble 2")
    s.guilders[0] = 7
    roll(s, 5, 6, 3, 3, 3)
    assert s.current_player() == 0 and texts(s) == {"disaster fire", "disaster riot"}
    act(s, "disaster riot")
    assert s.guilders[0] == 0 and texts(s) == {"burn red house", "burn yellow house"}
    act(s, "burn yellow house")
    assert [s.cards.colour[x] for x in s.houses[0]] == [RED] and s.threats[0] == [0] * 5


def test_short_supply_serves_players_in_order_and_the_rest_once_a_disaster_returns_markers(game):
    s = at_dice(game, 4, start=2)
    for p in range(4):
        threaten(s, p, RED, 2)
    assert s.threat_supply[RED] == 1
    roll(s, 5, 3, 3, 3, 3)
    # seat 2 (the start player) takes the last red marker, its third: a fire (nothing to burn); its
    # three markers go back, and seats 3, 4 and 1, who were owed one, get theirs in order: each a
    # third red marker, each a fire; at the end every red marker is back in the supply
    assert [t[RED] for t in s.threats] == [0, 0, 0, 0] and s.threat_supply[RED] == 9
    assert s.owed == [] and s.phase == codes.P_ACTIONS


def test_owed_markers_wait_until_a_disaster_returns_markers(game):
    s = at_dice(game, 4)
    for p, held in enumerate((2, 2, 2, 1)):
        threaten(s, p, RED, held)
    house(s, 0, "Noble 1")
    house(s, 0, "Noble 2")
    roll(s, 6, 3, 3, 3, 3)
    # P1 and P2 take the last two red markers (both their third); P3 and P4 are owed one while P1
    # chooses what burns
    assert s.current_player() == 0 and s.owed == [(RED, 2), (RED, 3)]
    assert "Threats owed (the supply ran out): P3 red, P4 red" in str(s.render(0))
    act(s, "burn red house")
    # P1's three markers came back: P3 gets a third (a fire), P4 a second; then P2's and P3's fires
    assert s.owed == [] and [t[RED] for t in s.threats] == [0, 0, 0, 2] and s.threat_supply[RED] == 7


# -- phase 3: the six actions (RS 2.(3)) -----------------------------------------------------------------------------


def test_a_card_gives_two_workers_of_its_colour(game):
    s = actions_phase(game, hands={0: ["Noble 1"]})  # red
    act(s, "workers Noble 1")
    assert s.workers[0] == [3, 1, 1, 1, 1] and card(s, "Noble 1") in s.discard


def test_a_card_gives_the_guilders_its_colours_die_shows(game):
    s = actions_phase(game, dice=(1, 2, 6, 4, 5), hands={0: ["Noble 3"]})  # blue
    act(s, "guilders Noble 3")
    assert s.guilders[0] == 5 + 6


def test_a_card_returns_a_threat_of_its_colour_for_a_point(game):
    s = actions_phase(game, hands={0: ["Noble 1", "Noble 2"]})  # red, yellow
    threaten(s, 0, RED, 1)
    assert "threat Noble 1" in texts(s) and "threat Noble 2" not in texts(s)  # reading: needs a marker of its colour
    act(s, "threat Noble 1")
    assert s.threats[0][RED] == 0 and s.threat_supply[RED] == 9 and s.score[0] == 6


def test_a_canal_takes_the_next_space_of_a_section_with_a_card_of_its_colour_paying_its_number(game):
    s = actions_phase(game, hands={0: ["Noble 1", "Noble 5", "Noble 2"]})  # red, purple, yellow
    # seat 1 (guard house 1): left red, yellow, blue, brown, purple; right purple, brown, blue, yellow, red
    legal = texts(s)
    assert {"canal left Noble 1", "canal right Noble 5"} <= legal and "canal left Noble 2" not in legal
    act(s, "canal right Noble 5")
    assert s.canals[0] == [0, 1] and s.guilders[0] == 4
    s.guilders[0] = 1
    s.played = False
    assert "canal left Noble 1" in texts(s)  # space 1 costs 1


def test_canal_costs_grow_along_the_section_and_money_is_needed(game):
    s = actions_phase(game, hands={0: ["Noble 3"]})  # blue: space 3 of guard house 1's left section
    s.canals[0] = [2, 0]
    s.guilders[0] = 2
    assert "canal left Noble 3" not in texts(s)
    s.guilders[0] = 3
    act(s, "canal left Noble 3")
    assert s.canals[0] == [3, 0] and s.guilders[0] == 0


def test_a_completed_section_takes_the_top_statue(game):
    s = actions_phase(game, hands={0: ["Noble 5", "Noble 4"]})  # purple, brown
    s.canals[0] = [4, 4]
    s.guilders[0] = 10
    act(s, "canal left Noble 5")  # left space 5 is purple
    assert s.won[0] == [7] and s.statues == [6, 5, 4, 3, 2]
    s.played = False
    s.hands[0].append(take(s, card(s, "Noble 1")))
    assert "canal right Noble 4" not in texts(s)  # right space 5 is red
    act(s, "canal right Noble 1")
    assert s.won[0] == [7, 6] and s.guilders[0] == 0  # one statue per completed section (reading)


def test_with_statues_canals_one_statue_comes_with_all_ten_canal_tokens(game):
    """Option ``statues=canals``, the rule summary's L127: one statue once both sections are full,
    kept after a fire, and not earned again when the section is rebuilt (L163)."""
    s = actions_phase(game, hands={0: ["Noble 5", "Noble 1", "Noble 10"]}, statues="canals")  # purple, red, purple
    s.canals[0] = [4, 4]
    s.guilders[0] = 15
    act(s, "canal left Noble 5")
    assert s.won[0] == [] and s.statues == [7, 6, 5, 4, 3, 2]  # one section full: no statue yet
    s.played = False
    act(s, "canal right Noble 1")
    assert s.won[0] == [7] and s.statues == [6, 5, 4, 3, 2]
    s.canals[0] = [4, 5]  # a fire took the left section's last token
    s.played = False
    s.canal_colours = [(tuple([PURPLE] * 5), tuple([PURPLE] * 5))] * 2
    act(s, "canal left Noble 10")
    assert s.canals[0] == [5, 5] and s.won[0] == [7]  # all ten again: no second statue


def test_a_house_costs_a_worker_of_its_colour_and_its_face_is_chosen_privately(game):
    s = actions_phase(game, hands={0: ["Noble 1", "Noble 6", "Noble 2"]})  # red, red, yellow
    assert {"house red", "house yellow"} <= texts(s)
    act(s, "house red")
    assert s.played and texts(s) == {"pick Noble 1", "pick Noble 6"}
    pick = s.legal_actions()[1]
    assert s.audience(pick) == frozenset({0})
    assert s.public_text(pick) == "P1 lays one of their red cards as a house"
    s.apply(pick)
    assert s.houses[0] == [card(s, "Noble 6")] and s.occupants[0] == [-1] and s.workers[0][RED] == 0
    s.played = False
    assert "house red" not in texts(s)  # no red worker left


def test_a_house_with_one_card_of_its_colour_needs_no_pick(game):
    s = actions_phase(game, hands={0: ["Noble 2"]})
    act(s, "house yellow")
    assert s.houses[0] == [card(s, "Noble 2")] and s.hands[0] == []


def test_a_person_goes_onto_an_empty_house_of_any_colour_for_its_price(game):
    s = actions_phase(game, hands={0: ["Noble 11", "Noble 8"]})  # price 9, price 6
    assert not any(t.startswith("hire") for t in texts(s))  # no house yet
    house(s, 0, "Noble 2")
    house(s, 0, "Noble 3")
    s.guilders[0] = 8
    legal = texts(s)
    assert {"hire Noble 8 on yellow", "hire Noble 8 on blue"} <= legal and not any("Noble 11" in t and "hire" in t
                                                                                  for t in legal)
    act(s, "hire Noble 8 on yellow")
    assert s.occupants[0] == [card(s, "Noble 8"), -1] and s.guilders[0] == 2


def test_empty_houses_of_one_colour_are_one_choice(game):
    s = actions_phase(game, hands={0: ["Noble 8"]})
    house(s, 0, "Noble 1")
    house(s, 0, "Noble 6")  # both red
    s.guilders[0] = 9
    assert sorted(t for t in texts(s) if t.startswith("hire")) == ["hire Noble 8 on red"]


def test_exactly_one_card_a_turn_four_turns_each_from_the_start_player(game):
    s = actions_phase(game, hands={0: ["Noble 1", "Noble 2", "Noble 3", "Noble 4", "Noble 5"],
                                   1: ["Entertainer 1", "Entertainer 2", "Entertainer 3", "Entertainer 4",
                                       "Entertainer 5"]})
    order = []
    while s.phase == codes.P_ACTIONS:
        p = s.current_player()
        order.append(p)
        assert "end" not in texts(s)  # a card must be played (no activation instead of it, reading)
        workers = next(a for a in s.legal_actions() if s.action_text(a).startswith("workers"))
        s.apply(workers)
    assert order == [0, 1] * 4 and [len(h) for h in s.hands] == [1, 1]


def test_a_player_without_cards_misses_the_turn(game):
    s = actions_phase(game, hands={0: ["Noble 1"], 1: ["Entertainer 1", "Entertainer 2"]})
    act(s, "workers Noble 1")
    act(s, "workers Entertainer 1")
    assert s.current_player() == 1  # P1 has nothing to play
    act(s, "workers Entertainer 2")
    assert s.phase == codes.P_DRAW and s.round == 2


# -- phase 4: majorities and the start player (RS 2.(4)) --------------------------------------------------------------


def end_of_round(s):
    s.turn = codes.PLAYS * s.num_players
    s.played = False
    s.run()


def test_a_sole_leader_colours_a_majority_marker_and_a_tie_colours_none(game):
    s = actions_phase(game, 3, run=False)
    s.reputation = [3, 1, 0]
    house(s, 0, "Noble 1", "Noble 2")
    house(s, 1, "Noble 3", "Noble 4")
    s.canals = [[0, 1], [2, 0], [1, 0]]
    end_of_round(s)
    assert s.markers == [[True, False, False], [False, False, True], [False, False, False]]


def test_a_coloured_marker_stays_and_a_later_sole_leader_colours_their_own(game):
    s = actions_phase(game, 2, run=False)
    s.reputation = [2, 1]
    end_of_round(s)
    assert s.markers[0][0] and not s.markers[1][0]
    s = actions_phase(game, 2, run=False)
    s.markers[0][0] = True
    s.reputation = [2, 4]
    end_of_round(s)
    assert s.markers[0][0] and s.markers[1][0]


def test_the_start_player_passes_left_and_rotated_cards_are_straightened(game):
    s = actions_phase(game, 3, start=3, run=False)
    h = house(s, 0, "Noble 1", "Noble 2", used=True)
    end_of_round(s)
    assert s.start == 0 and s.order == [0, 1, 2] and s.used[0][h] is False
    assert s.round == 2 and s.phase == codes.P_DRAW


def test_the_game_ends_after_the_last_rounds_majority_check(game):
    s = actions_phase(game, 2, run=False)
    s.last_round = True
    s.reputation = [1, 0]
    end_of_round(s)
    assert s.current_player() == TERMINAL and s.markers[0][0]


# -- final scoring from the state (RS 5.) --------------------------------------------------------------------------


def test_final_scoring_from_the_state_is_the_sheets(game):
    from bgkit.testing import sheet_from_data

    s = actions_phase(game, 2, run=False)
    s.score = [23, 40]
    house(s, 0, "Noble 1", "Noble 11")  # 3 points, laurel: 1 point per person
    house(s, 0, "Noble 2", "Engraver")  # 3 points, laurel: 1 per group (Noble, Artist: 2)
    house(s, 0, "Noble 3")
    s.markers[0] = [True, True, False]
    s.canals[0] = [3, 5]
    s.won[0] = [7]
    s.reputation = [6, 4]
    s.guilders = [4, 9]
    s.last_round = True
    end_of_round(s)
    assert s.is_terminal()
    values = rules.sheet_values(s, 0)
    assert values["persons"] == [3, 3] and values["laurels"] == [2, 2] and values["canal_space3"] == 2
    sheet = sheet_from_data(game, game.sheet_from_state(s))
    scored = game.score_sheet(sheet)
    # P1: 23 + persons 6 + houses 3 + laurels 4 + 3 markers 12 (the last check coloured canals) + canals 6
    # + statue 7 + reputation 6 = 67
    assert scored.table[0] == {"track": 23, "persons": 6, "houses": 3, "laurels": 4, "majorities": 12, "canals": 6,
                               "statues": 7, "reputation": 6}
    assert scored.totals[0] == 67 and s.scores() == scored.totals
    assert s.outcome().ranks == tuple(scored.ranks)


def test_a_tie_on_points_goes_to_the_most_guilders_then_is_shared(game):
    s = actions_phase(game, 2, run=False)
    s.score = [20, 20]
    s.guilders = [3, 8]
    s.last_round = True
    end_of_round(s)
    assert s.outcome().winners == (1,) and s.outcome().decided_by == "tie-break: guilders"
    s = actions_phase(game, 2, run=False)
    s.score, s.guilders, s.last_round = [20, 20], [3, 3], True
    end_of_round(s)
    assert s.outcome().winners == (0, 1) and s.outcome().decided_by.startswith("shared win")


def test_points_over_50_use_the_50_token(game):
    s = actions_phase(game, 2, run=False)
    s.score = [57, 104]
    assert (rules.sheet_values(s, 0)["track"], rules.sheet_values(s, 0)["point_token"]) == (7, 50)
    assert (rules.sheet_values(s, 1)["track"], rules.sheet_values(s, 1)["point_token"]) == (4, 100)


def test_cards_are_never_created_or_lost_in_a_scene(game):
    s = actions_phase(game, 2, hands={0: ["Noble 1"]})
    house(s, 1, "Noble 2", "Noble 3")
    assert cards_total(s) == 165
    take(s, card(s, "Noble 4"))
    assert cards_total(s) == 164  # the helper itself is checked: a card taken and put nowhere is missing
