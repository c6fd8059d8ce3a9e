"""Worked examples for the activation kinds (RS 4.) and every effect of the ability vocabulary, on
the persons of the shipped card list (their abilities are a labelled reconstruction, except the
Engraver's and one lightning person's 6 guilders, which are sourced)."""

from __future__ import annotations

import pytest

from bgkit_bruges import codes, rules

from bruges_scene import (BLUE, PURPLE, RED, YELLOW, act, actions_phase, card, give, house, roll, seat_person,
                          texts, threaten)


def hire(s, name: str, on: str = "red") -> None:
    """Recruit ``name`` from the hand onto an empty house (one is built for it first), with 20 guilders."""
    house(s, s.current_player(), ("red", "yellow", "blue").index(on))
    s.guilders[s.current_player()] = 20
    act(s, f"hire {name} on {on}")


# -- activation kinds (RS 4.) --------------------------------------------------------------------------------------


def test_lightning_acts_once_at_once_when_recruited(game):
    s = actions_phase(game, hands={0: ["Merchant 5", "Noble 4"]})  # lightning: 6 guilders (SK)
    hire(s, "Merchant 5")
    assert s.guilders[0] == 20 - 3 + 6
    assert not any(t.startswith("activate") for t in texts(s))  # never again


def test_a_worker_person_pays_a_worker_of_its_icon_once_a_round_even_just_placed(game):
    s = actions_phase(game, hands={0: ["Merchant 2", "Noble 4"], 1: ["Noble 5"]})  # pay a yellow worker: 3 guilders
    hire(s, "Merchant 2")
    assert "activate Merchant 2" in texts(s) and "end" in texts(s)  # after the card, or not at all
    act(s, "activate Merchant 2")
    assert s.workers[0][YELLOW] == 0 and s.guilders[0] == 20 + 3
    assert s.current_player() == 1  # nothing more to do: the turn ends by itself
    act(s, "workers Noble 5")
    assert "activate Merchant 2" not in texts(s)  # rotated: once a round
    s.used[0][0] = False
    s.workers[0][YELLOW] = 0
    assert "activate Merchant 2" not in texts(s)  # no yellow worker to pay


def test_activations_come_before_or_after_the_card(game):
    s = actions_phase(game, hands={0: ["Noble 4", "Noble 5"], 1: ["Noble 6"]})
    seat_person(s, 0, card(s, "Merchant 2"))
    legal = texts(s)
    assert "activate Merchant 2" in legal and "workers Noble 4" in legal and "end" not in legal
    act(s, "activate Merchant 2")
    assert "end" not in texts(s)  # the card must still be played
    act(s, "workers Noble 4")
    assert s.current_player() == 1


def test_infinity_a_is_free_once_a_round(game):
    s = actions_phase(game, hands={0: ["Noble 4", "Noble 5"], 1: ["Noble 6"]})
    seat_person(s, 0, card(s, "Merchant 3"))  # once a round, free: 2 guilders
    act(s, "activate Merchant 3")
    assert s.guilders[0] == 7 and s.workers[0] == [1] * 5
    act(s, "workers Noble 4")
    act(s, "workers Noble 6")
    assert "activate Merchant 3" not in texts(s)


def test_infinity_b_changes_an_action_every_time(game):
    s = actions_phase(game, dice=(3, 3, 4, 3, 3), hands={0: ["Noble 3", "Noble 8"], 1: ["Noble 6"]})  # blue cards
    seat_person(s, 0, card(s, "Merchant 6"))  # guilders with a blue card: 1 more
    assert not any(t.startswith("activate") for t in texts(s))
    act(s, "guilders Noble 3")
    act(s, "workers Noble 6")
    act(s, "guilders Noble 8")
    assert s.guilders[0] == 5 + 5 + 5


def test_infinity_c_acts_whenever_its_situation_arises(game):
    s = actions_phase(game, hands={0: ["Noble 1", "Noble 6"], 1: ["Noble 5"]})
    seat_person(s, 0, card(s, "Craftsman 9"))  # whenever you build a house: 1 point
    act(s, "house red")
    act(s, "pick Noble 1")
    act(s, "workers Noble 5")
    s.workers[0][RED] = 1
    act(s, "house red")
    assert s.score[0] == 7


def test_laurel_persons_score_at_the_end_only(game):
    s = actions_phase(game, hands={0: ["Noble 11"]})  # 1 point per person
    hire(s, "Noble 11")
    assert s.score[0] == 5 and rules.laurels(s, 0) == [1]


# -- immediate effects ---------------------------------------------------------------------------------------------


def test_points_guilders_and_workers_of_a_colour(game):
    s = actions_phase(game, hands={0: ["Noble 1", "Noble 4"]})
    hire(s, "Noble 1")  # lightning: 2 points
    assert s.score[0] == 7
    s = actions_phase(game, hands={0: ["Merchant 14", "Noble 4"]})  # lightning: 8 guilders
    hire(s, "Merchant 14")
    assert s.guilders[0] == 20 - 12 + 8


def test_workers_of_any_colour_are_chosen_one_by_one(game):
    s = actions_phase(game, hands={0: ["Entertainer 1", "Noble 4"]})  # lightning: 2 workers of any colour
    hire(s, "Entertainer 1")
    assert texts(s) == {f"take {c} worker" for c in ("red", "yellow", "blue", "brown", "purple")}
    act(s, "take blue worker")
    act(s, "take blue worker")
    assert s.workers[0] == [1, 1, 3, 1, 1] and not s.pending


def test_free_reputation_steps_stop_at_the_top(game):
    s = actions_phase(game, hands={0: ["King", "Noble 4"]})  # lightning: 2 steps
    s.reputation[0] = 11
    hire(s, "King")
    assert s.reputation[0] == 12


def test_returning_threats_scores_a_point_each(game):
    s = actions_phase(game, hands={0: ["Church 5", "Noble 4"]})  # lightning: up to 2 threats of any colour
    threaten(s, 0, RED, 1)
    threaten(s, 0, PURPLE, 2)
    hire(s, "Church 5")
    assert texts(s) == {"return red threat", "return purple threat", "skip"}
    act(s, "return purple threat")
    act(s, "return red threat")
    assert s.threats[0] == [0, 0, 0, 0, 1] and s.score[0] == 7 and s.threat_supply[PURPLE] == 8


def test_a_draw_in_phase_3_is_seen_at_once_and_a_pile_emptied_then_makes_the_next_round_the_last(game):
    s = actions_phase(game, hands={0: ["Scholar 1", "Noble 4"]})  # lightning: draw 1
    s.extra += s.sizes[0] - 1
    s.sizes[0] = 1
    hire(s, "Scholar 1")
    assert texts(s) == {"draw A red", "draw B blue"}
    act(s, "draw A red")
    head = s.chance[0]
    assert head[:3] == (codes.Q_CARD, 0, RED)
    outcome = s.chance_outcomes()[0][0]
    assert s.audience(outcome) == frozenset({0}) and s.public_text(outcome) == "P1 looks at their red card (just drawn)"
    s.apply(outcome)
    assert s.cards.colour[s.hands[0][-1]] == RED
    assert s.extra_used and s.last_next and not s.last_round  # reading: the next round is the last (RP, UB)


def test_with_end_second_a_pile_running_out_again_in_phase_3_makes_this_round_the_last(game):
    s = actions_phase(game, hands={0: ["Scholar 1", "Noble 4"]}, end="second")  # lightning: draw 1
    s.extra_used = True  # the extra pile came in earlier: A running out now is the second time
    s.sizes[0] = 1
    hire(s, "Scholar 1")
    act(s, "draw A red")
    assert s.last_round and not s.last_next  # RS L5, L219: the game ends at the end of this round


def test_a_canal_without_a_card_any_colour_for_less(game):
    s = actions_phase(game, hands={0: ["Craftsman 5", "Noble 4"]})  # lightning: a canal paying 2 less
    s.canals[0] = [2, 0]
    house(s, 0, RED)
    s.guilders[0] = 3
    act(s, "hire Craftsman 5 on red")  # 3 guilders: none left
    assert texts(s) == {"build canal right", "skip"}  # left space 3 costs 3 - 2 = 1; right space 1 costs 0
    act(s, "build canal right")
    assert s.canals[0] == [2, 1] and s.guilders[0] == 0


def test_a_house_from_the_hand_without_a_worker(game):
    s = actions_phase(game, hands={0: ["Craftsman 1", "Noble 4", "Noble 7", "Noble 12"]})  # lightning
    s.workers[0] = [0] * 5
    hire(s, "Craftsman 1")
    assert texts(s) == {"build house brown", "build house yellow", "skip"}
    act(s, "build house yellow")
    assert texts(s) == {"pick Noble 7", "pick Noble 12"}  # the face is chosen privately
    act(s, "pick Noble 12")
    assert card(s, "Noble 12") in s.houses[0] and s.workers[0] == [0] * 5


def test_income_per_house_and_per_canal(game):
    s = actions_phase(game, hands={0: ["Protector 14", "Noble 4"]})  # lightning: 2 guilders per house
    house(s, 0, YELLOW)
    hire(s, "Protector 14")  # two houses
    assert s.guilders[0] == 20 - 12 + 4
    s = actions_phase(game, hands={0: ["Noble 4"]})
    seat_person(s, 0, card(s, "Protector 13"))  # pay yellow: 1 guilder per canal token
    s.canals[0] = [2, 1]
    act(s, "activate Protector 13")
    assert s.guilders[0] == 8


def test_others_lose_guilders_points_or_workers(game):
    s = actions_phase(game, 3, hands={0: ["Underworld 14", "Noble 4"]})  # lightning: others lose 4 guilders
    s.guilders[1:] = [6, 3]
    hire(s, "Underworld 14")
    assert s.guilders[1:] == [2, 0]
    s = actions_phase(game, 2, hands={0: ["Noble 4"]})
    seat_person(s, 0, card(s, "Underworld 13"))  # pay brown: others lose 2 points
    s.score[1] = 1
    act(s, "activate Underworld 13")
    assert s.score == [5, 0]
    s = actions_phase(game, 2, hands={0: ["Noble 4"]})
    seat_person(s, 0, card(s, "Underworld 10"))  # pay red: others lose a red worker
    act(s, "activate Underworld 10")
    assert s.workers[1][RED] == 0 and s.worker_supply[RED] == 8 + 1 + 1


def test_a_person_is_not_activated_for_nothing(game):
    s = actions_phase(game, hands={0: ["Noble 4"]})
    seat_person(s, 0, card(s, "Church 3"))  # free: return a threat
    assert "activate Church 3" not in texts(s)
    threaten(s, 0, BLUE, 1)
    assert "activate Church 3" in texts(s)


# -- modifiers (infinity B) ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "person, play, check",
    [
        ("Entertainer 12", "workers Noble 3", lambda s: s.workers[0][BLUE] == 1 + 3),  # 1 more worker
        ("Entertainer 6", "workers Noble 2", lambda s: s.workers[0][YELLOW] == 1 + 3),  # with a yellow card
        ("Entertainer 6", "workers Noble 3", lambda s: s.workers[0][BLUE] == 1 + 2),  # not with a blue one
        ("Merchant 12", "guilders Noble 3", lambda s: s.guilders[0] == 5 + 3 + 2),  # 2 more guilders
        ("Church 12", "threat Noble 3", lambda s: s.score[0] == 5 + 1 + 2),  # 2 more points
        ("Protector 12", "canal left Noble 1", lambda s: s.guilders[0] == 5),  # space 1 for 1 - 2: free
        ("Craftsman 12", "house blue", lambda s: s.workers[0][BLUE] == 1),  # no worker
    ],
)
def test_action_modifiers(game, person, play, check):
    s = actions_phase(game, dice=(3, 3, 3, 3, 3), hands={0: ["Noble 3", "Noble 2", "Noble 1"]})
    threaten(s, 0, BLUE, 1)
    seat_person(s, 0, card(s, person))
    act(s, play)
    assert check(s)


def test_a_cheaper_person(game):
    s = actions_phase(game, hands={0: ["Noble 11"]})  # price 9
    seat_person(s, 0, card(s, "Castle 12"))  # persons cost 2 less
    house(s, 0, YELLOW)
    s.guilders[0] = 7
    act(s, "hire Noble 11 on yellow")
    assert s.guilders[0] == 0


def test_a_card_of_any_colour_builds_a_canal(game):
    s = actions_phase(game, hands={0: ["Noble 3"]})  # blue; guard house 1 starts red / purple
    assert not any(t.startswith("canal") for t in texts(s))
    seat_person(s, 0, card(s, "Artist 12"))  # any card builds on any colour
    assert {"canal left Noble 3", "canal right Noble 3"} <= texts(s)


def test_a_cheaper_reputation_step(game):
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, "Bureaucrat 12"))  # 2 less
    give(s, 0, "Noble 4")
    give(s, 1, "Noble 5")
    s.phase, s.turn = codes.P_DRAW, 2
    s.guilders = [1, 1]
    s.run()
    roll(s, 1, 2, 4, 4, 4)  # costs 3: P1 pays 1, P2 cannot pay
    assert "reputation pay 1" in texts(s)
    act(s, "reputation pay 1")
    assert s.reputation == [1, 0] and s.phase == codes.P_ACTIONS


# -- situations (infinity C) -------------------------------------------------------------------------------------------


def test_protection_from_a_disaster(game):
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, "Merchant 9"))  # the riot does nothing to you
    give(s, 0, "Noble 4")
    give(s, 1, "Noble 5")
    threaten(s, 0, YELLOW, 2)
    threaten(s, 1, YELLOW, 2)
    s.guilders = [9, 9]
    s.phase, s.turn = codes.P_DRAW, 2
    s.run()
    roll(s, 3, 6, 3, 3, 3)
    assert s.guilders == [9, 0] and s.threats[0][YELLOW] == 0 and s.threat_supply[YELLOW] == 9


def test_a_larger_hand(game):
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, "Scholar 9"))  # draw up to 6
    s.phase, s.turn = codes.P_DRAW, 0
    s.run()
    while s.phase == codes.P_DRAW:
        s.apply(s.chance_outcomes()[0][0] if s.current_player() < 0 else s.legal_actions()[0])
    assert [len(h) for h in s.hands] == [6, 5]


@pytest.mark.parametrize(
    "person, play, gained",
    [
        ("Artist 9", "hire Noble 8 on red", lambda s: s.guilders[0] == 20 - 6 + 2),  # another person: 2 guilders
        ("Craftsman 15", "canal left Noble 1", lambda s: s.score[0] == 5 + 2),  # a canal: 2 points
        ("Bureaucrat 15", "hire Bureaucrat 5 on red", lambda s: s.reputation[0] == 1 and s.score[0] == 5 + 2),
        ("Church 15", "threat Noble 1", lambda s: s.score[0] == 5 + 1 + 1),  # a threat returned: 1 point
        ("Underworld 15", "house red", lambda s: s.guilders[0] == 20 + 2),  # a house: 2 guilders
    ],
)
def test_triggers(game, person, play, gained):
    s = actions_phase(game, hands={0: ["Noble 8", "Noble 1", "Bureaucrat 5"]})  # Noble 1 and Bureaucrat 5: red
    seat_person(s, 0, card(s, person))
    threaten(s, 0, RED, 1)
    house(s, 0, RED)
    s.guilders[0] = 20
    act(s, play)
    if s.pending:
        act(s, "pick Noble 1")
    assert gained(s)


def test_triggers_at_the_start_of_a_round_and_on_a_majority(game):
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, "Protector 15"))  # each round: 2 guilders
    seat_person(s, 1, card(s, "Queen"))  # colouring a majority marker: 3 points
    s.reputation = [0, 2]
    s.turn = codes.PLAYS * 2
    s.run()
    assert s.markers[1][0] and s.score[1] == 8
    assert s.round == 2 and s.guilders[0] == 7


# -- end scoring (laurels) ----------------------------------------------------------------------------------------------


def laurel(game, name, **held):
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, name))
    for key, value in held.items():
        setattr(s, key, value)
    return rules.laurels(s, 0)


def test_the_engraver_scores_a_point_per_group_among_the_persons(game):
    s = actions_phase(game, run=False)
    for name in ("Engraver", "Artist 1", "Noble 1", "Merchant 1", "Merchant 2"):
        seat_person(s, 0, card(s, name))
    assert rules.laurels(s, 0) == [3]  # Artist, Noble, Merchant (YE: 1 point per group of persons)
    assert s.comp.persons[card(s, "Engraver")].price == 9


@pytest.mark.parametrize(
    "name, held, points",
    [
        ("Noble 11", {}, 1),  # 1 per person
        ("Craftsman 11", {}, 1),  # 1 per house
        ("Entertainer 11", {"workers": [[3, 0, 2, 0, 0], [1] * 5]}, 2),  # 1 per 2 workers
        ("Scholar 11", {"canals": [[3, 2], [0, 0]]}, 2),  # 1 per 2 canal tokens
        ("Bureaucrat 11", {"reputation": [7, 0]}, 3),  # 1 per 2 steps
        ("Merchant 11", {"guilders": [10, 5]}, 3),  # 1 per 3 guilders
        ("Castle 11", {"won": [[7, 5], []]}, 6),  # 3 per statue
        ("Protector 11", {"markers": [[True, False, True], [False] * 3]}, 4),  # 2 per coloured marker
        ("Noble 8", {}, 2),  # 2 per Noble (itself)
    ],
)
def test_laurel_points_per_something(game, name, held, points):
    assert laurel(game, name, **held) == [points]


def test_laurels_per_house_colour_and_per_person_colour(game):
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, "Church 11"))  # 2 per different house colour
    house(s, 0, YELLOW)
    house(s, 0, BLUE)
    colours = {s.cards.colour[x] for x in s.houses[0]}
    assert rules.laurels(s, 0) == [2 * len(colours)]
    s = actions_phase(game, run=False)
    seat_person(s, 0, card(s, "Underworld 11"))  # 2 per red person: itself
    seat_person(s, 0, card(s, "Noble 1"))  # red
    seat_person(s, 0, card(s, "Noble 2"))  # yellow
    assert rules.laurels(s, 0) == [4]


def test_every_effect_kind_of_the_vocabulary_is_exercised_here():
    """The tests above name a person for each of the 17 kinds (kept honest: a kind added to the
    vocabulary must get its worked example)."""
    from bgkit_bruges.abilities import PARAMS

    covered = {"guilders", "workers", "points", "reputation", "discard_threat", "draw", "canal", "house", "income",
               "others_lose", "action", "canal_colour", "reputation_cost", "trigger", "protect", "hand_limit", "score"}
    assert covered == set(PARAMS)
