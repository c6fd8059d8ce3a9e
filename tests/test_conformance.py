"""The conformance suite over every installed game, at every player count it supports."""

import pytest

from bgkit.plugins.registry import get_registry
from bgkit.testing import check_conformance, check_setup

GAMES = sorted(get_registry().games.values(), key=lambda info: info.id)
CASES = [(info.id, n) for info in GAMES for n in range(info.min_players, info.max_players + 1)]


@pytest.mark.parametrize("game_id, players", CASES)
def test_setups(game_id, players):
    check_setup(game_id, players)


@pytest.mark.parametrize("game_id, players", [(g, n) for g, n in CASES if get_registry().games[g].playable])
def test_random_playouts(game_id, players):
    check_conformance(game_id, players, games=3, seed=players)
