"""End-of-game scoring, hand-computed from the rule summary (遊戲結束):

Pontivy 4/2/1 for the first three places; a harbour with 1 worker scores 4, with 2 workers 2 each,
with 3-4 workers 1 each; 1 point per 3 francs; the track points are taken as they are.
No source gives a tie-break, so tied players share the win.
"""

from __future__ import annotations

import pytest

from bgkit.api import SheetError
from bgkit.testing import get_registry, parse_sheet, sheet_from_data


@pytest.fixture(scope="module")
def game():
    return get_registry().game("bretagne").load()


def player(name, track=0, pontivy=1, harbours=(), francs=0):
    return {"name": name, "track": track, "pontivy": pontivy, "harbours": list(harbours), "francs": francs}


def score(game, *players):
    sheet = sheet_from_data(game, {"game": "bretagne", "player": list(players)})
    return game.score_sheet(sheet)


def column(result, category):
    return [row[category] for row in result.table]


def test_categories_in_order(game):
    result = score(game, player("A", pontivy=1), player("B", pontivy=2))
    assert result.categories == ["track", "Pontivy", "harbours", "money"]


def test_track_points_count_as_they_are(game):
    result = score(game, player("A", track=47, pontivy=1), player("B", track=0, pontivy=2))
    assert column(result, "track") == [47, 0]


# -- Pontivy ------------------------------------------------------------------------------------


def test_pontivy_four_players_4_2_1_0(game):
    result = score(game, *(player(n, pontivy=p) for n, p in zip("ABCD", (3, 1, 4, 2))))
    assert column(result, "Pontivy") == [1, 4, 0, 2]


def test_pontivy_two_players_4_2(game):
    result = score(game, player("A", pontivy=2), player("B", pontivy=1))
    assert column(result, "Pontivy") == [2, 4]


# -- harbours -----------------------------------------------------------------------------------


def test_a_worker_alone_in_a_harbour_scores_4(game):
    result = score(game, player("A", pontivy=1, harbours=[3]), player("B", pontivy=2, harbours=[5]))
    assert column(result, "harbours") == [4, 4]


def test_two_workers_in_a_harbour_score_2_each(game):
    result = score(game, player("A", pontivy=1, harbours=[3]), player("B", pontivy=2, harbours=[3]))
    assert column(result, "harbours") == [2, 2]


def test_three_workers_score_1_each(game):
    result = score(game, player("A", pontivy=1, harbours=[9]), player("B", pontivy=2, harbours=[9]),
                   player("C", pontivy=3, harbours=[9]))
    assert column(result, "harbours") == [1, 1, 1]


def test_four_workers_score_1_each(game):
    result = score(game, *(player(n, pontivy=p, harbours=[1]) for p, n in enumerate("ABCD", start=1)))
    assert column(result, "harbours") == [1, 1, 1, 1]


def test_a_player_with_both_workers_in_a_harbour_gets_both_shares(game):
    result = score(game, player("A", pontivy=1, harbours=[2, 2]), player("B", pontivy=2))
    assert column(result, "harbours") == [4, 0]


def test_harbours_add_up_over_a_mixed_table(game):
    # harbour 1: A alone (4); harbour 4: A and B (2 each); harbour 7: B, B and C (1 each)
    result = score(game, player("A", pontivy=2, harbours=[1, 4]), player("B", pontivy=1, harbours=[4, 7, 7]),
                   player("C", pontivy=3, harbours=[7]))
    assert column(result, "harbours") == [6, 4, 1]


# -- money --------------------------------------------------------------------------------------


@pytest.mark.parametrize("francs,points", [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3), (14, 4)])
def test_one_point_per_three_francs(game, francs, points):
    result = score(game, player("A", pontivy=1, francs=francs), player("B", pontivy=2))
    assert column(result, "money") == [points, 0]


# -- totals, ranking, tie ---------------------------------------------------------------------


def test_a_whole_game_hand_computed(game):
    result = score(
        game,
        player("Ann", track=52, pontivy=2, harbours=[1, 4], francs=8),  # 52 + 2 + 6 + 2 = 62
        player("Ben", track=50, pontivy=1, harbours=[4, 7, 7], francs=9),  # 50 + 4 + 4 + 3 = 61
        player("Cy", track=55, pontivy=3, harbours=[7], francs=2),  # 55 + 1 + 1 + 0 = 57
    )
    assert result.totals == [62, 61, 57]
    assert result.ranks == [1, 2, 3]
    assert result.winners == [0]
    assert result.decided_by == "highest total"


def test_a_four_player_game_hand_computed(game):
    """Harbour 2: Ann, Dan, Dan (3 workers, 1 each); harbour 5: Ann, Ann, Ben, Dan (4 workers, 1 each);
    harbour 8: Ben alone (4); harbour 9: Dan alone (4). Pontivy 4/2/1/0; francs // 3."""
    result = score(
        game,
        player("Ann", track=61, pontivy=3, harbours=[2, 5, 5], francs=7),  # 61 + 1 + (1+1+1) + 2 = 67
        player("Ben", track=58, pontivy=1, harbours=[5, 8], francs=11),  # 58 + 4 + (1+4) + 3 = 70
        player("Cleo", track=64, pontivy=4, francs=2),  # 64 + 0 + 0 + 0 = 64
        player("Dan", track=55, pontivy=2, harbours=[2, 2, 9, 5], francs=14),  # 55 + 2 + (1+1+4+1) + 4 = 68
    )
    assert column(result, "Pontivy") == [1, 4, 0, 2]
    assert column(result, "harbours") == [3, 5, 0, 7]
    assert column(result, "money") == [2, 3, 0, 4]
    assert result.totals == [67, 70, 64, 68]
    assert result.ranks == [3, 1, 4, 2]
    assert result.winners == [1]


def test_a_tie_is_a_shared_win_because_no_source_gives_a_tie_break(game):
    result = score(
        game,
        player("A", track=40, pontivy=1, francs=0),  # 40 + 4 = 44
        player("B", track=38, pontivy=2, francs=6),  # 38 + 2 + 2 = 42
        player("C", track=30, pontivy=3),
    )
    assert result.totals == [44, 42, 31]
    tied = score(
        game,
        player("A", track=40, pontivy=1),  # 44
        player("B", track=38, pontivy=2, harbours=[6], francs=0),  # 38 + 2 + 4 = 44
        player("C", track=30, pontivy=3),  # 31
    )
    assert tied.totals == [44, 44, 31]
    assert tied.ranks == [1, 1, 3]
    assert tied.winners == [0, 1]
    assert tied.decided_by.startswith("shared win")
    assert tied.tiebreaks == []
    assert any("No source gives a tie-break" in note for note in tied.notes)


# -- impossible sheets ------------------------------------------------------------------------


def sheet_text(*players):
    out = ['game = "bretagne"']
    for p in players:
        out += ["", "[[player]]"] + [f"{k} = {v!r}".replace("'", '"') for k, v in p.items()]
    return "\n".join(out) + "\n"


def test_two_players_on_one_pontivy_place_names_the_field_and_line(game):
    text = sheet_text(player("A", pontivy=1), player("B", pontivy=1))
    with pytest.raises(SheetError) as err:
        parse_sheet(game, text, "end.toml")
    assert err.value.field == "pontivy" and err.value.player == 1
    assert "end.toml:13" in str(err.value) and "Pontivy place 1 is listed for both A and B" in str(err.value)


def test_a_fifth_worker_in_a_harbour_is_impossible(game):
    players = [player(n, pontivy=p, harbours=[2]) for p, n in enumerate("ABCD", start=1)]
    players[3]["harbours"] = [2, 2]
    with pytest.raises(SheetError, match=r"the players hold 5 workers in harbour 2 in all, but there are only 4 \(the end-game "
                                         r"scoring goes up to 4 workers in a harbour\)") as err:
        parse_sheet(game, sheet_text(*players), "end.toml")
    assert err.value.field == "harbours" and err.value.player == 3


@pytest.mark.parametrize(
    "change,field,message",
    [
        ({"pontivy": 4}, "pontivy", "cannot be above 3"),
        ({"pontivy": 0}, "pontivy", "cannot be below 1"),
        ({"harbours": [10]}, "harbours", "cannot be above 9"),
        ({"francs": -1}, "francs", "cannot be below 0"),
        ({"track": "many"}, "track", "must be a whole number"),
        ({"harbours": list(range(1, 10)) * 2}, "harbours", "at most 14"),
    ],
)
def test_field_values_out_of_range(game, change, field, message):
    players = [player("A", pontivy=1), player("B", pontivy=2), player("C", pontivy=3)]
    players[2].update(change)
    with pytest.raises(SheetError, match=message) as err:
        parse_sheet(game, sheet_text(*players), "s.toml")
    assert err.value.field == field and err.value.player == 2


def test_missing_and_unknown_fields(game):
    bad = player("A", pontivy=1)
    del bad["francs"]
    with pytest.raises(SheetError, match="missing field 'francs'"):
        parse_sheet(game, sheet_text(bad, player("B", pontivy=2)), "s.toml")
    with pytest.raises(SheetError, match="unknown field 'coins'"):
        parse_sheet(game, sheet_text(dict(player("A", pontivy=1), coins=3), player("B", pontivy=2)), "s.toml")


def test_harbours_may_be_left_out(game):
    sheet = parse_sheet(game, 'game = "bretagne"\n[[player]]\nname = "A"\ntrack = 3\npontivy = 1\nfrancs = 0\n'
                        '[[player]]\nname = "B"\ntrack = 5\npontivy = 2\nfrancs = 0\n', "s.toml")
    assert game.score_sheet(sheet).totals == [7, 7]
