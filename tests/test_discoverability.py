"""What a newcomer finds out by trying: `-h` everywhere, "did you mean" for a typo, help without
Python types, a filled example sheet for every game, rule citations a reader can open, and output
without Python's punctuation."""

import re
from pathlib import Path

import pytest

from bgkit.plugins.registry import get_registry, reset_registry
from bgkit.testing import run_cli

ROOT = Path(__file__).parent.parent
COMMANDS = ["games", "plugins", "setup", "score", "play", "replay"]


def _game_ids():
    reset_registry()
    return list(get_registry().games)


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_dash_h_is_help_everywhere_and_help_shows_no_python_types(command):
    short = run_cli([*command, "-h"])
    long = run_cli([*command, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout and "Usage: bgkit" in short.stdout
    assert re.search(r"<\w+(\[.*?\])?>", short.stdout) is None, short.stdout  # <list[str]>, <str>, <int>, <path>


@pytest.mark.parametrize("args, message", [
    (["setup", "burgndy", "-p", "2"], "unknown game 'burgndy' (did you mean 'burgundy'?)"),
    (["setup", "burgundy", "-p", "2", "--option", "bords=random"], "has no option 'bords' (did you mean 'boards'?)"),
    (["setup", "burgundy", "-p", "2", "--option", "boards=randm"], "choose one of standard, random, random-secret (did you mean 'random'?)"),
    (["scroe", "burgundy"], "No such command 'scroe'. (did you mean 'score'?)"),
])
def test_a_typo_gets_a_did_you_mean(args, message):
    result = run_cli(args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_an_unknown_option_gets_a_did_you_mean():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "bgkit", "setup", "burgundy", "-p", "2", "--seeed", "3"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.startswith("bgkit: error: No such option: --seeed (did you mean --seed?) (see: ")
    assert len(result.stderr.splitlines()) == 1


def test_an_unknown_sheet_field_gets_a_did_you_mean(tmp_path):
    sheet = (ROOT / "examples" / "sheets" / "burgundy-3p.toml").read_text().replace("silverlings =", "silverling =", 1)
    (tmp_path / "s.toml").write_text(sheet)
    result = run_cli(["score", "burgundy", tmp_path / "s.toml"])
    assert result.exit_code == 2
    assert "unknown field 'silverling' for player 1 (did you mean 'silverlings'?)" in result.stderr


@pytest.mark.parametrize("game_id", _game_ids())
def test_every_installed_game_has_a_filled_example_sheet_that_scores(game_id):
    sheets = sorted((ROOT / "examples" / "sheets").glob(f"{game_id}-*.toml"))
    assert sheets, f"no example sheet for {game_id} in examples/sheets/"
    for sheet in sheets:
        result = run_cli(["score", game_id, sheet])
        assert result.exit_code == 0, result.stderr
        assert "Winner:" in result.stdout
        assert sheet.name in (ROOT / "examples" / "sheets" / "README.md").read_text()


@pytest.mark.parametrize("readme", sorted(ROOT.glob("plugins/*/README.md")), ids=lambda p: p.parent.name)
def test_plugin_readmes_cite_nothing_a_reader_cannot_open(readme):
    text = readme.read_text()
    assert "shared/rules" not in text and "rules.zh.txt" not in text
    for path in re.findall(r"`((?:bgkit_\w+|tests|tools)/[^`\s]+)`", text):
        assert (readme.parent / path).exists() or "*" in path, f"{readme.name} cites {path}, which is not there"


def test_goofspiel_shows_the_cards_left_as_numbers_not_a_python_list():
    from rich.console import Console

    state = get_registry().load_game("goofspiel").new_state({"players": 2, "deck": 5})
    console = Console(record=True, width=100)
    console.print(state.render(None))
    text = console.export_text()
    assert "1 2 3 4 5" in text and "[1, 2" not in text


def test_the_bridge_troll_setup_names_the_game_once():
    text = run_cli(["setup", "bridgetroll", "-p", "3", "--seed", "1"]).stdout
    assert text.count("Bridge Troll") == 1, text[:300]
