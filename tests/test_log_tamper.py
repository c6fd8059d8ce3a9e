"""What makes a log tamper-evident, through every command that reads one: an action logged for a
seat that was not deciding, or logged after the game ended, is refused in one line (exit 2) by
``replay``, ``replay --verify``, ``replay --as`` and ``play --resume`` alike; and the ranking says
which tie-break decided only when the tie-break's own direction separates the leaders."""

import json

import pytest

from bgkit.model.ranking import TieBreak, rank
from bgkit.testing import run_cli

READERS = (["replay"], ["replay", "--verify"], ["replay", "--as", "1"], ["play", "--resume"])


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    log = tmp_path_factory.mktemp("tamper") / "game.json"
    assert run_cli(["play", "goofspiel", "random", "random", "--seed", "8", "--option", "deck=5", "--log", log]).exit_code == 0
    return json.loads(log.read_text())


def _refused(tmp_path, data, message):
    log = tmp_path / "game.json"
    log.write_text(json.dumps(data))
    for reader in READERS:
        result = run_cli([*reader, log])
        assert result.exit_code == 2, (reader, result)
        assert message in result.stderr and result.stderr.count("\n") == 1, (reader, result.stderr)


def test_an_action_logged_for_a_seat_that_was_not_deciding_is_refused_everywhere(tmp_path, finished):
    data = json.loads(json.dumps(finished))
    index = next(i for i, (player, _) in enumerate(data["actions"]) if player == 1)
    data["actions"][index][0] = 0
    _refused(tmp_path, data, f"action {index + 1} ({data['actions'][index][1]!r}) is logged for player 1 but player 2 decides")


def test_an_action_after_the_end_of_the_game_is_refused_everywhere(tmp_path, finished):
    data = json.loads(json.dumps(finished))
    data["actions"].append(data["actions"][-1])
    _refused(tmp_path, data, f"action {len(data['actions'])} ({data['actions'][-1][1]!r}) comes after the end of the game")


@pytest.mark.parametrize("higher_wins, winner, decided", [
    (False, 0, "tie-break: fewest cards left"),  # the lower value wins: seat 1 alone
    (True, None, "tie-break: more coins"),  # the higher value: seats 2 and 3, then the coins decide
])
def test_decided_by_follows_the_direction_of_the_tie_break(higher_wins, winner, decided):
    first = TieBreak("fewest cards left" if not higher_wins else "more cards", [1, 5, 5], higher_wins=higher_wins)
    coins = TieBreak("more coins", [0, 2, 1])
    ranks, winners, said = rank([10, 10, 10], [first, coins])
    if not higher_wins:
        assert winners == [winner] and said == decided and ranks == [1, 2, 3]
    else:
        assert winners == [1] and said == decided and ranks == [3, 1, 2]
