"""Scoring at the table: every category with hand-computed examples, tie-breaks, bad sheets, CLI."""

from __future__ import annotations

import json

import pytest

from bgkit.api import SheetError
from bgkit.testing import run_cli, sheet_from_data


def player(**values):
    row = {"track_points": 0, "unsold_goods": 0, "silverlings": 0, "workers": 0, "empty_spaces": 20}
    row.update(values)
    return row


def score(burgundy, *rows, ruleset="2011"):
    data = {"game": "burgundy", "ruleset": ruleset, "player": [dict(r, name=f"P{i}") for i, r in enumerate(rows)]}
    return burgundy.score_sheet(sheet_from_data(burgundy, data))


def test_basic_categories(burgundy):
    result = score(burgundy, player(track_points=120, unsold_goods=3, silverlings=4, workers=5), player())
    assert result.table[0] == {"track": 120, "goods": 3, "silverlings": 4, "workers": 2, "knowledge": 0}
    assert result.totals[0] == 129


@pytest.mark.parametrize(
    "tile,values,ruleset,points",
    [
        (15, {"sold_1": 2, "sold_4": 1, "sold_6": 3}, "2011", 9),
        (15, {"sold_1": 2, "sold_4": 1, "sold_6": 3}, "2019", 6),
        (16, {"warehouses": 2}, "2011", 8),
        (17, {"watchtowers": 1}, "2011", 4),
        (18, {"carpenters_workshops": 3}, "2011", 12),
        (19, {"churches": 1}, "2011", 4),
        (20, {"markets": 2}, "2011", 8),
        (21, {"boarding_houses": 1}, "2011", 4),
        (22, {"banks": 2}, "2011", 8),
        (23, {"city_halls": 1}, "2011", 4),
        (24, {"animal_species": 3}, "2011", 12),
        (25, {"sold_2": 4, "sold_3": 3}, "2011", 7),
        (26, {"bonus_tiles": 3}, "2011", 6),
        (26, {"bonus_tiles": 3}, "2019", 9),
    ],
)
def test_each_end_game_knowledge_tile(burgundy, tile, values, ruleset, points):
    result = score(burgundy, player(knowledge=[tile], empty_spaces=5, **values), player(), ruleset=ruleset)
    assert result.table[0]["knowledge"] == points


def test_knowledge_tiles_1_to_14_score_nothing_at_the_end(burgundy):
    result = score(burgundy, player(knowledge=[1, 2, 3, 7, 12, 14], empty_spaces=10, warehouses=2), player())
    assert result.table[0]["knowledge"] == 0


def test_tie_break_fewest_empty_spaces_then_later_in_turn_order(burgundy):
    result = score(burgundy, player(track_points=100, empty_spaces=5), player(track_points=100, empty_spaces=3))
    assert result.winners == [1] and result.decided_by == "tie-break: fewest empty estate spaces"
    result = score(burgundy, player(track_points=100, empty_spaces=3, turn_position=2),
                   player(track_points=100, empty_spaces=3, turn_position=1))
    assert result.winners == [0] and result.decided_by == "tie-break: later in turn order"
    result = score(burgundy, player(track_points=100, empty_spaces=3), player(track_points=100, empty_spaces=3))
    assert result.winners == [1]  # without turn_position the sheet's order is the turn order
    assert any("Board Game Arena" in note for note in result.notes)


@pytest.mark.parametrize(
    "rows,field",
    [
        ([player(knowledge=[16]), player(knowledge=[16])], "knowledge"),
        ([player(knowledge=[3, 3]), player()], "knowledge"),
        ([player(empty_spaces=36, banks=1), player()], "empty_spaces"),
        ([player(bonus_tiles=2, empty_spaces=33), player()], "bonus_tiles"),
        ([player(sold_1=5), player(sold_1=3)], "sold_1"),
        ([player(turn_position=1), player(turn_position=1)], "turn_position"),
        ([player(unsold_goods=30, sold_2=7, sold_3=7), player()], "unsold_goods"),
        # 2 players: 25 + 2 x 3 = 31 goods come into play; 17 + 15 are one too many
        ([player(unsold_goods=3, sold_2=7, sold_3=7), player(unsold_goods=2, sold_4=7, sold_5=6)], "unsold_goods"),
        # 13 buildings, but an estate has 12 building spaces
        ([player(empty_spaces=0, warehouses=5, churches=5, banks=3), player()], "warehouses"),
        # the box has 7 tiles of each building type: 4 + 4 is one too many
        ([player(empty_spaces=20, warehouses=4), player(empty_spaces=20, warehouses=4)], "warehouses"),
        ([player(bonus_tiles=6, empty_spaces=0), player(bonus_tiles=6, empty_spaces=0), player(bonus_tiles=1, empty_spaces=0)], "bonus_tiles"),
    ],
)
def test_impossible_sheets(burgundy, rows, field):
    data = {"game": "burgundy", "player": [dict(r, name=f"P{i}") for i, r in enumerate(rows)]}
    with pytest.raises(SheetError) as exc:
        sheet_from_data(burgundy, data)
    assert exc.value.field == field


def test_most_goods_and_buildings_a_sheet_allows(burgundy):
    """31 goods held by 2 players and 12 buildings in one estate are possible."""
    score(burgundy, player(unsold_goods=3, sold_2=7, sold_3=7), player(unsold_goods=1, sold_4=7, sold_5=6))
    score(burgundy, player(empty_spaces=0, warehouses=4, churches=4, banks=4), player())


SHEET = """game = "burgundy"

[[player]]
name = "Ada"
track_points = 150
unsold_goods = 2
silverlings = 3
workers = 5
empty_spaces = 4
knowledge = [16, 24]
warehouses = 2
animal_species = 3

[[player]]
name = "Bo"
track_points = 170
unsold_goods = 0
silverlings = 1
workers = 1
empty_spaces = 2
"""


def test_cli_score_file_stdin_json(tmp_path):
    path = tmp_path / "sheet.toml"
    path.write_text(SHEET)
    result = run_cli(["score", "burgundy", str(path)])
    assert result.exit_code == 0 and "Bo" in result.stdout
    data = json.loads(run_cli(["score", "burgundy", "-", "--format", "json"], input=SHEET).stdout)
    ada, bo = data["players"]
    assert ada["total"] == 150 + 2 + 3 + 2 + 8 + 12 and bo["total"] == 171
    assert data["winners"] == ["Ada"]


def test_cli_bad_sheet_names_field_and_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(SHEET.replace("workers = 5", "workers = -1"))
    result = run_cli(["score", "burgundy", str(path)])
    assert result.exit_code == 2 and "workers" in result.stderr and f"{path}:8" in result.stderr
    path.write_text(SHEET.replace("knowledge = [16, 24]", "knowledge = [16, 16]"))
    result = run_cli(["score", "burgundy", str(path)])
    assert result.exit_code == 2 and "knowledge" in result.stderr and f"{path}:10" in result.stderr


def test_cli_template_parses_and_scores():
    template = run_cli(["score", "burgundy", "--template", "-p", "3"])
    assert template.exit_code == 0 and "track_points" in template.stdout
    result = run_cli(["score", "burgundy", "-", "--format", "json"], input=template.stdout)
    assert result.exit_code == 0
