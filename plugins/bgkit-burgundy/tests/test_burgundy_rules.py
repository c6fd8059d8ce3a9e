"""Rule tests: every tile effect, every knowledge tile, placement, dice, workers, selling, depots.

Board 1 (burgundy.md 6.3), spaces by id: 19 = start castle (centre); its neighbours 12 B3, 13 K1,
18 S2, 20 S5, 25 M4, 26 B3. Ships S1 = 16,17,18 (6,1,2), S2 = 20,21,22 (5,4,1); pasture
A1 = 1,5,6,10,11 (6,2,1,5,4), A2 = 28; cities 9,14,15 / 12 / 23,24,29 / 26,27,32,33,37.
"""

from __future__ import annotations

import pytest

from bgkit.api import CHANCE
from bgkit_burgundy import codes
from bgkit_burgundy import estate as _estate, rules as _rules


from burgundy_scene import K, act, put, ready, texts


# -- placement ------------------------------------------------------------------------------------


def test_placement_needs_colour_die_and_a_neighbour(burgundy, table):
    s = table(2)
    ready(burgundy, s, storage=["ship"], left=[5, 1])
    legal = texts(s)
    assert "place 20:ship@5" in legal  # S5 next to the castle
    assert "place 22:ship@1" not in legal  # S1 but not next to a placed tile
    assert not any(t.startswith("place 18:") for t in legal)  # S2 next to the castle, but no die 2 and no worker


def test_workers_change_a_die_with_wrap(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=[], left=[6, 6], workers=1)
    s.depots[0] = [K(burgundy, "ship")]
    assert "take 1:ship@6" in texts(s)  # 6 -> 1 costs one worker
    act(s, "take 1:ship@6")
    assert s.workers[p] == 0 and s.storage[p] == (K(burgundy, "ship"),)
    s.depots[0] = [K(burgundy, "ship")]
    assert "take 1:ship@6" not in texts(s)


def test_several_workers_on_one_die(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["mine"], left=[2, 2], workers=2)
    act(s, "place 25:mine@2")  # 2 -> 4 costs two workers
    assert s.workers[p] == 0 and s.tiles[p][24] == K(burgundy, "mine")


def test_full_storage_discards_an_old_tile(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["mine", "mine", "ship"], left=[3, 3])
    s.depots[2] = [K(burgundy, "bank")]
    act(s, "take 3:bank@3")
    assert texts(s) == {"discard mine", "discard ship"}
    act(s, "discard ship")
    assert sorted(s.storage[p]) == sorted([K(burgundy, "mine"), K(burgundy, "mine"), K(burgundy, "bank")])


def test_one_building_type_per_city_unless_knowledge_1(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["bank"], left=[3, 3])
    put(burgundy, s, p, "bank", 27)  # city 26,27,32,33,37
    legal = texts(s)
    assert "place 26:bank@3" not in legal and "place 12:bank@3" in legal
    put(burgundy, s, p, "k1", 13)
    assert "place 26:bank@3" in texts(s)


# -- region and colour scoring --------------------------------------------------------------------


def test_three_space_region_in_phase_b_scores_14(burgundy, table):
    """The rule summary's example: a 3-space ship region finished in phase B = 6 + 8."""
    s = table(2)
    s.phase = 1
    p = ready(burgundy, s, storage=["ship"], left=[1, 1])
    put(burgundy, s, p, "ship", 20)
    put(burgundy, s, p, "ship", 21)
    s.vp[p] = 0
    act(s, "place 22:ship@1")
    assert s.vp[p] == 14


@pytest.mark.parametrize("phase,points", [(0, 11), (2, 7), (4, 3)])
def test_region_of_one_with_phase_bonus(burgundy, table, phase, points):
    s = table(2)
    s.phase = phase
    p = ready(burgundy, s, storage=["bank"], left=[3, 3])
    act(s, "place 12:bank@3")  # city of one space: 1 + phase bonus 10/6/2
    assert s.vp[p] == points


def test_region_size_points(burgundy):
    assert burgundy.components.region_points[:8] == (1, 3, 6, 10, 15, 21, 28, 36)
    assert burgundy.components.phase_bonus == (10, 8, 6, 4, 2)


@pytest.mark.parametrize("players,large,small", [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_colour_bonus_first_and_second(burgundy, table, players, large, small):
    s = table(players)
    for rank, p in enumerate(range(players)):
        put(burgundy, s, p, "mine", 25)
        put(burgundy, s, p, "mine", 30)
        s.vp[p] = 0
        _estate._place(s, p, K(burgundy, "mine"), 34 - 1)  # fills the grey colour (3 spaces, one region)
        region = 6 + burgundy.components.phase_bonus[0]
        assert s.vp[p] == region + (large, small, 0, 0)[rank]
    assert s.bonus_taken[1] == 2


def test_start_castle_counts_for_the_castle_colour(burgundy, table):
    s = table(2)
    p = 0
    for space in (2, 3):
        put(burgundy, s, p, "castle", space)
    s.vp[p] = 0
    _estate._place(s, p, K(burgundy, "castle"), 7 - 1)
    assert s.vp[p] == 6 + 10 + 5  # region 2,3,7 plus the large castle bonus: 4 castles with the start one


# -- tile effects -----------------------------------------------------------------------------------


def test_castle_gives_an_action_with_any_number(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["castle", "mine"], left=[6, 1])
    put(burgundy, s, p, "k2", 13)
    act(s, "place 7:castle@6")
    legal = texts(s)
    assert "workers@any" in legal and "place 25:mine@any" in legal
    assert not any(t.endswith("@1") for t in legal)  # the free action comes first
    act(s, "place 25:mine@any")
    assert s.tiles[p][24] == K(burgundy, "mine") and s.left == [1] and s.workers[p] == 0


def test_mine_pays_at_phase_end_and_knowledge_2_adds_workers(burgundy, table):
    s = table(2)
    put(burgundy, s, 0, "mine", 25)
    put(burgundy, s, 0, "mine", 30)
    put(burgundy, s, 1, "mine", 25)
    put(burgundy, s, 1, "k2", 13)
    silver, workers = s.silver[:], s.workers[:]
    s.round, s.turn, s.left = 4, 1, []
    _rules._end_turn(s)
    assert s.phase == 1
    assert s.silver == [silver[0] + 2, silver[1] + 1]
    assert s.workers == [workers[0], workers[1] + 1]


def test_ship_takes_all_goods_of_any_depot_and_moves_on_the_track(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[0] * 6)
    s.depot_goods[2] = [0, 2, 0, 0, 1, 0]
    s.depot_goods[5] = [1, 0, 0, 0, 0, 0]
    act(s, "place 20:ship@5")
    assert texts(s) == {"goods 3", "goods 6"}  # any depot with goods, whatever the die
    act(s, "goods 3")
    assert s.goods[p] == [0, 2, 0, 0, 1, 0] and s.depot_goods[2] == [0] * 6
    assert s.track_pos[p] == 1


def test_goods_storage_holds_three_types_overflow_stays(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[1, 1, 1, 0, 0, 0])
    s.depot_goods[0] = [2, 0, 0, 3, 0, 0]
    act(s, "place 20:ship@5")
    act(s, "goods 1")
    assert s.goods[p] == [3, 1, 1, 0, 0, 0]
    assert s.depot_goods[0] == [0, 0, 0, 3, 0, 0]


def test_ship_lets_the_player_choose_which_new_types_fit(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[1, 1, 0, 0, 0, 0])
    s.depot_goods[0] = [0, 0, 1, 1, 0, 0]
    act(s, "place 20:ship@5")
    assert texts(s) == {"goods 1 keep 3", "goods 1 keep 4"}
    act(s, "goods 1 keep 4")
    assert s.goods[p] == [1, 1, 0, 1, 0, 0] and s.depot_goods[0] == [0, 0, 1, 0, 0, 0]


def test_turn_order_follows_the_track_from_the_next_round(burgundy, table):
    s = table(2)
    first, second = s.order
    s.turn = 1
    _rules._begin_turn(s)
    s.run()
    assert s.cur == second
    ready(burgundy, s, storage=["ship"], left=[5, 5])
    act(s, "place 20:ship@5")
    assert s.order == [first, second]  # not in this round
    s.left = []
    s.run()
    while s.cur == CHANCE:
        s.apply(s.chance_outcomes()[0][0])
    assert s.order == [second, first]


def test_markers_on_the_same_space_stack_newest_on_top(burgundy, table):
    s = table(3)
    s.track_pos = [1, 1, 0]
    s.stamp += 1
    s.track_stamp[0] = s.stamp
    s.stamp += 1
    s.track_stamp[1] = s.stamp  # player 2 arrived later: on top
    _rules._start_round(s)
    assert s.order == [1, 0, 2]


def test_animals_score_same_species_in_the_same_pasture(burgundy, table):
    """Rule summary example: 4 + 3 = 7; with knowledge 7, (3+1) + (4+1) = 9."""
    s = table(2)
    p = ready(burgundy, s, storage=["cow4"], left=[5, 5])
    put(burgundy, s, p, "cow3", 11)
    put(burgundy, s, p, "sheep4", 6)  # other species in the same pasture: no points
    put(burgundy, s, p, "cow2", 28)  # same species, other pasture: no points
    s.vp[p] = 0
    act(s, "place 10:cow4@5")
    assert s.vp[p] == 7


def test_animals_with_knowledge_7(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["cow4"], left=[5, 5])
    put(burgundy, s, p, "cow3", 11)
    put(burgundy, s, p, "k7", 13)
    s.vp[p] = 0
    act(s, "place 10:cow4@5")
    assert s.vp[p] == 9


def test_warehouse_sells_one_type_without_a_die(burgundy, table):
    s = table(3)
    p = ready(burgundy, s, storage=["warehouse"], left=[3, 3], goods=[0, 2, 0, 4, 0, 0])
    act(s, "place 26:warehouse@3")
    assert texts(s) == {"warehouse 2", "warehouse 4", "pass"}
    act(s, "warehouse 4")
    assert s.vp[p] == 12 and s.silver[p] == 1 and s.sold[p][3] == 4 and s.goods[p][3] == 0


def test_watchtower_bank_boarding_house(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["watchtower", "bank"], left=[3, 5], workers=0)
    act(s, "place 26:watchtower@3")
    assert s.vp[p] == 4
    act(s, "place 32:bank@5")
    assert s.silver[p] == 2
    s.left = [1]
    s.storage[p] = [K(burgundy, "boarding")]
    put(burgundy, s, p, "k13", 13)
    put(burgundy, s, p, "k14", 31)
    act(s, "place 27:boarding@1")
    assert s.workers[p] == 4 and s.silver[p] == 2  # knowledge 13/14 do not apply


@pytest.mark.parametrize(
    "building,allowed",
    [
        ("carpenter", {"pick 3:bank"}),
        ("church", {"pick 1:castle", "pick 2:k3", "pick 4:mine"}),
        ("market", {"pick 5:ship", "pick 6:pig2"}),
    ],
)
def test_carpenter_church_market_take_from_numbered_depots(burgundy, table, building, allowed):
    s = table(2)
    p = ready(burgundy, s, storage=[building], left=[3, 3])
    s.depots = [[K(burgundy, n)] for n in ("castle", "k3", "bank", "mine", "ship", "pig2")]
    s.black = [K(burgundy, "market")]
    act(s, f"place 26:{building}@3")
    assert texts(s) == allowed | {"pass"}
    choice = sorted(allowed)[0]
    act(s, choice)
    assert K(burgundy, choice.split(":")[1]) in s.storage[p]


def test_city_hall_places_another_tile_ignoring_the_die(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["cityhall", "ship"], left=[3, 3])
    act(s, "place 26:cityhall@3")
    assert {"place 20:ship", "place 18:ship", "pass"} <= texts(s)
    act(s, "place 18:ship")
    assert s.tiles[p][17] == K(burgundy, "ship") and s.track_pos[p] == 1


# -- die actions --------------------------------------------------------------------------------


def test_selling_gives_one_silverling_and_points_per_tile(burgundy, table):
    s = table(4, dice=[(3, 2)] * 4)
    p = ready(burgundy, s, left=[3, 2], workers=1, goods=[0, 0, 3, 0, 0, 0])
    assert "sell 3@2" in texts(s)  # with one worker
    act(s, "sell 3@3")
    assert s.vp[p] == 12 and s.silver[p] == 1 and s.sold[p][2] == 3


def test_knowledge_3_and_4_on_sales(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[3, 3], goods=[0, 0, 1, 0, 0, 0])
    put(burgundy, s, p, "k3", 13)
    put(burgundy, s, p, "k4", 31)
    act(s, "sell 3@3")
    assert s.silver[p] == 2 and s.workers[p] == 1 and s.vp[p] == 2


def test_take_workers_and_knowledge_13_14(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[4, 4])
    act(s, "workers@4")
    assert s.workers[p] == 2
    put(burgundy, s, p, "k13", 13)
    put(burgundy, s, p, "k14", 31)
    act(s, "workers@4")
    assert s.workers[p] == 6 and s.silver[p] == 1


def test_black_depot_once_per_turn_for_two_silverlings(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[4, 4], silver=4)
    s.black = [K(burgundy, "bank"), K(burgundy, "ship")]
    assert {"buy black:bank", "buy black:ship"} <= texts(s)
    act(s, "buy black:bank")
    assert s.silver[p] == 2 and not any(t.startswith("buy") for t in texts(s))
    act(s, "workers@4")
    act(s, "workers@4")
    assert s.cur != p  # the turn ended by itself: nothing left to do


def test_buy_after_both_dice_then_end(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[4, 4], silver=2)
    s.black = [K(burgundy, "bank")]
    act(s, "workers@4")
    act(s, "workers@4")
    assert texts(s) == {"buy black:bank", "end"}
    act(s, "end")
    assert s.cur != p


def test_knowledge_6_2011_buys_from_numbered_depots(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[4, 4], silver=2)
    s.black = []
    s.depots[2] = [K(burgundy, "ship")]
    assert "buy 3:ship" not in texts(s)
    put(burgundy, s, p, "k6", 13)
    act(s, "buy 3:ship")
    assert s.silver[p] == 0 and K(burgundy, "ship") in s.storage[p]


def test_knowledge_6_2019_takes_a_building_for_two_workers(burgundy, table):
    s = table(2, ruleset="2019")
    p = ready(burgundy, s, left=[4, 4], workers=2)
    s.black = []
    s.depots = [[K(burgundy, "ship")], [K(burgundy, "bank")], [], [], [], []]
    put(burgundy, s, p, "k6", 13)
    assert {t for t in texts(s) if t.startswith(("buy", "hire"))} == {"hire 2:bank"}
    act(s, "hire 2:bank")
    assert s.workers[p] == 0 and s.storage[p] == (K(burgundy, "bank"),)


def test_knowledge_5_adds_an_adjacent_depot(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[0] * 6)
    put(burgundy, s, p, "k5", 13)
    s.depot_goods[5] = [1, 0, 0, 0, 0, 0]
    s.depot_goods[0] = [0, 2, 0, 0, 0, 0]
    act(s, "place 20:ship@5")
    assert "goods 6+1" in texts(s)
    act(s, "goods 6+1")
    assert s.goods[p] == [1, 2, 0, 0, 0, 0]


def test_knowledge_8_worker_changes_by_two(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[3, 3], workers=1)
    s.depots[4] = [K(burgundy, "mine")]
    assert "take 5:mine@3" not in texts(s)
    put(burgundy, s, p, "k8", 13)
    act(s, "take 5:mine@3")
    assert s.workers[p] == 0


@pytest.mark.parametrize(
    "knowledge,stored,text",
    [
        ("k9", "bank", "place 26:bank@4"),  # building on a 3 with a 4
        ("k10", "ship", "place 20:ship@4"),  # ship on a 5 with a 4
        ("k10", "cow2", "place 28:cow2@3"),  # animal on a 2 with a 3
        ("k11", "mine", "place 25:mine@5"),  # mine on a 4 with a 5
        ("k11", "castle", "place 7:castle@5"),  # castle on a 6 with a 5
        ("k11", "k20", "place 8:k20@4"),  # knowledge on a 5 with a 4
    ],
)
def test_knowledge_9_10_11_free_change_when_placing(burgundy, table, knowledge, stored, text):
    s = table(2)
    p = ready(burgundy, s, storage=[stored], left=[int(text[-1])] * 2, workers=0)
    put(burgundy, s, p, "cow3", 28 if stored != "cow2" else 10)
    put(burgundy, s, p, "ship", 22)
    put(burgundy, s, p, "k16", 13)
    put(burgundy, s, p, "k24", 4)
    assert text not in texts(s)
    put(burgundy, s, p, knowledge, 31)
    assert text in texts(s)
    act(s, text)
    assert s.workers[p] == 0


def test_knowledge_12_free_change_when_taking(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, left=[3, 3], workers=0)
    s.depots[3] = [K(burgundy, "mine")]
    assert "take 4:mine@3" not in texts(s)
    put(burgundy, s, p, "k12", 13)
    act(s, "take 4:mine@3")
    assert s.workers[p] == 0


# -- end of game ----------------------------------------------------------------------------------


def test_final_scoring_of_goods_silverlings_workers_and_knowledge(burgundy, table):
    s = table(2)
    p = 0
    s.vp[p], s.goods[p], s.silver[p], s.workers[p] = 50, [2, 0, 1, 0, 0, 0], 3, 5
    s.sold[p] = [1, 0, 2, 0, 0, 4]
    put(burgundy, s, p, "k15", 13)  # 3 types sold x 3
    put(burgundy, s, p, "k25", 31)  # 7 goods sold x 1
    put(burgundy, s, p, "k16", 4)  # 1 warehouse x 4
    put(burgundy, s, p, "warehouse", 26)
    put(burgundy, s, p, "k24", 8)  # 2 species x 4
    put(burgundy, s, p, "cow2", 28)
    put(burgundy, s, p, "pig3", 11)
    put(burgundy, s, p, "k26", 35)  # bonus tiles x 2
    s.bonus[p] = [2, 5]
    s.vp[p] = 50
    assert s.scores()[p] == 50 + 3 + 3 + 2 + (9 + 7 + 4 + 8 + 4)


def test_sheet_from_state_matches_scores(burgundy, table):
    from bgkit.testing import sheet_from_data

    s = table(3)
    put(burgundy, s, 1, "k23", 13)
    put(burgundy, s, 1, "cityhall", 26)
    sheet = sheet_from_data(burgundy, burgundy.sheet_from_state(s))
    assert burgundy.score_sheet(sheet).totals == s.scores()


# -- chance ------------------------------------------------------------------------------------------


def test_round_starts_with_white_die_then_each_players_dice(burgundy):
    import random

    s = burgundy.new_state(burgundy.setup(3, random.Random(4), {"boards": "standard", "ruleset": "2011"}))
    assert s.current_player() == CHANCE
    assert {s.action_text(o) for o, _ in s.chance_outcomes()} == {f"white {v}" for v in range(1, 7)}
    goods = s.round_goods[0]
    act(s, "white 4")
    assert s.depot_goods[3][goods - 1] == 1
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    act(s, "dice 5 2")  # typed in any order
    assert s.dice[s.order[0]] == [2, 5]


def test_phase_b_draws_tiles_as_chance_and_keeps_ships_mines_castles(burgundy, table):
    s = table(4)
    s.depots[0] = [K(burgundy, "ship")]  # its building, knowledge and animal were taken
    s.round, s.turn, s.left = 4, 3, []
    _rules._end_turn(s)
    s.run()
    assert s.phase == 1 and s.depots[0] == (K(burgundy, "ship"),)
    assert s.cur == CHANCE and s.chance[0][:2] == (codes.DRAW, 1)
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert all(burgundy.components.kind_names[o[1]] in st_buildings(burgundy) for o, _ in outcomes)
    assert s.action_text(outcomes[0][0]).startswith("draw 1:")


def st_buildings(burgundy):
    from bgkit_burgundy.data import BUILDINGS

    return set(BUILDINGS)


def _next_phase(s):
    """End the current phase on an empty board, draw the next phase's depots and roll (first outcome each)."""
    s.depots = [[] for _ in range(6)]
    s.round, s.turn, s.left = 4, s.num_players - 1, []; s.pending.clear()
    _rules._end_turn(s)
    s.run()
    while s.cur == CHANCE:
        s.apply(s.chance_outcomes()[0][0])


@pytest.mark.parametrize("ruleset", ["2011", "2019"])
def test_three_players_get_a_mine_instead_of_the_depot_6_castle_in_phases_b_and_d(burgundy, table, ruleset):
    """Rule summary (2011 box): with 3 players depot 6's dark-green space gets a mine in phases B
    and D; the 2019 rules keep this ("3BD")."""
    s = table(3, ruleset=ruleset)
    colours = lambda: sorted(codes.COLOUR_OF[k] for k in s.depots[5])  # noqa: E731
    castle, mine, animal, building = 0, 1, 4, 3
    assert colours() == sorted([animal, building, castle])  # phase A
    for phase, third in ((1, mine), (2, castle), (3, mine), (4, castle)):
        _next_phase(s)
        assert s.phase == phase and colours() == sorted([animal, building, third])
        assert sum(codes.COLOUR_OF[k] == castle for d in s.depots for k in d) == (1 if third == mine else 2)


def test_two_and_four_players_keep_the_depot_6_castle_in_phase_b(burgundy, table):
    for players, castles in ((2, 1), (4, 2)):
        s = table(players)
        _next_phase(s)
        assert s.phase == 1
        assert sum(codes.COLOUR_OF[k] == 0 for d in s.depots for k in d) == castles


def test_random_boards_start_with_castle_choices(burgundy):
    import random

    s = burgundy.new_state(burgundy.setup(2, random.Random(5), {"boards": "random", "ruleset": "2011"}))
    p = s.current_player()
    choices = texts(s)
    board = s.boards[p]
    assert choices == {f"castle {i + 1}" for i in board.castle_spaces}
    act(s, sorted(choices)[0])
    assert s.tiles[p].count(0) == 1


def test_view_hides_later_goods_piles_and_determinize_reshuffles_them(burgundy, table):
    import random

    s = table(2)
    view = s.view(0)
    assert "future" not in view and view["future_piles"] == 4
    other = s.determinize(0, random.Random(1))
    assert other.view(0) == view
    assert sorted(sum(other.future, [])) + [] != [] and len(other.future) == 4
    pool = lambda x: sorted(sum(x.future, []) + [t + 1 for t in range(6) for _ in range(x.aside[t])])  # noqa: E731
    assert pool(other) == pool(s)
