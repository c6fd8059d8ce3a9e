"""The pages of a game played from the phones (:mod:`bgkit.serve.play`).

| page | who | what |
|---|---|---|
| ``/games`` | anyone here | the games being played and finished, each with its table's page |
| ``/game/new`` | anyone here | game, options, and each seat: a person (a phone) or an installed bot |
| ``/game/N/host?key=`` | who started it | each person's join link and QR code |
| ``/game/N/seat/S?key=`` | seat S alone | its drawing, what happened since its last turn, its actions |
| ``/game/N/table`` | anyone here | the public table: whose turn, the game's public drawing (``render_public``), every action as everyone was told it |
| ``/game/N/events`` | anyone here | server-sent events: the table's version, each time it changes |

A seat's page and actions need the seat's key (403 without it); an ``exec:`` seat is never offered
here (only ``bgkit serve --game`` on the command line may start one). Every page works without
JavaScript: a waiting page reloads itself (``<noscript>`` refresh), actions are forms; with it
(static/play.js) the page follows the server-sent events and redraws its live part in place.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, AsyncIterator

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from bgkit.model.errors import BadInput
from bgkit.serve.play import MAX_ANSWER, Table, Tables, news
from bgkit.serve.routes import _int, _site, _text, back, page, posted

#: An events stream ends after this long (the browser opens the next at once), so none is held for ever.
STREAM_SECONDS = 20.0
#: How often a stream looks for a new version of its table.
POLL_SECONDS = 0.25
#: Bots a page may seat: the installed in-process ones; never exec: (a program), never a family's
#: adapters that need options of their own.
NOT_FROM_A_PAGE = ("exec", "human")


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _table(request: Request) -> Table:
    return _tables(request).get(_int(request.path_params["game"], "the game"))


def _seat_of(request: Request, table: Table) -> int:
    """The seat of a seat's page, refused (403) without that seat's key."""
    seat = _int(request.path_params["seat"], "the seat")
    if not table.key_ok(seat, request.query_params.get("key")):
        raise HTTPException(403, "This is another seat's page: open your own seat's join link (its QR code on the host's page).")
    return seat


def page_bots(request: Request) -> list[tuple[str, str]]:
    """(name, help) of each bot a page may seat."""
    bots = _site(request).registry.bots
    return [(name, info.help) for name, info in sorted(bots.items()) if name.split(":")[0] not in NOT_FROM_A_PAGE]


async def games_page(request: Request) -> Response:
    tables = _tables(request).listed()
    return page(request, "game_list.html", tables=tables, title="Games at the table")


async def new_game(request: Request) -> Response:
    site = _site(request)
    game_id = request.query_params.get("game", "").strip()
    game, count = None, None
    if game_id:
        game = site.game(game_id)
        count = _int(request.query_params.get("players") or game.info.min_players, "the number of players")
        game.info.check_players(count)
    games = list(site.games())
    return page(request, "game_new.html", games=games, game=game, count=count, bots=page_bots(request), title="Play a game")


def _seats_of(form: dict[str, Any], count: int, bots: list[str]) -> tuple[list[str], list[str]]:
    """Each seat's spec (``human`` or a bot's name) and name, from the new game's form."""
    from bgkit.history.validate import check_name
    from bgkit.serve.tables import MAX_NAME, player_key

    specs: list[str] = []
    names: list[str] = []
    for seat in range(count):
        kind = _text(form, f"kind{seat}", "human")
        if kind != "human" and kind not in bots:
            raise BadInput(f"seat {seat + 1}: {kind[:40]!r} is not a bot this page offers ({', '.join(bots)})")
        name = " ".join(_text(form, f"name{seat}").split())
        if len(name) > MAX_NAME:
            raise BadInput(f"seat {seat + 1}: a name is at most {MAX_NAME} characters")
        name = check_name(name or (f"Player {seat + 1}" if kind == "human" else kind))
        base, n = name, 2
        while player_key(name) in {player_key(other) for other in names}:
            name, n = f"{base} #{n}", n + 1
        specs.append(kind)
        names.append(name)
    return specs, names


async def create_game(request: Request) -> Response:
    from bgkit.engine.setups import parse_options

    site = _site(request)
    form = await posted(request)
    game = site.game(_text(form, "game"))
    count = _int(form.get("players"), "the number of players")
    game.info.check_players(count)
    specs, names = _seats_of(form, count, [name for name, _ in page_bots(request)])
    known = {option.name for option in game.options}
    options = parse_options(game, [f"{k[len('option_'):]}={_text(form, k)}" for k in form
                                   if k.startswith("option_") and k[len("option_"):] in known])
    tables = _tables(request)
    table = await asyncio.get_running_loop().run_in_executor(None, tables.new, game, specs, names, None, options)
    return back(f"/game/{table.number}/host?key={table.seating.host}")


def join_links(request: Request, table: Table) -> list[dict[str, Any]]:
    """Each person's seat: its name, join link (with the server's join token beyond loopback) and QR code."""
    import segno

    base = str(request.base_url).rstrip("/")
    token = request.app.state.token
    links = []
    for seat in table.phones():
        url = f"{base}/game/{table.number}/seat/{seat}?key={table.seating.keys[seat]}" + (f"&token={token}" if token else "")
        qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
        links.append({"seat": seat, "name": table.names[seat], "url": url, "qr": qr})
    return links


async def host_page(request: Request) -> Response:
    table = _table(request)
    if not table.host_ok(request.query_params.get("key")):
        raise HTTPException(403, "Only whoever started this game has its join links (the page it was taken to).")
    return page(request, "game_host.html", table=table, links=join_links(request, table), title=f"Game {table.number}: join links")


def _common(table: Table) -> dict[str, Any]:
    snapshot = table.snapshot
    assert snapshot is not None  # published before the table is listed (Tables.new, resume_all)
    return {"table": table, "snap": snapshot, "names": table.names, "game": table.game}


async def seat_page(request: Request, error: str | None = None, typed: str = "", status: int = 200) -> Response:
    table = _table(request)
    seat = _seat_of(request, table)
    context = _common(table)
    snapshot = context["snap"]
    compact, full = snapshot.views[seat]
    seen = [(event, event.seen_by(seat)) for event in news(snapshot.events, seat)]
    return page(request, "game_seat.html", status=status, seat=seat, key=request.query_params["key"], compact=compact,
                full=full, news=seen, error=error, typed=typed, mine=snapshot.turn == seat, max_answer=MAX_ANSWER,
                title=f"{table.game.info.name} — {table.names[seat]}", **context)


async def act(request: Request) -> Response:
    table = _table(request)
    seat = _seat_of(request, table)
    form = await posted(request)
    answer = _text(form, "action")
    if len(answer) > MAX_ANSWER:
        raise BadInput(f"an action is at most {MAX_ANSWER} characters")
    version = _int(form["version"], "the version") if form.get("version") not in (None, "") else None
    problem = await asyncio.get_running_loop().run_in_executor(table.worker, table.act, seat, answer, version)
    if problem is not None:
        return await seat_page(request, error=problem, typed=answer, status=400)
    return back(f"/game/{table.number}/seat/{seat}?key={request.query_params['key']}")


async def table_page(request: Request) -> Response:
    table = _table(request)
    context = _common(table)
    shown = [(event, event.seen_by(None)) for event in reversed(context["snap"].events)]
    return page(request, "game_table.html", shown=shown, title=f"{table.game.info.name} — game {table.number}", **context)


async def events(request: Request) -> Response:
    """The table's version each time it changes; the stream ends after STREAM_SECONDS (or when the
    server stops), and the browser's EventSource opens the next."""
    table = _table(request)
    tables = _tables(request)

    async def stream() -> AsyncIterator[str]:
        yield "retry: 1000\n\n"
        last, until = -1, time.monotonic() + STREAM_SECONDS
        while time.monotonic() < until and not tables.stopping:
            snapshot = table.snapshot
            if snapshot is not None and snapshot.version != last:
                last = snapshot.version
                yield f"data: {last}\n\n"
            await asyncio.sleep(POLL_SECONDS)

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-store"})


ROUTES = [
    Route("/games", games_page),
    Route("/game/new", new_game),
    Route("/games", create_game, methods=["POST"]),
    Route("/game/{game:int}/host", host_page),
    Route("/game/{game:int}/seat/{seat:int}", seat_page),
    Route("/game/{game:int}/seat/{seat:int}/act", act, methods=["POST"]),
    Route("/game/{game:int}/table", table_page),
    Route("/game/{game:int}/events", events),
]
