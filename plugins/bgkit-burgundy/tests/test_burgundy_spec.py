"""Burgundy as a GameSpec: ``bgkit setup`` and ``bgkit score`` read its table half alone, and its
state is data whose methods are the parts' functions."""

from __future__ import annotations

import random
from pathlib import Path

from bgkit.testing import check_bound, table_half_suite

ROOT = Path(__file__).resolve().parents[3]
test_setup_and_score_import_no_play_half = table_half_suite(
    "bgkit_burgundy", ("plugin", "spec", "setup", "scoring", "data", "render"),
    {"setup burgundy -p 3 --seed 4": "Repeat with: bgkit setup burgundy",
     "score burgundy examples/sheets/burgundy-3p.toml": "Winner: Bo"}, cwd=ROOT)


def test_the_state_is_data_and_its_methods_are_the_parts(burgundy):
    from bgkit_burgundy import offers, rules
    from bgkit_burgundy.play import PLAY
    from bgkit_burgundy.state import BurgundyState

    ours = [c for c in BurgundyState.__mro__ if c.__module__.startswith("bgkit_burgundy")]
    assert ours == [BurgundyState]
    state = burgundy.new_state(burgundy.setup(2, random.Random(1), {}))
    check_bound(burgundy, PLAY, {"turn_actions": offers.turn_actions, "step": rules.step})
    assert state.chance_outcomes() if state.is_chance() else state.legal_actions()
