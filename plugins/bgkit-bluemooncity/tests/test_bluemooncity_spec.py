"""Blue Moon City as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the
play half, ``bgkit_bluemooncity.play``, and the engine modules it imports wait for play)."""

from __future__ import annotations

from pathlib import Path

from bgkit.testing import check_bound, table_half_suite

ROOT = Path(__file__).resolve().parents[3]
test_setup_and_score_import_no_play_half = table_half_suite(
    "bgkit_bluemooncity", ("plugin", "spec", "setup", "scoring", "data", "render", "city"),
    {"setup bluemooncity -p 2 --seed 1": "The city — north at the top",
     "score bluemooncity examples/sheets/bluemooncity-3p.toml": "Winner"}, cwd=ROOT)


def test_the_state_is_data_and_the_parts_are_bound_when_play_starts():
    from bgkit.testing import get_registry
    from bgkit_bluemooncity import display, heuristic, play, playout, rules, views

    game = get_registry().load_game("bluemooncity")
    from bluemooncity_scene import table

    table(game=game)  # play starts: the play half is imported and bound
    check_bound(game, play.PLAY, {"step": rules.step, "apply": rules.apply, "view": views.view, "heuristic": heuristic.heuristic,
                                  "rollout_action": playout.move, "render": display.render_state})
