"""Finding and loading plugins: entry points in the ``bgkit`` group, one per plugin.

``BGKIT_LOAD_PLUGINS`` (comma-separated entry point or distribution names) limits which are
loaded; set to an empty string it loads none. A plugin that fails to import is kept in
``load_errors``, reported by ``bgkit plugins`` and in one warning line, and everything else works.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Callable

import pluggy

from bgkit import hookspecs
from bgkit.errors import BadInput

DEFAULT_PLUGINS = ("bgkit.default_plugins.games", "bgkit.default_plugins.bots")


@dataclass(frozen=True)
class BotInfo:
    name: str
    factory: Callable[..., Any]
    help: str
    plugin: str


@dataclass(frozen=True)
class LoadError:
    name: str
    distribution: str
    error: str


class Registry:
    """The plugin manager plus what the plugins registered (games, bots) and what failed."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("bgkit")
        self.pm.add_hookspecs(hookspecs)
        self.load_errors: list[LoadError] = []
        self.distributions: dict[str, str] = {}  # plugin name -> "dist version"
        self._games: dict[str, Any] | None = None
        self._bots: dict[str, BotInfo] | None = None

    # -- loading -----------------------------------------------------------------------------
    def load_default_plugins(self) -> None:
        import importlib

        for module_name in DEFAULT_PLUGINS:
            self.pm.register(importlib.import_module(module_name), name=module_name)

    def load_entry_point_plugins(self, selected: set[str] | None) -> None:
        for ep in sorted(entry_points(group="bgkit"), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist else ""
            if selected is not None and ep.name not in selected and dist not in selected:
                continue
            if self.pm.get_plugin(ep.name) is not None:
                continue
            try:
                module = ep.load()
                self.pm.register(module, name=ep.name)
            except Exception as exc:  # a broken plugin must not take the others down
                self.load_errors.append(LoadError(ep.name, dist, f"{type(exc).__name__}: {exc}"))
                continue
            if ep.dist:
                self.distributions[ep.name] = f"{ep.dist.name} {ep.dist.version}"

    def register(self, plugin: object, name: str) -> None:
        """Register an in-process plugin (tests, scripts); forgets cached registrations."""
        self.pm.register(plugin, name=name)
        self._games = self._bots = None

    def unregister(self, name: str) -> None:
        self.pm.unregister(name=name)
        self._games = self._bots = None

    # -- registrations -----------------------------------------------------------------------
    @property
    def games(self) -> dict[str, Any]:
        """Registered :class:`bgkit.game.GameInfo` by game id (engines not imported)."""
        if self._games is None:
            games: dict[str, Any] = {}

            def register(info: Any) -> None:
                games[info.id] = info

            for impl in self.pm.hook.bgkit_register_games.get_hookimpls():
                impl.function(register=lambda info, _name=impl.plugin_name: register(_with_plugin(info, _name)))
            self._games = dict(sorted(games.items()))
        return self._games

    @property
    def bots(self) -> dict[str, BotInfo]:
        if self._bots is None:
            bots: dict[str, BotInfo] = {}
            for impl in self.pm.hook.bgkit_register_bots.get_hookimpls():

                def register(name: str, factory: Callable[..., Any], help: str = "", _p: str = impl.plugin_name) -> None:
                    bots[name] = BotInfo(name, factory, help, _p)

                impl.function(register=register)
            self._bots = bots
        return self._bots

    def game(self, game_id: str) -> Any:
        """The GameInfo of ``game_id``, or BadInput naming the installed games."""
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(self.games) or "none installed"
            raise BadInput(f"unknown game {game_id!r} (installed: {known})") from None

    def plugin_rows(self) -> list[dict[str, Any]]:
        """One row per loaded plugin and per failed one, for ``bgkit plugins``."""
        rows = []
        for name, plugin in self.pm.list_name_plugin():
            hooks = sorted(h.name for h in self.pm.get_hookcallers(plugin) or [])
            rows.append(
                {
                    "name": name,
                    "distribution": self.distributions.get(name, "bgkit (built in)" if name in DEFAULT_PLUGINS else ""),
                    "hooks": hooks,
                    "error": None,
                }
            )
        for err in self.load_errors:
            rows.append({"name": err.name, "distribution": err.distribution, "hooks": [], "error": err.error})
        return rows


def _with_plugin(info: Any, plugin_name: str) -> Any:
    from dataclasses import replace

    return info if info.plugin else replace(info, plugin=plugin_name)


def selected_plugins() -> set[str] | None:
    """The names in ``BGKIT_LOAD_PLUGINS``, or None when it is not set (load all)."""
    value = os.environ.get("BGKIT_LOAD_PLUGINS")
    if value is None:
        return None
    return {part.strip() for part in value.split(",") if part.strip()}


_registry: Registry | None = None


def get_registry() -> Registry:
    """The process-wide registry, loaded on first use."""
    global _registry
    if _registry is None:
        registry = Registry()
        registry.load_default_plugins()
        registry.load_entry_point_plugins(selected_plugins())
        for err in registry.load_errors:
            print(f"warning: plugin {err.name!r} failed to load: {err.error}", file=sys.stderr)
        _registry = registry
    return _registry


def reset_registry() -> None:
    """Forget the loaded plugins (tests use this after changing the environment)."""
    global _registry
    _registry = None
