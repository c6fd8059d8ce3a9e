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
