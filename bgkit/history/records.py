"""A recorded game as data: :class:`Play` and one :class:`SeatRecord` per player, made from a scored sheet
(:func:`play_from_score`) or read back from an export (:meth:`Play.from_dict`), and how dates are
written.

No SQLite here: :mod:`bgkit.history.store` keeps these records, :mod:`bgkit.history.transfer` moves them.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from bgkit.model.errors import BadInput
from bgkit.history.validate import Checker

if TYPE_CHECKING:
    from bgkit.model.game import Game
    from bgkit.model.ranking import ScoreResult
    from bgkit.model.sheets import Sheet

def parse_date(text: str, what: str = "--date") -> str:
    """A YYYY-MM-DD date as stored; BadInput for anything else, or a day after tomorrow."""
    text = text.strip()
    try:
        day = date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise BadInput(f"{what} takes a date as YYYY-MM-DD, not {text!r}")
    if day > date.today() + timedelta(days=1):
        raise BadInput(f"{what} {text} is in the future")
    return day.isoformat()


def today() -> str:
    return date.today().isoformat()


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# -- the records ----------------------------------------------------------------------------------


@dataclass
class SeatRecord:
    """One player of a recorded game: the sheet's fields and what scoring made of them."""

    seat: int
    name: str  # as written on the sheet
    fields: dict[str, Any]
    scores: dict[str, float]
    total: float
    rank: int
    winner: bool
    tiebreaks: list[float] = field(default_factory=list)  # values in the order of Play.tiebreaks
    spec: str | None = None  # the seat spec of a played game: human:Ada, mcts, ...
    player: str | None = None  # the player's name in the history (after aliases)


@dataclass
class Play:
    """A recorded game: when, what, who, the sheet, and its score as ``bgkit score`` showed it."""

    game: str
    game_name: str
    date: str
    seats: list[SeatRecord]
    categories: list[str]
    decided_by: str
    sheet: str  # the score sheet (TOML), re-validated by ``history edit``
    source: str = "score"  # score, play or import
    options: dict[str, Any] = field(default_factory=dict)
    note: str | None = None
    location: str | None = None
    total_label: str = "total"
    tiebreaks: list[dict[str, Any]] = field(default_factory=list)  # [{"label", "higher_wins"}]
    notes: list[str] = field(default_factory=list)
    data: dict[str, Any] | None = None  # the --data record (path, sha256, text) the game was scored with
    log: dict[str, Any] | None = None  # the game log of a played game
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)
    recorded_at: str = field(default_factory=now)
    id: int | None = None
    version: int = 1
    versions: list[dict[str, Any]] = field(default_factory=list)  # earlier versions, oldest first

    @property
    def winners(self) -> list[SeatRecord]:
        return [s for s in self.seats if s.winner]

    def score_result(self) -> ScoreResult:
        """The ScoreResult as ``bgkit score`` printed it, rebuilt from the stored rows."""
        from bgkit.model.ranking import ScoreResult, TieBreak

        return ScoreResult(
            game=self.game,
            names=[s.name for s in self.seats],
            categories=list(self.categories),
            table=[dict(s.scores) for s in self.seats],
            totals=[s.total for s in self.seats],
            ranks=[s.rank for s in self.seats],
            winners=[i for i, s in enumerate(self.seats) if s.winner],
            decided_by=self.decided_by,
            tiebreaks=[
                TieBreak(tb["label"], [s.tiebreaks[i] for s in self.seats], tb["higher_wins"])
                for i, tb in enumerate(self.tiebreaks)
            ],
            notes=list(self.notes),
            total_label=self.total_label,
        )

    def to_dict(self, full: bool = True, with_log: bool = True) -> dict[str, Any]:
        """The record as JSON data: the export format (``full``) or a listing's summary."""
        out: dict[str, Any] = {
            "id": self.id,
            "uid": self.uid,
            "date": self.date,
            "game": self.game,
            "game_name": self.game_name,
            "source": self.source,
            "options": self.options,
            "location": self.location,
            "note": self.note,
            "version": self.version,
            "recorded_at": self.recorded_at,
            "categories": self.categories,
            "total_label": self.total_label,
            "tiebreaks": self.tiebreaks,
            "decided_by": self.decided_by,
            "notes": self.notes,
            "winners": [s.player or s.name for s in self.winners],
            "players": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "player": s.player or s.name,
                    "spec": s.spec,
                    "fields": s.fields,
                    "scores": s.scores,
                    "total": s.total,
                    "rank": s.rank,
                    "winner": s.winner,
                    "tiebreaks": s.tiebreaks,
                }
                for s in self.seats
            ],
        }
        if full:
            out["sheet"] = self.sheet
            out["data"] = self.data
            if with_log:
                out["log"] = self.log
            out["versions"] = self.versions
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "Play":
        """A record of an export file, checked field by field (``where`` names it in errors)."""
        check = Checker(where)
        data = check.table(data, "the record")
        seats = []
        rows = check.items(data, "players", dict)
        for index, raw in enumerate(rows):
            who = Checker(f"{where}: player {index + 1}")
            seats.append(
                SeatRecord(
                    seat=who.whole(raw, "seat", index),
                    name=who.text(raw, "name"),
                    player=who.text(raw, "player", raw.get("name")),
                    spec=who.text(raw, "spec", None, optional=True),
                    fields=who.table(raw.get("fields", {}), "fields"),
                    scores={k: who.number(v, f"scores.{k}") for k, v in who.table(raw.get("scores"), "scores").items()},
                    total=who.number(raw.get("total"), "total"),
                    rank=who.rank(raw, "rank", len(rows)),
                    winner=who.flag(raw, "winner"),
                    tiebreaks=[who.number(v, "tiebreaks") for v in who.items(raw, "tiebreaks", None, [])],
                )
            )
        if not seats:
            raise BadInput("a record without players", where)
        tiebreaks = []
        for raw in check.items(data, "tiebreaks", dict, []):
            tiebreaks.append({"label": check.text(raw, "label"), "higher_wins": check.flag(raw, "higher_wins", True)})
        if any(len(s.tiebreaks) != len(tiebreaks) for s in seats):
            raise BadInput("every player needs one value per tie-break", where)
        return cls(
            uid=check.text(data, "uid"),
            date=parse_date(check.text(data, "date"), f"{where}: date"),
            game=check.text(data, "game"),
            game_name=check.text(data, "game_name", data.get("game")),
            source=check.text(data, "source", "import"),
            options=check.table(data.get("options", {}), "options"),
            location=check.text(data, "location", None, optional=True),
            note=check.text(data, "note", None, optional=True),
            recorded_at=check.text(data, "recorded_at", now()),
            version=check.whole(data, "version", 1),
            categories=[str(c) for c in check.items(data, "categories", str)],
            total_label=check.text(data, "total_label", "total"),
            tiebreaks=tiebreaks,
            decided_by=check.text(data, "decided_by"),
            notes=[str(n) for n in check.items(data, "notes", str, [])],
            sheet=check.text(data, "sheet"),
            data=check.table(data["data"], "data") if data.get("data") is not None else None,
            log=check.table(data["log"], "log") if data.get("log") is not None else None,
            versions=[v for v in check.items(data, "versions", dict, []) if Checker(f"{where}: an old version").whole(v, "version", 0) is not None],
            seats=seats,
        )


def play_from_score(game: Game, sheet: Sheet, result: ScoreResult, day: str, **extra: Any) -> Play:
    """The record of a scored sheet (``extra``: note, location, source, options, log, data, specs)."""
    from bgkit.model.sheets import dump_sheet

    specs = extra.pop("specs", None) or [None] * len(result.names)
    seats = [
        SeatRecord(
            seat=i,
            name=name,
            fields=dict(sheet.players[i]),
            scores=dict(result.table[i]),
            total=result.totals[i],
            rank=result.ranks[i],
            winner=i in result.winners,
            tiebreaks=[tb.values[i] for tb in result.tiebreaks],
            spec=specs[i],
        )
        for i, name in enumerate(result.names)
    ]
    extra.setdefault("options", dict(sheet.fields))
    return Play(
        game=game.info.id,
        game_name=game.info.name,
        date=day,
        seats=seats,
        categories=list(result.categories),
        decided_by=result.decided_by,
        sheet=dump_sheet(sheet),
        total_label=result.total_label,
        tiebreaks=[{"label": tb.label, "higher_wins": tb.higher_wins} for tb in result.tiebreaks],
        notes=list(result.notes),
        **extra,
    )

