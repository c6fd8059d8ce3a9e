"""``bgkit history``, ``bgkit stats`` and the recording behind ``score --record``/``play --record``.

Argument parsing and the order of things; the store is :mod:`bgkit.history.store`, the numbers
:mod:`bgkit.history.stats`, the drawing :mod:`bgkit.history.views`. ``cli/main.py`` imports this module at
start-up to declare the commands, so nothing heavy is imported here at module level: sqlite3,
platformdirs, the store and the statistics are imported inside the commands that use them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Tuple

import typer

from bgkit.model.errors import BadInput
from bgkit.terminal.output import Format, Output, emit, require

if TYPE_CHECKING:
    from rich.console import Console

    from bgkit.history.records import Play
    from bgkit.history.store import History
    from bgkit.model.game import Game
    from bgkit.model.ranking import ScoreResult
    from bgkit.model.sheets import Sheet

DB_HELP = "The history file (default: $BGKIT_DB, else history.sqlite3 in your user data folder)."
GAME_HELP = "Only plays of this game (its id)."
PLAYER_HELP = "Only plays with this player (names match case-insensitively, aliases too)."
SINCE_HELP = "Only plays on or after this date (YYYY-MM-DD)."
UNTIL_HELP = "Only plays on or before this date (YYYY-MM-DD)."


history_app = typer.Typer(
    name="history",
    help="The table history: every recorded game, to list, show, edit, delete, export and import.",
    add_completion=False,
    rich_markup_mode=None,
)


def say(message: str) -> None:
    """A message for the person (stderr), printed as it is: names and paths may hold brackets."""
    from bgkit.terminal import render

    render.stderr().print(message, markup=False, highlight=False)


def open_store(db: Optional[Path], create: bool = True) -> History:
    """The history at ``--db``, ``BGKIT_DB`` or the default place; with ``create`` made if missing."""
    from bgkit.history import store as history

    return history.open_history(db if db is not None else history.default_path(), create=create, say=say)


def _dates(since: Optional[str], until: Optional[str]) -> tuple[Optional[str], Optional[str]]:
    from bgkit.history.records import parse_date

    since = parse_date(since, "--since") if since is not None else None
    until = parse_date(until, "--until") if until is not None else None
    if since and until and since > until:
        raise BadInput(f"--since {since} is after --until {until}")
    return since, until


def _no_plays(store: History, game: Optional[str]) -> None:
    if not store.exists:
        state = "is empty" if store.path.exists() else "does not exist"
        say(f"No plays recorded yet ({store.path} {state}). Record one with: bgkit score GAME SHEET --record")
        return
    recorded = store.games()
    if game is not None and game not in recorded:
        from bgkit.model.errors import suggest
        from bgkit.plugins.registry import get_registry

        installed = get_registry().games
        if game not in installed:  # a typo, most likely: neither a game here nor one ever recorded
            known = sorted({*recorded, *installed})
            raise BadInput(f"no game {game!r} is installed or recorded{suggest(game, known)} (games: {', '.join(known)})")
    if game is not None and recorded and game not in recorded:
        say(f"No plays of {game!r} recorded (recorded games: {', '.join(recorded)})")
    else:
        say("No recorded plays match.")


# -- bgkit history ---------------------------------------------------------------------------------


@history_app.callback(invoke_without_command=True)
def list_plays(
    ctx: typer.Context,
    game: Optional[str] = typer.Option(None, "--game", help=GAME_HELP),
    player: Optional[str] = typer.Option(None, "--player", help=PLAYER_HELP),
    since: Optional[str] = typer.Option(None, "--since", help=SINCE_HELP),
    until: Optional[str] = typer.Option(None, "--until", help=UNTIL_HELP),
    format: Format = typer.Option(Format.text, "--format", help="text (a table) or json."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """List recorded plays, oldest first; the commands below show, edit, delete, export and import them."""
    require(format, ("text", "json"), "history")
    ctx.obj = {"db": db}
    if ctx.invoked_subcommand is not None:
        if any(v is not None for v in (game, player, since, until)):
            raise BadInput(f"--game, --player, --since and --until filter the list; give them after {ctx.invoked_subcommand!r} where it takes them")
        return
    since, until = _dates(since, until)
    from bgkit.history import views

    with open_store(db, create=False) as store:
        plays = store.plays(game=game, player=player, since=since, until=until)
        drawing = lambda console: console.print(views.plays_table(plays)) if plays else None  # noqa: E731
        emit(Output([p.to_dict(full=False) for p in plays], drawing), format, "history")
        if not plays:
            _no_plays(store, game)


def _db(ctx: typer.Context, db: Optional[Path]) -> Optional[Path]:
    """``--db`` after the subcommand, else before it (``bgkit history --db F show 3``)."""
    return db if db is not None else (ctx.obj or {}).get("db")


@history_app.command("show")
def show(
    ctx: typer.Context,
    play_id: int = typer.Argument(..., help="The play's id (see bgkit history)."),
    version: Optional[int] = typer.Option(None, "--version", help="An earlier version of an edited play."),
    format: Format = typer.Option(Format.text, "--format", help="text (as bgkit score printed it) or json."),
    log: Optional[Path] = typer.Option(None, "--log", help="Write the game log of a game played with bgkit here (for bgkit replay)."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Print one recorded play as bgkit score printed it."""
    from bgkit.terminal import render
    from bgkit.history import views

    require(format, ("text", "json"), "history show")
    with open_store(_db(ctx, db), create=False) as store:
        play = _version(store.play(play_id), version)
    if log is not None:
        if play.log is None:
            raise BadInput(f"play {play_id} was scored from a sheet; only games played with bgkit have a log")
        from bgkit.model.savefile import check_target, write_json

        check_target(log, play.game, what="log")
        write_json(log, play.log)
        say(f"Wrote the game log to {log} (bgkit replay {log})")
    result = play.score_result()

    def drawing(console: Console) -> None:
        console.print(views.play_header(play))
        render.print_score(result, console, play.game_name)

    emit(Output({**play.to_dict(full=True, with_log=False), "score": result.to_dict()}, drawing), format, "history show")


def _version(play: Play, version: Optional[int]) -> Play:
    from bgkit.history.records import Play

    if version is None or version == play.version:
        return play
    for old in play.versions:
        if old.get("version") == version:
            earlier = Play.from_dict(old, f"play {play.id} version {version}")
            earlier.id = play.id
            return earlier
    kept = ", ".join(str(v.get("version")) for v in play.versions) or "none, it was never edited"
    raise BadInput(f"play {play.id} has no version {version} (now version {play.version}; kept: {kept})")


@history_app.command("delete")
def delete(
    ctx: typer.Context,
    play_id: int = typer.Argument(..., help="The play's id (see bgkit history)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask (needed where there is no terminal to ask)."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Delete a recorded play for good (with its earlier versions)."""
    from bgkit.terminal import render

    from bgkit.history.store import DamagedPlay

    with open_store(_db(ctx, db), create=False) as store:
        try:
            play = store.play(play_id)
            what = f"play {play_id} ({play.game_name}, {play.date}: {', '.join(s.name for s in play.seats)})"
        except DamagedPlay:  # what cannot be read back can still be removed
            what = f"play {play_id} (damaged)"
        if not yes:
            if not render.interactive():
                raise BadInput(f"deleting {what} cannot be undone: add --yes (there is no terminal to ask)")
            if not typer.confirm(f"Delete {what}? This cannot be undone", default=False, err=True):
                say("Nothing deleted.")
                return
        store.delete(play_id)
    say(f"Deleted {what}.")


@history_app.command("edit")
def edit(
    ctx: typer.Context,
    play_id: int = typer.Argument(..., help="The play's id (see bgkit history)."),
    sheet: Optional[Path] = typer.Option(None, "--sheet", help="Take the corrected sheet from this file instead of an editor."),
    date: Optional[str] = typer.Option(None, "--date", help="Change the date (YYYY-MM-DD)."),
    note: Optional[str] = typer.Option(None, "--note", help="Change the note (\"\" removes it)."),
    location: Optional[str] = typer.Option(None, "--location", help="Change the location (\"\" removes it)."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Correct a recorded play: its sheet in $VISUAL/$EDITOR (checked again), or its date, note, location.

    The play keeps its id and becomes a new version; the old one is kept (history show ID --version N).
    """
    import dataclasses

    from bgkit.history.records import parse_date

    with open_store(_db(ctx, db), create=False) as store:
        old = store.play(play_id)
        new = dataclasses.replace(old, seats=list(old.seats))
        if date is not None:
            new.date = parse_date(date)
        if note is not None:
            new.note = note.strip() or None
        if location is not None:
            new.location = location.strip() or None
        if sheet is not None or all(v is None for v in (date, note, location)):
            new = _edited_sheet(old, new, sheet)
        if (new.sheet, new.date, new.note, new.location) == (old.sheet, old.date, old.note, old.location):
            say(f"No change; play {play_id} stays as it was.")
            return
        version = store.replace(play_id, new)
    say(f"Play {play_id} is now version {version}; version {old.version} is kept (bgkit history show {play_id} --version {old.version}).")


def _edited_sheet(old: Play, new: Play, sheet_file: Optional[Path]) -> Play:
    """``new`` with the sheet from ``sheet_file`` or the editor, validated and scored by the game."""
    from bgkit.history.records import play_from_score
    from bgkit.model import sheets
    from bgkit.engine.match import load_logged_game
    from bgkit.plugins.registry import get_registry

    if old.source == "play":
        raise BadInput(
            f"play {old.id} was played with bgkit: its result comes from its log; change --date, --note or --location"
        )
    registry = get_registry()
    # reads old.data, the --data it was scored with (a Play has a log's .game and .data, all it reads)
    game = load_logged_game(registry, old)  # type: ignore[arg-type]
    if sheet_file is not None:
        source = str(sheet_file)
        text = _read(sheet_file)
        kept = None
    else:
        text, kept = _in_editor(old)
        source = kept
    try:
        the_sheet = sheets.parse_sheet(game, text, source)
    except BadInput as exc:
        if kept is not None:
            raise BadInput(f"{exc} (your edit is kept there; fix it and run: bgkit history edit {old.id} --sheet {kept})") from None
        raise
    if kept is not None:
        os.unlink(kept)
    from bgkit.engine.runtime import runtime_for

    result = runtime_for(game).score(the_sheet)
    scored = play_from_score(
        game, the_sheet, result, new.date, note=new.note, location=new.location, source=old.source, data=old.data
    )
    scored.id, scored.uid, scored.recorded_at, scored.version = old.id, old.uid, old.recorded_at, old.version
    if scored.sheet == old.sheet:  # the same sheet: keep the stored scores as they are
        new.sheet = old.sheet
        return new
    return scored


def _read(path: Path) -> str:
    from bgkit.model.savefile import read_text
    from bgkit.model.sheets import SHEET_BYTES

    return read_text(path, "sheet", SHEET_BYTES)


def _in_editor(play: Play) -> tuple[str, str]:
    """Open the play's sheet in the person's editor; returns the text and the file it is in."""
    import shlex
    import shutil
    import subprocess
    import tempfile

    from bgkit.terminal import render

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if not editor:
        if not (render.interactive() and shutil.which("vi")):
            raise BadInput("no editor: set VISUAL or EDITOR, or give the corrected sheet with --sheet FILE")
        editor = "vi"
    header = (
        f"# Play {play.id}: {play.game_name} on {play.date}, version {play.version}.\n"
        f"# Correct the sheet, save and close: bgkit checks it and stores version {play.version + 1},\n"
        f"# keeping version {play.version}. Close without changes to keep the play as it is.\n"
    )
    fd, path = tempfile.mkstemp(prefix=f"bgkit-play-{play.id}-", suffix=".toml")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(header + play.sheet)
    try:
        code = subprocess.call([*shlex.split(editor), path])
    except OSError as exc:
        os.unlink(path)
        raise BadInput(f"cannot start the editor {editor!r}: {exc.strerror}") from None
    if code != 0:
        os.unlink(path)
        raise BadInput(f"the editor {editor!r} exited with code {code}; play {play.id} stays as it was")
    return _read(Path(path)), path


@history_app.command("players")
def players(
    ctx: typer.Context,
    merge: Optional[Tuple[str, str]] = typer.Option(
        None, "--merge", metavar="OLD NEW", help="Make OLD an alias of NEW (a player, or a new name: a rename)."
    ),
    format: Format = typer.Option(Format.text, "--format", help="text (a table) or json."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """List the players of the history with their other names; --merge OLD NEW joins two names."""
    from bgkit.history import views

    require(format, ("text", "json"), "history players")  # before a merge changes anything
    with open_store(_db(ctx, db), create=False) as store:  # a merge in a missing history fails: no such player
        if merge is not None:
            say(store.merge(*merge))
        rows = store.players()

    def drawing(console: Console) -> None:
        if rows:
            console.print(views.players_table(rows))
        elif merge is None:
            say("No players recorded yet.")

    emit(Output(rows, drawing), format, "history players")


@history_app.command("export")
def export(
    ctx: typer.Context,
    format: Format = typer.Option(Format.json, "--format", help="json (everything, for history import) or csv (one row per player per play, for spreadsheets)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write here instead of stdout."),
    game: Optional[str] = typer.Option(None, "--game", help=GAME_HELP),
    player: Optional[str] = typer.Option(None, "--player", help=PLAYER_HELP),
    since: Optional[str] = typer.Option(None, "--since", help=SINCE_HELP),
    until: Optional[str] = typer.Option(None, "--until", help=UNTIL_HELP),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
    force: bool = typer.Option(False, "--force", help="Let --output replace a file that is already there."),
) -> None:
    """Export recorded plays as JSON (for history import) or CSV (for a spreadsheet)."""
    from bgkit.history import transfer

    require(format, ("json", "csv"), "history export")
    since, until = _dates(since, until)
    with open_store(_db(ctx, db), create=False) as store:
        plays = store.plays(game=game, player=player, since=since, until=until)
        if format is Format.json:
            text = transfer.export_json(store, plays)
        else:
            text = transfer.export_csv(plays)
    if output is None:
        if sys.stdout.isatty():  # read on a terminal, not kept: its control characters shown, not obeyed
            from bgkit.model.errors import escape_controls

            text = "\n".join(escape_controls(line) for line in text.split("\n"))
        sys.stdout.write(text)
    else:
        from bgkit.model.savefile import check_target, write_atomic

        check_target(output, "", force=True, what="export")  # a folder, a device, no room: refused
        if output.exists() and output.stat().st_size and not force:
            raise BadInput(f"{output} exists; give another name, or --force to replace it")
        write_atomic(output, text)
        say(f"Exported {len(plays)} play{'s' if len(plays) != 1 else ''} to {output}")


@history_app.command("import")
def import_(
    ctx: typer.Context,
    source: Path = typer.Argument(..., help="A folder of TOML score sheets, one sheet, or a JSON export of bgkit history."),
    date: Optional[str] = typer.Option(None, "--date", help="Date of the imported sheets (default: a YYYY-MM-DD in the file name, else the file's date)."),
    location: Optional[str] = typer.Option(None, "--location", help="Location of the imported sheets."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Import score sheets or an export; plays already in the history are skipped, all or nothing."""
    from bgkit.history import transfer

    day = None
    if date is not None:
        from bgkit.history.records import parse_date

        day = parse_date(date)
    with open_store(_db(ctx, db)) as store:  # a history that cannot be used is found first
        plays, players, origins = transfer.read_import(source, day, location)
        added, skipped = store.import_plays(plays, players)
    for play in plays:
        if play.id is not None and play.uid in origins:
            say("play {}: {}: {}".format(play.id, *origins[play.uid]))
    ids = f" (play {added[0]})" if len(added) == 1 else f" (plays {added[0]}–{added[-1]})" if added else ""
    say(f"Imported {len(added)} play{'s' if len(added) != 1 else ''}{ids}")
    if skipped:  # by uid: each named, with the play it is already stored as
        what = ", ".join(f"{uid}{f' ({origins[uid][0]})' if uid in origins else ''} as play {there}" for uid, there in skipped)
        say(f"Skipped {len(skipped)} play{'s' if len(skipped) != 1 else ''} already in the history: {what}")


# -- bgkit stats -----------------------------------------------------------------------------------


def stats(
    game: Optional[str] = typer.Argument(None, help="A game id; without it, every game."),
    player: Optional[str] = typer.Option(None, "--player", help="One player's record: streaks, best and worst, average game."),
    vs: Optional[str] = typer.Option(None, "--vs", help="Head to head: --player against this player."),
    since: Optional[str] = typer.Option(None, "--since", help=SINCE_HELP),
    until: Optional[str] = typer.Option(None, "--until", help=UNTIL_HELP),
    format: Format = typer.Option(Format.text, "--format", help="text (tables, and charts on a terminal) or json."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Statistics of recorded plays: wins, win rate, totals, averages per category, head to head, streaks."""
    from bgkit.history import views
    from bgkit.history import stats as statistics

    require(format, ("text", "json"), "stats")
    if vs is not None and player is None:
        raise BadInput("--vs compares two players: give the first with --player")
    since, until = _dates(since, until)
    with open_store(db, create=False) as store:
        player = store.player_name(player) if player is not None else None
        vs = store.player_name(vs) if vs is not None else None
        if vs is not None and vs == player:
            raise BadInput(f"--player and --vs name the same player ({player})")
        plays = store.plays(game=game, player=player, since=since, until=until)
        if not plays:
            _no_plays(store, game)
    summary = statistics.summarize(plays, game=game, player=player, vs=vs)
    summary["filters"].update(since=since, until=until)
    drawing = lambda console: console.print(views.stats_view(summary, charts=sys.stdout.isatty())) if plays else None  # noqa: E731
    emit(Output(summary, drawing), format, "stats")


# -- recording: score --record, play --record -----------------------------------------------------


def _table_as_left(game: Game, data: dict[str, Any]) -> Sheet:
    """The sheet of a game stopped before its end: each field as the game exported it (its default
    when left out), unchecked, since no finished game's rules hold of it (see ``runtime.final_result``)."""
    from bgkit.model.sheets import Sheet

    rows = data["player"]
    fields = game.fields_of("sheet_fields", len(rows))
    table_fields = game.fields_of("sheet_game_fields", len(rows))
    return Sheet(game=game.info.id, names=[row["name"] for row in rows],
                 players=[{f.name: row.get(f.name, f.default) for f in fields} for row in rows],
                 fields={f.name: data.get(f.name, f.default) for f in table_fields}, source="<stopped game>")


def play_of_match(match: Any, result: ScoreResult, day: str, note: Optional[str] = None, location: Optional[str] = None) -> Play:
    """The history's record of a finished game played with bgkit (``play --record``, a game played
    from the phones at ``bgkit serve``): the sheet of its final state, its result, its whole log."""
    from bgkit.history.records import play_from_score
    from bgkit.model.sheets import sheet_from_data

    data = match.game.sheet_from_state(match.state)
    for row, name in zip(data["player"], match.log.names):
        row["name"] = name
    if result.winners or not result.decided_by.startswith("no winner: stopped"):
        sheet = sheet_from_data(match.game, data, "<final state>")
    else:  # stopped at the game's maximum length: the table as it stood, which no rule finished
        sheet = _table_as_left(match.game, data)
    return play_from_score(
        match.game, sheet, result, day, note=note, location=location, source="play",
        options=dict(match.log.options), log=match.log.to_dict(), data=match.log.data, specs=list(match.log.seats),
    )


class Recording:
    """A game about to be recorded: the history is opened (and checked) before it is scored or played."""

    def __init__(self, db: Optional[Path], day: Optional[str], note: Optional[str], location: Optional[str]):
        from bgkit.history.records import today

        self.store = open_store(db)
        self.day = day or today()
        self.note = (note or "").strip() or None
        self.location = (location or "").strip() or None

    def record_score(self, game: Game, sheet: Sheet, result: ScoreResult) -> int:
        from bgkit.engine.match import data_record
        from bgkit.history.records import play_from_score

        data = data_record(game.data_path) if game.data_path else None
        play = play_from_score(game, sheet, result, self.day, note=self.note, location=self.location, data=data)
        return self._store(play)

    def record_match(self, outcome: Any) -> Optional[int]:
        """Record a finished ``bgkit play`` game (``outcome`` is (match, result), None if it was stopped)."""
        from bgkit.bots import parse_seat_spec

        if outcome is None:
            say("Not recorded: the game did not end. Record it when it does: bgkit play --resume FILE --record")
            return None
        match, result = outcome
        if not any(parse_seat_spec(spec)[0] == "human" for spec in match.log.seats):
            raise BadInput("--record keeps games people played; this one had only bots (see --format json for bot matches)")
        return self._store(play_of_match(match, result, self.day, self.note, self.location))

    def _store(self, play: Play) -> int:
        import re

        with self.store:
            play_id = self.store.record(play)
        say(f"Recorded as play {play_id} in {self.store.path} (bgkit history show {play_id})")
        for seat in play.seats:
            if re.fullmatch(r"(player|human) \d+", seat.name, re.I):
                say(f"note: {seat.name!r} is recorded under that name; name the players to follow them in bgkit stats")
        return play_id


def score_recording(
    record: bool, db: Optional[Path], day: Optional[str], note: Optional[str], location: Optional[str], template: bool, asking: bool
) -> Optional[Recording]:
    """Check ``score``'s recording options before anything is scored; the Recording if --record."""
    from bgkit.terminal import render

    details = [name for name, value in (("--date", day), ("--note", note), ("--location", location), ("--db", db)) if value is not None]
    if template:
        if record or details:
            raise BadInput("--template writes an empty sheet; --record and its options keep a scored game")
        return None
    asking = asking and render.interactive()
    if details and not record and not asking:
        raise BadInput(f"{', '.join(details)} {'is' if len(details) == 1 else 'are'} for a recorded game: add --record")
    if day is not None:
        from bgkit.history.records import parse_date

        day = parse_date(day)
    if record:
        return Recording(db, day, note, location)
    if asking:
        open_store(db, create=False).close()  # a damaged history is found before the fields are typed in
    return None


def offer_recording(game: Game, sheet: Sheet, result: ScoreResult, db: Optional[Path], day: Optional[str], note: Optional[str], location: Optional[str]) -> None:
    """After the prompt has scored a game: ask whether to record it, and where it was played."""
    from bgkit.history.records import parse_date

    if not _answer(typer.confirm, "Record this game in your history?", default=True, err=True):
        return
    if location is None:
        location = _answer(typer.prompt, "Where was it played? (Enter: skip)", default="", show_default=False, err=True)
    if note is None:
        note = _answer(typer.prompt, "A note? (Enter: skip)", default="", show_default=False, err=True)
    Recording(db, parse_date(day) if day else None, note, location).record_score(game, sheet, result)


def _answer(ask: Any, *args: Any, **kwargs: Any) -> Any:
    """A question at the prompt; end of input is no answer (as at bgkit's other prompts), Ctrl-C aborts."""
    try:
        return ask(*args, **kwargs)
    except typer.Abort as exc:
        if isinstance(exc.__context__, EOFError):  # click turns both into Abort; the cause tells them apart
            return None
        raise


def play_recording(record: bool, db: Optional[Path], specs: Optional[list[str]]) -> Optional[Recording]:
    """Check ``play --record`` before the game: people at the table, a usable history."""
    if not record:
        if db is not None:
            raise BadInput("--db is for a recorded game: add --record")
        return None
    if specs:
        from bgkit.bots import parse_seat_spec

        if not any(parse_seat_spec(spec)[0] == "human" for spec in specs):
            raise BadInput("--record keeps games people played: give a human[:NAME] seat (bot matches: --format json)")
        from bgkit.history.validate import check_name

        for spec in specs:  # a name the history would refuse is refused before the game, not after it
            kind, params = parse_seat_spec(spec)
            if kind == "human" and "name" in params:
                check_name(params["name"], f"seat {spec!r}")
    return Recording(db, None, None, None)
