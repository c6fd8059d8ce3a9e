"""Blue Moon City as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the
play half, ``bgkit_bluemooncity.play``, and the engine modules it imports wait for play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bgkit.testing import check_bound, check_table_half

ROOT = Path(__file__).resolve().parents[3]
#: the table half: what a setup or a score may import of the game
TABLE_HALF = {"bgkit_bluemooncity", "bgkit_bluemooncity.plugin", "bgkit_bluemooncity.spec", "bgkit_bluemooncity.setup",
              "bgkit_bluemooncity.scoring", "bgkit_bluemooncity.data", "bgkit_bluemooncity.render",
              "bgkit_bluemooncity.city"}


@pytest.mark.parametrize("command, shown", [(["setup", "bluemooncity", "-p", "2", "--seed", "1"], "The city — north at the top"),
                                            (["score", "bluemooncity", "examples/sheets/bluemooncity-3p.toml"], "Winner")])
def test_setup_and_score_import_no_play_half(command, shown):
    check_table_half(command, "bgkit_bluemooncity", TABLE_HALF, shown, cwd=ROOT)


def test_the_state_is_data_and_the_parts_are_bound_when_play_starts():
    from bgkit.testing import get_registry
    from bgkit_bluemooncity import display, heuristic, play, playout, rules, views

    game = get_registry().load_game("bluemooncity")
    from bluemooncity_scene import table

    table(game=game)  # play starts: the play half is imported and bound
    check_bound(game, play.PLAY, {"step": rules.step, "apply": rules.apply, "view": views.view, "heuristic": heuristic.heuristic,
                                  "rollout_action": playout.move, "render": display.render_state})
