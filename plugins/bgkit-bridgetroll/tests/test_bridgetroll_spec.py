"""Bridge Troll as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the
play half, ``bgkit_bridgetroll.play``, and the engine modules it imports wait for play)."""

from __future__ import annotations

from pathlib import Path

from bgkit.testing import check_bound, table_half_suite

ROOT = Path(__file__).resolve().parents[3]
test_setup_and_score_import_no_play_half = table_half_suite(
    "bgkit_bridgetroll", ("plugin", "spec", "setup", "scoring", "data", "render"),
    {"setup bridgetroll -p 3 --seed 1": "Travel schedule card",
     "score bridgetroll examples/sheets/bridgetroll-4p.toml": "Winner: Ada"}, cwd=ROOT)


def test_the_state_is_data_and_the_parts_are_bound_when_play_starts(game, table):
    from bgkit_bridgetroll import play, rules, views

    table(players=3)  # play starts: the play half is imported and bound
    check_bound(game, play.PLAY, {"step": rules.step, "view": views.view})
    assert play.PLAY.state.rollout_depth == 120
