"""Every dotted ``bgkit.`` name in the code (comments and docstrings included) and in the docs
names something that exists: a module, or an attribute of one (a class's instance attributes
count), so a reader who follows a name finds it."""

import importlib
import inspect
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A dotted name starting with the package (not part of a file name such as ``x.bgkit.json``).
NAME = re.compile(r"(?<![\w.\-/])bgkit(?:\.[A-Za-z_]\w*)+")
#: The file names that read like dotted names (``bgkit.sh``, the bash completion script): not names.
FILE_SUFFIXES = (".sh", ".zsh", ".fish", ".json", ".jsonl", ".toml", ".md", ".csv", ".svg", ".sqlite3")
FOLDERS = ("bgkit", "plugins", "examples", "benchmarks", "tests", "docs")


def texts() -> list[Path]:
    found = [path for path in ROOT.glob("*.md")]
    for folder in FOLDERS:
        found += [path for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".md")
                  and not any(part.startswith(".") or part.endswith(".egg-info") or part == "__pycache__" for part in path.parts)]
    return sorted(path for path in found if path != Path(__file__).resolve())  # this file names stale ones on purpose


def exists(name: str) -> bool:
    """Whether ``name`` is a module, or a module's attribute, attribute of that, ..."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if hasattr(found, attribute):
                found = getattr(found, attribute)
            elif isinstance(found, type) and (attribute in getattr(found, "__slots__", ()) or attribute in getattr(found, "__annotations__", {})
                                              or f"self.{attribute} =" in inspect.getsource(found)):
                return True  # an instance attribute: nothing further to follow
            else:
                return False
        return True
    return False


def test_every_dotted_bgkit_name_exists():
    known: dict[str, bool] = {}
    stale = []
    for path in texts():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            for found in NAME.finditer(line):
                name = found.group()
                if name.endswith(FILE_SUFFIXES):
                    continue
                if name not in known:
                    known[name] = exists(name)
                if not known[name]:
                    stale.append(f"{path.relative_to(ROOT)}:{number}: {name}")
    assert len(known) > 100  # the scan reads what it should
    assert stale == []


def test_a_stale_name_is_found():
    assert exists("bgkit.engine.match.Decision.history") and exists("bgkit.api.Deck")
    assert not exists("bgkit.cards.Deck") and not exists("bgkit.setups.check_laid_out") and not exists("bgkit.engine.match.Nothing")
