"""Worked examples a player can check by hand: chains of effects, phase and game end, tie-breaks.

Board 1 (burgundy.md 6.3) by space id: 19 = start castle; castles C1 = 2,3,7 (dice 5,4,6); ships
S1 = 16,17,18 (6,1,2), S2 = 20,21,22 (5,4,1); mines 25,30,34 (4,1,3); pasture A1 = 1,5,6,10,11
(6,2,1,5,4), A2 = 28 (2); cities 9,14,15 / 12 (3) / 23,24,29 / 26,27,32,33,37; knowledge
K1 = 4,8,13 (3,5,1), K2 = 31,35,36 (2,4,1).
"""

from __future__ import annotations

from bgkit.api import CHANCE, TERMINAL
from bgkit.testing import sheet_from_data
from bgkit_burgundy import codes


from burgundy_scene import K, act, put, texts
from burgundy_scene import ready as ready_player


def ready(game, s, storage=(), left=None, workers=0, silver=0, goods=None):
    """The player to move, with exactly these stored tiles, dice, workers, silverlings, goods; 0 points."""
    p = ready_player(game, s, storage, left, workers, silver, goods)
    s.track_pos = [0] * s.num_players
    s.vp = [0] * s.num_players
    return p


# -- chains of effects -------------------------------------------------------------------------------


def test_castle_chain_completes_a_region_and_the_castle_colour(burgundy, table):
    """Castle on 7 (die 6) -> free action: castle on 3 -> free action again. The castle 3 finishes
    C1 (2,3,7) in phase A: 6 + 10 = 16, and all 4 castles (with the start castle): large bonus 5
    with 2 players. Total 21; the second free action still comes, then the die 4."""
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k2", 13)  # so that 7 touches a placed tile
    put(burgundy, s, p, "castle", 2)
    ready(burgundy, s, storage=["castle", "castle"], left=[6, 4])
    act(s, "place 7:castle@6")
    assert s.vp[p] == 0 and s.pending.frames == [(codes.P_FREE,)]
    act(s, "place 3:castle@any")
    assert s.vp[p] == 16 + 5 and s.bonus[p] == [0]  # castle colour, the large tile
    assert s.pending.frames == [(codes.P_FREE,)] and s.left == [4]
    act(s, "workers@any")
    assert s.workers[p] == 2 and not s.pending and s.left == [4]


def test_castle_free_action_takes_from_any_depot_and_sells_any_goods(burgundy, table):
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k2", 13)
    ready(burgundy, s, storage=["castle"], left=[6, 6], goods=[0, 0, 0, 0, 3, 0])
    s.depots = [[], [], [K(burgundy, "bank")], [], [], []]
    act(s, "place 7:castle@6")
    legal = texts(s)
    assert {"take 3:bank@any", "sell 5@any", "workers@any"} <= legal
    act(s, "sell 5@any")  # no worker needed: 3 goods x 2 players = 6 points, 1 silverling
    assert s.vp[p] == 6 and s.silver[p] == 1 and s.workers[p] == 0 and s.left == [6]


def test_knowledge_13_also_on_the_castles_take_workers(burgundy, table):
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k13", 13)
    ready(burgundy, s, storage=["castle"], left=[6, 6])
    act(s, "place 7:castle@6")
    act(s, "workers@any")
    assert s.workers[p] == 2 and s.silver[p] == 1


def test_city_hall_chain_finishes_two_regions(burgundy, table):
    """City Hall on 12 (die 3) finishes the 1-space city: 1 + 10 = 11. It then places the stored
    ship on 18 without a die, which finishes S1 (16,17,18): 6 + 10 = 16, moves the marker and
    takes the goods of one depot. 27 points in all."""
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "ship", 16)
    put(burgundy, s, p, "ship", 17)
    ready(burgundy, s, storage=["cityhall", "ship"], left=[3, 3], goods=[0] * 6)
    s.depot_goods[3] = [0, 0, 2, 0, 0, 0]
    act(s, "place 12:cityhall@3")
    assert s.vp[p] == 11
    act(s, "place 18:ship")
    assert s.vp[p] == 27 and s.track_pos[p] == 1
    assert texts(s) == {"goods 4"}
    act(s, "goods 4")
    assert s.goods[p] == [0, 0, 2, 0, 0, 0] and s.left == [3]


def test_city_hall_respects_one_building_type_per_city(burgundy, table):
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "bank", 27)  # city 26,27,32,33,37
    ready(burgundy, s, storage=["cityhall", "bank"], left=[3, 3])
    act(s, "place 26:cityhall@3")
    legal = texts(s)
    assert "place 32:bank" not in legal and "place 12:bank" in legal  # another city is fine


def test_a_full_storage_also_discards_after_a_black_depot_purchase(burgundy, table):
    s = table(2)
    p = s.cur
    ready(burgundy, s, storage=["mine", "ship", "bank"], left=[4, 4], silver=2)
    s.black = [K(burgundy, "k14")]
    act(s, "buy black:k14")
    assert texts(s) == {"discard mine", "discard ship", "discard bank"}
    act(s, "discard bank")
    assert sorted(s.storage[p]) == sorted([K(burgundy, "mine"), K(burgundy, "ship"), K(burgundy, "k14")])
    assert s.silver[p] == 0 and s.left == [4, 4]


def test_knowledge_5_with_a_full_goods_storage_keeps_the_chosen_type(burgundy, table):
    """Goods 1 and 2 stored; depots 3 and 4 hold types 5 and 6: one space is free, so the player
    picks which new type comes along; the other stays on its depot."""
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k5", 13)
    ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[1, 1, 0, 0, 0, 0])
    s.depot_goods[2] = [0, 2, 0, 0, 1, 0]
    s.depot_goods[3] = [0, 0, 0, 0, 0, 3]
    act(s, "place 20:ship@5")
    legal = texts(s)
    assert {"goods 3+4 keep 5", "goods 3+4 keep 6", "goods 2+3", "goods 4+5"} <= legal
    act(s, "goods 3+4 keep 6")
    assert s.goods[p] == [1, 3, 0, 0, 0, 3]
    assert s.depot_goods[2] == [0, 0, 0, 0, 1, 0] and s.depot_goods[3] == [0] * 6


def test_knowledge_7_with_three_tiles_and_another_species(burgundy, table):
    """Sheep 2 and 3 in the pasture, then a sheep 4: (2+1)+(3+1)+(4+1) = 12. A pig 2 after that:
    2 + 1 = 3 (the burgundy.md / 2019 example)."""
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k7", 13)
    put(burgundy, s, p, "sheep2", 11)
    put(burgundy, s, p, "sheep3", 5)
    ready(burgundy, s, storage=["sheep4", "pig2"], left=[5, 1])
    act(s, "place 10:sheep4@5")
    assert s.vp[p] == 12
    act(s, "place 6:pig2@1")
    assert s.vp[p] == 15


def test_a_full_pasture_scores_animals_region_and_phase(burgundy, table):
    """Phase C. Cow 2 on 1, cow 3 on 5, pig 4 on 6, sheep 2 on 10; a cow 4 on 11 (die 4) scores the
    cows 4 + 3 + 2 = 9, and finishes the 5-space pasture: 15 + 6 = 21. 30 points."""
    s = table(2)
    s.phase = 2
    p = s.cur
    for name, space in (("cow2", 1), ("cow3", 5), ("pig4", 6), ("sheep2", 10)):
        put(burgundy, s, p, name, space)
    ready(burgundy, s, storage=["cow4"], left=[4, 4])
    act(s, "place 11:cow4@4")
    assert s.vp[p] == 30


def test_warehouse_with_knowledge_3_and_4(burgundy, table):
    s = table(4)
    p = s.cur
    put(burgundy, s, p, "k3", 13)
    put(burgundy, s, p, "k4", 31)
    ready(burgundy, s, storage=["warehouse"], left=[3, 3], goods=[0, 0, 0, 0, 0, 2])
    act(s, "place 26:warehouse@3")
    act(s, "warehouse 6")
    assert (s.vp[p], s.silver[p], s.workers[p], s.sold[p][5]) == (8, 2, 1, 2)


# -- dice and workers ------------------------------------------------------------------------------


def test_wrap_when_placing_and_knowledge_8_across_the_wrap(burgundy, table):
    """Die 1 onto the 6 of space 7: one worker (1 -> 6). With #8 a 5 reaches a 1 (5 -> 6 -> 1,
    two steps) with one worker; without #8 it takes two."""
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k2", 13)
    ready(burgundy, s, storage=["castle", "ship"], left=[1, 5], workers=1)
    assert "place 7:castle@1" in texts(s)
    assert "place 22:ship@5" not in texts(s)  # 22 (die 1) is not next to a placed tile yet
    put(burgundy, s, p, "ship", 21)
    assert "place 22:ship@5" not in texts(s)  # 5 -> 1 needs two workers
    put(burgundy, s, p, "k8", 31)
    act(s, "place 22:ship@5")
    assert s.workers[p] == 0


def test_knowledge_8_and_9_together(burgundy, table):
    """A building on a 6 with a die 3: three steps; #9 makes one free, #8 does the other two with
    one worker."""
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "bank", 32)
    put(burgundy, s, p, "k8", 13)
    put(burgundy, s, p, "k9", 31)
    ready(burgundy, s, storage=["church"], left=[3, 3], workers=1)
    act(s, "place 33:church@3")
    assert s.workers[p] == 0


def test_same_die_twice_gives_each_action_once_in_the_list(burgundy, table):
    s = table(2)
    ready(burgundy, s, left=[4, 4])
    actions = [s.action_text(a) for a in s.legal_actions()]
    assert actions.count("workers@4") == 1
    act(s, "workers@4")
    assert s.left == [4] and "workers@4" in texts(s)


def test_2019_knowledge_6_and_the_black_depot_in_one_turn(burgundy, table):
    """2019 #6 (2 workers for a building) is its own once-per-turn purchase beside the black depot."""
    s = table(2, ruleset="2019")
    p = s.cur
    put(burgundy, s, p, "k6", 13)
    ready(burgundy, s, left=[4, 4], workers=2, silver=2)
    s.depots = [[], [K(burgundy, "bank")], [], [], [], []]
    s.black = [K(burgundy, "mine")]
    act(s, "hire 2:bank")
    act(s, "buy black:mine")
    assert s.workers[p] == 0 and s.silver[p] == 0 and len(s.storage[p]) == 2
    assert not any(t.startswith(("buy", "hire")) for t in texts(s))


def test_2011_knowledge_6_shares_the_once_per_turn_purchase(burgundy, table):
    s = table(2)
    p = s.cur
    put(burgundy, s, p, "k6", 13)
    ready(burgundy, s, left=[4, 4], silver=4)
    s.depots = [[], [K(burgundy, "bank")], [], [], [], []]
    s.black = [K(burgundy, "mine")]
    assert {"buy 2:bank", "buy black:mine"} <= texts(s)
    act(s, "buy 2:bank")
    assert s.silver[p] == 2 and not any(t.startswith("buy") for t in texts(s))


# -- phase and game end ------------------------------------------------------------------------------


def finish_turns(s):
    """Everyone uses both dice for workers until the state needs chance or ends."""
    while s.cur >= 0:
        act(s, f"workers@{s.left[0]}")


def test_region_points_follow_the_phase_at_the_time(burgundy, table):
    """The same 3-space mine region: finished in phase A 6 + 10 = 16, in phase E 6 + 2 = 8."""
    for phase, points in ((0, 16), (4, 8)):
        s = table(2)
        s.phase = phase
        p = s.cur
        put(burgundy, s, p, "mine", 25)
        put(burgundy, s, p, "mine", 30)
        ready(burgundy, s, storage=["mine"], left=[3, 3])
        s.bonus_taken[1] = 2  # both grey bonus tiles gone: only the region counts
        act(s, "place 34:mine@3")
        assert s.vp[p] == points


def test_last_round_of_phase_e_pays_mines_then_the_game_ends(burgundy, table):
    """Phase E, round 5: the player takes workers with both dice (3 + 2 + 2), then mines pay
    (2 mines: 2 silverlings, and with #2 2 workers) and the game ends. Final score: 40 track
    + 3 goods + (1 + 2) silverlings + (3 + 2 + 2 + 2) // 2 = 4 for workers = 50."""
    s = table(2, dice=[(2, 2), (3, 3)])
    s.phase, s.round = 4, 4
    first, second = s.order
    put(burgundy, s, second, "mine", 25)
    put(burgundy, s, second, "mine", 30)
    put(burgundy, s, second, "k2", 13)
    s.vp[second], s.goods[second], s.silver[second], s.workers[second] = 40, [3, 0, 0, 0, 0, 0], 1, 3
    s.sold[second] = [0] * 6
    finish_turns(s)
    assert s.cur == TERMINAL
    assert s.silver[second] == 3 and s.workers[second] == 9
    assert s.scores()[second] == 50


def test_phase_end_moves_on_to_the_next_phase_with_new_depots_and_goods(burgundy, table):
    """After round 5 of phase A: phase B's goods pile comes out, every depot space is filled again
    (2 per depot with 2 players), the black depot gets 4 new tiles, and goods stay on the depots."""
    s = table(2, white=3)
    pile_b = s.future[0]
    s.round = 4
    s.black = []  # all bought: the 4 of phase B must be new draws
    finish_turns(s)
    assert s.cur == CHANCE and s.phase == 1 and s.round == 0 and s.round_goods == pile_b
    assert s.chance[0][0] == codes.DRAW
    while s.chance[0][0] != codes.WHITE:
        s.apply(s.chance_outcomes()[0][0])
    assert [len(d) for d in s.depots] == [2] * 6 and len(s.black) == 4
    assert sum(s.depot_goods[2]) == 1  # the goods of phase A round 1 are still on depot 3
    act(s, "white 5")
    assert s.depot_goods[4][pile_b[0] - 1] == 1 and sum(s.depot_goods[4]) == 1


def _ended(burgundy, table, players=2):
    s = table(players)
    s.stage, s.cur = codes.S_OVER, TERMINAL
    for p in range(players):
        s.vp[p], s.goods[p], s.silver[p], s.workers[p] = 50, [0] * 6, 0, 0
    return s


def test_a_tie_goes_to_fewer_empty_spaces(burgundy, table):
    """The first in turn order has one more tile: that beats being later in turn order."""
    s = _ended(burgundy, table)
    first = s.order[0]
    put(burgundy, s, first, "ship", 20)  # one more tile: one empty space fewer
    s.vp[first] = 50
    result = burgundy.score_sheet(sheet_from_data(burgundy, burgundy.sheet_from_state(s)))
    assert result.totals == [50, 50] and result.winners == [first]


def test_a_tie_on_spaces_goes_to_the_later_player_in_turn_order(burgundy, table):
    s = _ended(burgundy, table)
    result = burgundy.score_sheet(sheet_from_data(burgundy, burgundy.sheet_from_state(s)))
    assert result.winners == [s.order[-1]]


# -- what the screen says ----------------------------------------------------------------------------


def test_the_drawing_says_what_the_knowledge_tiles_within_reach_do(burgundy, table, words_at):
    for ruleset, six in (("2011", "k6 the once-a-turn purchase (2 silverlings) also from depots 1-6"),
                         ("2019", "k6 once a turn: 2 workers for a building from depots 1-6")):
        s = table(2, ruleset=ruleset)
        s.depots = [[K(burgundy, "k10")], [], [], [], [], []]
        s.black = [K(burgundy, "k15")]
        s.storage[s.cur] = [K(burgundy, "k6")]
        _, out = words_at(s.render(s.cur), 400)
        line = next(x for x in out.splitlines() if x.startswith("Knowledge tiles"))
        assert "k10 free ±1 placing ships and animals" in line and six in line
        assert ("k15 end: 3 per goods type sold" if ruleset == "2011" else "k15 end: 2 per goods type sold") in line
