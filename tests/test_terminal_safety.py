"""Every text a person or a file supplies is printed literally, on every output path: a control
character (ESC, BEL, a newline, C1) is shown as its escape and never reaches the terminal, and
markup in a name (``[/bold]x``) is shown as typed instead of failing. Real ``bgkit`` processes."""

import json
import pty
import re
from pathlib import Path

import pytest

from bgkit.testing import Terminal
from bgkit.testing import bgkit_limited as bgkit

EXAMPLES = Path(__file__).parent.parent / "examples" / "sheets"
HOSTILE = "\x1b]0;pwned\x07\x1b[2J[/bold]Ada"  # retitles the window, clears the screen, closes a tag
SHOWN = "\\x1b]0;pwned\\x07\\x1b[2J[/bold]Ada"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # what must never be printed (newline and tab aside)


def clean(text: str) -> str:
    found = RAW.search(text)
    assert found is None, f"raw {found.group()!r} in {text[max(0, found.start() - 60):found.end() + 60]!r}"
    return text


def test_an_error_line_shows_a_file_name_with_control_characters_literally(tmp_path):
    name = "sheet\x1b[2J\x07\nevil.toml"
    (tmp_path / name).write_text('game = "goofspiel"\nfoo = 1\n')
    result = bgkit("score", "goofspiel", name, cwd=tmp_path)
    assert result.returncode == 2
    assert len(clean(result.stderr).strip().splitlines()) == 1, result.stderr  # the newline does not split it
    assert "bgkit: error: sheet\\x1b[2J\\x07\\nevil.toml: " in result.stderr


def test_a_usage_error_shows_what_was_typed_literally(tmp_path):
    result = bgkit("stats", "--since", "2020\x1b[2J", cwd=tmp_path)
    assert result.returncode == 2 and "\\x1b[2J" in clean(result.stderr)


@pytest.fixture
def history(tmp_path):
    text = (EXAMPLES / "goofspiel-2p.toml").read_text().replace('name = "Ada"', f"name = {json.dumps(HOSTILE)}", 1)
    (tmp_path / "s.toml").write_text(text)
    db = tmp_path / "h.sqlite3"
    recorded = bgkit("score", "goofspiel", "s.toml", "--record", "--db", db, "--location", "Kit\x1b[31mchen\x9b2J[b]",
                     "--note", "a\x07note", cwd=tmp_path)
    assert recorded.returncode == 0, recorded.stderr
    clean(recorded.stdout + recorded.stderr)
    return db


@pytest.mark.parametrize("command, shows", [
    (["history"], SHOWN[:20]),
    (["history", "show", "1"], "at Kit\\x1b[31mchen\\x9b2J[b]"),
    (["history"], "Kit\\x1b[31mchen\\x9b2J[b]"),  # markup in a place is shown, not obeyed
    (["history", "show", "1"], "note: a\\x07note"),
    (["stats"], SHOWN[:20]),
    (["stats", "--player", "Bo"], "Bo"),
    (["history", "players"], SHOWN[:20]),
])
def test_history_and_stats_print_names_places_and_notes_literally(history, command, shows):
    result = bgkit(*command, "--db", history, env={"COLUMNS": "300"})
    assert result.returncode == 0, result.stderr
    assert shows in clean(result.stdout + result.stderr)


@pytest.mark.parametrize("command", [["history"], ["history", "show", "1"], ["stats"], ["history", "players"], ["history", "export"]])
def test_json_output_escapes_every_control_character(history, command):
    result = bgkit(*command, "--db", history, *(["--format", "json"] if command != ["history", "export"] else []))
    assert result.returncode == 0, result.stderr
    clean(result.stdout)
    assert "\\u001b]0;pwned\\u0007" in result.stdout


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_a_human_seat_named_with_markup_and_escape_codes_plays_and_resumes(tmp_path):
    save = tmp_path / "game.json"
    term = Terminal(["play", "goofspiel", f"human:{HOSTILE}", "random", "--seed", "1", "--option", "deck=5", "--save", save], tmp_path)
    screen = term.read_until(f"{SHOWN}> ")
    assert f"{SHOWN} to play" in clean(screen)
    term.type("1")
    clean(term.read_until(f"{SHOWN}> "))
    term.type("quit")
    clean(term.read_until("Resume with:"))
    assert term.finish() == 0
    assert json.loads(save.read_text())["names"][0] == HOSTILE  # kept as typed; only its printing is escaped

    term = Terminal(["play", "--resume", save], tmp_path)
    for _ in range(4):
        clean(term.read_until(f"{SHOWN}> "))
        term.type("1")
    clean(term.read_until("Winner:"))
    assert term.finish() == 0


def test_a_data_files_card_named_with_markup_is_printed_as_written(tmp_path):
    from bgkit_bretagne import data

    shipped = (Path(data.__file__).parent / "data" / "components.toml").read_text()
    assert 'name = "sunny"' in shipped
    (tmp_path / "mine.toml").write_text(shipped.replace('name = "sunny"', 'name = "[/bold]\\u001b[2Jsunny"', 1))
    result = bgkit("setup", "bretagne", "-p", "3", "--seed", "1", "--data", tmp_path / "mine.toml", env={"COLUMNS": "200"})
    assert result.returncode == 0, result.stderr
    assert "W1 [/bold]\\x1b[2Jsunny" in clean(result.stdout)  # seed 1 turns W1 up as the current weather
