"""Component data: the shipped tables add up, and a person's --data file is checked and used."""

from __future__ import annotations


import pytest

from bgkit.api import DataError
from bgkit.testing import run_cli
from bgkit_burgundy.data import BUILDING, CASTLE, KNOWLEDGE, SHIP, load


def test_164_tiles_124_coloured_40_black():
    comp = load()
    assert sum(comp.coloured_stack) == 124 and sum(comp.black_stack) == 40
    black_knowledge = [k - 22 for k in range(23, 49) if comp.black_stack[k]]
    assert black_knowledge == [7, 12, 14, 15, 24, 25]


def test_board_1_matches_the_rulebook():
    board = load().boards[1]
    cities = sorted(size for size, colour in zip(board.region_size, board.region_colour) if colour == BUILDING)
    assert cities == [1, 3, 3, 5]  # "Estate No. 1 has 4 cities: one of size 1, one of size 5 and two of size 3"
    assert board.colour[18] == CASTLE and board.die[18] == 6
    assert [i + 1 for i in board.neighbours[18]] == [12, 13, 18, 20, 25, 26]
    assert board.colour_total[SHIP] == 6 and board.colour_total[KNOWLEDGE] == 6


def test_every_board_has_the_same_space_mix_and_die_numbers():
    comp = load()
    assert sorted(comp.boards) == list(range(1, 10))
    for board in comp.boards.values():
        assert board.colour_total == (4, 3, 6, 12, 6, 6)
        assert board.die.count(1) == 7 and all(board.die.count(d) == 6 for d in range(2, 7))
    assert not comp.boards[4].confirmed and not comp.boards[8].confirmed and comp.boards[3].confirmed


def test_own_data_file_replaces_a_table(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[black_depot]\nsource = "my box"\nconfirmed = true\nsize = [2, 4, 6]\n')
    assert load(path).black_size == (2, 4, 6)
    result = run_cli(["setup", "burgundy", "-p", "2", "--seed", "1", "--format", "json", "--data", str(path)])
    assert result.exit_code == 0 and '"black_depot"' in result.stdout


HEAD = 'source = "my box"\nconfirmed = true\n'


@pytest.mark.parametrize(
    "text,message",
    [
        ("[black_depot]\n" + HEAD + "size = [2, 4]\n", "bad.toml:4: black_depot.size: must list 3 values, not 2"),
        ('[black_depot]\nconfirmed = true\nsize = [2, 4, 6]\n', "bad.toml:1: black_depot.source: missing"),
        ("[black_depot]\n" + HEAD + "size = [2, 4, 6]\nsizes = 1\n", "bad.toml:5: black_depot.sizes: unknown key (known: size)"),
        ('[nonsense]\nsource = "x"\n', "bad.toml:1: nonsense: unknown table (known: "),
        ("[boards.10]\n" + HEAD + 'rows = []\n', "bad.toml:1: boards.10: no such entry (known: 1, 2, 3, 4, 5, 6, 7, 8, 9)"),
        ("[boards.1]\n" + HEAD + 'rows = ["ACCK", "AACKB", "AABKBB", "SSSCSSS", "BBMBBA", "BMKBB", "MKKK"]\n',
         "bad.toml:4: boards.1.rows: an estate has 12 B spaces, not 11"),
        ("[boards.1]\n" + HEAD + 'rows = ["ACCC", "AACKB", "AABKBB", "SSSKSSS", "BBMBBA", "BMKBB", "MKKB"]\n',
         "bad.toml:4: boards.1.rows: the centre space of board 1 must be a castle"),
        ("[boards.4]\n" + 'source = "guess"\nconfirmed = false\n' + 'rows = ["CABS", "AABSS", "BBBSCM", "AAAKKMS", "BCKBBB", "BMBKK", "SBKC"]\n',
         "bad.toml:3: boards.4.confirmed: is false: list the reconstructed parts (rows)"),
        ("[die_grid]\n" + HEAD + 'rows = ["6543", "21654", "543123", "6126541", "254312", "61256", "341"]\n',
         "bad.toml:4: die_grid.rows: row 7 must be 4 characters from '123456', not '341'"),
        ("[animals]\n" + HEAD + 'species = ["cow", "hen", "pig", "sheep"]\ncoloured = [2, 5]\nblack = [3]\n',
         "bad.toml:5: animals.coloured: every value must be 2..4, not 5"),
        ("[animals]\n" + HEAD + 'species = ["cow", "cow", "pig", "sheep"]\ncoloured = [2]\nblack = [3]\n',
         "bad.toml:4: animals.species: must be 4 different single words"),
        ("[buildings]\n" + HEAD + 'names = ["warehouse", "watchtower", "carpenter", "church", "market", "boarding", "bank", "bank"]\nper_type = [5, 2]\n',
         "bad.toml:4: buildings.names: must name each of the eight buildings once"),
        ("[knowledge]\n" + HEAD + "count = 26\nblack = [7, 7]\n", "bad.toml:5: knowledge.black: must list different numbers"),
        ("[knowledge]\n" + HEAD + "count = 27\nblack = [7]\n", "bad.toml:4: knowledge.count: must be 26, not 27"),
        ("[goods]\n" + HEAD + "types = 6\nper_type = 4\npiles = 5\npile_size = 5\nstart = 3\n",
         "bad.toml:5: goods.per_type: 24 goods are too few"),
        ("[scoring]\n" + HEAD + "region = [1, 3, 6]\nphase_bonus = [10, 8, 6, 4, 2]\n",
         "bad.toml:4: scoring.region: needs points for regions of 1 to 8 spaces, not 3 values"),
        ("[depots]\n" + HEAD + '1 = ["ship", "building", "knowledge", "animal"]\n2 = ["castle", "knowledge", "building", "tower"]\n',
         "bad.toml:5: depots.2: 'tower' is not one of castle, mine, ship, building, animal, knowledge"),
        ("[tiles]\n" + HEAD + "castle = [14, 2]\nmine = [10, -2]\nship = [20, 6]\n", "bad.toml:5: tiles.mine: every value must be at least 0, not -2"),
        ("[start]\n" + HEAD + "silverlings = true\nworkers = [1, 2, 3, 4]\n", "bad.toml:4: start.silverlings: must be a whole number, not True"),
        ("[tiles]\ncastle = = 1\n", "bad.toml:2: not valid TOML"),
    ],
)
def test_bad_data_is_reported_with_file_line_and_key(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DataError) as exc:
        load(path)
    assert str(exc.value).startswith(str(tmp_path / message)), str(exc.value)
    result = run_cli(["setup", "burgundy", "-p", "2", "--data", str(path)])
    assert result.exit_code == 2 and message.split(": ", 1)[1] in result.stderr and str(path) in result.stderr


def test_a_board_of_the_own_file_replaces_only_that_board(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text("[boards.4]\n" + 'source = "my box"\nconfirmed = true\n'
                    'rows = ["CABS", "AABSS", "BBBSCM", "AAAKKMS", "BCKBBB", "BMBKK", "SBKC"]\n')
    comp = load(path)
    assert comp.boards[4].confirmed and comp.boards[4].provenance.file == str(path)
    assert not comp.boards[8].confirmed and comp.boards[8].provenance.reconstructed == ("rows",)
    assert comp.sources["tiles"].file == "bgkit_burgundy/data/burgundy.toml"
