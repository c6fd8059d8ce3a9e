"""The web app of ``bgkit serve``: Starlette routes, Jinja2 templates (autoescaped), the guard in front.

:func:`create_app` is all a test needs (Starlette's TestClient); :mod:`bgkit.serve.server` runs
the same app under uvicorn. The history database is opened per request, in a worker thread, and
every write is one SQLite transaction of :mod:`bgkit.history.store` -- so several phones, and several
``bgkit serve`` or ``bgkit score --record`` processes, can write to one file at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, AsyncIterator, Callable, TypeVar

import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from bgkit.serve import play_routes, routes
from bgkit.serve.security import LOOPBACK_NAMES, Guard

if TYPE_CHECKING:
    from bgkit.history.store import History
    from bgkit.model.game import Game, GameInfo

_T = TypeVar("_T")

HERE = Path(__file__).parent


class Site:
    """What every request shares: the history, the installed games (loaded once each).

    The history is one connection, used by one thread of its own: every read and write of this
    process goes through it in turn, as the CLI's one connection does. Opening the file again
    from several threads at once is not safe: SQLite's locks are POSIX locks, held per process,
    and the header check of :func:`bgkit.history.store.open_history` opens and closes the file, which
    drops the locks another thread's connection holds on it -- two phones recording at once
    corrupted the file that way. Other processes (another ``bgkit serve``, ``bgkit score
    --record``) still write at the same time; SQLite's transactions order them.
    """

    def __init__(self, db: Path):
        from bgkit.plugins.registry import get_registry

        self.db = Path(db)
        self.registry = get_registry()
        self._games: dict[str, Game] = {}
        self._lock = threading.Lock()
        self._worker: ThreadPoolExecutor | None = None
        self._history: History | None = None

    def game(self, game_id: str) -> Game:
        """An installed game, loaded once; BadInput naming the installed ones for any other."""
        with self._lock:
            if game_id not in self._games:
                self.registry.game(game_id)  # an unknown id: one line with the installed ones
                self._games[game_id] = self.registry.load_game(game_id)
            return self._games[game_id]

    def games(self) -> list[GameInfo]:
        return sorted(self.registry.games.values(), key=lambda info: info.name.casefold())

    def _run(self, work: Callable[[History], _T]) -> _T:
        if self._history is None:
            from bgkit.history.store import open_history

            self._history = open_history(self.db, create=True)
        return work(self._history)

    def _history_thread(self) -> ThreadPoolExecutor:
        """The one thread the history's SQLite connection is used from, started on first use."""
        with self._lock:
            if self._worker is None:
                self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bgkit-history")
            return self._worker

    async def store(self, work: Callable[[History], _T]) -> _T:
        """Run ``work(store)`` on the history in its thread (a busy file waits there, the server does not)."""
        return await asyncio.get_running_loop().run_in_executor(self._history_thread(), self._run, work)

    def store_now(self, work: Callable[[History], _T]) -> _T:
        """``store`` for a thread of its own (a game's worker): run ``work`` in the history's thread and wait."""
        return self._history_thread().submit(self._run, work).result()

    def close(self) -> None:
        """Close the history (when the server stops), after the work already given to it."""
        def shut() -> None:
            if self._history is not None:
                self._history.close()
                self._history = None

        with self._lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.submit(shut).result()
            worker.shutdown()


def create_app(db: Path, token: str | None = None, hosts: list[str] | None = None, games: Path | None = None) -> Starlette:
    """The app for the history at ``db``; ``token`` (``--lan``) is required of every request;
    ``hosts`` are the Host names it answers to besides the loopback names and the address each
    connection came in on (:func:`bgkit.serve.security.host_ok`); ``games`` is the folder of the games
    played from the phones (default: beside the history, :func:`bgkit.serve.play.games_folder`), every
    one of them resumed here."""
    from bgkit.serve.play import Tables, games_folder

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE / "templates")),
        autoescape=True,  # every name, note and place people type is shown as text
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates = Jinja2Templates(env=environment)
    middleware = [Middleware(Guard, token=token, hosts=hosts or LOOPBACK_NAMES)]
    site = Site(db)
    tables = Tables(games or games_folder(db), site.registry, lambda play: site.store_now(lambda store: store.record(play)))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        tables.close()
        site.close()

    app = Starlette(
        routes=[*routes.ROUTES, *play_routes.ROUTES, Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static")],
        middleware=middleware,
        exception_handlers=routes.EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )
    app.state.site = site
    app.state.templates = templates
    app.state.token = token
    app.state.tables = tables
    app.state.play_notes = tables.resume_all()
    return app
