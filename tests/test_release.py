"""What a release shows: `bgkit --version` names the core, its API and every game without importing a
game engine; `bgkit new` writes a plugin package from the templates, and refuses a bad name in one line.
(.ci/wheels installs and plays what `bgkit new` makes, in a fresh environment.)"""

import subprocess
import sys
from pathlib import Path

import bgkit
from bgkit.api import API_VERSION

ROOT = Path(__file__).resolve().parents[1]


def test_version_names_the_core_the_api_and_each_game_without_importing_an_engine():
    probe = ("import sys, runpy; sys.argv = ['bgkit', '--version']\n"
             "try:\n    runpy.run_module('bgkit', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('bgkit_') and '.' in m and not m.endswith('.plugin')), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    lines = done.stdout.splitlines()
    assert lines[:2] == [f"bgkit {bgkit.__version__}", f"API {API_VERSION}"]
    assert "burgundy 1.0.0 (bgkit-burgundy, API 4.0)" in lines  # the API each game declares it was written for
    assert "goofspiel 1.0.0 (bgkit-goofspiel, API 4.0)" in lines
    assert done.stderr.strip().splitlines()[-1] == "[]"  # packages and their registration modules only: no engine


def test_the_core_version_is_one_number_everywhere():
    assert f'version = "{bgkit.__version__}"' in (ROOT / "pyproject.toml").read_text()
    major, minor = bgkit.__version__.split(".")[:2]
    for project in [*ROOT.glob("plugins/*/pyproject.toml"), *ROOT.glob("examples/*/pyproject.toml")]:
        assert f'"bgkit>={major}.{minor},<{int(major) + 1}"' in project.read_text(), project


def test_new_game_writes_a_package_with_its_entry_point_and_core_range(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bgkit", "new", "game", "tinygame"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    made = tmp_path / "tinygame"
    assert sorted(p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file()) == [
        "README.md", "bgkit_tinygame/__init__.py", "pyproject.toml", "tests/test_tinygame.py"]  # a one-file GameSpec
    project = (made / "pyproject.toml").read_text()
    assert 'tinygame = "bgkit_tinygame"' in project and 'version = "0.1.0"' in project
    major, minor = bgkit.__version__.split(".")[:2]
    assert f'dependencies = ["bgkit>={major}.{minor},<{int(major) + 1}"]' in project
    game = (made / "bgkit_tinygame" / "__init__.py").read_text()
    assert f'api_version="{API_VERSION}"' in game and 'spec="bgkit_tinygame:SPEC"' in game
    assert "{{" not in "".join(p.read_text() for p in made.rglob("*") if p.is_file())
    for path in made.rglob("*.py"):
        compile(path.read_text(), str(path), "exec")
        assert "from bgkit." not in path.read_text().replace("from bgkit.api", "").replace("from bgkit.testing", "")


def test_new_refuses_a_bad_name_and_an_existing_folder_in_one_line(tmp_path):
    def new(*args):
        return subprocess.run([sys.executable, "-m", "bgkit", "new", *args], cwd=tmp_path, capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)

    bad = new("game", "My-Game")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'My-Game' cannot name a plugin" in bad.stderr
    assert new("house-rule", "lastword", "--game", "goofspiel").returncode == 0
    again = new("house-rule", "lastword")
    assert again.returncode == 2 and "lastword already exists" in again.stderr
    assert 'GAME = "goofspiel"' in (tmp_path / "lastword" / "bgkit_lastword" / "plugin.py").read_text()


def test_the_bot_protocols_hello_shows_the_running_version():
    """docs/bot-protocol.md shows bgkit's hello as this core sends it (a release updates it: docs/releasing.md)."""
    import re

    shown = re.findall(r'"bgkit": ?"([^"]+)"', (ROOT / "docs" / "bot-protocol.md").read_text())
    assert shown and set(shown) == {bgkit.__version__}
