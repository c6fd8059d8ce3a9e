"""A plugin that wraps the scoring and changes nothing changes no game a bot plays.

With a ``bgkit_score`` wrapper loaded, the runtime rates a finished game by the scoring in force
(``Runtime.heuristic``). A greedy bot compares that rating with the game's own heuristic values of
unfinished positions, so the two must be on one scale: rated as a reward of 0..1, a win looked
worse than a good position, and Blue Moon City's greedy (whose heuristic is in the tens) walked
past its winning offering while any house rule was installed, even one for another game.
"""

import types

import pytest

from bgkit.api import hookimpl
from bgkit.testing import build_match, get_registry, reset_registry


@hookimpl(wrapper=True)
def bgkit_score(game, sheet):
    return (yield)


PASS_THROUGH = types.ModuleType("pass_through_scoring")
PASS_THROUGH.bgkit_score = bgkit_score  # type: ignore[attr-defined]

GAMES = [("bluemooncity", 2, 3), ("bluemooncity", 3, 1), ("burgundy", 2, 1), ("bruges", 2, 1), ("bretagne", 2, 1),
         ("bridgetroll", 3, 1), ("goofspiel", 2, 1)]


@pytest.fixture
def fresh_registry():
    reset_registry()
    yield get_registry()
    reset_registry()


def greedy_game(registry, game_id: str, players: int, seed: int) -> tuple[list, list, list]:
    game = registry.game(game_id).load(hooks=registry.pm.hook)
    options = {o.name: o.default for o in game.options}
    match = build_match(game, ["greedy"] * players, [f"P{i + 1}" for i in range(players)], seed, options)
    result = match.play()
    return list(match.log.actions), result.totals, result.ranks


@pytest.mark.parametrize("game_id, players, seed", GAMES)
def test_a_scoring_wrapper_that_changes_nothing_changes_no_greedy_game(fresh_registry, game_id, players, seed):
    by_the_book = greedy_game(fresh_registry, game_id, players, seed)
    fresh_registry.register(PASS_THROUGH, name="pass_through_scoring")
    wrapped = greedy_game(fresh_registry, game_id, players, seed)
    assert wrapped == by_the_book
