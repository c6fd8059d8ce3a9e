"""``arena --resume`` refuses a record whose seat order was changed: the ladder rates each entrant by
the rank of its seat, so a record with its seats swapped (or rotated) would rate the games another
way than they were played. A real arena stream, edited as a person would edit it."""

import json

import pytest

from bgkit.testing import bgkit_limited as bgkit


@pytest.fixture(scope="module")
def streams(tmp_path_factory):
    """Two real runs: two bots at 2-seat tables, and three bots at 3-seat tables (seats rotate)."""
    folder = tmp_path_factory.mktemp("arena")
    runs = {}
    for name, args in (("two", ["random", "greedy", "--games", "4"]), ("three", ["random", "greedy", "mcts:iterations=5", "-p", "3", "--games", "6"])):
        out = folder / f"{name}.jsonl"
        result = bgkit("arena", "goofspiel", *args, "--seed", "4", "--option", "deck=5", "--out", out)
        assert result.returncode == 0, result.stderr
        runs[name] = out.read_text().splitlines()
    return runs


def edited(tmp_path, lines, number, edit):
    item = json.loads(lines[number])
    edit(item)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([*lines[:number], json.dumps(item), *lines[number + 1:]]) + "\n")
    return path


def reorder(order):
    """The record's seats (and with them its scores and ranks, so it reads as a whole game) put in ``order``."""
    def edit(item):
        for key in ("seats", "scores", "ranks"):
            item[key] = [item[key][i] for i in order]
    return edit


@pytest.mark.parametrize("run, line, order, what", [
    ("two", 2, [1, 0], "the seats swapped"),
    ("two", 2, None, "only the names swapped"),
    ("three", 3, [1, 2, 0], "the seats rotated"),
    ("three", 1, [0, 2, 1], "two seats swapped in the first game"),
])
def test_a_record_with_its_seats_reordered_is_refused_and_the_file_kept(tmp_path, streams, run, line, order, what):
    lines = streams[run][:line + 1]
    if order is None:
        edit = lambda item: item.__setitem__("seats", item["seats"][::-1])  # noqa: E731
    else:
        edit = reorder(order)
    path = edited(tmp_path, lines, line, edit)
    assert json.loads(path.read_text().splitlines()[line])["seats"] != json.loads(lines[line])["seats"], what
    before = path.read_text()
    result = bgkit("arena", "--resume", path, "--format", "json")
    game = json.loads(lines[line])["index"]
    assert result.returncode == 2, result.stdout
    assert result.stderr.strip() == f"bgkit: error: {path}:{line + 1}: game {game} was not played by this arena's schedule"
    assert result.stdout == "" and path.read_text() == before  # no ladder from it, nothing appended


def test_the_same_records_untouched_resume(tmp_path, streams):
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(streams["three"][:4]) + "\n")
    result = bgkit("arena", "--resume", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(path.read_text().splitlines()[-1]) == json.loads(streams["three"][-1])  # the same final ladder
