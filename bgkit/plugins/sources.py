"""What a game's registration names but its source lacks, read without importing anything.

``bgkit plugins`` lists every plugin's faults and must stay light (no game engine imported), so a
``GameInfo.spec`` naming a module that cannot be found, or a name its module does not define, is
found from the module's source (:func:`spec_problems`); loading the game says the same in one line.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path


def spec_problems(spec: str) -> list[str]:
    """What is wrong with ``spec`` (``"module:NAME"``, a GameInfo's GameSpec), read from the
    module's source: ``"bgkit_pig.SPECS is missing (its GameSpec)"``. A module whose top-level
    names cannot be known from its source (``from x import *``) is taken on trust."""
    module, _, name = spec.partition(":")
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError) as exc:
        return [f"its spec module {module} cannot be found ({type(exc).__name__})"]
    if found is None or not found.origin or not found.has_location:
        return [f"its spec module {module} cannot be found"]
    names = top_level_names(Path(found.origin))
    return [] if names is None or name in names else [f"{module}.{name} is missing (its GameSpec)"]


def top_level_names(path: Path) -> set[str] | None:
    """The names a module's source binds at its top level (either branch of an ``if`` or ``try``);
    None when they cannot be known: a star import, or a source that does not parse (the import
    will say what is wrong)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None
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
        elif isinstance(node, ast.If):
            body += node.body + node.orelse
        elif isinstance(node, ast.Try):
            body += node.body + node.orelse + node.finalbody + [n for handler in node.handlers for n in handler.body]
    return names
