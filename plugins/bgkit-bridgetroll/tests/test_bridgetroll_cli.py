"""End to end through the command line: games, setup (text/json/toml/--count), score, errors."""

import json
import re
import textwrap
import tomllib

import pytest

from bgkit.testing import run_cli

SHEET = textwrap.dedent(
    """\
    game = "bridgetroll"

    [[player]]
    name = "Ada"
    vp_tokens = 12
    upgrades = [1, 4]
    stones = 3

    [[player]]
    name = "Bo"
    vp_tokens = 14
    upgrades = [2]
    stones = 5

    [[player]]
    name = "Cy"
    vp_tokens = 10
    upgrades = [3, 5]
    stones = 1
    """
)


def test_games_lists_bridgetroll_with_data_status():
    result = run_cli(["games", "--json"])
    assert result.exit_code == 0
    (row,) = [r for r in json.loads(result.stdout) if r["id"] == "bridgetroll"]
    assert row["players"] == "3-6"
    assert row["data_status"] == "partly reconstructed"
    assert "--data FILE" in row["data_note"] and "travellers (bonus, counts" in row["data_note"]


def test_setup_text_for_the_table():
    result = run_cli(["setup", "bridgetroll", "-p", "4", "--seed", "7", "--option", "deck=order"])
    assert result.exit_code == 0
    out = result.stdout
    assert "seed 7" in out
    for words in (
        "Boards and stones",
        "each player also takes a rules summary card",  # setup step 2
        "Common stone pool, 12 stones",
        "each player takes 5 face down",
        "Traveller deck, face down",
        "Bridge upgrade pile",
        "(15 on top, 1 at the bottom)",
        "Travel schedule card for 4 players",
        "partly cloudy",
        "Start player: seat",
        "1 victory point on top of the trophy pile",
        "reconstructed value",
        "bgkit setup bridgetroll -p 4 --seed 7",
    ):
        assert words in " ".join(out.split()), words  # rich's line wrapping undone
    assert out == run_cli(["setup", "bridgetroll", "-p", "4", "--seed", "7", "--option", "deck=order"]).stdout


def test_setup_text_names_the_colours_back_in_the_box():
    def words(players):  # the text with rich's line wrapping undone
        return " ".join(run_cli(["setup", "bridgetroll", "-p", str(players), "--option", "colours=seat"]).stdout.split())

    assert "Back in the box: every blue and orange stone." in words(4)
    assert "Back in the box: every orange stone." in words(5)
    # 3 players: purple is the fourth colour, all of it in the pool
    assert "3 yellow, 9 purple (all of an unused colour). Back in the box: every blue and orange stone." in words(3)
    assert "Back in the box" not in words(6)


def test_setup_text_six_players_and_table_shuffle():
    out = run_cli(["setup", "bridgetroll", "-p", "6", "--seed", "1"]).stdout  # deck=shuffle is the default
    assert "back in the box: 14, 15" in out
    assert "(13 on top, 1 at the bottom)" in " ".join(out.split())
    assert "Shuffle the 53 travellers" in out


def test_setup_json_and_toml_agree():
    order = ["--option", "deck=order"]
    as_json = json.loads(run_cli(["setup", "bridgetroll", "-p", "3", "--seed", "9", "--format", "json", *order]).stdout)
    as_toml = tomllib.loads(run_cli(["setup", "bridgetroll", "-p", "3", "--seed", "9", "--format", "toml", *order]).stdout)
    assert as_json == as_toml
    assert as_json["game"] == "bridgetroll" and as_json["seed"] == 9 and as_json["players"] == 3
    assert as_json["options"] == {"colours": "random", "start": "random", "deck": "order"}
    assert len(as_json["setup"]["deck"]) == 53 and as_json["setup"]["pool_size"] == 18


def test_setup_options_on_the_command_line():
    doc = json.loads(
        run_cli(
            ["setup", "bridgetroll", "-p", "5", "--seed", "2", "--format", "json", "--option", "colours=seat",
             "--option", "start=1", "--option", "deck=shuffle"]
        ).stdout
    )
    setup = doc["setup"]
    assert [s["colour"] for s in setup["seats"]] == ["red", "green", "yellow", "purple", "blue"]
    assert setup["start_player"] == 1 and "deck" not in setup


def test_setup_count():
    result = run_cli(["setup", "bridgetroll", "-p", "4", "--count", "--format", "json",
                      "--option", "deck=shuffle"])
    assert json.loads(result.stdout)["count"] == 6 * 5 * 4 * 3 * 4
    text = run_cli(["setup", "bridgetroll", "-p", "4", "--count", "--option", "deck=shuffle"]).stdout
    assert "1,440 distinct setups" in text


@pytest.mark.parametrize(
    "args, words",
    [
        (["setup", "bridgetroll", "-p", "2"], "3-6 players, not 2"),
        (["setup", "bridgetroll", "-p", "7", "--count"], "3-6 players, not 7"),
        (["setup", "bridgetroll", "-p", "4", "--option", "deck=stacked"], "option deck is 'stacked'"),
        (["setup", "bridgetroll", "-p", "4", "--option", "colour=seat"], "no option 'colour'"),
        (["score", "bridgetroll", "--template"], "-p N"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words):
    result = run_cli(args)
    assert result.exit_code == 2
    assert words in result.stderr and "Traceback" not in result.stderr


def test_score_file(tmp_path):
    path = tmp_path / "end.toml"
    path.write_text(SHEET, encoding="utf-8")
    result = run_cli(["score", "bridgetroll", str(path)])
    assert result.exit_code == 0
    assert "Winner: Cy (highest total)" in result.stdout
    assert "upgrade cards (+1 each)" in result.stdout


def test_score_stdin_json():
    result = run_cli(["score", "bridgetroll", "-", "--format", "json"], input=SHEET)
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert [p["total"] for p in doc["players"]] == [19, 17, 20]
    assert doc["winners"] == ["Cy"]
    assert doc["players"][0]["tiebreaks"] == {"upgrade card values": 5, "stones left": 3}


def test_template_fills_in_and_scores(tmp_path):
    result = run_cli(["score", "bridgetroll", "--template", "-p", "4"])
    assert result.exit_code == 0
    template = result.stdout
    for name in ("vp_tokens", "upgrades", "stones"):
        assert template.count(f"\n{name} = ") == 4
    path = tmp_path / "template.toml"
    path.write_text(template, encoding="utf-8")
    scored = json.loads(run_cli(["score", "bridgetroll", str(path), "--format", "json"]).stdout)
    assert scored["decided_by"].startswith("shared win")


@pytest.mark.parametrize(
    "change, line, words",
    [
        (("upgrades = [2]", "upgrades = [4]"), 12, "upgrade card 4 is listed for both Ada and Bo"),
        (("stones = 5", "stones = 40"), 13, "cannot be above 36"),
        (("stones = 1", "stones = 30"), 19, "38 stones in all, but there are only 36 (in a 3-player game)"),
        (("vp_tokens = 10", 'vp_tokens = "ten"'), 17, "vp_tokens must be a whole number"),
        (("upgrades = [3, 5]", "upgrades = [3, 16]"), 18, "cannot be above 15"),
    ],
)
def test_bad_sheet_names_field_and_file_line(tmp_path, change, line, words):
    path = tmp_path / "bad.toml"
    path.write_text(SHEET.replace(*change), encoding="utf-8")
    result = run_cli(["score", "bridgetroll", str(path)])
    assert result.exit_code == 2
    assert f"{path}:{line}" in result.stderr and words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_six_player_sheet_with_upgrade_14(tmp_path):
    players = "".join(
        f'\n[[player]]\nname = "P{i}"\nvp_tokens = 5\nupgrades = [{14 if i == 3 else i}]\nstones = 1\n'
        for i in range(1, 7)
    )
    path = tmp_path / "six.toml"
    path.write_text('game = "bridgetroll"\n' + players, encoding="utf-8")
    result = run_cli(["score", "bridgetroll", str(path)])
    assert result.exit_code == 2
    assert "14, 15 stay in the box" in result.stderr and f"{path}:" in result.stderr


def test_own_data_file_on_the_command_line(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(
        textwrap.dedent(
            """
            [schedules]
            confirmed = true
            source = "my box"
            [schedules.3]
            travellers = { "sunny" = 9, "partly cloudy" = 4, "cloudy" = 3, "rainy" = 3 }
            stones_per_open_player = 3
            [schedules.4]
            travellers = { "sunny" = 6, "partly cloudy" = 5, "cloudy" = 4, "rainy" = 3 }
            stones_per_open_player = 2
            [schedules.5]
            travellers = { "sunny" = 7, "partly cloudy" = 6, "cloudy" = 5, "rainy" = 4 }
            stones_per_open_player = 1
            [schedules.6]
            travellers = { "sunny" = 8, "partly cloudy" = 7, "cloudy" = 6, "rainy" = 5 }
            stones_per_open_player = 1
            """
        ),
        encoding="utf-8",
    )
    doc = json.loads(run_cli(["setup", "bridgetroll", "-p", "3", "--seed", "1", "--format", "json",
                              "--data", str(mine)]).stdout)
    assert doc["setup"]["schedule"]["travellers"]["sunny"] == 9
    assert doc["setup"]["schedule"]["stones_per_open_player"] == 3


def test_bad_data_file_on_the_command_line(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text("[weather]\nconfirmed = true\nsource = 'x'\nfaces = ['sunny']\n", encoding="utf-8")
    result = run_cli(["setup", "bridgetroll", "-p", "3", "--data", str(mine)])
    assert result.exit_code == 2
    assert f"{mine}:4: weather.faces: must list 6 values, not 1" in result.stderr
    missing = run_cli(["score", "bridgetroll", "--template", "-p", "3", "--data", str(tmp_path / "nope.toml")])
    assert missing.exit_code == 2 and "no such data file" in missing.stderr


@pytest.mark.parametrize(
    "ada, winners, decided_by",
    [
        # Ada ties Cy (10 tokens, cards 3 and 5, 1 stone: 10 + 8 + 2 = 20 points)
        ("vp_tokens = 10\nupgrades = [9]\nstones = 0", ["Ada"], "tie-break: upgrade card values"),  # 10+9+1; 9 > 8
        ("vp_tokens = 10\nupgrades = [1, 7]\nstones = 3", ["Ada"], "tie-break: stones left"),  # values 8 = 8; 3 > 1
        ("vp_tokens = 10\nupgrades = [1, 7]\nstones = 0", ["Cy"], "tie-break: stones left"),  # 0 < 1
        ("vp_tokens = 10\nupgrades = [1, 7]\nstones = 1", ["Ada", "Cy"], "shared win"),  # 1 = 1
    ],
)
def test_tie_breaks_end_to_end(ada, winners, decided_by):
    sheet = SHEET.replace("vp_tokens = 12\nupgrades = [1, 4]\nstones = 3", ada)
    result = run_cli(["score", "bridgetroll", "-", "--format", "json"], input=sheet)
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert [p["total"] for p in doc["players"]] == [20, 17, 20]
    assert doc["winners"] == winners
    assert doc["decided_by"].startswith(decided_by)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_text_fits_a_100_column_terminal(monkeypatch, players):
    """Nothing wider than 100 columns, nothing cut off: every deck position and card name is there."""
    monkeypatch.setenv("COLUMNS", "100")
    out = run_cli(["setup", "bridgetroll", "-p", str(players), "--seed", "3", "--option", "deck=order"]).stdout
    drawing = [line for line in out.splitlines() if not line.startswith("Repeat with: ")]  # one line to copy
    assert max(len(line) for line in drawing) <= 100
    assert "…" not in out
    deck = json.loads(run_cli(["setup", "bridgetroll", "-p", str(players), "--seed", "3", "--format", "json",
                               "--option", "deck=order"]).stdout)
    from bgkit_bridgetroll.data import load

    names = {card.key: card.name for card in load().travellers}
    for position, key in enumerate(deck["setup"]["deck"], start=1):
        assert re.search(rf"(?<!\d){position} │ {re.escape(names[key])}\b", out), (position, key)  # its cell beside it


def test_a_four_player_game_scored_by_hand(tmp_path):
    """A plausible end of a 4-player game: the pile was bought from the top (15, 14, 13, 12, 11).

    Red 23 + (15+11) + 2 = 51, Green 31 + 13 + 1 = 45, Yellow 38 + 12 + 1 = 51, Purple 40 + 14 + 1 = 55.
    Purple wins outright; Red and Yellow tie on 51 and Red's upgrade values (26 > 12) put Red second.
    """
    rows = [("Red", 23, [15, 11], 4), ("Green", 31, [13], 9), ("Yellow", 38, [12], 2), ("Purple", 40, [14], 7)]
    text = 'game = "bridgetroll"\n' + "".join(
        f'\n[[player]]\nname = "{name}"\nvp_tokens = {vp}\nupgrades = {ups}\nstones = {stones}\n'
        for name, vp, ups, stones in rows
    )
    path = tmp_path / "end.toml"
    path.write_text(text, encoding="utf-8")
    doc = json.loads(run_cli(["score", "bridgetroll", str(path), "--format", "json"]).stdout)
    players = doc["players"]
    assert [p["scores"]["victory point tokens"] for p in players] == [23, 31, 38, 40]
    assert [p["scores"]["upgrade card values"] for p in players] == [26, 13, 12, 14]
    assert [p["scores"]["upgrade cards (+1 each)"] for p in players] == [2, 1, 1, 1]
    assert [p["total"] for p in players] == [51, 45, 51, 55]
    assert [p["rank"] for p in players] == [2, 4, 3, 1]
    assert doc["winners"] == ["Purple"] and doc["decided_by"] == "highest total"
    text_out = run_cli(["score", "bridgetroll", str(path)]).stdout
    assert "Winner: Purple (highest total)" in text_out


def test_play_from_a_setup_edited_to_the_real_table(tmp_path):
    """`bgkit play --setup FILE`: what was really laid out (here seat 1 has only 4 stones and 7
    points); an edit the box cannot lay out is refused in one line."""
    text = run_cli(["setup", "bridgetroll", "-p", "3", "--seed", "2", "--format", "toml"]).stdout
    good = tmp_path / "table.toml"
    good.write_text(text.replace("stones = 6, victory_points = 5 },", "stones = 4, victory_points = 7 },", 1), encoding="utf-8")
    log = tmp_path / "log.json"
    result = run_cli(["play", "bridgetroll", "random", "random", "random", "--setup", str(good), "--log", str(log)])
    assert result.exit_code == 0, result.stderr
    assert json.loads(log.read_text())["setup"]["seats"][0]["stones"] == 4
    for old, new, words in (
        ('colour = "', 'colour = "pink', "colour 'pink"),
        ("stones = 6, victory_points = 5 },", "stones = 7, victory_points = 5 },", "stones are on the table, but the box has 9"),  # 7 + 3 in the pool
        ("upgrade_pile = [", "upgrade_pile = [15, ", "every card of"),
    ):
        bad = tmp_path / "bad.toml"
        bad.write_text(text.replace(old, new, 1), encoding="utf-8")
        result = run_cli(["play", "bridgetroll", "random", "random", "random", "--setup", str(bad)])
        assert result.exit_code == 2 and words in result.stderr, (words, result.stderr)
