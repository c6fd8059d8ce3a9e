"""Burgundy's setup file (``bgkit play burgundy ... --setup FILE``): edits to the real table play, edits
the box cannot lay out are refused before play in one line naming the file, line and field."""

import pytest

from bgkit.testing import assert_setup_refused as refused, setup_file_kit

GAME = "burgundy"

setup_file, play, plays = setup_file_kit(GAME)


def test_an_unedited_setup_plays_from_json_and_toml(tmp_path):
    for fmt in ("json", "toml"):
        plays(tmp_path, 2, fmt=fmt)


def test_the_goods_and_tiles_the_table_really_drew_play(tmp_path):
    def edit(setup):
        setup["seats"][0]["goods"], setup["seats"][1]["goods"] = setup["seats"][1]["goods"], setup["seats"][0]["goods"]
        setup["depots"][0], setup["depots"][3] = setup["depots"][3], setup["depots"][0]  # both: ship and building

    plays(tmp_path, 2, edit)


def test_random_boards_the_table_chose_play(tmp_path):
    def edit(setup):
        for row, board in zip(setup["seats"], (8, 9, 1)):
            row.update(board=board, castle_spaces=CASTLE_SPACES[board])

    plays(tmp_path, 3, edit, options=["boards=random"])


def castle_spaces():
    from bgkit.testing import get_registry

    comp = get_registry().load_game(GAME).components
    return {board: [i + 1 for i in comp.boards[board].castle_spaces] for board in comp.original_boards}


CASTLE_SPACES = castle_spaces()


@pytest.mark.parametrize("edit, field, words", [
    # these failed in play with an IndexError (exit 1)
    (lambda s: s.update(seats=[]), "setup.seats", "lists 0 items, but The Castles of Burgundy lays out 2 here"),
    (lambda s: s.update(depots=[]), "setup.depots", "lists 0 items, but The Castles of Burgundy lays out 6 here"),
    (lambda s: s["goods_piles"].pop(), "setup.goods_piles", "lists 4 items"),
    (lambda s: s["depots"][0].pop(), "setup.depots.0", "lists 1 item"),
    # these played on
    (lambda s: s.update(start_player=9), "setup.start_player", "is 9, but the seats are 1-2"),
    (lambda s: s.update(ruleset="x"), "setup.ruleset", "is 'x', but The Castles of Burgundy's rules make it '2011'"),
    (lambda s: s.update(boards="x"), "setup.boards", "is 'x', but The Castles of Burgundy's rules make it 'standard'"),
    (lambda s: s["seats"][1].update(silverlings=5), "setup.seats.1.silverlings", "rules make it 1"),
    (lambda s: s["seats"][0].update(board=2), "setup.seats.0.board", "is 2, but with boards=standard everyone plays board 1"),
    (lambda s: s["seats"][0].update(castle=2), "setup.seats.0.castle", "is 2, but with boards=standard it is 19"),
    (lambda s: s["seats"][0].update(castle_spaces=[1, 2, 3, 4]), "setup.seats.0.castle_spaces", "board 1's castle spaces are [2, 3, 7, 19]"),
    (lambda s: s["seats"][0].update(position=2), "setup.seats.0.position", "is 2, but seat 1 is number 1 in turn_order [1, 2]"),
    (lambda s: s["seats"][0].update(workers=9), "setup.seats.0.workers", "is 9, but the player in turn position 1 starts with 1"),
    (lambda s: s["seats"][0].update(goods=[0, 1, 2]), "setup.seats.0.goods", "lists goods 0; goods are numbered 1-6"),
    (lambda s: s["goods_piles"].__setitem__(slice(0, 2), [[6] * 5, [6, 6, 6, 1, 1]]), "setup.goods_piles.1", "than the 7 the box has"),
    (lambda s: s["depots"][0].__setitem__(0, "castle"), "setup.depots.0", "depot 1's spaces take"),
    (lambda s: s["depots"][0].__setitem__(0, "tower"), "setup.depots.0", "lists 'tower', which is not a tile of the game"),
    (lambda s: s["black_depot"].__setitem__(slice(None), ["k1"] * 4), "setup.black_depot", "lists more 'k1' than there are black-backed ones"),
])
def test_an_edit_the_box_cannot_lay_out_is_refused(tmp_path, edit, field, words):
    path = setup_file(tmp_path, 2, edit)
    refused(play(path, 2), path, field, words)


def test_random_boards_are_different_and_the_castle_is_chosen_in_play(tmp_path):
    def same_board(setup):
        setup["seats"][1].update(board=setup["seats"][0]["board"], castle_spaces=setup["seats"][0]["castle_spaces"])

    path = setup_file(tmp_path, 3, same_board, options=["boards=random"])
    refused(play(path, 3), path, "setup.seats.1.board", "as for seat 1: each player has a different board")
    path = setup_file(tmp_path, 3, lambda s: s["seats"][0].update(castle=s["seats"][0]["castle_spaces"][0]), options=["boards=random"])
    refused(play(path, 3), path, "setup.seats.0.castle", "with boards=random it is 0 (the castle is chosen in play)")
    path = setup_file(tmp_path, 3, lambda s: s["seats"][0].update(board=10), options=["boards=random"])
    refused(play(path, 3), path, "setup.seats.0.board", "is 10; the boards are 1-9")


def test_a_toml_edit_names_its_line(tmp_path):
    path = setup_file(tmp_path, 2, lambda t: t.replace('ruleset = "2011"\nboards', 'ruleset = "x"\nboards', 1), fmt="toml")
    result = play(path, 2)
    refused(result, path, "setup.ruleset")
    line = int(result.stderr.split(f"{path}:")[1].split(":")[0])
    assert path.read_text().splitlines()[line - 1] == 'ruleset = "x"'
