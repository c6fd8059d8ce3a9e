"""Score sheets: validation names the field, the player and the line; templates; the prompt."""

import pytest

from bgkit.model.errors import BadInput, SheetError
from bgkit.model.sheets import Field, ask_sheet, dump_sheet, parse_sheet, template

GOOD = """game = "goofspiel"

[[player]]
name = "Ada"
prizes = [13, 12]

[[player]]
name = "Bo"
prizes = [1, 2, 3]
"""


def test_good_sheet_parses(goofspiel):
    sheet = parse_sheet(goofspiel, GOOD, "s.toml")
    assert sheet.names == ["Ada", "Bo"]
    assert sheet.players[1]["prizes"] == [1, 2, 3]


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('prizes = [1, 2, 3]', 'prizes = [1, 2, 3]\nbonus = 4', "s.toml:10: unknown field 'bonus' for player 2"),
        ('prizes = [1, 2, 3]\n', '', "s.toml:7: missing field 'prizes' for player 2"),
        ('prizes = [13, 12]', 'prizes = 25', "s.toml:5: prizes must be a list of whole numbers, not 25 (player 1)"),
        ('prizes = [1, 2, 3]', 'prizes = [1, 2, 30]', "s.toml:9: prizes is 30, but cannot be above 13 (player 2)"),
        ('prizes = [1, 2, 3]', 'prizes = [1, 12]', "s.toml:9: prize card 12 is listed for both Ada and Bo (there is one of each)"),
        ('game = "goofspiel"', 'game = "chess"', "s.toml:1: this sheet is for 'chess'"),
        ('name = "Bo"', 'name = "Ada"', "s.toml:8: two players are called 'Ada'"),
    ],
)
def test_bad_sheet_names_field_and_line(goofspiel, old, new, message):
    with pytest.raises(SheetError) as exc:
        parse_sheet(goofspiel, GOOD.replace(old, new), "s.toml")
    assert str(exc.value).startswith(message)


def test_toml_syntax_error_names_the_line(goofspiel):
    with pytest.raises(BadInput) as exc:
        parse_sheet(goofspiel, GOOD.replace("prizes = [13, 12]", "prizes = [13, 12"), "s.toml")
    assert str(exc.value).startswith("s.toml:7: not valid TOML")


def test_wrong_player_count_is_named(goofspiel):
    one = GOOD.split("[[player]]\nname = \"Bo\"")[0]
    with pytest.raises(SheetError, match="1 \\[\\[player\\]\\] table: Goofspiel is for 2-4 players, not 1"):
        parse_sheet(goofspiel, one, "s.toml")


def test_template_lists_every_field_with_its_explanation(goofspiel):
    text = template(goofspiel, 3)
    assert text.count("\n[[player]]\n") == 3
    assert "# the prize cards this player won; each 1..13; required" in text


def test_dumped_sheet_reads_back(goofspiel):
    sheet = parse_sheet(goofspiel, GOOD, "s.toml")
    assert parse_sheet(goofspiel, dump_sheet(sheet)).players == sheet.players


def test_prompt_asks_again_until_valid(goofspiel):
    answers = iter(["Ada", "13 x", "[13, 12]", "Bo", "12", "1 2"])
    said = []
    sheet = ask_sheet(goofspiel, 2, lambda q: next(answers), said.append)
    assert sheet.players == [{"prizes": [13, 12]}, {"prizes": [1, 2]}]
    assert any("not '13 x'" in s for s in said)  # a typo is asked again
    assert any("is listed for both" in s for s in said)  # so is an impossible combination


def test_field_checks_types_and_ranges():
    field = Field("gold", "gold coins", minimum=0, maximum=9)
    assert field.parse_text("4") == 4
    with pytest.raises(SheetError, match="cannot be above 9"):
        field.check(10)
    with pytest.raises(SheetError, match="must be a whole number, not true"):
        field.check(True)
    choice = Field("ending", "how it ended", kind=str, choices=("offerings", "markers"))
    with pytest.raises(SheetError, match="choose one of offerings, markers"):
        choice.check("time")


def test_a_list_one_item_over_its_limit_is_refused_and_at_the_limit_accepted():
    field = Field("knowledge", "tiles", kind=list, minimum=1, maximum=26, max_items=3)
    assert field.check([1, 2, 3]) == [1, 2, 3]
    with pytest.raises(SheetError, match="knowledge lists 4 items, but there can be at most 3"):
        field.check([1, 2, 3, 4])
