import os

import pytest

#: The plugins this repository ships. The core's tests run over these alone, so a third-party game
#: installed beside bgkit cannot turn them red (a game package runs bgkit.testing's
#: conformance_suite on itself). Set before any test module asks the registry for its games.
SHIPPED_PLUGINS = "burgundy,bruges,bluemooncity,bretagne,bridgetroll,goofspiel"
os.environ.setdefault("BGKIT_LOAD_PLUGINS", SHIPPED_PLUGINS)

from bgkit.plugins import get_registry, reset_registry  # noqa: E402


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
        yield
