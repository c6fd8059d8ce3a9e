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
from typing import TYPE_CHECKING, Any, Callable, cast


from bgkit.model.errors import BadInput, SheetError, suggest
from bgkit.model.records import record
from bgkit.model.savefile import read_text
from bgkit.model.tomllines import TomlLines, parse_toml

if TYPE_CHECKING:  # pragma: no cover
    from bgkit.model.game import Game

_TYPE_NAMES = {int: "a whole number", bool: "true or false", str: "text", list: "a list of whole numbers"}
#: A field's value, of one of those kinds.
FieldValue = bool | int | str | list[int]

#: A number field without a maximum of its own is still refused above this (no game counts that high;
#: a plugin should give the bound its game can reach), and so is a list longer than ``MAX_ITEMS``.
CEILING = 1_000_000
MAX_ITEMS = 1_000


@record
class Field:
    """One field of a score sheet.

    ``kind`` is ``int``, ``bool``, ``str`` or ``list`` (a list of whole numbers, e.g. the printed
    points of each card a player has). ``minimum``/``maximum`` bound an int (or each list item):
    give the highest value the game can reach (without one, :data:`CEILING` still applies);
    ``choices`` restrict a str; ``default`` None means the field is required.

    For the prompt (``bgkit score GAME`` at a terminal):

    * ``group`` names a run of consecutive related fields ("sold goods"); when two or more optional
      fields of a group are to be asked, one question lets a person skip them all;
    * ``asked_if`` (optional fields only) says whether the field applies, given the values entered so
      far (the sheet-wide fields and this player's earlier fields, by name): a field that does not
      apply is not asked and takes its default. Burgundy asks for sold goods only when a knowledge
      tile that scores them was entered. A sheet file may still give the field; it is checked as usual.
    """

    name: str
    help: str
    kind: type = int
    minimum: int | None = 0
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    default: FieldValue | None = None
    max_items: int | None = None
    group: str | None = None
    asked_if: Callable[[dict[str, Any]], bool] | None = None

    def __post_init__(self) -> None:
        if self.asked_if is not None and self.default is None:
            raise ValueError(f"Field {self.name!r}: asked_if needs a default (a field that is not asked takes it)")

    @property
    def required(self) -> bool:
        return self.default is None

    def check(self, value: object) -> FieldValue:
        """Return ``value`` if it fits this field; raise SheetError saying why not."""
        if self.kind is int or self.kind is list:
            if self.kind is list and not isinstance(value, list):
                raise SheetError(f"{self.name} must be {_TYPE_NAMES[list]}, not {_show(value)}", self.name)
            items: list[object] = value if isinstance(value, list) and self.kind is list else [value]
            most = MAX_ITEMS if self.max_items is None else self.max_items
            if self.kind is list and len(items) > most:
                raise SheetError(f"{self.name} lists {len(items)} items, but there can be at most {most}", self.name)
            high = CEILING if self.maximum is None else self.maximum
            for item in items:
                if isinstance(item, bool) or not isinstance(item, int):
                    raise SheetError(f"{self.name} must be {_TYPE_NAMES[int]}, not {_show(item)}", self.name)
                if self.minimum is not None and item < self.minimum:
                    raise SheetError(f"{self.name} is {_show(item)}, but cannot be below {self.minimum}", self.name)
                if item > high:
                    why = "" if self.maximum is not None else " (no game counts that high)"
                    raise SheetError(f"{self.name} is {_show(item)}, but cannot be above {high}{why}", self.name)
            return cast("FieldValue", value)  # a whole number, or a list of them: checked above
        if not isinstance(value, self.kind):
            raise SheetError(f"{self.name} must be {_TYPE_NAMES[self.kind]}, not {_show(value)}", self.name)
        if self.choices is not None and value not in self.choices:
            raise SheetError(f"{self.name} is {_show(value)}; choose one of {', '.join(self.choices)}"
                             f"{suggest(value, self.choices)}", self.name)
        return cast("FieldValue", value)  # a bool or a str: checked above

    def parse_text(self, text: str) -> FieldValue:
        """Turn what a person typed at the prompt into a value of this field."""
        text = text.strip()
        if text == "" and self.default is not None:  # an optional field left empty
            return self.default
        try:
            if self.kind is int:
                value: FieldValue = int(text)
            elif self.kind is bool:
                if text.lower() not in ("y", "yes", "true", "n", "no", "false"):
                    raise ValueError
                value = text.lower() in ("y", "yes", "true")
            elif self.kind is list:
                value = [int(part) for part in re.split(r"[\s,]+", text.strip("[]")) if part]  # 3 9, 3,9 or [3, 9]
            else:
                value = text
        except ValueError:
            raise SheetError(f"{self.name} must be {_TYPE_NAMES[self.kind]}, not {_show(text)}", self.name) from None
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
    """A value as a message shows it: short (a 400-digit number or a long text is cut)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10**15:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


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

    def to_toml_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, **self.fields}
        data["player"] = [{"name": name, **values} for name, values in zip(self.names, self.players)]
        return data


def parse_sheet(game: "Game", text: str, source: str = "<sheet>") -> Sheet:
    """Parse and validate a sheet's TOML text for ``game``; every error names field, player and line.

    An untouched template (``bgkit score GAME --template``) that the game's rules refuse says
    which fields to fill in first.
    """
    data = parse_toml(text, source)
    lines = TomlLines(text)
    try:
        return sheet_from_data(game, data, source)
    except SheetError as exc:
        path = ("player", exc.player, exc.field) if exc.player is not None else (exc.field,)
        line = lines.line_of(*(p for p in path if p is not None))
        exc.where = f"{source}:{line}" if line else source
        fill_in = _untouched_template(game, data)
        if fill_in:
            exc.message = f"this is the template as written: fill in {fill_in} first (as it stands: {exc.message})"
        exc.args = (f"{exc.where}: {exc.message}",)
        raise


def sheet_from_data(game: "Game", data: dict[str, Any], source: str | None = None) -> Sheet:
    """Validate a sheet given as a dict (from TOML, or exported by the engine from a final state)."""
    data = dict(data)
    game_id = data.pop("game", game.info.id)
    if not isinstance(game_id, str):
        raise SheetError(f"game must be the game's id as text (game = {game.info.id!r}), not {_show(game_id)}", "game")
    if game_id != game.info.id:
        raise SheetError(f"this sheet is for {_show(game_id)}, not {game.info.id!r}", "game")
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
            raise SheetError(f"two players are called {_show(name)}", "name", index)
        names.append(name)
        players.append(_check_fields(game.sheet_fields(players_count), raw, index))
    sheet = Sheet(game=game.info.id, names=names, players=players, fields=sheet_fields, source=source)
    game.check_sheet(sheet)
    return sheet


def _check_fields(fields: list[Field], raw: dict[str, Any], player: int | None) -> dict[str, Any]:
    known = {f.name: f for f in fields}
    who = "the sheet" if player is None else f"player {player + 1}"
    for key in raw:
        if key not in known:
            listed = [*known] if player is not None else ["game", "[[player]]", *known]  # a sheet's own keys too
            hint = suggest(key, known) or f" (known: {', '.join(listed) or 'none'})"
            raise SheetError(f"unknown field {_show(key)} for {who}{hint}", key, player)
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


#: A score sheet is a few kilobytes; anything much larger is not one (``bgkit score GAME /dev/zero``).
SHEET_BYTES = 1_000_000


def read_sheet(game: "Game", path: str) -> Sheet:
    """Read a sheet from a file, or from standard input for ``-`` (at most :data:`SHEET_BYTES`)."""
    import sys

    if path == "-":
        text = sys.stdin.read(SHEET_BYTES + 1)
        if len(text) > SHEET_BYTES:
            raise BadInput(f"the sheet on standard input is larger than {SHEET_BYTES:,} characters: not a score sheet")
        return parse_sheet(game, text, "<stdin>")
    return parse_sheet(game, read_text(path, "sheet", SHEET_BYTES), path)


# -- templates --------------------------------------------------------------------------------------


def _placeholder(f: Field) -> Any:
    """The value a template writes for ``f``: its default, or the lowest value a required field takes."""
    if f.default is not None:
        return f.default
    return {int: f.minimum or 0, bool: False, str: (f.choices or ("",))[0], list: []}[f.kind]


def template_data(game: "Game", players: int) -> dict[str, Any]:
    """The values an empty sheet (:func:`template`) holds, as :func:`sheet_from_data` takes them."""
    data: dict[str, Any] = {"game": game.info.id}
    data.update({f.name: _placeholder(f) for f in game.sheet_game_fields(players)})
    data["player"] = [
        {"name": f"Player {index + 1}", **{f.name: _placeholder(f) for f in game.sheet_fields(players)}}
        for index in range(players)
    ]
    return data


def template(game: "Game", players: int) -> str:
    """An empty sheet for ``players`` with every field explained in a comment."""
    game.info.check_players(players)
    data = template_data(game, players)
    out = [
        f"# bgkit score sheet: {game.info.name}, {players} players",
        f"# Fill in what is on the table at the end, then run: bgkit score {game.info.id} THIS_FILE",
        "# One [[player]] table per player, in seat order.",
        f'game = "{game.info.id}"',
    ]
    for f in game.sheet_game_fields(players):
        out += ["", f"# {f.describe()}", _toml_line(f.name, data[f.name])]
    for values in data["player"]:
        out += ["", "[[player]]", _toml_line("name", values["name"])]
        for f in game.sheet_fields(players):
            out += [f"# {f.describe()}", _toml_line(f.name, values[f.name])]
    return "\n".join(out) + "\n"


def _toml_line(name: str, value: Any) -> str:
    import tomli_w  # only where a sheet is written: bgkit score reads one without it

    return tomli_w.dumps({name: value}).strip()


def _untouched_template(game: "Game", data: dict[str, Any]) -> str:
    """If ``data`` is exactly what ``--template`` writes, the fields to fill in ("a, and b for each
    player"); else ``""``."""
    players = data.get("player")
    if not isinstance(players, list) or not game.info.min_players <= len(players) <= game.info.max_players:
        return ""
    try:
        if data != template_data(game, len(players)):
            return ""
        table = [f.name for f in game.sheet_game_fields(len(players)) if f.required]
        each = [f.name for f in game.sheet_fields(len(players)) if f.required]
    except BadInput:
        return ""
    parts = ([_words(table)] if table else []) + ([f"{_words(each)} for each player"] if each else [])
    return ", and ".join(parts) or "the values on the table"


def _words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def dump_sheet(sheet: Sheet) -> str:
    """A validated sheet as TOML text."""
    import tomli_w

    return f"# bgkit score sheet: {sheet.game}\n" + tomli_w.dumps(sheet.to_toml_dict())


# -- the prompt -------------------------------------------------------------------------------------


def ask_sheet(game: "Game", players: int | None, ask: Callable[[str], str], say: Callable[[str], None]) -> Sheet:
    """Fill in a sheet field by field with ``ask``; ``say`` tells the person what is wrong.

    Every answer is checked at once and asked again until it is valid: the number of players (when
    ``players`` is None), each name (no two alike), each field, and the game's rules across fields
    as soon as they can be checked (``check_partial_sheet`` of the game's ``Scoring``). Fields
    that do not apply (:attr:`Field.asked_if`) are not asked; the optional fields of a group can be
    skipped with one answer. The rules that need the whole sheet are checked at the end, and the
    field they name is asked again. ``ask`` may raise KeyboardInterrupt or EOFError to stop.
    """
    return _Prompt(game, ask, say).run(players)


def _yes(text: str, default: bool) -> bool | None:
    """y/yes or n/no (Enter: ``default``); None for anything else."""
    text = text.strip().lower()
    if not text:
        return default
    return True if text in ("y", "yes") else False if text in ("n", "no") else None


class _Prompt:
    def __init__(self, game: "Game", ask: Callable[[str], str], say: Callable[[str], None]):
        self.game, self.ask, self.say = game, ask, say

    def run(self, players: int | None) -> Sheet:
        if players is None:
            players = self.ask_players()
        self.game.info.check_players(players)
        self.count = players
        self.table_fields = self.game.sheet_game_fields(players)
        self.player_fields = self.game.sheet_fields(players)
        self.table: dict[str, Any] = {}
        self.names: list[str] = []
        self.players: list[dict[str, Any]] = []
        self.reached: set[tuple[int | None, str]] = set()  # fields whose value is in (asked or defaulted)
        self.fill(None, self.table_fields, self.table)
        for index in range(players):
            self.names.append(self.ask_name(index))
            self.players.append({})
            self.fill(index, self.player_fields, self.players[index])
        return self.finish()

    # -- questions ------------------------------------------------------------------------------
    def ask_players(self) -> int:
        info = self.game.info
        while True:
            text = self.ask(f"Number of players ({info.players_text})").strip()
            try:
                players = int(text)
                info.check_players(players)
                return players
            except ValueError:
                self.say(f"  the number of players must be a whole number, not {_show(text)}; try again")
            except BadInput as exc:
                self.say(f"  {exc.message}; try again")

    def ask_name(self, index: int) -> str:
        while True:
            name = self.ask(f"name of player {index + 1} in seat order").strip() or f"Player {index + 1}"
            if name not in self.names:
                return name
            self.say(f"  two players are called {_show(name)}; give player {index + 1} another name")

    def ask_field(self, f: Field, who: str) -> Any:
        while True:
            answer = self.ask(f"{who} · {f.name} ({f.describe()})")
            try:
                return f.parse_text(answer)
            except SheetError as exc:
                self.say(f"  {exc.message}; try again")

    def who(self, player: int | None) -> str:
        return "table" if player is None else self.names[player]

    # -- filling in -----------------------------------------------------------------------------
    def applies(self, f: Field, values: dict[str, Any]) -> bool:
        return f.asked_if is None or bool(f.asked_if({**self.table, **values}))

    def fill(self, player: int | None, fields: list[Field], values: dict[str, Any]) -> None:
        i = 0
        while i < len(fields):
            run = [fields[i]]
            if fields[i].group is not None:
                while i + len(run) < len(fields) and fields[i + len(run)].group == fields[i].group:
                    run.append(fields[i + len(run)])
            skip = len(run) > 1 and not self.wanted(player, run, values)
            for f in run:
                if skip and not f.required:
                    self.reached.add((player, f.name))
                    values[f.name] = f.default
                else:
                    self.one(player, f, values)
            i += len(run)

    def wanted(self, player: int | None, run: list[Field], values: dict[str, Any]) -> bool:
        """Whether to ask the optional fields of a group one by one (one question, Enter for the usual)."""
        optional = [f for f in run if not f.required and self.applies(f, values)]
        if len(optional) < 2:
            return True
        needed = any(f.asked_if is not None for f in optional)  # asked because something entered needs them
        shown = ", ".join(f.name for f in optional) if len(optional) <= 4 else f"{optional[0].name} … {optional[-1].name}"
        defaults = {_show(f.default) for f in optional}
        usual = f"default {defaults.pop()}" if len(defaults) == 1 else "each has its default"
        hint = "Enter asks each, n skips them all" if needed else "Enter skips them all, y asks each"
        while True:
            answer = _yes(self.ask(f"{self.who(player)} · {run[0].group}: {shown} ({usual}) — {hint}"), needed)
            if answer is not None:
                return answer
            self.say("  answer y or n")

    def one(self, player: int | None, f: Field, values: dict[str, Any]) -> None:
        self.reached.add((player, f.name))
        if not self.applies(f, values):
            values[f.name] = f.default
            return
        values[f.name] = self.ask_field(f, self.who(player))
        self.check_now()

    def check_now(self) -> None:
        """The game's rules that hold for a sheet still being filled in; ask again what breaks one."""
        while True:
            try:
                self.game.check_partial_sheet(self.partial())
                return
            except SheetError as exc:
                if (exc.player, exc.field) not in self.reached:
                    return  # it names a field not entered yet: it can be checked only then
                self.say(f"  {exc.message}")
                self.again(exc)

    def again(self, exc: SheetError) -> None:
        fields = self.player_fields if exc.player is not None else self.table_fields
        known = {f.name: f for f in fields}
        name = exc.field
        if name is None or name not in known:
            raise exc
        target = self.table if exc.player is None else self.players[exc.player]
        target[name] = self.ask_field(known[name], self.who(exc.player))

    def partial(self) -> Sheet:
        """The sheet so far: what is not entered yet holds its default (a required field its lowest value)."""
        table = {f.name: self.table.get(f.name, _placeholder(f)) for f in self.table_fields}
        players = []
        for index in range(self.count):
            entered = self.players[index] if index < len(self.players) else {}
            players.append({f.name: entered.get(f.name, _placeholder(f)) for f in self.player_fields})
        names = self.names + [f"Player {index + 1}" for index in range(len(self.names), self.count)]
        return Sheet(game=self.game.info.id, names=names, players=players, fields=table, source="<prompt>")

    def finish(self) -> Sheet:
        data = {"game": self.game.info.id, **self.table,
                "player": [{"name": name, **values} for name, values in zip(self.names, self.players)]}
        while True:  # a rule that needs the whole sheet: ask again for the field it names
            try:
                return sheet_from_data(self.game, data, "<prompt>")
            except SheetError as exc:
                self.say(f"  {exc.message}")
                self.again(exc)
                data = {"game": self.game.info.id, **self.table,
                        "player": [{"name": name, **values} for name, values in zip(self.names, self.players)]}


def offer_to_save(sheet: Sheet, ask: Callable[[str], str], say: Callable[[str], None], default: str) -> Path | None:
    """Ask whether to save a typed sheet and where; ask again for a path that cannot be written, and
    before replacing a file. If the person stops (Ctrl-C, end of input) the sheet is kept in a new
    file whose name is said, then the interruption goes on."""
    from bgkit.model.savefile import WriteFailed, write_atomic

    text = dump_sheet(sheet)
    try:
        while (answer := _yes(ask("Save this sheet? [Y/n]"), True)) is None:
            say("  answer y or n")
        if not answer:
            return None
        while True:
            path = Path(ask(f"File name [{default}]").strip() or default)
            try:
                if not _may_write(path, ask, say):
                    continue
                write_atomic(path, text)
            except (OSError, WriteFailed) as exc:  # a name too long, a folder not there: ask again
                reason = exc.reason if isinstance(exc, WriteFailed) else exc.strerror or exc
                say(f"  cannot save {path}: {reason}; give another name")
                continue
            say(f"Saved {path}")
            return path
    except (KeyboardInterrupt, EOFError):
        say(f"The sheet is kept in {_keep(text)}")
        raise


def _may_write(path: Path, ask: Callable[[str], str], say: Callable[[str], None]) -> bool | None:
    """Whether the sheet may go to ``path``: not a folder, nor a device; an existing file only when
    the person says to replace it (None: an answer that is neither yes nor no, so not replaced)."""
    if path.is_dir():
        say(f"  {path} is a directory; give a file name")
        return False
    if path.exists() or path.is_symlink():
        if not path.is_file():
            say(f"  {path} is not a regular file; give another name")
            return False
        return _yes(ask(f"{path} exists. Replace it? [y/N]"), False)
    return True


def _keep(text: str) -> str:
    """Write ``text`` to a new file in the current directory (else the temporary one); its name."""
    import tempfile

    for folder in (".", None):
        try:
            fd, name = tempfile.mkstemp(prefix="bgkit-sheet-", suffix=".toml", dir=folder)
        except OSError:
            continue
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        return name
    raise OSError("no folder to keep the sheet in")


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
