"""Bretagne as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the play
half, ``bgkit_bretagne.play``, and the engine modules it imports wait for play); when play starts
the state is data and its methods are the spec's parts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bgkit.testing import run_importing

from bgkit.testing import get_registry

ROOT = Path(__file__).resolve().parents[3]
#: the table half: what a setup or a score may import of the game
TABLE_HALF = {"bgkit_bretagne", "bgkit_bretagne.plugin", "bgkit_bretagne.spec", "bgkit_bretagne.setup",
              "bgkit_bretagne.scoring", "bgkit_bretagne.data", "bgkit_bretagne.render"}


@pytest.mark.parametrize("command, shown", [(["setup", "bretagne", "-p", "3", "--seed", "1"], "Pontivy: blueprints face up"),
                                            (["score", "bretagne", "examples/sheets/bretagne-3p.toml"], "Winner: Ada, Bo")])
def test_setup_and_score_import_no_play_half(command, shown):
    code, out, imported = run_importing(command, "bgkit_bretagne", cwd=ROOT)
    assert code == 0, out
    assert shown in out
    assert imported <= TABLE_HALF, f"play half imported: {sorted(imported - TABLE_HALF)}"
    assert "bgkit_bretagne.spec" in imported


def test_the_state_is_data_and_the_parts_are_bound_when_play_starts():
    from bgkit.testing import check_spec
    from bgkit_bretagne import display, heuristic, play, rules, views

    game = get_registry().load_game("bretagne")
    state = game.new_state(game.setup(2, random.Random(1), {}))  # play starts: the play half is imported and bound
    assert game.play is play.PLAY
    check_spec(game.play)  # one class of the plugin in the state's MRO, every method the spec's
    cls = type(state)
    assert cls.step is rules.step and cls.view is views.view and cls.heuristic_values is heuristic.heuristic_values
    assert cls.render is display.render_state
