"""The core's folders are its layers (docs/design.md, Layering): a module imports only from its own
layer or from the layers below it, at the top of the file or inside a function, so that the tree
tells a newcomer where a change goes and no import runs back up."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The layers from the ground up, as docs/design.md lists them.
LAYERS = ["model", "engine", "terminal", "exec", "plugins", "bots", "sessions", "tournaments", "history", "serve",
          "cli", "api", "testing", "interop"]


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "bgkit" and parts[1] in LAYERS else None


def imports_of(path: Path) -> list[str]:
    """Every module ``path`` imports by name, wherever the import stands (lazy ones included)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def test_every_core_module_is_in_a_layer():
    for path in (ROOT / "bgkit").iterdir():
        if path.name.startswith(("_", ".")) or path.name == "py.typed":
            continue
        assert path.stem in LAYERS, f"bgkit/{path.name} is in no layer: add it to docs/design.md and LAYERS"


def test_no_import_runs_back_up():
    upward = []
    for path in sorted((ROOT / "bgkit").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        mine = layer_of(module)
        for imported in imports_of(path):
            theirs = layer_of(imported)
            if mine and theirs and LAYERS.index(theirs) > LAYERS.index(mine):
                upward.append(f"{module} imports {imported}")
    assert upward == []
