"""Finding and loading plugins: entry points in the ``bgkit`` group, one per plugin.

``BGKIT_LOAD_PLUGINS`` (comma-separated entry point or distribution names) limits which are
loaded; set to an empty string it loads none. A plugin that fails to import is kept in
``load_errors``, reported by ``bgkit plugins`` and in one warning line, and everything else works.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, NamedTuple

import pluggy

from bgkit.plugins import hookspecs
from bgkit.model.errors import BadInput, PluginError, escape_controls
from bgkit.plugins.index import installed_entry_points

DEFAULT_PLUGINS = ("bgkit.plugins.games", "bgkit.bots.plugin", "bgkit.tournaments.plugin", "bgkit.interop.plugin")


# Plain records are named tuples rather than dataclasses: every start of bgkit makes them, and a
# dataclass costs its generated methods' compilation each time (docs/design.md, plugins).


class Registered(NamedTuple):
    """A registered bot or executor: its name, the factory that makes one, its help line, the
    plugin that registered it."""

    name: str
    factory: Callable[..., Any]
    help: str
    plugin: str


BotInfo = Registered  # a bot's and an executor's registration have the same fields
ExecutorInfo = Registered


class PluginSet(NamedTuple):
    """The plugins a process loaded, as another process can load them: entry points by name, and
    the plugins registered in-process that are importable modules (``others``: those that are not,
    which no other process can have)."""

    entry_points: tuple[str, ...]
    modules: tuple[str, ...]
    others: tuple[str, ...]


class LoadError(NamedTuple):
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
        self.entry_points: list[str] = []  # the entry-point plugins loaded, by name
        self.versions: dict[str, str] = {}  # plugin name -> its distribution's version
        self._games: dict[str, Any] | None = None
        self._bots: dict[str, BotInfo] | None = None
        self._executors: dict[str, ExecutorInfo] | None = None

    # -- loading -----------------------------------------------------------------------------
    def load_default_plugins(self) -> None:
        import importlib

        for module_name in DEFAULT_PLUGINS:
            self.pm.register(importlib.import_module(module_name), name=module_name)

    def load_entry_point_plugins(self, selected: set[str] | None) -> None:
        with _CtrlC() as ctrl_c:
            self._load_entry_points(selected, ctrl_c)

    def _load_entry_points(self, selected: set[str] | None, ctrl_c: "_CtrlC") -> None:
        seen: set[str] = set()
        for ep in installed_entry_points():
            dist = ep.distribution
            seen.update((ep.name, dist))
            if selected is not None and ep.name not in selected and dist not in selected:
                continue
            if self.pm.get_plugin(ep.name) is not None:
                continue
            if dist:
                self.distributions[ep.name] = f"{dist} {ep.version}"
                self.versions[ep.name] = ep.version
            try:
                self.pm.register(ep.load(), name=ep.name)
                self.entry_points.append(ep.name)
            except BaseException as exc:  # a broken plugin must not take the others down, nor end bgkit
                if not is_fault(exc) and ctrl_c.pressed():  # a KeyboardInterrupt the plugin raised itself is its fault
                    raise
                self.distributions.setdefault(ep.name, dist)
                self._fail(ep.name, f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)
        for name in sorted((selected or set()) - seen):
            self._warn(f"BGKIT_LOAD_PLUGINS names {name!r}, but no installed plugin is called that")

    def register(self, plugin: object, name: str) -> None:
        """Register an in-process plugin (tests, scripts); forgets cached registrations."""
        self.pm.register(plugin, name=name)
        self._games = self._bots = self._executors = None

    def plugin_set(self) -> "PluginSet":
        """What this registry loaded, as a worker process can load it again (:func:`adopt`)."""
        defaults = set(DEFAULT_PLUGINS) | set(self.entry_points)
        modules: list[str] = []
        others: list[str] = []
        for name, plugin in self.pm.list_name_plugin():
            if name in defaults or plugin is None:
                continue
            if isinstance(plugin, type(sys)) and sys.modules.get(plugin.__name__) is plugin:
                modules.append(plugin.__name__)
            else:
                others.append(name)
        return PluginSet(tuple(sorted(self.entry_points)), tuple(modules), tuple(others))

    # -- registrations -----------------------------------------------------------------------
    def _collect(self, hook_name: str, kind: str) -> dict[str, Any]:
        """Call one registration hook per plugin, isolating a plugin whose hook fails.

        A plugin whose hook raises registers nothing. A name two plugins both register is refused
        for both, with one warning naming them and how to choose: which game you get never
        depends on the order plugins happen to be installed in.
        """
        found: dict[str, Any] = {}
        claims: dict[str, list[_Entry]] = {}
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():  # in registration order
            plugin_name = impl.plugin_name
            mine: dict[str, Any] = {}

            def register(item: Any, *more: Any, _plugin: str = plugin_name, _mine: dict[str, Any] = mine, **extra: Any) -> None:
                entry = _registered(kind, item, more, extra, _plugin, self.versions.get(_plugin, ""))
                if entry.name in _mine:
                    self._warn(f"{kind} {entry.name!r} of plugin {_plugin!r} registered twice: the first is kept")
                    return
                _mine[entry.name] = entry

            try:
                impl.function(register=register)
            except BaseException as exc:  # a broken plugin must not take the others down, nor half-register
                if not is_fault(exc):
                    raise
                self._fail(plugin_name, f"{hook_name} failed: {type(exc).__name__}: {exc}")
                continue
            for name, entry in mine.items():
                claims.setdefault(name, []).append(entry)
        for name, entries in claims.items():
            if len(entries) == 1:
                found[name] = entries[0]
                continue
            who = " and ".join(f"{e.plugin!r} ({self.distributions.get(e.plugin, 'registered in-process')})" for e in entries)
            self._warn(
                f"{kind} {name!r} is registered by plugins {who}: neither is used; choose one with "
                f"BGKIT_LOAD_PLUGINS (e.g. BGKIT_LOAD_PLUGINS={entries[0].plugin}) or uninstall the other"
            )
        return found

    @property
    def games(self) -> dict[str, Any]:
        """Registered :class:`bgkit.model.game.GameInfo` by game id (engines not imported)."""
        if self._games is None:
            self._games = {name: entry.item for name, entry in sorted(self._collect("bgkit_register_games", "game").items())}
        return self._games

    @property
    def bots(self) -> dict[str, "BotInfo"]:
        if self._bots is None:
            self._bots = {name: entry.item for name, entry in self._collect("bgkit_register_bots", "bot").items()}
        return self._bots

    @property
    def executors(self) -> dict[str, "ExecutorInfo"]:
        """Registered executors by name (``--executor``); their modules are imported when used."""
        if self._executors is None:
            self._executors = {name: entry.item for name, entry in self._collect("bgkit_register_executors", "executor").items()}
        return self._executors

    def owners(self) -> dict[str, str]:
        """Top-level module name -> the plugin whose code lives there, from what the plugins
        registered (their modules, hook functions, games' spec packages, bots' and executors' factories).
        The core's own modules and a module two plugins share are left out: they name nobody."""
        claims: dict[str, set[str]] = {}

        def claim(module: Any, plugin: str) -> None:
            top = str(module or "").partition(".")[0]
            if top and top != "bgkit" and plugin and plugin not in DEFAULT_PLUGINS:
                claims.setdefault(top, set()).add(plugin)

        for name, plugin in self.pm.list_name_plugin():
            claim(getattr(plugin, "__name__", None) or type(plugin).__module__, name)
            for caller in self.pm.get_hookcallers(plugin) or []:
                for impl in caller.get_hookimpls():
                    if impl.plugin_name == name:
                        claim(getattr(impl.function, "__module__", None), name)
        for info in (self._games or {}).values():
            claim(info.package, info.plugin)
        for found in (self._bots or {}, self._executors or {}):
            for entry in found.values():
                claim(getattr(entry.factory, "__module__", None), entry.plugin)
        return {top: next(iter(names)) for top, names in claims.items() if len(names) == 1}

    def _warn(self, message: str) -> None:
        print(f"warning: {escape_controls(message)}", file=sys.stderr)

    def _fail(self, plugin_name: str, error: str) -> None:
        self.load_errors.append(LoadError(plugin_name, self.distributions.get(plugin_name, ""), error))
        self._warn(f"plugin {plugin_name!r} failed to load: {error}")

    def game(self, game_id: str) -> Any:
        """The GameInfo of ``game_id``, or BadInput naming the installed games."""
        try:
            return self.games[game_id]
        except KeyError:
            from bgkit.model.errors import suggest

            known = ", ".join(self.games) or "none installed"
            raise BadInput(f"unknown game {game_id!r}{suggest(game_id, self.games)} (installed: {known})") from None

    def load_game(self, game_id: str, data: Any = None) -> Any:
        """The game ``game_id`` built for play through this registry's hooks (its engine imported);
        a fault in it is blamed on the plugin whose code raised it (:func:`culprit`)."""
        game = self.game(game_id).load(data, hooks=self.pm.hook)
        game.blame = culprit
        return game

    def plugin_rows(self) -> list[dict[str, Any]]:
        """One row per loaded plugin and per failed one, for ``bgkit plugins``."""
        rows = []
        self.games, self.bots, self.executors  # registration failures are load errors too
        errors: dict[str, str] = {}
        for err in self.load_errors:  # every error of a plugin, not only the last
            errors[err.name] = f"{errors[err.name]}; {err.error}" if err.name in errors else err.error
        from bgkit.plugins.sources import spec_problems

        for info in self.games.values():  # read from the source: listing the plugins imports no engine
            for problem in spec_problems(info.spec):
                error = f"game {info.id!r}: {problem}"
                errors[info.plugin] = f"{errors[info.plugin]}; {error}" if info.plugin in errors else error
        for name, plugin in self.pm.list_name_plugin():
            hooks = sorted(h.name for h in self.pm.get_hookcallers(plugin) or [])
            rows.append(
                {
                    "name": name,
                    "distribution": self.distributions.get(name, "bgkit (built in)" if name in DEFAULT_PLUGINS else ""),
                    "hooks": hooks,
                    "error": errors.pop(name, None),
                }
            )
        for err in self.load_errors:
            if err.name in errors:
                rows.append({"name": err.name, "distribution": err.distribution, "hooks": [], "error": errors.pop(err.name)})
        return rows


class _Entry(NamedTuple):
    name: str
    item: Any
    plugin: str


def _registered(kind: str, item: Any, more: tuple[Any, ...], extra: dict[str, Any], plugin: str, version: str) -> _Entry:
    """A game's ``register(GameInfo)``, or a bot's or executor's ``register(name, factory, help)``."""
    if kind == "game":
        from bgkit.model.game import GameInfo
        from bgkit.model.records import replace

        if not isinstance(item, GameInfo):
            raise TypeError(f"register() takes a bgkit.model.game.GameInfo, not {type(item).__name__}")
        from bgkit.plugins.hookspecs import API_VERSION, compatible

        if not compatible(item.api_version):
            raise TypeError(f"game {item.id!r} was written for bgkit API {item.api_version}; this bgkit has API {API_VERSION}")
        info = replace(item, plugin=item.plugin or plugin, version=item.version or version)
        return _Entry(info.id, info, plugin)
    factory = more[0] if more else extra["factory"]
    help_text = more[1] if len(more) > 1 else extra.get("help", "")
    return _Entry(item, Registered(item, factory, help_text, plugin), plugin)


def is_fault(exc: BaseException) -> bool:
    """Whether plugin code raising ``exc`` is a fault to isolate and name: anything (SystemExit
    too: a plugin does not get to end bgkit silently) but the person's own Ctrl-C."""
    return not isinstance(exc, KeyboardInterrupt)


class _CtrlC:
    """Tells the person's Ctrl-C from a plugin raising KeyboardInterrupt while it is imported: a
    real SIGINT (or bgkit's SIGTERM and SIGHUP, which stop it alike) is noted as it arrives."""

    def __enter__(self) -> "_CtrlC":
        import signal
        import threading

        self._pressed = False
        self._previous: Any = None
        if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._previous = signal.signal(signal.SIGINT, self._press)
        return self

    def _press(self, signum: int, frame: Any) -> None:
        self._pressed = True
        raise KeyboardInterrupt

    def pressed(self) -> bool:
        from bgkit.exec import guard

        return self._pressed or guard.received() is not None

    def __exit__(self, *exc: Any) -> None:
        if self._previous is not None:
            import signal

            signal.signal(signal.SIGINT, self._previous)


def culprit(exc: BaseException) -> str | None:
    """The plugin whose code ``exc`` was raised in: the innermost frame of its traceback that lives
    in a plugin's module (a house rule's hook called by the game's code is the house rule's fault).
    None when no plugin's code is on the way (bgkit's own error), or nothing is loaded."""
    if _registry is None:
        return None
    owners = _registry.owners()
    found = None
    tb = exc.__traceback__
    while tb is not None:
        top = str(tb.tb_frame.f_globals.get("__name__", "")).partition(".")[0]
        found = owners.get(top, found)
        tb = tb.tb_next
    return found


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
        _registry = registry
    return _registry


def adopt(plugins: PluginSet) -> Registry:
    """Make this process's registry load exactly ``plugins``: a worker process plays with the
    plugins of the bgkit run it works for, not with whatever it would find installed (a house rule
    left out by ``BGKIT_LOAD_PLUGINS`` or its test's choice changes the games a bot plays)."""
    global _registry
    if _registry is not None and _registry.plugin_set() == plugins:
        return _registry
    if plugins.others:
        raise PluginError(f"plugin {plugins.others[0]!r} was registered in the bgkit run's own process and cannot "
                          "reach its worker processes; install it as a package or play with --jobs 1")
    import importlib

    reset_registry()
    registry = Registry()
    registry.load_default_plugins()
    registry.load_entry_point_plugins(set(plugins.entry_points))
    for name in plugins.modules:
        registry.register(importlib.import_module(name), name=name)
    _registry = registry
    return registry


#: How to empty each cache of things made through the registry (loaded games, adapter tables).
_forgetting: list[Callable[[], None]] = []


def forget_with_registry(clear: Callable[[], None]) -> None:
    """Have :func:`reset_registry` call ``clear`` (a cache's ``clear``), so nothing made through a
    forgotten registry is handed out after it."""
    _forgetting.append(clear)


def reset_registry() -> None:
    """Forget the loaded plugins (tests use this after changing the environment), and every cache
    of what was made through them."""
    global _registry
    _registry = None
    for clear in _forgetting:
        clear()
