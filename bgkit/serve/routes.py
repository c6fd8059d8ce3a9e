"""The pages of ``bgkit serve`` and what each form does.

Every page works without JavaScript: forms post, the server checks, and the page comes back with
each message beside its field and every typed value kept (post, then redirect, then get). With
JavaScript (static/table.js) a sheet saves each field as it is left and asks for the table's state
every two seconds, so each phone sees the others' entries appear.

Scoring is ``bgkit score``'s: the sheet is validated by :func:`bgkit.model.sheets.sheet_from_data` and
scored by the game's ``bgkit_score`` hook, and ``result.json`` is ``bgkit score --format json``.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bgkit.model.errors import BadInput, suggest
from bgkit.engine.runtime import runtime_for
from bgkit.serve import charts, tables
from bgkit.serve.security import csrf_ok

if TYPE_CHECKING:
    from bgkit.history.records import Play
    from bgkit.history.store import History
    from bgkit.model.game import Game, GameInfo
    from bgkit.model.ranking import ScoreResult
    from bgkit.serve.app import Site

# -- helpers ----------------------------------------------------------------------------------------


def _site(request: Request) -> Site:
    site: Site = request.app.state.site
    return site


def page(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    context.setdefault("title", "bgkit")
    context["csrf"] = request.scope["state"]["csrf"]
    context["nav"] = request.url.path
    response: Response = request.app.state.templates.TemplateResponse(request, name, context, status_code=status)
    return response


def back(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


async def posted(request: Request) -> dict[str, Any]:
    """The form of a state-changing request, after its CSRF check (403 without it)."""
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("application/json"):
        try:
            data = await request.json()
        except ValueError:
            raise BadInput("the request is not JSON") from None
        except RecursionError:  # json gives up on about 1,000 brackets deep: no sheet is
            raise BadInput("the request is nested too deeply to be a table's field") from None
        if not isinstance(data, dict):
            raise BadInput("the request is not a JSON object")
        form: dict[str, Any] = data
    else:
        parsed = await request.form(max_files=0, max_fields=400)
        form = {}
        for key, value in parsed.multi_items():
            if isinstance(value, str):
                form.setdefault(key, value)
    if not csrf_ok(request, form):
        raise HTTPException(403, "This form is out of date or came from another site (no CSRF token): reload the page and try again.")
    return {k: v for k, v in form.items() if k != "csrf"}


def _text(form: dict[str, Any], key: str, default: str = "") -> str:
    value = form.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise BadInput(f"{key} must be text")
    return value


def _int(value: Any, what: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: a JSON 1e999
        raise BadInput(f"{what} must be a whole number, not {str(value)[:40]!r}") from None
    if not -(2**63) <= number < 2**63:  # what SQLite holds: a larger one is no table, play or seat
        raise BadInput(f"{what} is out of range: {str(value)[:40]}")
    return number


def _filters(request: Request) -> dict[str, str | None]:
    """The history filters of a query string (game, player, since, until); empty means none."""
    from bgkit.history.store import parse_date

    out: dict[str, str | None] = {}
    for key in ("game", "player", "since", "until", "vs"):
        value = request.query_params.get(key, "").strip()
        out[key] = value or None
    for key in ("since", "until"):
        given = out[key]
        if given:
            out[key] = parse_date(given, key)
    if out["since"] and out["until"] and out["since"] > out["until"]:
        raise BadInput(f"since {out['since']} is after until {out['until']}")
    return out


# -- home, new table --------------------------------------------------------------------------------


async def home(request: Request) -> Response:
    site = _site(request)
    drafts = await site.store(lambda store: store.drafts())
    for draft in drafts:
        try:
            draft["game_name"] = site.game(draft["game"]).info.name
        except BadInput:
            draft["game_name"] = draft["game"] + " (not installed)"
    return page(request, "home.html", drafts=drafts, title="bgkit at the table")


async def new_table(request: Request) -> Response:
    """The new game's form; a player count the game cannot take is said beside it (400)."""
    site = _site(request)
    game_id = request.query_params.get("game", "").strip()
    if not game_id:
        return _names_page(request, None, None, "")
    info = site.game(game_id).info
    typed = request.query_params.get("players", "").strip()
    try:
        count = _int(typed or info.min_players, "the number of players")
        info.check_players(count)
    except BadInput as exc:
        return _names_page(request, info, None, typed, count_error=exc.message, status=400)
    known = [p["name"] for p in await site.store(lambda store: store.players())]
    return _names_page(request, info, count, str(count), known=known)


def _names_page(request: Request, info: GameInfo | None, count: int | None, typed: str, known: list[str] | None = None,
                count_error: str | None = None, names: list[str] | None = None, hints: dict[int, str] | None = None,
                status: int = 200) -> Response:
    return page(request, "new.html", status=status, games=_site(request).games(), info=info, count=count, typed=typed,
                known=known or [], count_error=count_error, names=names or [""] * (count or 0), hints=hints or {},
                title="New game")


async def name_hint(request: Request) -> Response:
    """The names page's script asks, as a name is typed: is it new and close to a known one?"""
    name = " ".join(request.query_params.get("name", "").split())[: tables.MAX_NAME]
    hint = (await _name_hints(_site(request), [name])).get(0, "") if name else ""
    return JSONResponse({"hint": hint if "did you mean" in hint else ""})


async def create_table(request: Request) -> Response:
    """Start a sheet; a name new to the history that is close to a known one is asked about on the
    names page first ("did you mean 'Ada'?"), where it is easy to fix, unless it was kept already."""
    site = _site(request)
    form = await posted(request)
    game = site.game(_text(form, "game"))
    count = _int(form.get("players"), "the number of players")
    game.info.check_players(count)
    names = []
    for index in range(count):
        name = " ".join(_text(form, f"name{index}").split()) or f"Player {index + 1}"
        if len(name) > tables.MAX_NAME:
            raise BadInput(f"a name is at most {tables.MAX_NAME} characters")
        names.append(name)
    if _text(form, "names_checked") != "1":
        close = {i: hint for i, hint in (await _name_hints(site, names)).items() if "did you mean" in hint}
        if close:
            known = [p["name"] for p in await site.store(lambda store: store.players())]
            typed = [_text(form, f"name{index}").strip() for index in range(count)]
            return _names_page(request, game.info, count, str(count), known=known, names=typed, hints=close)
    state = tables.new_state(game, names)
    draft_id = await site.store(lambda store: store.new_draft(game.info.id, state))
    return back(f"/table/{draft_id}?seat=0")


# -- the sheet ----------------------------------------------------------------------------------------


async def _draft(request: Request) -> tuple[dict[str, Any], Game]:
    site = _site(request)
    draft_id = _int(request.path_params["draft"], "the table")
    draft = await site.store(lambda store: store.draft(draft_id))
    return draft, site.game(draft["game"])


def _seat(request: Request, state: dict[str, Any]) -> int | None:
    text = request.query_params.get("seat", "")
    if text == "" or text == "all":
        return None
    seat = _int(text, "the seat")
    if not 0 <= seat < len(state["names"]):
        raise BadInput(f"there is no player {seat + 1} at this table")
    return seat


async def _name_hints(site: Site, names: list[str]) -> dict[int, str]:
    """A name new to the history that is close to a known one: "did you mean ...?"."""
    known = [p["name"] for p in await site.store(lambda store: store.players())]
    folded = {tables.player_key(k) for k in known}
    hints = {}
    for index, name in enumerate(names):
        if name.strip() and tables.player_key(name) not in folded and known:
            hint = suggest(name, known)
            hints[index] = f"new to the history{hint}" if hint else "new to the history"
    return hints


async def sheet_page(request: Request) -> Response:
    draft, game = await _draft(request)
    if draft["play_id"] is not None:
        return back(f"/plays/{draft['play_id']}")
    state = draft["state"]
    seat = _seat(request, state)
    checked = tables.check(game, state)
    return page(
        request, "table.html", draft=draft, state=state, game=game, seat=seat, checked=checked,
        table_runs=tables.group_runs(tables.table_fields(game, state)),
        seat_runs=tables.group_runs(tables.seat_fields(game, state)),
        bounds=tables.bounds, hints=await _name_hints(_site(request), state["names"]),
        title=f"{game.info.name} — table {draft['id']}",
    )


def _seat_arg(value: Any, state: dict[str, Any]) -> int | None:
    if value in (None, "", "table"):
        return None
    seat = _int(value, "the seat")
    if not 0 <= seat < len(state["names"]):
        raise BadInput(f"there is no player {seat + 1} at this table")
    return seat


async def save_seat(request: Request) -> Response:
    """A seat's form (name and fields), or the table-wide fields: kept as typed, checked on the page."""
    site = _site(request)
    form = await posted(request)
    draft, game = await _draft(request)
    state = draft["state"]
    seat = _seat_arg(form.pop("seat", None), state)
    view = _seat_arg(form.pop("view", None), state) if seat is None else seat  # the page the form was on
    fields = tables.table_fields(game, state) if seat is None else tables.seat_fields(game, state)
    known = {f.name for f in fields}
    unknown = [key for key in form if key not in known and key != "name"]
    if unknown:
        raise BadInput(f"{game.info.name} has no field {unknown[0]!r} here")

    def change(state: dict[str, Any]) -> None:
        for key, value in form.items():
            if key == "name" and seat is not None:
                tables.set_name(state, seat, " ".join(_text(form, "name").split()))
            elif key in known:
                tables.set_value(state, seat, key, _text(form, key))

    await site.store(lambda store: store.update_draft(draft["id"], change))
    anchor = f"#seat{seat}" if seat is not None else "#table"
    return back(f"/table/{draft['id']}?seat={'' if view is None else view}{anchor}")


async def save_field(request: Request) -> Response:
    """One field from the page's script (JSON in, the table's state out)."""
    site = _site(request)
    form = await posted(request)
    draft, game = await _draft(request)
    state = draft["state"]
    seat = _seat_arg(form.get("seat"), state)
    name = _text(form, "field")
    value = _text(form, "value")

    if name == "name" and seat is not None:
        def change(state: dict[str, Any]) -> None:
            tables.set_name(state, seat, " ".join(value.split()))
    else:
        tables.field_named(game, state, seat, name)

        def change(state: dict[str, Any]) -> None:
            tables.set_value(state, seat, name, value)

    draft = await site.store(lambda store: store.update_draft(draft["id"], change))
    return JSONResponse(await _state_json(site, draft, game))


async def _state_json(site: Site, draft: dict[str, Any], game: Game) -> dict[str, Any]:
    state = draft["state"]
    checked = tables.check(game, state)
    return {
        "revision": draft["revision"],
        "play_id": draft["play_id"],
        "table": state["table"],
        "seats": state["seats"],
        "hints": {str(k): v for k, v in (await _name_hints(site, state["names"])).items()},
        **checked.to_dict(state["names"]),
    }


async def state_json(request: Request) -> Response:
    draft, game = await _draft(request)
    return JSONResponse(await _state_json(_site(request), draft, game))


def _first_problem(checked: tables.Checked) -> str:
    keys = list(checked.errors) + list(checked.missing)
    seat = next((s for s, _ in keys if s is not None), None)
    return "" if seat is None else str(seat)


async def score(request: Request) -> Response:
    await posted(request)
    draft, game = await _draft(request)
    checked = tables.check(game, draft["state"])
    if checked.ready:
        return back(f"/table/{draft['id']}/result")
    return back(f"/table/{draft['id']}?seat={_first_problem(checked)}&scoring=1")


def _result(game: Game, state: dict[str, Any]) -> tuple[tables.Checked, ScoreResult | None]:
    checked = tables.check(game, state)
    if checked.sheet is None:  # not ready
        return checked, None
    return checked, runtime_for(game).score(checked.sheet)


async def result_page(request: Request, error: str | None = None, status: int = 200) -> Response:
    draft, game = await _draft(request)
    if draft["play_id"] is not None:
        return back(f"/plays/{draft['play_id']}")
    state = draft["state"]
    checked, result = _result(game, state)
    if result is None:
        return back(f"/table/{draft['id']}?seat={_first_problem(checked)}&scoring=1")
    from bgkit.history.store import today

    return page(request, "result.html", status=status, draft=draft, state=state, game=game, result=result,
                number=_number, today=today(), error=error, title=f"{game.info.name} — result")


async def result_json(request: Request) -> Response:
    draft, game = await _draft(request)
    checked, result = _result(game, draft["state"])
    if result is None:
        first = next(iter(checked.errors.values()), None) or checked.problem or "the sheet is not filled in yet"
        return JSONResponse({"error": first}, status_code=409)
    return JSONResponse(result.to_dict())


async def record(request: Request) -> Response:
    """Record the scored table (date, place, note); an edited play becomes its next version."""
    from bgkit.history.store import parse_date, play_from_score

    site = _site(request)
    form = await posted(request)
    draft, game = await _draft(request)
    if draft["play_id"] is not None:
        return back(f"/plays/{draft['play_id']}")
    details = (_text(form, "date").strip(), _text(form, "location").strip(), _text(form, "note").strip())

    def keep(state: dict[str, Any]) -> None:
        tables.set_details(state, *details)

    try:
        draft = await site.store(lambda store: store.update_draft(draft["id"], keep))  # typed details are kept
    except BadInput:  # another phone recorded it a moment ago: go where it went
        again = await site.store(lambda store: store.draft(draft["id"]))
        if again["play_id"] is None:
            raise
        return back(f"/plays/{again['play_id']}")
    try:
        day = parse_date(details[0] or _today(), "date")
    except BadInput as exc:
        return await result_page(request, error=exc.message, status=400)
    state = draft["state"]
    checked, result = _result(game, state)
    if result is None:
        return back(f"/table/{draft['id']}?scoring=1")
    assert checked.sheet is not None  # a result is only scored from a whole sheet (_result)
    play = play_from_score(game, checked.sheet, result, day, note=details[2] or None, location=details[1] or None)
    edit_of = state.get("edit_of")

    def store_it(store: History) -> int:
        if edit_of is not None:
            old = store.play(edit_of)
            play.id, play.uid, play.recorded_at, play.source = old.id, old.uid, old.recorded_at, old.source
        return store.record_draft(draft["id"], play, replaces=edit_of)

    play_id = await site.store(store_it)
    return back(f"/plays/{play_id}?recorded=1")


def _today() -> str:
    from bgkit.history.store import today

    return today()


async def discard(request: Request) -> Response:
    site = _site(request)
    await posted(request)
    draft_id = _int(request.path_params["draft"], "the table")
    await site.store(lambda store: store.delete_draft(draft_id))
    return back("/")


# -- history and stats ----------------------------------------------------------------------------


def _number(value: Any) -> str:
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


async def plays_page(request: Request) -> Response:
    site = _site(request)
    filters = _filters(request)
    error = None

    def read(store: History) -> tuple[list[Play], list[str], list[dict[str, Any]]]:
        return store.plays(game=filters["game"], player=filters["player"], since=filters["since"], until=filters["until"]), store.games(), store.players()

    try:
        plays, games, players = await site.store(read)
    except BadInput as exc:  # an unknown player: the message, and the unfiltered list's choices
        error = exc.message
        plays = []
        games, players = await site.store(lambda store: (store.games(), store.players()))
    return page(request, "plays.html", plays=list(reversed(plays)), filters=filters, games=games,
                players=[p["name"] for p in players], error=error, number=_number, title="History",
                query=request.url.query)


async def play_page(request: Request) -> Response:
    site = _site(request)
    play_id = _int(request.path_params["play"], "the play")
    play = await site.store(lambda store: store.play(play_id))
    return page(request, "play.html", play=play, result=play.score_result(), number=_number,
                recorded=request.query_params.get("recorded") == "1", title=f"Play {play_id}")


async def edit_page(request: Request, error: str | None = None, status: int = 200, typed: dict[str, Any] | None = None) -> Response:
    site = _site(request)
    play_id = _int(request.path_params["play"], "the play")
    play = await site.store(lambda store: store.play(play_id))
    typed = typed or {"date": play.date, "location": play.location or "", "note": play.note or ""}
    return page(request, "edit.html", status=status, play=play, error=error, typed=typed, title=f"Edit play {play_id}")


async def edit_play(request: Request) -> Response:
    """A recorded play's date, place or note; it keeps its id and becomes a new version."""
    from bgkit.history.store import parse_date

    site = _site(request)
    form = await posted(request)
    play_id = _int(request.path_params["play"], "the play")
    typed = {k: _text(form, k).strip() for k in ("date", "location", "note")}
    if len(typed["location"]) > tables.MAX_NOTE or len(typed["note"]) > tables.MAX_NOTE:
        raise BadInput(f"a location or note is at most {tables.MAX_NOTE} characters")
    try:
        day = parse_date(typed["date"], "date")
    except BadInput as exc:
        return await edit_page(request, error=exc.message, status=400, typed=typed)

    def change(store: History) -> bool:
        old = store.play(play_id)
        new = dataclasses.replace(old, seats=list(old.seats), date=day, note=typed["note"] or None,
                                  location=typed["location"] or None)
        if (new.date, new.note, new.location) == (old.date, old.note, old.location):
            return False
        store.replace(play_id, new)
        return True

    await site.store(change)
    return back(f"/plays/{play_id}")


async def correct_play(request: Request) -> Response:
    """Open a recorded play's sheet as a table; recording it stores the play's next version."""
    from bgkit.model import sheets
    from bgkit.engine.match import load_logged_game

    site = _site(request)
    await posted(request)
    play_id = _int(request.path_params["play"], "the play")
    play = await site.store(lambda store: store.play(play_id))
    if play.source == "play":
        raise BadInput(f"play {play_id} was played with bgkit: its result comes from its log; change its date, note or place")
    if play.data is not None:
        raise BadInput(f"play {play_id} was scored with its own --data file; correct it with: bgkit history edit {play_id}")
    game = load_logged_game(site.registry, play)  # type: ignore[arg-type]  # a Play has a log's .game and .data, all it reads
    sheet = sheets.parse_sheet(game, play.sheet, f"play {play_id}")
    state = tables.state_from_sheet(sheet, game)
    state.update(date=play.date, location=play.location or "", note=play.note or "", edit_of=play_id)
    draft_id = await site.store(lambda store: store.new_draft(game.info.id, state))
    return back(f"/table/{draft_id}?seat=0")


async def stats_page(request: Request) -> Response:
    from bgkit.history import stats as statistics

    site = _site(request)
    filters = _filters(request)
    error, summary = None, None
    if filters["vs"] and not filters["player"]:
        error = "head to head compares two players: choose the first as player"

    def read(store: History) -> dict[str, Any]:
        player = store.player_name(filters["player"]) if filters["player"] else None
        vs = store.player_name(filters["vs"]) if filters["vs"] and player else None
        if vs is not None and vs == player:
            raise BadInput(f"player and versus name the same player ({player})")
        plays = store.plays(game=filters["game"], player=player, since=filters["since"], until=filters["until"])
        return statistics.summarize(plays, game=filters["game"], player=player, vs=vs)

    def choices(store: History) -> tuple[list[str], list[str]]:
        return store.games(), [p["name"] for p in store.players()]

    if error is None:
        try:
            summary = await site.store(read)
        except BadInput as exc:
            error = exc.message
    games, players = await site.store(choices)
    over_time = win = None
    if summary is not None:
        if summary["timeline"]:
            over_time = charts.totals_over_time(summary["timeline"], [p["name"] for p in summary["players"]])
        win = charts.win_share(summary["players"])
    return page(request, "stats.html", summary=summary, filters=filters, games=games, players=players, error=error,
                over_time=over_time, win=win, number=_number, title="Stats", query=request.url.query)


async def export(request: Request) -> Response:
    from bgkit.history import transfer

    site = _site(request)
    filters = _filters(request)
    kind = "json" if request.url.path.endswith(".json") else "csv"

    def read(store: History) -> str:
        plays = store.plays(game=filters["game"], player=filters["player"], since=filters["since"], until=filters["until"])
        return transfer.export_json(store, plays) if kind == "json" else transfer.export_csv(plays)

    text = await site.store(read)
    media = "application/json" if kind == "json" else "text/csv"
    return Response(text, media_type=f"{media}; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="bgkit-history.{kind}"'})


# -- setups -------------------------------------------------------------------------------------------


#: The setup picture's width on a phone, in characters: at 390 px its text is about 12 px.
PICTURE_COLUMNS = 50


def _setup_asked(request: Request) -> tuple[Game, int, dict[str, str]]:
    """The game, player count and options of the setup page's form (BadInput naming what is wrong)."""
    from bgkit.engine import setups

    params = request.query_params
    game = _site(request).game(params.get("game", "").strip())
    players = _int(params.get("players") or game.info.min_players, "the number of players")
    known = {option.name for option in game.options}  # the form may still hold another game's options
    pairs = [f"{k[len('option_'):]}={v}" for k, v in params.multi_items() if k.startswith("option_") and v and k[len("option_"):] in known]
    return game, players, setups.parse_options(game, pairs)


async def setup_page(request: Request) -> Response:
    """``bgkit setup`` as a page: seeded, drawn as a picture, and the line that repeats it; a new seed
    is put in the address. A player count or option the game cannot take is said on the form."""
    from urllib.parse import urlencode

    from bgkit.engine import setups
    from bgkit.terminal import render

    site = _site(request)
    params = request.query_params
    context: dict[str, Any] = {"games": site.games(), "game": None, "players": "", "options": {}, "doc": None,
                               "picture": None, "again": None, "error": None, "players_error": None, "title": "Setup"}
    if not params.get("game", "").strip():
        return page(request, "setup.html", **context)
    game = site.game(params.get("game", "").strip())
    context.update(game=game, players=params.get("players", ""), title=f"Setup — {game.info.name}")
    try:
        game, players, options = _setup_asked(request)
        context.update(players=players, options=options)
        game.info.check_players(players)
    except BadInput as exc:
        context["players_error" if "player" in exc.message else "error"] = exc.message
        return page(request, "setup.html", status=400, **context)
    if not params.get("seed", "").strip():
        query = [("game", game.info.id), ("players", str(players)), ("seed", str(setups.new_seed()))]
        return back("/setup?" + urlencode(query + [(f"option_{k}", v) for k, v in options.items()]))
    try:
        seed = setups.check_seed(_int(params.get("seed"), "the seed"))
        doc = setups.setup_document(game, players, seed, options, setups.make_setup(game, players, seed, options))
    except BadInput as exc:
        context["error"] = exc.message
        return page(request, "setup.html", status=400, **context)
    picture = render.setup_svg(game, doc, None, PICTURE_COLUMNS, None, standalone=False)
    link = urlencode([("game", game.info.id), ("players", str(players)), ("seed", str(seed))]
                     + [(f"option_{k}", v) for k, v in options.items()])
    return page(request, "setup.html", **{**context, "doc": doc, "picture": Markup(picture), "link": link,
                                          "again": render.setup_again(game, doc, None)})


async def setup_picture(request: Request) -> Response:
    """The setup page's picture as a file to print or keep (``bgkit setup --format svg``'s)."""
    from bgkit.engine import setups
    from bgkit.terminal import render

    game, players, options = _setup_asked(request)
    seed = setups.check_seed(_int(request.query_params.get("seed"), "the seed"))
    doc = setups.setup_document(game, players, seed, options, setups.make_setup(game, players, seed, options))
    name = f"{game.info.id}-{players}p-seed{seed}.svg"
    return Response(render.setup_svg(game, doc, None), media_type="image/svg+xml",
                    headers={"content-disposition": f'inline; filename="{name}"'})


# -- errors -------------------------------------------------------------------------------------------


async def bad_input(request: Request, exc: BadInput) -> Response:
    if request.url.path.endswith(".json") or request.headers.get("content-type", "").startswith("application/json"):
        return JSONResponse({"error": str(exc)}, status_code=400)
    return page(request, "error.html", status=400, message=str(exc), title="Not possible")


async def http_error(request: Request, exc: HTTPException) -> Response:
    if request.headers.get("content-type", "").startswith("application/json"):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
    return page(request, "error.html", status=exc.status_code, message=exc.detail, title="Not possible")


EXCEPTION_HANDLERS: dict[type[Exception], Callable[..., Awaitable[Response]]] = {BadInput: bad_input, HTTPException: http_error}

ROUTES = [
    Route("/", home),
    Route("/new", new_table),
    Route("/tables", create_table, methods=["POST"]),
    Route("/table/{draft:int}", sheet_page),
    Route("/table/{draft:int}/save", save_seat, methods=["POST"]),
    Route("/table/{draft:int}/field", save_field, methods=["POST"]),
    Route("/table/{draft:int}/state.json", state_json),
    Route("/table/{draft:int}/score", score, methods=["POST"]),
    Route("/table/{draft:int}/result", result_page),
    Route("/table/{draft:int}/result.json", result_json),
    Route("/table/{draft:int}/record", record, methods=["POST"]),
    Route("/table/{draft:int}/discard", discard, methods=["POST"]),
    Route("/plays", plays_page),
    Route("/plays/{play:int}", play_page),
    Route("/plays/{play:int}/edit", edit_page),
    Route("/plays/{play:int}/edit", edit_play, methods=["POST"]),
    Route("/plays/{play:int}/correct", correct_play, methods=["POST"]),
    Route("/stats", stats_page),
    Route("/export.csv", export, name="export_csv"),
    Route("/export.json", export, name="export_json"),
    Route("/setup", setup_page),
    Route("/setup.svg", setup_picture),
    Route("/names/hint.json", name_hint),
]
