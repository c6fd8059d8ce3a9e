"""The ``play`` and ``replay`` commands: seats from specs, one game or a tournament, resume, replay."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from bgkit import render
from bgkit.bots import parse_seat_spec
from bgkit.engine import (
    CHANCE,
    GameLog,
    Match,
    QuitRequest,
    data_record,
    derive_seed,
    final_result,
    load_logged_game,
    replay,
    sample_chance,
)
from bgkit.errors import BadInput
from bgkit.game import Game
from bgkit.rules import Rules, rules_for


def seat_names(specs: list[str]) -> list[str]:
    """A unique name per seat: ``human:Ada`` -> Ada, a bot -> its spec, repeats numbered."""
    names = []
    for spec in specs:
        kind, params = parse_seat_spec(spec)
        base = params.get("name") or (f"human {len(names) + 1}" if kind == "human" else spec)
        name, n = base, 2
        while name in names:
            name, n = f"{base} #{n}", n + 1
        names.append(name)
    return names


def make_seat(rules: Rules, spec: str, name: str, seed: int, console: Any = None, ask: Any = None, others: tuple[int, ...] = ()) -> Any:
    from bgkit.plugins import get_registry

    kind, params = parse_seat_spec(spec)
    if kind == "human":
        if ask is None:
            raise BadInput("human seats need a terminal (stdin is not one); use bot seats to play from a script")
        from bgkit.human import HumanSeat

        return HumanSeat(name, rules, console, ask, others=others)
    bots = get_registry().bots
    if kind not in bots:
        raise BadInput(f"unknown seat {kind!r} (seats: human[:NAME], {', '.join(bots)})")
    params.pop("name", None)
    bot = bots[kind].factory(rules, seed, **params)
    bot.name = name
    return bot


def build_match(
    game: Game,
    specs: list[str],
    names: list[str],
    seed: int,
    option_values: dict[str, str],
    bot_seeds: list[int] | None = None,
    log: GameLog | None = None,
    chance: str = "random",
    console: Any = None,
    ask: Any = None,
    save_path: Path | None = None,
) -> Match:
    """A match ready to play: the setup through its hook (or the log's, when resuming), seats, chance."""
    from bgkit.setups import make_setup

    rules = rules_for(game)
    if log is None:
        setup = make_setup(game, len(specs), seed, option_values)
        log = GameLog(
            game=game.info.id,
            players=len(specs),
            setup=setup,
            seats=list(specs),
            names=list(names),
            seed=seed,
            options=dict(option_values),
            data=data_record(game.data_path) if game.data_path else None,
        )
        state = game.new_state(setup)
    else:
        state = replay(game, rules, log, source=str(save_path or "log"))
    bot_seeds = bot_seeds or [derive_seed(seed, "bot", i) for i in range(len(specs))]
    people = [i for i, s in enumerate(specs) if parse_seat_spec(s)[0] == "human"]
    humans = len(people)
    seats = [
        make_seat(rules, spec, name, bot_seed, console, ask, others=tuple(p for p in people if p != i))
        for i, (spec, name, bot_seed) in enumerate(zip(specs, names, bot_seeds))
    ]
    if chance == "table":
        if ask is None:
            raise BadInput("--chance table needs a terminal to type the outcomes in")
        from bgkit.human import TableChance

        chooser: Any = TableChance(console, ask)
    else:
        chance_rng = random.Random(derive_seed(seed, "chance", len(log.actions)))
        chooser = lambda state: sample_chance(state, chance_rng)  # noqa: E731
    match = Match(game=game, rules=rules, state=state, log=log, seats=seats, chance=chooser, save_path=save_path)
    match.revealed = [True] * len(log.actions)  # a resumed game cannot undo into the old session
    if humans:
        match.on_action = _announcer(match, console)
        legend = " · ".join(f"P{i + 1} {name}" for i, name in enumerate(names))
        for index in people:
            seats[index].legend = legend
    return match


def _announcer(match: Match, console: Any):
    """Tell the people at the terminal what the other seats and chance did (sealed choices stay sealed)."""

    def announce(player: int, text: str, sealed: bool) -> None:
        if player == CHANCE:
            console.print(f"[bold]chance[/bold]: {text}")
            return
        seat = match.seats[player]
        if getattr(seat, "person", False) and not sealed:
            return  # they typed it themselves
        console.print(f"[bold]{seat.name}[/bold]: {'a sealed choice' if sealed else text}")

    return announce


def _prompt_tools(needed: bool) -> tuple[Any, Any]:
    """The console and input function for people at the terminal, or (console, None) in a script."""
    console = render.stderr()
    if not needed or not render.interactive():
        return console, None

    def ask(question: str) -> str:
        return console.input(question if question.endswith(" ") else question + " ")

    return console, ask


def play_command(
    game: Game,
    specs: list[str],
    seed: int | None,
    games: int,
    jobs: int,
    options: list[str],
    format: str,
    save: Path | None,
    log: Path | None,
    chance: str,
    data: Path | None,
    executor: str = "local",
    scheduler: str | None = None,
) -> None:
    from bgkit.setups import check_seed, new_seed, parse_options

    if not specs:
        raise BadInput(f"give one seat per player, e.g. bgkit play {game.info.id} human greedy")
    game.info.check_players(len(specs))
    if not game.info.playable:
        raise BadInput(f"{game.info.name} cannot be played yet (setup and score work)")
    option_values = parse_options(game, options)
    seed = check_seed(new_seed() if seed is None else seed)
    names = seat_names(specs)
    has_human = any(parse_seat_spec(s)[0] == "human" for s in specs)
    if games > 1 or jobs > 1 or executor != "local" or scheduler:
        if has_human or chance == "table":
            raise BadInput("--games and --jobs are for bot matches; play humans or --chance table one game at a time")
        if save is not None or log is not None:
            raise BadInput("--save and --log keep one game; for many, --format json gives a record of each")
        from bgkit.tournament import run_tournament

        run_tournament(game, specs, names, seed, games, option_values, format, jobs=jobs, executor=executor, scheduler=scheduler)
        return
    for path in (save, log):
        check_writable(path)
    console, ask = _prompt_tools(has_human or chance == "table")
    match = build_match(game, specs, names, seed, option_values, chance=chance, console=console, ask=ask, save_path=save)
    render.stderr().print(f"{game.info.name}: {', '.join(names)} — seed {seed}")
    _run_match(match, format, log)


def check_writable(path: Path | None) -> None:
    """Refuse a --save or --log path before the game, not after it has been played."""
    if path is None:
        return
    if path.is_dir():
        raise BadInput(f"{path} is a directory; give a file name")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"cannot write {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise BadInput(f"cannot write {path}: the folder is not writable")


def resume_game(path: Path, save: Path, log: Path | None, chance: str, format: str) -> None:
    from bgkit.plugins import get_registry
    from bgkit.savefile import read_json

    saved = GameLog.from_dict(read_json(path, "save file"), str(path))
    for target in (save, log):
        check_writable(target)
    info = get_registry().game(saved.game)
    game = load_logged_game(info, saved)
    has_human = any(parse_seat_spec(s)[0] == "human" for s in saved.seats)
    console, ask = _prompt_tools(has_human or chance == "table")
    match = build_match(
        game, saved.seats, saved.names, saved.seed or 0, saved.options,
        log=saved, chance=chance, console=console, ask=ask, save_path=save,
    )
    render.stderr().print(f"Resuming {info.name} after {len(saved.actions)} actions — seed {saved.seed}")
    _run_match(match, format, log)


def _run_match(match: Match, format: str, log_path: Path | None) -> None:
    from bgkit.savefile import write_json

    try:
        scored = match.play()
    except (QuitRequest, KeyboardInterrupt) as stop:
        people = any(getattr(seat, "person", False) for seat in match.seats)
        if match.save_path is not None or people:
            where = match.save()
            render.stderr().print(f"Saved to {where}. Resume with: bgkit play --resume {where}")
        if isinstance(stop, KeyboardInterrupt):
            render.stderr().print("interrupted")
            raise SystemExit(130) from None
        return
    result = match.log.result
    if log_path is not None:
        write_json(log_path, match.log.to_dict())
    if format == "json":
        render.print_json(
            {
                "index": 0,
                "game": match.log.game,
                "seed": match.log.seed,
                "options": match.log.options,
                "seats": match.log.names,
                "specs": match.log.seats,
                **result,
                "winners": [match.log.names[i] for i in result["winners"]],
                "score": scored.to_dict(),
            }
        )
    else:
        console = render.stdout()
        console.print(match.state.render(None))
        render.print_score(scored, console, match.game.info.name)
        console.print(f"{result['decisions']} decisions — seed {match.log.seed}")


def replay_command(path: Path, verify: bool, format: str) -> None:
    from bgkit.plugins import get_registry
    from bgkit.savefile import read_json

    log = GameLog.from_dict(read_json(path, "game log"), str(path))
    info = get_registry().game(log.game)
    game = load_logged_game(info, log)
    rules = rules_for(game)
    state = replay(game, rules, log, source=str(path))
    finished = state.is_terminal()
    scored = final_result(game, state, log.names) if finished else None
    if verify:
        if log.result is not None and scored is not None:
            recorded = (log.result.get("scores"), log.result.get("winners"))
            if recorded != (scored.totals, scored.winners):
                raise BadInput(
                    f"the recorded result {recorded[0]} does not match the replayed one {scored.totals}", str(path)
                )
        if log.result is not None and not finished:
            raise BadInput("the log records a result but the replayed game has not ended", str(path))
    if format == "json":
        render.print_json(
            {
                "game": log.game,
                "seed": log.seed,
                "actions": len(log.actions),
                "finished": finished,
                "verified": verify,
                "score": scored.to_dict() if scored else None,
            }
        )
        return
    console = render.stdout()
    if not verify:
        for number, (player, text) in enumerate(log.actions, start=1):
            who = "chance" if player == CHANCE else log.names[player]
            console.print(f"{number:>4}. {who}: {text}")
        console.print(state.render(None))
    if scored is not None:
        render.print_score(scored, console, game.info.name)
    verdict = "verified: every action legal" + (", result matches" if log.result else "") if verify else "replayed"
    console.print(f"{verdict} — {len(log.actions)} actions — seed {log.seed}")
