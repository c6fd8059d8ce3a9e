"""A game declared as one GameSpec: its play half's parts are bound to its state class once, when
play starts, with no layer per call; the runtime hands out those very functions; a spec's faults
are said in one line; listing the games imports no spec, and setup and score import no play half."""

import functools
import subprocess
import sys
from pathlib import Path

import pytest

from bgkit.api import LIST, VALUE, GameInfo, GameSpec, GameState, Play, PluginError, Rules, Setup, StateFields, runtime_for
from bgkit.model.spec import bind
from bgkit.testing import check_spec, get_registry, table_half_suite


def test_the_state_methods_and_the_runtime_functions_are_the_parts_own(goofspiel):
    from bgkit_goofspiel import advisor, rules
    from bgkit_goofspiel.state import GoofState

    state = goofspiel.new_state({"players": 2, "deck": 5})
    assert type(state) is GoofState and GoofState.legal_actions is rules.legal_actions
    functions = runtime_for(goofspiel).functions(GoofState)
    assert functions.legal_actions is rules.legal_actions and functions.apply is rules.apply
    assert functions.heuristic is advisor.heuristic and functions.current_player is rules.current_player


@pytest.mark.parametrize("game_id", sorted(get_registry().games))
def test_every_game_is_a_spec_whose_state_carries_at_most_two_classes_of_its_plugin(game_id):
    """Every installed game (the five and both examples' games) is a GameSpec: its registration names
    one (GameInfo.spec is required), its play half binds, and its state class carries at most
    MAX_OWN_BASES (2) classes of its own plugin, every State method the spec's."""
    from bgkit.testing import MAX_OWN_BASES

    game = get_registry().load_game(game_id)
    assert isinstance(game.spec, GameSpec) and game.info.spec
    check_spec(game.play)
    top = game.info.package
    own = [k for k in game.play.state.__mro__ if k.__module__.split(".")[0] == top]
    assert 1 <= len(own) <= MAX_OWN_BASES == 2


def counter_state(**body):
    """A fresh state class (each test binds its own)."""
    def init(self, players=2):
        self.num_players, self.count = players, 0
        self.log = []
    return type("Counter", (GameState,), {"FIELDS": StateFields(VALUE("num_players", "count"), LIST("log")),
                                            "__init__": init, "__module__": "counter_game", **body})


def count_rules(**more):
    return Rules(current_player=lambda s: -4 if s.count >= 3 else 0, legal_actions=lambda s: [1], **more)


def test_a_state_class_may_not_define_what_a_part_gives():
    cls = counter_state(legal_actions=lambda self: [1])
    spec = Play(state=cls, new_state=lambda comp, setup: cls(), rules=count_rules(apply=lambda s, a: None))
    with pytest.raises(PluginError, match="counter_game:SPEC: Counter defines legal_actions itself; it belongs in the spec's rules"):
        bind(spec, "counter_game:SPEC")


def test_rules_that_leave_the_state_api_incomplete_are_refused():
    cls = counter_state()
    spec = Play(state=cls, new_state=lambda comp, setup: cls(), rules=count_rules())
    for _ in range(2):  # and again: a refused spec leaves the class as it was
        with pytest.raises(PluginError, match="the rules lack apply"):
            bind(spec, "counter_game:SPEC")
    with pytest.raises(PluginError, match="Counter.apply was never bound"):
        cls().apply(1)


def test_a_part_must_be_a_plain_function_of_the_state():
    cls = counter_state()
    apply = functools.partial(lambda s, a: None)
    spec = Play(state=cls, new_state=lambda comp, setup: cls(), rules=count_rules(apply=apply))
    with pytest.raises(PluginError, match="rules.apply must be a plain function of the state"):
        bind(spec, "counter_game:SPEC")


def test_a_bound_spec_plays_and_half_an_action_space_is_refused():
    from bgkit.api import Notation

    cls = counter_state()

    def apply(s, action):
        s.count += action
        s.log.append(action)

    spec = Play(state=cls, new_state=lambda comp, setup: cls(), rules=count_rules(apply=apply))
    bind(spec, "counter_game:SPEC")
    state = cls()
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.log == [1, 1, 1] and state.clone().to_dict() == {"num_players": 2, "count": 3, "log": [1, 1, 1]}
    with pytest.raises(TypeError, match="notation: num_actions given without max_game_length, action_index"):
        Play(state=cls, new_state=lambda comp, setup: cls(), rules=count_rules(), notation=Notation(num_actions=lambda c, p: 1))


def test_gameinfo_names_its_spec_lazily():
    info = GameInfo(id="pig2", name="Pig", min_players=2, max_players=2, spec="bgkit_pig:SPEC")
    assert info.playable and info.package == "bgkit_pig"
    with pytest.raises(ValueError, match="spec must be 'module:NAME'"):
        GameInfo(id="x", name="X", min_players=2, max_players=2, spec="bgkit_pig")
    with pytest.raises(PluginError, match=r"^plugin 'x': bgkit_pig:Pig is not a bgkit.api.GameSpec \(ABCMeta\)$"):
        GameInfo(id="x", name="X", min_players=2, max_players=2, spec="bgkit_pig:Pig").load()


def test_listing_the_games_imports_no_spec():
    probe = ("import sys, runpy; sys.argv = ['bgkit', 'games']\n"
             "try:\n    runpy.run_module('bgkit', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print([m for m in sys.modules if m.startswith('bgkit_goofspiel.') and m != 'bgkit_goofspiel.plugin'] or 'NONE',"
             " file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.stderr.strip().splitlines()[-1] == "NONE", done.stderr


#: ``bgkit setup`` and ``bgkit score`` read the spec's table half; its play half is named and waits
#: for play (goofspiel: ``play="bgkit_goofspiel.play:PLAY"``).
test_setup_and_score_import_no_play_half = table_half_suite(
    "bgkit_goofspiel", ("plugin", "spec", "setup", "scoring", "render"),
    {"setup goofspiel -p 3 --seed 4": "face down: the prizes", "score goofspiel examples/sheets/goofspiel-3p.toml": "Winner: Ada"},
    cwd=Path(__file__).parent.parent)


def test_a_named_play_half_is_imported_and_bound_when_play_starts(goofspiel):
    from bgkit_goofspiel.play import PLAY

    assert goofspiel.spec.play == "bgkit_goofspiel.play:PLAY"
    goofspiel.new_state({"players": 2, "deck": 5})
    assert goofspiel.play is PLAY and PLAY.state.legal_actions is PLAY.rules.legal_actions


def test_a_play_half_named_wrong_is_said_in_one_line_when_play_starts(monkeypatch):
    import types

    module = types.ModuleType("lazy_probe")
    module.SPEC = GameSpec(play="bgkit_pig:SPEC", setup=Setup(make_setup=lambda c, p, r, o: {"players": p}))
    monkeypatch.setitem(sys.modules, "lazy_probe", module)
    game = GameInfo(id="probe", name="Probe", min_players=2, max_players=2, spec="lazy_probe:SPEC").load()
    import random

    assert game.setup(2, random.Random(1), {}) == {"players": 2}  # the table half works alone
    with pytest.raises(PluginError, match=r"^plugin 'probe': bgkit_pig:SPEC is not a bgkit.api.Play \(GameSpec\)$"):
        game.new_state({"players": 2})
    with pytest.raises(TypeError, match="GameSpec play must be a Play or 'module:NAME', not 'bgkit_pig'"):
        GameSpec(play="bgkit_pig")


def test_the_first_page_of_the_plugin_guide_is_pig_whole():
    """docs/plugins.md shows the one-file game as it ships, to the byte."""
    from pathlib import Path

    root = Path(__file__).parent.parent
    pig = (root / "examples" / "bgkit-pig" / "bgkit_pig" / "__init__.py").read_text()
    docs = (root / "docs" / "plugins.md").read_text()
    assert f"```python\n{pig}```" in docs
    assert len(pig.splitlines()) <= 100


def test_bgkit_plugins_reads_a_spec_from_its_source():
    """Listing the plugins imports no engine: a spec is looked for in its module's source."""
    from bgkit.plugins.sources import spec_problems

    assert spec_problems("bgkit_pig:SPEC") == []
    assert spec_problems("bgkit_pig:SPECS") == ["bgkit_pig.SPECS is missing (its GameSpec)"]
    assert spec_problems("bgkit_nowhere.spec:SPEC") == ["its spec module bgkit_nowhere.spec cannot be found (ModuleNotFoundError)"]


def test_no_bot_decides_hooked_or_direct_itself():
    """The runtime resolves which functions serve (Runtime.functions); the bots only take them."""
    from pathlib import Path

    bots = Path(__file__).parent.parent / "bgkit" / "bots"
    for path in sorted(bots.glob("*.py")):
        text = path.read_text()
        for flag in ("score_hooked", "turn_hooked", "is State.rollout_action", "type(state).heuristic", "type(seen).heuristic"):
            assert flag not in text, f"{path.name} decides for itself: {flag}"


def test_check_spec_refuses_a_state_built_of_its_plugins_mixins():
    mixins = [type(name, (), {"__module__": "counter_game.parts"}) for name in ("Rules", "Views")]
    cls = type("Counter", (*mixins, GameState), {"__module__": "counter_game.state",
                                                 "FIELDS": StateFields(VALUE("num_players"))})
    spec = Play(state=cls, new_state=lambda comp, setup: cls(),
                    rules=Rules(current_player=lambda s: -4, legal_actions=lambda s: [], apply=lambda s, a: None))
    bind(spec, "counter_game:SPEC")
    with pytest.raises(AssertionError, match="Counter carries 3 classes of its plugin: Counter, Rules, Views"):
        check_spec(spec)


def test_a_part_from_a_module_that_gives_it_whole_holds_the_modules_functions():
    """notation_of, observer_of, flow_rules_of, setup_of and scoring_of read a module's functions by the part's names."""
    from bgkit.api import notation_of, observer_of, scoring_of, setup_of
    from bgkit_bretagne import notation, scoring, setup, views

    made = notation_of(notation)
    assert (made.action_text, made.action_index, made.words, made.parse_action) == (
        notation.action_text, notation.action_index, notation.WORDS, None)
    seen = observer_of(views, notation.chance_label)
    assert (seen.view, seen.audience, seen.observation_tensor, seen.chance_label) == (
        views.view, views.audience, views.observation_tensor, notation.chance_label)
    laid = setup_of(setup, any_keys=("quimper.resources",))
    assert (laid.options, laid.fixed, laid.check_setup, laid.any_keys, laid.render_setup) == (
        setup.OPTIONS, setup.FIXED, setup.check_setup, ("quimper.resources",), None)
    from bgkit.api import flow_rules_of
    from bgkit_bretagne import rules

    ruled = flow_rules_of(rules, settle_chance=rules.settle_chance)
    assert (ruled.step, ruled.apply_chance, ruled.outcome, ruled.settle_chance, ruled.frame_rules) == (
        rules.step, rules.apply_chance, rules.outcome, rules.settle_chance, None)
    scored = scoring_of(scoring, check_partial_sheet=scoring.check_sheet)
    assert (scored.score_sheet, scored.check_partial_sheet, scored.sheet_game_fields) == (
        scoring.score_sheet, scoring.check_sheet, None)


def test_a_module_lacking_a_function_of_the_part_is_refused():
    import types

    from bgkit.api import notation_of

    with pytest.raises(AttributeError, match="half_a_notation.* has no attribute"):
        notation_of(types.ModuleType("half_a_notation"))  # type: ignore[arg-type]  # what mypy says first
