"""The web app of ``bgkit serve``: Starlette routes, Jinja2 templates (autoescaped), the guard in front.

:func:`create_app` is all a test needs (Starlette's TestClient); :mod:`bgkit.serve.server` runs
the same app under uvicorn. The history database is opened per request, in a worker thread, and
every write is one SQLite transaction of :mod:`bgkit.history` -- so several phones, and several
``bgkit serve`` or ``bgkit score --record`` processes, can write to one file at once.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from bgkit.serve import routes
from bgkit.serve.security import Guard

HERE = Path(__file__).parent


class Site:
    """What every request shares: the history's path, the installed games (loaded once each)."""

    def __init__(self, db: Path):
        from bgkit.plugins import get_registry

        self.db = Path(db)
        self.registry = get_registry()
        self._games: dict[str, Any] = {}
        self._lock = threading.Lock()

    def game(self, game_id: str) -> Any:
        """An installed game, loaded once; BadInput naming the installed ones for any other."""
        with self._lock:
            if game_id not in self._games:
                self.registry.game(game_id)  # an unknown id: one line with the installed ones
                self._games[game_id] = self.registry.load_game(game_id)
            return self._games[game_id]

    def games(self) -> list[Any]:
        return sorted(self.registry.games.values(), key=lambda info: info.name.casefold())

    def open(self, create: bool = True):
        from bgkit.history import open_history

        return open_history(self.db, create=create)

    async def store(self, work: Callable[[Any], Any], create: bool = True) -> Any:
        """Run ``work(store)`` on the history in a worker thread (a busy file waits, the server does not)."""
        def run() -> Any:
            with self.open(create) as store:
                return work(store)

        return await run_in_threadpool(run)


def create_app(db: Path, token: str | None = None, hosts: list[str] | None = None) -> Starlette:
    """The app for the history at ``db``; ``token`` (``--lan``) is required of every request;
    ``hosts`` are the Host names it answers to (None: any, for tests)."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE / "templates")),
        autoescape=True,  # every name, note and place people type is shown as text
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates = Jinja2Templates(env=environment)
    middleware = [Middleware(Guard, token=token)]
    if hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=hosts))
    app = Starlette(
        routes=[*routes.ROUTES, Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static")],
        middleware=middleware,
        exception_handlers=routes.EXCEPTION_HANDLERS,
    )
    app.state.site = Site(db)
    app.state.templates = templates
    return app
