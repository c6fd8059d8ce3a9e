"""The code stays small enough to read: the linter passes, and no game hides a rule in a giant.

ruff (configured in pyproject.toml) holds every file to pyflakes' errors and every function of the
core, the games and the examples to a cyclomatic complexity of 20. The sizes below are the floor
plan's (docs/plugins.md): no function over 80 lines anywhere in the shipped code, no module of a
game over 600 lines, no module of the core over 1,000 (history/store.py was 1,012 lines doing
records, validation, schemas, migrations, storage and merge; split by job, its largest is 488).
"""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = sorted(ROOT.glob("plugins/*/bgkit_*")) + sorted(ROOT.glob("examples/*/bgkit_*"))
SHIPPED = [ROOT / "bgkit", *GAME_PACKAGES]
LONGEST_FUNCTION, LONGEST_GAME_MODULE, LONGEST_CORE_MODULE = 80, 600, 1000


def _ruff() -> list[str]:
    if shutil.which("ruff"):
        return ["ruff"]
    pytest.importorskip("ruff", reason="ruff is in the test extra: pip install -e .[test]")
    return [sys.executable, "-m", "ruff"]


def test_ruff_passes_on_the_whole_tree():
    result = subprocess.run([*_ruff(), "check", "--output-format", "concise", "."], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def _functions(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node.lineno, node.end_lineno - node.lineno + 1


def test_no_function_of_the_shipped_code_is_over_80_lines():
    long = [f"{path.relative_to(ROOT)}:{line} {name} ({size} lines)"
            for package in SHIPPED for path in sorted(package.rglob("*.py"))
            for name, line, size in _functions(path) if size > LONGEST_FUNCTION]
    assert not long, "functions over 80 lines:\n" + "\n".join(long)


def test_no_game_module_is_over_600_lines():
    big = [f"{path.relative_to(ROOT)} ({n} lines)" for package in GAME_PACKAGES for path in sorted(package.rglob("*.py"))
           if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_GAME_MODULE]
    assert not big, "game modules over 600 lines:\n" + "\n".join(big)


def test_no_core_module_is_over_1000_lines():
    big = [f"{path.relative_to(ROOT)} ({n} lines)" for path in sorted((ROOT / "bgkit").rglob("*.py"))
           if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_CORE_MODULE]
    assert not big, "core modules over 1,000 lines (one job each: split them):\n" + "\n".join(big)


def test_the_checks_see_every_game():
    names = {package.name for package in GAME_PACKAGES}
    assert {"bgkit_burgundy", "bgkit_bruges", "bgkit_bluemooncity", "bgkit_bretagne", "bgkit_bridgetroll",
            "bgkit_goofspiel"} <= names
