"""The house rule changes Goofspiel's tie-break through the scoring hook, and nothing else."""

import pytest

from bgkit.testing import get_registry, reset_registry, sheet_from_data
from bgkit_houserules import plugin as houserule

TIED = {
    "game": "goofspiel",
    "player": [{"name": "Ada", "prizes": [13]}, {"name": "Bo", "prizes": [6, 7]}],
}


@pytest.fixture
def registry(monkeypatch):
    monkeypatch.setenv("BGKIT_LOAD_PLUGINS", "goofspiel")
    reset_registry()
    yield get_registry()
    reset_registry()


def score(registry, data):
    game = registry.game("goofspiel").load()
    return registry.pm.hook.bgkit_score(game=game, sheet=sheet_from_data(game, data))


def test_by_the_book_a_tie_on_points_is_shared(registry):
    result = score(registry, TIED)
    assert result.totals == [13.0, 13.0]
    assert result.winners == [0, 1]
    assert result.decided_by.startswith("shared win")


def test_house_rule_gives_the_tie_to_more_prize_cards(registry):
    registry.register(houserule, name="houserules")
    result = score(registry, TIED)
    assert result.winners == [1]
    assert result.decided_by == f"tie-break: {houserule.TIEBREAK}"
    assert result.ranks == [2, 1]
    assert "house rule" in result.notes[-1]


def test_house_rule_leaves_a_clear_win_alone(registry):
    registry.register(houserule, name="houserules")
    result = score(registry, {"game": "goofspiel", "player": [{"name": "A", "prizes": [13, 1]}, {"name": "B", "prizes": [12]}]})
    assert result.winners == [0]
    assert result.decided_by == "highest total"


def test_the_bots_play_for_the_house_rule(registry):
    """With the house rule in force, the outcome the bots and the engine rank a finished game by is
    the house rule's: in 300 random 5-card games, the one the game reports, tie-breaks included."""
    from bgkit.api import runtime_for
    from bgkit.testing import build_match

    registry.register(houserule, name="houserules")
    game = registry.game("goofspiel").load(hooks=registry.pm.hook)
    decided_by_house_rule = 0
    for seed in range(300):
        match = build_match(game, ["random", "random"], ["A", "B"], seed, {"deck": "5"})
        result = match.play()
        outcome = runtime_for(game).outcome(match.state)
        assert (list(outcome.ranks), list(outcome.winners), outcome.decided_by) == (
            result.ranks, result.winners, result.decided_by), f"seed {seed}"
        decided_by_house_rule += result.decided_by == f"tie-break: {houserule.TIEBREAK}"
    assert decided_by_house_rule  # the games above do meet the house rule


def test_the_game_passes_the_conformance_suite_under_the_house_rule(registry):
    from bgkit.testing import check_conformance

    registry.register(houserule, name="houserules")
    check_conformance("goofspiel", 2, games=60)
    check_conformance("goofspiel", 3, games=10)


def test_a_cut_playout_is_rated_by_the_house_rule(registry):
    """A heuristic knows nothing of a house rule: with one in force, a playout cut at its depth
    plays on to the end and is rated by the scoring in force; by the book it is rated by the heuristic."""
    import random

    from bgkit.api import runtime_for

    game = registry.game("goofspiel").load(hooks=registry.pm.hook)
    state = game.new_state({"players": 2, "deck": 5})
    by_the_book = runtime_for(game).cut_rewards(state, random.Random(1))
    assert not state.is_terminal() and by_the_book == [0.5, 0.5]  # nothing won yet: level
    registry.register(houserule, name="houserules")
    game = registry.game("goofspiel").load(hooks=registry.pm.hook)
    runtime = runtime_for(game)
    state = game.new_state({"players": 2, "deck": 5})
    rated = runtime.cut_rewards(state, random.Random(1))
    assert state.is_terminal() and rated == runtime.rewards(state) == runtime.outcome(state).rewards()
    assert runtime.functions(type(state)).heuristic == runtime.heuristic  # greedy's rating: the house rule's too


def test_worker_processes_play_by_the_house_rule_of_the_run(registry):
    """A house rule registered in this process (a script, a test) reaches the worker processes of
    ``--jobs 2`` even when they are started from a forkserver (this process runs a thread, so it
    cannot fork them), whose fresh interpreter would otherwise load only what it finds installed:
    the records are those of ``--jobs 1``, tie-breaks included."""
    import threading

    from bgkit.testing import run_cli

    args = ["play", "goofspiel", "random", "random", "--option", "deck=5", "--games", "60", "--seed", "4", "--format", "json"]
    by_the_book = run_cli(args).stdout
    registry.register(houserule, name="houserules")
    one = run_cli([*args, "--jobs", "1"])
    running = threading.Event()
    thread = threading.Thread(target=running.wait, daemon=True)
    thread.start()
    try:
        two = run_cli([*args, "--jobs", "2"])
    finally:
        running.set()
        thread.join()
    assert one.exit_code == two.exit_code == 0, two.stderr
    assert one.stdout != by_the_book  # the house rule decides some of these games
    assert two.stdout == one.stdout
