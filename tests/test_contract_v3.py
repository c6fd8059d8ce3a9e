"""Contract v3: a game's job modules are held to their protocols when they load, the API version
is checked at registration, and plugins reach the core through bgkit.api alone."""

import json
import re
import textwrap
from pathlib import Path

import pytest

from bgkit.api import API_VERSION, GameInfo, compatible, hookimpl
from bgkit.testing import run_cli

ROOT = Path(__file__).resolve().parents[1]


def game_package(tmp_path, monkeypatch, name: str, scoring: str) -> None:
    """A small game package on disk, importable: a setup, and the scoring given."""
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "setup.py").write_text(textwrap.dedent('''
        OPTIONS = ()
        def make_setup(comp, players, rng, options):
            return {"players": players}
        def count_setups(comp, players, options):
            return 1
    '''))
    (package / "scoring.py").write_text(textwrap.dedent(scoring))
    monkeypatch.syspath_prepend(str(tmp_path))


def register(registry, info):
    import types

    module = types.ModuleType("contract_plugin")
    module.bgkit_register_games = hookimpl(lambda register: register(info))
    registry.register(module, name="contractplugin")


MISSPELT = '''
    from bgkit.api import Field
    def sheet_fields(comp, players):
        return [Field("points", "points scored", 0, 100)]
    def score_sheets(comp, sheet):  # misspelt: the contract names it score_sheet
        raise AssertionError("never called")
'''


def test_a_game_missing_a_contract_function_is_the_plugins_fault_in_one_line(registry, tmp_path, monkeypatch):
    game_package(tmp_path, monkeypatch, "misspeltgame", MISSPELT)
    register(registry, GameInfo("misspelt", "Misspelt", 2, 4, "misspeltgame"))
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('game = "misspelt"\n[[player]]\nname = "A"\npoints = 3\n[[player]]\nname = "B"\npoints = 4\n')
    result = run_cli(["score", "misspelt", str(sheet)])
    assert result.exit_code == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "plugin 'contractplugin'" in lines[0] and "misspeltgame.scoring.score_sheet is missing" in lines[0]
    assert "Traceback" not in result.stderr


def test_bgkit_plugins_lists_the_missing_function_without_importing_the_game(registry, tmp_path, monkeypatch):
    import sys

    game_package(tmp_path, monkeypatch, "misspeltgame2", MISSPELT)
    register(registry, GameInfo("misspelt2", "Misspelt", 2, 4, "misspeltgame2"))
    result = run_cli(["plugins", "--format", "json"])
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert rows["contractplugin"]["error"] == "game 'misspelt2': scoring.score_sheet is missing"
    assert "misspeltgame2.scoring" not in sys.modules  # read from the source, not imported


def test_a_game_written_for_another_api_version_is_refused_at_registration(registry):
    register(registry, GameInfo("future", "Future", 2, 4, "nowhere", api_version="4.0"))
    result = run_cli(["plugins", "--format", "json"])
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert f"written for bgkit API 4.0; this bgkit has API {API_VERSION}" in rows["contractplugin"]["error"]
    assert "future" not in json.loads(run_cli(["games", "--format", "json"]).stdout)


def test_api_versions_compatible_within_a_major_version():
    major, minor = API_VERSION.split(".")
    assert compatible(API_VERSION) and compatible(f"{major}.0")
    assert not compatible(f"{major}.{int(minor) + 1}") and not compatible(f"{int(major) - 1}.9") and not compatible("x")


def test_every_public_name_resolves():
    import bgkit.api as api

    for name in api.__all__:
        assert hasattr(api, name), name
    with pytest.raises(AttributeError):
        api.no_such_name  # noqa: B018
