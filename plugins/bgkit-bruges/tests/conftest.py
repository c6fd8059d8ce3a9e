"""Fixtures for the Bruges tests: the game, loaded as every command loads it."""

from __future__ import annotations

import sys
from pathlib import Path


from bgkit.testing import game_fixture

sys.path.insert(0, str(Path(__file__).parent))  # the tests share bruges_scene.py


game = game_fixture("bruges")
