"""The job modules a game's package provides, as typed protocols, and the check made when one loads.

A game's package holds one module per job (``data``, ``setup``, ``scoring``, ``render``,
``state``; see :mod:`bgkit.model.game`), each a set of plain functions taking the game's components
first. The protocols below are their contract for a type checker; ``bgkit.model.game.Game`` holds an
imported module to it when the game loads it, so a missing or misspelt function is the plugin's
fault, said in one line naming plugin, module and function (exit 1), never mistaken for a
person's bad input (``bgkit.model.game.REQUIRED`` lists their names). :func:`static_problems` finds the
same faults without importing anything (``bgkit plugins`` lists them, and must stay light).
"""

from __future__ import annotations

import ast
import importlib.util
import random
from typing import TYPE_CHECKING, Any, Protocol, Sequence

if TYPE_CHECKING:
    from pathlib import Path

    from bgkit.model.game import Option, State
    from bgkit.model.ranking import ScoreResult
    from bgkit.model.sheets import Field, Sheet


class DataModule(Protocol):
    def load(self, path: "Path | None") -> Any: ...


class SetupModule(Protocol):
    OPTIONS: "Sequence[Option]"

    def make_setup(self, comp: Any, players: int, rng: random.Random, options: dict[str, str]) -> dict[str, Any]: ...

    def count_setups(self, comp: Any, players: int, options: dict[str, str]) -> int: ...


class ScoringModule(Protocol):
    def sheet_fields(self, comp: Any, players: int) -> "Sequence[Field]": ...

    def score_sheet(self, comp: Any, sheet: "Sheet") -> "ScoreResult": ...


class RenderModule(Protocol):
    def render_setup(self, comp: Any, setup: dict[str, Any]) -> Any: ...


class StateModule(Protocol):
    def new_state(self, comp: Any, setup: dict[str, Any]) -> "State": ...

    def state_from_dict(self, comp: Any, data: dict[str, Any]) -> "State": ...

    def sheet_from_state(self, comp: Any, state: "State") -> dict[str, Any]: ...


#: Jobs a game may leave out entirely (its setup then comes from a hook; its drawing is JSON).
OPTIONAL_JOBS = ("data", "render", "setup")


def static_problems(package: str, playable: bool, spec: str = "") -> list[str]:
    """What a game's package lacks, read from its modules' source without importing them:
    ``"scoring.score_sheet is missing"``; for a game declared by a GameSpec (``spec``,
    ``"module:NAME"``), whether that module defines the name. A module whose top-level names cannot
    be known from its source (``from x import *``) is taken on trust."""
    if spec:
        return _spec_problems(spec)
    problems = []
    try:
        found = importlib.util.find_spec(package)
    except (ImportError, ValueError) as exc:
        return [f"its package {package} cannot be found ({type(exc).__name__})"]
    if found is None or not found.submodule_search_locations:
        return [f"its package {package} cannot be found"]
    from pathlib import Path

    folder = Path(list(found.submodule_search_locations)[0])
    from bgkit.model.game import REQUIRED, missing_names

    for job in REQUIRED:
        if job == "state" and not playable:
            continue
        path = folder / f"{job}.py"
        if not path.is_file():
            if job not in OPTIONAL_JOBS:
                problems.append(f"{job}.py is missing")
            continue
        problems += [f"{job}.{name} is missing" for name in missing_names(job, _top_level_names(path))]
    return problems


def _spec_problems(spec: str) -> list[str]:
    module, _, name = spec.partition(":")
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError) as exc:
        return [f"its spec module {module} cannot be found ({type(exc).__name__})"]
    if found is None or not found.origin or not found.has_location:
        return [f"its spec module {module} cannot be found"]
    from pathlib import Path

    names = _top_level_names(Path(found.origin))
    return [] if names is None or name in names else [f"{module}.{name} is missing (its GameSpec)"]


def _top_level_names(path: "Path") -> set[str] | None:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None  # the import will say what is wrong
    names: set[str] = set()
    body = list(tree.body)
    while body:
        node = body.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, (ast.If, ast.Try)):  # names bound on either branch count as bound
            body += node.body + node.orelse + [n for h in getattr(node, "handlers", []) for n in h.body]
            body += getattr(node, "finalbody", [])
    return names
