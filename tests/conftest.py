import pytest

from bgkit.plugins import get_registry, reset_registry


@pytest.fixture
def registry():
    """The process registry, forgotten afterwards so in-process registrations do not leak."""
    reset_registry()
    yield get_registry()
    reset_registry()


@pytest.fixture
def goofspiel(registry):
    return registry.load_game("goofspiel")
