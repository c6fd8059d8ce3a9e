"""Component data: the shipped tables add up, and a person's --data file is checked and used."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bgkit.errors import DataError
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


@pytest.mark.parametrize(
    "text,message",
    [
        ('[black_depot]\nsource = "x"\nsize = [2, 4]\n', "size must have 3 items"),
        ('[black_depot]\nsize = [2, 4, 6]\n', "source"),
        ('[nonsense]\nsource = "x"\n', "unknown table"),
        ('[boards.1]\nsource = "x"\nrows = ["ACCK", "AACKB", "AABKBB", "SSSCSSS", "BBMBBA", "BMKBB", "MKKK"]\n', "12 B spaces"),
        ('[animals]\nsource = "x"\nspecies = ["cow", "hen", "pig", "sheep"]\ncoloured = [2, 5]\nblack = [3]\n', "2, 3 or 4"),
        ("not toml = = 1", "not valid TOML"),
    ],
)
def test_bad_data_is_reported_with_file_and_key(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DataError) as exc:
        load(path)
    assert message in str(exc.value) and str(path) in str(exc.value)
    result = run_cli(["setup", "burgundy", "-p", "2", "--data", str(path)])
    assert result.exit_code == 2 and message in result.stderr


def test_games_lists_burgundy_without_importing_the_engine():
    code = (
        "import sys; from bgkit.testing import run_cli; r = run_cli(['games', '--json']); "
        "assert 'burgundy' in r.stdout and 'partly reconstructed' in r.stdout, r.stdout; "
        "assert 'bgkit_burgundy.game' not in sys.modules and 'bgkit_burgundy.state' not in sys.modules; print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and "ok" in out.stdout, out.stderr
