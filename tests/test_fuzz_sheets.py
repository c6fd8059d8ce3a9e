"""Fuzzing score sheets with a fixed budget: whatever a file or a person types, bgkit scores it or
says what is wrong in one line (BadInput), never a traceback, and every score it gives is exact.

The fuzzing runs in a memory-limited subprocess (a sheet could try to allocate without bound) and
prints how many cases of each kind it ran and how they ended; the test fails on any other
exception, naming the falsifying case. Run it alone: ``python tests/test_fuzz_sheets.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
BUDGET = {"structured": 300, "text": 200, "answers": 300, "prompt": 40}


def test_sheets_survive_fuzzing():
    from bgkit.testing import run_limited

    result = run_limited([sys.executable, __file__], timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    counts = json.loads(result.stdout.splitlines()[-1])
    print("sheet fuzzing:", counts)
    for kind, budget in BUDGET.items():
        assert sum(counts[kind].values()) == budget, counts
    assert counts["prompt"].get("scored", 0) > 0, counts  # the prompt fuzzing reached scored sheets too


# -- the fuzzing itself, run in the subprocess ------------------------------------------------------

def main() -> None:
    import io
    import tomllib
    from collections import Counter

    import tomli_w
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from rich.console import Console

    from bgkit.terminal import render
    from bgkit.model.errors import BadInput
    from bgkit.plugins.registry import get_registry
    from bgkit.model.sheets import ask_sheet, parse_sheet

    registry = get_registry()
    games = {gid: registry.load_game(gid) for gid in registry.games}
    examples = {p.name: (p.name.split("-")[0], p.read_text()) for p in sorted((ROOT / "examples" / "sheets").glob("*.toml"))}
    counts: dict[str, Counter] = {kind: Counter() for kind in BUDGET}

    def run(kind: str, game_id: str, text: str) -> None:
        try:
            sheet = parse_sheet(games[game_id], text, "fuzz.toml")
        except BadInput as exc:
            assert "\n" not in str(exc), str(exc)
            counts[kind]["refused"] += 1
            return
        result = games[game_id].score_sheet(sheet)
        for total in result.totals:
            assert isinstance(total, int) and abs(total) < 10**7, result.totals
        json.dumps(result.to_dict())
        render.print_score(result, Console(file=io.StringIO(), width=80), games[game_id].info.name)
        counts[kind]["scored"] += 1

    fuzz = settings(derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))

    hostile_ints = st.one_of(st.integers(-5, 50), st.sampled_from([-(2**63), 2**63 - 1, 10**6, 10**6 + 1, 10**18]),
                             st.integers())
    leaf = st.one_of(hostile_ints, st.booleans(), st.text(max_size=12), st.floats(allow_nan=True),
                     st.sampled_from(["[/bold]", "\x1b]0;pwned\x07", "Ada", "", " "]))
    value = st.recursive(leaf, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                         max_leaves=12)

    @given(st.sampled_from(sorted(examples)), st.data())
    def structured(name, data):
        game_id, text = examples[name]
        doc = tomllib.loads(text)
        players = doc["player"]
        how = data.draw(st.sampled_from(["value", "value", "value", "drop", "unknown", "players", "name"]))
        target = doc if how == "value" and data.draw(st.booleans()) else data.draw(st.sampled_from(players))
        keys = [k for k in target if k != "player"]
        if how == "value" and keys:
            target[data.draw(st.sampled_from(keys))] = data.draw(value)
        elif how == "drop" and keys:
            del target[data.draw(st.sampled_from(keys))]
        elif how == "unknown":
            target[data.draw(st.text(min_size=1, max_size=12))] = data.draw(value)
        elif how == "players":
            doc["player"] = data.draw(st.lists(st.sampled_from(players), max_size=8))
        elif how == "name":
            target["name"] = data.draw(leaf)
        try:
            text = tomli_w.dumps(doc)
        except (TypeError, ValueError):  # not writable as TOML (nan keys and the like): nothing to read
            counts["structured"]["not TOML"] += 1
            return
        run("structured", game_id, text)

    @given(st.sampled_from(sorted(examples)), st.data())
    def text(name, data):
        game_id, original = examples[name]
        how = data.draw(st.sampled_from(["splice", "noise", "deep", "digits"]))
        if how == "splice":
            at = data.draw(st.integers(0, len(original)))
            text = original[:at] + data.draw(st.text(max_size=40)) + original[at + data.draw(st.integers(0, 20)):]
        elif how == "noise":
            text = data.draw(st.text(max_size=300))
        elif how == "deep":
            depth = data.draw(st.integers(1, 3000))
            open_, close = data.draw(st.sampled_from([("[", "]"), ("{a = ", "}")]))
            text = original + "\nx = " + open_ * depth + "1" + close * depth + "\n"
        else:
            text = original.replace("= ", "= " + "9" * data.draw(st.integers(1, 6000)), 1)
        run("text", game_id, text)

    fields = [(gid, n, f) for gid, g in games.items() for n in range(g.info.min_players, g.info.max_players + 1)
              for f in g.sheet_game_fields(n) + g.sheet_fields(n)]
    typed = st.one_of(st.text(max_size=30), st.from_regex(r"\s*\[?-?\d{1,30}([ ,]+-?\d{1,30}){0,5}\]?\s*"),
                      st.sampled_from(["", "y", "no", "1e30", "10**400", "9" * 5000, "[3, 9]", "0x10", "٣"]))

    @given(st.sampled_from(range(len(fields))), typed)
    def answers(index, answer):
        from bgkit.model.errors import SheetError

        game_id, n, f = fields[index]
        try:
            got = f.parse_text(answer)
        except SheetError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400, str(exc)
            counts["answers"]["asked again"] += 1
            return
        assert f.check(got) == got
        counts["answers"]["taken"] += 1

    likely = st.sampled_from(["", "", "", "0", "1", "2", "3", "4", "n", "y", "markers", "buildings", "Ada", "Bo", "1 2"])
    sensible = st.sampled_from(["", "0", "1", "2", "3", "5", "12"])  # what a person at the table mostly types

    @given(st.sampled_from(sorted(games)), st.data())
    def prompt(game_id, data):
        """A session answered question by question: mostly sensible, sometimes anything, so that
        some sessions end in a scored sheet and others run out of patience (120 answers)."""
        asked = [0]

        def ask(question):
            asked[0] += 1
            if asked[0] > 120:
                raise EOFError
            return data.draw(st.one_of(sensible, sensible, sensible, likely, typed))

        try:
            sheet = ask_sheet(games[game_id], None, ask, lambda text: None)
        except EOFError:
            counts["prompt"]["ran out of answers"] += 1
            return
        games[game_id].score_sheet(sheet)
        counts["prompt"]["scored"] += 1

    for kind, test in (("structured", structured), ("text", text), ("answers", answers), ("prompt", prompt)):
        settings(fuzz, max_examples=BUDGET[kind])(test)()
    print(json.dumps({kind: dict(c) for kind, c in counts.items()}))


if __name__ == "__main__":
    main()
