"""A plugin's fault, whatever it raises (SystemExit too) and whenever (importing, registering, setting
up, scoring, playing, replaying), is one line naming that plugin, exit 1, and every other plugin
keeps working. Each case is a real ``bgkit`` process with a small plugin installed beside it."""

import json
import sys

import pytest

from bgkit.testing import run_limited

SHEET = __import__("pathlib").Path(__file__).parent.parent / "examples" / "sheets" / "goofspiel-2p.toml"


def installed(tmp_path, name: str, code: str) -> dict:
    """A distribution ``name`` on the path whose entry point is the module ``code``; the environment
    that sees it."""
    (tmp_path / f"{name}.py").write_text(code)
    dist = tmp_path / f"{name}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[bgkit]\n{name} = {name}\n")
    return {"PYTHONPATH": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}


def bgkit(env: dict, *args, cwd=None):
    return run_limited([sys.executable, "-m", "bgkit", *map(str, args)], env=env, cwd=cwd)


def last_line(result) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    return result.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("raised", ["SystemExit(3)", "SystemExit('\\x1b]0;pwned\\x07bye')", "GeneratorExit()",
                                    "type('Odd', (BaseException,), {})()"])
def test_a_plugin_ending_bgkit_at_import_is_isolated_and_named(tmp_path, raised):
    env = installed(tmp_path, "quitter", f"raise {raised}\n")
    games = bgkit(env, "games", "--format", "json")
    assert games.returncode == 0, games.stderr
    assert "goofspiel" in {row["id"] for row in json.loads(games.stdout)}
    assert games.stderr.startswith("warning: plugin 'quitter' failed to load: "), games.stderr
    assert "\x1b" not in games.stderr and "\x07" not in games.stderr  # its message is shown, not obeyed
    rows = {row["name"]: row for row in json.loads(bgkit(env, "plugins", "--format", "json").stdout)}
    assert rows["quitter"]["error"]


def test_a_registration_hook_raising_systemexit_is_isolated(tmp_path):
    env = installed(tmp_path, "quitter", (
        "import sys\nfrom bgkit.plugins.hookspecs import hookimpl\n\n"
        "@hookimpl\ndef bgkit_register_bots(register):\n    sys.exit(7)\n"))
    result = bgkit(env, "play", "goofspiel", "random", "random", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "warning: plugin 'quitter' failed to load: bgkit_register_bots failed: SystemExit: 7" in result.stderr


def test_a_bot_raising_systemexit_while_deciding_is_one_line_naming_its_plugin(tmp_path):
    env = installed(tmp_path, "quitbot", (
        "import sys\nfrom bgkit.plugins.hookspecs import hookimpl\n\n"
        "class Quitter:\n    def __init__(self, rules, seed, **params):\n        pass\n"
        "    def choose(self, decision):\n        sys.exit(7)\n\n"
        "@hookimpl\ndef bgkit_register_bots(register):\n    register('quitter', Quitter, 'ends bgkit')\n"))
    result = bgkit(env, "play", "goofspiel", "quitter", "random", "--seed", "1")
    assert result.returncode == 1
    assert last_line(result).startswith("bgkit: error: plugin 'quitbot' failed while deciding for seat 'quitter': SystemExit: 7")


HOUSE_RULE = (
    "from bgkit.plugins.hookspecs import hookimpl\n\n"
    "@hookimpl\ndef bgkit_{hook}:\n    if game.info.id == 'goofspiel':\n        {body}\n"
)


@pytest.mark.parametrize("hook, body, args, doing", [
    ("setup(game, players, seed, options)", "raise KeyError('deck')", ("setup", "goofspiel", "-p", "2", "--seed", "1"), ""),
    ("score(game, sheet)", "raise SystemExit(4)", ("score", "goofspiel", SHEET), ""),
    ("legal_actions(game, state)", "raise ZeroDivisionError('oops')", ("play", "goofspiel", "random", "random", "--seed", "1"),
     "listing the legal actions"),
    ("apply_action(game, state, action)", "raise SystemExit(5)", ("play", "goofspiel", "random", "random", "--seed", "1"),
     "applying"),
])
def test_a_house_rule_plugins_fault_is_blamed_on_it_not_on_the_game(tmp_path, hook, body, args, doing):
    env = installed(tmp_path, "myrules", HOUSE_RULE.format(hook=hook, body=body))
    result = bgkit(env, *args)
    assert result.returncode == 1, result.stderr
    line = last_line(result)
    assert line.startswith("bgkit: error: plugin 'myrules' failed"), line
    assert doing in line and "goofspiel" not in line.split(":")[1], line


def test_a_hook_failing_during_replay_verify_names_its_plugin(tmp_path):
    log = tmp_path / "game.json"
    assert bgkit({}, "play", "goofspiel", "random", "random", "--seed", "1", "--log", log).returncode == 0
    env = installed(tmp_path, "myrules", HOUSE_RULE.format(hook="apply_action(game, state, action)", body="raise SystemExit(5)"))
    result = bgkit(env, "replay", log, "--verify")
    assert result.returncode == 1, result.stderr
    assert last_line(result).startswith("bgkit: error: plugin 'myrules' failed"), result.stderr


def test_bgkit_own_exit_codes_are_not_taken_for_a_plugins_fault(tmp_path):
    """The safety net names a plugin only when a plugin's code is on the way: bgkit's own refusals
    keep their codes."""
    env = installed(tmp_path, "quiet", "from bgkit.plugins.hookspecs import hookimpl\n")
    assert bgkit(env, "setup", "goofspiel", "-p", "9").returncode == 2
    assert bgkit(env, "games").returncode == 0


@pytest.mark.parametrize("save", [False, True])  # bots alone take the fast loop; a save the step by step one
def test_a_bot_choosing_an_illegal_move_is_named_on_either_path(tmp_path, save):
    env = installed(tmp_path, "cheater", (
        "from bgkit.plugins.hookspecs import hookimpl\n\n"
        "class Cheat:\n    def __init__(self, rules, seed, **params):\n        pass\n"
        "    def choose(self, decision):\n        return 'a card from the sleeve'\n\n"
        "@hookimpl\ndef bgkit_register_bots(register):\n    register('cheat', Cheat, 'cheats')\n"))
    args = ["play", "goofspiel", "cheat", "random", "--seed", "1", *(["--save", tmp_path / "s.json"] if save else [])]
    result = bgkit(env, *args)
    assert result.returncode == 1, result.stderr
    assert "plugin 'cheater': seat 'cheat' chose 'a card from the sleeve', which is not a legal action" in last_line(result)


def test_a_games_own_setup_or_scoring_failing_outside_play_names_its_plugin(tmp_path):
    """A game plugin's setup and scoring code run outside the guarded calls of play: a fault there
    (SystemExit too) is still one line naming the plugin, exit 1."""
    package = tmp_path / "oddgame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "spec.py").write_text(
        "from bgkit.api import GameSpec, Setup\n\n"
        "def make_setup(components, players, rng, options):\n    raise SystemExit(9)\n\n"
        "def count_setups(components, players, options):\n    return {}['boom']\n\n"
        "SPEC = GameSpec(play='oddgame.play:PLAY', setup=Setup(make_setup=make_setup, count_setups=count_setups))\n")
    env = installed(tmp_path, "oddgame_plugin", (
        "from bgkit.api import GameInfo, hookimpl\n\n"
        "@hookimpl\ndef bgkit_register_games(register):\n"
        "    register(GameInfo('oddgame', 'Odd game', 2, 4, 'oddgame.spec:SPEC'))\n"))
    for args, fault in ((("setup", "oddgame", "-p", "2", "--seed", "1"), "SystemExit: 9"),
                        (("setup", "oddgame", "-p", "2", "--count"), "KeyError: 'boom'")):
        result = bgkit(env, *args)
        assert result.returncode == 1, result.stderr
        assert last_line(result) == f"bgkit: error: plugin 'oddgame_plugin' failed: {fault}"


def test_the_plugin_blamed_is_the_one_whose_code_raised_innermost(tmp_path, monkeypatch, registry):
    """A game's code calling a house rule's helper that raises: the house rule is named, not the game
    whose frames are further out; bgkit's own frames and unknown modules name nobody."""
    from bgkit.plugins.registry import culprit

    (tmp_path / "outer_game.py").write_text("import inner_rule\n\ndef play():\n    inner_rule.boom()\n")
    (tmp_path / "inner_rule.py").write_text("def boom():\n    raise SystemExit('no')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import inner_rule
    import outer_game

    registry.register(outer_game, name="outergame")
    registry.register(inner_rule, name="innerrule")
    with pytest.raises(SystemExit) as caught:
        outer_game.play()
    assert culprit(caught.value) == "innerrule"
    with pytest.raises(ZeroDivisionError) as own:
        1 / 0
    assert culprit(own.value) is None
