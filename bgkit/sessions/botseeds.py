"""The seeds ``exec:`` bots are given: no public function of the game seed.

A bot that knew how its seed follows from the game seed could search the game seeds until one
gives its own, and then compute every card still to be drawn. So an ``exec:`` bot's seed is an
HMAC of the game seed and its seat, keyed by a secret that never leaves this machine: 32 random
bytes in ``bot-seed-key`` in the user's data folder (platformdirs), made on first use (mode 0600,
written whole or not at all). The same ``--seed`` on the same machine gives every bot the same
seed again, so a tournament repeats; the log records the seed each bot was given, so a replay
needs no key. In-process bots are trusted code and keep seeds derived from the game seed.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from bgkit.exec.seat import SEED_BITS
from bgkit.model.errors import BadInput

FILE_NAME = "bot-seed-key"
_KEY: dict[str, bytes] = {}  # per key file, read once per process (a tournament builds a match per game)


def key_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("bgkit", appauthor=False)) / FILE_NAME


def exec_seed(game_seed: int, seat: int) -> int:
    """The seed the ``exec:`` bot in ``seat`` (from 0) is given in a game of ``game_seed``."""
    digest = hmac.new(machine_key(), f"bgkit exec seat:{game_seed}:{seat}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def machine_key() -> bytes:
    """This machine's key, made on first use."""
    path = key_path()
    cached = _KEY.get(str(path))
    if cached is None:
        cached = _read(path) if path.exists() else _make(path)
        _KEY[str(path)] = cached
    return cached


def _read(path: Path) -> bytes:
    try:
        text = path.read_text(encoding="ascii").strip()
        if len(text) == 64:
            return bytes.fromhex(text)
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    raise BadInput(f"{path} is not bgkit's bot-seed key (64 hex digits); delete it and bgkit makes a new one")


def _make(path: Path) -> bytes:
    """Write a new key atomically: a private temporary file, linked into place only if no other
    process has made one meanwhile (then theirs is the key)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = path.with_name(f".{FILE_NAME}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(secrets.token_hex(32) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass
        finally:
            temporary.unlink(missing_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot make bgkit's bot-seed key {path}: {exc.strerror or exc}") from None
    return _read(path)
