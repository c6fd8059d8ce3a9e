"""The table state built from a setup: components conserved, plain data, cheap copies, one scoring."""

import json
import random

import pytest

from bgkit.plugins import get_registry
from bgkit.sheets import sheet_from_data
from bgkit_bridgetroll.setup import OPTIONS
from bgkit_bridgetroll.table import Table


@pytest.fixture(scope="module")
def game():
    return get_registry().load_game("bridgetroll")


def options(**changes):
    return {opt.name: opt.default for opt in OPTIONS} | changes


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_table_from_setup_conserves_the_components(game, players):
    setup = game.setup(players, random.Random(players), options())
    table = Table.from_setup(setup)
    assert table.players == players
    assert table.stones_on_table() == game.components.stones_in_play(players)
    assert sorted(table.deck) == sorted(game.components.deck()) and table.deck_order_known
    assert table.upgrade_pile == setup["upgrade_pile"]
    assert table.start_player == setup["start_player"] - 1
    assert [b.vp_tokens for b in table.bridges] == [5] * players


def test_table_without_a_fixed_deck_order(game):
    table = Table.from_setup(game.setup(4, random.Random(0), options(deck="shuffle")))
    assert table.deck == [] and not table.deck_order_known and table.deck_size == 53


def test_round_trip_and_independent_clone(game):
    table = Table.from_setup(game.setup(5, random.Random(3), options()))
    data = json.loads(json.dumps(table.to_dict()))
    assert Table.from_dict(data) == table
    copy = table.clone()
    copy.bridges[0].stones[copy.bridges[0].colour] -= 2
    copy.bridges[1].upgrades.append(1)
    copy.deck.pop()
    assert copy != table and table.bridges[1].upgrades == [] and len(table.deck) == 53


def test_a_table_scores_through_the_sheet(game):
    table = Table.from_setup(game.setup(3, random.Random(1), options()))
    table.bridges[0].upgrades = [1, 2]  # 5 + 3 + 2 = 10
    table.bridges[1].vp_tokens = 10  # 10, fewer upgrade values
    result = game.score_sheet(sheet_from_data(game, table.to_sheet()))
    assert result.totals == [10, 10, 5]
    assert result.winners == [0] and result.decided_by == "tie-break: upgrade card values"
