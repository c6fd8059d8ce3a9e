"""Every traveller of the shipped box, one card at a time: where it goes when picked and what it is
worth when spent (rule summary 例子四 and 特别的旅行者卡片, 皇家信使和赎金, 比利山羊 of 例子五).

The values below are the shipped data's (`components.toml`; most are reconstructed, see the README);
the first test holds them to the data, so each card is played with the numbers the box file gives.
The powers of the specials and the knight, bandit and dragon are worked through in
test_bridgetroll_rules.py; here each card is checked for the part of its text that is its own.
"""

from __future__ import annotations

import pytest

from bridgetroll_scene import act, bids, card, deal, strike, texts, to_scoring

NORMAL = {  # key: (toll, food, bonus)
    "bard": (5, 3, 0), "priest": (6, 2, 0), "monk": (1, 4, 0), "merchant": (4, 2, 0), "peddler": (3, 2, 0),
    "serf": (1, 3, 0), "pilgrim": (2, 3, 0), "pawnbroker": (5, 1, 0), "woodcutter": (2, 2, 1),
    "peasant_woman": (2, 2, 0),
}
ROYAL = {"princess": (5, 10), "duke": (4, 8), "baron": (3, 6)}  # key: (food, ransom)
SPECIAL = {"fortune_teller": 2, "garlic_merchant": 2, "jester": 2, "miner": 3, "royal_messenger": 1}  # key: food
HAZARD = {"knight": "knight", "bandit": "bandit", "red_dragon": "dragon"}
GOAT = {"goat_small": (2, 1, 1), "goat_middle": (3, 2, 2), "goat_big": (4, 3, 3)}  # key: (stones, reward, damage)
COLOURS = ("red", "green", "yellow", "purple")  # the colours in play at 3 players (seat order, then the pool's)


def test_the_tables_here_are_the_shipped_box_and_name_every_card(game):
    box = {t.key: t for t in game.components.travellers}
    assert set(box) == set(NORMAL) | set(ROYAL) | set(SPECIAL) | set(HAZARD) | set(GOAT)
    assert {k: (box[k].toll, box[k].food, box[k].bonus) for k in NORMAL} == NORMAL
    assert {k: (box[k].food, box[k].ransom) for k in ROYAL} == ROYAL
    assert {k: box[k].food for k in SPECIAL} == SPECIAL
    assert {k: box[k].effect for k in HAZARD} == HAZARD
    assert {k: (box[k].stones, box[k].reward, box[k].damage) for k in GOAT} == GOAT
    assert all(box[k].kind == "normal" for k in NORMAL) and all(box[k].kind == "royal" for k in ROYAL)


def picked_by_p1(table, key):
    """3 players, P1 alone open, ``key`` face up in the row beside a Monk."""
    s = table(3)
    deal(s, "rainy", key, "monk")
    bids(s, "bid 1 red", "close", "close")
    return s


@pytest.mark.parametrize("key", sorted(NORMAL))
def test_a_normal_traveller_is_eaten_or_robbed_at_once(table, key):
    s = picked_by_p1(table, key)
    assert {f"eat {key}", f"rob {key}"} <= texts(s) and f"take {key}" not in texts(s)
    act(s, f"rob {key}")
    assert card(s, key) in s.toll[0] and card(s, key) not in s.food[0]
    s = picked_by_p1(table, key)
    act(s, f"eat {key}")
    assert card(s, key) in s.food[0] and card(s, key) not in s.toll[0]


@pytest.mark.parametrize("key", sorted(NORMAL))
def test_a_normal_traveller_robbed_is_worth_its_toll_and_eaten_its_food_plus_its_bonus(table, key):
    toll, food, bonus = NORMAL[key]
    s = table(3)  # robbed, against 9 food (more than any toll)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], toll=[key], food=["princess", "monk"], vp=0)
    act(s, f"spend toll {key}", "spend food princess", "spend food monk", "convert")
    assert s.vp[0] == toll + bonus
    s = table(3)  # eaten, against 11 gold (more than any food)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=[key], toll=["priest", "bard"], vp=0)
    act(s, f"spend food {key}", "spend toll priest", "spend toll bard", "convert")
    assert s.vp[0] == food + bonus


@pytest.mark.parametrize("key", sorted(ROYAL))
def test_a_royal_goes_to_the_food_side_and_is_eaten_for_its_food(table, key):
    s = picked_by_p1(table, key)
    assert f"take {key}" in texts(s) and f"rob {key}" not in texts(s) and f"eat {key}" not in texts(s)
    act(s, f"take {key}")
    assert s.food[0] == [card(s, key)]
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=[key], toll=["priest", "bard"], vp=0)
    act(s, f"spend food {key}", "spend toll priest", "spend toll bard", "convert")
    assert s.vp[0] == ROYAL[key][0]


@pytest.mark.parametrize("key", sorted(ROYAL))
def test_a_royal_sent_a_royal_messenger_is_worth_its_ransom_on_the_toll_side(table, key):
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], food=[key, "monk", "monk", "serf"],
               hand=["royal_messenger"], vp=0)
    act(s, f"messenger {key}")
    assert s.toll[0] == [card(s, key)] and card(s, "royal_messenger") in s.food[0]
    act(s, f"spend toll {key}", "spend food monk", "spend food monk", "spend food serf", "convert")
    assert s.vp[0] == ROYAL[key][1]  # 11 food against the ransom


@pytest.mark.parametrize("key", sorted(SPECIAL))
def test_a_special_goes_into_the_hand_and_can_be_eaten_without_its_power(table, key):
    s = picked_by_p1(table, key)
    assert f"take {key}" in texts(s) and f"rob {key}" not in texts(s)
    act(s, f"take {key}")
    assert s.hand[0] == [card(s, key)] and s.food[0] == s.toll[0] == []
    s = table(3)
    to_scoring(s, 0, ["bid 1 red", "close", "close"], hand=[key], toll=["priest"], food=[], vp=0)
    act(s, f"eat {key}")
    assert s.hand[0] == [] and s.food[0] == [card(s, key)]
    act(s, f"spend food {key}", "spend toll priest", "convert")
    assert s.vp[0] == SPECIAL[key]


@pytest.mark.parametrize("key, taken", [("knight", "lose food princess"), ("bandit", "lose toll priest"),
                                        ("red_dragon", "lose toll priest")])
def test_each_hazard_takes_the_best_card_of_its_kind_and_is_discarded_with_it(table, key, taken):
    s = table(3)
    strike(s, key, food=["princess", "serf"], toll=["priest", "bard"], stones={"red": 1})
    assert texts(s) == {taken}  # one red stone left: too few to defend
    act(s, taken)
    lost = taken.split()[-1]
    assert s.discard[card(s, key)] == 1 and s.discard[card(s, lost)] == 1
    assert card(s, lost) not in s.food[0] + s.toll[0] and len(s.food[0] + s.toll[0]) == 3


@pytest.mark.parametrize("key", sorted(GOAT))
def test_each_billy_goat_beaten_by_its_number_of_colours_gives_its_points(table, key):
    need, reward, _ = GOAT[key]
    s = table(3)
    strike(s, key, stones={c: 2 if c == "red" else 1 for c in COLOURS[:need]}, vp=5)  # red: 1 bid, 1 left
    assert texts(s) == {"fight", "yield"}
    vp, held = s.vp[0], sum(s.stones[0])
    act(s, "fight")
    while any(t.startswith("throw") for t in texts(s)):
        act(s, sorted(texts(s))[0])
    assert s.vp[0] == vp + reward and sum(s.stones[0]) == held - need
    assert s.discard[card(s, key)] == 1 and s.deck.counts[card(s, key)] == 0


@pytest.mark.parametrize("key", sorted(GOAT))
def test_each_billy_goat_not_beaten_does_its_damage_and_goes_back_into_the_deck(table, key):
    need, _, damage = GOAT[key]
    s = table(3)
    strike(s, key, stones={c: 2 if c == "red" else 1 for c in COLOURS[:need - 1]}, vp=5)  # a colour short
    assert texts(s) == {"yield"}
    size = s.deck.size
    act(s, "yield")
    assert s.vp[0] == 5 + 1 - damage  # the 1st trophy's point, then the damage
    assert s.deck.size == size + 1 and s.deck.counts[card(s, key)] == 1 and s.discard[card(s, key)] == 0
