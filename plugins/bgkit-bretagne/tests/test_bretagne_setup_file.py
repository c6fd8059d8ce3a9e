"""Bretagne's setup file (``bgkit play bretagne ... --setup FILE``): edits to the real table play, edits
the box cannot lay out are refused before play in one line naming the file, line and field."""

import pytest

from bgkit.testing import assert_setup_refused as refused, setup_file_kit

GAME = "bretagne"

setup_file, play, plays = setup_file_kit(GAME)


def test_what_the_table_really_turned_up_plays(tmp_path):
    """Another Quimper card with its resources, other weather, a seat given wood from the supply."""

    def edit(setup):
        card = next(c for c in ("Q1", "Q2") if c != setup["quimper"]["card"])
        produced = production(card, 2)
        setup["supply"]["resources"] = {kind: count + setup["quimper"]["resources"][kind] - produced[kind]
                                        for kind, count in setup["supply"]["resources"].items()}
        setup["quimper"] = {"card": card, "resources": produced}
        setup["weather"].update(current=setup["weather"]["forecast"], forecast=setup["weather"]["current"])
        setup["seats"][0]["resources"]["wood"] += 2
        setup["supply"]["resources"]["wood"] -= 2

    plays(tmp_path, 2, edit)


def production(card, players):
    from bgkit.testing import get_registry

    return get_registry().load_game(GAME).components.production[card].for_players(players)


def same_tile_twice(setup):
    """Sites 3 and 9 both take a heaven tile (and hold one with 2 players and seed 1)."""
    rows = setup["lighthouses"]
    assert rows[2]["type"] == rows[8]["type"] == "heaven" and rows[2]["tile"] and rows[8]["tile"]
    rows[8]["tile"] = rows[2]["tile"]


@pytest.mark.parametrize("edit, field, words", [
    # these failed in play with an IndexError (exit 1)
    (lambda s: s.update(seats=[]), "setup.seats", "lists 0 items, but Bretagne lays out 2 here"),
    (lambda s: s.update(turn_order=[]), "setup.turn_order", "lists 0 items, but Bretagne lays out 2 here"),
    (lambda s: s.update(start_player=2), "setup.turn_order", "is [1, 2], but play goes clockwise from start_player 2: [2, 1]"),
    (lambda s: s["seats"][0].update(turn_order=2), "setup.seats.0.turn_order", "is 2, but seat 1 is number 1 in turn_order [1, 2]"),
    (lambda s: s["seats"][0].update(workers=9), "setup.seats.0.reserve_workers", "with 9 workers a player's 14 cubes make 5"),
    (lambda s: s["seats"][0].update(francs=-1), "setup.seats.0.francs", "is -1, but it cannot be below 0"),
    (lambda s: s["seats"][1].update(francs=29), "setup.seats.1.francs", "but the box has 28 francs"),
    (lambda s: s["seats"][0].update(score=10**6), "setup.seats.0.score", "is 1000000, but it is 0-999"),
    (lambda s: s["supply"]["workers"].update({"1": 3}), "setup.supply.workers.1", "is 3, but seat 1 has 6 cubes in reserve"),
    (lambda s: s["seats"][0]["resources"].update(wood=2), "setup.supply.resources.wood", "less what the seats, Brest and Quimper hold leaves"),
    (lambda s: s["seats"][0].update(engineers=1), "setup.supply.engineers", "less what the seats and Brest hold leaves"),
    (lambda s: s["brest"].update(engineers=9), "setup.brest", "rules make it"),
    (lambda s: s.update(equipment_deck=31), "setup.equipment_deck", "is 31, but Bretagne's rules make it 30"),
    (lambda s: s["weather"].update(current="W9"), "setup.weather.current", "is 'W9', not a weather card"),
    (lambda s: s["weather"].update(forecast=s["weather"]["current"]), "setup.weather.forecast", "two different cards"),
    (lambda s: s["pontivy"]["green"].__setitem__(0, "R01"), "setup.pontivy.green", "lists 'R01', not a green blueprint"),
    (lambda s: s["pontivy"]["red"].__setitem__(0, s["pontivy"]["red"][1]), "setup.pontivy.red", "lists a blueprint twice"),
    (lambda s: s["quimper"].update(card="Q9"), "setup.quimper.card", "is 'Q9', not a production card"),
    (lambda s: s["quimper"].update(resources={}), "setup.quimper.resources", "is {}, but card"),
    (lambda s: s["lighthouses"][0].update(tile="Z1", side="unbuilt"), "setup.lighthouses.0.tile", "is 'Z1', not a lighthouse tile"),
    (same_tile_twice, "setup.lighthouses.8.tile", "as on site 3: each tile lies once"),
    (lambda s: s["lighthouses"][0].update(tile="", side="built"), "setup.lighthouses.0.side", "a site without a tile is 'not used'"),
])
def test_an_edit_the_box_cannot_lay_out_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 2, edit)
    refused(play(path, 2), path, field, words)


def test_a_tile_on_a_site_of_another_colour_is_refused(tmp_path):
    def edit(setup):
        rows = setup["lighthouses"]
        site = next(row for row in rows if row["tile"])
        other = next(row for row in rows if row["tile"] and row["type"] != site["type"])
        site["tile"], other["tile"] = other["tile"], site["tile"]

    path = setup_file(tmp_path, 3, edit)
    refused(play(path, 3), path, "setup.lighthouses.0.tile", "tile, but site 1 is")
