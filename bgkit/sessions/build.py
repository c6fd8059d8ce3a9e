"""Match assembly: seats from specs, the setup (or a log to resume), chance, and the screen.

``bgkit play`` and the tournament runner both build their games here, so neither imports the
other. The bots a spec may name come from the caller (the registry's, handed down by the command);
without them, the core's own bots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bgkit.bots import parse_seat_spec
from bgkit.engine.driver import Narrator, SeatHistories
from bgkit.engine.match import GameLog, Match, RandomChance, chance_stream, data_record, derive_seed, logged_start, play_log, seated, start_state
from bgkit.model.errors import BadInput, PluginError
from bgkit.model.game import CHANCE, Game
from bgkit.engine.runtime import Runtime, runtime_for


def seat_names(specs: list[str]) -> list[str]:
    """A unique name per seat: ``human:Ada`` -> Ada, a bot -> its spec, repeats numbered."""
    names: list[str] = []
    for spec in specs:
        kind, params = parse_seat_spec(spec)
        base = params.get("name") or (f"human {len(names) + 1}" if kind == "human" else _exec_name(params) if kind == "exec" else spec)
        name, n = base, 2
        while name in names:
            name, n = f"{base} #{n}", n + 1
        names.append(name)
    return names


def _exec_name(params: dict[str, str]) -> str:
    from bgkit.exec.seat import exec_name

    return exec_name(params)


_CORE_BOTS: dict[str, Any] = {}


def core_bots() -> dict[str, Any]:
    """The core's bots (random, greedy, mcts), for a match built outside any registry."""
    if not _CORE_BOTS:
        from bgkit.bots import plugin as module
        from bgkit.plugins.registry import BotInfo

        found: dict[str, Any] = {}
        module.bgkit_register_bots(register=lambda name, factory, help: found.setdefault(name, BotInfo(name, factory, help, "bgkit")))
        _CORE_BOTS.update(found)
    return dict(_CORE_BOTS)


def _make_seat(runtime: Runtime, kind: str, params: dict[str, str], name: str, seed: int, bots: dict[str, Any], screen: Any) -> Any:
    if kind == "human":
        if screen is None:
            raise BadInput("human seats need a terminal (stdin is not one); use bot seats to play from a script")
        from bgkit.terminal.human import HumanSeat

        return HumanSeat(name, runtime, screen)
    if kind == "exec":
        from bgkit.exec.seat import make_exec_seat

        return make_exec_seat(params, name, seed)
    if kind not in bots:
        raise BadInput(f"unknown seat {kind!r} (seats: human[:NAME], {', '.join(bots)}, exec:PROGRAM [ARGS])")
    params.pop("name", None)
    factory = bots[kind].factory
    if not callable(factory):
        raise PluginError(f"bot {kind!r} (plugin {bots[kind].plugin!r}) has a factory that cannot be called")
    try:
        bot = factory(runtime, seed, **params)
    except (BadInput, PluginError):
        raise
    except Exception as exc:
        raise PluginError(f"bot {kind!r} (plugin {bots[kind].plugin!r}) failed to start: {type(exc).__name__}: {exc}") from exc
    if not callable(getattr(bot, "choose", None)):
        raise PluginError(f"bot {kind!r} (plugin {bots[kind].plugin!r}) has no choose(decision) method")
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
    bots: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
    setup_from: str = "seed",
) -> Match:
    """A match ready to play: the setup through its hook (or the one given: a table's real setup,
    or the log's, when resuming), seats, chance.

    ``console`` and ``ask`` are the terminal of the people playing (None in a script). Resumed,
    the chance stream carries on where the saved game left it, as if it had never stopped.
    """
    from bgkit.engine.setups import make_setup

    runtime = runtime_for(game)
    resumed = log is not None
    if log is None:
        if setup is None:
            setup = make_setup(game, len(specs), seed, option_values)
        log = GameLog(game=game.info.id, players=len(specs), setup=setup, seats=list(specs), names=list(names), seed=seed,
                      options=dict(option_values), data=data_record(game.data_path) if game.data_path else None,
                      chance=chance, setup_from=setup_from)
        state = start_state(game, setup)
    else:
        game.info.check_players(log.players)
        state = logged_start(game, log, source=str(save_path or "log"))
        log.chance = "table" if "table" in (log.chance, chance) else "random"  # once typed in, never checkable
    bot_seeds = bot_seeds or [derive_seed(seed, "bot", i) for i in range(len(specs))]
    parsed = [parse_seat_spec(spec) for spec in specs]
    kinds = [kind for kind, _ in parsed]
    if "exec" in kinds:
        bot_seeds = _exec_seeds(log, kinds, seed, bot_seeds)
    screen = _screen(kinds, names, chance, console, ask)
    bots = bots if bots is not None else core_bots()
    seats = [_make_seat(runtime, kind, params, name, bot_seed, bots, screen) for (kind, params), name, bot_seed in zip(parsed, names, bot_seeds)]
    if chance == "table":
        from bgkit.terminal.human import TableChance

        chooser: Any = TableChance(screen)
    else:
        chance_rng = chance_stream(seed, sum(1 for player, _ in log.actions if player == CHANCE))
        chooser = RandomChance(chance_rng)
    wanting = [p for p, seat in enumerate(seats) if seated(seat).wants_history]
    histories = SeatHistories(wanting) if wanting else None
    narrator = Narrator()
    if resumed:  # the logged actions through the one driver: each checked, and told to the seats that keep a history
        state = play_log(runtime, state, log, str(save_path or "log"), [histories] if histories else [], narrator=narrator)
    match_class = Match
    if "exec" in kinds:  # its bots' processes are started before play and ended after it
        from bgkit.exec.seat import ExecMatch

        match_class = ExecMatch
    match = match_class(game=game, runtime=runtime, state=state, log=log, seats=seats, chance=chooser, save_path=save_path,
                        histories=histories, narrator=narrator)
    match.seat_plugins = [bots[k].plugin if k in bots and not _core(bots[k].plugin) else "" for k in kinds]
    match.revealed = [True] * len(log.actions)  # a resumed game cannot undo into the old session
    narrator.count = len(log.actions)
    if screen is not None:
        screen.attach(match)
        match.screen = screen
        match.listeners.append(screen.tell_event)
        if chance == "table":
            _at_table(game, match, screen)
    return match


def _at_table(game: Game, match: Match, screen: Any) -> None:
    """A real table: the bots' moves said as instructions in the game's words, corrections of what
    is typed in (bgkit.terminal.table)."""
    from bgkit.terminal.table import TableTalk

    talk = TableTalk(screen, match.seats, game.play.wording.instruction, match.log.actions)
    screen.at_table(talk)
    match.watchers.append(talk)


def _exec_seeds(log: GameLog, kinds: list[str], seed: int, bot_seeds: list[int]) -> list[int]:
    """Each exec: seat's seed keyed by this machine's secret (bgkit.sessions.botseeds), or the one
    its log records (a resumed game), recorded in the log; the other seats' as they were."""
    from bgkit.sessions.botseeds import exec_seed

    recorded = log.bot_seeds or [None] * len(kinds)
    given = [(recorded[i] if recorded[i] is not None else exec_seed(seed, i)) if kind == "exec" else None for i, kind in enumerate(kinds)]
    log.bot_seeds = given
    return [mine if mine is not None else theirs for mine, theirs in zip(given, bot_seeds)]


def _screen(kinds: list[str], names: list[str], chance: str, console: Any, ask: Any) -> Any:
    """The terminal of the people at the table (None when only bots play and chance is drawn)."""
    people = [i for i, kind in enumerate(kinds) if kind == "human"]
    if not people and chance != "table":
        return None
    if ask is None:
        if chance == "table" and not people:
            raise BadInput("--chance table needs a terminal to type the outcomes in")
        raise BadInput("human seats need a terminal (stdin is not one); use bot seats to play from a script")
    from bgkit.terminal.human import Screen

    return Screen(console, ask, names, people)


def _core(plugin: str) -> bool:
    """Whether ``plugin`` is the core itself (a bot of its own, registered by one of its layers)."""
    from bgkit.plugins.registry import DEFAULT_PLUGINS

    return plugin == "bgkit" or plugin in DEFAULT_PLUGINS
