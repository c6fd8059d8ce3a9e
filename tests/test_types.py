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


def bare_any_slots() -> tuple[int, list[str]]:
    """Every annotation slot of bgkit.api's public names as a type checker reads them (parameters,
    returns, class fields; an overloaded function's overloads), and those that are a bare ``Any``.
    A record's or a part's generated ``__init__`` is left out: a type checker reads its fields
    (``dataclass_transform``)."""
    import inspect
    import typing

    import bgkit.api as api

    slots, bare = 0, []

    def note(where: str, annotation: object) -> None:
        nonlocal slots
        slots += 1
        if annotation in ("Any", typing.Any):
            bare.append(where)

    def function(where: str, found: object) -> None:
        for each in typing.get_overloads(found) or [found]:
            signature = inspect.signature(each)
            for parameter in signature.parameters.values():
                if parameter.name not in ("self", "cls") and parameter.annotation is not inspect.Parameter.empty:
                    note(f"{where}({parameter.name})", parameter.annotation)
            if signature.return_annotation is not inspect.Signature.empty:
                note(f"{where} return", signature.return_annotation)

    for name in api.__all__:
        found = getattr(api, name)
        if inspect.isfunction(found):
            function(name, found)
        elif inspect.isclass(found):
            generated = hasattr(found, "record_fields") or hasattr(found, "part_fields")
            for field, annotation in vars(found).get("__annotations__", {}).items():
                if not field.startswith("_"):
                    note(f"{name}.{field}", annotation)
            for attribute, value in vars(found).items():
                if attribute.startswith("_") and attribute != "__init__" or attribute == "__init__" and generated:
                    continue
                value = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
                if inspect.isfunction(value):
                    function(f"{name}.{attribute}", value)
    return slots, bare


def test_no_bare_any_in_bgkit_api():
    """What a plugin author reads off bgkit.api is typed: 0 bare ``Any`` (43 of 389 slots when
    issue 40 was filed; 20 of 684 at c18078b, 11 of them the old shape's protocols)."""
    slots, bare = bare_any_slots()
    assert slots > 500 and bare == []


def test_py_typed_is_package_data():
    """PEP 561: bgkit/py.typed exists and pyproject ships it in the wheel (.ci/wheels checks the built wheel)."""
    import tomllib

    assert (ROOT / "bgkit" / "py.typed").is_file()
    assert "py.typed" in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["bgkit"]
