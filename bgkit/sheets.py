"""Score sheets: TOML files a person fills in at the table (read with tomllib, written with tomli-w).

A sheet looks like this::

    game = "burgundy"
    # sheet-wide fields of the game, if any, here

    [[player]]
    name = "Ada"
    track_points = 143
    ...

    [[player]]
    name = "Bo"
    ...

Players are listed in seat order (a game for which turn order matters asks for it in a field). A game describes
its fields with :class:`Field`; :func:`read_sheet` validates a file against them and every error
names the field, the player and the file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import tomli_w

from bgkit.errors import BadInput, SheetError
from bgkit.tomllines import TomlLines, parse_toml

if TYPE_CHECKING:  # pragma: no cover
    from bgkit.game import Game

_TYPE_NAMES = {int: "a whole number", bool: "true or false", str: "text", list: "a list of whole numbers"}


@dataclass(frozen=True)
class Field:
    """One field of a score sheet.

    ``kind`` is ``int``, ``bool``, ``str`` or ``list`` (a list of whole numbers, e.g. the printed
    points of each card a player has). ``minimum``/``maximum`` bound an int (or each list item);
    ``choices`` restrict a str; ``default`` None means the field is required.
    """

    name: str
    help: str
    kind: type = int
    minimum: int | None = 0
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    default: Any = None
    max_items: int | None = None

    @property
    def required(self) -> bool:
        return self.default is None

    def check(self, value: Any) -> Any:
        """Return ``value`` if it fits this field; raise SheetError saying why not."""
        if self.kind is int or self.kind is list:
            items = value if self.kind is list else [value]
            if self.kind is list and not isinstance(value, list):
                raise SheetError(f"{self.name} must be {_TYPE_NAMES[list]}, not {_show(value)}", self.name)
            for item in items:
                if isinstance(item, bool) or not isinstance(item, int):
                    raise SheetError(f"{self.name} must be {_TYPE_NAMES[int]}, not {_show(item)}", self.name)
                if self.minimum is not None and item < self.minimum:
                    raise SheetError(f"{self.name} is {item}, but cannot be below {self.minimum}", self.name)
                if self.maximum is not None and item > self.maximum:
                    raise SheetError(f"{self.name} is {item}, but cannot be above {self.maximum}", self.name)
            if self.max_items is not None and self.kind is list and len(value) > self.max_items:
                raise SheetError(
                    f"{self.name} lists {len(value)} items, but there can be at most {self.max_items}", self.name
                )
            return value
        if not isinstance(value, self.kind):
            raise SheetError(f"{self.name} must be {_TYPE_NAMES[self.kind]}, not {_show(value)}", self.name)
        if self.choices is not None and value not in self.choices:
            raise SheetError(f"{self.name} is {value!r}; choose one of {', '.join(self.choices)}", self.name)
        return value

    def parse_text(self, text: str) -> Any:
        """Turn what a person typed at the prompt into a value of this field."""
        text = text.strip()
        if text == "" and not self.required:
            return self.default
        try:
            if self.kind is int:
                value: Any = int(text)
            elif self.kind is bool:
                if text.lower() not in ("y", "yes", "true", "n", "no", "false"):
                    raise ValueError
                value = text.lower() in ("y", "yes", "true")
            elif self.kind is list:
                value = [int(part) for part in re.split(r"[\s,]+", text.strip("[]")) if part]  # 3 9, 3,9 or [3, 9]
            else:
                value = text
        except ValueError:
            raise SheetError(f"{self.name} must be {_TYPE_NAMES[self.kind]}, not {text!r}", self.name) from None
        return self.check(value)

    def describe(self) -> str:
        """The comment above the field in a template."""
        bits = [self.help]
        if self.choices:
            bits.append(f"one of: {', '.join(self.choices)}")
        elif self.kind in (int, list):
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            if low or high:
                bits.append(f"{'each ' if self.kind is list else ''}{low}..{high}")
        bits.append("required" if self.required else f"optional, default {_show(self.default)}")
        return "; ".join(bits)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass
class Sheet:
    """A validated sheet: ``fields`` (sheet-wide) and ``players`` (one dict per player, with names)."""

    game: str
    names: list[str]
    players: list[dict[str, Any]]
    fields: dict[str, Any] = field(default_factory=dict)
    source: str | None = None

    @property
    def num_players(self) -> int:
        return len(self.players)

    def to_toml_dict(self) -> dict:
        data: dict[str, Any] = {"game": self.game, **self.fields}
        data["player"] = [{"name": name, **values} for name, values in zip(self.names, self.players)]
        return data


def parse_sheet(game: "Game", text: str, source: str = "<sheet>") -> Sheet:
    """Parse and validate a sheet's TOML text for ``game``; every error names field, player and line."""
    data = parse_toml(text, source)
    lines = TomlLines(text)
    try:
        return sheet_from_data(game, data, source)
    except SheetError as exc:
        path = ("player", exc.player, exc.field) if exc.player is not None else (exc.field,)
        line = lines.line_of(*(p for p in path if p is not None))
        exc.where = f"{source}:{line}" if line else source
        exc.args = (f"{exc.where}: {exc.message}",)
        raise


def sheet_from_data(game: "Game", data: dict, source: str | None = None) -> Sheet:
    """Validate a sheet given as a dict (from TOML, or exported by the engine from a final state)."""
    data = dict(data)
    game_id = data.pop("game", game.info.id)
    if game_id != game.info.id:
        raise SheetError(f"this sheet is for {game_id!r}, not {game.info.id!r}", "game")
    players_data = data.pop("player", None)
    if not isinstance(players_data, list) or not players_data or not all(isinstance(p, dict) for p in players_data):
        raise SheetError("the sheet has no [[player]] tables (one per player, in seat order)", None)
    players_count = len(players_data)
    try:
        game.info.check_players(players_count)
    except BadInput as exc:
        tables = "table" if players_count == 1 else "tables"
        raise SheetError(f"the sheet has {players_count} [[player]] {tables}: {exc.message}", None) from None

    sheet_fields = _check_fields(game.sheet_game_fields(players_count), data, None)
    names: list[str] = []
    players: list[dict[str, Any]] = []
    for index, raw in enumerate(players_data):
        raw = dict(raw)
        name = raw.pop("name", f"Player {index + 1}")
        if not isinstance(name, str) or not name.strip():
            raise SheetError("name must be non-empty text", "name", index)
        if name in names:
            raise SheetError(f"two players are called {name!r}", "name", index)
        names.append(name)
        players.append(_check_fields(game.sheet_fields(players_count), raw, index))
    sheet = Sheet(game=game.info.id, names=names, players=players, fields=sheet_fields, source=source)
    game.check_sheet(sheet)
    return sheet


def _check_fields(fields: list[Field], raw: dict, player: int | None) -> dict[str, Any]:
    known = {f.name: f for f in fields}
    who = "the sheet" if player is None else f"player {player + 1}"
    for key in raw:
        if key not in known:
            hint = ", ".join(known) or "none"
            raise SheetError(f"unknown field {key!r} for {who} (known: {hint})", key, player)
    values: dict[str, Any] = {}
    for f in fields:
        if f.name not in raw:
            if f.required:
                raise SheetError(f"missing field {f.name!r} for {who} ({f.help})", f.name, player)
            values[f.name] = f.default
            continue
        try:
            values[f.name] = f.check(raw[f.name])
        except SheetError as exc:
            exc.player = player
            exc.message = f"{exc.message} ({who})"
            exc.args = (exc.message,)
            raise
    return values


def read_sheet(game: "Game", path: str) -> Sheet:
    """Read a sheet from a file, or from standard input for ``-``."""
    import sys

    if path == "-":
        return parse_sheet(game, sys.stdin.read(), "<stdin>")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"no such sheet: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read sheet {path}: {exc}") from None
    return parse_sheet(game, text, path)


def template(game: "Game", players: int) -> str:
    """An empty sheet for ``players`` with every field explained in a comment."""
    game.info.check_players(players)
    out = [
        f"# bgkit score sheet: {game.info.name}, {players} players",
        f"# Fill in what is on the table at the end, then run: bgkit score {game.info.id} THIS_FILE",
        "# One [[player]] table per player, in seat order.",
        f'game = "{game.info.id}"',
    ]
    for f in game.sheet_game_fields(players):
        out += ["", f"# {f.describe()}", _toml_line(f)]
    for index in range(players):
        out += ["", "[[player]]", f'name = "Player {index + 1}"']
        for f in game.sheet_fields(players):
            out += [f"# {f.describe()}", _toml_line(f)]
    return "\n".join(out) + "\n"


def _toml_line(f: Field) -> str:
    value = f.default
    if value is None:
        value = {int: f.minimum or 0, bool: False, str: (f.choices or ("",))[0], list: []}[f.kind]
    return tomli_w.dumps({f.name: value}).strip()


def dump_sheet(sheet: Sheet) -> str:
    """A validated sheet as TOML text."""
    return f"# bgkit score sheet: {sheet.game}\n" + tomli_w.dumps(sheet.to_toml_dict())


def ask_sheet(game: "Game", players: int, ask: Callable[[str], str], say: Callable[[str], None]) -> Sheet:
    """Fill in a sheet field by field with ``ask`` (asks again until each answer is valid)."""
    game.info.check_players(players)

    def ask_field(f: Field, who: str) -> Any:
        while True:
            answer = ask(f"{who} · {f.name} ({f.describe()})")
            try:
                return f.parse_text(answer)
            except SheetError as exc:
                say(f"  {exc.message}; try again")

    data: dict[str, Any] = {"game": game.info.id}
    for f in game.sheet_game_fields(players):
        data[f.name] = ask_field(f, "table")
    data["player"] = []
    for index in range(players):
        name = ask(f"name of player {index + 1} in seat order").strip() or f"Player {index + 1}"
        values: dict[str, Any] = {"name": name}
        for f in game.sheet_fields(players):
            values[f.name] = ask_field(f, name)
        data["player"].append(values)
    while True:  # a field valid alone may be impossible with the others: ask for it again
        try:
            return sheet_from_data(game, data, "<prompt>")
        except SheetError as exc:
            say(f"  {exc.message}")
            fields = game.sheet_fields(players) if exc.player is not None else game.sheet_game_fields(players)
            target = data["player"][exc.player] if exc.player is not None else data
            known = {f.name: f for f in fields}
            if exc.field not in known:
                raise
            who = "table" if exc.player is None else data["player"][exc.player]["name"]
            target[exc.field] = ask_field(known[exc.field], who)


# -- checks across players (one wording for every game) ---------------------------------------------


def check_one_of_each(sheet: Sheet, field: str, what: str) -> None:
    """Each value of the list field ``field`` is held by one player, once: the box has one of each.

    ``what`` names a value for a person: ``"knowledge tile"`` gives "knowledge tile 12 is listed
    for both Ada and Bo (there is one of each)".
    """
    owner: dict[Any, int] = {}
    for index, values in enumerate(sheet.players):
        for value in values[field]:
            if value in owner:
                first = owner[value]
                who = f"twice for {sheet.names[index]}" if first == index else f"for both {sheet.names[first]} and {sheet.names[index]}"
                raise SheetError(f"{what} {value} is listed {who} (there is one of each)", field, index)
            owner[value] = index


def check_in_all(sheet: Sheet, held: list[int], limit: int, what: str, field: str, why: str = "") -> None:
    """The players hold at most ``limit`` of something in all (``held[p]`` each).

    ``what`` names the things ("goods of type 3"); ``why`` may say where the limit comes from.
    The error points at the player who holds the most.
    """
    total = sum(held)
    if total > limit:
        most = max(range(len(held)), key=lambda p: held[p])
        because = f" ({why})" if why else ""
        raise SheetError(f"the players hold {total} {what} in all, but there are only {limit}{because}", field, most)
