"""Bretagne as a GameSpec: ``bgkit setup`` and ``bgkit score`` read the table half alone (the play
half, ``bgkit_bretagne.play``, and the engine modules it imports wait for play); when play starts
the state is data and its methods are the spec's parts."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bgkit.testing import get_registry

ROOT = Path(__file__).resolve().parents[3]
#: the table half: what a setup or a score may import of the game
TABLE_HALF = {"bgkit_bretagne", "bgkit_bretagne.plugin", "bgkit_bretagne.spec", "bgkit_bretagne.setup",
              "bgkit_bretagne.scoring", "bgkit_bretagne.data", "bgkit_bretagne.render"}
PROBE = ("import sys, runpy; sys.argv = ['bgkit', *sys.argv[1:]]\n"
         "try:\n    runpy.run_module('bgkit', run_name='__main__')\nexcept SystemExit as exit:\n"
         "    print('EXIT', exit.code, file=sys.stderr)\n"
         "print(' '.join(sorted(m for m in sys.modules if m.startswith('bgkit_bretagne'))), file=sys.stderr)\n")


@pytest.mark.parametrize("command, shown", [(["setup", "bretagne", "-p", "3", "--seed", "1"], "Pontivy: blueprints face up"),
                                            (["score", "bretagne", "examples/sheets/bretagne-3p.toml"], "Winner: Ada, Bo")])
def test_setup_and_score_import_no_play_half(command, shown):
    done = subprocess.run([sys.executable, "-c", PROBE, *command], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=ROOT, timeout=60)
    exit_line, modules = done.stderr.strip().splitlines()[-2:]
    assert exit_line == "EXIT 0", done.stdout + done.stderr
    assert shown in done.stdout
    assert set(modules.split()) <= TABLE_HALF, f"play half imported: {sorted(set(modules.split()) - TABLE_HALF)}"
    assert "bgkit_bretagne.spec" in modules.split()


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
