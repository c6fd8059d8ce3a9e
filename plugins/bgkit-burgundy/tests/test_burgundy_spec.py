"""Burgundy as a GameSpec: ``bgkit setup`` and ``bgkit score`` read its table half alone, and its
state is data whose methods are the parts' functions."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PLAY_HALF = ("play", "state", "rules", "offers", "estate", "views", "notation", "heuristic", "reach")


@pytest.mark.parametrize("command", [["setup", "burgundy", "-p", "3", "--seed", "4"],
                                     ["score", "burgundy", "examples/sheets/burgundy-3p.toml"]])
def test_setup_and_score_import_no_play_half(command):
    probe = ("import sys, runpy; sys.argv = ['bgkit', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('bgkit', run_name='__main__')\nexcept SystemExit as exit:\n    print('EXIT', exit.code, file=sys.stderr)\n"
             f"print(sorted(m for m in sys.modules if m.split('.')[-1] in {PLAY_HALF!r} and m.startswith('bgkit_burgundy.')) or 'NONE',"
             " file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=ROOT, timeout=60)
    assert done.stderr.strip().splitlines()[-2:] == ["EXIT 0", "NONE"], done.stdout + done.stderr


def test_the_state_is_data_and_its_methods_are_the_parts(burgundy):
    from bgkit_burgundy import offers, rules
    from bgkit_burgundy.play import PLAY
    from bgkit_burgundy.state import BurgundyState

    ours = [c for c in BurgundyState.__mro__ if c.__module__.startswith("bgkit_burgundy")]
    assert ours == [BurgundyState]
    state = burgundy.new_state(burgundy.setup(2, random.Random(1), {}))
    assert burgundy.play is PLAY
    assert BurgundyState.turn_actions is offers.turn_actions and BurgundyState.step is rules.step
    assert state.chance_outcomes() if state.is_chance() else state.legal_actions()
