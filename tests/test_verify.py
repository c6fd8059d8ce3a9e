"""``bgkit replay --verify`` finds every kind of tampering a log can carry."""

import json

import pytest

from bgkit.testing import run_cli


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    log = tmp_path_factory.mktemp("verify") / "game.json"
    assert run_cli(["play", "burgundy", "random", "greedy", "--seed", "12", "--log", log]).exit_code == 0
    return json.loads(log.read_text())


def verify(tmp_path, data):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return run_cli(["replay", path, "--verify"])


def test_an_untouched_log_verifies(tmp_path, played):
    result = verify(tmp_path, played)
    assert result.exit_code == 0 and "verified: every action legal, result matches" in result.stdout


def edited(data, **changes):
    data = json.loads(json.dumps(data))
    for key, value in changes.items():
        data["result"][key] = value
    return data


@pytest.mark.parametrize("key", ["scores", "ranks", "winners", "decided_by", "decisions"])
def test_any_edited_part_of_the_result_is_found(tmp_path, played, key):
    value = {"scores": [1, 2], "ranks": [2, 1] if played["result"]["ranks"] != [2, 1] else [1, 2],
             "winners": [0, 1], "decided_by": "a coin toss", "decisions": 3}[key]
    result = verify(tmp_path, edited(played, **{key: value}))
    assert result.exit_code == 2 and f"the recorded result's {key}" in result.stderr


def test_a_log_cut_short_that_keeps_a_made_up_result_is_refused(tmp_path, played):
    data = json.loads(json.dumps(played))
    data["actions"] = data["actions"][:50]
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and "records a result but the replayed game has not ended" in result.stderr


def test_an_action_logged_for_the_wrong_seat_is_refused(tmp_path, played):
    data = json.loads(json.dumps(played))
    index = next(i for i, (player, _) in enumerate(data["actions"]) if player == 0)
    data["actions"][index][0] = 1
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and f"action {index + 1}" in result.stderr and "is logged for player 2 but player 1 decides" in result.stderr


def test_a_setup_the_box_allows_but_the_seed_does_not_make_is_refused(tmp_path, played):
    """Goods swapped between two piles: a table could lay that out, but seed 12 did not."""
    data = json.loads(json.dumps(played))
    piles = data["setup"]["goods_piles"]
    piles[0][0], piles[1][0] = piles[1][0], piles[0][0]
    assert piles[0][0] != piles[1][0]
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and "the setup is not the one seed 12 and options" in result.stderr


def test_options_that_contradict_the_setup_are_refused(tmp_path, played):
    data = json.loads(json.dumps(played))
    data["options"]["boards"] = "random"
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and "the log's setup.boards is 'standard', but The Castles of Burgundy's rules make it 'random'" in result.stderr


def test_an_unknown_option_is_refused(tmp_path, played):
    data = json.loads(json.dumps(played))
    data["options"]["speed"] = "fast"
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and "The Castles of Burgundy has no option 'speed'" in result.stderr


def test_a_changed_chance_outcome_is_named_by_the_seed(tmp_path, played):
    data = json.loads(json.dumps(played))
    index = next(i for i, (player, text) in enumerate(data["actions"]) if player == -1 and text.startswith("white"))
    old = data["actions"][index][1]
    data["actions"][index][1] = "white 1" if old != "white 1" else "white 2"
    result = verify(tmp_path, data)
    assert result.exit_code == 2
    assert f"action {index + 1}: the log says {data['actions'][index][1]!r}, but seed 12 draws {old!r} here" in result.stderr


def test_a_table_game_says_its_chance_was_not_checked(tmp_path, played):
    data = json.loads(json.dumps(played))
    data["chance"] = "table"
    result = verify(tmp_path, data)
    assert result.exit_code == 0 and "chance was typed in at a table" in result.stdout


# -- a log without its seed, and seats the command line refuses ------------------------------------

def test_without_a_seed_the_setup_is_unverified_and_refused_unless_allowed(tmp_path, played):
    data = json.loads(json.dumps(played))
    del data["seed"]  # whatever deal the log shows, nothing can tell whether it was dealt at random
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and "records no seed, so its setup and chance are unverified" in result.stderr
    allowed = run_cli(["replay", tmp_path / "game.json", "--verify", "--allow-unseeded"])
    assert allowed.exit_code == 0, allowed.stderr
    assert "no seed recorded: the setup is unverified" in allowed.stdout


def test_without_a_seed_a_setup_the_game_cannot_lay_out_is_still_refused(tmp_path, played):
    data = json.loads(json.dumps(played))
    del data["seed"]
    data["setup"]["goods_piles"][0][0] = "gold"
    result = run_cli(["replay", _write(tmp_path, data), "--verify", "--allow-unseeded"])
    assert result.exit_code == 2 and "setup.goods_piles" in result.stderr, result.stderr


def _write(tmp_path, data):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("seat", ["mcts:iterations=nan", "mcts:iterations=-5", "mcts:iterations=" + "9" * 5000,
                                  "mcts:depth=1e308", "mcts:seconds=1e9", "mcts:colour=red"])
def test_a_seat_the_command_line_refuses_is_refused(tmp_path, played, seat):
    data = json.loads(json.dumps(played))
    data["seats"][1] = seat
    result = verify(tmp_path, data)
    assert result.exit_code == 2 and f"seat {seat[:20]}" in result.stderr.replace("'", "") and "bot" in result.stderr, result.stderr
