"""Fuzzing ``--data`` files with a fixed budget: a person's own component data either loads and
every player count can be set up, counted and scored, or it is refused in one line (BadInput);
never a traceback, never an allocation without bound. And a file that loads plays: random bots
finish a game at every player count, someone able to move at every step
(``bgkit.testing.check_random_play``).

Each case is one table of a game's shipped data, mutated (absurd counts, wrong types, lists too
long or too short, keys dropped or added) and loaded as the person's own file. The fuzzing runs in
a memory-limited subprocess and prints its case counts; run it alone with
``python tests/test_fuzz_data.py`` (``--play`` for the games).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

BUDGET = 120
#: Cases whose data files, if they load, are played (about 1 in 6 loads; each plays 3 or 4 games).
PLAY_BUDGET = 200


def test_data_files_survive_fuzzing():
    from bgkit.testing import run_limited

    result = run_limited([sys.executable, __file__], timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    counts = json.loads(result.stdout.splitlines()[-1])
    print("data fuzzing:", counts)
    assert sum(sum(c.values()) for c in counts.values()) == BUDGET
    assert all(c.get("refused") for c in counts.values()), counts  # every game refused something


def test_data_files_that_load_play_to_the_end():
    from bgkit.testing import run_limited

    result = run_limited([sys.executable, __file__, "--play"], timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    counts = json.loads(result.stdout.splitlines()[-1])
    print("data fuzzing, played:", counts)
    assert sum(sum(c.values()) for c in counts.values()) == PLAY_BUDGET
    assert sum(c.get("played", 0) for c in counts.values()) >= 10, counts


def main(play: bool = False) -> None:
    import tempfile
    import tomllib
    from collections import Counter
    from importlib import resources

    import tomli_w
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from bgkit.model.errors import BadInput
    from bgkit.plugins.registry import get_registry
    from bgkit.model.sheets import parse_sheet
    from bgkit.testing import check_random_play

    registry = get_registry()
    tables = []  # (game id, table name, the shipped table)
    for gid, info in registry.games.items():
        folder = resources.files(info.package).joinpath("data")
        if not folder.is_dir():
            continue
        for f in sorted(folder.iterdir(), key=lambda f: f.name):
            if f.name.endswith(".toml"):
                tables += [(gid, name, body) for name, body in tomllib.loads(f.read_text(encoding="utf-8")).items()]
    counts: dict[str, Counter] = {}
    examples = Path(__file__).parent.parent / "examples" / "sheets"
    folder = Path(tempfile.mkdtemp(prefix="bgkit-fuzz-data-"))

    counts_of_things = st.one_of(st.integers(-3, 40), st.sampled_from([0, 999, 1000, 1001, 10**6, 10**100, -(10**30)]))
    leaf = st.one_of(counts_of_things, st.booleans(), st.text(max_size=8), st.floats(), st.just([]))

    def mutate(value, data, depth=0):
        """``value`` with one change somewhere inside it."""
        if isinstance(value, dict) and value and depth < 6:
            key = data.draw(st.sampled_from(sorted(value)))
            how = data.draw(st.sampled_from(["inside", "inside", "inside", "drop", "add"]))
            value = dict(value)
            if how == "drop":
                del value[key]
            elif how == "add":
                value[data.draw(st.text(min_size=1, max_size=8))] = data.draw(leaf)
            else:
                value[key] = mutate(value[key], data, depth + 1)
            return value
        if isinstance(value, list) and value and depth < 6:
            how = data.draw(st.sampled_from(["inside", "inside", "cut", "grow", "huge"]))
            value = list(value)
            if how == "cut":
                return value[: data.draw(st.integers(0, len(value) - 1))]
            if how == "grow":
                return value + [value[-1]] * data.draw(st.integers(1, 30))
            if how == "huge":
                return value * 2000
            at = data.draw(st.integers(0, len(value) - 1))
            value[at] = mutate(value[at], data, depth + 1)
            return value
        return data.draw(leaf)

    @given(st.sampled_from(range(len(tables))), st.data())
    def case(index, data):
        gid, name, body = tables[index]
        tally = counts.setdefault(gid, Counter())
        try:
            text = tomli_w.dumps({name: mutate(body, data)})
        except (TypeError, ValueError):
            tally["not TOML"] += 1
            return
        path = folder / f"{gid}.toml"
        path.write_text(text, encoding="utf-8")
        try:
            game = registry.load_game(gid, path)
            info = game.info
            for players in range(info.min_players, info.max_players + 1):
                from bgkit.engine import setups

                options = setups.parse_options(game, [])
                setups.make_setup(game, players, 7, options)
                setups.count_document(game, players, options)
            for sheet in sorted(examples.glob(f"{gid}-*.toml")):
                game.score_sheet(parse_sheet(game, sheet.read_text(), sheet.name))
        except BadInput as exc:
            assert "\n" not in str(exc), str(exc)
            tally["refused"] += 1
            return
        tally["set up, counted and scored"] += 1

    @given(st.sampled_from(range(len(tables))), st.data())
    def play_case(index, data):
        """A data file the game accepts is played by random bots at every player count."""
        gid, name, body = tables[index]
        tally = counts.setdefault(gid, Counter())
        try:
            text = tomli_w.dumps({name: mutate(body, data)})
        except (TypeError, ValueError):
            tally["not TOML"] += 1
            return
        path = folder / f"{gid}.toml"
        path.write_text(text, encoding="utf-8")
        try:
            game = registry.load_game(gid, path)
            for players in range(game.info.min_players, game.info.max_players + 1):
                check_random_play(game, players, 7)
        except BadInput:
            tally["refused"] += 1
            return
        tally["played"] += 1

    settings(max_examples=PLAY_BUDGET if play else BUDGET, derandomize=True, database=None, deadline=None,
             suppress_health_check=list(HealthCheck))(play_case if play else case)()
    print(json.dumps({gid: dict(c) for gid, c in sorted(counts.items())}))


if __name__ == "__main__":
    main(play="--play" in sys.argv)
