"""Blue Moon City's setup file (``bgkit play bluemooncity ... --setup FILE``): edits to the real table
play, edits the box cannot lay out are refused before play in one line naming the file, line and field."""

import pytest

from bgkit.testing import assert_setup_refused as refused, bgkit_limited, setup_file_kit

GAME = "bluemooncity"

setup_file, play, plays = setup_file_kit(GAME)


def test_the_city_and_hands_the_table_laid_out_play(tmp_path):
    def edit(setup):
        city = setup["city"]
        city[0][1], city[4][3] = city[4][3], city[0][1]  # two tiles that are not fixed, swapped
        hands = [row["hand"] for row in setup["seats"]]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]

    plays(tmp_path, 2, edit, options=["deal=yes"])


def test_a_hand_size_of_a_million_is_refused_not_dealt(tmp_path):
    """It hung: a million cards dealt to each seat, one chance event at a time."""
    path = setup_file(tmp_path, 2, lambda s: s.update(hand_size=1000000))
    refused(bgkit_limited("play", GAME, "random", "random", "--setup", path, timeout=60), path,
            "setup.hand_size", "is 1000000, but Blue Moon City's rules make it 8")


@pytest.mark.parametrize("edit, field, words", [
    (lambda s: s.update(seats=[]), "setup.seats", "lists 0 items, but Blue Moon City lays out 2 here"),  # an IndexError in play
    (lambda s: s.update(offerings_to_win=-1), "setup.offerings_to_win", "is -1, but Blue Moon City's rules make it 6"),  # played on
    (lambda s: s.update(scales=0), "setup.scales", "rules make it 9"),
    (lambda s: s.update(markers_per_player=1), "setup.markers_per_player", "rules make it 10"),
    (lambda s: s["obelisk"].reverse(), "setup.obelisk", "rules make it [7, 7, 8"),
    (lambda s: s.update(deal=True), "setup.deal", "is True, but"),
    (lambda s: s.update(layout="random"), "setup.layout", "rules make it 'standard'"),
    (lambda s: s["city"][0].__setitem__(1, "librari"), "setup.city.0.1", "is 'librari', which is not a tile of the city (did you mean 'library'?)"),
    (lambda s: s["city"][0].__setitem__(1, s["city"][0][2]), "setup.city.0.2", "as city.0.1 is: each tile lies once"),
    (lambda s: s["city"][0].__setitem__(0, s["city"][0][1]), "setup.city.0.0", "the city has no tile in its corners"),
    (lambda s: s["city"][2].__setitem__(2, "mill"), "setup.city.2.2", "with layout=standard 'courtyard' lies here"),
    (lambda s: s["city"][0].pop(), "setup.city.0", "lists 4 items, but Blue Moon City lays out 5 here"),
])
def test_an_edit_the_box_cannot_lay_out_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 2, edit)
    refused(play(path, 2), path, field, words)


@pytest.mark.parametrize("edit, field, words", [
    (lambda s: s["seats"][0]["hand"].__setitem__(0, "vulca-9"), "setup.seats.0.hand", "is not a card of the deck"),
    (lambda s: s["seats"][0]["hand"].__setitem__(slice(None), ["pillar-3"] * 8), "setup.seats.0.hand", "the hands hold more of it than the deck"),
    (lambda s: s["seats"][0]["hand"].pop(), "setup.seats.0.hand", "lists 7 items, but Blue Moon City lays out 8 here"),
])
def test_a_dealt_hand_the_deck_cannot_give_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 2, edit, options=["deal=yes"])
    refused(play(path, 2), path, field, words)
