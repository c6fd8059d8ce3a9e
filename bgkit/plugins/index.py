"""The installed plugins' entry points (group ``bgkit``), kept in a small cache file.

Finding them means importing ``importlib.metadata`` and reading every installed distribution's
metadata: at every start of ``bgkit`` that cost more than a third of importing typer itself. So
the list is kept in the user's cache folder (platformdirs), in ``plugins/`` as one small file per
environment: its name is a hash of the environment's fingerprint (what installing, upgrading or
removing a distribution changes: :func:`fingerprint`), and it holds the fingerprint itself too. So
any number of virtual environments (and `bgkit` beside `python -m bgkit` in a source folder) keep
their lists side by side instead of evicting each other. When a list is written, those not
rewritten for :data:`MAX_AGE_DAYS` and all but the newest :data:`MAX_FILES` are removed (a removed
one costs its environment one scan at its next start). A changed
fingerprint, an unreadable file or a folder that cannot be written all mean a fresh scan, so the
cache can be stale only if an entry_points.txt changes with its time and size kept.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any, NamedTuple

CACHE_FOLDER = "plugins"
GROUP = "bgkit"
_FORMAT = 2  # bumped when the file's layout changes
MAX_AGE_DAYS = 30  # a list not rewritten for a month is dropped
MAX_FILES = 64  # environments remembered at most (a file is a few KB)


class EntryPoint(NamedTuple):  # a named tuple, not a dataclass: made at every start (registry.py)
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
    cache = _cache_path(key)
    stored = _read(cache) if cache is not None else None
    if stored is not None and stored.get("key") == key:
        try:
            return [EntryPoint(*row) for row in stored["entry_points"]]
        except (KeyError, TypeError):
            pass
    found = scan()
    if cache is not None:
        _write(cache, {"key": key, "entry_points": [[e.name, e.value, e.distribution, e.version] for e in found]})
        _prune(cache.parent, keep=cache)
    return found


def scan() -> list[EntryPoint]:
    """Read the entry points from the installed distributions' metadata (the slow way)."""
    from importlib.metadata import entry_points

    found = []
    for ep in entry_points(group=GROUP):
        metadata = ep.dist.metadata if ep.dist else None  # parsed once: .name and .version each parse it
        found.append(EntryPoint(ep.name, ep.value, metadata["Name"] if metadata else "", metadata["Version"] if metadata else ""))
    return sorted(found, key=lambda e: e.name)


def fingerprint() -> list[Any]:
    """What installing, upgrading or removing a distribution on ``sys.path`` changes: the folders
    that hold distributions, their distributions' names and each one's entry_points.txt (time and
    size). Folders without any distribution (``python -m``'s working folder) do not count, so
    ``bgkit`` and ``python -m bgkit`` share the cache."""
    key: list[Any] = [_FORMAT, sys.version]
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


def _cache_path(key: list[Any]) -> Path | None:
    """This environment's file: named by a checksum of its fingerprint (zlib's, not hashlib's: that
    would load OpenSSL at every start; two environments sharing a name only share one file)."""
    import zlib

    try:
        import platformdirs

        folder = Path(platformdirs.user_cache_dir("bgkit", appauthor=False)) / CACHE_FOLDER
    except Exception:  # no home folder to speak of: scan every time
        return None
    data = json.dumps(key).encode("utf-8", "surrogatepass")
    return folder / f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.json"


def _read(path: Path) -> dict[str, Any] | None:
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stored if isinstance(stored, dict) else None


def _write(path: Path, entry: dict[str, Any]) -> None:
    """Replace the file in one step (never half a file); a folder that cannot be written is left."""
    import tempfile

    written = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".plugins-", delete=False) as out:
            written = out.name
            json.dump(entry, out)
        os.replace(written, path)
    except OSError:
        if written is not None:
            with contextlib.suppress(OSError):
                os.unlink(written)


def _prune(folder: Path, keep: Path) -> None:
    """Remove the lists not rewritten for MAX_AGE_DAYS, and all but the newest MAX_FILES: the
    folder stays small however many environments come and go."""
    import time

    try:
        files = [(entry.stat().st_mtime, Path(entry.path)) for entry in os.scandir(folder)
                 if entry.name.endswith(".json") and entry.is_file()]
    except OSError:
        return
    files.sort(reverse=True)
    oldest = time.time() - MAX_AGE_DAYS * 86400
    for number, (mtime, path) in enumerate(files):
        if path != keep and (number >= MAX_FILES or mtime < oldest):
            with contextlib.suppress(OSError):
                path.unlink()
