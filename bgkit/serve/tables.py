"""A table being filled in at ``bgkit serve``: the values as typed, checked as the terminal prompt checks them.

A table's state is plain JSON kept in the history database as a draft (so a restart loses nothing)::

    {"game": "burgundy", "names": ["Ada", "Bo"], "table": {"ruleset": "2011"},
     "seats": [{"track_points": "67", ...}, {...}], "date": "", "location": "", "note": "",
     "edit_of": null}

Values are kept as the person typed them, right or wrong: a refused value stays on the page with
its message beside it. :func:`check` reads the state with the game's :class:`~bgkit.model.sheets.Field`
definitions -- the same ``parse_text``, the same ``asked_if``, the same ``check_partial_sheet`` and
``check_sheet`` as ``bgkit score`` at a terminal, so the messages are the prompt's own.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bgkit.model.errors import BadInput, SheetError
from bgkit.model.sheets import MAX_ITEMS, Field, Sheet, _placeholder, _show, sheet_from_data

if TYPE_CHECKING:
    from bgkit.model.game import Game

#: What one typed value may hold (a list of a thousand numbers fits); names and notes are shorter.
MAX_VALUE = 8_000
MAX_NAME = 60
MAX_NOTE = 500
#: Characters no name may hold: a terminal acts on them (ESC, BEL, NUL, C1 controls) or they turn
#: the text around them backwards (bidirectional embeddings, overrides and isolates).
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

Key = tuple[int | None, str]  # (seat index or None for a table-wide field, field name)


def new_state(game: Game, names: list[str]) -> dict[str, Any]:
    """An empty table for ``names`` (in seat order); the player count is checked by the game."""
    game.info.check_players(len(names))
    return {
        "game": game.info.id,
        "names": list(names),
        "table": {},
        "seats": [{} for _ in names],
        "date": "",
        "location": "",
        "note": "",
        "edit_of": None,
    }


def state_from_sheet(sheet: Sheet, game: Game) -> dict[str, Any]:
    """A table holding a validated sheet's values, as a person would type them (to correct a play)."""
    state = new_state(game, sheet.names)
    state["table"] = {f.name: as_text(f, sheet.fields[f.name]) for f in game.sheet_game_fields(sheet.num_players)}
    for index, values in enumerate(sheet.players):
        state["seats"][index] = {f.name: as_text(f, values[f.name]) for f in game.sheet_fields(sheet.num_players)}
    return state


def as_text(f: Field, value: Any) -> str:
    """A value as the person would type it, so that ``f.parse_text`` reads it back."""
    if f.kind is bool:
        return "yes" if value else "no"
    if f.kind is list:
        return " ".join(str(v) for v in value)
    return str(value)


def table_fields(game: Game, state: dict[str, Any]) -> list[Field]:
    return game.sheet_game_fields(len(state["names"]))


def seat_fields(game: Game, state: dict[str, Any]) -> list[Field]:
    return game.sheet_fields(len(state["names"]))


def field_named(game: Game, state: dict[str, Any], seat: int | None, name: str) -> Field:
    """The field a form names; BadInput for one the game does not have (a stale or forged form)."""
    fields = table_fields(game, state) if seat is None else seat_fields(game, state)
    for f in fields:
        if f.name == name:
            return f
    where = "the table" if seat is None else "a player"
    raise BadInput(f"{game.info.name} has no field {name!r} for {where}")


def set_value(state: dict[str, Any], seat: int | None, name: str, text: str) -> None:
    """Keep what was typed for one field (checked later, kept even if wrong)."""
    if len(text) > MAX_VALUE:
        raise BadInput(f"{name}: {len(text):,} characters is more than a field holds ({MAX_VALUE:,})")
    target = state["table"] if seat is None else state["seats"][seat]
    target[name] = text


def set_name(state: dict[str, Any], seat: int, text: str) -> None:
    if len(text) > MAX_NAME:
        raise BadInput(f"a name is at most {MAX_NAME} characters")
    state["names"][seat] = text


def set_details(state: dict[str, Any], date: str, location: str, note: str) -> None:
    """The record's date, place and note, as typed (the date is checked when it is recorded)."""
    if len(location) > MAX_NOTE or len(note) > MAX_NOTE or len(date) > 40:
        raise BadInput(f"a location or note is at most {MAX_NOTE} characters")
    state.update(date=date, location=location, note=note)


@dataclass
class Checked:
    """What :func:`check` found: values, messages beside fields, what applies, and the sheet if whole."""

    table: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    errors: dict[Key, str] = field(default_factory=dict)
    applies: dict[Key, bool] = field(default_factory=dict)
    missing: list[Key] = field(default_factory=list)
    problem: str | None = None  # a rule across the whole sheet that names no field
    sheet: Sheet | None = None

    @property
    def ready(self) -> bool:
        return self.sheet is not None

    def to_dict(self, names: list[str]) -> dict[str, Any]:
        """For the page's script: messages, what applies and what is still missing, by seat and field."""
        def rows(mapping: dict[Key, Any]) -> list[dict[str, Any]]:
            return [{"seat": seat, "field": name, "value": value} for (seat, name), value in mapping.items()]

        return {
            "errors": rows(self.errors),
            "applies": rows(self.applies),
            "missing": [{"seat": seat, "field": name} for seat, name in self.missing],
            "problem": self.problem,
            "ready": self.ready,
            "names": names,
        }


def check(game: Game, state: dict[str, Any]) -> Checked:
    """Check a table as the prompt does: each value, each name, the rules across fields; the sheet
    when nothing is missing or wrong."""
    out = Checked()
    names = state["names"]
    count = len(names)
    _read(out, None, table_fields(game, state), state["table"], out.table, {})
    for index in range(count):
        out.seats.append({})
        _read(out, index, seat_fields(game, state), state["seats"][index], out.seats[index], out.table)
    for index, name in enumerate(names):
        if not name.strip():
            out.errors[(index, "name")] = "name must be non-empty text"
        elif any(ch in BIDI or unicodedata.category(ch) == "Cc" for ch in name):
            out.errors[(index, "name")] = "a name cannot hold control characters (ESC, NUL, ...) or text-direction overrides"
        elif any(player_key(name) == player_key(other) for other in names[:index]):
            out.errors[(index, "name")] = f"two players are called {_show(name)}; give player {index + 1} another name"
    if not out.errors:
        _partial_rules(game, state, out)
    if not out.errors and not out.missing:
        data = {"game": game.info.id, **out.table,
                "player": [{"name": name.strip(), **values} for name, values in zip(names, out.seats)]}
        try:
            out.sheet = sheet_from_data(game, data, "<table>")
        except SheetError as exc:
            _place(out, exc)
    return out


def player_key(name: str) -> str:
    from bgkit.history.store import player_key as key

    return key(name)


def _read(out: Checked, seat: int | None, fields: list[Field], typed: dict[str, Any], values: dict[str, Any], table: dict[str, Any]) -> None:
    """Each field's value as the prompt reads it: skipped when it does not apply, else parsed."""
    for f in fields:
        text = typed.get(f.name, "")
        key = (seat, f.name)
        applies = f.asked_if is None or bool(f.asked_if({**table, **values}))
        parsed = None
        if text.strip():
            try:
                parsed = f.parse_text(text)
            except SheetError as exc:
                out.errors[key] = exc.message
        if not applies and (parsed is None or parsed == f.default) and key not in out.errors:
            out.applies[key] = False  # not asked: it takes its default (a value typed before still shows)
            values[f.name] = f.default
            continue
        out.applies[key] = True
        if key in out.errors:
            values[f.name] = _placeholder(f)
        elif parsed is not None:
            values[f.name] = parsed
        elif f.required:
            out.missing.append(key)
            values[f.name] = _placeholder(f)
        else:
            values[f.name] = f.default


def _partial_rules(game: Game, state: dict[str, Any], out: Checked) -> None:
    """The game's rules for a sheet still being filled in (``check_partial_sheet``): as at the
    prompt, a rule that names a field not entered yet waits for it."""
    names = [name.strip() or f"Player {i + 1}" for i, name in enumerate(state["names"])]
    partial = Sheet(game=game.info.id, names=names, players=[dict(v) for v in out.seats], fields=dict(out.table),
                    source="<table>")
    try:
        game.check_partial_sheet(partial)
    except SheetError as exc:
        if (exc.player, exc.field) in out.missing:
            return
        _place(out, exc)


def _place(out: Checked, exc: SheetError) -> None:
    """A rule's message beside the field it names (its player's, or the table's), else above the sheet."""
    field_name = exc.field  # a rule that names no field (None) is never one of the keys
    if field_name is not None and (out.applies.get((exc.player, field_name)) or (field_name == "name" and exc.player is not None)):
        out.errors[(exc.player, field_name)] = exc.message
    else:
        out.problem = exc.message


def group_runs(fields: list[Field]) -> list[tuple[str | None, list[Field]]]:
    """Consecutive fields of one ``group`` together (a fieldset on the page), the others alone."""
    runs: list[tuple[str | None, list[Field]]] = []
    for f in fields:
        if f.group is not None and runs and runs[-1][0] == f.group:
            runs[-1][1].append(f)
        else:
            runs.append((f.group, [f]))
    return runs


def bounds(f: Field) -> str:
    """The short hint beside a field: its range, choices or list form, and whether it is optional."""
    bits = []
    if f.choices:
        bits.append(" / ".join(f.choices))
    elif f.kind is list:
        low = "" if f.minimum is None else str(f.minimum)
        high = "" if f.maximum is None else str(f.maximum)
        bits.append(f"numbers {low}..{high}, e.g. 3 9" if (low or high) else f"up to {MAX_ITEMS} numbers, e.g. 3 9")
    elif f.kind is int:
        low = "" if f.minimum is None else str(f.minimum)
        high = "" if f.maximum is None else str(f.maximum)
        if low or high:
            bits.append(f"{low}..{high}")
    elif f.kind is bool:
        bits.append("yes / no")
    if not f.required:
        bits.append(f"optional, default {_show(f.default)}")
    return "; ".join(bits)
