"""Worked examples, one per rule of the rule summary (L = its line) and per card/tile effect.

Each test sets a scene on a real state (bretagne_scene) and plays the rule through the actions a
person types. Values of reconstructed tables (blueprint costs, weather, tiles) are the shipped ones.
"""

from __future__ import annotations

import pytest

from bgkit_bretagne import codes as S
from bgkit_bretagne import rules

from bretagne_scene import at_actions, bp, by_text, chance, fresh, game, give, give_cards, res, resolve_chance, show, site_of, texts, weather


def decline(s) -> None:
    """Every player asked in the scoring steps says "done"."""
    while s.stage == S.S_SCORE and not s.is_chance():
        by_text(s, "done")


def prebuild(s, site: int, levels: int, owner: int = 1, workers: int = 0) -> None:
    """Levels already standing on ``site`` (blueprints taken from the black pile), ``workers`` of ``owner`` on each."""
    for _ in range(levels):
        b = next(i for i, c in enumerate(s.piles[2].counts) if c)
        s.piles[2].draw(b)
        s.lv_bp[site].append(b)
        s.lv_own[site].append(owner)
        s.lv_wk[site].append(workers)
        s.work[owner] -= workers


# -- round set-up, barges and loading (L52-L58; the published barge choice) ------------------------


def test_barges_are_chosen_in_turn_order_and_pay_their_francs_and_engineers():
    s = fresh(3, 0, start="2")
    assert s.stage == S.S_BARGE and s.order == [1, 2, 0] and s.cur == 1
    assert texts(s) == ["barge 1", "barge 2", "barge 3"]
    by_text(s, "barge 3")  # card 3: 2 francs, 1 engineer
    assert (s.francs[1], s.eng[1]) == (2, 1)
    by_text(s, "barge 1")
    assert s.barge == [1, 2, 0]  # the last player gets the card left, without a decision
    assert s.stage == S.S_LOAD


def test_boats_are_loaded_one_type_each_in_barge_number_order():
    s = fresh(2, 0, start="1")
    by_text(s, "barge 2")  # P1 takes card 2 (2/2/1); P2 gets card 1 (2/1/1) and loads first
    assert s.cur == 1
    s.quimper = res(s, stone=3, sand=1)
    by_text(s, "load stone")  # boat 1 of card 1 holds 2
    assert s.res[1] == res(s, stone=2) and s.quimper == res(s, stone=1, sand=1)
    by_text(s, "load sand")  # P1's boat 1 holds 2, only 1 sand is there
    assert s.res[0] == res(s, sand=1)
    # one type left: loaded without a decision; boat 2 of card 1 holds 1
    assert s.res[1] == res(s, stone=3) and s.stage == S.S_ACT


def test_harbour_income_is_paid_per_worker_from_round_two():
    s = at_actions(2)
    s.harb[0][0] = 2  # harbour 1 (brick, 1 per worker, normal side)
    for p in (0, 1):
        by_text(s, "pass")
    assert s.round == 2
    resolve_chance(s)
    assert s.res[0][s.t.resources.index("brick")] >= 2


# -- build (L64-L75) -----------------------------------------------------------------------------


def test_the_summary_example_third_level_of_a_purgatory_tower_in_fine_weather():
    """L68: a third level of a Purgatory tower in sunny weather asks 1 engineer, its extra stone and one wood."""
    s = at_actions(2)
    site = site_of(s, "P4")  # a Purgatory tile whose extra is a stone
    prebuild(s, site, 2)
    weather(s, "W1")  # sunny: Purgatory 1 engineer
    show(s, 0, "G01")  # 2 stone -> 1 point
    give(s, 0, stone=3, wood=1)
    s.eng[0] = 1
    by_text(s, "build G01")
    assert s.vp[0] == 1 and s.res[0] == res(s, stone=1, wood=1)
    assert f"at {site + 1}" in texts(s)
    by_text(s, f"at {site + 1}")
    assert s.res[0] == res(s) and s.eng[0] == 0 and s.site_eng[site] == 1
    # a worker per resource spent: 2 for the blueprint, the extra stone and the wood
    assert s.lv_wk[site][2] == 4 and s.work[0] == 4
    assert texts(s) == ["return 0 stay 4", "return 1 stay 3", "return 2 stay 2", "return 3 stay 1", "return 4 stay 0"]


def test_returned_workers_score_two_points_each_and_the_rest_stay():
    s = at_actions(2)
    site = site_of(s, "H4")
    show(s, 0, "G01")
    give(s, 0, stone=2)
    s.eng[0] = 1
    by_text(s, "build G01")
    by_text(s, f"at {site + 1}")
    by_text(s, "return 1 stay 1")
    assert s.vp[0] == 1 + 2 and s.lv_wk[site] == [1] and s.work[0] == 7
    assert s.cur == 1  # the action is over: the next player


def test_wood_for_scaffolding_from_the_second_level_up():
    s = at_actions(2)
    site = site_of(s, "H4")
    s.site = [S.BUILT if state == S.OPEN and i != site else state for i, state in enumerate(s.site)]
    show(s, 0, "G01", "G07")
    give(s, 0, stone=4)
    s.eng[0] = 3
    by_text(s, "build G01")
    by_text(s, f"at {site + 1}")
    by_text(s, "return 2 stay 0")
    by_text(s, "pass")  # P2
    # level 2 asks a wood, which P1 lacks: G07 (2 stone) can be bought but not placed there
    assert "build G07" not in texts(s)
    give(s, 0, wood=1)
    assert "build G07" in texts(s)


def test_a_storm_injures_a_worker_at_purgatory_and_hell_but_not_heaven():
    s = at_actions(2)
    weather(s, "W6")  # storm
    show(s, 0, "G01")
    give(s, 0, stone=3)
    s.eng[0] = 5
    by_text(s, "build G01")
    purgatory, heaven = site_of(s, "P4"), site_of(s, "H4")
    assert {f"at {purgatory + 1}", f"at {heaven + 1}"} <= set(texts(s))
    by_text(s, f"at {purgatory + 1}")
    assert s.work[0] == 8 - 1 - 3 and s.reserve[0] == 7  # injured: back to the supply of cubes


def test_no_build_without_a_worker_for_every_resource_and_the_injury():
    s = at_actions(2)
    weather(s, "W6")
    show(s, 0, "G01")
    give(s, 0, stone=3)
    s.eng[0] = 5
    s.work[0] = 2  # enough for the Heaven tower (2), not for a Purgatory one (3 + 1 injured)
    by_text(s, "build G01")
    assert texts(s) == [f"at {site_of(s, 'H4') + 1}", f"at {site_of(s, 'H1') + 1}", f"at {site_of(s, 'H5') + 1}"] or all(
        s.t.site_type[int(t.split()[1]) - 1] == 0 for t in texts(s))


def test_blueprint_rewards_francs_engineers_equipment_and_the_barge_discount():
    s = at_actions(2, barges=[2, 0])  # P1 holds barge 3: one engineer fewer per build
    show(s, 0, "G03", "G04")  # G03: 1 stone 1 brick -> 1 point, 1 engineer; G04: 2 sand -> 1 point, 1 card
    give(s, 0, stone=1, brick=1, sand=2)
    weather(s, "W3")  # cloudy: Purgatory 2
    s.eng[0] = 0
    by_text(s, "build G03")
    assert s.eng[0] == 1 and s.vp[0] == 1
    site = site_of(s, "P5")  # extra brick... P1 has none: not offered
    assert f"at {site + 1}" not in texts(s)
    by_text(s, f"at {site_of(s, 'H4') + 1}")  # Heaven 1 engineer, minus the discount: none needed
    assert s.eng[0] == 1
    by_text(s, "return 2 stay 0")
    by_text(s, "pass")
    by_text(s, "build G04")
    assert s.is_chance() and s.chance_label() == "P1 draws an equipment card"
    assert s.audience(s.chance_outcomes()[0][0]) == frozenset({0})
    assert s.public_text(s.chance_outcomes()[0][0]) == "P1 draws an equipment card"
    chance(s, "draw siren")
    assert s.hands[0].counts == [0, 0, 1, 0] and s.cur == 0


def test_a_build_the_blueprints_own_engineer_makes_possible_is_offered():
    """The reward comes first, then the build: a player without engineers may buy a blueprint that
    gives one and spend it on the level (the issue's example: 2 players, setup seed 0)."""
    from bgkit.api import runtime_for

    g = game()
    s = g.new_state(runtime_for(g).setup(2, 0, {option.name: option.default for option in g.options}))
    for text in ("barge 1", "load sand", "load wood", "load stone", "load stone"):
        by_text(s, text)
    assert s.stage == S.S_ACT and s.cur == s.order[0] == 1 and s.eng[1] == 0
    assert s.t.bp_reward[bp(s, "G11")][2] == 1  # G11 gives an engineer
    assert "build G11" in texts(s)
    by_text(s, "build G11")
    assert s.eng[1] == 1
    sites = texts(s)
    assert len(sites) == 3 and all(t.startswith("at ") for t in sites)
    by_text(s, sites[0])
    assert s.eng[1] == 0 and s.lv_own[int(sites[0].split()[1]) - 1] == [1]


def test_a_build_the_reward_engineer_cannot_pay_for_is_not_offered():
    """With the supply out of engineers the reward gives none, so the build stays impossible."""
    s = at_actions(2)
    show(s, 0, "G03")  # 1 stone 1 brick -> 1 point, 1 engineer
    give(s, 0, stone=1, brick=1)
    weather(s, "W3")  # cloudy: Heaven asks 1 engineer at least
    s.eng[0] = 0
    s.sup_eng = 0
    assert "build G03" not in texts(s)
    s.sup_eng = 1
    assert "build G03" in texts(s)


def test_the_next_builder_takes_the_francs_left_on_an_unfinished_tower():
    s = at_actions(2)
    site = site_of(s, "H4")
    s.bounty[site] = 2
    s.bank -= 2
    show(s, 0, "G01")
    give(s, 0, stone=2)
    s.eng[0] = 1
    by_text(s, "build G01")
    by_text(s, f"at {site + 1}")
    assert s.francs[0] == 2 and s.bounty[site] == 0


# -- exchange (L78-L95) ------------------------------------------------------------------------------


def test_lorient_trades_each_once_per_exchange():
    s = at_actions(2)
    s.francs[0], s.bank = 10, s.bank - 10
    give_cards(s, 0, pier=3)
    by_text(s, "exchange lorient")
    assert s.work[0] == 7 and s.city[0] == 1
    assert texts(s) == ["trade resources", "trade equipment", "trade sell-cards", "trade worker",
                        "trade card-for-resource", "go brest", "done"]
    by_text(s, "trade resources")  # 3 francs -> 2 resources of your choice
    by_text(s, "take stone")
    by_text(s, "take sand")
    assert s.francs[0] == 7 and s.res[0] == res(s, stone=1, sand=1)
    by_text(s, "trade sell-cards")  # 2 cards -> 3 francs
    by_text(s, "card pier")
    by_text(s, "card pier")
    assert s.francs[0] == 10 and len(s.hands[0]) == 1 and s.discard.counts[1] == 2
    by_text(s, "trade worker")  # 4 francs -> a worker
    assert s.francs[0] == 6 and s.work[0] == 8 and s.reserve[0] == 5
    by_text(s, "trade card-for-resource")  # a card -> a resource and a franc
    by_text(s, "card pier")
    by_text(s, "take brick")
    assert s.francs[0] == 7 and s.res[0][s.t.resources.index("brick")] == 1
    by_text(s, "trade equipment")  # 3 francs -> 2 cards, drawn privately
    chance(s, "draw furniture")
    chance(s, "draw cable_car")
    assert s.francs[0] == 4 and s.hands[0].counts == [1, 0, 0, 1]
    assert texts(s) == ["go brest", "done"]  # every Lorient trade done once


def test_brest_trades_and_no_return_to_the_first_city():
    s = at_actions(2)
    s.francs[0], s.bank = 10, s.bank - 10
    give(s, 0, wood=2)
    by_text(s, "exchange lorient")
    by_text(s, "go brest")  # a second worker, now in Brest
    assert s.city[0] == 2
    assert texts(s) == ["trade engineer", "trade resources", "trade sell-resources", "trade engineer-pair", "done"]
    by_text(s, "trade engineer")
    by_text(s, "trade engineer-pair")
    assert s.eng[0] == 3 and s.francs[0] == 6 and (s.singles, s.pairs) == (2, 1)
    by_text(s, "trade resources")  # from Brest's market
    by_text(s, "take brick")
    by_text(s, "take brick")
    assert s.market[s.t.resources.index("brick")] == 1 and s.francs[0] == 4
    by_text(s, "trade sell-resources")
    by_text(s, "sell wood")
    by_text(s, "sell wood")
    assert s.francs[0] == 6 and texts(s) == ["done"]


def test_brest_limits_hold_across_exchanges():
    s = at_actions(2)
    s.francs[0], s.bank = 20, s.bank - 20
    s.singles, s.pairs = 1, 0
    by_text(s, "exchange brest")
    assert "trade engineer-pair" not in texts(s)
    by_text(s, "trade engineer")
    by_text(s, "done")
    by_text(s, "pass")  # P2
    by_text(s, "exchange brest")
    assert "trade engineer" not in texts(s)


# -- pass (L98-L100) -------------------------------------------------------------------------------


def test_pass_takes_the_first_free_place_keeps_three_of_each_and_brings_workers_home():
    s = at_actions(2)
    s.eng[0] = 2
    give(s, 0, stone=5, wood=1)
    s.francs[0], s.bank = 5, s.bank - 5
    by_text(s, "exchange brest")
    by_text(s, "done")
    by_text(s, "pass")  # P2 passes first: first place next round
    by_text(s, "pass")
    assert s.res[0] == res(s, stone=3, wood=1) and s.eng[0] == 0 and s.city[0] == 0 and s.work[0] == 8
    assert s.round == 2 and s.order == [1, 0]


# -- lighthouse scoring (L104-L123) -------------------------------------------------------------------


def completed(players: int = 2, kind: str = "P2"):
    """A Purgatory tower of 3 levels, completed this round: P1 owns levels 1 and 3 (2 and 1 workers),
    P2 level 2 (3 workers); everyone has passed but P1."""
    s = at_actions(players)
    site = site_of(s, kind)
    prebuild(s, site, 3)
    s.lv_own[site] = [0, 1, 0]
    s.lv_wk[site] = [2, 3, 1]
    s.work[0] -= 3
    s.work[1] -= 3
    s.site[site] = S.COMPLETE
    return s, site


def test_equipment_in_majority_order_removing_top_workers_and_one_less_after_the_first_of_a_kind():
    s, site = completed()
    give_cards(s, 0, siren=2)
    give_cards(s, 1, siren=1, pier=1)
    by_text(s, "pass")
    by_text(s, "pass")
    assert s.stage == S.S_SCORE and s.cur == 0  # 3 workers each: P1 holds the lower level
    before = s.vp[:]
    by_text(s, "play siren")  # siren at Purgatory: 3 points
    assert s.vp[0] == before[0] + 3 and s.lv_wk[site] == [2, 3, 0]  # from P1's top level
    by_text(s, "play siren")  # the second siren here: 1 less
    assert s.vp[0] == before[0] + 5 and s.lv_wk[site] == [1, 3, 0]
    assert s.cur == 1
    by_text(s, "play siren")  # another player's siren: still 1 less
    assert s.vp[1] == before[1] + 2
    by_text(s, "play pier")  # the first pier: full 3 points
    assert s.vp[1] == before[1] + 5 and s.lv_wk[site] == [1, 1, 0]
    assert s.discard.counts[2] == 3


def test_harbour_entry_costs_a_franc_per_worker_already_there_and_the_majority_scores():
    s, site = completed()
    h = s.t.site_harbour[site]
    s.harb[h][1] = 1  # one worker of P2 already there
    s.francs = [1, 0]
    s.bank -= 1
    by_text(s, "pass")
    by_text(s, "pass")
    assert s.cur == 0 and texts(s) == [f"harbour {h + 1}", "done"]  # P2 (no franc) is not asked
    before = s.vp[:]
    by_text(s, f"harbour {h + 1}")
    assert s.francs[0] == 0 and s.harb[h] == [1, 1]
    # majority: P2 3 workers, P1 2 left: 1 point per worker, 5 to P2 for Purgatory
    assert s.vp[1] == before[1] + 3 + 5 and s.vp[0] == before[0] + 2
    assert s.site[site] == S.BUILT and s.lv_bp[site] == [] and s.work == [8 - 1, 8]
    assert sum(s.under[2].counts) == 3  # the blueprints go under their pile


def test_a_full_harbour_takes_no_more_workers_whatever_the_francs():
    """A harbour holds as many workers as its final-scoring row has places: when it is full, P1 is
    not offered it (and pays nothing), however many francs P1 has."""
    s, site = completed()
    h = s.t.site_harbour[site]
    full = len(s.comp.final_scoring.harbour)  # the places of the harbour row of the final scoring
    s.harb[h][1] = full  # P2's workers fill it
    s.francs = [20, 0]
    s.bank -= 20
    by_text(s, "pass")
    by_text(s, "pass")
    assert s.stage != S.S_SCORE  # nobody could do anything in the scoring: it is over
    assert s.harb[h] == [0, full] and s.francs[0] == 20 and s.site[site] == S.BUILT


def test_a_majority_tie_goes_to_the_lower_level():
    s, site = completed()
    s.lv_wk[site] = [1, 2, 1]
    by_text(s, "pass")
    by_text(s, "pass")
    decline(s)
    assert s.vp[0] == 2 + 5 and s.vp[1] == 2  # P1 holds level 1


def test_a_majority_tie_goes_to_the_lower_level_whatever_the_seat():
    """The tie-break is the level, never the seat: here the later seat (P2) holds the lower level,
    so P2 is asked first in the scoring and takes the majority."""
    s, site = completed()
    s.lv_own[site] = [1, 0, 1]
    s.lv_wk[site] = [1, 2, 1]  # P2: levels 1 and 3, 2 workers; P1: level 2, 2 workers
    give_cards(s, 0, siren=1)
    give_cards(s, 1, siren=1)
    by_text(s, "pass")
    by_text(s, "pass")
    assert s.stage == S.S_SCORE and s.cur == 1
    decline(s)
    assert s.vp[1] == 2 + 5 and s.vp[0] == 2


def test_a_coast_with_every_lighthouse_built_turns_its_harbours():
    s, site = completed()
    coast = s.t.site_coast[site]
    for i, c in enumerate(s.t.site_coast):
        if c == coast and i != site and s.site[i] == S.OPEN:
            s.site[i] = S.BUILT
    by_text(s, "pass")
    by_text(s, "pass")
    decline(s)
    assert s.improved[coast] and not any(s.improved[c] for c in range(3) if c != coast)


# -- end of round and of the game (L125-L142) -------------------------------------------------------------


def test_end_of_round_engineers_leave_and_towers_without_engineers_get_a_franc():
    s = at_actions(2)
    site = site_of(s, "H4")
    s.site_eng[site] = 2
    sup = s.sup_eng
    by_text(s, "pass")
    by_text(s, "pass")
    assert s.site_eng[site] == 0 and s.bounty[site] == 0
    others = [i for i, state in enumerate(s.site) if state == S.OPEN and i != site]
    assert all(s.bounty[i] == 1 for i in others)
    assert s.sup_eng >= sup + 2 - 7  # back in the supply (Brest refills from it)


def test_the_game_ends_after_round_five_with_the_sheet_scoring():
    s = at_actions(2)
    s.round = 5
    s.harb[0] = [1, 0]
    s.work[0] -= 1
    s.francs, s.bank = [7, 2], s.bank - 9
    s.vp = [10, 12]
    by_text(s, "pass")  # P1 passes first: Pontivy 1st (4 points)
    by_text(s, "pass")
    assert s.is_terminal()
    # P1: 10 + 4 (Pontivy) + 4 (alone in a harbour) + 2 (7 francs); P2: 12 + 2 + 0 + 0
    assert s.scores() == [20.0, 14.0]
    assert s.outcome().winners == (0,)


def test_round_four_is_not_the_last_the_game_goes_on_to_round_five():
    """The game lasts five rounds: when everyone passes in round 4 the game goes on, to round 5's set-up."""
    s = at_actions(2)
    s.round = 4
    by_text(s, "pass")
    by_text(s, "pass")
    assert not s.is_terminal() and s.round == 5
    assert s.is_chance()  # round 5's table is laid out: the weather and the Quimper card come first


def test_the_game_ends_early_when_every_lighthouse_is_built():
    s, site = completed()
    for i, state in enumerate(s.site):
        if state == S.OPEN:
            s.site[i] = S.BUILT
    by_text(s, "pass")
    by_text(s, "pass")
    decline(s)
    assert s.is_terminal() and s.round == 1


def test_three_players_start_with_three_built_lighthouses_and_two_players_use_nine():
    three = fresh(3, 0)
    assert three.site.count(S.BUILT) == 3 and three.site.count(S.UNUSED) == 0
    two = fresh(2, 0)
    assert two.site.count(S.UNUSED) == 6 and two.site.count(S.OPEN) == 9


# -- chance and hidden information ----------------------------------------------------------------------


def test_round_setup_draws_are_public_and_labelled():
    s = at_actions(2)
    by_text(s, "pass")
    by_text(s, "pass")
    labels = []
    while s.is_chance():
        labels.append(s.chance_label())
        outcome = s.chance_outcomes()[0][0]
        assert s.audience(outcome) is None
        s.apply(outcome)
    assert labels[0] == "the weather forecast for round 3, turned up from the weather pile"
    assert labels[1] == "the Quimper production card of round 2, turned up"
    assert all(label.startswith("a blueprint turned up from the") for label in labels[2:])
    assert all(len(f) == 4 for f in s.face_up)


def test_views_hide_other_hands_and_determinize_keeps_what_a_seat_knows():
    import random

    s = at_actions(3)
    give_cards(s, 0, pier=2)
    give_cards(s, 1, siren=1, furniture=1)
    view = s.view(0)
    assert view["hands"] == [[0, 2, 0, 0], 2, 0] and view["deck"] == len(s.deck)
    for seed in range(5):
        d = s.determinize(0, random.Random(seed))
        assert d.hands[0].counts == [0, 2, 0, 0] and len(d.hands[1]) == 2 and len(d.deck) == len(s.deck)
        assert d.view(0) == view


def test_a_determinisation_is_the_same_whatever_the_other_seat_really_holds():
    """A bot guesses the others' equipment from what it sees: two tables that differ only in the
    cards of P2's hand (P1 sees two cards there either way) give P1 the same guess for the same seed,
    so no guess can carry P2's true hand (a bot that peeks plays differently against each)."""
    import random

    from bgkit.api import any_to_json

    s = at_actions(3)
    give_cards(s, 0, pier=2)
    give_cards(s, 1, siren=1, furniture=1)
    twin = at_actions(3)
    give_cards(twin, 0, pier=2)
    give_cards(twin, 1, cable_car=2)
    # either way the cards P1 cannot see (the deck and P2's hand together) are the same
    assert any_to_json(s.view(0)) == any_to_json(twin.view(0))
    for seed in range(5):
        guess = s.determinize(0, random.Random(seed))
        assert any_to_json(guess.to_dict()) == any_to_json(twin.determinize(0, random.Random(seed)).to_dict())


# -- every tile and card effect ------------------------------------------------------------------------


def test_every_harbour_income_normal_and_improved():
    """Each harbour tile's income, per worker: resources, francs, engineers, workers, equipment, points."""
    for improved in (False, True):
        s = at_actions(2)
        s.improved = [improved] * 3
        s.chance = []
        for h in range(len(s.harb)):
            s.harb[h][0] = 1
            s.work[0] -= 1
        before = (list(s.res[0]), s.francs[0], s.eng[0], s.work[0], s.vp[0])
        rules._income(s)
        side = 1 if improved else 0
        want = {}
        for h in range(len(s.harb)):
            for key, n in s.t.harbour_income[h][side]:
                want[key] = want.get(key, 0) + n
        gained = {r: s.res[0][i] - before[0][i] for i, r in enumerate(s.t.resources)}
        assert {k: v for k, v in gained.items() if v} == {k: v for k, v in want.items() if k in s.t.resources}
        assert s.francs[0] - before[1] == want.get("francs", 0)
        assert s.eng[0] - before[2] == want.get("engineers", 0)
        assert s.work[0] - before[3] == want.get("workers", 0)
        assert s.vp[0] - before[4] == want.get("vp", 0)
        assert s.chance == [(S.Q_EQUIPMENT, 0)] * want.get("equipment", 0)  # private draws, one per card


@pytest.mark.parametrize("blueprint", ["G01", "G02", "G03", "G04"])
def test_each_kind_of_blueprint_reward(blueprint):
    s = at_actions(2)
    show(s, 0, blueprint)
    b = bp(s, blueprint)
    cost = dict(zip(s.t.resources, s.t.bp_cost[b]))
    give(s, 0, **cost)
    s.eng[0] = 1
    vp, francs, engineers, equipment, workers = s.t.bp_reward[b]
    by_text(s, f"build {blueprint}")
    assert s.vp[0] == vp and s.francs[0] == francs and s.eng[0] == 1 + engineers and s.work[0] == 8 + workers
    assert sum(1 for c in s.chance if c[0] == S.Q_EQUIPMENT) == equipment
    assert b not in s.face_up[0]


@pytest.mark.parametrize("kind", ["furniture", "pier", "siren", "cable_car"])
def test_each_equipment_kind_scores_its_points_for_the_lighthouse_type(kind):
    s, site = completed()
    give_cards(s, 0, **{kind: 1})
    by_text(s, "pass")
    by_text(s, "pass")
    before = s.vp[0]
    by_text(s, f"play {kind}")
    k = s.t.kinds.index(kind)
    assert s.vp[0] - before == s.t.kind_points[k][s.t.site_type[site]]
