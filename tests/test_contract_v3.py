"""The contract: a game is one GameSpec, and a spec that is misspelt or names what is not there is
the plugin's fault in one line; the API version is checked at registration; plugins reach the core
through bgkit.api alone."""

import json
import re
import textwrap
from pathlib import Path

import pytest

from bgkit.api import API_VERSION, GameInfo, compatible, hookimpl
from bgkit.testing import run_cli

ROOT = Path(__file__).resolve().parents[1]


def game_package(tmp_path, monkeypatch, name: str, scoring: str) -> None:
    """A small game on disk, importable: its spec module with the scoring given."""
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(scoring))
    monkeypatch.syspath_prepend(str(tmp_path))


def register(registry, info):
    import types

    module = types.ModuleType("contract_plugin")
    module.bgkit_register_games = hookimpl(lambda register: register(info))
    registry.register(module, name="contractplugin")


MISSPELT = '''
    from bgkit.api import Field, GameSpec, Scoring
    def sheet_fields(comp, players):
        return [Field("points", "points scored", 0, 100)]
    def score_sheet(comp, sheet):
        raise AssertionError("never called")
    SPEC = GameSpec(play="nowhere:PLAY", scoring=Scoring(sheet_fields=sheet_fields, score_sheets=score_sheet))  # misspelt
'''


def test_a_misspelt_part_of_a_spec_is_the_plugins_fault_in_one_line(registry, tmp_path, monkeypatch):
    game_package(tmp_path, monkeypatch, "misspeltgame", MISSPELT)
    register(registry, GameInfo("misspelt", "Misspelt", 2, 4, "misspeltgame:SPEC"))
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('game = "misspelt"\n[[player]]\nname = "A"\npoints = 3\n[[player]]\nname = "B"\npoints = 4\n')
    result = run_cli(["score", "misspelt", str(sheet)])
    assert result.exit_code == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines == ["bgkit: error: the spec of Misspelt (plugin 'contractplugin') failed to load: "
                     "TypeError: Scoring() got an unexpected keyword argument 'score_sheets'"]


def test_a_spec_name_that_is_not_a_gamespec_is_one_line(registry, tmp_path, monkeypatch):
    game_package(tmp_path, monkeypatch, "notaspec", "SPEC = 'a string'\n")
    register(registry, GameInfo("notaspec", "Not a spec", 2, 4, "notaspec:SPEC"))
    result = run_cli(["setup", "notaspec", "-p", "2"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "bgkit: error: plugin 'contractplugin': notaspec:SPEC is not a bgkit.api.GameSpec (str)"


def test_bgkit_plugins_lists_a_missing_spec_without_importing_the_game(registry, tmp_path, monkeypatch):
    import sys

    game_package(tmp_path, monkeypatch, "misspeltgame2", MISSPELT)
    register(registry, GameInfo("misspelt2", "Misspelt", 2, 4, "misspeltgame2:SPECS"))
    result = run_cli(["plugins", "--format", "json"])
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert rows["contractplugin"]["error"] == "game 'misspelt2': misspeltgame2.SPECS is missing (its GameSpec)"
    assert "misspeltgame2" not in sys.modules  # read from the source, not imported


def test_a_game_of_the_removed_job_module_shape_is_refused_in_one_line(registry):
    """API 4.0 removed ``GameInfo(package=...)``: such a plugin's registration fails, in one line
    that ``bgkit plugins`` lists, and every other game is still there."""
    def bgkit_register_games(register):
        register(GameInfo(id="oldgame", name="Old", min_players=2, max_players=4, package="bgkit_oldgame"))

    import types

    module = types.ModuleType("old_plugin")
    module.bgkit_register_games = hookimpl(bgkit_register_games)
    registry.register(module, name="oldplugin")
    rows = {row["name"]: row for row in json.loads(run_cli(["plugins", "--format", "json"]).stdout)}
    assert rows["oldplugin"]["error"] == ("bgkit_register_games failed: TypeError: GameInfo.__init__() got an unexpected "
                                          "keyword argument 'package'")
    games = json.loads(run_cli(["games", "--format", "json"]).stdout)
    assert "oldgame" not in {row["id"] for row in games} and "goofspiel" in {row["id"] for row in games}


def test_a_game_written_for_another_api_version_is_refused_at_registration(registry):
    major = int(API_VERSION.split(".")[0])
    register(registry, GameInfo("future", "Future", 2, 4, "nowhere:SPEC", api_version=f"{major + 1}.0"))
    result = run_cli(["plugins", "--format", "json"])
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert f"written for bgkit API {major + 1}.0; this bgkit has API {API_VERSION}" in rows["contractplugin"]["error"]
    assert "future" not in json.loads(run_cli(["games", "--format", "json"]).stdout)


def test_api_versions_compatible_from_the_oldest_kept_to_this_one():
    """A minor version only adds; 4.0 removed the job-module shape and kept 3.3's GameSpec whole, so a
    game written for 3.3 loads, and one for 3.2 (which may be of the old shape) is refused."""
    from bgkit.plugins.hookspecs import OLDEST_API

    major, minor = API_VERSION.split(".")
    assert (API_VERSION, OLDEST_API) == ("4.0", "3.3")
    assert compatible(API_VERSION) and compatible(f"{major}.0") and compatible("3.3")
    assert not compatible(f"{major}.{int(minor) + 1}") and not compatible("3.2") and not compatible("x")


def test_plugins_and_examples_import_only_the_public_api():
    """Plugins (code and tests) and the examples reach the core through bgkit.api and bgkit.testing."""
    private = re.compile(r"^\s*(from|import)\s+bgkit\.(?!api\b|testing\b)[a-z_.]+", re.M)
    found = []
    for folder in ("plugins", "examples"):
        for path in (ROOT / folder).rglob("*.py"):
            for match in private.finditer(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(ROOT)}: {match.group(0).strip()}")
    assert not found, "\n".join(found)


def test_every_public_name_resolves():
    import bgkit.api as api

    for name in api.__all__:
        assert hasattr(api, name), name
    with pytest.raises(AttributeError):
        api.no_such_name  # noqa: B018
