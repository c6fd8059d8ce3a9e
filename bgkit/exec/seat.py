"""The ``exec:`` seat: a bot in another program, spoken to in JSON Lines (docs/bot-protocol.md).

The seat sends the bot only what its player may know — its view, the events as it was told them,
the legal actions' texts — so a bot outside bgkit's process cannot peek, by construction. Any way
the bot fails (it does not start, exits, writes what is not a message, answers an illegal action
or takes too long) is one :class:`PluginError` naming the seat and the cause; the bot's process
group is killed, and the game stops with every decision before the fault kept in the log.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bgkit.engine.match import BaseSeat, Decision, Match
from bgkit.model.errors import BadInput, PluginError
from bgkit.exec import process
from bgkit.exec.process import BotFault, BotProcess

if TYPE_CHECKING:
    from bgkit.engine.driver import Told

#: The protocol version this bgkit speaks (docs/bot-protocol.md).
PROTOCOL = 1
#: Seconds a bot has for each answer unless its spec or --bot-timeout says otherwise.
DEFAULT_TIMEOUT = 10.0
#: The hello may take this long whatever the time limit: a cold start (a JVM, a busy disk) is no fault.
START_SECONDS = 10.0
#: The longest time limit anyone may give (a day): a limit, not a way to hang a tournament for ever.
MOST_SECONDS = 86400
#: Words before the program that set the seat's parameters: ``exec:timeout=2 node bot.js``.
PARAMETERS = ("name", "stderr", "timeout")
_PARAMETER = re.compile(r"([a-z_]+)=(.*)", re.S)
#: Seeds sent to bots fit a double exactly, so a bot in any language reads them unchanged.
SEED_BITS = 53


def parse_exec(rest: str, spec: str) -> dict[str, str]:
    """``"timeout=2 node bot.js --fast"`` -> ``{"timeout": "2", "command": "node bot.js --fast"}``.

    The text is split as a shell would (quotes, backslashes), but no shell runs it: no variables,
    globs or pipes. Leading ``KEY=VALUE`` words are the seat's parameters.
    """
    try:
        words = shlex.split(rest)
    except ValueError as exc:
        raise BadInput(f"seat {spec!r}: {exc} (quote the command as a shell would)") from None
    params: dict[str, str] = {}
    while words and (found := _PARAMETER.fullmatch(words[0])):
        key, value = found.groups()
        if key not in PARAMETERS:
            raise BadInput(f"seat {spec!r}: exec seats have no parameter {key!r} (known: {', '.join(PARAMETERS)}; "
                           "to set an environment variable, run: env KEY=VALUE PROGRAM)")
        if key in params:
            raise BadInput(f"seat {spec!r}: parameter {key} given twice")
        params[key] = value
        words.pop(0)
    if not words:
        raise BadInput(f"seat {spec!r}: exec: needs a program to run, e.g. 'exec:node examples/bots/random.js'")
    seat_timeout(params)  # checked wherever a spec is read: the command line, a log, a save, an arena file
    params["command"] = shlex.join(words)
    return params


def seat_timeout(params: dict[str, str]) -> float:
    """The seat's time limit: its ``timeout=``, a finite number of seconds, more than 0 and at most a day."""
    from bgkit.engine.params import number_param

    return float(number_param(params, "timeout", DEFAULT_TIMEOUT, kind=float, most=MOST_SECONDS))


def exec_name(params: dict[str, str]) -> str:
    """A seat's default name: the command it runs, without its parameters (a time limit is not who plays)."""
    return f"exec:{params['command']}"


def with_timeout(spec: str, seconds: float) -> str:
    """``--bot-timeout``: the spec with ``timeout=seconds`` if it is an exec seat that gives none."""
    kind, _, rest = spec.partition(":")
    if kind.strip() != "exec" or "timeout" in parse_exec(rest, spec):
        return spec
    return f"exec:timeout={seconds:g} {rest.strip()}"


def make_exec_seat(params: dict[str, str], name: str, seed: int) -> "ExecSeat":
    """The seat for parsed exec parameters: its program checked now (a typo is bad input, exit 2)."""
    argv = shlex.split(params["command"])
    program = argv[0]
    if os.sep in program:
        if not (os.path.isfile(program) and os.access(program, os.X_OK)):
            raise BadInput(f"seat {name!r}: {program} is not an executable file")
    elif shutil.which(program) is None:
        raise BadInput(f"seat {name!r}: no program {program!r} on the PATH")
    stderr = params.get("stderr")
    if stderr is not None:
        where = Path(stderr)
        if not where.resolve().parent.is_dir():
            raise BadInput(f"seat {name!r}: stderr={stderr}: no such folder {where.resolve().parent}")
        if where.exists() and not where.is_file() and not (where.is_char_device() and os.path.samefile(where, os.devnull)):
            raise BadInput(f"seat {name!r}: stderr={stderr} is not a regular file (a bot's messages are appended to a file)")
    return ExecSeat(name, argv, seed, seat_timeout(params), stderr)


def encode(message: dict[str, Any]) -> bytes:
    """One protocol line: compact JSON, UTF-8, a newline."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


class ExecSeat(BaseSeat):
    """A seat played by a child process over the protocol (one process per game unless it offers
    to play many: ``"reuse": true`` in its hello)."""

    wants_history = True  # the driver hands this seat the events as it was told them

    def __init__(self, name: str, argv: list[str], seed: int, timeout: float, stderr: str | None) -> None:
        self.name = name
        self.argv = argv
        self.seed = seed % (1 << SEED_BITS)
        self.timeout = timeout
        self.stderr = stderr
        self.bot: BotProcess | None = None
        self.reuse = False
        self.player = -1
        self.game_seed: int | None = None
        self._told: tuple[Told, ...] = ()  # the seat's history as last sent, to send only what is new

    @property
    def key(self) -> tuple[tuple[str, ...], str | None, str]:
        return (tuple(self.argv), self.stderr, os.getcwd())

    # -- the game's start and end ---------------------------------------------------------------
    def begin(self, match: Match, player: int) -> None:
        """Start (or take over a kept) bot and tell it the game: options, players, its seat, its view."""
        self.player = player
        self.game_seed = match.log.seed
        self._told = ()
        log = match.log
        bot = process.take(self.key)
        if bot is None:
            bot = self._start()
        else:
            self.reuse = True  # it offered to play many games in its hello
        self.bot = bot
        self._send({
            "type": "start",
            "game": log.game,
            "name": match.game.info.name,
            "options": log.options,
            "players": log.names,
            "seat": player,
            "seed": self.seed,
            "seconds": self.timeout,
            "view": match.state.view(player),
        })

    def _start(self) -> BotProcess:
        try:
            bot = BotProcess(self.argv, self.stderr)
        except BotFault as exc:
            raise self._fault(str(exc)) from None
        self.bot = bot
        from bgkit import __version__

        self._send({"type": "hello", "protocol": PROTOCOL, "bgkit": __version__})
        hello = self._receive(max(self.timeout, START_SECONDS), "hello")
        version = hello.get("protocol")
        if type(version) is not int or version != PROTOCOL:
            raise self._fail(f"speaks protocol {version!r}; this bgkit speaks {PROTOCOL}")
        self.reuse = hello.get("reuse") is True
        return bot

    def end(self, match: Match, result: Any) -> None:
        """Tell the bot the result; keep it for the next game if it plays many, else end it."""
        bot, self.bot = self.bot, None
        if bot is None:
            return
        message = {
            "type": "end",
            "view": match.state.view(self.player),
            "result": {"scores": list(result.totals), "ranks": list(result.ranks), "winners": list(result.winners)},
        }
        try:
            bot.send(encode(message), self.timeout)
        except (BotFault, TypeError, ValueError):
            bot.close(grace=0)
            return
        if self.reuse and bot.alive:
            process.keep(self.key, bot)
        else:
            bot.close()

    def abort(self) -> None:
        """The game stopped (a fault, Ctrl-C): the bot's whole process group is killed now."""
        bot, self.bot = self.bot, None
        if bot is not None:
            bot.close(grace=0)

    # -- decisions ------------------------------------------------------------------------------
    def choose(self, decision: Decision) -> Any:
        texts = decision.texts()
        start, news = self._news(decision)
        message: dict[str, Any] = {"type": "decide", "view": decision.view(), "history_from": start, "history": news, "actions": texts}
        ids = decision.action_ids()
        if ids is not None:
            message["ids"] = ids
        assert self.bot is not None, "begin() starts the bot before any decision"
        stray = self.bot.stray()
        if stray is not None:
            raise self._fail(f"wrote {_short(stray.decode('utf-8', 'replace'))} when no answer was asked for")
        self._send(message)
        answer = self._receive(self.timeout, "action")
        index = answer.get("index")
        if index is not None:
            if isinstance(index, bool) or not isinstance(index, int):
                shown = json.dumps(index, ensure_ascii=False)
                shown = shown if len(shown) <= 60 else shown[:59] + "…"
                raise self._fail(f"answered the index {shown}, a {_json_type(index)}: an index is an integer, "
                                 f"a JSON number 0-{len(texts) - 1}")
            if not 0 <= index < len(texts):
                raise self._fail(f"answered index {_short(index)}, which is not a legal action (0-{len(texts) - 1})")
            return decision.actions[index]
        text = answer.get("text")
        if not isinstance(text, str):
            raise self._fail(f"answered {_short(answer)}, with neither an index nor a text")
        try:
            return decision.actions[texts.index(text)]
        except ValueError:
            raise self._fail(f"answered {_short(text)}, which is not a legal action") from None

    def _news(self, decision: Decision) -> tuple[int, list[dict[str, Any]]]:
        """Where the new events start in the seat's history, and the events from there: those told
        since its last decision, or, if people took moves back since (undo), from the first event
        that changed (the bot forgets its history from that position on)."""
        history, told = decision.history, self._told
        start = len(told)
        if len(history) < start or (told and history[start - 1] != told[-1]):
            start = next((i for i, (now, then) in enumerate(zip(history, told)) if now != then), min(len(history), start))
        self._told = history
        return start, [{"number": e.number, "player": e.player, "text": e.text, "reveal": e.reveal} for e in history[start:]]

    # -- the wire -------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        try:
            line = encode(message)
        except (TypeError, ValueError) as exc:  # the game's view: the game plugin's to fix
            self.abort()
            raise PluginError(f"the view of seat {self.player + 1} is not JSON data ({exc})") from None
        assert self.bot is not None, "begin() starts the bot before it is spoken to"
        try:
            self.bot.send(line, self.timeout)
        except BotFault as exc:
            raise self._fail(str(exc)) from None

    def _receive(self, seconds: float, expected: str) -> dict[str, Any]:
        assert self.bot is not None, "begin() starts the bot before it is spoken to"
        try:
            line = self.bot.receive(seconds)
        except BotFault as exc:
            raise self._fail(str(exc)) from None
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            raise self._fail(f"wrote {_short(line.decode('utf-8', 'replace'))}, which is not a JSON message") from None
        if not isinstance(message, dict) or message.get("type") != expected:
            raise self._fail(f"wrote {_short(message)} where a {expected!r} message was expected")
        return message

    def _fail(self, cause: str) -> PluginError:
        """Tell the bot why (if it still listens), kill it, and return the error naming seat and cause."""
        bot, self.bot = self.bot, None
        if bot is not None:
            try:
                bot.send(encode({"type": "error", "message": cause}), 0.05)
            except BotFault:
                pass
            bot.close(grace=0)
        return self._fault(cause)

    def _fault(self, cause: str) -> PluginError:
        seed = f" — game seed {self.game_seed}" if self.game_seed is not None else ""
        return PluginError(f"seat {self.player + 1} {self.name!r}: the bot {cause}{seed}")


def _json_type(value: Any) -> str:
    """What a JSON value is, in JSON's words: ``"1"`` is a string, ``1.5`` a fraction, ``true`` a boolean."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, float):
        return "fraction"
    names: dict[type, str] = {str: "string", list: "list", dict: "object"}
    return names.get(type(value), type(value).__name__)


def _short(value: Any, most: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return repr(text if len(text) <= most else text[: most - 1] + "…")


class ExecMatch(Match):
    """A match with exec seats: their bots are started before play, told the result after it, and
    killed whatever stops the game (a fault, Ctrl-C, a crash), so no process is left behind."""

    def play(self) -> Any:
        seats = [(p, seat) for p, seat in enumerate(self.seats) if isinstance(seat, ExecSeat)]
        try:
            for p, seat in seats:
                seat.begin(self, p)
            result = super().play()
        except BaseException:
            for _, seat in seats:
                seat.abort()
            raise
        try:
            for _, seat in seats:
                seat.end(self, result)
        finally:  # Ctrl-C while the result is told: the bots not told yet are ended too
            for _, seat in seats:
                seat.abort()
        return result
