"""Fixtures for the Bruges tests: the game, loaded as every command loads it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bgkit.testing import get_registry

sys.path.insert(0, str(Path(__file__).parent))  # the tests share bruges_scene.py


@pytest.fixture(scope="session")
def game():
    return get_registry().load_game("bruges")
