"""What the driver hands a seat, and what it reads of one (issue 38 items 7-8, issue 40).

A seat is handed a Decision of copies: an in-process bot that reaches into it (the common mistake
of exploring by changing what it is handed, or a cheat) changes nothing of the game. The Seat
protocol declares everything the driver reads, with defaults, so a bot is ``name`` and ``choose``.
A house rule whose legal actions are empty while the game goes on is named in one line.
"""

import json
import types

from bgkit.engine.match import BaseSeat, Decision, Seat, seated
from bgkit.plugins.hookspecs import hookimpl
from bgkit.testing import run_cli


def plugin(**hooks):
    module = types.ModuleType("test_plugin")
    for name, function in hooks.items():
        setattr(module, name, hookimpl(function))
    return module


class Meddler:
    """Plays the first legal action, after changing everything it can reach of what it is handed:
    the state under the decision (crystals, hands), the legal list (an extra action it then picks)."""

    def __init__(self, runtime, seed, **params):
        self.runtime = runtime

    def choose(self, decision):
        source = object.__getattribute__(decision, "_source")
        first = decision.actions[0]
        if hasattr(source, "crystals"):
            source.crystals[decision.player] += 50  # the cheat
            for hand in source.hands:
                hand.put(0)
        decision.state.__dict__.clear() if hasattr(decision.state, "__dict__") else None
        decision.actions.clear()
        return first


class TrustedMeddler(Meddler):
    """The same, claiming to be trusted: it is spared the check of its move, not the copies."""

    trusted = True


class First:
    def __init__(self, runtime, seed, **params):
        pass

    def choose(self, decision):
        return decision.actions[0]


def bots(**kinds):
    def bgkit_register_bots(register):
        for name, factory in kinds.items():
            register(name, factory, name)

    return plugin(bgkit_register_bots=bgkit_register_bots)


def test_an_in_process_bot_that_changes_what_it_is_handed_changes_nothing(registry, tmp_path):
    registry.register(bots(meddler=Meddler, trusting=TrustedMeddler, first=First), name="meddlers")
    logs = {}
    for bot in ("meddler", "trusting", "first"):
        log = tmp_path / f"{bot}.json"
        result = run_cli(["play", "bluemooncity", bot, "greedy", "--seed", "1", "--log", log, "--format", "json"])
        assert result.exit_code == 0, result.stderr
        logs[bot] = json.loads(log.read_text())
    for bot in ("meddler", "trusting"):
        assert logs[bot]["actions"] == logs["first"]["actions"]  # the same game, move for move
        assert logs[bot]["result"] == logs["first"]["result"]  # no 50 crystals anywhere
    verified = run_cli(["replay", tmp_path / "meddler.json", "--verify"])
    assert verified.exit_code == 0, verified.stderr


def test_a_decision_holds_copies_of_the_state_and_of_the_legal_list(goofspiel):
    import random

    from bgkit.engine.match import decision_for

    state = goofspiel.new_state(goofspiel.setup(2, random.Random(1), {"deck": "13"}))
    state.apply(state.chance_pick(0.5))
    actions = state.legal_actions()
    decision = decision_for(state, 0, actions, random.Random(2))
    assert object.__getattribute__(decision, "_source") is not state
    assert decision.actions == actions and decision.actions is not actions
    decision.actions.clear()
    object.__getattribute__(decision, "_source").hands[0].clear()
    assert actions and state.hands[0]


def test_a_simple_seat_gets_every_declared_attribute_by_default():
    class Plain:
        name = "plain"

        def choose(self, decision: Decision):
            return decision.actions[0]

    seat = seated(Plain())
    declared = set(Seat.__annotations__) | {"tell"}
    assert {name for name in declared if hasattr(seat, name)} == declared
    assert (seat.trusted, seat.person, seat.rng, seat.wants_history, seat.pick, seat.at_table) == (False, False, None, False, None, None)
    seat.tell("nothing happens")
    assert all(hasattr(BaseSeat, name) for name in declared - {"name", "choose"})


def test_a_house_rule_with_no_legal_action_is_named_with_what_it_returned(registry):
    def bgkit_legal_actions(game, state):
        if not state.is_chance() and len(state.hands[0]) < 10:  # three rounds in: nothing is legal
            return []

    registry.register(plugin(bgkit_legal_actions=bgkit_legal_actions), name="no-more-bids")
    result = run_cli(["play", "goofspiel", "random", "random", "--seed", "1"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1] == (
        "bgkit: error: plugin 'no-more-bids' (a house rule: its bgkit_legal_actions) returned [] for player 2, "
        "but the game has not ended: nobody can decide from no legal action")


def test_a_seat_that_cannot_take_a_default_is_one_line_naming_it():
    import pytest

    from bgkit.model.errors import PluginError

    class Slotted:
        __slots__ = ("name",)

        def choose(self, decision):
            return decision.actions[0]

    seat = Slotted()
    seat.name = "tight"
    with pytest.raises(PluginError, match="seat 'tight' \\(Slotted\\) has no 'trusted' and cannot be given one"):
        seated(seat)

    class Derived(BaseSeat):
        __slots__ = ("name",)

        def choose(self, decision):
            return decision.actions[0]

    assert seated(Derived()).trusted is False


def test_the_driver_reads_a_seats_attributes_as_the_protocol_declares_them():
    """Every attribute the core reads of a seat is declared by the Seat protocol and given by
    seated(): no getattr/hasattr of one elsewhere (issue 40 found 12 such sites), but for the
    two that are not reading a seated seat."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    names = "|".join(sorted(set(Seat.__annotations__) - {"name"} | {"tell", "choose"}))
    probe = re.compile(rf"\b(?:getattr|hasattr)\(\s*([^,]+),\s*['\"]({names})['\"]")
    found = {f"{path.relative_to(root)}: {m.group(1).strip()}.{m.group(2)}" for path in sorted((root / "bgkit").rglob("*.py"))
             for m in probe.finditer(path.read_text(encoding="utf-8"))}
    assert found == {
        "bgkit/engine/match.py: self.chance.person",  # the chance source, not a seat
        "bgkit/sessions/build.py: bot.choose",  # a plugin's bot checked before it is seated
    }
    assert probe.search("getattr(seat, 'wants_history', False)")  # the scan sees what it looks for
