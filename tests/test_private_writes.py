"""No core module writes another object's private fields (issue 40: undo patched the running
driver's state from outside, and Decision's private fields were rewritten by the match): an object's
``_name`` is assigned only by its own methods (``self._name``, ``cls._name``), so what a class keeps
to itself is changed only where the class is."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def private_writes(source: str) -> list[str]:
    """Every write of a private attribute (``x._name = ...``, ``x._name += ...``, ``setattr(x, "_name", ...)``,
    ``del x._name``) whose object is not ``self`` or ``cls``, as ``line: target``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr")
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            name = node.args[1].value
            if _private(name) and not _own(node.args[0]):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and _private(part.attr) and not _own(part.value):
                    found.append(f"{node.lineno}: {ast.unparse(part)}")
    return sorted(found, key=lambda write: int(write.split(":")[0]))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _own(value: ast.expr) -> bool:
    return isinstance(value, ast.Name) and value.id in ("self", "cls")


def test_the_scan_finds_each_kind_of_write():
    source = ("driver._state = x\nself._mine = 1\ndecision._history += []\nsetattr(match, '_narrator', n)\n"
              "a, seat._rng = 1, 2\ndel game._runtime\nsetattr(self, '_ok', 1)\nx.__dict__ = {}\nx.public = 1\n")
    assert private_writes(source) == ["1: driver._state", "3: decision._history", "4: setattr(match, '_narrator', n)",
                                      "5: seat._rng", "6: game._runtime"]


def test_no_core_module_writes_another_objects_private_fields():
    writes = [f"{path.relative_to(ROOT)}:{write}" for path in sorted((ROOT / "bgkit").rglob("*.py"))
              for write in private_writes(path.read_text(encoding="utf-8"))]
    assert writes == []


def driver_writes(source: str) -> list[str]:
    """Writes of a driver's ``state`` or ``narrator`` (``driver.state = ...``, ``self._driver.narrator = ...``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for part in ast.walk(target):
                if (isinstance(part, ast.Attribute) and part.attr in ("state", "narrator")
                        and ast.unparse(part.value).split(".")[-1].lstrip("_") == "driver"):
                    found.append(f"{node.lineno}: {ast.unparse(part)}")
    return found


def test_no_module_sets_a_running_drivers_state_or_narrator():
    """Undo rewinds through the driver's own method (Driver.rewind) and a narrator is handed to a
    driver when it is made: nobody patches a driver's state or narrator from outside."""
    assert driver_writes("driver.narrator = n\nself._driver.state = s\nself.state = driver.state\n") == [
        "1: driver.narrator", "2: self._driver.state"]
    writes = [f"{path.relative_to(ROOT)}:{write}" for path in sorted((ROOT / "bgkit").rglob("*.py"))
              if path.name != "driver.py" for write in driver_writes(path.read_text(encoding="utf-8"))]
    assert writes == []
