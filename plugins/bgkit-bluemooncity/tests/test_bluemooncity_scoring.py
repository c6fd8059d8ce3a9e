"""The result at the table: every ending, the tie-breaks, bad sheets and the score command."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bgkit.api import SheetError
from bgkit.testing import ask_sheet, get_registry, parse_sheet, run_cli, sheet_from_data

GAME = get_registry().load_game("bluemooncity")


def sheet_text(ended_by, *players):
    """players: (name, offerings, crystals, scales) tuples."""
    lines = ['game = "bluemooncity"', f'ended_by = "{ended_by}"']
    for name, offerings, crystals, scales in players:
        lines += ["", "[[player]]", f'name = "{name}"', f"offerings = {offerings}", f"crystals = {crystals}",
                  f"scales = {scales}"]
    return "\n".join(lines) + "\n"


def score(ended_by, *players):
    return GAME.score_sheet(parse_sheet(GAME, sheet_text(ended_by, *players), "sheet.toml"))


# -- endings -------------------------------------------------------------------------------------


def test_first_to_the_target_wins_three_players():
    result = score("offerings", ("Ada", 5, 0, 1), ("Bo", 4, 20, 0), ("Cy", 2, 3, 4))
    assert result.winners == [0]
    assert result.totals == [5, 4, 2]
    assert result.ranks == [1, 2, 3]
    assert "offering target" in result.decided_by
    assert result.total_label == "offerings"
    assert result.categories == ["offerings", "crystals", "golden scales"]
    assert result.table[2] == {"offerings": 2, "crystals": 3, "golden scales": 4}


@pytest.mark.parametrize("players, target", [(2, 6), (3, 5), (4, 4)])
def test_target_depends_on_player_count(players, target):
    # the others sit just below the target with more crystals: reaching the target still wins
    rows = [(f"P{i}", target - 1, 30, 0) for i in range(players - 1)] + [("Winner", target, 0, 0)]
    result = score("offerings", *rows)
    assert result.winners == [players - 1]
    assert result.decided_by == f"first to reach the offering target: {target} offerings"


def test_buildings_ending_most_offerings_wins():
    result = score("buildings", ("Ada", 3, 1, 0), ("Bo", 4, 0, 2), ("Cy", 2, 30, 0))
    assert result.winners == [1]
    assert result.decided_by == "every building restored: most offerings"


def test_buildings_ending_tie_broken_by_crystals_left():
    result = score("buildings", ("Ada", 4, 5, 0), ("Bo", 4, 8, 0), ("Cy", 1, 30, 0))
    assert result.winners == [1]
    assert result.ranks == [2, 1, 3]
    assert result.decided_by == "every building restored: tied on offerings, most crystals left"
    assert result.tiebreaks[0].label == "crystals left"


def test_buildings_ending_shared_win():
    result = score("buildings", ("Ada", 3, 6, 0), ("Bo", 3, 6, 5), ("Cy", 3, 2, 0), ("Di", 1, 9, 0))
    assert result.winners == [0, 1]
    assert result.ranks == [1, 1, 3, 4]
    assert "shared win" in result.decided_by


def test_markers_ending_has_no_winner():
    result = score("markers", ("Ada", 4, 12, 1), ("Bo", 2, 3, 0))
    assert result.winners == []
    assert result.ranks == [1, 1]
    assert result.decided_by.startswith("no winner")
    assert "markers" in result.decided_by


def test_scales_do_not_decide():
    result = score("buildings", ("Ada", 3, 5, 8), ("Bo", 3, 6, 0))
    assert result.winners == [1]


@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 40)), min_size=3, max_size=3),
)
def test_buildings_winner_is_best_on_offerings_then_crystals(rows):
    result = score("buildings", *[(f"P{i}", o, c, 0) for i, (o, c) in enumerate(rows)])
    best = max(rows)
    assert result.winners == [i for i, row in enumerate(rows) if row == best]


# -- bad sheets ----------------------------------------------------------------------------------


def bad(text):
    with pytest.raises(SheetError) as info:
        parse_sheet(GAME, text, "sheet.toml")
    return info.value


def test_offerings_ending_needs_someone_at_the_target():
    error = bad(sheet_text("offerings", ("Ada", 4, 0, 0), ("Bo", 3, 0, 0), ("Cy", 2, 0, 0)))
    assert error.field == "ended_by" and error.where == "sheet.toml:2"
    assert "nobody made 5 offerings" in str(error)


def test_two_players_at_the_target_is_impossible():
    error = bad(sheet_text("offerings", ("Ada", 6, 0, 0), ("Bo", 6, 0, 0)))
    assert error.field == "offerings" and error.player == 1
    assert error.where == "sheet.toml:12"


@pytest.mark.parametrize("ending", ["buildings", "markers"])
def test_reaching_the_target_means_the_game_ended_by_offerings(ending):
    error = bad(sheet_text(ending, ("Ada", 2, 0, 0), ("Bo", 4, 0, 0), ("Cy", 0, 0, 0), ("Di", 0, 0, 0)))
    assert error.field == "offerings" and error.player == 1
    assert "ended_by must be 'offerings'" in str(error)


def test_more_than_the_target_is_rejected_by_the_field():
    error = bad(sheet_text("offerings", ("Ada", 7, 0, 0), ("Bo", 0, 0, 0)))
    assert error.field == "offerings" and "cannot be above 6" in str(error) and error.where == "sheet.toml:6"


def test_more_scales_than_in_play():
    error = bad(sheet_text("buildings", ("Ada", 1, 0, 5), ("Bo", 1, 0, 5)))  # 2 players: 9 scales
    assert error.field == "scales" and error.player == 0 and "only 8 (9 are in play with 2 players" in str(error)


def test_an_empty_scale_supply_is_exchanged_at_once():
    """2 players put out 9 scales. Ada 5 + Bo 4 = 9 would leave the supply empty, but taking the
    last scale exchanges them at once [RB p2-3]: Ada (sole most) gets 6 crystals and Bo (4, at
    least 3) gets 3, and both give their scales back, so 5 and 4 cannot be on the table at the end."""
    error = bad(sheet_text("buildings", ("Ada", 1, 0, 5), ("Bo", 1, 0, 4)))
    assert error.field == "scales" and error.player == 0 and error.where == "sheet.toml:8"  # Ada holds the most
    assert "only 8" in str(error) and "one at least stays in the supply" in str(error)
    one_left = score("buildings", ("Ada", 1, 0, 5), ("Bo", 1, 0, 3))  # 8 held, 1 still in the supply
    assert one_left.table[0]["golden scales"] == 5 and one_left.table[1]["golden scales"] == 3
    assert bad(sheet_text("buildings", ("Ada", 1, 0, 9), ("Bo", 1, 0, 0))).field == "scales"  # the field: 0..8


def test_unknown_ending_and_negative_crystals():
    assert bad(sheet_text("dragons", ("Ada", 1, 0, 0), ("Bo", 1, 0, 0))).field == "ended_by"
    assert bad(sheet_text("markers", ("Ada", 1, -2, 0), ("Bo", 1, 0, 0))).field == "crystals"


def test_more_offerings_than_obelisk_boxes(tmp_path):
    data = tmp_path / "small-obelisk.toml"
    data.write_text(
        "[player_count.3]\nscales = 12\nofferings_to_win = 5\nobelisk_boxes = 8\n"
        'source = "a test table"\nconfirmed = true\n'
    )
    game = get_registry().load_game("bluemooncity", data)
    with pytest.raises(SheetError) as info:
        parse_sheet(game, sheet_text("buildings", ("Ada", 4, 0, 0), ("Bo", 3, 0, 0), ("Cy", 3, 0, 0)), "s.toml")
    assert info.value.field == "offerings" and info.value.player == 0 and "8 boxes" in str(info.value)
    assert "the players hold 10 markers on the obelisk in all" in str(info.value)


def test_interactive_prompt_asks_again_for_an_impossible_ending():
    answers = iter(["offerings", "Ada", "3", "4", "0", "Bo", "2", "1", "0", "buildings"])
    said = []
    sheet = ask_sheet(GAME, 2, lambda question: next(answers), said.append)
    assert sheet.fields["ended_by"] == "buildings"
    assert any("nobody made 6 offerings" in line for line in said)
    assert GAME.score_sheet(sheet).winners == [0]


def test_sheet_from_data_round_trip():
    sheet = sheet_from_data(GAME, {"game": "bluemooncity", "ended_by": "markers",
                                   "player": [{"name": "A", "offerings": 1, "crystals": 2}, {"name": "B", "offerings": 0, "crystals": 0}]})
    assert sheet.players[0]["scales"] == 0  # optional, defaults to 0


# -- end to end ----------------------------------------------------------------------------------


def test_cli_score_file(tmp_path):
    path = tmp_path / "end.toml"
    path.write_text(sheet_text("offerings", ("Ada", 1, 2, 0), ("Bo", 4, 0, 3), ("Cy", 2, 7, 1), ("Di", 0, 0, 0)))
    result = run_cli(["score", "bluemooncity", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "Winner: Bo" in result.stdout and "offering target" in result.stdout
    assert "offerings" in result.stdout and "crystals" in result.stdout


def test_cli_score_stdin_json():
    text = sheet_text("buildings", ("Ada", 3, 4, 0), ("Bo", 3, 9, 0))
    result = run_cli(["score", "bluemooncity", "-", "--format", "json"], input=text)
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["winners"] == ["Bo"]
    assert doc["players"][1]["offerings"] == 3 and doc["players"][1]["tiebreaks"] == {"crystals left": 9}
    assert doc["decided_by"] == "every building restored: tied on offerings, most crystals left"


def test_cli_score_markers_prints_no_winner_and_the_reason():
    text = sheet_text("markers", ("Ada", 3, 4, 0), ("Bo", 5, 9, 0))
    result = run_cli(["score", "bluemooncity", "-"], input=text)
    assert result.exit_code == 0, result.stderr
    assert "Winner: nobody" in result.stdout and "no winner" in result.stdout


def test_cli_template_scores_once_filled():
    template = run_cli(["score", "bluemooncity", "--template", "-p", "3"]).stdout
    assert "ended_by" in template and "target 5" in template and "0..11" in template  # 12 scales in play
    filled = template.replace('ended_by = "offerings"', 'ended_by = "buildings"')
    result = run_cli(["score", "bluemooncity", "-"], input=filled)
    assert result.exit_code == 0 and "shared win" in result.stdout


def test_cli_bad_sheet_exit_2_names_field_and_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(sheet_text("buildings", ("Ada", 2, 0, 0), ("Bo", 6, 0, 0)))
    result = run_cli(["score", "bluemooncity", str(path)])
    assert result.exit_code == 2
    assert f"{path}:12" in result.stderr and "offerings" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_score_with_own_data_uses_its_target(tmp_path):
    data = tmp_path / "house-rule.toml"
    data.write_text(
        "[player_count.3]\nscales = 12\nofferings_to_win = 4\nobelisk_boxes = 13\n"
        'source = "our house rule"\nconfirmed = false\nnote = "a shorter game"\n'
    )
    sheet = tmp_path / "end.toml"
    sheet.write_text(sheet_text("offerings", ("Ada", 4, 0, 0), ("Bo", 3, 5, 0), ("Cy", 1, 9, 0)))
    shipped = run_cli(["score", "bluemooncity", str(sheet)])
    assert shipped.exit_code == 2 and "nobody made 5 offerings" in shipped.stderr
    own = run_cli(["score", "bluemooncity", str(sheet), "--data", str(data), "--format", "json"])
    assert own.exit_code == 0, own.stderr
    assert json.loads(own.stdout)["winners"] == ["Ada"]
    template = run_cli(["score", "bluemooncity", "--template", "-p", "3", "--data", str(data)]).stdout
    assert "target 4" in template


def test_cli_template_needs_players_and_rejects_five():
    assert run_cli(["score", "bluemooncity", "--template"]).exit_code == 2
    assert run_cli(["score", "bluemooncity", "--template", "-p", "5"]).exit_code == 2


def test_games_lists_the_game_and_its_data_status():
    rows = [r for r in json.loads(run_cli(["games", "--json"]).stdout) if r["id"] == "bluemooncity"]
    assert rows[0]["data_status"] == "partly reconstructed"
    assert "--data FILE" in rows[0]["data_note"]
    assert rows[0]["players"] == "2-4"