"""Files that must never be half-written, nor clobbered: saves, logs, sheets.

Writes go to a temp file beside the target, are flushed to disk and renamed over it, so a reader
sees the old file or the new one, never a part; temp files left by a writer that was killed are
cleaned up by the next write. Reads refuse what is not a regular file or is implausibly large
(``/dev/zero``, a FIFO), and JSON nested too deep, in one line.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from bgkit.model.errors import BadInput

#: The largest save, log or sheet bgkit reads (a long game's log is a few hundred KB).
MAX_BYTES = 32 * 1024 * 1024
#: A temp file older than this is left over from a writer that was killed.
STALE_SECONDS = 60.0

#: The format tag of every save and log bgkit writes (checked when one is read back).
LOG_FORMAT = "bgkit-log/1"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never a part."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    _clean_stale(directory, path.name)
    try:
        _write_atomic(path, directory, text)
    except OSError as exc:  # a name too long, a full disk, a folder not ours: the file as it was is kept
        raise WriteFailed(path, exc.strerror or str(exc)) from None


class WriteFailed(BadInput):
    """A file the system would not let bgkit write; ``reason`` is what it said (File name too long)."""

    def __init__(self, path: Path, reason: str):
        self.reason = reason
        super().__init__(f"cannot write {path}: {reason}")


def _write_atomic(path: Path, directory: Path, text: str) -> None:
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


def _clean_stale(directory: Path, name: str) -> None:
    """Remove temp files of ``name`` that a killed writer left behind."""
    try:
        candidates = [p for p in directory.iterdir() if p.name.startswith(f".{name}.") and p.name.endswith(".tmp")]
    except OSError:
        return
    now = time.time()
    for candidate in candidates:
        try:
            if candidate.is_file() and not candidate.is_symlink() and now - candidate.stat().st_mtime > STALE_SECONDS:
                candidate.unlink()
        except OSError:
            pass


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def read_text(path: str | Path, what: str = "file", limit: int = MAX_BYTES) -> str:
    """A regular file's text, at most ``limit`` bytes; anything else (missing, a device, a FIFO,
    too large, not UTF-8) is one line naming it, never an endless read."""
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise BadInput(f"no such {what}: {path}") from None
    except OSError as exc:
        raise BadInput(f"cannot read {what} {path}: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise BadInput(f"{path} is not a regular file; give a {what}")
    if info.st_size > limit:
        raise BadInput(f"{what} {path} is over {limit:,} bytes: too large for a {what}")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise BadInput(f"cannot read {what} {path}: {exc.strerror}") from None
    if len(raw) > limit:
        raise BadInput(f"{what} {path} is over {limit:,} bytes: too large for a {what}")
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark (Windows Notepad writes one) is not text
    except UnicodeDecodeError as exc:
        raise BadInput(f"cannot read {what} {path}: not UTF-8 text (byte {exc.start + 1})") from None


def read_json(path: Path, what: str = "file") -> dict[str, Any]:
    """Read a JSON save or log; a missing or corrupt file is BadInput naming file and line."""
    text = read_text(path, what)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"corrupt {what}: {exc.msg}", f"{path}:{exc.lineno}") from None
    except RecursionError:
        raise BadInput(f"corrupt {what}: nested too deep", str(path)) from None
    except ValueError:  # an integer literal longer than Python converts (4,300 digits)
        raise BadInput(f"corrupt {what}: a number too long to read", str(path)) from None
    if not isinstance(data, dict):
        raise BadInput(f"corrupt {what}: expected a JSON object", str(path))
    return data


def check_target(path: Path | None, game: str, force: bool = False, what: str = "save", resuming: Path | None = None) -> None:
    """Refuse a --save or --log path before the game is played, not after.

    Never replace what is not a regular file (a FIFO, a device, a symlink, a folder); replace a
    regular file only if it is a bgkit save or log of the same game that has ended (or the very
    save being resumed), or with ``force``: an unfinished game in it could still be resumed. The
    folder must take a new file (tried with a temp file, so ``/proc`` is refused too).
    """
    if path is None:
        return
    path = Path(path)
    if path.is_symlink():
        raise BadInput(f"{path} is a symbolic link; give the file it points to, or another name")
    if path.exists():
        if path.is_dir():
            raise BadInput(f"{path} is a directory; give a file name")
        if not path.is_file():
            raise BadInput(f"{path} is not a regular file (a device or a pipe); give another name")
        if not force and not (resuming is not None and path.resolve() == Path(resuming).resolve()):
            logged = _log_of(path, game)
            if logged is None:
                raise BadInput(f"{path} exists and is not a bgkit {what} of {game}; give another name, or --force to replace it")
            if logged.get("result") is None:
                raise BadInput(f"{path} holds an unfinished game of {game}; continue it with bgkit play --resume {path}, "
                               "or give another name, or --force to replace it")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"cannot write {path}: no folder {folder}")
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise WriteFailed(path, exc.strerror or str(exc)) from None




def _log_of(path: Path, game: str) -> dict[str, Any] | None:
    """The bgkit save or log of ``game`` in ``path``, or None when it holds anything else."""
    try:
        data = read_json(path)
    except BadInput:
        return None
    return data if isinstance(data, dict) and data.get("format") == LOG_FORMAT and data.get("game") == game else None
