"""Worked examples for every rule and every card power of the rule summary (Lnn = its line),
checked against the rulebook [RB] and its transcription in borisyankov/rulespal [RP]."""

from __future__ import annotations

from bgkit.api import TERMINAL
from bluemooncity_scene import act, boxes, cell, cell_at, draw, hold, kind, restore, table, texts

from bgkit_bluemooncity import rules
from bgkit_bluemooncity.codes import S_CONTRIBUTE, S_DISCARD, S_MOVE, S_POWERS


def moved(state, text="stay"):
    """The player to move moves (or stays) and, if asked, is done with movement powers."""
    act(state, text)
    if state.stage == S_POWERS:
        act(state, "done")
    return state


def at_building(state, building_id, p=0):
    """Put seat ``p``'s figure on a building, in the contribution phase of its turn."""
    state.pos[p] = cell(state, building_id)
    state.stage = S_CONTRIBUTE
    rules.run(state)
    return state


# -- movement (L45, L47) --------------------------------------------------------------------------


def test_a_figure_moves_up_to_two_orthogonal_steps_and_may_stay():
    s = table()
    assert s.stage == S_MOVE and s.current_player() == 0
    where = {t.split()[-1] for t in texts(s) if t.startswith("go ")}
    b = s.board
    expected = {b.ids[c] for c in b.moves[b.courtyard]} - {"courtyard"}
    assert where == expected and "stay" in texts(s)
    assert len(expected) == 12  # 4 one step away, 8 two steps (courtyard excluded)
    far = b.ids[cell_at(0, 1)]  # three steps from the courtyard
    assert f"go {far}" not in texts(s)


def test_flit_1_flies_your_figure_anywhere_flit_2_two_more_steps():
    s = table(hands={0: ["flit-1", "flit-2"]})
    act(s, "stay")
    assert s.stage == S_POWERS and {"use flit-1", "use flit-2", "done"} == set(texts(s))
    act(s, "use flit-2")
    far = {t for t in texts(s)}
    assert len(far) == 12 and all(t.startswith("to ") for t in far)  # 1 or 2 steps, not staying
    act(s, f"to {s.board.ids[cell_at(1, 1)]}")
    assert s.pos[0] == cell_at(1, 1)
    act(s, "use flit-1")
    assert len(texts(s)) == 20  # every other tile
    act(s, f"to {s.board.ids[cell_at(4, 3)]}")
    assert s.pos[0] == cell_at(4, 3) and s.discard.counts[kind(s, "flit-1")] == 1


def test_powers_belong_to_the_movement_phase():
    """[RP, Flit] a Flit card cannot move you after contributing."""
    s = table(hands={0: ["flit-1", "vulca-3", "vulca-2"]}, places={"citadel": (0, 2)})
    act(s, "go fire_temple")
    assert "use flit-1" in texts(s)
    act(s, "done")
    assert s.stage == S_CONTRIBUTE and not any(t.startswith("use") for t in texts(s))


def test_each_dragon_card_moves_its_own_dragon():
    """Black (Vulca) moves the red dragon, red (Terrah) the green one, blue (Aqua) the blue one [RB p4-5]."""
    s = table(hands={0: ["vulca-1", "terrah-1", "aqua-1", "vulca-2"]})
    act(s, "stay")
    assert "use vulca-2" not in texts(s)  # the red dragon is not in the city yet [RP]
    for card, dragon in (("vulca-1", "red"), ("terrah-1", "green"), ("aqua-1", "blue")):
        act(s, f"use {card}")
        options = texts(s)
        assert len(options) == 21 and all(t.startswith(f"{dragon} dragon to ") for t in options)
        act(s, f"{dragon} dragon to mill")
    assert s.dragons == [cell(s, "mill")] * 3
    act(s, "use vulca-2")
    steps = texts(s)
    assert all(t.startswith("red dragon to ") for t in steps) and "red dragon off the board" not in steps
    assert {s.board.index[t.split()[-1]] for t in steps} == set(s.board.dragon_steps[cell(s, "mill")])


def test_a_value_1_dragon_card_can_take_its_dragon_off_the_board():
    s = table(hands={0: ["aqua-1"]})
    s.dragons[2] = cell(s, "mill")
    act(s, "stay")
    act(s, "use aqua-1")
    assert "blue dragon off the board" in texts(s)
    act(s, "blue dragon off the board")
    assert s.dragons[2] == -1


# -- contributions (L51-L57) ----------------------------------------------------------------------


def test_a_box_takes_cards_of_its_colour_worth_at_least_its_number():
    s = at_building(table(hands={0: ["vulca-3", "vulca-2", "terrah-3"]}), "fire_temple")  # black 5 4 3
    assert texts(s) == ["box 1: black 5", "box 2: black 4", "box 3: black 3", "done"]
    act(s, "box 1")
    assert texts(s) == ["pay vulca-2", "pay vulca-3"]  # the red card pays no black box
    act(s, "pay vulca-3")
    assert s.pending.top()[3] == 2  # 2 still to pay
    act(s, "pay vulca-2")
    assert s.owner[boxes(s, "fire_temple")[0]] == 0 and s.free[0] == 9
    assert s.hands[0].size == 1 and s.discard.size == 2


def test_overpaying_is_allowed_and_gives_nothing_back():
    s = at_building(table(hands={0: ["vulca-3", "vulca-3"]}), "fire_temple")
    act(s, "box 2")  # black 4
    act(s, "pay vulca-3")
    act(s, "pay vulca-3")  # 6 for a 4
    assert s.owner[boxes(s, "fire_temple")[1]] == 0 and s.hands[0].size == 0


def test_several_contributions_in_one_turn_each_with_its_own_cards():
    s = at_building(table(hands={0: ["vulca-3", "vulca-3", "vulca-2", "vulca-1"]}), "fire_temple")
    act(s, "box 3")
    act(s, "pay vulca-3")
    assert texts(s) == ["box 1: black 5", "box 2: black 4", "done"]  # 3 + 2 + 1 left: a 5 or a 4, not both
    act(s, "box 1")
    act(s, "pay vulca-3")
    act(s, "pay vulca-2")
    assert [s.owner[b] for b in boxes(s, "fire_temple")] == [0, -1, 0]
    assert s.stage == S_DISCARD  # nothing left that the last card (a 1) can pay


def test_without_a_free_marker_there_is_no_contribution():
    s = table(hands={0: ["vulca-3"]})
    s.free[0] = 0
    at_building(s, "fire_temple")
    assert s.stage == S_DISCARD  # nothing to decide at the tile


def test_a_restored_building_takes_no_contributions():
    s = table(hands={0: ["vulca-3"]})
    restore(s, "fire_temple")
    at_building(s, "fire_temple")
    assert s.stage == S_DISCARD


def test_the_palace_takes_any_colour_but_one_colour_a_box():
    """L57: any colour, but all the cards on one box of one colour."""
    s = at_building(table(hands={0: ["vulca-3", "terrah-2", "aqua-3", "aqua-2"]}), "royal_palace")
    assert texts(s) == ["box 1: any colour 5", "box 2: any colour 4", "box 3: any colour 4",
                        "box 4: any colour 3", "done"]
    act(s, "box 1")
    assert texts(s) == ["in blue"]  # 5: only blue has enough (black 3, red 2)
    act(s, "in blue")
    assert texts(s) == ["pay aqua-2", "pay aqua-3"]
    act(s, "pay aqua-3")
    act(s, "pay aqua-2")
    act(s, "box 4")
    assert texts(s) == ["in black"]
    act(s, "in black")
    act(s, "pay vulca-3")
    assert [s.owner[b] for b in boxes(s, "royal_palace")] == [0, -1, -1, 0]


def test_khind_cards_are_wild_ones():
    """[RB p5; RP] every Khind card is a wild card of value 1, used as or added to any colour."""
    s = at_building(table(hands={0: ["khind-1", "khind-1", "khind-1", "vulca-2"]}), "fire_temple")
    act(s, "box 1")
    assert texts(s) == ["pay vulca-2", "wild khind-1"]
    act(s, "wild khind-1")
    act(s, "wild khind-1")
    act(s, "wild khind-1")
    act(s, "pay vulca-2")
    assert s.owner[boxes(s, "fire_temple")[0]] == 0


def test_two_mimix_ones_or_twos_are_one_wild_three():
    """[RP] two brown 1s, two brown 2s, or a 1 and a 2 discarded together count as a wild 3."""
    s = at_building(table(hands={0: ["mimix-1", "mimix-2", "mimix-2", "mimix-3"]}), "earth_temple")  # red
    act(s, "box 3")  # red 3
    assert texts(s) == ["pair mimix-1+mimix-2", "pair mimix-2+mimix-2"]  # a brown 3 is no red card
    act(s, "pair mimix-2+mimix-2")
    assert s.owner[boxes(s, "earth_temple")[2]] == 0 and s.hands[0].counts[kind(s, "mimix-1")] == 1


def test_hoax_1_recolours_up_to_four_cards_of_one_colour():
    s = at_building(table(hands={0: ["hoax-1", "terrah-1", "terrah-1", "terrah-2", "terrah-3", "terrah-3"]}),
                    "fire_temple")
    act(s, "box 1")  # black 5
    assert texts(s) == ["hoax-1 recolours red"]
    act(s, "hoax-1 recolours red")
    assert set(texts(s)) == {"pay terrah-1 as black", "pay terrah-2 as black", "pay terrah-3 as black"}
    for card in ("terrah-1", "terrah-1", "terrah-2"):  # 1 + 1 + 2 = 4, one more is needed
        act(s, f"pay {card} as black")
    assert s.pending.top()[4][1] == 1  # one more red card may count as black
    act(s, "pay terrah-1 as black") if "pay terrah-1 as black" in texts(s) else act(s, "pay terrah-3 as black")
    assert s.owner[boxes(s, "fire_temple")[0]] == 0 and s.hands[0].counts[kind(s, "terrah-3")] == 1


def test_hoax_2_recolours_one_card_and_counts_only_its_value():
    """A recoloured card counts its value, never its power [RP, Hoax]."""
    s = at_building(table(hands={0: ["hoax-2", "aqua-1", "vulca-2"]}), "fire_temple")
    act(s, "box 3")  # black 3
    act(s, "hoax-2 recolours one card")
    assert set(texts(s)) == {"pay aqua-1 as black", "pay vulca-2"}
    act(s, "pay aqua-1 as black")
    assert "pay aqua-1 as black" not in texts(s)
    act(s, "pay vulca-2")
    assert s.owner[boxes(s, "fire_temple")[2]] == 0 and s.dragons == [-1, -1, -1]


def test_powers_combine_in_one_contribution():
    s = at_building(table(hands={0: ["khind-1", "mimix-1", "mimix-1", "hoax-2", "pillar-3"]}), "earth_temple")
    act(s, "box 1")  # red 5: a Khind 1 + a Mimix pair 3 + a recoloured yellow 3
    act(s, "wild khind-1")
    act(s, "pair mimix-1+mimix-1")
    act(s, "hoax-2 recolours one card")
    act(s, "pay pillar-3 as red")
    assert s.owner[boxes(s, "earth_temple")[0]] == 0 and s.hands[0].size == 0


def test_a_hoax_1_may_recolour_two_mimix_twos_at_their_values_instead_of_a_wild_three():
    """Pairing two brown 2s is a choice, not a must: a Hoax 1 recolours them to count 2 + 2 = 4
    (the issue's example: at the Trading House a yellow 5 is paid 2 + 2 + the yellow 1)."""
    s = at_building(table(hands={0: ["hoax-1", "mimix-2", "mimix-2", "pillar-1"]}), "trading_house")
    assert texts(s) == ["box 1: yellow 5", "box 2: yellow 2", "done"]
    act(s, "box 1: yellow 5")
    assert texts(s) == ["hoax-1 recolours brown", "pay pillar-1"]  # paired they pay 3 + 1: not enough
    act(s, "hoax-1 recolours brown")
    act(s, "pay mimix-2 as yellow")
    act(s, "pay mimix-2 as yellow")
    act(s, "pay pillar-1")
    assert s.owner[boxes(s, "trading_house")[0]] == 0 and s.hands[0].size == 0


def test_a_step_that_would_leave_the_box_unpayable_is_not_offered():
    s = at_building(table(hands={0: ["hoax-1", "terrah-3", "aqua-1", "vulca-1"]}), "fire_temple")
    act(s, "box 2")  # black 4 = the black 1 + the red 3 recoloured; recolouring the blue 1 leads nowhere
    assert texts(s) == ["pay vulca-1", "hoax-1 recolours red"]
    act(s, "pay vulca-1")
    assert texts(s) == ["hoax-1 recolours red"]


# -- dragons and golden scales (L83-L89) --------------------------------------------------------


def test_a_dragon_gives_one_scale_once_a_turn_however_many_contributions():
    s = table(hands={0: ["vulca-3", "vulca-3", "vulca-3"]})
    s.dragons[0] = s.dragons[1] = cell(s, "fire_temple")
    at_building(s, "fire_temple")
    for box in ("box 3", "box 2"):
        act(s, box)
        while s.pending:
            act(s, texts(s)[0])
    assert s.scales[0] == 2 and s.supply == 9 - 2  # two dragons, one scale each, once


def test_dragons_on_the_courtyard_give_nothing():
    s = table()
    s.crystals[0] = 7
    s.dragons = [s.board.courtyard] * 3
    moved(s)
    act(s, "offer 7 crystals")
    assert s.scales == [0, 0] and s.offerings[0] == 1


def test_the_scale_exchange_of_the_rulebook():
    """[RB p2-3; RP] you hold 5, the others 4 and 2; two dragons give you 2 but 1 is left: you count 7,
    get 6 crystals, the 4 gets 3, the 2 keeps its scales; everyone else's go back."""
    s = table(players=3, hands={0: ["vulca-3"]})
    s.scales = [5, 4, 2]
    s.supply = 1
    s.dragons[0] = s.dragons[2] = cell(s, "fire_temple")
    at_building(s, "fire_temple")
    act(s, "box 3")
    act(s, "pay vulca-3")  # not the last box: only the dragons' scales
    assert s.crystals == [6, 3, 0] and s.scales == [0, 0, 2] and s.supply == 12 - 2


def test_the_exchange_happens_when_the_last_scale_is_taken_and_only_earners_give_back():
    from bgkit_bluemooncity.scales import exchange

    assert exchange([7, 4, 2]).crystals == (6, 3, 0) and exchange([7, 4, 2]).kept == (0, 0, 2)
    s = table(players=2, hands={0: ["vulca-3", "vulca-2"]})
    s.scales = [4, 4]
    s.supply = 1
    s.dragons[0] = cell(s, "fire_temple")
    at_building(s, "fire_temple")
    act(s, "box 1")
    act(s, "pay vulca-3")
    act(s, "pay vulca-2")
    assert s.crystals == [6, 3] and s.scales == [0, 0] and s.supply == 9  # 5 beat 4: 6 and 3, all back


# -- completing a building (L73-L79) -------------------------------------------------------------


UNIVERSITY_CITY = {"university": (1, 3), "market_hall": (1, 4), "hospice": (0, 3)}


def test_the_rulebook_example_completing_the_university():
    """[RB p4; RP "Example of Play"]: from the hospice to the university; an Aqua 1 flies the blue
    dragon there (the red one is there already); a white 2 and a white 3 on the 5 box complete it.
    Two dragons: 2 scales. Both made one contribution, yours is farther left: you get the majority
    reward, 1 golden scale. Both get 1 crystal, 3 crystals (restored Fire Temple) and 2 cards
    (restored Market Hall); the Royal Palace is not restored and gives nothing."""
    s = table(places=UNIVERSITY_CITY, hands={0: ["aqua-1", "hoax-2", "hoax-3", "vulca-3", "flit-3"]})
    restore(s, "fire_temple", "market_hall")
    s.pos[0] = cell(s, "hospice")
    s.dragons[0] = cell(s, "university")  # the red dragon
    hold(s, 1, "university", 2)  # the opponent on the 2 box
    act(s, "go university")
    act(s, "use aqua-1")
    act(s, "blue dragon to university")  # no movement power left: on to the contribution
    act(s, "box 1")
    act(s, "pay hoax-2")
    act(s, "pay hoax-3")
    assert s.built[cell(s, "university")]
    assert s.scales == [2 + 1, 0]  # two dragons, then the majority reward
    assert s.crystals == [1 + 3, 1 + 3]
    assert s.owed_new == [2, 2] and s.hands[0].size == 2  # the reward cards lie face down, not in hand
    assert s.free == [10, 10]  # markers back
    assert s.owner[boxes(s, "university")[1]] == -1
    assert s.pos[0] == cell(s, "university") and s.dragons[0] == s.dragons[2] == cell(s, "university")
    # "You conclude your turn by discarding 2 cards from your hand and drawing 4 new ones."
    assert s.stage == S_DISCARD
    act(s, "discard vulca-3")
    act(s, "discard flit-3")
    assert s.is_chance() and s.chance_label().startswith("P1 draws a card at the end of the turn (1 of 4)")
    labels = []
    while s.is_chance():
        labels.append(s.chance_label())
        outcome = s.chance_outcomes()[0][0]
        assert s.audience(outcome) == frozenset({int(labels[-1][1]) - 1})
        s.apply(outcome)
    assert sum(1 for t in labels if "draws a card" in t) == 4
    assert sum(1 for t in labels if t.startswith("P1 picks up a face-down reward card")) == 2
    assert sum(1 for t in labels if t.startswith("P2 picks up a face-down reward card")) == 2
    assert s.hands[0].size == 0 + 4 + 2 and s.owed_new == [0, 0] and s.current_player() == 1


def test_the_most_markers_take_the_majority_reward_everyone_the_base_reward():
    s = table(hands={0: ["vulca-3"]})
    hold(s, 1, "fire_temple", 1)
    hold(s, 0, "fire_temple", 2)
    at_building(s, "fire_temple")
    act(s, "box 3")
    act(s, "pay vulca-3")  # P1 now holds 2 of the 3 boxes
    majority, every = s.board.majority[cell(s, "fire_temple")][0], s.board.every[cell(s, "fire_temple")][0]
    assert s.crystals == [majority + every, every]


def test_equal_markers_the_leftmost_marker_wins_the_majority():
    s = table(places=UNIVERSITY_CITY, hands={0: ["hoax-3"]})
    hold(s, 1, "university", 1)  # P2 on the 5 box
    at_building(s, "university")
    act(s, "box 2")
    act(s, "pay hoax-3")
    # 1 marker each: P2's is farther left, so P2 gets the University's 1 golden scale
    assert s.scales == [0, 1] and s.crystals == [1, 1]


def test_neighbour_rewards_come_only_from_restored_orthogonal_neighbours():
    s = table(places={"university": (1, 3), "library": (0, 3), "thermae": (0, 2), "mill": (1, 4)},
              hands={0: ["hoax-3", "hoax-3"]})
    restore(s, "library", "thermae", "mill")  # library and mill are neighbours, thermae (0,2) is diagonal
    hold(s, 1, "university", 1)
    at_building(s, "university")
    act(s, "box 2")
    act(s, "pay hoax-3")
    near = s.board.neighbour[cell(s, "library")][0] + s.board.neighbour[cell(s, "mill")][0]
    fire = s.board.neighbour[cell(s, "fire_temple")]  # south of the university: not restored
    assert fire == (3, 0, 0) and s.crystals == [1 + near, 1 + near]


# -- offerings (L61, L63) -------------------------------------------------------------------------


def test_an_offering_pays_the_lowest_free_box_once_a_turn():
    s = table(players=2)
    s.crystals[0] = 20
    moved(s)
    assert texts(s) == ["offer 7 crystals", "done"]  # 2 players: the two shaded 7s are out
    act(s, "offer 7 crystals")
    assert s.crystals[0] == 13 and s.obelisk_owners == [0] and s.free[0] == 9
    assert s.stage == S_DISCARD  # one offering a turn (no Pillar card)


def test_the_obelisk_fills_bottom_up_two_players_skip_the_shaded_sevens():
    s = table(players=2)
    assert s.obelisk == [7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    s4 = table(players=4)
    assert s4.obelisk == [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]


def test_pillar_cards_give_extra_offerings_at_a_crystal_or_two_more():
    """[RP, Pillar] after an offering, a Pillar 1 buys another for 1 crystal more, a Pillar 2 for 2 more."""
    s = table(players=3, hands={0: ["pillar-1", "pillar-2", "pillar-3"]})
    s.crystals[0] = 7 + 8 + 9
    moved(s)
    assert texts(s) == ["offer 7 crystals", "done"]  # no Pillar before the offering
    act(s, "offer 7 crystals")
    assert texts(s) == ["pillar-1: offer again for 8 crystals", "pillar-2: offer again for 9 crystals", "done"]
    act(s, "pillar-1: offer again for 8 crystals")
    assert s.crystals[0] == 9 and texts(s) == ["pillar-2: offer again for 9 crystals", "done"]
    act(s, "pillar-2: offer again for 9 crystals")
    assert s.offerings[0] == 3 and s.crystals[0] == 0 and s.stage == S_DISCARD


def test_the_first_to_the_target_wins_at_once():
    s = table(players=4)
    s.crystals[0] = 40
    s.offerings[0] = 3
    s.obelisk_owners = [0, 0, 0]
    s.free[0] = 7
    moved(s)
    act(s, "offer 7 crystals")
    assert s.current_player() == TERMINAL and s.ended == "offerings"
    outcome = s.outcome()
    assert outcome.winners == (0,) and outcome.rewards()[0] == 1.0


# -- the end of the game (L93, L95) ---------------------------------------------------------------


def restore_all(s, but=()):
    for c in s.board.buildings:
        if s.board.ids[c] not in but:
            s.built[c] = True


def test_every_building_restored_play_goes_on_until_nobody_can_offer():
    s = table(players=2, hands={0: ["vulca-3"]})
    restore_all(s)
    s.crystals = [7, 3]
    moved(s)
    act(s, "offer 7 crystals")
    act(s, "draw 2")
    draw(s)
    assert s.ended == "buildings" and s.current_player() == TERMINAL  # 0 and 3 crystals: nobody can offer
    outcome = s.outcome()
    assert outcome.winners == (0,) and "most offerings" in outcome.decided_by


def test_every_building_restored_ties_go_to_crystals_then_shared():
    s = table(players=3)
    restore_all(s)
    s.offerings = [1, 1, 0]
    s.obelisk_owners = [0, 1]
    s.free = [9, 9, 10]
    s.crystals = [4, 6, 6]
    moved(s)
    act(s, "draw 2")
    draw(s)
    assert s.ended == "buildings"
    assert s.outcome().winners == (1,)
    s.crystals = [6, 6, 6]
    assert s.outcome().winners == (0, 1) and "shared" in s.outcome().decided_by


def test_while_someone_can_offer_the_restored_city_plays_on():
    s = table(players=2)
    restore_all(s)
    s.crystals = [0, 7]
    moved(s)
    act(s, "draw 2")
    draw(s)
    assert not s.ended and s.current_player() == 1


def test_every_marker_on_the_board_ends_the_game_with_no_winner():
    s = table(players=2, hands={0: ["vulca-3"]})
    for p in (0, 1):
        s.free[p] = 0
    s.free[0] = 1
    at_building(s, "fire_temple")
    act(s, "box 3")
    act(s, "pay vulca-3")
    assert s.ended == "markers" and s.current_player() == TERMINAL
    outcome = s.outcome()
    assert outcome.winners == () and outcome.rewards() == [0.5, 0.5]


def pass_turn(s):
    """The player to move stays, does nothing and draws 2."""
    player = s.current_player()
    act(s, "stay")
    while s.current_player() == player:
        act(s, "draw 2" if "draw 2" in texts(s) else "done")
    draw(s)


def test_a_player_keeping_their_last_marker_back_does_not_end_a_game_that_can_go_on():
    """No ending of bgkit's own: the one player with a marker left may wait for 200 rounds, and the
    game goes on until they place it (here: the markers ending)."""
    s = table(players=2)
    s.free = [1, 0]
    for _ in range(400):
        pass_turn(s)
    assert not s.ended and rules.can_progress(s)
    from bluemooncity_scene import set_hand

    set_hand(s, 0, ["vulca-3"])
    at_building(s, "fire_temple")
    act(s, "box 3")
    act(s, "pay vulca-3")
    assert s.ended == "markers"


def test_the_restored_city_goes_on_while_someone_can_offer_however_long_they_wait():
    s = table(players=2)
    restore_all(s)
    s.crystals = [0, 30]
    s.offerings, s.obelisk_owners, s.free = [1, 0], [0], [9, 10]
    for _ in range(400):
        pass_turn(s)  # P2 could offer, and does not
    assert not s.ended and rules.can_progress(s)
    s.crystals[1] = 0  # nobody can offer any more: the end of the next turn ends the game
    pass_turn(s)
    assert s.ended == "buildings" and s.outcome().winners == (0,)


def test_every_box_a_data_file_can_hold_is_paid_by_the_whole_deck(tmp_path):
    """The premise of ``can_progress``: a box asks at most 9 (the data's bound) and every colour has
    10 cards worth at least 1, so whoever comes to hold them pays any box; with the lowest deck a data
    file can give (every card a 1), every colour still pays a 9."""
    import tomllib
    from importlib import resources

    import tomli_w

    from bgkit.testing import get_registry
    from bgkit_bluemooncity.kinds import Kinds
    from bgkit_bluemooncity.payment import can_pay

    shipped = tomllib.loads(resources.files("bgkit_bluemooncity").joinpath("data", "cards.toml").read_text())
    for people in shipped["people"].values():
        people["values"] = [1] * 10
    path = tmp_path / "ones.toml"
    path.write_text(tomli_w.dumps(shipped))
    for game in (get_registry().load_game("bluemooncity"), get_registry().load_game("bluemooncity", path)):
        kinds = Kinds(game.components)
        for colour in range(len(kinds.colour_names)):
            assert can_pay(kinds, list(kinds.copies), colour, 9), kinds.colour_names[colour]


# -- discarding and drawing (L65-L67, L77) --------------------------------------------------------


def test_discard_none_one_or_two_then_draw_that_many_plus_two():
    s = table(hands={0: ["vulca-3", "vulca-2", "terrah-3"]})
    moved(s)
    assert texts(s) == ["discard vulca-2", "discard vulca-3", "discard terrah-3", "draw 2"]
    act(s, "discard vulca-3")
    assert texts(s)[-1] == "draw 3"
    act(s, "discard terrah-3")  # the second discard: the draw follows
    assert s.is_chance() and s.chance_label().endswith("(1 of 4)")
    draw(s)
    assert s.hands[0].size == 1 + 4 and s.discard.size == 2 and s.current_player() == 1


def deck_down_to(s, left):
    """Move all but ``left`` cards of the deck (the first kinds) to the discard pile."""
    keep = []
    for k, n in enumerate(s.deck.counts):
        if n and len(keep) < left:
            keep.append(k)
    for k in range(len(s.deck.counts)):
        n = s.deck.counts[k] - keep.count(k)
        if n > 0:
            s.deck.counts[k] -= n
            s.deck.size -= n
            s.discard.put(k, n)
    return keep


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    s = table(hands={0: ["vulca-3"]})
    moved(s)
    deck_down_to(s, 1)
    before = s.discard.size
    act(s, "draw 2")
    draw(s)
    assert s.hands[0].size == 3 and s.deck.size == before - 1 and s.discard.size == 0


def test_with_no_card_left_anywhere_a_player_draws_what_there_is():
    s = table(hands={0: []})
    for k, n in enumerate(s.deck.counts):  # every card into P2's hand
        if n:
            s.deck.counts[k] = 0
            s.hands[1].put(k, n)
    s.deck.size = 0
    moved(s)  # nothing to discard, nothing to draw: the turn is over
    assert s.current_player() == 1 and s.hands[0].size == 0


def test_reward_cards_cannot_be_used_in_the_turn_they_are_won():
    s = table(places=UNIVERSITY_CITY, hands={0: ["hoax-3"]})
    restore(s, "market_hall")  # 2 cards for every contributor of the university
    hold(s, 1, "university", 1)
    at_building(s, "university")
    act(s, "box 2")
    act(s, "pay hoax-3")
    assert s.hands[0].size == 0 and s.owed_new[0] == 2
    assert s.is_chance() and s.chance_label().startswith("P1 draws")  # no card to discard: straight to drawing
    draw(s)
    assert s.hands[0].size == 2 + 2 and s.hands[1].size == 8 + 2


def test_reward_cards_keep_their_place_when_the_deck_runs_out():
    """The reward cards lie face down on the table: when the deck runs out before their owners pick
    them up, the cards left for them are set aside, the discard pile becomes the deck, and the owners
    draw from what was set aside (what they really hold)."""
    s = table(places=UNIVERSITY_CITY, hands={0: ["hoax-3", "vulca-3"]})
    restore(s, "market_hall")
    hold(s, 1, "university", 1)
    keep = deck_down_to(s, 4)
    at_building(s, "university")
    act(s, "box 2")
    act(s, "pay hoax-3")  # each of the 2 contributors takes 2 cards: the 4 left
    assert s.owed_new == [2, 2] and s.deck.size == 4
    act(s, "discard vulca-3")  # the hand is empty: 3 cards are drawn at once
    # the deck has no card that is not reserved: the 4 are set aside, the discard pile is the deck
    assert s.pool.size == 4 and s.owed_old == [2, 2] and s.owed_new == [0, 0]
    kept = {k for k in keep}
    drawn = []
    while s.is_chance():
        why = s.chance[0][0]
        outcome = s.chance_outcomes()[0][0]
        if why == 2:
            assert outcome[1] in kept  # a reward card comes from the set-aside ones
        drawn.append(outcome)
        s.apply(outcome)
    assert s.pool.size == 0 and s.owed_old == [0, 0] and s.hands[0].size == 3 + 2
