"""The command line: parses arguments and calls the rest. No game logic lives here.

Conventions (docs/design.md): data on stdout, messages and progress on stderr; exit 0 on success,
2 on bad input (one line naming the problem, no traceback), 1 on anything else.
"""

from __future__ import annotations

import gc
import os
import re
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional

import typer

from bgkit import __version__
from bgkit.cli.completion import COMPLETE_VAR, Shell, answering, complete_executor, complete_game, complete_game_option, complete_seat
from bgkit.cli.group import Group, lazy_group
from bgkit.model.errors import BadInput, PluginError, escape_controls
from bgkit.history.commands import DB_HELP, history_app, stats
from bgkit.terminal.output import Format, Output, emit, require

if TYPE_CHECKING:  # pragma: no cover (never in a command's signature: typer reads those at run time)
    from rich.console import Console

    from bgkit.history.commands import Recording
    from bgkit.model.game import Game
    from bgkit.model.ranking import ScoreResult
    from bgkit.plugins.registry import Registry

app = typer.Typer(
    name="bgkit",
    help="Board games at the shell: score a finished game, generate seeded setups, play with bots.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=Group,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class ChanceMode(str, Enum):
    random = "random"
    table = "table"


def _version(value: bool) -> None:
    """``bgkit --version``: the core, the API version games are written for, and each installed
    game's version and distribution (read from the registry: no game engine is imported)."""
    if not value:
        return
    from bgkit.plugins.hookspecs import API_VERSION

    lines = [f"bgkit {__version__}", f"API {API_VERSION}"]
    registry = _registry()
    for game_id, info in registry.games.items():
        where = registry.distributions.get(info.plugin, "").split(" ")[0] or "registered in-process"
        lines.append(f"{game_id} {info.version or '-'} ({where}, API {info.api_version})")
    typer.echo("\n".join(escape_controls(line) for line in lines))
    raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the versions: the core, its API, each game."),
) -> None:
    """Board games at the shell: score a finished game, generate seeded setups, play with bots."""


def _registry() -> Registry:
    from bgkit.plugins.registry import get_registry

    return get_registry()


def _load_game(game_id: str, data: Optional[Path] = None) -> Game:
    registry = _registry()
    registry.game(game_id)  # unknown game: one line naming the installed ones
    if data is not None and not data.exists():
        raise BadInput(f"no such data file: {data}")
    game: Game = registry.load_game(game_id, data)
    return game


DATA_HELP = "Your own component data (TOML) in place of the shipped tables; see the game's README."
EXECUTOR_HELP = "Where many games run: local (processes here) or dask (a Dask cluster); plugins add more."
SCHEDULER_HELP = "A running Dask scheduler, tcp://HOST:PORT (default: a LocalCluster of --jobs workers)."
BOT_TIMEOUT_HELP = "Seconds an exec: bot may take for each answer (default 10); a seat's own timeout=S wins."


def _bot_timeout(specs: List[str], seconds: Optional[float]) -> List[str]:
    """``--bot-timeout``: each exec seat's spec with ``timeout=S`` unless it gives its own (so the
    limit travels with the spec, to worker processes and into logs)."""
    if seconds is None:
        return specs
    import math

    if not math.isfinite(seconds) or not 0 < seconds <= 86400:
        raise BadInput(f"--bot-timeout must be more than 0 and at most 86400 seconds, not {seconds:g}")
    from bgkit.exec.seat import with_timeout

    return [with_timeout(spec, seconds) for spec in specs]


@app.command()
def games(
    game: Optional[str] = typer.Argument(None, autocompletion=complete_game, help="A game id: show its options, dynamics, data provenance and sheet."),
    format: Format = typer.Option(Format.text, "--format", help="text (a table) or json."),
    json_: bool = typer.Option(False, "--json", help="Same as --format json."),
) -> None:
    """List installed games (players, version, play, data status), or describe one game."""
    from bgkit.terminal import render

    registry = _registry()
    format = Format.json if json_ else format
    if game is not None:
        info = registry.game(game)
        loaded = registry.load_game(game)
        drawing = lambda console: console.print(render.game_details(info, loaded, [info.min_players]))  # noqa: E731
        emit(Output(render.game_details_record(info, loaded), drawing), format, "games")
        return
    rows = [render.game_row(info) for info in registry.games.values()]

    def table(console: Console) -> None:
        if rows:
            console.print(render.games_table(rows))
        else:
            render.stderr().print("No games installed. Install a game plugin, e.g. pip install -e plugins/bgkit-burgundy")

    emit(Output(rows, table), format, "games")


@app.command()
def plugins(
    format: Format = typer.Option(Format.text, "--format", help="text (a table) or json."),
    json_: bool = typer.Option(False, "--json", help="Same as --format json."),
) -> None:
    """List loaded plugins, the hooks each implements, versions, and plugins that failed to load."""
    from bgkit.terminal import render

    rows = _registry().plugin_rows()
    emit(Output(rows, lambda console: console.print(render.plugins_table(rows))), Format.json if json_ else format, "plugins")


@app.command()
def setup(
    game: str = typer.Argument(..., autocompletion=complete_game, help="Game id (see bgkit games)."),
    players: int = typer.Option(..., "-p", "--players", help="Number of players."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed; without it one is chosen and printed."),
    option: List[str] = typer.Option([], "--option", metavar="NAME=VALUE", autocompletion=complete_game_option,
                               help="Game option NAME=VALUE (repeatable)."),
    format: Format = typer.Option(Format.text, "--format", help="text, json, toml or svg (a picture to print)."),
    count: bool = typer.Option(False, "--count", help="Print the number of distinct setups instead."),
    data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP),
) -> None:
    """Generate a seeded, reproducible random setup to lay out at the table."""
    from bgkit.terminal import render
    from bgkit.engine import setups

    the_game = _load_game(game, data)
    options = setups.parse_options(the_game, option)
    if count:
        counted = setups.count_document(the_game, players, options)
        drawing = lambda console: render.print_count(console, the_game.info.name, counted)  # noqa: E731
        emit(Output(counted, drawing, toml=True, text_in_toml=("count",)), format, "setup --count")
        return
    seed = setups.check_seed(setups.new_seed() if seed is None else seed)
    doc = setups.setup_document(the_game, players, seed, options, setups.make_setup(the_game, players, seed, options))
    emit(Output(doc, lambda console: render.print_setup(console, the_game, doc, data), toml=True,
                svg=lambda: render.setup_svg(the_game, doc, data)), format, "setup")


@app.command()
def score(
    game: str = typer.Argument(..., autocompletion=complete_game, help="Game id (see bgkit games)."),
    sheet: Optional[str] = typer.Argument(None, help="Score sheet (TOML), or - for stdin. Omit to be asked."),
    template: bool = typer.Option(False, "--template", help="Write an empty sheet with every field explained."),
    players: Optional[int] = typer.Option(None, "-p", "--players", help="Players (for --template or prompting)."),
    format: Format = typer.Option(Format.text, "--format", help="text (a table) or json."),
    data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP),
    record: bool = typer.Option(False, "--record", help="Keep the scored game in your history (bgkit history, bgkit stats)."),
    date: Optional[str] = typer.Option(None, "--date", help="With --record: the day it was played (YYYY-MM-DD; default today)."),
    note: Optional[str] = typer.Option(None, "--note", help="With --record: a note on the game."),
    location: Optional[str] = typer.Option(None, "--location", help="With --record: where it was played."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Score a finished game from a sheet: categories, totals, ranking and the deciding tie-breaker."""
    from bgkit.history import commands as history_commands
    from bgkit.terminal import render
    from bgkit.model import sheets

    the_game = _load_game(game, data)
    require(format, ("text", "json"), "score")  # before anything is asked or read
    recording = history_commands.score_recording(record, db, date, note, location, template, asking=sheet is None)
    if template:
        if sheet is not None:
            raise BadInput("--template writes a new sheet; give no SHEET with it")
        if players is None:
            raise BadInput("--template needs the number of players: -p N")
        sys.stdout.write(sheets.template(the_game, players))
        return
    if sheet is None:
        if not render.interactive():
            raise BadInput("give a sheet file (or - for stdin); to be asked field by field, run this in a terminal")
        _score_at_the_prompt(the_game, players, format, recording, db, date, note, location)
        return
    the_sheet = sheets.read_sheet(the_game, sheet)
    if players is not None and players != len(the_sheet.names):
        raise BadInput(f"-p {players} does not match the sheet, which scores {len(the_sheet.names)} players", str(sheet))
    from bgkit.engine.runtime import runtime_for

    result = runtime_for(the_game).score(the_sheet)
    emit(_scored(result, the_game.info.name), format, "score")
    if recording is not None:
        recording.record_score(the_game, the_sheet, result)


def _scored(result: ScoreResult, title: str) -> Output:
    from bgkit.terminal import render

    return Output(result.to_dict(), lambda console: render.print_score(result, console, title))


def _score_at_the_prompt(the_game: Game, players: Optional[int], format: Format, recording: Optional[Recording], db: Optional[Path],
                         date: Optional[str], note: Optional[str], location: Optional[str]) -> None:
    """Ask field by field, score, offer to save and to record; Ctrl-C is exit 130 as in play, and
    the answers typed so far are kept as a draft the next ``bgkit score GAME`` offers to continue."""
    from bgkit.history import commands as history_commands
    from bgkit.cli import drafts
    from bgkit.terminal import render
    from bgkit.model import sheets

    console = render.stderr()

    def ask(question: str) -> str:
        return console.input(render.literal(question) + " ")

    def say(text: str) -> None:
        console.print(render.literal(text))

    game_id = the_game.info.id
    try:
        recorder = drafts.Recorder(ask, say, drafts.offer(game_id, players, ask, say))
    except (KeyboardInterrupt, EOFError):
        console.print("interrupted")
        raise SystemExit(130) from None
    try:
        the_sheet = sheets.ask_sheet(the_game, players, recorder.ask, recorder.say)
    except (KeyboardInterrupt, EOFError):
        kept = drafts.keep(game_id, players, recorder.answers) if recorder.answers else None
        console.print("interrupted" + (f"; your answers are kept in {render.literal(kept)}: "
                                       f"bgkit score {game_id} continues them" if kept else ""))
        raise SystemExit(130) from None
    drafts.remove(game_id)
    try:
        from bgkit.engine.runtime import runtime_for

        result = runtime_for(the_game).score(the_sheet)
        emit(_scored(result, the_game.info.name), format, "score")
        sheets.offer_to_save(the_sheet, ask, say, f"{the_game.info.id}-sheet.toml")
        if recording is not None:
            recording.record_score(the_game, the_sheet, result)
        else:
            history_commands.offer_recording(the_game, the_sheet, result, db, date, note, location)
    except (KeyboardInterrupt, EOFError):
        console.print("interrupted")
        raise SystemExit(130) from None


@app.command()
def play(
    game: Optional[str] = typer.Argument(None, autocompletion=complete_game, help="Game id (see bgkit games)."),
    seats: Optional[List[str]] = typer.Argument(
        None, metavar="SEAT", autocompletion=complete_seat,
        help="One per player: human[:NAME], random, greedy, mcts[:iterations=N,seconds=T,depth=D,c=C,bias=B,workers=W], "
        "ismcts[:the same], 'exec:PROGRAM [ARGS]'. "
        "With people at the table (a human seat, --chance table) a searching bot thinks at most 2 s a move unless its seconds=T says otherwise.",
    ),
    seed: Optional[int] = typer.Option(None, "--seed", help="Master seed; without it one is chosen and printed."),
    games: int = typer.Option(1, "--games", min=1, help="Games to play (seats rotate between games)."),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Parallel processes for many games (local, or a Dask LocalCluster)."),
    executor: str = typer.Option("local", "--executor", autocompletion=complete_executor, help=EXECUTOR_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    option: List[str] = typer.Option([], "--option", metavar="NAME=VALUE", autocompletion=complete_game_option,
                               help="Game option NAME=VALUE (repeatable)."),
    format: Format = typer.Option(Format.text, "--format", help="text or json (JSON Lines, summary last)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Save the game here after every decision."),
    log: Optional[Path] = typer.Option(None, "--log", help="Write the game's log (for bgkit replay) here."),
    chance: Optional[ChanceMode] = typer.Option(
        None, "--chance", help="random (default), or table: type the dice and draws of a real table. A resumed game keeps its own."
    ),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue a saved game."),
    seat_again: List[str] = typer.Option(
        [], "--seat", metavar="N=SPEC",
        help="With --resume: give seat N's exec: program again, as saved (a save never starts a program by itself; "
        "at a terminal you may confirm it instead).",
    ),
    data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP),
    setup_file: Optional[Path] = typer.Option(
        None, "--setup", help="Start from this setup (as bgkit setup --format toml|json writes it, edited to the real table)."
    ),
    force: bool = typer.Option(False, "--force", help="Let --save/--log replace a file that is not a save of this game, or holds one still unfinished."),
    record: bool = typer.Option(False, "--record", help="Keep the finished game, with its log, in your history (needs a human seat)."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
    bot_timeout: Optional[float] = typer.Option(None, "--bot-timeout", help=BOT_TIMEOUT_HELP),
) -> None:
    """Play a game: humans at the terminal, bots, or many bot games in a row with statistics."""
    from bgkit.history import commands as history_commands
    from bgkit.cli import play as playing

    require(format, ("text", "json"), "play")
    recording = history_commands.play_recording(record, db, None if resume is not None else list(seats or []))
    if resume is not None:
        if (game is not None or seats or seed is not None or option or data is not None or games > 1 or jobs > 1 or setup_file
                or scheduler or bot_timeout is not None):
            raise BadInput("--resume continues the saved game as it was set up: give no game, seats, seed, options, data, setup or bot timeout")
        outcome = playing.resume_game(_registry(), resume, save=save or resume, log=log,
                                      chance=chance.value if chance else None, format=format.value, force=force, seats_given=seat_again)
        if recording is not None:
            recording.record_match(outcome)
        return
    if seat_again:
        raise BadInput("--seat N=SPEC gives a saved seat again, with --resume FILE; a new game takes its seats after the game id")
    if game is None:
        raise BadInput("name a game (see bgkit games), or --resume FILE")
    the_game = _load_game(game, data)
    outcome = playing.play_command(
        _registry(),
        the_game,
        _bot_timeout(list(seats or []), bot_timeout),
        seed=seed,
        games=games,
        jobs=jobs,
        options=option,
        format=format.value,
        save=save,
        log=log,
        chance=chance.value if chance else None,
        data=data,
        executor=executor,
        scheduler=scheduler,
        force=force,
        setup_file=setup_file,
    )
    if recording is not None:
        recording.record_match(outcome)


@app.command()
def arena(
    game: Optional[str] = typer.Argument(None, autocompletion=complete_game, help="Game id (see bgkit games)."),
    specs: Optional[List[str]] = typer.Argument(None, autocompletion=complete_seat, help="Two or more bot specs to rate, e.g. random greedy mcts:iterations=200."),
    games: Optional[int] = typer.Option(None, "--games", min=1, help="Games to play; each table is played once in every seat rotation."),
    players: Optional[int] = typer.Option(None, "-p", "--players", help="Seats per table (default: every bot, up to the game's maximum)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Master seed; without it one is chosen and printed."),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Parallel processes (local, or a Dask LocalCluster)."),
    executor: str = typer.Option("local", "--executor", autocompletion=complete_executor, help=EXECUTOR_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    option: List[str] = typer.Option([], "--option", metavar="NAME=VALUE", autocompletion=complete_game_option,
                               help="Game option NAME=VALUE (repeatable)."),
    format: Format = typer.Option(Format.text, "--format", help="text (the ladder) or json (JSON Lines: header, games, summary)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Also write the JSON Lines stream here, to --resume it later."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue an arena from its JSON Lines output."),
    bot_again: List[str] = typer.Option(
        [], "--bot", metavar="N=SPEC",
        help="With --resume: give the Nth bot's exec: program again, as the file names it (a file never starts a program by itself).",
    ),
    data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP),
    bot_timeout: Optional[float] = typer.Option(None, "--bot-timeout", help=BOT_TIMEOUT_HELP),
) -> None:
    """Rate bots on a ladder: tables drawn from the bots, seats rotated, openskill Plackett-Luce ratings."""
    from bgkit.tournaments import arena as arenas

    require(format, ("text", "json"), "arena")
    if resume is not None:
        if (game is not None or specs or games is not None or players is not None or seed is not None or option or data is not None
                or out is not None or bot_timeout is not None):
            raise BadInput(
                "--resume continues the arena as it was started: give no game, bots, games, players, seed, options, data, --out or bot timeout"
            )
        arenas.resume_command(_registry(), resume, format.value, jobs=jobs, executor=executor, scheduler=scheduler, bots_given=bot_again)
        return
    if bot_again:
        raise BadInput("--bot N=SPEC gives an arena's bot again, with --resume FILE; a new arena takes its bots after the game id")
    if game is None:
        raise BadInput("name a game (see bgkit games) and the bots to rate, or --resume FILE")
    the_game = _load_game(game, data)
    arenas.arena_command(
        _registry(), the_game, _bot_timeout(list(specs or []), bot_timeout), games, players, seed, option, format.value, out,
        jobs=jobs, executor=executor, scheduler=scheduler,
    )


@app.command()
def replay(
    log: Path = typer.Argument(..., help="A game log or save file."),
    verify: bool = typer.Option(False, "--verify", help="Check every action and the recorded result; exit 2 if not."),
    format: Format = typer.Option(Format.text, "--format", help="text or json."),
    as_seat: Optional[int] = typer.Option(None, "--as", help="Replay as seat N saw it: its own private moves, the others' public texts."),
    allow_unseeded: bool = typer.Option(False, "--allow-unseeded", help="With --verify: accept a log without a seed as far as it can be checked (its deal and chance cannot be)."),
) -> None:
    """Replay a logged game move by move (or as one seat saw it), or verify it."""
    from bgkit.cli import play as playing

    require(format, ("text", "json"), "replay")
    if allow_unseeded and not verify:
        raise BadInput("--allow-unseeded goes with --verify")
    playing.replay_command(_registry(), log, verify=verify, format=format.value, seat=as_seat, allow_unseeded=allow_unseeded)


@app.command()
def serve(
    port: int = typer.Option(8000, "--port", help="The port to listen on (0: any free one, printed)."),
    lan: bool = typer.Option(False, "--lan", help="Listen on this machine's network address, for the phones at the table; every request then needs the join token of the printed link and QR code."),
    host: Optional[str] = typer.Option(None, "--host", help="Listen on this address instead (default 127.0.0.1; with --lan, the network address); any address beyond loopback needs the join token too."),
    db: Optional[Path] = typer.Option(None, "--db", help=DB_HELP),
    game: Optional[str] = typer.Option(None, "--game", autocompletion=complete_game,
                                       help="Start a game played from the phones (its join links are printed; also from the page)."),
    seat: List[str] = typer.Option([], "--seat", metavar="SPEC", autocompletion=complete_seat,
                                   help="With --game, one per seat in order: human[:NAME] (a person, on a phone), a bot "
                                   "(random, greedy, mcts:...), or 'exec:PROGRAM [ARGS]' (only here, never from a page)."),
    option: List[str] = typer.Option([], "--option", metavar="NAME=VALUE", autocompletion=complete_game_option,
                                     help="With --game: a game option (repeatable)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="With --game: the seed of its setup and chance (default: a new one)."),
) -> None:
    """Score and play games at the table from every phone: a small web server for sheets, games, history, stats and setups (needs bgkit[serve])."""
    from bgkit.serve import server

    server.serve_command(db, host, port, lan, server.GameToStart.of(game, seat, option, seed))


app.add_typer(history_app, name="history")
app.command("stats")(stats)


@app.command()
def completion(
    shell: Shell = typer.Argument(..., help="bash, zsh or fish."),
    install: bool = typer.Option(False, "--install", help="Write the script where the shell reads it (and source it from ~/.bashrc for bash)."),
) -> None:
    """Print the shell completion script (commands, game ids, bots, options and their values): eval it, or --install it."""
    from bgkit.cli import completion as completing

    if install:
        print(f"bgkit: {shell.value} completion installed in {completing.install(shell)}; it takes effect in a new shell", file=sys.stderr)
        return
    print(completing.script(shell))


class NewKind(str, Enum):
    game = "game"
    house_rule = "house-rule"


@app.command()
def new(
    kind: NewKind = typer.Argument(..., help="game (a one-file game to change into yours) or house-rule (a scoring hook)."),
    name: str = typer.Argument(..., help="The plugin's name, a game id: lower-case letters and digits (package bgkit_NAME)."),
    game: Optional[str] = typer.Option(None, "--game", autocompletion=complete_game,
                                       help="For a house rule: the game it changes (default: NAME)."),
) -> None:
    """Make a plugin package in a new folder NAME here: its code, pyproject, test and README; then pip install -e NAME."""
    from bgkit.cli import scaffold

    if game is not None and kind is not NewKind.house_rule:
        raise BadInput("--game is for a house rule: a new game is its own")
    made = scaffold.create(kind.value, name, Path.cwd(), game or "")
    follow = f"bgkit play {name} random random" if kind is NewKind.game else f"bgkit score {game or name} SHEET.toml"
    print(f"bgkit: made {made}/. Next: pip install -e {name} && {follow}", file=sys.stderr)


def main() -> None:
    """Entry point: bad input is one line and exit code 2, a broken plugin one line and exit 1;
    stopped by SIGTERM or SIGHUP, 128 + the signal's number (bgkit.exec.guard)."""
    from bgkit.exec import guard

    guard.entry()
    try:
        _run()
    except SystemExit as exc:
        raise SystemExit(guard.exit_status(exc.code)) from None
    except KeyboardInterrupt:
        if guard.received() is None:
            raise
        raise SystemExit(guard.exit_status(130)) from None  # stopped outside a command's own Ctrl-C handling
    finally:
        # The process ends here, and what it built is only torn down. Moving every object to the
        # garbage collector's permanent generation spares the exit its last full pass over them
        # (a tenth of a second after a Dask run, 6% of the instructions of `bgkit games`). Nothing
        # is lost by it: bgkit has closed every file and database it writes by now, and the
        # interpreter flushes stdout and stderr whatever the collector does.
        gc.freeze()


def _run() -> None:
    # click's UsageError, whichever click typer uses (its own private copy from 0.29): typed loosely, as
    # bgkit names no private module of typer, not even for the type checker
    usage_error: Any = _click_class("UsageError")
    try:
        answering()  # a shell asking for completions (bgkit completion SHELL): click answers, then exits
        code = lazy_group(app)(standalone_mode=False, complete_var=COMPLETE_VAR)
    except BadInput as exc:
        print(error_line(exc), file=sys.stderr)
        sys.exit(2)
    except usage_error as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `bgkit` or `bgkit setup`: show the help
            print(exc.ctx.get_help() if exc.ctx else exc.format_message(), file=sys.stderr)
            sys.exit(2)
        where = f" (see: {exc.ctx.command_path} --help)" if exc.ctx else ""
        print(f"bgkit: error: {escape_controls(plain_usage(exc.format_message()))}{where}", file=sys.stderr)
        sys.exit(2)
    except PluginError as exc:
        print(f"bgkit: error: {escape_controls(exc)}", file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:  # e.g. `bgkit games | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except BaseException as exc:
        if type(exc).__name__ == "Abort":
            print("bgkit: aborted", file=sys.stderr)
            sys.exit(1)
        blamed = _plugin_fault(exc)
        if blamed is not None:
            print(f"bgkit: error: {escape_controls(blamed)}", file=sys.stderr)
            sys.exit(1)
        if isinstance(exc, OSError) and exc.errno is not None:  # a path the system refuses: a name
            print(error_line(BadInput(os_error_text(exc))), file=sys.stderr)  # too long, a full disk
            sys.exit(2)
        raise
    sys.exit(code if isinstance(code, int) else 0)


def _plugin_fault(exc: BaseException) -> str | None:
    """The one line for plugin code that failed outside the guarded calls of play (a game's setup
    or scoring, a hook during replay, a SystemExit anywhere): the plugin named, or None when the
    fault is bgkit's own (then its traceback is the honest report)."""
    if "bgkit.plugins.registry" not in sys.modules:
        return None
    from bgkit.model.errors import fault_text
    from bgkit.plugins.registry import culprit, is_fault

    who = culprit(exc) if is_fault(exc) else None
    return f"plugin {who!r} failed: {fault_text(exc)}" if who else None


def os_error_text(exc: OSError) -> str:
    """An OSError as a person reads it: the file, then what the system said (``File name too long``)."""
    what = exc.strerror or type(exc).__name__
    return f"{exc.filename}: {what}" if exc.filename is not None else what


# typer's words for a value it refuses (Pydantic's from typer 0.29, click's before it), as bgkit
# says the rest: the same line whichever typer is installed
_PLAIN_USAGE = (
    (r"\(Possible options: ([^)]*)\)", r"(did you mean \1?)"),
    (r"Input should be a valid integer, unable to parse string as an integer", "must be a whole number"),
    (r"'[^']*' is not a valid int(eger)?\.", "must be a whole number"),
    (r"Input should be greater than or equal to (\S+)", r"must be at least \1"),
    (r"Input should be less than or equal to (\S+)", r"must be at most \1"),
    (r"\S+ is not in the range x>=(\S+)\.", r"must be at least \1"),
    (r"\S+ is not in the range x<=(\S+)\.", r"must be at most \1"),
    (r"Value error, '([^']*)' is not one of (.*?)\.?$", r"'\1' is not one of \2"),
    (r"^(.*'[^']*' is not one of .*?)\.$", r"\1"),
)


def plain_usage(message: str) -> str:
    """typer's message for a command line it refuses, in bgkit's words: ``--seed x`` must be a
    whole number, not "Input should be a valid integer, unable to parse string as an integer"."""
    for pattern, replacement in _PLAIN_USAGE:
        message = re.sub(pattern, replacement, message)
    return message


def _click_class(name: str) -> type:
    """A click exception class, whether typer bundles click or depends on it."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


def error_line(exc: BadInput) -> str:
    """The one line a person sees for bad input; what it quotes is shown literally (a name's escape
    codes do not reach the terminal, its newline does not split the line)."""
    return f"bgkit: error: {_long_numbers(escape_controls(exc))}"


def _long_numbers(text: str) -> str:
    """A number too long to read back whole (a file's 4,000-digit seed) as its first digits and
    its length, so the line stays one a person can read."""
    return re.sub(r"\d{40,}", lambda m: f"{m.group()[:12]}... ({len(m.group()):,} digits)", text)
