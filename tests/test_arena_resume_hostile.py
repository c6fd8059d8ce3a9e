"""``arena --resume`` reads back a file a person may have edited: its header is checked as the
command line is checked, and every record as the ladder reads it; a bad one is one line, exit 2."""

import json

import pytest

from bgkit.testing import bgkit_limited as bgkit


@pytest.fixture(scope="module")
def arena_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("arena") / "arena.jsonl"
    result = bgkit("arena", "goofspiel", "random", "greedy", "--games", "4", "--seed", "3", "--option", "deck=5", "--out", out)
    assert result.returncode == 0, result.stderr
    return out.read_text().splitlines()


def _edited(tmp_path, lines, number, edit):
    path = tmp_path / "edited.jsonl"
    item = json.loads(lines[number])
    edit(item)
    path.write_text("\n".join([*lines[:number], json.dumps(item), *lines[number + 1:]]) + "\n")
    return path


def _set(key, value):
    return lambda item: item.__setitem__(key, value)


@pytest.mark.parametrize("key, value, says", [
    ("options", {"deck": "x"}, "option deck is 'x'"),
    ("options", {"deck": "100000000"}, "option deck is '100000000'"),
    ("options", "deck=5", "options must be a table"),
    ("players", 0, "players"),
    ("players", 10**6, "players"),
    ("players", "2", "whole numbers"),
    ("games", 0, "at least one game"),
    ("seed", -1, "seed must be between"),
    ("specs", ["random"], "two or more bots"),
    ("specs", ["random", "human"], "the arena is for bots"),
    ("specs", ["random", "mcts:iterations=nan"], "iterations"),
    ("entrants", ["a", "b"], "entrants or tables"),
    ("game", ["goofspiel"], "corrupt arena header"),
])
def test_a_header_the_command_line_would_refuse_is_one_line(tmp_path, arena_file, key, value, says):
    result = bgkit("arena", "--resume", _edited(tmp_path, arena_file, 0, _set(key, value)))
    assert result.returncode == 2, result.stderr
    line = result.stderr.strip()
    assert "Traceback" not in line and len(line.splitlines()) == 1 and line.startswith("bgkit: error: "), line
    assert "edited.jsonl:1" in line and says in line, line


@pytest.mark.parametrize("key, value", [("ranks", None), ("ranks", [1]), ("ranks", ["1", 2]), ("winners", None), ("index", "0")])
def test_a_record_the_ladder_cannot_read_is_one_line(tmp_path, arena_file, key, value):
    result = bgkit("arena", "--resume", _edited(tmp_path, arena_file, 1, _set(key, value)))
    assert result.returncode == 2 and "edited.jsonl:2: not a game record" in result.stderr, result.stderr


def test_a_line_nested_too_deep_is_one_line(tmp_path, arena_file):
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join([arena_file[0], "[" * 100_000 + "]" * 100_000, *arena_file[2:]]) + "\n")
    result = bgkit("arena", "--resume", path)
    assert result.returncode == 2 and "deep.jsonl:2: not a JSON line" in result.stderr, result.stderr


def test_an_untouched_file_still_resumes(tmp_path, arena_file):
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(arena_file[:3]) + "\n")  # the header and two games: two are left to play
    result = bgkit("arena", "--resume", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert len(path.read_text().splitlines()) == len(arena_file)
