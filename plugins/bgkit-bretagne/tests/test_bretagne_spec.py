"""Bretagne as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the play
half, ``bgkit_bretagne.play``, and the engine modules it imports wait for play); when play starts
the state is data and its methods are the spec's parts."""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.testing import check_bound, table_half_suite, get_registry

ROOT = Path(__file__).resolve().parents[3]
test_setup_and_score_import_no_play_half = table_half_suite(
    "bgkit_bretagne", ("plugin", "spec", "setup", "scoring", "data", "render"),
    {"setup bretagne -p 3 --seed 1": "Pontivy: blueprints face up",
     "score bretagne examples/sheets/bretagne-3p.toml": "Winner: Ada, Bo"}, cwd=ROOT)


def test_the_state_is_data_and_the_parts_are_bound_when_play_starts():
    from bgkit_bretagne import display, heuristic, play, rules, views

    game = get_registry().load_game("bretagne")
    state = game.new_state(game.setup(2, random.Random(1), {}))  # play starts: the play half is imported and bound
    assert type(state) is play.PLAY.state
    check_bound(game, play.PLAY, {"step": rules.step, "view": views.view, "heuristic_values": heuristic.heuristic_values,
                                  "render": display.render_state})
