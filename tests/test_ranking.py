from bgkit.model.ranking import TieBreak, build_result, rank


def test_highest_total_wins():
    assert rank([10, 12, 11]) == ([3, 1, 2], [1], "highest total")


def test_tie_broken_by_first_tiebreak_that_separates():
    guilders = TieBreak("most guilders", [5, 2, 2])
    stones = TieBreak("most stones", [0, 1, 3])
    ranks, winners, decided = rank([9, 9, 9], [guilders, stones])
    assert winners == [0]
    assert decided == "tie-break: most guilders"
    assert ranks == [1, 3, 2]


def test_lower_is_better_tiebreak():
    empty = TieBreak("fewest empty spaces", [3, 1], higher_wins=False)
    assert rank([50, 50], [empty]) == ([2, 1], [1], "tie-break: fewest empty spaces")


def test_tie_on_everything_is_a_shared_win():
    ranks, winners, decided = rank([7, 7, 3], [TieBreak("x", [1, 1, 0])])
    assert ranks == [1, 1, 3]
    assert winners == [0, 1]
    assert decided.startswith("shared win: 2 players")


def test_build_result_totals_categories_in_order():
    result = build_result("g", ["A", "B"], [{"a": 1, "b": 2}, {"a": 3, "b": 4}])
    assert result.categories == ["a", "b"]
    assert result.totals == [3, 7]
    assert result.to_dict()["winners"] == ["B"]


def test_three_tied_leaders_name_the_tie_break_that_separates_the_last_two():
    coins = TieBreak("coins", [4, 4, 4, 9])  # does not separate the leaders (the 9 is not a leader)
    stones = TieBreak("stones", [2, 5, 5, 0])  # leaves two
    cards = TieBreak("cards", [0, 1, 3, 0])  # decides
    ranks, winners, decided = rank([10, 10, 10, 3], [coins, stones, cards])
    assert winners == [2] and decided == "tie-break: cards"
    assert ranks == [3, 2, 1, 4]


def test_a_tie_break_that_only_separates_the_others_decides_nothing():
    ranks, winners, decided = rank([8, 8, 1], [TieBreak("x", [0, 0, 5])])
    assert winners == [0, 1] and decided.startswith("shared win: 2 players")


def test_a_trailing_player_level_with_the_leader_on_a_tie_break_does_not_undo_it():
    # Ada and Bo tie on 10; the coins separate them, though Cy (far behind) has as many as Ada
    ranks, winners, decided = rank([10, 10, 3], [TieBreak("coins", [5, 2, 5]), TieBreak("cards", [0, 9, 0])])
    assert winners == [0] and decided == "tie-break: coins"


def test_a_lower_wins_tie_break_names_itself_when_the_fewest_decides():
    # three tied on 40; the fewest empty spaces (3) decides for Ada. Read the wrong way round (most
    # wins), the two with 9 would look tied and the next link would be named instead.
    empty = TieBreak("fewest empty spaces", [3, 9, 9], higher_wins=False)
    later = TieBreak("later in turn order", [1, 2, 3])
    assert rank([40, 40, 40], [empty, later]) == ([1, 3, 2], [0], "tie-break: fewest empty spaces")


BURGUNDY_PLAYER = """
[[player]]
name = "{name}"
track_points = 40
empty_spaces = {empty}
turn_position = {position}
unsold_goods = 0
silverlings = 0
workers = 0
knowledge = []
sold_1 = 0
sold_2 = 0
sold_3 = 0
sold_4 = 0
sold_5 = 0
sold_6 = 0
warehouses = 0
watchtowers = 0
carpenters_workshops = 0
churches = 0
markets = 0
boarding_houses = 0
banks = 0
city_halls = 0
animal_species = 0
bonus_tiles = 0
"""


def test_the_winner_line_names_the_lower_wins_tie_break_that_decided(tmp_path):
    """What a person reads after ``bgkit score``: Burgundy's first tie-break is the fewest empty
    estate spaces. Ada has 3, Bo and Cy 9 each: Ada wins by that tie-break, not by turn order."""
    from bgkit.testing import run_cli

    players = [("Ada", 3, 1), ("Bo", 9, 2), ("Cy", 9, 3)]
    sheet = tmp_path / "tied.toml"
    sheet.write_text('game = "burgundy"\n' + "".join(
        BURGUNDY_PLAYER.format(name=name, empty=empty, position=position) for name, empty, position in players
    ), encoding="utf-8")
    result = run_cli(["score", "burgundy", sheet])
    assert result.exit_code == 0, result.stderr
    assert "Winner: Ada (tie-break: fewest empty estate spaces)" in result.stdout
    assert "later in turn order)" not in result.stdout
