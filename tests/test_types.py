"""The public contract type-checks strictly (mypy, configured in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_contract_modules_and_a_new_game_pass_mypy_strict(tmp_path):
    """pyproject.toml's set, and the game `bgkit new game` writes: a plugin author starts typed."""
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e .[test]")
    import tomllib

    made = subprocess.run([sys.executable, "-m", "bgkit", "new", "game", "typedgame"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert made.returncode == 0, made.stderr
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", *files,
                             str(tmp_path / "typedgame" / "bgkit_typedgame")],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout and "bgkit_typedgame" not in result.stdout


def test_no_bare_any_in_the_hookspecs():
    import ast

    tree = ast.parse((ROOT / "bgkit" / "plugins" / "hookspecs.py").read_text())
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value == "Any"}
    assert "Any" not in names
