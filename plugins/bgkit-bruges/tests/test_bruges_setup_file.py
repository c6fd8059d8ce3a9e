"""Bruges's setup file (``bgkit play bruges ... --setup FILE``): edits to the real table play, edits
the box cannot lay out are refused before play in one line naming the file, line and field."""

import pytest

from bgkit.testing import assert_setup_refused as refused, setup_file_kit

GAME = "bruges"

setup_file, play, plays = setup_file_kit(GAME)


def test_piles_split_unevenly_at_the_table_play(tmp_path):
    """The table splits the shuffled persons by hand: the piles' lengths may differ (ANY_LENGTH)."""

    def edit(setup):
        piles = setup["piles"]
        piles["draw_b"] += piles["draw_a"][:7]
        del piles["draw_a"][:7]

    plays(tmp_path, 3, edit)


def test_a_seat_may_start_with_more_money_as_its_coins_add_up(tmp_path):
    plays(tmp_path, 2, lambda s: s["seats"][0].update(guilders=8, coins={"1": 2, "3": 2}))


@pytest.mark.parametrize("edit, field, words", [
    (lambda s: s.update(round=-1), "setup.round", "is -1, but Bruges's rules make it 1"),  # played on
    (lambda s: s.update(phase="dice"), "setup.phase", "rules make it 'draw'"),
    (lambda s: s.update(seats=[]), "setup.seats", "lists 0 items, but Bruges lays out 2 here"),
    (lambda s: s["seats"][0]["hand"].append(3), "setup.seats.0.hand", "lists 1 item, but Bruges lays out 0 here"),
    (lambda s: s["seats"][0].update(guard_house=2), "setup.seats.0.guard_house", "rules make it 1"),
    (lambda s: s["seats"][1].update(colour=s["seats"][0]["colour"]), "setup.seats.1.colour", "as at seat 1: each seat plays its own colour"),
    (lambda s: s["seats"][0].update(colour="pink"), "setup.seats.0.colour", "is 'pink', not a player colour"),
    (lambda s: s["seats"][0].update(score=500), "setup.seats.0.score", "is 500, but the track runs 0-49"),
    (lambda s: s["seats"][0].update(reputation=-1), "setup.seats.0.reputation", "is -1, but the track runs 0-12"),
    (lambda s: s["seats"][0].update(guilders=6), "setup.seats.0.guilders", "is 6, but the coins {'1': 2, '3': 1} are worth 5"),
    (lambda s: s["seats"][0]["threats"].update(red=3), "setup.seats.0.threats.red", "is 3, but a seat holds 0-2 threats"),
    (lambda s: s["seats"][1]["workers"].update(red=10), "setup.seats.1.workers.red", "with the seats before, 11, but the box has 10"),
    (lambda s: s["seats"][0]["workers"].update(red=-1), "setup.seats.0.workers.red", "is -1"),
    (lambda s: s["piles"].update(draw_a=[]), "setup.piles.draw_a", "is empty"),
    (lambda s: s["piles"]["draw_a"].append(s["piles"]["draw_b"][0]), "setup.piles", "must hold each of the 165 persons once"),
    (lambda s: s["piles"]["draw_a"].__setitem__(0, 999), "setup.piles", "999 too many"),
])
def test_an_edit_the_box_cannot_lay_out_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 2, edit)
    refused(play(path, 2), path, field, words)
