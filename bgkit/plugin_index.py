"""The installed plugins' entry points (group ``bgkit``), kept in a small cache file.

Finding them means importing ``importlib.metadata`` and reading every installed distribution's
metadata: at every start of ``bgkit`` that cost more than a third of importing typer itself. So
the list is kept in ``plugins.json`` in the user's cache folder (platformdirs), together with a
fingerprint of what installing, upgrading or removing a distribution changes (:func:`fingerprint`).
A changed fingerprint, an unreadable cache or one that cannot be written all mean a fresh scan,
so the cache can be stale only if an entry_points.txt changes with its time and size kept.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CACHE_FILE = "plugins.json"
GROUP = "bgkit"
_FORMAT = 1  # bumped when the file's layout changes
KEPT = 4  # fingerprints remembered: `bgkit` and `python -m bgkit` in a source folder see different ones


@dataclass(frozen=True)
class EntryPoint:
    name: str
    value: str  # "package.module" or "package.module:attribute"
    distribution: str  # "" when the entry point has no distribution
    version: str

    def load(self) -> Any:
        """Import the module and look the attribute up, as ``importlib.metadata`` does."""
        module, _, attribute = self.value.split("[")[0].partition(":")  # "[extras]" name no object
        found = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            found = getattr(found, part)
        return found


def installed_entry_points() -> list[EntryPoint]:
    """The ``bgkit`` entry points of every installed distribution, sorted by name."""
    key = fingerprint()
    cache = _cache_path()
    stored = _read(cache) if cache is not None else []
    for entry in stored:
        if entry.get("key") == key:
            try:
                return [EntryPoint(*row) for row in entry["entry_points"]]
            except (KeyError, TypeError):
                break
    found = scan()
    if cache is not None:
        fresh = {"key": key, "entry_points": [[e.name, e.value, e.distribution, e.version] for e in found]}
        _write(cache, [fresh, *(e for e in stored if e.get("key") != key)][:KEPT])
    return found


def scan() -> list[EntryPoint]:
    """Read the entry points from the installed distributions' metadata (the slow way)."""
    from importlib.metadata import entry_points

    found = []
    for ep in entry_points(group=GROUP):
        metadata = ep.dist.metadata if ep.dist else None  # parsed once: .name and .version each parse it
        found.append(EntryPoint(ep.name, ep.value, metadata["Name"] if metadata else "", metadata["Version"] if metadata else ""))
    return sorted(found, key=lambda e: e.name)


def fingerprint() -> list:
    """What installing, upgrading or removing a distribution on ``sys.path`` changes: the folders
    that hold distributions, their distributions' names and each one's entry_points.txt (time and
    size). Folders without any distribution (``python -m``'s working folder) do not count, so
    ``bgkit`` and ``python -m bgkit`` share the cache."""
    key: list = [_FORMAT, sys.version]
    for entry in sys.path:
        folder = entry or "."
        try:
            with os.scandir(folder) as children:
                names = sorted(c.name for c in children if c.name.endswith((".dist-info", ".egg-info")))
        except OSError:  # not a folder (a zip file of the standard library), or gone
            continue
        if not names:
            continue
        key.append(entry)
        for name in names:
            try:
                info = os.stat(os.path.join(folder, name, "entry_points.txt"))
                key.append([name, info.st_mtime_ns, info.st_size])
            except OSError:
                key.append(name)
    return key


def _cache_path() -> Path | None:
    try:
        import platformdirs

        return Path(platformdirs.user_cache_dir("bgkit", appauthor=False)) / CACHE_FILE
    except Exception:  # no home folder to speak of: scan every time
        return None


def _read(path: Path) -> list[dict]:
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(stored, list):
        return []
    return [entry for entry in stored if isinstance(entry, dict)]


def _write(path: Path, entries: list[dict]) -> None:
    """Replace the cache in one step (never half a file); a folder that cannot be written is left."""
    import tempfile

    written = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".plugins-", delete=False) as out:
            written = out.name
            json.dump(entries, out)
        os.replace(written, path)
    except OSError:
        if written is not None:
            with contextlib.suppress(OSError):
                os.unlink(written)
