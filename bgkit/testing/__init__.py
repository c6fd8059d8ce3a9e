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
    import subprocess
    from collections.abc import Iterable
    from pathlib import Path

    from bgkit.model.game import Game
    from bgkit.model.spec import Play
    from bgkit.testing.conformance import (  # handed out by __getattr__ at run time
        MAX_OWN_BASES as MAX_OWN_BASES, check_action_space as check_action_space, check_can_move as check_can_move,
        check_chance_pick as check_chance_pick, check_conformance as check_conformance,
        check_game_length as check_game_length, check_observation as check_observation,
        check_random_play as check_random_play, check_seat_schema as check_seat_schema,
        check_secrets as check_secrets, check_setup as check_setup, check_spec as check_spec,
        check_twin_determinisation as check_twin_determinisation, check_views as check_views,
        conformance_suite as conformance_suite, drawn as drawn, note_private as note_private,
        public_drawing as public_drawing, seen_drawings as seen_drawings, swap_a_card as swap_a_card,
    )

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
    **dict.fromkeys((
        "MAX_OWN_BASES",
        "check_setup",
        "check_seat_schema",
        "conformance_suite",
        "check_conformance",
        "check_spec",
        "check_can_move",
        "check_random_play",
        "drawn",
        "seen_drawings",
        "public_drawing",
        "check_action_space",
        "check_observation",
        "check_game_length",
        "check_chance_pick",
        "check_views",
        "note_private",
        "check_secrets",
        "swap_a_card",
        "check_twin_determinisation",
    ), "bgkit.testing.conformance"),
}


def __getattr__(name: str) -> Any:
    home = _TEST_HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bgkit.testing' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


def game_fixture(game_id: str) -> Any:
    """A session-wide pytest fixture, for a plugin's ``conftest.py``, of the game as every command
    loads it (the registry's): ``game = game_fixture("mygame")``; the fixture's name is the name it
    is bound to."""
    import pytest

    def game() -> Game:
        from bgkit.plugins.registry import get_registry

        loaded: Game = get_registry().load_game(game_id)
        return loaded

    return pytest.fixture(scope="session")(game)


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
        import codecs
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
        # a read may end inside a character (the table's box drawing is 3 bytes each): decoded as a stream
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def read_until(self, *texts: str, limit: float = 120.0) -> str:
        import os
        import select

        while not any(t in self.seen for t in texts):
            ready, _, _ = select.select([self.master], [], [], limit)
            if not ready:
                raise AssertionError(f"never saw {texts!r}; screen:\n{self.seen[-3000:]}")
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            if not data:
                raise AssertionError(f"the program ended before {texts!r}; screen:\n{self.seen[-3000:]}")
            self.seen += self.decoder.decode(data)
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

    def answer(self, line: str, *texts: str) -> str:
        """Type ``line`` and read until one of ``texts``: the screen the answer brought."""
        self.type(line)
        return self.read_until(*texts)

    def refused(self, line: str, prompt: str) -> str:
        """Type ``line``, which is not a legal move: the prompt says so and asks again."""
        screen = self.answer(line, prompt)
        assert f"'{line}' is not legal here" in screen, screen
        return screen

    def quit_saved(self, save: Path) -> dict[str, Any]:
        """Type ``quit``: the game says how to resume, exits 0, and ``save`` holds it (returned, read)."""
        import json

        self.answer("quit", "Resume with: bgkit play --resume")
        assert self.finish() == 0
        saved: dict[str, Any] = json.loads(save.read_text())
        return saved


def saved_game(tmp_path: Path, args: list[str], prompt: str = "Ada> ", columns: int = 100) -> tuple[Terminal, str, Path]:
    """``bgkit ARGS --save tmp_path/game.json`` (a ``play`` with a human seat) at a :class:`Terminal`,
    read to the first ``prompt``: the terminal, the screen before the prompt, and the save's path."""
    save = tmp_path / "game.json"
    term = Terminal([*args, "--save", str(save)], tmp_path, columns=columns)
    return term, term.read_until(prompt), save


def fits(screen: str, columns: int = 100) -> bool:
    """Every line of ``screen`` fits a terminal ``columns`` wide (the :class:`Terminal` default)."""
    return max(len(line) for line in screen.splitlines()) <= columns


def resumed_to_the_end(save: Path, cwd: str | Path | None, prompt: str, reply: Callable[[str], str],
                       limit: int = 3000) -> int:
    """``bgkit play --resume SAVE`` at a :class:`Terminal`, each ``prompt`` answered ``reply(screen)``
    until the winner is shown: it exits 0, the game went on from where the save left it (its
    actions begin with the saved ones) and its result counts every decision. How many answers it took."""
    import json

    before = json.loads(save.read_text())["actions"]
    term = Terminal(["play", "--resume", str(save)], cwd)
    for answers in range(limit):
        screen = term.read_until(prompt, "Winner")
        if term.last_found == "Winner":
            break
        term.type(reply(screen))
    else:
        raise AssertionError(f"still playing after {limit} answers")
    term.read_until("\n")
    assert term.finish() == 0
    done = json.loads(save.read_text())
    assert done["actions"][: len(before)] == before, "the resumed game did not go on from where it was left"
    assert done["result"]["decisions"] == sum(1 for a in done["actions"] if a[0] >= 0), done["result"]
    return answers


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


def stop_with_ctrl_c(proc: subprocess.Popen[str], timeout: float = 20) -> int | None:
    """Send a started program (``bgkit serve``) the Ctrl-C a terminal sends, and wait: its exit
    code, or None when it had not stopped after ``timeout`` seconds and was killed; its pipes closed."""
    import signal
    import subprocess

    proc.send_signal(signal.SIGINT)
    try:
        code: int | None = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        code = None
    for pipe in (proc.stdout, proc.stderr):
        if pipe is not None:
            pipe.close()
    return code


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


def check_table_half(args: list[str], package: str, table_half: set[str], shows: str, cwd: str | Path | None = None) -> None:
    """``bgkit ARGS`` (a ``setup`` or a ``score``) succeeds, shows ``shows``, reads the spec and
    imports of ``package`` nothing beyond ``table_half``: the play half waits for play."""
    code, out, imported = run_importing(args, package, cwd=cwd)
    assert code == 0, f"bgkit {' '.join(args)} exited {code}: {out}"
    assert shows in out, out
    assert imported <= table_half, f"play half imported: {sorted(imported - table_half)}"
    assert f"{package}.spec" in imported, sorted(imported)


def table_half_suite(package: str, table_half: Iterable[str], commands: dict[str, str],
                     cwd: str | Path | None = None) -> Callable[..., None]:
    """A game's test that ``bgkit setup`` and ``bgkit score`` read its table half alone::

        test_setup_and_score_import_no_play_half = table_half_suite(
            "bgkit_mygame", ("plugin", "spec", "setup", "scoring", "data", "render"),
            {"setup mygame -p 3 --seed 1": "what the setup shows", "score mygame sheet.toml": "Winner"})

    ``table_half`` names the package's modules that may be imported; one test per command (its
    words split at spaces), each :func:`check_table_half`."""
    import pytest

    allowed = {package, *(f"{package}.{name}" for name in table_half)}

    @pytest.mark.parametrize("command", list(commands))
    def test(command: str) -> None:
        check_table_half(command.split(), package, allowed, commands[command], cwd=cwd)

    return test


def check_bound(game: Game, play: Play[Any, Any, Any], methods: dict[str, object]) -> None:
    """Play has started: ``game`` plays ``play`` (the module's ``PLAY``), its state is data
    (:func:`check_spec`), and each of ``methods`` is the state class's method of that name, the
    very function the part gives (``{"step": rules.step}``)."""
    from bgkit.testing.conformance import check_spec

    assert game.play is play, f"{game.info.id} plays {game.play!r}"
    check_spec(play)
    cls = play.state
    for name, function in methods.items():
        assert getattr(cls, name) is function, f"{cls.__qualname__}.{name} is not {function!r}"


def setup_file_kit(game: str) -> tuple[Callable[..., Path], Callable[[str | Path, int], CliResult], Callable[..., CliResult]]:
    """A game's three setup-file helpers for its tests: ``setup_file(tmp_path, players, edit=None, **more)``
    writes the seed's setup (edited, as :func:`edited_setup`), ``play(path, players)`` plays it, and
    ``plays(tmp_path, players, edit=None, **more)`` writes one and asserts that it plays to the end
    (exit 0; the error shown when not), returning the result::

        setup_file, play, plays = setup_file_kit("mygame")
        plays(tmp_path, 3, lambda setup: setup["seats"][0].update(coins=8))"""

    def setup_file(tmp_path: Path, players: int, edit: Callable[[Any], Any] | None = None, **more: Any) -> Path:
        return edited_setup(tmp_path, game, players, edit, **more)

    def play(path: str | Path, players: int) -> CliResult:
        return play_setup(game, players, path)

    def plays(tmp_path: Path, players: int, edit: Callable[[Any], Any] | None = None, **more: Any) -> CliResult:
        result = play(setup_file(tmp_path, players, edit, **more), players)
        assert result.exit_code == 0, result.stderr
        return result

    return setup_file, play, plays


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
