"""Test helpers for bgkit and its plugins: run the CLI in-process, and the conformance suite.

Plugins use these from their own tests::

    from bgkit.testing import run_cli
    result = run_cli(["score", "mygame", "sheet.toml"])
    assert result.exit_code == 2 and "sheet.toml:4" in result.stderr
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    import random
    import subprocess
    from collections.abc import Iterable
    from pathlib import Path

    from bgkit.engine.match import Match
    from bgkit.engine.runtime import Runtime
    from bgkit.model.game import Game, State

#: What a plugin's tests (and benchmarks) drive the core with, beyond :mod:`bgkit.api`: the
#: registry, matches, sheets read as the CLI reads them, the core's bots and executors. Each is
#: imported from its home module on first use.
_TEST_HOMES: dict[str, str] = {
    **dict.fromkeys(("get_registry", "reset_registry", "BotInfo"), "bgkit.plugins.registry"),
    **dict.fromkeys(("build_match", "seat_names", "core_bots"), "bgkit.sessions.build"),
    **dict.fromkeys(("sheet_from_data", "parse_sheet", "ask_sheet"), "bgkit.model.sheets"),
    **dict.fromkeys(("GameLog", "replay"), "bgkit.engine.match"),
    "Screen": "bgkit.terminal.human",
    "GreedyBot": "bgkit.bots.greedy",
    "MctsBot": "bgkit.bots.mcts",
    "RandomBot": "bgkit.bots.random_bot",
    "play_games": "bgkit.tournaments.executors",
}


def __getattr__(name: str) -> Any:
    home = _TEST_HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bgkit.testing' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


def as_if_at_a_terminal(monkeypatch: Any) -> None:
    """Make bgkit believe stdin and stdout are a terminal (its prompts then ask, as for a person)."""
    import bgkit.terminal.render

    monkeypatch.setattr(bgkit.terminal.render, "interactive", lambda: True)


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str


def scripted(answers: list[str]) -> Callable[[str], str]:
    """An ``ask`` function for a human seat that answers from a list, then raises EOFError
    (which the prompt treats as ``quit``). Use it with ``bgkit.cli.play.build_match(..., ask=...)``
    to test a human game::

        match = build_match(game, ["human:Ada", "random"], ["Ada", "random"], seed, options,
                            console=Console(file=io.StringIO()), ask=scripted(["take 1", "quit"]))
    """
    remaining = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(remaining)
        except StopIteration:
            raise EOFError from None

    return ask


def _ctrl_c_as_at_a_terminal() -> None:
    """In a child about to run bgkit: Ctrl-C interrupts, as at a person's terminal, even when the
    tests themselves run as a shell's background job (which starts with SIGINT ignored, and a
    child inherits that)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``bgkit ARGS`` on a pseudo-terminal, for testing what a person sees and types.

    ``read_until(*texts)`` reads the screen until one of ``texts`` shows and returns what came
    before it (``last_found`` says which one); ``type(line)`` types a line; ``finish()`` waits for
    the exit code. The read limit only stops a hung test: nothing is timed.
    """

    def __init__(self, args: list[str], cwd: str | Path | None, columns: int = 100, lines: int = 50):
        import os
        import pty
        import subprocess
        import sys

        self.master, slave = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k != "CI"}  # CI=true means "never prompt"
        env.update(COLUMNS=str(columns), LINES=str(lines), NO_COLOR="1", TERM="dumb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bgkit", *map(str, args)], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
            preexec_fn=_ctrl_c_as_at_a_terminal,
        )
        os.close(slave)
        self.seen = ""
        self.last_found = ""

    def read_until(self, *texts: str, limit: float = 120.0) -> str:
        import os
        import select

        while not any(t in self.seen for t in texts):
            ready, _, _ = select.select([self.master], [], [], limit)
            if not ready:
                raise AssertionError(f"never saw {texts!r}; screen:\n{self.seen[-3000:]}")
            try:
                chunk = os.read(self.master, 65536).decode(errors="replace")
            except OSError:
                chunk = ""
            if not chunk:
                raise AssertionError(f"the program ended before {texts!r}; screen:\n{self.seen[-3000:]}")
            self.seen += chunk
        self.last_found = min((t for t in texts if t in self.seen), key=self.seen.index)
        before, _, self.seen = self.seen.partition(self.last_found)
        return before.replace("\r\n", "\n")

    def type(self, line: str) -> None:
        import os

        os.write(self.master, (line + "\n").encode())

    def finish(self) -> int:
        import os

        code = self.proc.wait(timeout=120)
        os.close(self.master)
        return code


def run_cli(args: list[str], input: str | None = None) -> CliResult:
    """Run ``bgkit ARGS`` in this process as ``main()`` would: bad input is exit 2 and one line."""
    from typer.testing import CliRunner

    from bgkit.cli.main import _plugin_fault, app, error_line
    from bgkit.model.errors import BadInput, PluginError, escape_controls

    runner = CliRunner()
    result = runner.invoke(app, [str(a) for a in args], input=input)
    stderr = result.stderr
    code = result.exit_code
    blamed = _plugin_fault(result.exception) if result.exception is not None else None
    if isinstance(result.exception, BadInput):
        code = 2
        stderr += error_line(result.exception) + "\n"
    elif isinstance(result.exception, PluginError):
        code = 1
        stderr += f"bgkit: error: {escape_controls(result.exception)}\n"
    elif blamed is not None:  # plugin code failed outside play (a SystemExit too): named, as main() does
        code = 1
        stderr += f"bgkit: error: {escape_controls(blamed)}\n"
    elif result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(code, result.stdout, stderr)


def ctrl_c_when(args: list[str], cwd: str | Path | None, shows: bytes, before: Callable[[int], Any] | None = None) -> tuple[int, str, Any]:
    """``bgkit ARGS`` on a pseudo-terminal of its own session; when the screen matches the regex
    ``shows``, Ctrl-C reaches the whole process group (workers too), as a terminal's would.

    ``before(pid)`` runs just before the interrupt (to note the workers, say). Returns the exit code,
    everything the screen showed, and what ``before`` returned. The read limit only stops a hung test.
    """
    import os
    import pty
    import re
    import select
    import signal
    import subprocess
    import sys

    master, slave = pty.openpty()
    env = {**{k: v for k, v in os.environ.items() if k != "CI"}, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", *map(str, args)], stdin=slave, stdout=slave, stderr=slave,
                            cwd=cwd, env=env, start_new_session=True, preexec_fn=_ctrl_c_as_at_a_terminal)
    os.close(slave)
    screen, noted = b"", None
    try:
        while not re.search(shows, screen):
            ready, _, _ = select.select([master], [], [], 120)
            assert ready, screen.decode(errors="replace")
            screen += os.read(master, 65536)
        if before is not None:
            noted = before(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            assert ready, screen.decode(errors="replace")
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
        code = proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(master)
    return code, screen.decode(errors="replace"), noted


#: The address space a memory-limited run may use: Python, rich and every plugin fit well under it.
MEMORY_LIMIT = 1_500 * 2**20


def run_limited(argv: list[str], stdin: int | IO[Any] | None = None, cwd: str | Path | None = None, timeout: float = 120,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``argv`` in a subprocess with at most :data:`MEMORY_LIMIT` bytes of address space, for input
    that could allocate without bound: a bug then costs the test a MemoryError, not the machine its
    memory. Returns the ``subprocess.CompletedProcess`` (text output; the timeout only stops a hang)."""
    import os
    import resource
    import subprocess

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    full_env = {k: v for k, v in {**os.environ, **(env or {})}.items() if k != "CI"}
    return subprocess.run(argv, stdin=stdin if stdin is not None else subprocess.DEVNULL, capture_output=True,
                          text=True, cwd=cwd, timeout=timeout, preexec_fn=limit, env=full_env)


def bgkit_limited(*args: object, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``bgkit ARGS`` run by :func:`run_limited`."""
    import sys

    return run_limited([sys.executable, "-m", "bgkit", *map(str, args)], **kwargs)


# -- setup files a person edited (``bgkit play GAME ... --setup FILE``) ------------------------------


def edited_setup(tmp_path: Path, game: str, players: int, edit: Callable[[Any], Any] | None = None, fmt: str = "json",
                 options: tuple[str, ...] = (), seed: int = 1) -> Path:
    """The document ``bgkit setup`` writes, edited by ``edit`` (JSON: called with the setup dict;
    TOML: given the text, returns it), written to ``tmp_path`` as a person would."""
    import json

    args = ["setup", game, "-p", str(players), "--seed", str(seed), "--format", fmt]
    for option in options:
        args += ["--option", option]
    text = run_cli(args).stdout
    if fmt == "json":
        doc = json.loads(text)
        if edit:
            edit(doc["setup"])
        text = json.dumps(doc, indent=2)  # as a person reformats it to edit it
    elif edit:
        text = edit(text)
    path = tmp_path / f"table.{fmt}"
    path.write_text(text, encoding="utf-8")
    return path


def play_setup(game: str, players: int, path: str | Path) -> CliResult:
    """Random bots play ``game`` from the setup file at ``path``."""
    return run_cli(["play", game, *["random"] * players, "--setup", str(path), "--format", "json"])


def run_importing(args: list[str], package: str, cwd: str | Path | None = None) -> tuple[int, str, set[str]]:
    """``bgkit ARGS`` in a fresh interpreter: its exit code, its stdout, and the modules of
    ``package`` it imported (what a test of "setup and score read the table half alone" checks)."""
    import subprocess
    import sys

    probe = ("import sys, runpy; sys.argv = ['bgkit', *sys.argv[1:]]\n"
             "code = 0\n"
             "try:\n    runpy.run_module('bgkit', run_name='__main__')\nexcept SystemExit as exit:\n"
             "    code = exit.code or 0\n"
             f"print('MODULES', code, *sorted(m for m in sys.modules if m.startswith({package!r})), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=cwd, timeout=60)
    last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    assert last.startswith("MODULES "), done.stdout + done.stderr
    _, code, *modules = last.split()
    return int(code), done.stdout, set(modules)


def setup_file_kit(game: str) -> tuple[Callable[..., Path], Callable[[str | Path, int], CliResult]]:
    """A game's two setup-file helpers for its tests: ``setup_file(tmp_path, players, edit=None, **more)``
    writes the seed's setup (edited, as :func:`edited_setup`), ``play(path, players)`` plays it."""

    def setup_file(tmp_path: Path, players: int, edit: Callable[[Any], Any] | None = None, **more: Any) -> Path:
        return edited_setup(tmp_path, game, players, edit, **more)

    def play(path: str | Path, players: int) -> CliResult:
        return play_setup(game, players, path)

    return setup_file, play


def assert_setup_refused(result: CliResult | subprocess.CompletedProcess[str], path: str | Path, field: str, *words: str) -> str:
    """Exit 2 and one line, ``bgkit: error: FILE:LINE: setup.FIELD ...``, with ``words`` in it and
    no Python (no traceback, no exception's name); ``result`` from :func:`run_cli` or a subprocess."""
    import re

    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    text: str = result.stderr.strip()
    assert code == 2 and len(text.splitlines()) == 1, text
    assert re.match(rf"bgkit: error: {re.escape(str(path))}:\d+: {re.escape(field)} ", text), text
    assert not re.search(r"Traceback|\b[A-Z][a-z]+Error\b", text), text
    for word in words:
        assert word in text, text
    return text


# -- the conformance suite -------------------------------------------------------------------------


def check_light_start(game_id: str, commands: tuple[tuple[str, ...], ...] = (("--help",), ("games",), ("plugins",))) -> None:
    """``bgkit --help``, ``games`` and ``plugins`` import nothing of the game but its plugin module.

    Runs each command in a fresh interpreter and lists the game package's modules it imported.
    """
    import json
    import subprocess
    import sys

    from bgkit.plugins.registry import get_registry

    registry = get_registry()
    info = registry.game(game_id)
    package = info.package
    plugin = registry.pm.get_plugin(info.plugin)
    assert plugin is not None, f"{game_id}: its plugin {info.plugin!r} is not registered"
    allowed = {package, plugin.__name__}
    for command in commands:
        code = (
            "import json, sys\n"
            "from bgkit.cli.main import main\n"
            f"sys.argv = ['bgkit', *{list(command)!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m == {package!r} or m.startswith({package + '.'!r}))), file=sys.stderr)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
        assert loaded <= allowed, f"bgkit {' '.join(command)} imported {sorted(loaded - allowed)} of {game_id}"


def check_setup(game_id: str, players: int, seeds: range = range(3)) -> None:
    """Setups: same seed same setup, JSON round trip, TOML-writable, the seat schema, count >= 1,
    the sheet template parses."""
    import json
    import tomllib

    import tomli_w

    from bgkit.plugins.registry import get_registry
    from bgkit.engine.setups import make_setup
    from bgkit.model.sheets import template

    game = get_registry().load_game(game_id)
    options = {opt.name: opt.default for opt in game.options}
    for seed in seeds:
        first = make_setup(game, players, seed, options)
        where = f"{game_id} {players}p seed {seed}"
        assert first == make_setup(game, players, seed, options), f"{where}: the setup is not reproducible"
        assert json.loads(json.dumps(first)) == first, f"{where}: the setup does not survive JSON"
        tomli_w.dumps({"setup": first})
        check_seat_schema(first, players, where)
    assert game.count_setups(players, options) >= 1
    tomllib.loads(template(game, players))


def check_seat_schema(setup: dict[str, Any], players: int, where: str = "setup") -> None:
    """The one seat schema of every setup document (see :mod:`bgkit.model.seats`)."""
    seats = setup.get("seats")
    assert isinstance(seats, list) and len(seats) == players, f"{where}: seats must list one table per seat"
    assert [row.get("seat") for row in seats] == list(range(1, players + 1)), f"{where}: seats are numbered 1..N"
    order: Any = setup.get("turn_order")  # whatever the document holds: checked next
    assert sorted(order or []) == list(range(1, players + 1)), f"{where}: turn_order must list every seat once"
    assert setup.get("start_player") == order[0], f"{where}: turn_order starts with the start player"


def conformance_suite(game_id: str, games: int = 3, players: Iterable[int] | None = None) -> Callable[..., None]:
    """The conformance suite as a pytest test for a game package to run on itself::

        from bgkit.testing import conformance_suite
        test_conformance = conformance_suite("mygame")

    One test per player count (``players``: a few of them, default every count the game allows):
    its setups (:func:`check_setup`) and, for a playable game, ``games`` random playouts
    (:func:`check_conformance`).
    """
    import pytest

    from bgkit.plugins.registry import get_registry

    info = get_registry().game(game_id)
    counts = list(players) if players is not None else list(range(info.min_players, info.max_players + 1))

    @pytest.mark.parametrize("players", counts)
    def test(players: int) -> None:
        check_setup(game_id, players)
        check_conformance(game_id, players, games=games, seed=players)

    return test


def check_conformance(game_id: str, players: int, games: int = 5, seed: int = 0, check_every: int = 7) -> None:
    """Random playouts of a playable game, checking what every game must guarantee.

    Raises AssertionError naming the seed and the step. Checks: the playout finishes, and at
    every step before the end someone can move (:func:`check_can_move`); every
    listed legal action applies (on every ``check_every``-th state) and has a unique text that
    parses back; ``to_dict`` survives JSON and ``state_from_dict``; who sees what (see
    :func:`check_secrets`); a sealed stage asks each seat once; the same seed gives the same
    game; the log replays to the same final state, also through a save file; the final
    ``scores()`` equal the scored sheet exported from the final state, ``outcome()`` equals
    that sheet's ranking, and the engine's result (which skips validating its own export when no
    plugin extends ``bgkit_score``) equals that sheet validated and scored through the hook.
    """
    import random

    from bgkit.model.game import CHANCE
    from bgkit.plugins.registry import get_registry
    from bgkit.engine.runtime import runtime_for

    check_setup(game_id, players, range(seed, seed + 2))
    game = get_registry().load_game(game_id)
    check_spec(game.play)
    runtime = runtime_for(game)
    for offset in range(games):
        game_seed = seed + offset
        where = f"{game_id} {players}p seed {game_seed}"
        match = _random_match(game, players, game_seed)
        depth = type(match.state).rollout_depth
        assert isinstance(depth, int) and not isinstance(depth, bool) and depth > 0, (
            f"{where}: rollout_depth must be a positive whole number of decisions, not {depth!r}"
        )
        rng = random.Random(game_seed)
        step = 0
        sealed_run: set[int] = set()
        owed: dict[tuple[int, int], bool] = {}  # (seat shown, seat not shown) -> redrawn for the latter?
        redraw_rng = random.Random(f"{where} redraw")
        while not match.state.is_terminal():
            state = match.state
            assert step < 100_000, f"{where}: no end after 100000 steps"
            player = state.current_player()
            if state.is_sealed() and player != CHANCE:
                assert player not in sealed_run, f"{where} step {step}: P{player + 1} chooses twice in one sealed stage"
                sealed_run.add(player)
            else:
                sealed_run = set()
            check_can_move(runtime, state, f"{where} step {step}")
            if step % check_every == 0:
                _check_state(game, runtime, state, rng, f"{where} step {step}")
            before = state.clone() if game.info.dynamics.hidden else None
            match.step()
            step += 1
            if before is not None:
                note_private(before, match.state, match.log.actions[-1][1], owed, redraw_rng)
        kept = sorted(pair for pair, redrawn in owed.items() if not redrawn)
        assert not kept, (
            f"{where}: P{kept[0][1] + 1}'s determinisation never redraws what only P{kept[0][0] + 1} was shown "
            "(it keeps the true hidden information: a bot would peek)"
        )
        _check_finished(game, runtime, match, players, game_seed, rng, where)



#: The most classes of its own plugin a GameSpec's state class may carry in its MRO: the state as
#: data, and one base of its own (state shared by two games of a plugin, say); the rules, views,
#: advice, notation and drawing are the spec's parts, never bases of the state.
MAX_OWN_BASES = 2


def check_spec(play: Any) -> None:
    """A GameSpec's state is data: at most :data:`MAX_OWN_BASES` classes of the spec's own plugin in
    its MRO, and every State API method it has comes from the core or from one of the play half's
    parts (``play``: the spec's bound :class:`bgkit.model.spec.Play`, ``game.play``)."""
    from bgkit.model.spec import STATE_PARTS

    cls = play.state
    top = cls.__module__.split(".")[0]
    own = [k.__qualname__ for k in cls.__mro__ if k.__module__.split(".")[0] == top]
    assert len(own) <= MAX_OWN_BASES, f"{cls.__qualname__} carries {len(own)} classes of its plugin: {', '.join(own)}"
    for part_name, names in STATE_PARTS.items():
        part = getattr(play, part_name)
        for name in names:
            given = getattr(part, name)
            assert given is None or getattr(cls, name) is given, f"{cls.__qualname__}.{name} is not the spec's {part_name}.{name}"


def _check_finished(game: Game, runtime: Runtime, match: Match, players: int, game_seed: int, rng: random.Random, where: str) -> None:
    """The end of a conformance playout: the final state, the length, the result three ways (the
    engine's, the exported sheet's through the hook, the bots' outcome), the same seed again, the
    log replayed, also through a save file."""
    import json
    import tempfile
    from pathlib import Path

    from bgkit.engine.match import GameLog, replay
    from bgkit.engine.runtime import final_result
    from bgkit.model.game import any_to_json
    from bgkit.model.savefile import read_json

    _check_state(game, runtime, match.state, rng, f"{where} final")
    check_game_length(runtime, players, match.log.actions, where)
    scored = match.finish()
    checked = final_result(game, match.state, match.log.names, check=True)
    assert json.dumps(scored.to_dict()) == json.dumps(checked.to_dict()), (
        f"{where}: the engine's result differs from its exported sheet validated and scored through the hook"
    )
    result = match.log.result
    assert result is not None, f"{where}: the finished game's log records no result"
    outcome = runtime.outcome(match.state)  # as the bots see it: a house rule's scoring included
    assert (list(outcome.ranks), list(outcome.winners), outcome.decided_by) == (
        scored.ranks, scored.winners, scored.decided_by
    ), f"{where}: outcome() {outcome} differs from the ranking of the exported sheet"
    again = _random_match(game, players, game_seed)
    again.play()
    assert again.log.actions == match.log.actions, f"{where}: the same seed gave a different game"
    final = any_to_json(match.state.to_dict())
    replayed = replay(game, runtime, match.log)
    assert any_to_json(replayed.to_dict()) == final, f"{where}: replaying the log gives another final state"
    with tempfile.TemporaryDirectory() as tmp:
        path = match.save(Path(tmp) / "save.json")
        loaded = GameLog.from_dict(read_json(path), str(path))
    assert any_to_json(replay(game, runtime, loaded).to_dict()) == final, f"{where}: save/load changed the game"
    scores = [float(s) for s in match.state.scores()]
    assert scores == [float(s) for s in result["scores"]], (
        f"{where}: engine scores {scores} differ from the exported sheet's {result['scores']}"
    )
    json.dumps(match.log.to_dict())

def check_can_move(runtime: Runtime, state: State, where: str) -> None:
    """A game that has not ended can always go on: a chance node has an outcome, and the seat to
    move has a legal action. A state where nobody can move would hang a game at the table."""
    if state.is_terminal():
        return
    if state.is_chance():
        assert state.chance_outcomes(), f"{where}: a chance node without outcomes, and the game has not ended"
    else:
        assert runtime.legal_actions(state), (
            f"{where}: P{state.current_player() + 1} has no legal action, and the game has not ended"
        )


def check_random_play(game: Game, players: int, seed: int = 0) -> None:
    """One game of random bots from ``game``'s own setup (default options), as any ``--data`` file
    the game accepted plays it: :func:`check_can_move` at every step, and an end."""
    from bgkit.engine.match import MAX_ACTIONS
    from bgkit.engine.runtime import runtime_for

    runtime = runtime_for(game)
    match = _random_match(game, players, seed)
    where = f"{game.info.id} {players}p seed {seed}"
    for step in range(MAX_ACTIONS):
        if match.state.is_terminal():
            return
        check_can_move(runtime, match.state, f"{where} step {step}")
        match.step()
    raise AssertionError(f"{where}: no end after {MAX_ACTIONS} steps")


def _random_match(game: Game, players: int, seed: int) -> Match:
    from bgkit.sessions.build import build_match

    specs = ["random"] * players
    names = [f"random #{i + 1}" for i in range(players)]
    options = {opt.name: opt.default for opt in game.options}
    return build_match(game, specs, names, seed, options)


def drawn(state: State, player: int | None, width: int = 160) -> str:
    """The text a person in ``player``'s seat sees of the state (None: the whole table)."""
    return _printed([state.render(player)], width)


def seen_drawings(state: State, player: int, width: int = 160) -> str:
    """The drawings a person in ``player``'s seat may be shown: the full one, and, when it is their
    turn, the compact one and each part a word at the prompt names (``board``, ``hand``, ``others``)."""
    from bgkit.terminal.fit import PART_WORDS

    if player != state.current_player():
        return drawn(state, player, width)
    compact, part = getattr(state, "render_compact", None), getattr(state, "render_part", None)
    pictures = [state.render(player)] + ([compact(player)] if compact else [])
    pictures += [part(player, word) for word in PART_WORDS] if part else []
    return _printed([picture for picture in pictures if picture is not None], width)


def public_drawing(state: State, width: int = 160) -> str | None:
    """The text a shared screen at the table shows of the state (the game's ``render_public``: what
    everyone sees); None for a game that draws no public table."""
    public = getattr(state, "render_public", None)
    return None if public is None else _printed([public()], width)


def _printed(pictures: list[Any], width: int) -> str:
    import io

    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    for picture in pictures:
        console.print(picture)
    return out.getvalue()


def _check_state(game: Game, runtime: Runtime, state: State, rng: random.Random, where: str) -> None:
    import json

    from bgkit.model.game import any_to_json

    data = any_to_json(state.to_dict())
    assert json.loads(json.dumps(data)) == data, f"{where}: to_dict() is not plain JSON data"
    rebuilt = game.state_from_dict(json.loads(json.dumps(data)))
    assert any_to_json(rebuilt.to_dict()) == data, f"{where}: state_from_dict(to_dict()) differs"
    check_views(state, rng, where)
    check_observation(game, state, rng, where)
    if state.is_terminal():
        return
    from bgkit.engine.runtime import rank_rewards

    assert rank_rewards(state.heuristic_values()) == rank_rewards([state.heuristic(p) for p in range(state.num_players)]), (
        f"{where}: heuristic_values() orders the seats differently from heuristic(p)"
    )
    if state.is_chance():
        outcomes = state.chance_outcomes()
        assert outcomes, f"{where}: a chance node without outcomes"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, f"{where}: chance probabilities do not sum to 1"
        pairs = [(o, state.action_text(o)) for o, _ in outcomes]
        check_chance_pick(state, outcomes, where)
    else:
        actions = runtime.legal_actions(state)
        assert actions, f"{where}: player {state.current_player() + 1} has no legal action"
        pairs = [(a, state.action_text(a)) for a in actions]
        player = state.current_player()
        seen = state.determinize(player, rng)
        assert runtime.legal_actions(seen) == actions, (
            f"{where}: P{player + 1}'s legal actions change with what they cannot see"
        )
    texts = [text for _, text in pairs]
    assert len(set(texts)) == len(texts), f"{where}: two actions share a text"
    for action, text in pairs:
        assert state.parse_action(text) == action, f"{where}: {text!r} does not parse back to its action"
        after = state.clone()
        runtime.apply(after, action)
    assert any_to_json(state.to_dict()) == data, f"{where}: applying to a clone changed the original"
    check_secrets(runtime, state, [a for a, _ in pairs], where)
    check_action_space(runtime, state, [a for a, _ in pairs], where)


def check_action_space(runtime: Runtime, state: State, actions: list[Any], where: str) -> None:
    """Where the game declares an action space: each of ``actions`` (the legal actions, or the
    chance outcomes) has a whole-number index below the bound, unique among them, that turns back
    into the same action at this state."""
    space = runtime.action_space(state.num_players)
    if space is None:
        return
    assert isinstance(space.size, int) and space.size > 0, f"{where}: num_actions must be a positive whole number"
    indices = []
    for action in actions:
        index = space.index(action)
        assert isinstance(index, int) and not isinstance(index, bool) and 0 <= index < space.size, (
            f"{where}: action {state.action_text(action)!r} has index {index!r}, not a whole number in 0..{space.size - 1}"
        )
        assert space.action(state, index) == action, f"{where}: index {index} does not turn back into {state.action_text(action)!r}"
        indices.append(index)
    assert len(set(indices)) == len(indices), f"{where}: two actions share an index"


def check_observation(game: Game, state: State, rng: random.Random, where: str) -> None:
    """Where the game declares an observation tensor: for every seat, as many numbers as its
    shape's product, each a finite float, and the same in every determinisation for that seat
    (the seat cannot tell those states apart)."""
    import math

    observation = game.observation(state.num_players)
    if observation is None:
        return
    assert observation.shape and all(isinstance(n, int) and n > 0 for n in observation.shape), (
        f"{where}: observation_shape must be positive whole numbers, not {observation.shape!r}"
    )
    for player in range(state.num_players):
        values = observation.tensor(state, player)
        assert len(values) == observation.size, (
            f"{where}: P{player + 1}'s observation has {len(values)} numbers, not {observation.size} (the shape's product)"
        )
        assert all(isinstance(v, float) and math.isfinite(v) for v in values), (
            f"{where}: P{player + 1}'s observation holds something other than finite floats"
        )
        other = state.determinize(player, rng)
        assert observation.tensor(other, player) == values, (
            f"{where}: P{player + 1}'s observation changes with what they cannot see (hidden information leaks)"
        )


def check_game_length(runtime: Runtime, players: int, actions: list[list[Any]], where: str) -> None:
    """No game plays more decisions than the action space's declared ``max_length``."""
    space = runtime.action_space(players)
    if space is None or space.max_length is None:  # None: the rules set no limit
        return
    decisions = sum(1 for player, _ in actions if player >= 0)
    assert decisions <= space.max_length, f"{where}: {decisions} decisions, more than max_game_length {space.max_length}"


def check_chance_pick(state: State, outcomes: list[tuple[Any, float]], where: str) -> None:
    """A game's own ``chance_pick`` selects what the default does, at and around every running total."""
    import math

    from bgkit.model.game import State

    if type(state).chance_pick is State.chance_pick:
        return
    picks, total = [0.0, 0.5, math.nextafter(1.0, 0.0)], 0.0
    for _, probability in outcomes:
        total += probability
        picks += [math.nextafter(total, 0.0), total, math.nextafter(total, 2.0)]
    for pick in picks:
        if 0.0 <= pick < 1.0:
            assert state.chance_pick(pick) == State.chance_pick(state, pick), (
                f"{where}: chance_pick({pick!r}) differs from the default's"
            )


def check_views(state: State, rng: random.Random, where: str) -> None:
    """A seat's view and drawings (full, compact, each part) hold nothing it cannot see: they are the same in every
    determinisation for it, and a determinisation depends on the view alone (the same seed gives
    the same sample from any state with that view). The public drawing (``render_public``, a shared
    screen's) is the same in the determinisation for the seat to move (P1 at chance), which redraws
    every other seat's hidden information and the face-down draws: over a game, as the turn goes
    round, no seat's hidden information may show on it."""
    import random

    from bgkit.model.game import any_to_json

    public = public_drawing(state)
    twin_seat = max(state.current_player(), 0)  # one twin a state (a drawing costs: Bretagne's 13 ms)
    for player in range(state.num_players):
        view = any_to_json(state.view(player))
        picture = seen_drawings(state, player)
        seed = rng.getrandbits(32)
        sample = any_to_json(state.determinize(player, random.Random(seed)).to_dict())
        for attempt in range(2):
            other = state.determinize(player, rng)
            assert any_to_json(other.view(player)) == view, (
                f"{where}: player {player + 1}'s view changes with what they cannot see (hidden information leaks)"
            )
            assert attempt or seen_drawings(other, player) == picture, (
                f"{where}: what player {player + 1} is shown changes with what they cannot see (the drawing leaks)"
            )
            assert attempt or player != twin_seat or public_drawing(other) == public, (
                f"{where}: the public drawing (render_public) changes with what P{player + 1} cannot see (it shows hidden information)"
            )
            again = any_to_json(other.determinize(player, random.Random(seed)).to_dict())
            assert again == sample, (
                f"{where}: player {player + 1}'s determinisation depends on what they cannot see (a bot could peek)"
            )


def note_private(before: State, after: State, text: str, owed: dict[tuple[int, int], bool], rng: random.Random) -> None:
    """After a private action (a card drawn into one hand, a sealed choice mid-stage): for every seat
    shown it and every seat not, whether the latter's determinisation can change what the former
    sees. A twin state differing only in what a seat cannot see must give it the same
    determinisation, so a determinisation that keeps the true hidden information is caught here:
    it never redraws, over a whole game, what only another seat was shown. ``owed`` collects
    ``(shown, not shown) -> redrawn yet``; :func:`check_conformance` asserts every one was."""
    from bgkit.model.errors import BadInput
    from bgkit.model.game import CHANCE, any_to_json

    try:
        action = before.parse_action(text)
    except BadInput:
        return
    audience = before.audience(action)
    if audience is None or (before.is_sealed() and not after.is_sealed()) or after.is_terminal():
        return  # seen by everyone, or revealed at once (the last choice of a sealed stage)
    for shown in audience:
        seen = None
        for blind in range(after.num_players):
            if blind in audience or blind == CHANCE or owed.get((shown, blind)):
                continue
            seen = seen if seen is not None else any_to_json(after.view(shown))
            owed[(shown, blind)] = any(any_to_json(after.determinize(blind, rng).view(shown)) != seen for _ in range(3))


def check_secrets(runtime: Runtime, state: State, actions: list[Any], where: str) -> None:
    """At a private chance node or action, every seat outside the audience is told the same public
    text and sees the same view, drawing and determinisation, whatever the outcome; and the public
    drawing (``render_public``) is the same whatever the outcome.

    A sealed choice that ends its stage is revealed at once, so it is left out.
    """
    import random

    from bgkit.model.game import any_to_json

    private = [a for a in actions if state.audience(a) is not None]
    if not private:
        return
    audiences = {state.audience(a) for a in actions} if state.is_chance() else None
    assert audiences is None or len(audiences) == 1, (
        f"{where}: the audience of a chance node depends on its outcome (that alone tells the outcome)"
    )
    seed = random.Random(where).getrandbits(32)
    told: dict[int, set[str]] = {}
    shown: dict[int, set[tuple[str, str, str]]] = {}
    publics: set[str | None] = set()
    for action in private:
        audience = state.audience(action)
        assert audience is not None  # only the private ones (above)
        public = state.public_text(action)
        after = state.clone()
        runtime.apply(after, action)
        if state.is_sealed() and not after.is_sealed():
            continue  # the last choice of a sealed stage: everything is revealed
        publics.add(public_drawing(after))
        for seat in range(state.num_players):
            if seat in audience:
                continue
            told.setdefault(seat, set()).add(public)
            sample = after.determinize(seat, random.Random(seed))
            shown.setdefault(seat, set()).add(
                (repr(any_to_json(after.view(seat))), drawn(after, seat), repr(any_to_json(sample.to_dict())))
            )
    for seat, texts in told.items():
        assert len(texts) == 1, f"{where}: P{seat + 1} is told different public texts {sorted(texts)} (they name hidden information)"
        assert len(shown[seat]) == 1, (
            f"{where}: what P{seat + 1} sees after a private outcome depends on that outcome (hidden information leaks)"
        )
    assert len(publics) <= 1, f"{where}: the public drawing (render_public) shows a private outcome (hidden information leaks)"


def swap_a_card(hand: Any, deck: Any) -> None:
    """Make a twin's hidden cards differ and keep every count a seat sees: one card of ``hand`` goes
    back into ``deck`` and a card of another kind comes out of it into the hand (both
    :class:`bgkit.api.Deck`), for :func:`check_twin_determinisation`."""
    held = hand.cards()[0]
    other = next(k for k in deck.cards() if k != held)  # the hand now holds another kind of card
    hand.draw(held)
    deck.put(held)
    deck.draw(other)
    hand.put(other)


def check_twin_determinisation(state: State, twin: State, player: int, seeds: range = range(4)) -> None:
    """``twin`` differs from ``state`` only in what ``player`` cannot see (another hand, the order of
    a face-down pile, another seat's sealed choice), built by hand by the test. A determinisation
    for ``player`` must depend on what they see alone: with the same rng seed, both give the very
    same state (every field, and every seat's view). Unlike :func:`check_views`, whose twins come
    from the game's own ``determinize``, this catches a determinisation that keeps the true hidden
    order (a bot would see the future draws). Also checked: the twin really is one (the same view
    and drawing for ``player``, a different state), each sample keeps ``player``'s view, and the
    samples vary with the seed (the hidden part is redrawn, not left sorted)."""
    import random

    from bgkit.model.game import any_to_json

    seat = f"P{player + 1}"
    view = any_to_json(state.view(player))
    assert any_to_json(twin.view(player)) == view, f"not a twin: {seat}'s view differs between the two states"
    assert drawn(twin, player) == drawn(state, player), f"not a twin: {seat}'s drawing differs between the two states"
    assert any_to_json(twin.to_dict()) != any_to_json(state.to_dict()), "not a twin: the two states are the same"
    samples = set()
    for seed in seeds:
        first = state.determinize(player, random.Random(seed))
        second = twin.determinize(player, random.Random(seed))
        assert any_to_json(first.view(player)) == view, f"seed {seed}: the determinisation changes what {seat} sees"
        for q in range(state.num_players):
            assert any_to_json(first.view(q)) == any_to_json(second.view(q)), (
                f"seed {seed}: {seat}'s determinisation shows P{q + 1} something else when only what {seat} "
                "cannot see differs (a bot would peek)"
            )
        sample = any_to_json(first.to_dict())
        assert sample == any_to_json(second.to_dict()), (
            f"seed {seed}: {seat}'s determinisation depends on what {seat} cannot see (a bot would peek)"
        )
        samples.add(repr(sample))
    assert len(samples) > 1, f"{seat}'s determinisation is the same for every seed: it redraws nothing hidden"
