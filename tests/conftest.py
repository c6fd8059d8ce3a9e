import pytest

import bgkit.plugins.registry
from bgkit.plugins.registry import get_registry, reset_registry

#: The plugins this repository ships. The core's in-process tests load these alone (unless a test
#: sets BGKIT_LOAD_PLUGINS itself), so a third-party game installed beside bgkit cannot turn them
#: red: a game package runs bgkit.testing's conformance_suite on itself. Chosen here, before any
#: test module asks the registry for its games; a bgkit run in a subprocess loads what is installed.
SHIPPED_PLUGINS = {"burgundy", "bruges", "bluemooncity", "bretagne", "bridgetroll", "goofspiel", "pig"}
_chosen_by_the_environment = bgkit.plugins.registry.selected_plugins


def _shipped_unless_chosen():
    chosen = _chosen_by_the_environment()
    return set(SHIPPED_PLUGINS) if chosen is None else chosen


bgkit.plugins.registry.selected_plugins = _shipped_unless_chosen


@pytest.fixture
def registry():
    """The process registry, forgotten afterwards so in-process registrations do not leak."""
    reset_registry()
    yield get_registry()
    reset_registry()


@pytest.fixture
def goofspiel(registry):
    return registry.load_game("goofspiel")


@pytest.fixture(autouse=True, scope="session")
def _history_of_the_tests(tmp_path_factory):
    """No test records into the real history in the user's data folder, nor caches anything in the
    user's cache folder (subprocesses inherit this)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BGKIT_DB", str(tmp_path_factory.mktemp("history") / "history.sqlite3"))
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))  # bgkit's list of plugins
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))  # the exec bots' seed key
        yield
