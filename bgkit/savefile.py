"""Files that must never be half-written: saves, logs, sheets (temp file + rename)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from bgkit.errors import BadInput


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never a part."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; a save should look like any file
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_json(path: Path, data: dict) -> None:
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def read_json(path: Path, what: str = "file") -> dict:
    """Read a JSON save or log; a missing or corrupt file is BadInput naming file and line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"no such {what}: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read {what} {path}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"corrupt {what}: {exc.msg}", f"{path}:{exc.lineno}") from None
    if not isinstance(data, dict):
        raise BadInput(f"corrupt {what}: expected a JSON object", str(path))
    return data
