"""Table scoring: every category with hand-computed examples from the rules, the tie-break, bad sheets."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
import tomli_w

from bgkit.api import SheetError
from bgkit.testing import get_registry, sheet_from_data


@pytest.fixture(scope="module")
def game():
    return get_registry().game("bruges").load()


def player(name, **values):
    base = {"name": name, "track": 5, "persons": [], "houses": 0, "reputation": 0, "guilders": 0}
    base.update(values)
    return base


def result(game, *players):
    sheet = sheet_from_data(game, {"game": "bruges", "player": list(players)})
    return game.score_sheet(sheet)


def row(game, **values):
    """The categories of a player alone at the table beside an empty second player."""
    return result(game, player("Ada", **values), player("Bo"))


def test_a_table_just_set_up_scores_the_start_space_and_ties(game):
    res = result(game, player("Ada", guilders=5), player("Bo", guilders=5))
    assert res.totals == [5, 5]
    assert res.ranks == [1, 1] and res.winners == [0, 1]
    assert res.decided_by.startswith("shared win")


def test_categories_are_listed_in_the_rule_summarys_order(game):
    assert row(game).categories == ["track", "persons", "houses", "laurels", "majorities", "canals", "statues",
                                    "reputation"]


def test_track_with_the_50_and_100_tokens(game):
    assert row(game, track=23).table[0]["track"] == 23
    assert row(game, track=12, point_token=50).table[0]["track"] == 62
    assert row(game, track=3, point_token=100).table[0]["track"] == 103


def test_persons_score_their_printed_points(game):
    # a person's points are a third of its price: persons costing 3, 9, 12 and 0 guilders
    res = row(game, persons=[1, 3, 4, 0], houses=4, majority_persons=True)
    assert res.table[0]["persons"] == 8


def test_every_house_scores_1_occupied_or_not(game):
    res = row(game, persons=[2], houses=5, majority_persons=True)
    assert res.table[0]["houses"] == 5
    assert res.table[0]["persons"] == 2


def test_laurel_persons_score_the_points_their_text_gives(game):
    res = row(game, persons=[3, 1], houses=2, laurels=[4, 2], majority_persons=True)
    assert res.table[0]["laurels"] == 6


def test_each_coloured_majority_marker_scores_4(game):
    one = row(game, majority_canals=True)
    three = row(game, reputation=3, persons=[0], houses=1, majority_reputation=True, majority_persons=True,
                majority_canals=True)
    assert one.table[0]["majorities"] == 4
    assert three.table[0]["majorities"] == 12


def test_a_token_on_space_3_of_a_section_scores_3(game):
    assert row(game, canal_space3=1).table[0]["canals"] == 3
    assert row(game, canal_space3=2).table[0]["canals"] == 6


def test_statues_score_their_values(game):
    res = result(game, player("Ada", statues=[7, 5]), player("Bo", statues=[6]))
    assert [r["statues"] for r in res.table] == [12, 6]


def test_reputation_step_scores_its_points(game):
    assert row(game, reputation=0).table[0]["reputation"] == 0
    res = result(game, player("Ada", reputation=7, majority_reputation=True), player("Bo", reputation=1))
    assert [r["reputation"] for r in res.table] == [7, 1]
    assert any("reputation steps" in note for note in res.notes)


def test_a_whole_game_hand_computed(game):
    ada = player("Ada", track=23, persons=[1, 2, 4, 0], houses=5, laurels=[3], majority_reputation=True,
                 majority_persons=True, majority_canals=True, canal_space3=2, statues=[7], reputation=6, guilders=4)
    bo = player("Bo", track=40, point_token=50, persons=[3, 3], houses=2, majority_canals=True, canal_space3=1,
                statues=[6, 5], reputation=4, guilders=9)
    res = result(game, ada, bo)
    # Ada: 23 + (1+2+4+0) + 5 + 3 + 3x4 + 2x3 + 7 + 6 = 69
    # Bo:  90 + (3+3)     + 2 + 0 + 1x4 + 1x3 + 11 + 4 = 120
    assert res.totals == [69, 120]
    assert res.table[0] == {"track": 23, "persons": 7, "houses": 5, "laurels": 3, "majorities": 12, "canals": 6,
                            "statues": 7, "reputation": 6}
    assert res.winners == [1] and res.ranks == [2, 1] and res.decided_by == "highest total"


def test_tie_on_points_goes_to_most_guilders(game):
    res = result(game, player("Ada", track=30, guilders=4), player("Bo", track=30, guilders=9),
                 player("Cy", track=12, guilders=20))
    assert res.totals == [30, 30, 12]
    assert res.winners == [1] and res.ranks == [2, 1, 3]
    assert res.decided_by == "tie-break: guilders"
    assert res.tiebreaks[0].values == [4, 9, 20]


def test_tie_on_points_and_guilders_is_a_shared_win(game):
    res = result(game, player("Ada", track=30, guilders=6), player("Bo", track=30, guilders=6),
                 player("Cy", track=31, guilders=0), player("Di", track=1, guilders=6))
    assert res.winners == [2]
    res = result(game, player("Ada", track=30, guilders=6), player("Bo", track=30, guilders=6),
                 player("Cy", track=29, guilders=50))
    assert res.winners == [0, 1] and res.ranks == [1, 1, 3]
    assert res.decided_by.startswith("shared win")


def bad(game, *players) -> SheetError:
    with pytest.raises(SheetError) as info:
        sheet_from_data(game, {"game": "bruges", "player": list(players)})
    return info.value


def test_impossible_sheets_name_the_field_and_player(game):
    err = bad(game, player("Ada", point_token=30), player("Bo"))
    assert (err.field, err.player) == ("point_token", 0)
    err = bad(game, player("Ada"), player("Bo", persons=[1, 2, 3], houses=2, majority_persons=True))
    assert (err.field, err.player) == ("persons", 1) and "every person lives on a house" in err.message
    err = bad(game, player("Ada", persons=[1], houses=1, laurels=[2, 2], majority_persons=True), player("Bo"))
    assert err.field == "laurels"
    err = bad(game, player("Ada", majority_reputation=True), player("Bo"))
    assert err.field == "majority_reputation" and "town hall" in err.message
    err = bad(game, player("Ada", track=50), player("Bo"))
    assert err.field == "track" and "above 49" in err.message
    err = bad(game, player("Ada", reputation=13), player("Bo"))
    assert err.field == "reputation"
    err = bad(game, player("Ada", canal_space3=3), player("Bo"))
    assert err.field == "canal_space3"
    err = bad(game, player("Ada", houses=100), player("Bo", houses=66))
    assert (err.field, err.player) == ("houses", 0)  # the one who holds the most


def test_statues_come_off_the_top_of_the_stack(game):
    err = bad(game, player("Ada", statues=[6]), player("Bo"))
    assert err.field == "statues" and "statue 7 was still on the stack" in err.message
    err = bad(game, player("Ada", statues=[7]), player("Bo", statues=[7]))
    assert (err.field, err.player) == ("statues", 1)
    err = bad(game, player("Ada", statues=[7, 7]), player("Bo"))
    assert err.field == "statues"
    err = bad(game, player("Ada", statues=[7, 6, 5]), player("Bo"))
    assert err.field == "statues" and "at most 2" in err.message
    err = bad(game, player("Ada", statues=[1]), player("Bo"))
    assert err.field == "statues"


def test_the_last_majority_check_flips_a_sole_leaders_marker(game):
    err = bad(game, player("Ada", reputation=5), player("Bo", reputation=3, majority_reputation=True))
    assert (err.field, err.player) == ("majority_reputation", 0)
    err = bad(game, player("Ada", persons=[1, 1], houses=2), player("Bo", persons=[4], houses=1))
    assert (err.field, err.player) == ("majority_persons", 0)
    # tied leaders flip nothing, so no marker is required
    result(game, player("Ada", reputation=5), player("Bo", reputation=5))


def test_a_marker_stays_coloured_after_the_lead_is_lost(game):
    # RS phase 4: Bo led the reputation track once and flipped his marker; Ada overtook him later and
    # flipped hers too. Both keep 4 points each.
    res = result(game, player("Ada", reputation=8, majority_reputation=True),
                 player("Bo", reputation=6, majority_reputation=True), player("Cy", reputation=2))
    assert [r["majorities"] for r in res.table] == [4, 4, 0]


def test_a_three_player_table_filled_by_hand(game):
    """A plausible end of a 3-player game, every category computed by hand."""
    ada = player("Ada", track=27, persons=[2, 1, 3, 0, 1, 4], houses=7, laurels=[3], majority_reputation=True,
                 majority_persons=True, canal_space3=1, statues=[6], reputation=8, guilders=3)
    bo = player("Bo", track=35, persons=[3, 3, 1], houses=4, majority_reputation=True, majority_canals=True,
                canal_space3=2, statues=[7, 5], reputation=6, guilders=7)
    cy = player("Cy", track=44, persons=[1, 1, 2, 0], houses=5, laurels=[2, 4], reputation=5, guilders=12)
    res = result(game, ada, bo, cy)
    # Ada: 27 + 11 persons + 7 houses + 3 laurel + 2x4 + 1x3 + 6 + 8 = 73
    # Bo:  35 +  7         + 4        + 0        + 2x4 + 2x3 + 7+5 + 6 = 78
    # Cy:  44 +  4         + 5        + 2+4      + 0   + 0   + 0 + 5 = 64
    assert res.table[1] == {"track": 35, "persons": 7, "houses": 4, "laurels": 0, "majorities": 8, "canals": 6,
                            "statues": 12, "reputation": 6}
    assert res.totals == [73, 78, 64]
    assert res.winners == [1] and res.ranks == [2, 1, 3]


def test_person_ids_need_your_own_card_list(game):
    err = bad(game, player("Ada", persons=[], person_ids=[3], houses=1), player("Bo"))
    assert err.field == "person_ids" and "reconstruction" in err.message


@pytest.fixture(scope="module")
def own_game(tmp_path_factory):
    data = tomllib.loads((resources.files("bgkit_bruges") / "data" / "persons.toml").read_text(encoding="utf-8"))
    data["persons"] = {"source": "test card list", "confirmed": True}
    for person in data["person"]:
        person["points"] = person["id"] % 5  # values that differ from the shipped list
    path = tmp_path_factory.mktemp("data") / "cards.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    game = get_registry().game("bruges").load(path)
    return game


def test_persons_by_card_id_with_your_own_card_list(own_game):
    laurel = next(p for p in own_game.components.persons if p.activation == "laurel")
    ids = [7, 13, laurel.id]
    res = result(own_game, player("Ada", person_ids=ids, persons=[2], houses=4, laurels=[5], majority_persons=True),
                 player("Bo"))
    assert res.table[0]["persons"] == 7 % 5 + 13 % 5 + laurel.id % 5 + 2
    assert res.table[0]["laurels"] == 5
    assert any("card list" in note for note in res.notes)


def test_card_ids_are_checked_against_your_card_list(own_game):
    err = bad(own_game, player("Ada", person_ids=[7], houses=1, majority_persons=True),
              player("Bo", person_ids=[7], houses=1))
    assert (err.field, err.player) == ("person_ids", 1) and "person 7 is listed for both Ada and Bo" in err.message
    non_laurel = next(p for p in own_game.components.persons if p.activation != "laurel")
    err = bad(own_game, player("Ada", person_ids=[non_laurel.id], houses=1, laurels=[3], majority_persons=True),
              player("Bo"))
    assert err.field == "laurels" and "laurel" in err.message
    err = bad(own_game, player("Ada", person_ids=[166], houses=1), player("Bo"))
    assert err.field == "person_ids"


def test_your_own_reputation_values_are_used(tmp_path):
    path = tmp_path / "board.toml"
    points = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18]
    path.write_text(tomli_w.dumps({"reputation": {"source": "my board", "confirmed": True, "points": points}}),
                    encoding="utf-8")
    own = get_registry().game("bruges").load(path)
    res = result(own, player("Ada", reputation=11, majority_reputation=True), player("Bo", reputation=1))
    assert [r["reputation"] for r in res.table] == [15, 0]
    assert not any("reputation steps" in note for note in res.notes)


def test_houses_and_persons_together_cannot_exceed_the_deck(game):
    ok = [player("Ada", houses=80, persons=[0] * 2, majority_persons=True), player("Bo", houses=83)]
    result(game, *ok)  # 80 + 2 + 83 = 165 cards
    err = bad(game, player("Ada", houses=79, persons=[0] * 3, majority_persons=True), player("Bo", houses=84))
    assert (err.field, err.player) == ("houses", 1)  # the player who holds the most
    assert "hold 166 cards as houses and persons in all, but there are only 165" in err.message
