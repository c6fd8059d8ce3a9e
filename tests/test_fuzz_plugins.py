"""Fuzzing plugin faults with a fixed budget: whatever a game plugin's code does wrong, and
whenever, bgkit says so in one line naming the plugin (exit 1; exit 2 where a person's input is
the cause), never a traceback, and the save holds every decision made before the fault.

Each case takes Goofspiel (the example plugin) and makes one method of its state misbehave at its
n-th call — raise an exception of some kind, or hand back something of the wrong type or value —
then plays a bot game with ``--save`` (or sets up, or scores a sheet) through the CLI. The saved
game must load and replay with the sound plugin. Runs in a memory-limited subprocess and prints its
case counts; run it alone with ``python tests/test_fuzz_plugins.py``.
"""

from __future__ import annotations

import json
import sys

BUDGET = 150


def test_plugin_faults_survive_fuzzing():
    from bgkit.testing import run_limited

    result = run_limited([sys.executable, __file__], timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    counts = json.loads(result.stdout.splitlines()[-1])
    print("plugin fault fuzzing:", counts)
    assert sum(counts.values()) == BUDGET, counts
    assert counts.get("named the plugin"), counts


# -- the fuzzing itself, run in the subprocess ------------------------------------------------------

METHODS = ("current_player", "is_sealed", "legal_actions", "chance_outcomes", "action_text", "public_text",
           "chance_label", "apply", "clone", "scores", "view", "determinize", "to_dict", "render", "is_terminal",
           "returns", "outcome")
JUNK = (None, [], {}, "x", -1, 10**9, 0.5, float("nan"), ("a", 1), object())
FAULTS = (KeyError("hand"), ZeroDivisionError("division by zero"), AttributeError("no such thing"),
          TypeError("wrong type"), ValueError("bad value"), IndexError("list index out of range"),
          RecursionError("maximum recursion depth exceeded"), AssertionError("invariant"),
          SystemExit(3), GeneratorExit())  # a plugin does not get to end bgkit silently either


def main() -> None:
    import os
    import tempfile
    from collections import Counter
    from pathlib import Path

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    import bgkit_goofspiel.state as goof
    from bgkit.engine.match import GameLog, replay
    from bgkit.plugins.registry import get_registry
    from bgkit.engine.runtime import runtime_for
    from bgkit.testing import run_cli

    folder = Path(tempfile.mkdtemp(prefix="bgkit-fuzz-plugins-"))
    sheet = Path(__file__).parent.parent / "examples" / "sheets" / "goofspiel-2p.toml"
    counts: Counter = Counter()
    State = goof.GoofState
    get_registry().load_game("goofspiel")  # binds the spec's parts to the state class before any is sabotaged
    present = [m for m in METHODS if hasattr(State, m)]

    def sabotage(method: str, at: int, fault):
        """Make ``State.method`` misbehave from its ``at``-th call on (raise, or return ``fault``)."""
        sound = getattr(State, method)
        calls = [0]

        def faulty(self, *args, **kwargs):
            calls[0] += 1
            if calls[0] < at:
                return sound(self, *args, **kwargs)
            if isinstance(fault, BaseException):
                raise fault
            return fault

        setattr(State, method, faulty)
        return lambda: setattr(State, method, sound)

    @given(st.sampled_from(present), st.integers(1, 60), st.sampled_from(FAULTS + JUNK),
           st.sampled_from(["random random", "greedy random", "mcts:iterations=10 random", "random random random"]),
           st.sampled_from(["play", "play", "play", "setup", "score"]), st.integers(0, 3))
    def fault(method, at, what, seats, command, seed):
        save = folder / "save.json"
        save.unlink(missing_ok=True)
        if command == "play":
            args = ["play", "goofspiel", *seats.split(), "--seed", seed, "--save", save]
        elif command == "setup":
            args = ["setup", "goofspiel", "-p", len(seats.split()), "--seed", seed, "--format", "json"]
        else:
            args = ["score", "goofspiel", sheet, "--format", "json"]
        if os.environ.get("BGKIT_FUZZ_VERBOSE"):
            print(method, at, repr(what)[:40], seats, command, seed, file=sys.stderr, flush=True)
        restore = sabotage(method, at, what)
        try:
            result = run_cli(args)  # raises on any traceback
        finally:
            restore()
        if result.exit_code == 0:
            counts["went on"] += 1
        else:
            lines = result.stderr.strip().splitlines()
            assert result.exit_code in (1, 2), (result.exit_code, result.stderr[-2000:])
            assert len(lines) >= 1 and lines[-1].startswith("bgkit: error: "), result.stderr[-2000:]
            assert "Traceback" not in result.stderr, result.stderr[-3000:]
            if result.exit_code == 1:
                assert "plugin 'goofspiel'" in lines[-1], lines[-1]
                counts["named the plugin"] += 1
            else:
                counts["refused as input"] += 1
        if command == "play" and save.exists():
            log = GameLog.from_dict(json.loads(save.read_text()), str(save))
            game = get_registry().load_game("goofspiel")
            replay(game, runtime_for(game), log)  # every saved decision replays with the sound plugin

    settings(max_examples=BUDGET, derandomize=True, database=None, deadline=None,
             suppress_health_check=list(HealthCheck))(fault)()
    print(json.dumps(dict(counts)))


if __name__ == "__main__":
    main()
