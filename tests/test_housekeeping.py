"""Issue 40's housekeeping: caches emptied with the registry (and bounded), and the JSON setup's
lines found through the json module's public API alone, with the same lines as before."""

from bgkit.engine.setups import JsonLines
from bgkit.plugins.registry import get_registry, reset_registry


def test_reset_registry_empties_the_caches_of_what_was_made_through_it(registry):
    from bgkit.interop import session
    from bgkit.tournaments import tournament

    game = tournament._load("goofspiel", None)
    table = session.table_for("goofspiel", 2, 1)
    assert tournament._load("goofspiel", None) is game and session.table_for("goofspiel", 2, 1) is table
    reset_registry()
    assert tournament._GAMES == {} and len(session._TABLES) == 0
    fresh = tournament._load("goofspiel", None)
    assert fresh is not game and fresh.info.id == "goofspiel"
    assert session.table_for("goofspiel", 2, 1) is not table
    assert get_registry() is not registry


def test_the_adapters_keep_a_bounded_number_of_tables(registry, monkeypatch):
    from bgkit.interop import session

    monkeypatch.setattr(session, "TABLES_KEPT", 3)
    first = session.table_for("goofspiel", 2, 0)
    for seed in range(1, 6):
        session.table_for("goofspiel", 2, seed)
    assert len(session._TABLES) == 3
    assert session.table_for("goofspiel", 2, 0) is not first  # the oldest was let go, and is made again
    kept = session.table_for("goofspiel", 2, 5)
    assert session.table_for("goofspiel", 2, 5) is kept


def test_json_lines_with_escapes_numbers_and_the_json_modules_extras():
    text = '{\n "a\\"b": [\n  -2.5e3,\n  "x\\u00e9\\n"\n ],\n "\\u0041": {\n  "": NaN,\n  "z": -Infinity\n },\n "t": [true, null]\n}'
    lines = JsonLines(text)
    assert [lines.line_of('a"b'), lines.line_of('a"b', 1), lines.line_of("A"), lines.line_of("A", ""),
            lines.line_of("A", "z"), lines.line_of("t", 1)] == [2, 4, 6, 7, 8, 10]
