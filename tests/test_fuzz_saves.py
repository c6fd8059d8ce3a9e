"""Fuzzing saves and logs with a fixed budget: whatever a save or log file holds, `bgkit replay
--verify` and `bgkit play --resume` either go on with it or say what is wrong in one line (exit 2),
never a traceback, and a file that verifies still replays to the result it claims.

The cases start from real logs of bot games of every playable game, then change one thing: a value
anywhere in the document (hostile numbers, wrong types, markup, deep nesting), a key dropped, the
actions cut, repeated or reordered, or the bytes of the file (a bit flipped, cut short, spliced).
The fuzzing runs in a memory-limited subprocess and prints its case counts; run it alone with
``python tests/test_fuzz_saves.py``.
"""

from __future__ import annotations

import json
import sys

BUDGET = {"structured": 160, "bytes": 100, "resume": 40}


def test_saves_and_logs_survive_fuzzing():
    from bgkit.testing import run_limited

    result = run_limited([sys.executable, __file__], timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    counts = json.loads(result.stdout.splitlines()[-1])
    print("save and log fuzzing:", counts)
    for kind, budget in BUDGET.items():
        assert sum(counts[kind].values()) == budget, counts
        assert counts[kind].get("refused"), counts  # each kind met files that must be refused


# -- the fuzzing itself, run in the subprocess ------------------------------------------------------

def main() -> None:
    import copy
    import tempfile
    from collections import Counter
    from pathlib import Path

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from bgkit.plugins.registry import get_registry
    from bgkit.testing import run_cli

    folder = Path(tempfile.mkdtemp(prefix="bgkit-fuzz-saves-"))
    registry = get_registry()
    logs: dict[str, dict] = {}
    for game_id in sorted(g for g, info in registry.games.items() if info.playable):
        info = registry.games[game_id]
        path = folder / f"{game_id}.json"
        seats = ["random"] * info.min_players
        done = run_cli(["play", game_id, *seats, "--seed", "11", "--log", path])
        assert done.exit_code == 0, (game_id, done.stderr)
        logs[game_id] = json.loads(path.read_text())
    counts: dict[str, Counter] = {kind: Counter() for kind in BUDGET}

    def judge(kind: str, args: list, text: str) -> None:
        """One command over one file: it goes on (exit 0) or is refused in one line (exit 2)."""
        path = folder / "case.json"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        (folder / "out.json").unlink(missing_ok=True)
        result = run_cli([a if a != "FILE" else path for a in args])  # raises on any traceback
        if result.exit_code == 0:
            counts[kind]["accepted"] += 1
            return
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2, (result.exit_code, result.stderr[-2000:], text[:2000])
        assert len(lines) == 1 and lines[0].startswith("bgkit: error: "), result.stderr[-2000:]
        counts[kind]["refused"] += 1

    hostile = st.one_of(
        st.integers(-3, 40), st.sampled_from([0, -1, 10**6, 2**63, 10**400, float("inf"), float("nan"), True]),
        st.text(max_size=10), st.sampled_from(["[/bold]", "\x1b]2;pwned\x07", "2", "", "/", "random", "human"]),
        st.just(None), st.just([]), st.just({}),
    )
    value = st.recursive(hostile, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                         max_leaves=8)

    def places(doc, prefix=()):
        """Every (container, key) path in the document, the actions list's items included."""
        found = []
        items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
        for key, inner in items:
            found.append(prefix + (key,))
            if len(found) < 400:
                found += places(inner, prefix + (key,))
        return found

    def dumped(doc) -> str:
        return json.dumps(doc, allow_nan=True, default=str)

    @given(st.sampled_from(sorted(logs)), st.data())
    def structured(game_id, data):
        doc = copy.deepcopy(logs[game_id])
        how = data.draw(st.sampled_from(["value", "value", "value", "drop", "cut", "repeat", "swap", "players"]))
        spots = places(doc)
        if how in ("value", "drop"):
            where = data.draw(st.sampled_from(spots))
            parent = doc
            for key in where[:-1]:
                parent = parent[key]
            if how == "value":
                parent[where[-1]] = data.draw(value)
            elif isinstance(parent, dict):
                del parent[where[-1]]
            else:
                parent.pop(where[-1])
        elif how == "cut":
            doc["actions"] = doc["actions"][: data.draw(st.integers(0, len(doc["actions"])))]
        elif how == "repeat":
            at = data.draw(st.integers(0, len(doc["actions"]) - 1))
            doc["actions"].insert(at, doc["actions"][at])
        elif how == "swap":
            at = data.draw(st.integers(0, len(doc["actions"]) - 2))
            doc["actions"][at], doc["actions"][at + 1] = doc["actions"][at + 1], doc["actions"][at]
        else:
            doc["players"] = data.draw(value)
        judge("structured", ["replay", "FILE", "--verify", "--format", "json"], dumped(doc))

    @given(st.sampled_from(sorted(logs)), st.data())
    def bytes_(game_id, data):
        original = dumped(logs[game_id])
        how = data.draw(st.sampled_from(["flip", "cut", "splice", "deep", "digits"]))
        if how == "flip":
            at = data.draw(st.integers(0, len(original) - 1))
            bit = 1 << data.draw(st.integers(0, 6))
            text = original[:at] + chr(ord(original[at]) ^ bit) + original[at + 1:]
        elif how == "cut":
            text = original[: data.draw(st.integers(0, len(original) - 1))]
        elif how == "splice":
            at = data.draw(st.integers(0, len(original)))
            text = original[:at] + data.draw(st.text(max_size=20)) + original[at + data.draw(st.integers(0, 10)):]
        elif how == "deep":
            depth = data.draw(st.integers(1, 100_000))
            text = original[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}"
        else:
            text = original.replace('"seed": ', '"seed": ' + "9" * data.draw(st.integers(1, 6000)), 1)
        judge("bytes", ["replay", "FILE", "--verify"], text)

    @given(st.sampled_from(sorted(logs)), st.data())
    def resume(game_id, data):
        """A save cut or changed somewhere, resumed by bots to the end, or refused."""
        doc = copy.deepcopy(logs[game_id])
        doc["actions"] = doc["actions"][: data.draw(st.integers(0, len(doc["actions"])))]
        if data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(doc)))
            doc[key] = data.draw(value)
        judge("resume", ["play", "--resume", "FILE", "--save", folder / "out.json"], dumped(doc))

    fuzz = settings(derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    for kind, test in (("structured", structured), ("bytes", bytes_), ("resume", resume)):
        settings(fuzz, max_examples=BUDGET[kind])(test)()
    print(json.dumps({kind: dict(c) for kind, c in counts.items()}))


if __name__ == "__main__":
    main()
