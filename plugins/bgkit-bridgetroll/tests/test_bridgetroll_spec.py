"""Bridge Troll as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the
play half, ``bgkit_bridgetroll.play``, and the engine modules it imports wait for play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bgkit.testing import check_bound, check_table_half

ROOT = Path(__file__).resolve().parents[3]
#: the table half: what a setup or a score may import of the game
TABLE_HALF = {"bgkit_bridgetroll", "bgkit_bridgetroll.plugin", "bgkit_bridgetroll.spec", "bgkit_bridgetroll.setup",
              "bgkit_bridgetroll.scoring", "bgkit_bridgetroll.data", "bgkit_bridgetroll.render"}


@pytest.mark.parametrize("command, shown", [(["setup", "bridgetroll", "-p", "3", "--seed", "1"], "Travel schedule card"),
                                            (["score", "bridgetroll", "examples/sheets/bridgetroll-4p.toml"], "Winner: Ada")])
def test_setup_and_score_import_no_play_half(command, shown):
    check_table_half(command, "bgkit_bridgetroll", TABLE_HALF, shown, cwd=ROOT)


def test_the_state_is_data_and_the_parts_are_bound_when_play_starts(game, table):
    from bgkit_bridgetroll import play, rules, views

    table(players=3)  # play starts: the play half is imported and bound
    check_bound(game, play.PLAY, {"step": rules.step, "view": views.view})
    assert play.PLAY.state.rollout_depth == 120
