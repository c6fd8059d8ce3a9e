"""Bridge Troll's setup file (``bgkit play bridgetroll ... --setup FILE``): edits to the real table play,
edits the box cannot lay out are refused before play in one line naming the file, line and field."""

import pytest

from bgkit.testing import assert_setup_refused as refused, bgkit_limited, setup_file_kit

GAME = "bridgetroll"

setup_file, play, plays = setup_file_kit(GAME)


def test_the_colours_the_table_chose_play(tmp_path):
    """Seat 1 plays a colour from the box instead: its stones in the pool too, the other back in the box."""

    def edit(setup):
        row, pool = setup["seats"][0], setup["pool"]
        new, old = setup["box_colours"][0], row["colour"]
        row["colour"] = new
        pool[new] = pool.pop(old)
        setup["box_colours"][0] = old

    plays(tmp_path, 3, edit)


def test_a_player_count_of_a_million_is_refused(tmp_path):
    """It failed in play with a KeyError (exit 1)."""
    path = setup_file(tmp_path, 3, lambda s: s.update(players=1000000))
    refused(bgkit_limited("play", GAME, "random", "random", "random", "--setup", path, timeout=60), path,
            "setup.players", "is 1000000, but 3 seats were given")


@pytest.mark.parametrize("edit, field, words", [
    (lambda s: s.update(pool_size=-1), "setup.pool_size", "is -1, but the pool holds 18 stones"),  # played on
    (lambda s: s["pool"].update(purple=10), "setup.pool.purple", "is 10, but it is 0-9"),
    (lambda s: s["pool"].update(pink=1), "setup.pool.pink", "colour 'pink' is not one of the game's"),
    (lambda s: s["pool"].pop(s["seats"][0]["colour"]), "setup.pool", "but seat 1 plays"),
    (lambda s: s["seats"][1].update(colour=s["seats"][0]["colour"]), "setup.seats.1.colour", "as at seat 1: each seat plays its own colour"),
    (lambda s: s["seats"][0].update(stones=8), "setup.seats.0.stones", "is 8: with the pool's 3, 11"),
    (lambda s: s["seats"][0].update(victory_points=1000), "setup.seats.0.victory_points", "is 1000, but it is 0-999"),
    (lambda s: s["box_colours"].reverse(), None, None),  # the same colours: plays
    (lambda s: s.update(box_colours=["yellow", "red"]), "setup.box_colours", "the colours neither at a seat nor in the pool are"),
    (lambda s: s.update(trophy_bonus=100), "setup.trophy_bonus", "is 100, but Bridge Troll's rules make it 1"),
    (lambda s: s["schedule"]["travellers"].update(sunny=50), "setup.schedule", "rules make it"),
    (lambda s: s.update(deck_size=1), "setup.deck_size", "rules make it 53"),
    (lambda s: s["upgrade_pile"].append(s["upgrade_pile"][0]), "setup.upgrade_pile", "at most once"),
    (lambda s: s.update(start_player=4), "setup.start_player", "is 4, but the seats are 1-3"),
])
def test_an_edit_the_box_cannot_lay_out_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 3, edit)
    if field is None:
        assert play(path, 3).exit_code == 0
    else:
        refused(play(path, 3), path, field, words)


def test_a_stacked_deck_must_be_the_box_s_travellers(tmp_path):
    path = setup_file(tmp_path, 3, lambda s: s["deck"].__setitem__(0, "dragon"), options=["deck=order"])
    refused(play(path, 3), path, "setup.deck", "must list the box's travellers")
    path = setup_file(tmp_path, 3, lambda s: s["deck"].reverse(), options=["deck=order"])
    assert play(path, 3).exit_code == 0
