"""The core's folders are its layers (docs/design.md, Layering): a module imports only from its own
layer or from the layers below it, at the top of the file or inside a function, so that the tree
tells a newcomer where a change goes and no import runs back up."""

import ast
import re
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


#: A whole string that names a bgkit module: ``bgkit.engine.match``, or entry-point style ``bgkit.serve.app:create_app``.
MODULE_TEXT = re.compile(r"(bgkit(?:\.\w+)+)(?::\w+(?:\.\w+)*)?")

#: The modules of higher layers a lower one names in a string, each with the reason it may.
NAMED_UPWARD = {
    **{("bgkit.plugins.registry", f"bgkit.{layer}.plugin"): (
        "the core's own bots, executors and adapters are plugins, registered by module name as an installed "
        "plugin is by its entry point; the registry reaches them only through the hooks") for layer in ("bots", "tournaments", "interop")},
    ("bgkit.engine.runtime", "bgkit.plugins.games"): (
        "the name the core's own game hooks are registered under, compared with pluggy's hookimpl.plugin_name; "
        "nothing is imported"),
}


def named_in_strings(source: str) -> list[str]:
    """Every module ``source`` names in a whole string (``importlib.import_module("bgkit.cli.main")``,
    a tuple of plugin modules, an entry point ``"bgkit.serve.app:create_app"``): imports the AST walk
    cannot see."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = MODULE_TEXT.fullmatch(node.value)
            if named:
                found.append(named.group(1))
    return found


def test_modules_named_in_strings_are_found():
    source = 'import importlib\nimportlib.import_module("bgkit.cli.main")\nPOINTS = ("bgkit.serve.app:create",)\n"""see bgkit.cli"""'
    assert named_in_strings(source) == ["bgkit.cli.main", "bgkit.serve.app"]


def test_no_module_named_in_a_string_runs_back_up():
    upward = []
    for path in sorted((ROOT / "bgkit").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        mine = layer_of(module)
        for named in named_in_strings(path.read_text(encoding="utf-8")):
            theirs = layer_of(named)
            if mine and theirs and LAYERS.index(theirs) > LAYERS.index(mine) and (module, named) not in NAMED_UPWARD:
                upward.append(f"{module} names {named}")
    assert upward == []
    for (module, named), reason in NAMED_UPWARD.items():  # every exception still stands, and says why
        assert named in named_in_strings((ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")), module
        assert reason
