"""Moving plays in and out of the history: JSON export (complete, for import), CSV (for spreadsheets),
and import of score sheets or of an export.

An export keeps every play's ``uid``, so importing it again, or into a history that already has some
of its plays, adds only the new ones. A sheet imported from a file gets a uid made from its game,
date and content: importing a folder twice adds nothing the second time.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from datetime import date
from pathlib import Path
from typing import Any

from bgkit import __version__
from bgkit.model.errors import BadInput
from bgkit.history.records import Play, parse_date
from bgkit.history.validate import BIDI_CONTROLS, check_name
from bgkit.history.store import History
from bgkit.engine.runtime import runtime_for

EXPORT_FORMAT = "bgkit-history/1"
CSV_COLUMNS = ["play", "date", "game", "location", "note", "seat", "player", "total", "rank", "winner", "decided_by"]


def export_json(store: History, plays: list[Play]) -> str:
    """Every field of every play, its kept versions, and the players' other names."""
    versions = store.all_versions()
    names = {s.player for p in plays for s in p.seats}
    players = [{"name": row["name"], "aliases": row["aliases"]} for row in store.players() if row["name"] in names]
    records = []
    for play in plays:
        play.versions = versions.get(play.id or 0, [])
        records.append(play.to_dict(full=True))
    document = {"format": EXPORT_FORMAT, "bgkit": __version__, "players": players, "plays": records}
    from bgkit.terminal.render import C1_AS_JSON

    return json.dumps(document, ensure_ascii=False, indent=1).translate(C1_AS_JSON) + "\n"


def export_csv(plays: list[Play]) -> str:
    """One row per player per play, with a column per scoring category (empty where a game has none).

    Every text cell is guarded for spreadsheets (:func:`csv_cell`); numbers stay numbers.
    """
    categories: dict[str, None] = {}
    for play in plays:
        for category in play.categories:
            categories.setdefault(category, None)
    columns = CSV_COLUMNS + [c if c not in CSV_COLUMNS else f"{c} (points)" for c in categories]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(c) for c in columns])
    for play in plays:
        for seat in play.seats:
            row = [play.id, play.date, play.game, play.location or "", play.note or "", seat.seat + 1, seat.player,
                   seat.total, seat.rank, "yes" if seat.winner else "no", play.decided_by]
            writer.writerow([csv_cell(v) for v in row + [seat.scores.get(c, "") for c in categories]])
    return out.getvalue()


#: What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list), TAB and CR included.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as it is: a number stays a number (49.0 as 49, -3 as -3);
    text has its control characters written as escapes (ESC as ``\\x1b``, never sent raw) and, if it
    starts like a formula, an apostrophe in front, which spreadsheets read as "this is text"."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    guarded = "'" + text if text.startswith(FORMULA_STARTS) else text
    return "".join(repr(ch)[1:-1] if _hidden(ch) else ch for ch in guarded)


def _hidden(ch: str) -> bool:
    """A character a spreadsheet or terminal would act on rather than show: a control (C0, DEL, C1),
    a line or paragraph separator, a bidirectional control. Letters, emoji joiners and no-break
    spaces of people's names stay as they are."""
    import unicodedata

    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ord(ch) in BIDI_CONTROLS


def read_import(source: Path, day: str | None, location: str | None) -> tuple[list[Play], list[dict[str, Any]], dict[str, tuple[str, str]]]:
    """The plays and players to import from ``source``, checked in full before anything is stored,
    and for each imported sheet (by uid) its file's name and how it was dated."""
    if source.is_dir():
        files = sorted(source.glob("*.toml"))
        if not files:
            raise BadInput(f"no score sheets (*.toml) in the folder {source}")
    elif not source.exists():
        raise BadInput(f"no such file or folder: {source}")
    elif source.suffix.lower() == ".toml":
        files = [source]
    else:
        return _export_plays(source, day, location) + ({},)
    plays, origins = [], {}
    for path in files:
        play, origin = _sheet_play(path, day, location)
        plays.append(play)
        origins[play.uid] = origin
    return plays, [], origins


def _export_plays(source: Path, day: str | None, location: str | None) -> tuple[list[Play], list[dict[str, Any]]]:
    """The plays and players of a JSON export, every record checked."""
    if source.suffix.lower() == ".csv":
        raise BadInput(f"{source}: a CSV export is for spreadsheets and lacks the sheets; import a --format json export")
    from bgkit.model.savefile import read_json

    document = read_json(source, "history export")
    if document.get("format") != EXPORT_FORMAT:
        raise BadInput(f"not a bgkit history export (format {document.get('format')!r}, expected {EXPORT_FORMAT!r})", str(source))
    if day is not None or location is not None:
        raise BadInput("--date and --location are for imported sheets; an export keeps each play's own")
    raw_plays = document.get("plays")
    if not isinstance(raw_plays, list):
        raise BadInput("a history export needs a list of plays", str(source))
    plays = [_checked(Play.from_dict(raw, f"{source}: play {i + 1}"), f"{source}: play {i + 1}") for i, raw in enumerate(raw_plays)]
    listed = document.get("players") or []
    if not isinstance(listed, list):
        raise BadInput("the players of a history export are a list", str(source))
    players = []
    for i, entry in enumerate(listed):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and isinstance(entry.get("aliases", []), list) and all(isinstance(a, str) for a in entry.get("aliases", []))):
            raise BadInput(f"player {i + 1} needs a name and a list of aliases", str(source))
        for name in [entry["name"], *entry.get("aliases", [])]:
            check_name(name, f"{source}: player {i + 1}")
        players.append(entry)
    return plays, players


def _checked(play: Play, where: str) -> Play:
    """An exported play that may enter this history: of an installed game, with names a history keeps."""
    from bgkit.plugins.registry import get_registry

    games = get_registry().games
    if play.game not in games:
        from bgkit.model.errors import suggest

        raise BadInput(f"the game {play.game!r} is not installed{suggest(play.game, games)} (games: {', '.join(sorted(games))})", where)
    for index, seat in enumerate(play.seats):
        check_name(seat.name, f"{where}: player {index + 1}")
        check_name(seat.player or seat.name, f"{where}: player {index + 1}")
    return play


def _sheet_play(path: Path, day: str | None, location: str | None) -> tuple[Play, tuple[str, str]]:
    """A sheet file as a play: validated and scored by its game, dated by --date, its name or its file."""
    from bgkit.history.records import play_from_score
    from bgkit.plugins.registry import get_registry
    from bgkit.model.sheets import dump_sheet, parse_sheet
    from bgkit.model.tomllines import parse_toml

    from bgkit.model.savefile import read_text
    from bgkit.model.sheets import SHEET_BYTES

    text = read_text(path, "sheet", SHEET_BYTES)
    game_id = parse_toml(text, str(path)).get("game")
    if not isinstance(game_id, str):
        raise BadInput(f'{path}: the sheet does not say its game (game = "...")')
    registry = get_registry()
    game = registry.load_game(game_id)
    sheet = parse_sheet(game, text, str(path))
    result = runtime_for(game).score(sheet)
    found = re.search(r"\d{4}-\d{2}-\d{2}", path.name)
    if day is not None:
        when, why = day, "--date"
    elif found:
        when, why = parse_date(found.group(), f"{path}: the date in the file name"), "file name"
    else:
        when, why = date.fromtimestamp(path.stat().st_mtime).isoformat(), "file date"
    uid = "sheet:" + hashlib.sha256(f"{game.info.id}\n{when}\n{dump_sheet(sheet)}".encode()).hexdigest()[:32]
    play = play_from_score(game, sheet, result, when, location=location, source="import", uid=uid)
    for seat in play.seats:
        check_name(seat.name, str(path))
    return play, (path.name, f"{game.info.name}, {when}" + ("" if why == "--date" else f" (date from the {why})"))
