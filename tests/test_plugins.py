"""Plugin loading and every hook, each exercised by an in-process plugin (llm/datasette style)."""

import json
import os
import subprocess
import sys
import types

import pytest

from bgkit.engine.match import GameLog
from bgkit.model.game import GameInfo
from bgkit.plugins.hookspecs import hookimpl
from bgkit.plugins.registry import get_registry, reset_registry
from bgkit.engine.runtime import runtime_for
from bgkit.testing import check_light_start, run_cli


def plugin(**hooks):
    module = types.ModuleType("test_plugin")
    for name, function in hooks.items():
        setattr(module, name, hookimpl(**getattr(function, "marks", {}))(function))
    return module


def test_register_games_adds_a_game(registry):
    def bgkit_register_games(register):
        register(GameInfo("goof2", "Goofspiel again", 2, 4, "bgkit_goofspiel.spec:SPEC"))

    registry.register(plugin(bgkit_register_games=bgkit_register_games), name="extra")
    result = run_cli(["games", "--format", "json"])
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert rows["goof2"]["plugin"] == "extra"
    assert rows["goof2"]["players"] == "2-4"


def test_registration_is_a_whole_register_games_hook(registry):
    """``bgkit_register_games = registration(info, ...)``: every GameInfo registered, in order, from one plugin."""
    from bgkit.api import registration

    module = types.ModuleType("test_declared_plugin")
    module.bgkit_register_games = registration(GameInfo("goof3", "Goofspiel thrice", 2, 3, "bgkit_goofspiel.spec:SPEC"),
                                               GameInfo("goof4", "Goofspiel four", 3, 4, "bgkit_goofspiel.spec:SPEC"))
    registry.register(module, name="declared")
    rows = {row["id"]: row for row in json.loads(run_cli(["games", "--format", "json"]).stdout)}
    assert (rows["goof3"]["plugin"], rows["goof3"]["players"]) == ("declared", "2-3")
    assert (rows["goof4"]["plugin"], rows["goof4"]["players"]) == ("declared", "3-4")


def test_register_bots_adds_a_seat_kind(registry):
    class Lowest:
        def __init__(self, rules, seed, **params):
            self.runtime = rules

        def choose(self, decision):
            return min(decision.actions)

    def bgkit_register_bots(register):
        register("lowest", Lowest, "always the lowest card")

    registry.register(plugin(bgkit_register_bots=bgkit_register_bots), name="lowbot")
    result = run_cli(["play", "goofspiel", "lowest", "random", "--seed", "1", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["seats"] == ["lowest", "random"]


def test_setup_hook_can_be_wrapped(registry):
    def bgkit_setup(game, players, seed, options):
        setup = yield
        return {**setup, "deck": 5}

    bgkit_setup.marks = {"wrapper": True}
    registry.register(plugin(bgkit_setup=bgkit_setup), name="short-deck")
    result = run_cli(["setup", "goofspiel", "-p", "2", "--seed", "1", "--format", "json"])
    assert json.loads(result.stdout)["setup"]["deck"] == 5


def test_legal_actions_hook_changes_what_everyone_may_play(registry, goofspiel, tmp_path):
    def bgkit_legal_actions(game, state):
        if not state.is_chance():
            return [max(state.hands[state.current_player()])]  # house rule: always bid your highest

    registry.register(plugin(bgkit_legal_actions=bgkit_legal_actions), name="highest-only")
    rules = runtime_for(goofspiel)
    assert rules.turn_hooked
    log = tmp_path / "log.json"
    result = run_cli(["play", "goofspiel", "random", "mcts:iterations=20", "--seed", "3", "--log", log])
    assert result.exit_code == 0, result.stderr
    bids = [text for player, text in json.loads(log.read_text())["actions"] if player >= 0]
    assert bids == [f"bid {card}" for card in range(13, 0, -1) for _ in range(2)]


def test_turn_hooks_are_not_dispatched_when_only_the_core_implements_them(registry, goofspiel):
    assert not runtime_for(goofspiel).turn_hooked


def test_apply_action_hook_sees_every_action(registry, tmp_path):
    seen = []

    def bgkit_apply_action(game, state, action):
        seen.append(state.action_text(action))

    registry.register(plugin(bgkit_apply_action=bgkit_apply_action), name="logger")
    log = tmp_path / "log.json"
    result = run_cli(["play", "goofspiel", "random", "random", "--seed", "2", "--log", log])
    assert result.exit_code == 0, result.stderr
    logged = GameLog.from_dict(json.loads(log.read_text()))
    assert seen == [text for _, text in logged.actions]


def test_score_hook_can_answer_first(registry, tmp_path):
    from bgkit.model.ranking import build_result

    def bgkit_score(game, sheet):
        return build_result(game.info.id, sheet.names, [{"everyone": 1.0} for _ in sheet.names])

    registry.register(plugin(bgkit_score=bgkit_score), name="everyone-wins")
    sheet = tmp_path / "s.toml"
    sheet.write_text('game="goofspiel"\n[[player]]\nprizes=[13]\n[[player]]\nprizes=[1]\n')
    result = run_cli(["score", "goofspiel", sheet, "--format", "json"])
    assert json.loads(result.stdout)["winners"] == ["Player 1", "Player 2"]


def test_plugins_command_lists_hooks(registry):
    rows = json.loads(run_cli(["plugins", "--format", "json"]).stdout)
    core = {row["name"]: row for row in rows}["bgkit.plugins.games"]
    assert core["hooks"] == ["bgkit_apply_action", "bgkit_legal_actions", "bgkit_score", "bgkit_setup"]
    goof = {row["name"]: row for row in rows}["goofspiel"]
    assert goof["distribution"].startswith("bgkit-goofspiel ")


@pytest.fixture
def broken_plugin(tmp_path):
    """A distribution on sys.path whose entry point fails to import."""
    (tmp_path / "broken_game.py").write_text("raise RuntimeError('this plugin is broken')\n")
    dist = tmp_path / "broken_game-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[bgkit]\nbroken = broken_game\n")
    return {"PYTHONPATH": str(tmp_path)}


def test_a_broken_plugin_costs_one_warning_and_nothing_else(tmp_path, broken_plugin):
    code = "import sys; from bgkit.cli.main import main; sys.argv = ['bgkit'] + sys.argv[1:]; main()"
    games = subprocess.run(
        [sys.executable, "-c", code, "games", "--format", "json"],
        capture_output=True, text=True, env={**os.environ, **broken_plugin}, cwd=tmp_path,
    )
    assert games.returncode == 0
    assert games.stderr.strip() == "warning: plugin 'broken' failed to load: RuntimeError: this plugin is broken"
    assert "goofspiel" in {row["id"] for row in json.loads(games.stdout)}
    plugins = subprocess.run(
        [sys.executable, "-c", code, "plugins", "--format", "json"],
        capture_output=True, text=True, env={**os.environ, **broken_plugin}, cwd=tmp_path,
    )
    broken = [row for row in json.loads(plugins.stdout) if row["name"] == "broken"]
    assert broken == [{"name": "broken", "distribution": "broken-game 0.1", "hooks": [], "error": "RuntimeError: this plugin is broken"}]


@pytest.mark.parametrize("value, expected", [("", set()), ("goofspiel", {"goofspiel"}), ("bgkit-goofspiel", {"goofspiel"})])
def test_bgkit_load_plugins_selects(monkeypatch, value, expected):
    monkeypatch.setenv("BGKIT_LOAD_PLUGINS", value)
    reset_registry()
    try:
        rows = json.loads(run_cli(["games", "--format", "json"]).stdout)
        assert {row["id"] for row in rows} == expected
    finally:
        reset_registry()


@pytest.mark.parametrize("game_id", sorted(get_registry().games))
def test_start_up_imports_no_game_engine(game_id):
    check_light_start(game_id)


def test_a_registration_hook_that_raises_is_isolated(registry):
    def bgkit_register_games(register):
        raise ValueError("bad table")

    registry.register(plugin(bgkit_register_games=bgkit_register_games), name="faulty")
    result = run_cli(["games", "--format", "json"])
    assert result.exit_code == 0
    assert result.stderr == "warning: plugin 'faulty' failed to load: bgkit_register_games failed: ValueError: bad table\n"
    assert "goofspiel" in {row["id"] for row in json.loads(result.stdout)}
    rows = {row["name"]: row for row in json.loads(run_cli(["plugins", "--format", "json"]).stdout)}
    assert rows["faulty"]["error"] == "bgkit_register_games failed: ValueError: bad table"


def test_a_game_two_plugins_register_is_refused_for_both(registry, capsys):
    def bgkit_register_games(register):
        register(GameInfo("goofspiel", "Impostor", 2, 2, "nowhere:SPEC"))

    registry.register(plugin(bgkit_register_games=bgkit_register_games), name="impostor")
    assert "goofspiel" not in registry.games and "burgundy" in registry.games
    warning = capsys.readouterr().err
    assert "game 'goofspiel' is registered by plugins 'goofspiel' (bgkit-goofspiel 1.0.0) and 'impostor' (registered in-process)" in warning
    assert "BGKIT_LOAD_PLUGINS" in warning and warning.count("\n") == 1


def test_plugins_lists_every_error_of_a_plugin(registry):
    def bgkit_register_games(register):
        raise ValueError("no games today")

    def bgkit_register_bots(register):
        raise ValueError("no bots either")

    registry.register(plugin(bgkit_register_games=bgkit_register_games, bgkit_register_bots=bgkit_register_bots), name="gloomy")
    rows = {row["name"]: row for row in registry.plugin_rows()}
    assert "no games today" in rows["gloomy"]["error"] and "no bots either" in rows["gloomy"]["error"]


def test_a_game_whose_engine_is_missing_is_one_line_not_a_traceback(registry):
    def bgkit_register_games(register):
        register(GameInfo("ghost", "Ghost", 2, 2, "no_such_module:SPEC"))

    registry.register(plugin(bgkit_register_games=bgkit_register_games), name="ghost")
    result = run_cli(["setup", "ghost", "-p", "2"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "bgkit: error: the spec of Ghost (plugin 'ghost') failed to load: ModuleNotFoundError: No module named 'no_such_module'"


def test_an_unknown_name_in_bgkit_load_plugins_is_a_warning(monkeypatch):
    monkeypatch.setenv("BGKIT_LOAD_PLUGINS", "goofspiel,goofspeil")
    reset_registry()
    try:
        result = run_cli(["games"])
    finally:
        reset_registry()
    assert result.stderr == "warning: BGKIT_LOAD_PLUGINS names 'goofspeil', but no installed plugin is called that\n"


def test_replay_verifies_against_the_active_turn_hooks(registry, tmp_path):
    log = tmp_path / "log.json"
    run_cli(["play", "goofspiel", "random", "random", "--seed", "3", "--log", log])

    def bgkit_legal_actions(game, state):
        if not state.is_chance():
            return [max(state.hands[state.current_player()])]

    registry.register(plugin(bgkit_legal_actions=bgkit_legal_actions), name="highest-only")
    result = run_cli(["replay", log, "--verify"])
    assert result.exit_code == 2
    assert "is not legal here" in result.stderr


def test_a_plugin_bot_that_plays_an_illegal_move_is_named(registry):
    class Cheat:
        def __init__(self, rules, seed, **params):
            pass

        def choose(self, decision):
            return 99

    def bgkit_register_bots(register):
        register("cheat", Cheat, "bids a card it does not have")

    registry.register(plugin(bgkit_register_bots=bgkit_register_bots), name="cheats")
    result = run_cli(["play", "goofspiel", "cheat", "random", "--seed", "1"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "bgkit: error: plugin 'cheats': seat 'cheat' chose 99, which is not a legal action"


# -- plugin code that fails during play ----------------------------------------------------------------


def test_a_bot_that_raises_is_one_line_naming_its_plugin_and_the_game_is_saved(registry, tmp_path):
    class Grumpy:
        def __init__(self, rules, seed, **params):
            self.turns = 0

        def choose(self, decision):
            self.turns += 1
            if self.turns == 3:
                raise ZeroDivisionError("cannot count today")
            return decision.actions[0]

    def bgkit_register_bots(register):
        register("grumpy", Grumpy, "fails on its third turn")

    registry.register(plugin(bgkit_register_bots=bgkit_register_bots), name="grumpybot")
    save = tmp_path / "save.json"
    result = run_cli(["play", "goofspiel", "grumpy", "random", "--seed", "5", "--save", save])
    assert result.exit_code == 1
    line = result.stderr.strip().splitlines()[-1]
    assert line.startswith("bgkit: error: plugin 'grumpybot' failed while deciding for seat 'grumpy': ZeroDivisionError")
    assert f"saved in {save}" in line
    saved = json.loads(save.read_text())
    assert [p for p, _ in saved["actions"]].count(0) == 2  # both decisions before the failure are kept


def test_a_game_whose_rules_raise_is_one_line_naming_the_game_plugin(registry, monkeypatch):
    from bgkit_goofspiel.state import GoofState

    registry.load_game("goofspiel")  # its spec's parts bound to GoofState, which the test then breaks

    def broken(self):
        raise KeyError("hand")

    monkeypatch.setattr(GoofState, "legal_actions", broken)
    result = run_cli(["play", "goofspiel", "random", "random", "--seed", "5"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1] == "bgkit: error: plugin 'goofspiel' failed while listing the legal actions: KeyError: 'hand'"


def test_a_bot_factory_that_is_not_callable_or_raises_is_one_line(registry):
    def bgkit_register_bots(register):
        register("nothing", None, "not a factory")
        register("fails", lambda rules, seed, **p: 1 / 0, "raises")

    registry.register(plugin(bgkit_register_bots=bgkit_register_bots), name="oddbots")
    for seat, message in (("nothing", "has a factory that cannot be called"), ("fails", "failed to start: ZeroDivisionError")):
        result = run_cli(["play", "goofspiel", seat, "random", "--seed", "1"])
        assert result.exit_code == 1 and message in result.stderr and result.stderr.count("\n") == 1


def test_a_setup_hook_that_returns_a_list_is_one_line(registry):
    def bgkit_setup(game, players, seed, options):
        return [1, 2, 3]

    registry.register(plugin(bgkit_setup=bgkit_setup), name="listy")
    result = run_cli(["setup", "goofspiel", "-p", "2"])
    assert result.exit_code == 1 and "the setup of Goofspiel is a list, not a table" in result.stderr


def test_a_state_whose_end_check_raises_is_one_line_and_the_game_is_saved(registry, monkeypatch, tmp_path):
    """The driver learns who moves next, and whether the game has ended, from current_player()."""
    from bgkit_goofspiel.state import GoofState

    registry.load_game("goofspiel")  # its spec's parts bound to GoofState, which the test then breaks

    sound, calls = GoofState.current_player, []

    def flaky(self):
        calls.append(1)
        if len(calls) > 20:
            raise IndexError("list index out of range")
        return sound(self)

    monkeypatch.setattr(GoofState, "current_player", flaky)
    save = tmp_path / "save.json"
    result = run_cli(["play", "goofspiel", "random", "random", "--seed", "5", "--save", save])
    assert result.exit_code == 1
    line = result.stderr.strip().splitlines()[-1]
    assert line.startswith("bgkit: error: plugin 'goofspiel' failed while ")  # playing, or applying the move it was asked about
    assert "IndexError: list index out of range" in line
    assert json.loads(save.read_text())["actions"]  # what was played before the fault is kept


def test_a_state_that_never_ends_is_stopped_and_named(registry, monkeypatch):
    from bgkit.engine import match as engine
    from bgkit_goofspiel.state import GoofState

    registry.load_game("goofspiel")  # its spec's parts bound to GoofState, which the test then breaks

    monkeypatch.setattr(engine, "MAX_ACTIONS", 500)
    monkeypatch.setattr(GoofState, "apply", lambda self, action: None)  # nothing ever changes
    result = run_cli(["play", "goofspiel", "random", "random", "--seed", "5"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1] == "bgkit: error: plugin 'goofspiel': the game has not ended after 500 actions"


def test_register_executors_adds_an_executor(registry):
    """A plugin's executor (threads here; Ray would look the same) plays the games of a match."""
    from concurrent.futures import ThreadPoolExecutor

    from bgkit.tournaments.executors import play_chunk

    seen = {"chunks": [], "closed": False}

    class Threads:
        def __init__(self, jobs, scheduler=None):
            self.workers = jobs
            self.pool = ThreadPoolExecutor(jobs)

        def play(self, schedule, chunks):
            def remember(chunk):
                seen["chunks"].append(chunk)
                return chunk

            return self.pool.map(lambda chunk: play_chunk(schedule, remember(chunk)), chunks)

        def close(self):
            seen["closed"] = True
            self.pool.shutdown()

    def bgkit_register_executors(register):
        register("threads", Threads, "a thread pool")

    registry.register(plugin(bgkit_register_executors=bgkit_register_executors), name="threads")
    args = ["play", "goofspiel", "random", "greedy", "--games", "12", "--seed", "4", "--format", "json"]
    threaded = run_cli([*args, "--executor", "threads", "--jobs", "2"])
    assert threaded.exit_code == 0, threaded.stderr
    assert threaded.stdout == run_cli(args).stdout
    assert sorted(g for chunk in seen["chunks"] for g in chunk) == list(range(12)) and seen["closed"]
    assert "executors: local, dask, threads" in run_cli([*args, "--executor", "nope"]).stderr
