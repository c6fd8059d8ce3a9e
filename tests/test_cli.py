"""Every subcommand end to end, and bad input for each: exit 2 with one line, no traceback."""

import json
from pathlib import Path
import re
import os
import subprocess
import sys
import tomllib

import pytest

from bgkit.testing import run_cli


def test_python_dash_m_works():
    result = subprocess.run([sys.executable, "-m", "bgkit", "--version"], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.startswith("bgkit ")


def test_games_lists_players_and_data_status():
    result = run_cli(["games"])
    assert result.exit_code == 0
    assert "goofspiel" in result.stdout and "2-4" in result.stdout and "no data" in result.stdout


def test_setup_text_echoes_seed_and_is_reproducible():
    first = run_cli(["setup", "goofspiel", "-p", "3", "--seed", "11"])
    assert "seed 11" in first.stdout
    assert first.stdout == run_cli(["setup", "goofspiel", "-p", "3", "--seed", "11"]).stdout


def test_setup_without_seed_chooses_and_prints_one():
    data = json.loads(run_cli(["setup", "goofspiel", "-p", "2", "--format", "json"]).stdout)
    again = json.loads(run_cli(["setup", "goofspiel", "-p", "2", "--format", "json", "--seed", str(data["seed"])]).stdout)
    assert again == data


def test_setup_toml_and_options():
    result = run_cli(["setup", "goofspiel", "-p", "2", "--seed", "1", "--format", "toml", "--option", "deck=5"])
    data = tomllib.loads(result.stdout)
    assert data["seed"] == 1 and data["options"] == {"deck": "5"} and data["setup"]["deck"] == 5


def test_setup_count():
    result = run_cli(["setup", "goofspiel", "-p", "2", "--count", "--format", "json"])
    assert json.loads(result.stdout)["count"] == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["setup", "chess", "-p", "2"], "unknown game 'chess' (installed: "),
        (["setup", "goofspiel", "-p", "5"], "Goofspiel is for 2-4 players, not 5"),
        (["setup", "goofspiel", "-p", "2", "--option", "deck=7"], "option deck is '7'; choose one of 13, 8, 5"),
        (["setup", "goofspiel", "-p", "2", "--option", "speed=1"], "Goofspiel has no option 'speed' (options: deck)"),
        (["setup", "goofspiel", "-p", "2", "--option", "deck"], "--option takes NAME=VALUE, not 'deck'"),
        (["setup", "goofspiel", "-p", "2", "--seed", "-4"], "seed must be between 0 and"),
        (["setup", "goofspiel", "-p", "2", "--data", "/nonexistent.toml"], "no such data file: /nonexistent.toml"),
        (["score", "goofspiel", "/nonexistent.toml"], "no such sheet: /nonexistent.toml"),
        (["score", "goofspiel", "--template"], "--template needs the number of players: -p N"),
        (["score", "goofspiel"], "give a sheet file (or - for stdin)"),
        (["score", "goofspiel", str(Path(__file__).parent.parent / "examples" / "sheets" / "goofspiel-2p.toml"), "-p", "3"],
         "goofspiel-2p.toml: -p 3 does not match the sheet, which scores 2 players"),
        (["play", "goofspiel", "random"], "Goofspiel is for 2-4 players, not 1"),
        (["play", "goofspiel"], "give one seat per player"),
        (["play", "goofspiel", "random", "chess"], "unknown seat 'chess' (seats: human[:NAME], random, greedy, mcts"),
        (["play", "goofspiel", "random", "mcts:iterations=lots"], "bot parameter iterations must be a number"),
        (["play", "goofspiel", "random", "mcts:depth"], "parameters are KEY=VALUE"),
        (["play", "goofspiel", "random", "greedy:x=1"], "bot 'greedy' has no parameter 'x'"),
        (["play", "goofspiel", "random", "human"], "human seats need a terminal"),
        (["play", "goofspiel", "random", "random", "--chance", "table"], "--chance table needs a terminal"),
        (["play", "goofspiel", "human", "random", "--games", "3"], "--games and --jobs are for bot matches"),
        (["play", "--resume", "/nonexistent.json"], "no such save file: /nonexistent.json"),
        (["replay", "/nonexistent.json"], "no such game log: /nonexistent.json"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run_cli(args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1  # one line


def test_bad_input_through_the_real_entry_point_has_no_traceback():
    result = subprocess.run(
        [sys.executable, "-m", "bgkit", "setup", "goofspiel", "-p", "9"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr == "bgkit: error: Goofspiel is for 2-4 players, not 9\n"


def test_score_template_then_file_then_stdin(tmp_path):
    template = run_cli(["score", "goofspiel", "--template", "-p", "2"]).stdout
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(template.replace("prizes = []", "prizes = [13, 2]", 1))
    text = run_cli(["score", "goofspiel", sheet])
    assert text.exit_code == 0
    assert "Winner: Player 1 (highest total)" in text.stdout
    piped = run_cli(["score", "goofspiel", "-", "--format", "json"], input=sheet.read_text())
    data = json.loads(piped.stdout)
    assert [p["total"] for p in data["players"]] == [15.0, 0.0]
    assert data["decided_by"] == "highest total"


def test_names_are_printed_as_typed_not_as_emoji_or_markup(tmp_path):
    template = run_cli(["score", "goofspiel", "--template", "-p", "2"]).stdout
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(template.replace('"Player 1"', '":smile: [b]Ada[/b]"').replace("prizes = []", "prizes = [13, 2]", 1))
    text = run_cli(["score", "goofspiel", sheet]).stdout
    assert "Winner: :smile: [b]Ada[/b] (highest total)" in text
    assert "\N{SMILING FACE WITH OPEN MOUTH AND SMILING EYES}" not in text


def test_score_bad_sheet_names_file_line_and_field(tmp_path):
    sheet = tmp_path / "bad.toml"
    sheet.write_text('game = "goofspiel"\n[[player]]\nprizes = [1]\n[[player]]\nprize = [2]\n')
    result = run_cli(["score", "goofspiel", sheet])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"bgkit: error: {sheet}:5: unknown field 'prize' for player 2 (did you mean 'prizes'?)"


def test_play_one_game_text_and_json():
    text = run_cli(["play", "goofspiel", "random", "greedy", "--seed", "5"])
    assert text.exit_code == 0 and "seed 5" in text.stdout and "Winner:" in text.stdout
    data = json.loads(run_cli(["play", "goofspiel", "random", "greedy", "--seed", "5", "--format", "json"]).stdout)
    assert data["seed"] == 5 and data["decisions"] == 26 and len(data["scores"]) == 2
    assert data == json.loads(run_cli(["play", "goofspiel", "random", "greedy", "--seed", "5", "--format", "json"]).stdout)


def test_log_replay_and_verify(tmp_path):
    log = tmp_path / "game.json"
    run_cli(["play", "goofspiel", "random", "random", "random", "--seed", "8", "--log", log])
    shown = run_cli(["replay", log])
    assert shown.exit_code == 0 and "   1. chance: prize" in shown.stdout
    verified = run_cli(["replay", log, "--verify", "--format", "json"])
    assert json.loads(verified.stdout)["finished"] is True
    data = json.loads(log.read_text())
    data["result"]["scores"][0] += 1
    log.write_text(json.dumps(data))
    tampered = run_cli(["replay", log, "--verify"])
    assert tampered.exit_code == 2 and "the recorded result's scores" in tampered.stderr


def test_replay_rejects_an_illegal_logged_action(tmp_path):
    log = tmp_path / "game.json"
    run_cli(["play", "goofspiel", "random", "random", "--seed", "8", "--log", log])
    data = json.loads(log.read_text())
    data["actions"][1][1] = "bid 99"
    log.write_text(json.dumps(data))
    result = run_cli(["replay", log, "--verify"])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"bgkit: error: {log}: action 2: 'bid 99' is not legal here"


def test_corrupt_save_names_file_and_line(tmp_path):
    save = tmp_path / "save.json"
    save.write_text('{\n "format": "bgkit-log/1",\n "game": \n}')
    result = run_cli(["play", "--resume", save])
    assert result.exit_code == 2
    assert f"{save}:4: corrupt save file" in result.stderr


def test_resume_finishes_an_interrupted_game(tmp_path):
    save = tmp_path / "save.json"
    run_cli(["play", "goofspiel", "random", "greedy", "--seed", "4", "--save", save, "--format", "json"])
    data = json.loads(save.read_text())
    full_actions = list(data["actions"])
    data["actions"] = data["actions"][:10]  # as if the game had been interrupted here
    data["result"] = None
    save.write_text(json.dumps(data))
    resumed = run_cli(["play", "--resume", save, "--format", "json"])
    assert resumed.exit_code == 0, resumed.stderr
    finished = json.loads(save.read_text())
    assert finished["actions"][:10] == data["actions"] and len(finished["actions"]) == len(full_actions)
    assert json.loads(resumed.stdout)["decisions"] == 26
    assert run_cli(["replay", save, "--verify"]).exit_code == 0


def test_no_color_is_honoured():
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "1"}
    result = subprocess.run([sys.executable, "-m", "bgkit", "plugins"], capture_output=True, text=True, env=env)
    assert "\x1b[1m" in result.stdout  # styles stay (bold headers)...
    assert not re.search(r"\x1b\[[0-9;]*(3[0-79]|38;|9[0-7])[;m]", result.stdout)  # ...colours go


def one_player(d):
    d.update(players=1, seats=d["seats"][:1], names=d["names"][:1])
    d["actions"] = [a for a in d["actions"] if a[0] < 1]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(setup={}), "the log's setup has no 'players'"),
        (lambda d: d["setup"].update(deck="five"), "the log's setup.deck must be a whole number, not 'five'"),
        (lambda d: d.update(result="won"), "corrupt game log: result must be a table, not 'won'"),
        (lambda d: d.update(seed="abc"), "corrupt game log: seed must be a whole number, not 'abc'"),
        (lambda d: d.pop("actions"), "corrupt game log: it has no 'actions'"),
        (lambda d: d.update(players="two"), "corrupt game log: players must be a whole number 1-64, not 'two'"),
        (lambda d: d.update(players="2"), "corrupt game log: players must be a whole number 1-64, not '2'"),
        (lambda d: d.update(players=2.9), "corrupt game log: players must be a whole number 1-64, not 2.9"),
        (lambda d: d.update(players=True), "corrupt game log: players must be a whole number 1-64, not True"),
        (lambda d: d.update(players=float("inf")), "corrupt game log: players must be a whole number 1-64, not inf"),
        (lambda d: d.update(players=10**9), "corrupt game log: players must be a whole number 1-64"),
        (lambda d: d.update(players=3), "corrupt game log: seats must list a name for each of the 3 players"),
        (one_player, "Goofspiel is for 2-4 players, not 1"),
        (lambda d: d.update(data={"path": "/", "text": "[x]\n"}), "Goofspiel has no component data to replace"),
        (lambda d: d["actions"].append([7, "bid 1"]), "must be [seat 0-1 or -1 for chance, its text]"),
        (lambda d: d.update(names=["random", "random"]), "corrupt game log: two seats have the same name"),
        (lambda d: d["actions"][1].__setitem__(0, 1), "is logged for player 2 but player 1 decides"),
        (lambda d: d.update(game="burgundy", options={}), "the log's setup has no 'ruleset'"),
    ],
)
def test_a_damaged_log_is_one_line_and_exit_2(tmp_path, change, message):
    log = tmp_path / "game.json"
    run_cli(["play", "goofspiel", "random", "random", "--seed", "8", "--log", log])
    data = json.loads(log.read_text())
    change(data)
    log.write_text(json.dumps(data))
    for command in (["replay", log, "--verify"], ["play", "--resume", log]):
        result = run_cli(command)
        assert result.exit_code == 2, result
        assert message in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("name, content", [
    ("deep.json", "[" * 100_000 + "]" * 100_000),
    ("digits.json", '{"seed": ' + "9" * 4301 + "}"),
    ("fifo", None),
    ("dev-zero", "/dev/zero"),
])
def test_a_save_that_is_not_a_plausible_file_is_one_line(tmp_path, name, content):
    path = tmp_path / name
    if content is None:
        os.mkfifo(path)
    elif content.startswith("/dev/"):
        path = Path(content)
    else:
        path.write_text(content)
    for command in (["replay", path], ["play", "--resume", path]):
        result = run_cli(command)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result
        assert any(why in result.stderr for why in ("nested too deep", "not a regular file", "a number too long")), result


@pytest.mark.parametrize("target", ["missing-folder/game.json", "."])
def test_unwritable_save_or_log_is_refused_before_playing(tmp_path, target):
    for option in ("--save", "--log"):
        result = run_cli(["play", "goofspiel", "random", "random", option, str(tmp_path / target)])
        assert result.exit_code == 2
        assert "cannot write" in result.stderr or "is a directory" in result.stderr


def test_save_and_log_are_for_one_game(tmp_path):
    result = run_cli(["play", "goofspiel", "random", "random", "--games", "2", "--log", tmp_path / "l.json"])
    assert result.exit_code == 2 and "--save, --log and --setup are for one game" in result.stderr


def test_resume_takes_no_new_setup(tmp_path):
    result = run_cli(["play", "goofspiel", "random", "--resume", tmp_path / "s.json"])
    assert result.exit_code == 2 and "--resume continues the saved game" in result.stderr


def test_template_takes_no_sheet():
    result = run_cli(["score", "goofspiel", "sheet.toml", "--template", "-p", "2"])
    assert result.exit_code == 2 and "--template writes a new sheet" in result.stderr


OWN_BONUS = """# my box: bigger bonus tiles
[bonus]
source = "my own box"
confirmed = false
large = [9, 9, 9]
small = [4, 4, 4]
"""


def test_a_log_keeps_the_data_file_it_was_played_with(tmp_path, monkeypatch):
    data = tmp_path / "own.toml"
    data.write_text(OWN_BONUS)
    log = tmp_path / "game.json"
    assert run_cli(["play", "burgundy", "random", "random", "--seed", "2", "--data", data, "--log", log]).exit_code == 0
    data.unlink()  # the replay must not need it
    monkeypatch.chdir("/")
    recorded = json.loads(log.read_text())["data"]
    assert recorded["text"].startswith("# my box") and len(recorded["sha256"]) == 64
    assert run_cli(["replay", log, "--verify"]).exit_code == 0


def test_data_for_a_game_without_component_data_is_refused(tmp_path):
    data = tmp_path / "own.toml"
    data.write_text("[deck]\nsize = 5\n")
    result = run_cli(["setup", "goofspiel", "-p", "2", "--data", data])
    assert result.exit_code == 2 and "Goofspiel has no component data to replace; leave out --data" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["setup"], "bgkit: error: Missing argument 'GAME'. (see: python -m bgkit setup --help)"),
        (["games", "--frmat", "json"], "bgkit: error: No such option: --frmat"),
        (["nonsense"], "bgkit: error: No such command 'nonsense'."),
    ],
)
def test_usage_errors_are_one_line_through_the_real_entry_point(args, message):
    result = subprocess.run([sys.executable, "-m", "bgkit", *args], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_repeat_line_names_the_data_file(tmp_path):
    data = tmp_path / "own.toml"
    data.write_text(OWN_BONUS)
    result = run_cli(["setup", "burgundy", "-p", "2", "--seed", "3", "--data", data])
    assert "Repeat with: bgkit setup burgundy -p 2 --seed 3 --option boards=standard --option ruleset=2011 " \
           f"--option start=random --data {data}" in result.stdout


def test_quitting_without_a_save_file_never_overwrites_another_game(goofspiel, tmp_path, monkeypatch):
    import io

    from rich.console import Console

    from bgkit.cli.play import _run_match, build_match
    from bgkit.testing import scripted

    monkeypatch.chdir(tmp_path)
    (tmp_path / "goofspiel-5.bgkit.json").write_text("an earlier game")
    match = build_match(goofspiel, ["human:Ada", "random"], ["Ada", "random"], 5, {"deck": "5"},
                        console=Console(file=io.StringIO()), ask=scripted(["quit"]))
    _run_match(match, "text", None)
    assert (tmp_path / "goofspiel-5.bgkit.json").read_text() == "an earlier game"
    assert json.loads((tmp_path / "goofspiel-5-2.bgkit.json").read_text())["seed"] == 5


def test_help_lists_the_commands_as_typer_would_without_building_them():
    """`bgkit --help` builds no subcommand (lazy_group): its list reads as typer's own group's,
    except that each command's description is whole, wrapped, where click would cut it with "..."."""
    import typer

    from bgkit.cli.main import app
    from bgkit.cli.group import lazy_group

    def help_of(group):
        return group.make_context("bgkit", ["--help"], resilient_parsing=True).get_help()

    lazy = lazy_group(app)
    ours, typers = help_of(lazy), help_of(typer.main.get_command(app))
    assert ours.split("Commands:")[0] == typers.split("Commands:")[0]
    listed = lambda text: re.findall(r"^  (\w+) ", text.split("Commands:")[1], re.M)  # noqa: E731
    assert listed(ours) == listed(typers) and "..." not in ours.split("Commands:")[1]
    assert "List installed games (players, version, play, data status), or describe one game." in " ".join(ours.split())
    assert lazy.commands == {}  # nothing built for the list
    assert [c.name for c in map(lambda n: lazy.get_command(None, n), lazy.list_commands(None))] == [
        "games", "plugins", "setup", "score", "play", "arena", "replay", "serve", "stats", "completion", "new", "history",
    ]
