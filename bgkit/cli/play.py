"""The ``play`` and ``replay`` commands: one game or a tournament, resume, replay (also as one seat saw it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bgkit.terminal import render
from bgkit.bots import parse_seat_spec
from bgkit.engine.match import GameLog, Match, QuitRequest, game_result, limit_reached, load_logged_game, replay
from bgkit.model.errors import BadInput, PluginError
from bgkit.terminal.output import Output, emit
from bgkit.model.game import Game
from bgkit.sessions.build import build_match, seat_names
from bgkit.engine.runtime import runtime_for
from bgkit.model.savefile import check_target


def _prompt_tools(needed: bool) -> tuple[Any, Any]:
    """The console and input function for people at the terminal, or (console, None) in a script."""
    console = render.stderr()
    if not needed or not render.interactive():
        return console, None
    console.soft_wrap = False  # a person's screen wraps at words, never mid-word at the terminal's edge

    def ask(question: str) -> str:
        return console.input(question if question.endswith(" ") else question + " ")

    return console, ask


def play_command(
    registry: Any,
    game: Game,
    specs: list[str],
    seed: int | None,
    games: int,
    jobs: int,
    options: list[str],
    format: str,
    save: Path | None,
    log: Path | None,
    chance: str | None,
    data: Path | None,
    force: bool = False,
    setup_file: Path | None = None,
    executor: str = "local",
    scheduler: str | None = None,
) -> tuple[Match, Any] | None:
    """One game (returned with its result, for ``--record``; None if stopped), or a tournament."""
    from bgkit.engine.setups import check_seed, new_seed, parse_options, read_setup

    if not specs:
        raise BadInput(f"give one seat per player, e.g. bgkit play {game.info.id} human greedy")
    game.info.check_players(len(specs))
    chance = chance or "random"
    option_values = parse_options(game, options)
    laid_out = None
    if setup_file is not None:
        if options or seed is not None:
            raise BadInput("--setup gives the setup as it was laid out: its options and seed come from the file")
        laid_out = read_setup(game, setup_file, len(specs))
        option_values, seed = laid_out["options"], laid_out["seed"]
    seed = check_seed(new_seed() if seed is None else seed)
    names = seat_names(specs)
    has_human = any(parse_seat_spec(s)[0] == "human" for s in specs)
    if games > 1 or executor != "local" or scheduler:  # --jobs alone changes nothing of one game
        if has_human or chance == "table":
            raise BadInput("--games and --jobs are for bot matches; play humans or --chance table one game at a time")
        if save is not None or log is not None or setup_file is not None:
            raise BadInput("--save, --log and --setup are for one game; for many, --format json gives a record of each")
        run_tournament(registry, game, specs, names, seed, games, option_values, format, jobs=jobs, executor=executor, scheduler=scheduler)
        return None
    for path, what in ((save, "save"), (log, "log")):
        check_target(path, game.info.id, force, what)
    console, ask = _prompt_tools(has_human or chance == "table")
    match = build_match(
        game, specs, names, seed, option_values, chance=chance, console=console, ask=ask, save_path=save, bots=registry.bots,
        setup=laid_out["setup"] if laid_out else None, setup_from=str(setup_file) if setup_file else "seed",
    )
    match.secret_seed = seed_kept_secret(game, has_human, chance)
    render.stderr().print(f"{render.literal(game.info.name)}: {render.literal(', '.join(names))} — {_seed_text(match)}")
    if chance == "table" and match.screen is not None:  # before the first question: the table's layout
        from bgkit.terminal.table import say_layout

        say_layout(match.screen.console, game, match.log, match.secret_seed)
    return _run_match(match, format, log)


def seed_kept_secret(game: Game, people: bool, chance: str) -> bool:
    """Whether the seed is kept from the people at the table until the game ends: with it, anyone
    could play the same game on the side and learn what is hidden or still to be drawn (a hand,
    the next card, a bot's sealed choice)."""
    dynamics = game.info.dynamics
    return people and (dynamics.hidden or dynamics.sealed or (dynamics.chance and chance == "random"))


def _seed_text(match: Match) -> str:
    return "the seed is shown when the game ends" if match.secret_seed else f"seed {match.log.seed}"


def resume_game(registry: Any, path: Path, save: Path, log: Path | None, chance: str | None, format: str, force: bool = False,
                seats_given: list[str] | None = None) -> tuple[Match, Any] | None:
    """Continue a saved game, checked first as strictly as ``bgkit replay --verify`` checks a log.

    An ``exec:`` seat of the save runs only if ``seats_given`` (``--seat N=SPEC``) gives it again,
    or the person at the terminal confirms it (bgkit.sessions.trust): a file never starts a program."""
    from bgkit.model.savefile import read_json
    from bgkit.sessions.trust import parse_given, programs_allowed, terminal_confirm
    from bgkit.sessions.verify import verify_log

    saved = GameLog.from_dict(read_json(path, "save file"), str(path))
    given = parse_given(seats_given or [], "--seat", saved.players, "seat")
    specs = programs_allowed(saved.seats, given, str(path), "--seat", "seat", terminal_confirm())
    for target, what in ((save, "save"), (log, "log")):
        check_target(target, saved.game, force, what, resuming=path)
    chance = chance or saved.chance  # a table game resumes at the table
    game = load_logged_game(registry, saved)
    state, _ = verify_log(game, runtime_for(game), saved, str(path))
    if state.is_terminal() or limit_reached(runtime_for(game), state, saved.actions):
        raise BadInput(f"the game saved in {path} is over: nothing to resume (bgkit replay {path} shows it)")
    has_human = any(parse_seat_spec(s)[0] == "human" for s in saved.seats)
    console, ask = _prompt_tools(has_human or chance == "table")
    match = build_match(
        game, specs, saved.names, saved.seed or 0, saved.options,
        log=saved, chance=chance, console=console, ask=ask, save_path=save, bots=registry.bots,
    )
    match.secret_seed = seed_kept_secret(game, has_human, match.log.chance)
    render.stderr().print(f"Resuming {render.literal(game.info.name)} after {len(saved.actions)} actions — "
                          f"{_seats_line(specs, saved.names)} — {_seed_text(match)}")
    return _run_match(match, format, log)


def _resume_command(match: Match, where: Path) -> str:
    """The command that resumes a saved game: its exec: seats given again (a save never starts a program)."""
    import shlex

    seats = [f" --seat {i + 1}={shlex.quote(spec)}" for i, spec in enumerate(match.log.seats) if parse_seat_spec(spec)[0] == "exec"]
    return render.literal(f"bgkit play --resume {shlex.quote(str(where))}{''.join(seats)}")


def _seats_line(specs: list[str], names: list[str]) -> str:
    """Who sits where, each ``exec:`` seat with the program it runs (a name can say anything)."""
    from bgkit.sessions.trust import runs

    return render.literal(", ".join(f"P{i + 1} {name}{runs(spec)}" for i, (spec, name) in enumerate(zip(specs, names))))


def _run_match(match: Match, format: str, log_path: Path | None) -> tuple[Match, Any] | None:
    """Play to the end; returns (match, scored result), or None if the game was stopped and saved."""
    from bgkit.model.savefile import write_json

    if match.screen is not None:  # people at the table wait for each bot's move: bounded, and shown
        from bgkit.bots.table import seat_at_table

        seat_at_table(match.seats)
    try:
        scored = match.play()
    except PluginError as failure:  # nothing is lost: the save holds every decision up to the failure
        people = any(seat.person for seat in match.seats)
        if match.save_path is not None or people:
            where = match.save()
            raise PluginError(f"{failure} (the game up to here is saved in {where})") from failure
        if log_path is not None:  # a bot's fault: the log keeps every decision before it, and replays
            write_json(log_path, match.log.to_dict())
            raise PluginError(f"{failure} (the game up to here is logged in {log_path})") from failure
        raise
    except (QuitRequest, KeyboardInterrupt) as stop:
        people = any(seat.person for seat in match.seats)
        if match.save_path is not None or people:
            where = match.save()
            seed = f" (seed {match.log.seed})" if match.secret_seed else ""  # the game stops here: the seed may be told
            render.stderr().print(f"Saved to {where}{seed}. Resume with: {_resume_command(match, where)}")
        if isinstance(stop, KeyboardInterrupt):
            render.stderr().print("interrupted")
            raise SystemExit(130) from None
        return None
    if match.screen is not None:
        match.screen.flush()  # the last moves, before the final table
    if log_path is not None:
        write_json(log_path, match.log.to_dict())
    info = match.game.info
    drawing = lambda console: render.print_match_end(console, info.name, match.state, match.log, scored, info.plugin or info.id)  # noqa: E731
    emit(Output(render.match_record(match.log, scored), drawing), format, "play")
    return match, scored


def replay_command(registry: Any, path: Path, verify: bool, format: str, seat: int | None = None, allow_unseeded: bool = False) -> None:
    """Replay (or verify) a log; with ``seat``, step by step as that seat saw the game."""
    from bgkit.model.savefile import read_json

    log = GameLog.from_dict(read_json(path, "game log"), str(path))
    game = load_logged_game(registry, log)
    runtime = runtime_for(game)
    if seat is not None:
        if not 1 <= seat <= log.players:
            raise BadInput(f"--as takes a seat 1-{log.players}, not {seat}")
        if verify:
            raise BadInput("--as shows one seat's view; verify the whole log without it")
    notes: list[str] = []
    if verify:
        from bgkit.sessions.verify import verify_log

        state, notes = verify_log(game, runtime, log, str(path), allow_unseeded=allow_unseeded)
    else:
        state = replay(game, runtime, log, source=str(path))
    scored = game_result(game, runtime, state, log)  # None while the game goes on
    finished = scored is not None
    if seat is not None:
        _replay_as(game, runtime, log, seat - 1, format, scored)
        return
    drawing = lambda console: render.print_replay(  # noqa: E731
        console, game.info.name, log, state if not verify else None, scored, verify, notes, game.info.plugin or game.info.id)
    emit(Output(render.replay_record(log, verify, finished, scored, notes), drawing), format, "replay")


def _replay_as(game: Game, runtime: Any, log: GameLog, seat: int, format: str, scored: Any) -> None:
    """The game as ``seat`` saw it: each action's text if it was in the audience, else its public text."""
    from bgkit.engine.match import replay_events

    events, state = [], None
    for event, state in replay_events(game, runtime, log):
        events.append((event, event.seen_by(seat)))
    drawing = lambda console: render.print_seat_replay(console, game.info.name, log, seat, events, state, scored)  # noqa: E731
    emit(Output(render.seat_replay_record(log, seat, events, scored), drawing), format, "replay --as")


def run_tournament(
    registry: Any,
    game: Any,
    specs: list[str],
    names: list[str],
    seed: int,
    games: int,
    option_values: dict[str, str],
    format: str,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
) -> None:
    """``bgkit play`` with many games: records stream out (JSON) and into the summary, never kept."""
    import sys

    from bgkit.tournaments.executors import play_games
    from bgkit.tournaments.summary import Summary
    from bgkit.tournaments.tournament import GameRecord, Schedule, data_of, preload

    # Build one match up front so bad seat specs fail here, before any worker starts.
    build_match(game, specs, names, seed, option_values, bots=registry.bots)
    data = data_of(game.data_path)
    plan = Schedule(game.info.id, data, option_values, tuple(specs), tuple(names), games, seed)
    if games % len(specs):
        render.stderr().print(
            f"warning: {render.plural(games, 'game')} do not rotate {len(specs)} seats evenly; use a multiple of {len(specs)}"
        )
    preload(game, data)
    summary = Summary(names, seed, game.info.id)

    def record(game_record: GameRecord) -> None:
        summary.add(game_record)
        if format == "json":
            render.print_json(game_record.to_dict())

    interrupted = play_games(registry, plan, range(games), games, record, executor=executor, jobs=jobs, scheduler=scheduler)
    done = summary.to_dict()
    if format == "json":
        render.print_json(done)
    elif summary.games or not interrupted:  # no table of zeros for a run stopped before any game finished
        console = render.stdout()
        console.print(render.tournament_table(done))
        console.print(render.score_histograms({label: summary.score_counts(label) for label in names}, fancy=sys.stdout.isatty()))
    if interrupted:
        render.stderr().print(render.interrupted_note(summary.games, games))
        raise SystemExit(130)
