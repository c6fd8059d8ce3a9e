"""``bgkit new game NAME`` and ``bgkit new house-rule NAME``: a plugin package to start from.

The files are the templates in ``bgkit/cli/templates/KIND/`` (one place: when the game API changes,
only they change), with ``{{name}}``, ``{{package}}``, ``{{title}}``, ``{{game}}``,
``{{api_version}}`` and ``{{core_range}}`` filled in; ``PACKAGE`` in a path is the package's name,
``NAME`` the plugin's, and ``.tmpl`` is dropped.
"""

from __future__ import annotations

import re
from pathlib import Path

from bgkit import __version__
from bgkit.model.errors import BadInput

TEMPLATES = Path(__file__).with_name("templates")
KINDS = ("game", "house-rule")
_NAME = re.compile(r"[a-z][a-z0-9]{0,30}")


def core_range() -> str:
    """The range a new plugin declares: this core's minor release up to the next major (docs/releasing.md)."""
    major, minor = (int(part) for part in __version__.split(".")[:2])
    return f"bgkit>={major}.{minor},<{major + 1}"


def create(kind: str, name: str, where: Path, game: str = "") -> Path:
    """Write the ``kind`` plugin ``name`` into ``where/name``; the folder it made."""
    from bgkit.plugins.hookspecs import API_VERSION

    if not _NAME.fullmatch(name):
        raise BadInput(f"{name!r} cannot name a plugin: lower-case letters and digits, starting with a letter (a game id)")
    target = where / name
    if target.exists():
        raise BadInput(f"{target} already exists: choose another name or folder")
    package = f"bgkit_{name}"
    values = {"name": name, "package": package, "title": name.capitalize(), "game": game or name,
              "api_version": API_VERSION, "core_range": core_range()}
    for source in sorted((TEMPLATES / kind).rglob("*.tmpl")):
        relative = source.relative_to(TEMPLATES / kind).as_posix().removesuffix(".tmpl")
        path = target / relative.replace("PACKAGE", package).replace("NAME", name)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        path.write_text(text, encoding="utf-8")
    return target
