"""The public contract type-checks strictly (mypy, configured in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_contract_modules_pass_mypy_strict():
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e .[test]")
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout


def test_no_bare_any_in_the_hookspecs():
    import ast

    tree = ast.parse((ROOT / "bgkit" / "plugins" / "hookspecs.py").read_text())
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value == "Any"}
    assert "Any" not in names
