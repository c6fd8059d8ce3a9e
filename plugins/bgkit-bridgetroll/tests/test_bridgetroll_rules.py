"""Worked examples of the rule summary, one rule or card at a time, played by the texts a person types.

Section names in the docstrings are the rule summary's (bridgetroll.rules.zh.txt). Seats have the
data's colours in order (P1 red, P2 green, P3 yellow, P4 purple), P1 starts unless said otherwise.
"""

from __future__ import annotations

import pytest

from bgkit.api import CHANCE, Deck
from bgkit_bridgetroll.codes import S_PICK

from bgkit_bridgetroll import scoring
from bridgetroll_scene import act, bids, card, colour, deal, hold, now, picked_round, strike, texts, to_scoring


# -- the row: weather and travellers (掷骰子) ----------------------------------------------------------


def test_example_2_partly_cloudy_lays_out_five_travellers_the_first_face_down(table):
    s = table(4)
    assert s.chance_label() == "P1 rolls the weather die"
    act(s, "weather partly cloudy")
    assert s.k == 5  # the 4-player schedule card
    labels = []
    for key in ("bard", "serf", "monk", "priest"):
        labels.append(s.chance_label())
        act(s, f"draw {key}")
    assert labels == [f"P1 turns up traveller {i} of 5 (the first lies face down)" for i in (2, 3, 4, 5)]
    assert len(s.row) == 4 and s.view(0)["face_down"] == "hidden"
    assert s.view(0)["unseen"] == s.deck.to_list() and s.deck.size == 53 - 4  # the face-down card is one of the unseen
    assert "Row: face down · Bard 5g/3f" in now_drawn(s)
    assert s.is_sealed()  # nobody holds a special: straight to the bids


def now_drawn(s, player=0):
    from bgkit.testing import drawn

    return " ".join(drawn(s, player).split())


def test_the_weather_die_has_its_faces_odds(table):
    s = table(3)
    odds = {s.action_text(o): p for o, p in s.chance_outcomes()}
    assert odds == pytest.approx({"weather sunny": 2 / 6, "weather partly cloudy": 2 / 6, "weather cloudy": 1 / 6,
                                  "weather rainy": 1 / 6})


def test_a_draw_is_a_chance_event_over_the_cards_not_seen(table):
    s = table(3)
    act(s, "weather rainy")  # 3 travellers
    odds = {s.action_text(o): p for o, p in s.chance_outcomes()}
    assert odds["draw bard"] == pytest.approx(3 / 53) and odds["draw princess"] == pytest.approx(1 / 53)


def test_the_game_ends_at_once_when_the_deck_cannot_supply_the_travellers(table):
    """掷骰子 c) ♦ and 游戏结束 1): no conversion of the cards still held."""
    s = table(4)
    s.deck = Deck.of([card(s, "bard")] * 4, s.t.cards)  # 4 cards left
    hold(s, 0, food=["monk"], toll=["bard"], vp=7, ups=[15])
    act(s, "weather partly cloudy")  # 5 travellers wanted, 4 left
    assert s.is_terminal()
    assert s.scores()[0] == 7 + 15 + 1  # the monk and bard beside the bridge score nothing
    assert scoring.sheet_values(s, 0) == {"vp_tokens": 7, "upgrades": [15], "stones": 6}


def test_a_deck_holding_exactly_the_travellers_wanted_plays_that_round(table):
    """The game ends only when the deck holds fewer than the round's travellers: with exactly as
    many the round is played in full, and the game ends at the next roll."""
    s = table(4)
    s.deck = Deck.of([card(s, "bard")] * 5, s.t.cards)
    act(s, "weather partly cloudy")  # 5 travellers wanted, 5 left
    assert not s.is_terminal() and s.round == 1
    act(s, "draw bard", "draw bard", "draw bard", "draw bard")
    assert s.deck.size == 1 and len(s.row) == 4  # and the face-down card, still undecided
    own = next(t for t in sorted(texts(s)) if t.startswith("bid 1 "))
    bids(s, own, "close", "close", "close")  # P1 alone is open: the row is picked
    while s.round == 1 and not s.is_terminal():
        options = sorted(texts(s))
        act(s, "end" if "end" in options else options[0])
    assert s.round == 2 and s.is_chance()
    act(s, "weather rainy")  # 3 wanted, none left
    assert s.is_terminal()


# -- bids and trophies (竞拍) --------------------------------------------------------------------------


def test_a_bid_is_stones_of_one_colour_or_close(table):
    s = table(4)
    hold(s, 0, stones={"red": 2, "green": 3})
    deal(s, "rainy", "bard", "serf")
    assert texts(s) == {"close", "bid 1 red", "bid 2 red", "bid 1 green", "bid 2 green", "bid 3 green"}


def test_a_jester_allows_a_mixed_bid_chosen_in_the_fist_and_is_then_played(table):
    """特别的旅行者卡片 小丑: bid with different colours, then play the Jester (to the food side). The
    colours are part of the sealed bid (竞拍 A: the stones are taken secretly into the hand before
    the reveal), so they are chosen before anyone's bid is seen."""
    s = table(4)
    hold(s, 0, hand=["jester"], stones={"red": 2, "green": 3})
    deal(s, "rainy", "bard", "serf")
    mixed = {t for t in texts(s) if "+" in t}
    assert len(mixed) == 2 * 3 and {"bid 1 red + 1 green", "bid 2 red + 3 green"} <= mixed
    assert "bid 2 red" in texts(s)  # one colour is an ordinary bid
    bids(s, "bid 1 red + 3 green", "close", "close", "close")
    assert s.bridge[0] == [1, 3, 0, 0, 0, 0] and s.stones[0] == [1, 0, 0, 0, 0, 0]
    assert s.hand[0] == [] and s.food[0] == [card(s, "jester")]
    assert s.stage == S_PICK and s.cur == 0  # nothing is left to choose after the reveal


def test_a_jester_holder_bidding_one_colour_keeps_the_jester(table):
    s = table(4)
    hold(s, 0, hand=["jester"], stones={"red": 2, "green": 3})
    deal(s, "rainy", "bard", "serf")
    bids(s, "bid 2 red", "close", "close", "close")
    assert s.bridge[0][colour(s, "red")] == 2 and s.hand[0] == [card(s, "jester")]


def test_a_mixed_bid_is_sealed_like_any_other(table):
    s = table(4)
    hold(s, 0, hand=["jester"], stones={"red": 2, "green": 3})
    deal(s, "rainy", "bard", "serf")
    action = s.parse_action("bid 1 red + 2 green")
    assert s.audience(action) == frozenset({0}) and s.public_text(action) == "P1 bids"
    s.apply(action)
    assert s.view(1)["bids"][0] == "sealed" and s.bridge[0] == [0] * 6 and s.hand[0] == [card(s, "jester")]


def test_bids_are_sealed_until_the_last_is_in(table):
    s = table(4)
    deal(s, "rainy", "bard", "serf")
    bid = s.parse_action("bid 3 red")
    assert s.audience(bid) == frozenset({0}) and s.public_text(bid) == "P1 bids"
    act(s, "bid 3 red")
    assert s.view(1)["bids"][0] == "sealed" and s.view(0)["bids"][0] == [11, 0, 3]  # (BID, red, 3)
    assert s.stones[0][0] == 6 and s.bridge[0] == [0] * 6  # nothing moves before the reveal
    assert "sealed" in now_drawn(s, 1) and "bid 3 red" not in now_drawn(s, 1) and "bid 3 red" in now_drawn(s, 0)
    act(s, "close", "bid 2 yellow", "close")
    assert not s.is_sealed() and s.bridge[0][0] == 3 and s.bridge[2][2] == 2


def test_trophies_by_bid_ties_by_fewer_stones_left_then_clockwise_from_the_start_player(table):
    """竞拍 B: highest first; equal bids, fewer stones left first, then clockwise from the start player."""
    s = table(4, start=3)
    hold(s, 0, stones={"red": 4})
    hold(s, 1, stones={"green": 9})
    hold(s, 2, stones={"yellow": 6})
    hold(s, 3, stones={"purple": 6})
    deal(s, "sunny", "serf", "serf", "monk", "monk", "pilgrim")
    bids(s, "bid 2 yellow", "bid 2 purple", "bid 2 red", "bid 3 green")  # from the start player, P3
    # P2 bid most; P1 has 2 left, P3 and P4 4 each: P3 before P4 (clockwise from P3, the start player)
    assert s.order == [1, 0, 2, 3]
    assert s.vp == [5, 6, 5, 5]  # the 1st trophy takes the point on it


def test_a_closed_bridge_picks_nothing_and_the_open_ones_pick_in_trophy_order_until_the_row_is_empty(table):
    s = table(4)
    deal(s, "partly cloudy", "serf", "monk", "pilgrim", "peddler")
    bids(s, "bid 3 red", "close", "bid 1 yellow", "close")
    pickers = []
    while s.row or s.fd != -1:
        pickers.append(s.current_player())
        assert not any(t in ("pass", "end", "ready") for t in texts(s))  # 不能 PASS
        act(s, sorted(t for t in texts(s) if t.startswith("eat") or t == "take face-down")[0])
        if s.is_chance():
            act(s, "reveal serf", "eat serf")
    assert pickers == [0, 2, 0, 2, 0]  # 1st, 2nd, then 1st again (例子三)


# -- rule summary example 3: a whole bidding and picking round ---------------------------------------


def test_example_3(table):
    """Purple closes; red bids most and takes the Princess (food side); green and yellow tie and
    green, with fewer stones left, picks second (the Woodcutter); yellow takes the Bard to the toll
    side after a Jester bid; red takes the face-down Peddler; green must take the last card, a
    Bandit, which steals his Pawnbroker (his best toll): he has too few stones to defend. The
    closed purple bridge then takes 2 stones per open bridge: 6."""
    s = table(4)
    hold(s, 0, stones={"red": 6})
    hold(s, 1, toll=["pawnbroker"], stones={"green": 6})
    hold(s, 2, hand=["jester"], stones={"yellow": 6, "green": 2})
    hold(s, 3, stones={"purple": 6})
    deal(s, "partly cloudy", "princess", "woodcutter", "bard", "bandit")
    bids(s, "bid 4 red", "bid 2 green", "bid 1 green + 1 yellow", "close")
    assert s.food[2] == [card(s, "jester")]  # played: to the food side
    assert s.order == [0, 1, 2]  # green 4 stones left, yellow 6
    assert "take princess" in texts(s) and "rob princess" not in texts(s)  # a royal goes to the food side
    act(s, "take princess", "rob woodcutter", "rob bard", "take face-down")
    assert s.is_chance() and s.chance_label() == "the face-down traveller, turned up as P1 takes it"
    act(s, "reveal peddler")
    assert texts(s) == {"eat peddler", "rob peddler"}  # kept, placed at once
    act(s, "rob peddler")
    act(s, "take bandit")
    assert texts(s) == {"lose toll pawnbroker"}  # no Garlic, 4 stones are too few for the 5 gold
    act(s, "lose toll pawnbroker")
    assert s.toll[1] == [card(s, "woodcutter")] and s.discard[card(s, "pawnbroker")] == 1
    assert s.discard[card(s, "bandit")] == 1
    assert s.food[0] == [card(s, "princess")] and s.toll[0] == [card(s, "peddler")] and s.toll[2] == [card(s, "bard")]
    # the bid stones, from the last trophy up: yellow, green, then red takes the last pile
    assert s.current_player() == 2 and texts(s) == {"stones of P1", "stones of P2", "stones of P3"}
    act(s, "stones of P1", "stones of P3")
    assert s.stones[0][colour(s, "green")] == 2  # red was left the green pile
    assert s.current_player() == 3 and "takes 6 more stones" in now(s)
    act(s, "take red", "take red", "take red", "take green", "take green", "take green")
    assert sum(s.stones[3]) == 12 and s.stones[3][colour(s, "red")] == 3


# -- picks: sides, specials, the face-down card (获得旅行者卡片) ----------------------------------------


def test_a_normal_traveller_is_eaten_or_robbed_never_both(table):
    s = table(3)
    deal(s, "rainy", "bard", "monk")
    bids(s, "bid 1 red", "close", "close")
    assert {"eat bard", "rob bard", "eat monk", "rob monk", "take face-down"} == texts(s)
    act(s, "eat bard")
    assert s.food[0] == [card(s, "bard")] and s.toll[0] == []


def test_specials_go_into_the_hand(table):
    s = table(3)
    deal(s, "rainy", "miner", "monk")
    bids(s, "bid 1 red", "close", "close")
    act(s, "take miner")
    assert s.hand[0] == [card(s, "miner")]


def test_a_hazard_with_nothing_to_take_is_just_discarded(table):
    s = table(3)
    deal(s, "rainy", "knight", "monk")
    bids(s, "bid 1 red", "close", "close")
    act(s, "take knight")
    assert s.discard[card(s, "knight")] == 1 and not s.pending


# -- hazards and defence (例子四, 例子五) --------------------------------------------------------------


def test_example_5_the_knight_frees_the_best_captive_or_five_stones_drive_him_off(table):
    s = table(3)
    strike(s, "knight", food=["princess", "bard"], stones={"red": 4, "green": 2, "yellow": 1})  # 1 red bid
    assert texts(s) == {"lose food princess", "defend"}  # the princess (food 5), not the bard (3)
    pool = sum(s.pool)
    act(s, "defend")  # 5 of the 6 stones: red, red come first in colour order, then a choice
    assert "pays 3 more stones" in now(s) and texts(s) == {"pay red", "pay green"}
    act(s, "pay green")  # then green and yellow: the red stone is kept
    assert s.stones[0] == [1, 0, 0, 0, 0, 0] and s.food[0] == [card(s, "princess"), card(s, "bard")]
    assert s.discard[card(s, "knight")] == 1 and sum(s.pool) == pool + 5
    s2 = table(3)
    strike(s2, "knight", food=["princess", "bard"], stones={"red": 2})
    act(s2, "lose food princess")
    assert s2.food[0] == [card(s2, "bard")] and s2.discard[card(s2, "princess")] == 1


def test_example_5_the_bandit_steals_the_best_toll_six_stones_keep_the_priest(table):
    s = table(3)
    strike(s, "bandit", toll=["priest", "bard"], food=["princess"], stones={"red": 8})
    assert texts(s) == {"lose toll priest", "defend"}
    pool = sum(s.pool)
    act(s, "defend")  # one colour left: every stone is forced
    assert s.stones[0][0] == 1 and sum(s.pool) == pool + 6 and s.toll[0] == [card(s, "priest"), card(s, "bard")]


def test_example_5_the_dragon_takes_the_best_card_of_either_side(table):
    """The priest robbed for 6 gold is worth more than the princess eaten for 5 food."""
    s = table(3)
    strike(s, "red_dragon", toll=["priest"], food=["princess"], stones={"red": 2})
    assert texts(s) == {"lose toll priest"}
    s = table(3)
    strike(s, "red_dragon", toll=["pawnbroker"], food=["princess"], stones={"red": 2})
    assert texts(s) == {"lose toll pawnbroker", "lose food princess"}  # 5 and 5: the owner chooses


def test_equal_cards_the_owner_chooses(table):
    s = table(3)
    strike(s, "knight", food=["monk", "monk", "serf"])  # monk 4, monk 4, serf 3
    assert texts(s) == {"lose food monk", "defend"}
    s = table(3)
    strike(s, "knight", food=["monk", "duke"], stones={"red": 1})  # both food 4
    assert texts(s) == {"lose food monk", "lose food duke"}


def test_the_garlic_merchant_cancels_knight_bandit_and_dragon(table):
    for hazard, holding in (("knight", {"food": ["princess"]}), ("bandit", {"toll": ["priest"]}),
                            ("red_dragon", {"toll": ["priest"]})):
        s = table(3)
        strike(s, hazard, hand=["garlic_merchant"], **holding)
        assert "garlic" in texts(s)
        act(s, "garlic")
        assert s.hand[0] == [] and s.discard[card(s, "garlic_merchant")] == 1 and s.discard[card(s, hazard)] == 1
        assert s.food[0] + s.toll[0] == [card(s, k) for k in holding.get("food", []) + holding.get("toll", [])]


def test_the_garlic_merchant_does_not_work_against_the_billy_goat(table):
    s = table(3)
    strike(s, "goat_small", hand=["garlic_merchant"], stones={"red": 1})
    assert texts(s) == {"yield"}


# -- the Billy Goat (例子五 比利山羊) -------------------------------------------------------------------


def test_the_goat_is_beaten_with_stones_all_of_different_colours(table):
    s = table(3)
    strike(s, "goat_middle", stones={"red": 3, "green": 1, "yellow": 1, "purple": 1})  # 3 stones needed
    assert texts(s) == {"fight", "yield"}
    act(s, "fight")
    assert texts(s) == {"throw red", "throw green"}  # colours in order: yellow would leave only purple
    pool, vp = sum(s.pool), s.vp[0]
    act(s, "throw red", "throw yellow")  # then purple, the only colour left
    assert s.stones[0] == [1, 1, 0, 0, 0, 0] and sum(s.pool) == pool + 3
    assert s.vp[0] == vp + 2 and s.discard[card(s, "goat_middle")] == 1


def test_too_few_colours_cannot_fight_the_goat(table):
    s = table(3)
    strike(s, "goat_middle", stones={"red": 9, "green": 1})
    assert texts(s) == {"yield"}


def test_a_goat_not_beaten_damages_the_bridge_and_goes_back_into_the_deck(table):
    s = table(3)
    strike(s, "goat_big", vp=5)
    size = s.deck.size
    act(s, "yield")
    assert s.vp[0] == 5 + 1 - 3  # the 1st trophy's point, then 3 damage
    assert s.deck.size == size + 1 and s.deck.counts[card(s, "goat_big")] == 1  # shuffled back in


def test_goat_damage_without_points_turns_an_upgrade_back_into_points(table):
    """"如果你所有的胜利点数都投放在桥梁升级上，则你需要把 1 张桥梁升级卡换回胜利点数来支付"."""
    s = table(3)
    strike(s, "goat_big", vp=0, ups=[15, 14])
    s.vp[0] = 0  # the trophy's point spent elsewhere
    act(s, "yield")
    assert texts(s) == {"sell upgrade 14", "sell upgrade 15"}
    act(s, "sell upgrade 14")
    assert s.ups[0] == [15] and s.vp[0] == 14 - 3 and s.broken == [14]
    s = table(3)
    strike(s, "goat_big", vp=0)
    s.vp[0] = 1
    act(s, "yield")
    assert s.vp[0] == 0  # nothing more to lose


def test_goat_damage_paid_exactly_from_points_keeps_every_upgrade(table):
    """Points enough for the damage, to the last one, pay it: no upgrade card is sold."""
    s = table(3)
    strike(s, "goat_big", vp=0, ups=[15, 14])
    s.vp[0] = 3  # exactly the big goat's 3 damage
    act(s, "yield")
    assert s.vp[0] == 0 and s.ups[0] == [15, 14] and s.broken == []
    assert "sell upgrade 14" not in texts(s)


# -- stones after the picks (获取石头标记) -------------------------------------------------------------


def test_open_bridges_take_a_bridges_stones_from_the_last_trophy_up_their_own_too(table):
    s = table(4)
    picked_round(s, ["bid 3 red", "bid 1 green", "bid 2 yellow", "close"], weather="partly cloudy",
                 row=("serf", "monk", "pilgrim", "peddler"))
    assert s.order == [0, 2, 1]
    assert s.current_player() == 1 and texts(s) == {"stones of P1", "stones of P2", "stones of P3"}
    act(s, "stones of P2", "stones of P1")  # green takes its own; yellow red's; red is left yellow's
    assert s.stones[1][colour(s, "green")] == 6 and s.stones[2][colour(s, "red")] == 3
    assert s.stones[0][colour(s, "yellow")] == 2


def test_example_6_closed_bridges_take_two_stones_per_open_bridge_in_any_colours(table):
    s = table(4)
    picked_round(s, ["bid 3 red", "close", "bid 1 yellow", "close"], weather="partly cloudy",
                 row=("serf", "monk", "pilgrim", "peddler"))
    act(s, "stones of P1")  # yellow, last trophy, first
    assert s.current_player() == 1 and "takes 4 more stones" in now(s)  # green: 2 open bridges x 2
    act(s, "take red", "take yellow", "take yellow", "take purple")
    assert s.current_player() == 3
    act(s, "take green", "take green", "take green", "take purple")
    assert sum(s.stones[1]) == 10 and sum(s.stones[3]) == 10


def test_an_empty_pool_gives_from_the_richest_player_and_nothing_to_the_richest(table):
    """停业的玩家获取石头标记 b)."""
    s = table(4)
    hold(s, 0, stones={"red": 9})
    hold(s, 2, stones={"yellow": 9})
    hold(s, 3, stones={"purple": 1})
    picked_round(s, ["bid 1 red", "close", "bid 1 yellow", "close"], weather="partly cloudy",
                 row=("serf", "monk", "pilgrim", "peddler"))
    s.pool = [0, 1, 0, 0, 0, 0]
    act(s, "stones of P3")  # P1 and P3 take their own piles back: 9 stones each
    assert s.current_player() == 1  # green takes the pool's last stone, then from the richest
    assert texts(s) == {"take red from P1", "take yellow from P3"}  # the receiver chooses among them
    act(s, "take red from P1")  # then P3 is the richest alone (9): taken from them without a choice
    assert [sum(st) for st in s.stones] == [8, 9, 8, 1]  # green holds the most now: its 4th stone is not taken
    assert s.current_player() == 3 and texts(s) == {"take green from P2", "take red from P2", "take yellow from P2"}


def test_a_receiver_holding_the_most_gets_nothing_more(table):
    s = table(4)
    hold(s, 1, stones={"green": 20})
    picked_round(s, ["bid 1 red", "close", "bid 1 yellow", "close"], weather="partly cloudy",
                 row=("serf", "monk", "pilgrim", "peddler"))
    s.pool = [0] * 6
    act(s, "stones of P3")
    # green, the richest, was given nothing (and not asked); purple took its 4 from green, the only
    # colour the richest holds, so without a choice
    assert [sum(st) for st in s.stones] == [6, 16, 6, 10] and s.stones[3][colour(s, "green")] == 4


def test_every_bridge_closed_three_stones_each_a_new_row_and_bids_again(table):
    """停业的玩家获取石头标记 c)."""
    s = table(3)
    deal(s, "rainy", "serf", "monk")
    bids(s, "close", "close", "close")
    assert s.current_player() == 0 and "takes 3 more stones" in now(s)
    act(s, "take red", "take red", "take red")
    assert s.current_player() == 1
    act(s, "take purple")  # colours are taken in colour order: after purple, only purple is left to take
    assert s.current_player() == 2 and s.stones[1][colour(s, "purple")] == 3
    act(s, "take green", "take yellow", "take yellow")
    assert s.is_chance() and s.chance_label() == "the face-down traveller, turned up as the row is discarded"
    act(s, "reveal bard")
    assert [s.discard[card(s, k)] for k in ("serf", "monk", "bard")] == [1, 1, 1]
    assert s.k == 3 and s.chance_label() == "P1 turns up traveller 2 of 3 (the first lies face down)"  # no new roll
    act(s, "draw priest", "draw pilgrim")
    assert s.is_sealed() and s.round == 1
    assert [sum(st) for st in s.stones] == [9, 9, 9]


def test_an_all_closed_redraw_the_deck_cannot_supply_ends_the_game(table):
    s = table(3)
    deal(s, "rainy", "serf", "monk")
    s.deck = Deck.of([card(s, "bard")] * 3, s.t.cards)  # the face-down card and 2 more
    bids(s, "close", "close", "close")
    while not s.is_chance():
        act(s, sorted(texts(s))[0])
    act(s, "reveal bard")  # 2 left, 3 wanted
    assert s.is_terminal()


# -- scoring and upgrades (得分/升级) -----------------------------------------------------------------


def test_example_scoring_the_smaller_side_counts(table):
    """得分/升级 例如: food 3 + 4 and gold 2 + 4: all four cards 6 points, or 3 food + 2 gold 2 points,
    or 4 food + 4 gold 4 points."""
    for spent, points in ((["food serf", "food monk", "toll peasant_woman", "toll merchant"], 6),
                          (["food serf", "toll peasant_woman"], 2), (["food monk", "toll merchant"], 4)):
        s = table(3)
        to_scoring(s, 0, ["bid 1 red", "close", "close"], food=["serf", "monk"], toll=["peasant_woman", "merchant"], vp=0)
        act(s, *(f"spend {x}" for x in spent), "convert")
        assert s.vp[0] == points
        left = 4 - len(spent)
        assert len(s.food[0]) + len(s.toll[0]) == left


def test_example_7_a_closed_bridge_adds_stones_two_for_one_to_the_smaller_side(table):
    """Green, closed: 3 gold and 4 food; 2 stones lift the gold to 4: 4 points; more cannot help."""
    s = table(3)
    to_scoring(s, 1, ["bid 1 red", "close", "close"], food=["monk"], toll=["peddler"], vp=0,
               stones={"green": 6})
    act(s, "spend food monk", "spend toll peddler")
    assert texts(s) >= {"boost green", "convert"}
    act(s, "boost green", "boost green")
    assert "boost green" not in texts(s)  # the gold side is level with the food side
    pool = sum(s.pool)
    act(s, "convert")
    assert s.vp[1] == 4 and s.stones[1][colour(s, "green")] == 4 and sum(s.pool) == pool + 2


def test_an_open_bridge_may_not_add_stones(table):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=["monk"], toll=["peddler"], vp=0)
    act(s, "spend food monk", "spend toll peddler")
    assert not any(t.startswith("boost") for t in texts(s))


def test_a_bonus_card_gives_its_points_when_spent(table):
    """例子四 额外奖励: the Woodcutter's "+1" when it is discarded (spent)."""
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=["woodcutter"], toll=["peddler"], vp=0)
    act(s, "spend food woodcutter", "spend toll peddler", "convert")
    assert s.vp[0] == 2 + 1


def test_one_upgrade_a_round_only_the_top_card_at_its_cost(table):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], vp=40)
    assert s.pile[0] == 15 and "buy upgrade 15" in texts(s)
    act(s, "buy upgrade 15")
    assert s.vp[0] == 25 and s.ups[0] == [15] and s.pile[0] == 14
    assert not any(t.startswith("buy") for t in texts(s))  # one a round
    assert s.scores()[0] == 25 + 15 + 1  # an upgrade scores its value + 1


def test_too_few_points_buy_nothing_and_cards_can_pay_through_a_conversion(table):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=["monk", "monk"], toll=["bard", "bard"], vp=7)
    assert not any(t.startswith("buy") for t in texts(s))
    act(s, "spend food monk", "spend food monk", "spend toll bard", "spend toll bard", "convert")
    assert s.vp[0] == 15 and "buy upgrade 15" in texts(s)


def test_six_players_start_the_pile_at_13(table):
    assert table(6).pile[0] == 13 and 14 not in table(6).pile


def test_the_royal_messenger_ransoms_a_royal_to_the_toll_side(table):
    """皇家信使和赎金: one royal from the food side to the toll side; the Messenger to the food side."""
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=["princess", "monk"], hand=["royal_messenger"], vp=0)
    act(s, "messenger princess")
    assert s.toll[0] == [card(s, "princess")] and s.food[0] == [card(s, "monk"), card(s, "royal_messenger")]
    act(s, "spend food monk", "spend toll princess", "convert")
    assert s.vp[0] == 4  # ransom 10, food 4: the smaller side


def test_a_special_may_be_eaten_without_its_power(table):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], toll=["merchant"], hand=["miner"], vp=0)
    act(s, "eat miner", "spend food miner", "spend toll merchant", "convert")
    assert s.vp[0] == 3 and s.hand[0] == []


def test_the_miner_digs_three_stones_of_any_colours_from_the_pool(table):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], hand=["miner"])
    before = sum(s.stones[0])
    act(s, "miner", "take red", "take red", "take yellow")
    assert sum(s.stones[0]) == before + 3 and s.food[0] == [card(s, "miner")]


def test_the_miner_may_dig_before_the_bids_and_the_stones_can_then_be_bid(table):
    """矿工 "马上从公共资源中拿去 3 个任意颜色的石头" (specials 随时使用: here before the bids)."""
    s = table(3)
    hold(s, 1, hand=["miner"], stones={"green": 1})
    deal(s, "rainy", "serf", "monk")
    assert s.current_player() == 1 and texts(s) == {"miner", "ready"}
    act(s, "miner", "take yellow", "take yellow", "take yellow")
    assert s.stones[1][colour(s, "yellow")] == 3 and s.food[1] == [card(s, "miner")]
    assert s.is_sealed() and s.current_player() == 0
    act(s, "close")
    assert "bid 3 yellow" in texts(s)  # P2's bid may use the dug stones


def test_the_miner_takes_what_is_left_when_the_pool_holds_fewer_than_three(table):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], hand=["miner"])
    s.pool = [0, 0, 2, 0, 0, 0]
    before = sum(s.stones[0])
    act(s, "miner")  # both yellow stones, without a choice
    assert sum(s.stones[0]) == before + 2 and s.pool == [0] * 6
    assert "miner" not in texts(s)


def test_the_die_passes_left(table):
    s = table(3, start=3)
    to_scoring(s, 2, ["bid 1 yellow", "close", "close"])
    act(s, "end", "end", "end")
    assert s.start == 0 and s.round == 2 and s.chance_label() == "P1 rolls the weather die"


# -- the Fortune Teller (占卜者) ------------------------------------------------------------------------


def test_the_fortune_teller_peeks_before_the_bids_and_only_its_owner_sees(table):
    s = table(3)
    hold(s, 1, hand=["fortune_teller"])
    deal(s, "rainy", "serf", "monk")
    assert s.current_player() == 1 and texts(s) == {"peek", "ready"}
    act(s, "peek")
    assert s.is_chance() and s.chance_label() == "P2 looks at the face-down traveller (Fortune Teller)"
    see = s.parse_action("see princess")
    assert s.audience(see) == frozenset({1}) and s.public_text(see) == "P2 looks at the face-down traveller"
    others = s.view(0)
    act(s, "see princess")
    assert s.view(1)["face_down"] == "princess" and s.view(0)["face_down"] == "hidden"
    assert s.view(0)["unseen"] == others["unseen"]  # to the others nothing changed
    assert "face down: Princess" in now_drawn(s, 1) and "Princess" not in now_drawn(s, 0)
    assert s.food[1] == [card(s, "fortune_teller")]  # used: to the food side
    assert s.is_sealed()


def test_a_peek_after_the_bids_when_picking(table):
    s = table(3)
    hold(s, 0, hand=["fortune_teller"])
    deal(s, "rainy", "serf", "monk")
    act(s, "ready")
    bids(s, "bid 1 red", "close", "close")
    assert "peek" in texts(s)
    act(s, "peek", "see bard")
    act(s, "take face-down")  # already seen: turned up without a draw
    assert not s.is_chance() and texts(s) == {"eat bard", "rob bard"}


def test_determinising_redeals_the_face_down_card_only_for_those_who_did_not_see_it(table):
    import random

    s = table(3)
    hold(s, 1, hand=["fortune_teller"])
    deal(s, "rainy", "serf", "monk")
    act(s, "peek", "see princess")
    rng = random.Random(1)
    assert {s.determinize(1, rng).fd for _ in range(20)} == {card(s, "princess")}
    assert len({s.determinize(0, rng).fd for _ in range(40)}) > 3


def test_determinising_redeals_sealed_bids_from_what_each_could_bid(table):
    import random

    s = table(3)
    deal(s, "rainy", "serf", "monk")
    act(s, "bid 4 red", "bid 2 green")
    rng = random.Random(3)
    seen = {s.determinize(2, rng).bids[0] for _ in range(60)}
    assert len(seen) > 3 and all(b[0] == 10 or b[1] == 0 for b in seen)  # close, or red (all P1 holds)
    assert s.determinize(0, rng).bids[0] == s.bids[0]  # one's own bid is known


def test_chance_turns_up_the_face_down_card_for_everyone_when_taken(table):
    s = table(3)
    deal(s, "rainy", "serf", "monk")
    bids(s, "bid 1 red", "close", "close")
    act(s, "take face-down")
    assert s.current_player() == CHANCE and s.audience(s.chance_outcomes()[0][0]) is None
