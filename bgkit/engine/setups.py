"""Setups: options checked, a seed chosen and echoed, the game's randomiser run through its hook."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, cast

from bgkit.model.errors import BadInput, suggest
from bgkit.model.game import Game
from bgkit.engine.runtime import runtime_for
from bgkit.model.seats import clockwise
from bgkit.model.tomllines import KeyLines

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from bgkit.model.tomllines import KeyPath

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh seed for a run that was given none (printed, so the run can be repeated)."""
    import secrets  # only for a run without --seed: it loads OpenSSL, a few ms of every start

    return secrets.randbelow(10**9)


def parse_options(game: Game, pairs: list[str]) -> dict[str, str]:
    """``["boards=random"]`` -> all of the game's options, with defaults; BadInput on anything else."""
    known = {opt.name: opt for opt in game.options}
    values = {opt.name: opt.default for opt in game.options}
    given: set[str] = set()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise BadInput(f"--option takes NAME=VALUE, not {pair!r}")
        if key in given:  # the later one silently winning hides a typo in the earlier
            raise BadInput(f"option {key} given twice")
        given.add(key)
        if key not in known:
            names = ", ".join(known) or "none"
            raise BadInput(f"{game.info.name} has no option {key!r}{suggest(key, known)} (options: {names})")
        if value not in known[key].choices:
            raise BadInput(f"option {key} is {value!r}; choose one of {', '.join(known[key].choices)}"
                           f"{suggest(value, known[key].choices)}")
        values[key] = value
    return values


def check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise BadInput(f"seed must be between 0 and {MAX_SEED}, not {seed}")
    return seed


def make_setup(game: Game, players: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
    """Run the ``bgkit_setup`` hook for a checked player count."""
    game.info.check_players(players)
    setup = runtime_for(game).setup(players, seed, options)  # through the hook only when a plugin extends it
    if setup is None:
        raise BadInput(f"no plugin produced a setup for {game.info.name}")
    if not isinstance(setup, dict):
        from bgkit.model.errors import PluginError

        raise PluginError(f"plugin {game.info.plugin!r}: the setup of {game.info.name} is a {type(setup).__name__}, not a table")
    return setup


def setup_document(game: Game, players: int, seed: int, options: dict[str, str], setup: dict[str, Any]) -> dict[str, Any]:
    """The setup with everything needed to repeat it: game, players, seed, options."""
    return {"game": game.info.id, "players": players, "seed": seed, "options": options, "setup": setup}


def count_document(game: Game, players: int, options: dict[str, str]) -> dict[str, Any]:
    game.info.check_players(players)
    count = game.count_setups(players, options)
    return {
        "game": game.info.id,
        "players": players,
        "options": options,
        "count": count,
        "log10": round(math.log10(count), 3) if count > 0 else None,
    }


class SetupError(BadInput):
    """A setup field a game cannot start from (a game's ``check_setup`` raises it).

    ``path`` is the field's place under ``setup``, e.g. ``("seats", 0, "goods")``; the setup reader
    puts the file, the line and ``setup.seats.0.goods`` in front of the message, so a message reads
    on from the field's name: ``SetupError("lists 2 goods, but each player starts with 3", ...)``.
    """

    def __init__(self, message: str, *path: str | int, whole: bool = False):
        self.path = path
        self.whole = whole  # no field named: the setup as a whole (the game's own check said so)
        super().__init__(message)


def read_setup(game: Game, path: str | Path, players: int) -> dict[str, Any]:
    """A setup document a person edited to what was laid out at the real table (``play --setup``).

    TOML or JSON, as ``bgkit setup --format toml|json`` writes it. Checked before play, so that a
    setup either plays or is refused here in one line naming the file, the line and the field: the
    game and player count, the options, then ``setup`` against one the game makes itself with
    those options (:func:`check_laid_out`), then the game's own ``check_setup``.
    """
    import json

    from bgkit.model.savefile import read_text
    from bgkit.model.tomllines import TomlLines, parse_toml

    source = str(path)
    text = read_text(path, "setup file")
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadInput(f"not valid JSON: {exc.msg}", f"{source}:{exc.lineno}") from None
        except RecursionError:
            raise BadInput("nested too deep", source) from None
        except ValueError:  # an integer literal longer than Python converts (4,300 digits)
            long = re.search(r"[0-9]{4300,}", text)
            at = f"{source}:{text.count(chr(10), 0, long.start()) + 1}" if long else source
            raise BadInput("not valid here: a number of more than 4,300 digits", at) from None
        lines: KeyLines = JsonLines(text)
    else:
        doc = parse_toml(text, source)
        lines = TomlLines(text)

    def where(*key: str | int) -> str:
        line = lines.line_of(*key)
        return f"{source}:{line}" if line else source

    if not isinstance(doc, dict) or not isinstance(doc.get("setup"), dict):
        raise BadInput("a setup file has a [setup] table (as bgkit setup --format toml writes it)", source)
    if doc.get("game", game.info.id) != game.info.id:
        raise BadInput(f"this setup is for {doc.get('game')!r}, not {game.info.id!r}", where("game"))
    if doc.get("players", players) != players:
        raise BadInput(f"this setup is for {doc.get('players')!r} players, but {players} seats were given", where("players"))
    options = doc.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise BadInput("options must be a table of texts", where("options"))
    try:
        values = parse_options(game, [f"{k}={v}" for k, v in options.items()])
    except BadInput as exc:
        raise BadInput(exc.message, where("options")) from None
    seed = doc.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadInput(f"seed must be a whole number, not {seed!r}", where("seed"))
    try:
        _check_setup(game, doc["setup"], players, values, seed)
    except SetupError as exc:
        field = ("setup", *exc.path)
        raise BadInput(f"{_label(field)}{':' if exc.whole else ''} {exc.message}", where(*field)) from None
    return {"setup": doc["setup"], "options": values, "seed": seed}


def check_logged_setup(game: Game, setup: Any, players: int, options: dict[str, str], seed: object, source: str) -> None:
    """The setup a log or save starts from, checked as a setup file is (:func:`read_setup`) before
    play starts from it: a damaged one is refused naming its field, not failing in the game's code."""
    try:
        values = parse_options(game, [f"{k}={v}" for k, v in options.items()])
    except BadInput as exc:
        raise BadInput(f"the log's options: {exc.message}", source) from None
    try:
        _check_setup(game, setup, players, values, seed if type(seed) is int and 0 <= seed <= MAX_SEED else None)
    except SetupError as exc:
        raise BadInput(f"the log's {_label(('setup', *exc.path))}{':' if exc.whole else ''} {exc.message}", source) from None


def _check_setup(game: Game, setup: Any, players: int, values: dict[str, str], seed: int | None) -> None:
    """``setup`` against one the game makes itself with these options and seed (:func:`check_laid_out`),
    then the game's own ``check_setup``: raises :class:`SetupError` (``whole`` for a game's check
    that names no field)."""
    reference = make_setup(game, players, check_seed(seed if seed is not None else 0), values)
    try:
        check_laid_out(game, setup, reference, players)
        game.check_setup(setup)
    except SetupError:
        raise
    except BadInput as exc:  # a game's check that names no field: the setup as a whole
        raise SetupError(exc.message, whole=True) from None


def check_laid_out(game: Game, setup: dict[str, Any], reference: dict[str, Any], players: int) -> None:
    """What holds for every game's setup, checked against ``reference``, one the game made itself
    for the same players, options (and seed): raises :class:`SetupError`.

    * The shape: every key of the reference, no other, each value of the same type.
    * Every list as long as the reference's: the box holds so many goods piles, depots, seats. A
      game names the lists a table may lay out at another length in its spec's
      ``Setup.any_length`` (e.g. ``"piles.draw_a"``; ``*`` stands for any list index), and the tables
      whose keys the table chooses (e.g. the colours in a pool) in ``Setup.any_keys``: their values are
      shaped like the reference's first, and the game's ``check_setup`` checks the keys.
    * The fields in ``Setup.fixed`` hold the reference's value: what follows from the
      rules, the player count and the options (a rule's number, an option echoed) and not from
      what was laid out, so the game and its scoring read them from the data, not the setup.
    * The one seat schema of :mod:`bgkit.model.seats`: ``players`` (if the setup has it) is the number
      of seats given, the seats are numbered 1..N in order, ``start_player`` is one of them, and
      ``turn_order`` runs clockwise from the start player (seats are numbered clockwise, and every
      game starts clockwise): an edited start player with the old turn order is refused.
    """
    rules = _Rules(game)
    _same_shape(setup, reference, (), rules)
    if "players" in setup and setup["players"] != players:
        raise SetupError(f"is {setup['players']!r}, but {players} seats were given", "players")
    seats = setup.get("seats")
    if isinstance(seats, list):
        for index, row in enumerate(seats):
            if isinstance(row, dict) and "seat" in row and row["seat"] != index + 1:
                raise SetupError(f"is {row['seat']!r}, but the seats are numbered 1-{players} in order", "seats", index, "seat")
    start = setup.get("start_player")
    if isinstance(start, int) and not 1 <= start <= players:
        raise SetupError(f"is {start}, but the seats are 1-{players}", "start_player")
    if isinstance(start, int) and "turn_order" in setup:
        order = [seat + 1 for seat in clockwise(players, start - 1)]
        if setup["turn_order"] != order:
            raise SetupError(f"is {setup['turn_order']}, but play goes clockwise from start_player {start}: {order}",
                             "turn_order")


class _Rules:
    """A game's setup declarations (its spec's ``Setup.fixed``, ``any_length``, ``any_keys``), as path patterns (tuples; ``*`` matches
    any list index or key)."""

    def __init__(self, game: Game):
        self.fixed, self.any_length, self.any_keys = (_declared(game, name) for name in ("FIXED", "ANY_LENGTH", "ANY_KEYS"))
        self.game = game.info.name

    @staticmethod
    def matches(path: KeyPath, patterns: tuple[tuple[str, ...], ...]) -> bool:
        return any(len(p) == len(path) and all(a == "*" or a == str(b) for a, b in zip(p, path)) for p in patterns)


def _declared(game: Game, name: str) -> tuple[tuple[str, ...], ...]:
    """The game's setup-module declaration ``name`` (``FIXED``, ``ANY_LENGTH``, ``ANY_KEYS``) as path patterns."""
    return tuple(tuple(p.split(".")) for p in game.setup_declared(name))


def _label(path: KeyPath) -> str:
    return ".".join(str(p) for p in path) or "setup"


def _items(count: int) -> str:
    return f"{count} item" if count == 1 else f"{count} items"


def _same_shape(value: Any, reference: Any, path: KeyPath, rules: _Rules) -> None:
    if isinstance(reference, dict):
        if not isinstance(value, dict):
            raise SetupError("must be a table", *path)
        if rules.matches(path, rules.any_keys):  # keys the table chooses (colours in play), values alike
            for key, item in value.items():
                if reference:
                    _same_shape(item, next(iter(reference.values())), path + (key,), rules)
            return
        for key in reference:
            if key not in value:
                raise SetupError(f"has no {key!r}", *path)
        for key in value:
            if key not in reference:
                raise SetupError(f"is not part of a setup (known: {', '.join(reference)})", *path, key)
            _same_shape(value[key], reference[key], path + (key,), rules)
    elif isinstance(reference, list):
        if not isinstance(value, list):
            raise SetupError("must be a list", *path)
        if len(value) != len(reference) and not rules.matches(path, rules.any_length):
            raise SetupError(f"lists {_items(len(value))}, but {rules.game} lays out {len(reference)} here", *path)
        if reference:
            for index, item in enumerate(value):
                _same_shape(item, reference[min(index, len(reference) - 1)], path + (index,), rules)
    else:
        kinds = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
        expected = type(reference)
        if reference is not None and (type(value) is not expected and not (expected is float and type(value) is int)):
            raise SetupError(f"must be {kinds.get(expected, expected.__name__)}, not {value!r}", *path)
    if value != reference and rules.matches(path, rules.fixed):
        raise SetupError(f"is {value!r}, but {rules.game}'s rules make it {reference!r} with these players and options", *path)


class JsonLines(KeyLines):
    """The line of every key and list item of a JSON text, so an edited JSON setup's errors name a
    line too, as a TOML one's do."""

    def _find(self, text: str) -> dict[KeyPath, int]:
        import bisect
        import json
        import re

        lines: dict[KeyPath, int] = {}
        blanks = re.compile(r"[ \t\n\r]*")
        # one scalar of a valid JSON text (as the json module reads it: NaN and Infinity too)
        scalar = re.compile(r'"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity')
        breaks = [m.start() for m in re.finditer("\n", text)]

        def skip(at: int) -> int:
            """``at`` past any blanks (the pattern matches anywhere: the empty string too)."""
            return cast("re.Match[str]", blanks.match(text, at)).end()

        def token(at: int) -> re.Match[str]:
            found = scalar.match(text, at)
            if found is None:
                raise ValueError(f"no JSON value at {at}")
            return found

        def walk(at: int, path: KeyPath) -> int:
            """Note the line of the value at ``at`` (blanks skipped) and its parts; return its end."""
            at = skip(at)
            lines[path] = bisect.bisect_left(breaks, at) + 1
            if text[at] not in "{[":
                return token(at).end()
            close, index = "}" if text[at] == "{" else "]", 0
            at = skip(at + 1)
            while text[at] != close:
                if close == "}":
                    key = token(at)
                    at = walk(skip(key.end()) + 1, path + (json.loads(key.group()),))  # past the ':'
                else:
                    at, index = walk(at, path + (index,)), index + 1
                at = skip(at)
                if text[at] == ",":
                    at = skip(at + 1)
            return at + 1

        try:
            walk(0, ())
        except (RecursionError, ValueError, IndexError, StopIteration):
            pass  # the text is valid JSON (it was read), so only nesting deeper than Python's stack
        return lines
