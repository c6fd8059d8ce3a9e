"""Hostile input is one line and exit 2, never a traceback: numbers past what a game can reach, exact
integer points, TOML that breaks the parser, files that never end, data files with absurd counts."""

import json
import math
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bgkit.model.components import DataFile, Table
from bgkit.model.errors import BadInput, DataError, SheetError
from bgkit.plugins.registry import get_registry, reset_registry
from bgkit.model.sheets import CEILING, Field
from bgkit.testing import bgkit_limited as bgkit
from bgkit.testing import run_cli
from bgkit.model.tomllines import MAX_DEPTH, parse_toml

EXAMPLES = __import__("pathlib").Path(__file__).parent.parent / "examples" / "sheets"


def one_line_error(result, *parts):
    assert result.returncode == 2 if hasattr(result, "returncode") else result.exit_code == 2, result
    text = result.stderr.strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    assert text.startswith("bgkit: error: "), text
    for part in parts:
        assert part in text, text
    return text


# -- numbers -----------------------------------------------------------------------------------------

def _all_fields():
    reset_registry()
    registry = get_registry()
    for gid, info in registry.games.items():
        game = registry.load_game(gid)
        for n in range(info.min_players, info.max_players + 1):
            for f in game.sheet_game_fields(n) + game.sheet_fields(n):
                yield gid, n, f


def test_every_numeric_field_of_every_game_has_an_upper_bound():
    unbounded = [(g, n, f.name) for g, n, f in _all_fields() if f.kind in (int, list) and f.maximum is None]
    unlimited = [(g, n, f.name) for g, n, f in _all_fields() if f.kind is list and f.max_items is None]
    assert unbounded == [] and unlimited == []


def test_a_field_without_a_bound_of_its_own_still_refuses_the_absurd():
    f = Field("coins", "coins")
    assert f.check(CEILING) == CEILING
    with pytest.raises(SheetError, match=r"coins is a number of about 401 digits, but cannot be above 1000000"):
        f.check(10**400)
    with pytest.raises(SheetError, match="at most 1000"):
        Field("cards", "cards", kind=list).check([1] * 1001)


@pytest.mark.parametrize("game, sheet, old, new, message", [
    ("bretagne", "bretagne-3p.toml", "track = 58", "track = 1" + "0" * 400, "track is a number of about 401 digits, but cannot be above 999"),
    ("bluemooncity", "bluemooncity-3p.toml", "crystals = 7", "crystals = 1" + "0" * 30, "crystals is a number of about 31 digits, but cannot be above 999"),
    ("bluemooncity", "bluemooncity-3p.toml", "crystals = 7", "crystals = 1e30", "crystals must be a whole number, not 1e+30"),
    ("bruges", "bruges-3p.toml", "laurels = [2]", "laurels = [1000000000000000000]", "laurels is a number of about 19 digits, but cannot be above 99"),
])
def test_numbers_past_what_the_game_reaches_are_one_line(tmp_path, game, sheet, old, new, message):
    text = (EXAMPLES / sheet).read_text()
    assert old in text
    (tmp_path / "s.toml").write_text(text.replace(old, new, 1))
    one_line_error(run_cli(["score", game, tmp_path / "s.toml"]), message)


def _example_sheets():
    return sorted(p.name for p in EXAMPLES.glob("*.toml"))


@pytest.mark.parametrize("name", _example_sheets())
def test_points_are_exact_integers_and_every_player_has_a_total(name):
    result = run_cli(["score", name.split("-")[0], EXAMPLES / name, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    for player in doc["players"]:
        assert type(player["total"]) is int
        assert all(type(v) is int for v in player["scores"].values())
        assert all(type(v) is int for v in player["tiebreaks"].values())
    assert re.search(r"\d\.0\b", result.stdout) is None


def test_fractions_stay_fractions():
    from bgkit.model.ranking import build_result

    result = build_result("g", ["a", "b"], [{"x": 1.5, "y": 2}, {"x": 2.0, "y": 1}])
    assert result.totals == [3.5, 3] and type(result.totals[1]) is int


# -- TOML the parser cannot take -------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("a = " + "[" * 500 + "]" * 500, f"s.toml:1: not valid here: tables or arrays nest more than {MAX_DEPTH} deep"),
    ("a = " + "{b = " * 300 + "1" + "}" * 300, "nest more than"),
    (".".join(["a"] * 2000) + " = 1", "nest more than"),
    ("game = 'x'\na = " + "9" * 5000, "s.toml:2: not valid here: a number of more than 4,300 digits"),
    ("a = '" + "x" * 1_100_000 + "'", "longer than 1,000,000 characters"),
])
def test_toml_the_parser_cannot_take_is_one_line(text, message):
    with pytest.raises(BadInput) as exc:
        parse_toml(text, "s.toml")
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_brackets_in_strings_and_comments_do_not_count_as_nesting():
    text = 'a = "' + "[" * 40 + '"\n# ' + "{" * 40 + "\nb = '''" + "[" * 40 + "'''\nc = [[1]]\n"
    assert parse_toml(text, "s.toml")["c"] == [[1]]


def _deepest_char_by_char(text: str, limit: int):
    """The nesting rule stated plainly, one character at a time: what the scan must agree with."""
    depth, line, quote, i = 0, 1, "", 0
    while i < len(text):
        ch = text[i]
        if ch == "\n":
            line += 1
            quote = "" if quote in ('"', "'") else quote
        elif quote:
            if quote in ('"', '"""') and ch == "\\":
                i += 2
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
        elif ch == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote)
            continue
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["[", "]", "{", "}", '"', "'", '"""', "\'\'\'", "#", "\n", "\\", "a", " = "]), max_size=60),
       st.integers(1, 4))
@example(['"', "\\", '"', "[", "["], 1)  # an escaped quote does not end the string
@example(['"""', "a", '"""', '"', "\n", "[", "["], 1)  # the quotes that close a triple-quoted one start no other
@example(['"', "\n", "[", "["], 1)  # a one-line string ends at its line's end
@example(["]", "[", "["], 1)  # a stray closing bracket does not buy depth
@example(["#", "[", "\n", "[", "["], 1)  # a comment ends at the line end, which still counts
def test_the_nesting_scan_agrees_with_reading_every_character(pieces, limit):
    from bgkit.model.tomllines import _deepest

    text = "".join(pieces)
    assert _deepest(text, limit) == _deepest_char_by_char(text, limit)


def _sheet(tmp_path, text: bytes | str):
    path = tmp_path / "sheet.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def test_a_sheet_saved_with_a_byte_order_mark_reads_as_any_other(tmp_path):
    """Windows Notepad starts a UTF-8 file with a byte-order mark: it is not part of the sheet."""
    plain = (EXAMPLES / "goofspiel-2p.toml").read_bytes()
    marked = run_cli(["score", "goofspiel", str(_sheet(tmp_path, b"\xef\xbb\xbf" + plain))])
    assert marked.exit_code == 0 and marked.stdout == run_cli(["score", "goofspiel", str(EXAMPLES / "goofspiel-2p.toml")]).stdout


@pytest.mark.parametrize("text, message", [
    ('game = "goofspiel"\n[player]\nname = "A"\n[player]\nname = "B"\n',
     "sheet.toml:4: not valid TOML: [player] is declared twice (a table that repeats, one for each player, is [[player]])"),
    ("game = 5\n", "sheet.toml:1: game must be the game's id as text (game = 'goofspiel'), not 5"),
    ('foo = 1\n' + (EXAMPLES / "goofspiel-2p.toml").read_text(), "sheet.toml:1: unknown field 'foo' for the sheet (known: game, [[player]])"),
])
def test_a_sheet_mistake_is_said_as_the_person_wrote_it(tmp_path, text, message):
    one_line_error(run_cli(["score", "goofspiel", str(_sheet(tmp_path, text))]), message)


@pytest.mark.parametrize("args", [
    ["score", "burgundy", "/dev/zero"],
    ["score", "burgundy", "/tmp"],
    ["setup", "burgundy", "-p", "2", "--data", "/dev/zero"],
    ["score", "burgundy", "-"],
])
def test_files_that_never_end_are_refused_with_a_size_limit(args):
    with open("/dev/zero") as zero:
        result = bgkit(*args, stdin=zero)
    one_line_error(result)
    assert re.search(r"over 1,000,000 bytes|larger than 1,000,000 characters|Is a directory|not a regular file", result.stderr)


# -- component data ---------------------------------------------------------------------------------

def test_every_count_read_from_a_data_file_is_bounded_by_default():
    table = Table({"n": 10**100, "ok": 12, "many": list(range(1001)), "nan": math.nan}, ("t",), DataFile("", "d.toml"))
    assert table.int("ok") == 12
    with pytest.raises(DataError, match=r"t\.n: must be at most 1000, not a number of about 101 digits"):
        table.int("n", 0)
    with pytest.raises(DataError, match="t.many: lists 1001 values"):
        table.ints("many")
    with pytest.raises(DataError, match="not nan"):
        table.number("nan")


BUILDINGS = """[buildings]
source = "my box"
confirmed = false
names = ["warehouse", "watchtower", "carpenter", "church", "market", "boarding", "bank", "cityhall"]
per_type = [5, 1""" + "0" * 100 + "]\n"


def test_an_absurd_count_in_a_data_file_is_refused_before_anything_is_allocated(tmp_path):
    (tmp_path / "box.toml").write_text(BUILDINGS)
    for args in (["setup", "burgundy", "-p", "2"], ["setup", "burgundy", "-p", "2", "--count"]):
        result = bgkit(*args, "--data", tmp_path / "box.toml")
        one_line_error(result, "box.toml:5: buildings.per_type: every value must be at most 1000")


def test_burgundy_refuses_data_it_cannot_be_set_up_from(tmp_path):
    (tmp_path / "box.toml").write_text('[tiles]\nsource = "mine"\nconfirmed = false\ncastle = [2, 0]\n'
                                       'mine = [0, 0]\nship = [20, 0]\n')
    for args in (["setup", "burgundy", "-p", "2"], ["setup", "burgundy", "-p", "4", "--count"]):
        result = run_cli([*args, "--data", tmp_path / "box.toml"])
        one_line_error(result, "box.toml:4: tiles.castle: 2 castle tiles with a coloured back are too few to set up "
                               "2 players: 3 are needed (a start castle each and the phase A depots)")


# -- setup files with numbers past what Python converts ---------------------------------------------

@pytest.mark.parametrize("fmt", ["json", "toml"])
@pytest.mark.parametrize("digits", [5000, 4299])
def test_a_huge_integer_anywhere_in_a_setup_file_is_one_line(tmp_path, fmt, digits):
    """Each whole number of the file in turn (seed, players, options, setup fields) made ``digits`` long."""
    text = bgkit("setup", "goofspiel", "-p", "2", "--seed", "1", "--format", fmt).stdout
    numbers = list(re.finditer(r"(?<![\w.\"])\d+(?![\w.\"])", text))
    assert len(numbers) >= 8
    for found in numbers:
        (tmp_path / f"s.{fmt}").write_text(text[:found.start()] + "9" * digits + text[found.end():])
        result = bgkit("play", "goofspiel", "random", "random", "--setup", tmp_path / f"s.{fmt}")
        one_line_error(result)
        assert len(result.stderr) < 600, result.stderr[:600]  # the number is not pasted back whole


# -- a save's seats are checked as typed seats are ------------------------------------------------

@pytest.mark.parametrize("seat, message", [
    ("mcts:seconds=1e9", "bot parameter seconds must be at most 3,600, not '1e9'"),
    ("mcts:iterations=nan", "bot parameter iterations must be a whole number, not 'nan'"),
    ("mcts:iterations=-5", "bot parameter iterations must be positive, not '-5'"),
    ("mcts:depth=1e308", "bot parameter depth must be a whole number, not '1e308'"),
])
def test_a_saved_seat_is_checked_on_resume_as_on_the_command_line(tmp_path, seat, message):
    save = tmp_path / "save.json"
    played = bgkit("play", "goofspiel", "random", "random", "--seed", "1", "--save", save)
    assert played.returncode == 0
    saved = json.loads(save.read_text())
    saved["seats"][0] = seat
    saved["actions"] = saved["actions"][:3]
    saved.pop("result", None)
    save.write_text(json.dumps(saved))
    one_line_error(bgkit("play", "--resume", save, "--save", tmp_path / "other.json", timeout=60), message)
    one_line_error(bgkit("play", "goofspiel", seat, "random", timeout=60), message)
