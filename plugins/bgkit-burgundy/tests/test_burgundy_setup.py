"""Setup: determinism, options, the exact setup-space count (against brute force), the CLI."""

from __future__ import annotations

import itertools
import json
import re
import random
import tomllib
from collections import Counter

import pytest

from bgkit.testing import run_cli
from bgkit_burgundy.setup import count_fillings, count_goods, count_setups, depot_colours

STANDARD = {"boards": "standard", "ruleset": "2011"}


def test_same_seed_same_setup_and_different_seeds_differ(burgundy):
    a = burgundy.setup(3, random.Random(7), STANDARD)
    assert a == burgundy.setup(3, random.Random(7), STANDARD)
    assert a != burgundy.setup(3, random.Random(8), STANDARD)
    assert json.loads(json.dumps(a)) == a


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_contents(burgundy, players):
    setup = burgundy.setup(players, random.Random(players), STANDARD)
    rows = setup["seats"]
    assert sorted(setup["turn_order"]) == list(range(1, players + 1))
    assert setup["turn_order"][0] == setup["start_player"]
    for seat, row in enumerate(rows, start=1):
        position = setup["turn_order"].index(seat) + 1
        assert row["position"] == position and row["workers"] == position  # 1, 2, 3, 4 workers by turn order
        assert row["silverlings"] == 1 and len(row["goods"]) == 3
        assert row["board"] == 1 and row["castle"] == 19
    assert [len(p) for p in setup["goods_piles"]] == [5] * 5
    goods = Counter(sum(setup["goods_piles"], []) + sum((r["goods"] for r in rows), []))
    assert all(goods[t] <= 7 for t in range(1, 7))
    assert all(len(d) == players for d in setup["depots"])
    assert len(setup["black_depot"]) == {2: 4, 3: 6, 4: 8}[players]
    colours = {"castle": 0, "mine": 1, "ship": 2}
    for d, tiles in enumerate(setup["depots"], start=1):
        wanted = sorted(depot_colours(burgundy.components, d, players, 0))
        got = sorted(colours.get(t, 4 if t[-1] in "234" and not t.startswith("k") else 5 if t.startswith("k") else 3)
                     for t in tiles)
        assert got == wanted


def test_random_boards_option(burgundy):
    setup = burgundy.setup(4, random.Random(3), {"boards": "random", "ruleset": "2011"})
    boards = [row["board"] for row in setup["seats"]]
    assert len(set(boards)) == 4 and all(1 <= b <= 9 for b in boards)
    assert all(row["castle"] == 0 and row["castle_spaces"] for row in setup["seats"])


def test_ruleset_option_is_recorded(burgundy):
    assert burgundy.setup(3, random.Random(1), {"boards": "standard", "ruleset": "2019"})["ruleset"] == "2019"


def test_count_fillings_against_brute_force():
    bounds, caps, ordered = [2, 1, 2], [2, 1, 2], [True, False, False]
    seen = set()
    for cells in itertools.product(range(3), repeat=5):
        if any(cells.count(t) > bounds[t] for t in range(3)):
            continue
        seen.add((cells[0:2], tuple(sorted(cells[2:3])), tuple(sorted(cells[3:5]))))
    assert count_fillings(bounds, caps, ordered) == len(seen)


def test_count_goods_against_brute_force():
    types, per_type, hand, players, run = 3, 2, 2, 2, 2
    seen = set()
    for cells in itertools.product(range(types), repeat=hand * players + run):
        if any(cells.count(t) > per_type for t in range(types)):
            continue
        hands = tuple(tuple(sorted(cells[i * hand : (i + 1) * hand])) for i in range(players))
        seen.add((hands, cells[hand * players :]))
    assert count_goods(types, per_type, hand, players, run) == len(seen)


def test_count_setups_parts(burgundy):
    comp = burgundy.components
    standard = count_setups(comp, 2, STANDARD)
    assert count_setups(comp, 2, {"boards": "random", "ruleset": "2011"}) == standard * 9 * 8
    assert standard % 2 == 0 and standard > 10**30


def test_cli_setup_text_json_toml_count():
    text = run_cli(["setup", "burgundy", "-p", "3", "--seed", "7"])
    assert text.exit_code == 0
    for words in ("turn order", "Player 2 starts and rolls the white die", "Goods piles", "Phase A depots", "Board #1", "seed 7"):
        assert words in text.stdout
    as_json = run_cli(["setup", "burgundy", "-p", "3", "--seed", "7", "--format", "json"])
    doc = json.loads(as_json.stdout)
    assert doc["seed"] == 7 and doc["setup"]["players"] == 3
    as_toml = run_cli(["setup", "burgundy", "-p", "3", "--seed", "7", "--format", "toml"])
    assert tomllib.loads(as_toml.stdout)["setup"] == doc["setup"]
    count = run_cli(["setup", "burgundy", "-p", "2", "--count", "--format", "json"])
    assert json.loads(count.stdout)["count"] == count_setups(__import__("bgkit_burgundy.data").data.load(), 2, STANDARD)
    bad = run_cli(["setup", "burgundy", "-p", "5"])
    assert bad.exit_code == 2
    option = run_cli(["setup", "burgundy", "-p", "2", "--option", "boards=random", "--seed", "1"])
    assert option.exit_code == 0 and "choose:" in option.stdout


@pytest.mark.parametrize("players,boards", [(2, "standard"), (3, "random"), (4, "random"), (4, "standard")])
def test_setup_text_fits_100_columns_with_whole_rows_and_estates(players, boards, monkeypatch, drawn_cells):
    monkeypatch.setenv("COLUMNS", "100")
    out = run_cli(["setup", "burgundy", "-p", str(players), "--seed", "7", "--option", f"boards={boards}"]).stdout
    drawing = [line for line in out.splitlines() if not line.startswith("Repeat with:")]  # one line to copy
    assert max(len(line) for line in drawing) <= 100 and "…" not in out
    doc = json.loads(run_cli(["setup", "burgundy", "-p", str(players), "--seed", "7", "--option", f"boards={boards}",
                              "--format", "json"]).stdout)["setup"]
    for seat, row in enumerate(doc["seats"], start=1):  # each player's row whole, on one line
        castle = f"space {row['castle']} (centre)" if row["castle"] else "choose: " + ", ".join(map(str, row["castle_spaces"]))
        goods = " ".join(map(str, row["goods"]))
        assert re.search(rf"│ Player {seat} +│ {row['position']} +│ #{row['board']} +│ {re.escape(castle)} +│ "
                         rf"{row['workers']} +│ 1 +│ {goods} +│", out), (seat, out)
    boards_shown = len({row["board"] for row in doc["seats"]})
    rows = [len(cells) for cells in drawn_cells(out)]
    assert sum(rows) == 37 * boards_shown  # every space of every board drawn, none cut
    assert all(count in (4, 5, 6, 7, 8, 10, 12, 14) for count in rows), rows  # hex rows whole, 1 or 2 boards a line
    ids = sorted(int(cell[:-2]) for cells in drawn_cells(out) for cell in cells)
    assert ids == sorted(list(range(1, 38)) * boards_shown)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_drawing_loses_nothing_at_100_columns(burgundy, players, words_at):
    drawing = burgundy.render_setup(burgundy.setup(players, random.Random(players), {"boards": "random", "ruleset": "2011"}))
    narrow, out = words_at(drawing, 100)
    assert narrow == words_at(drawing, 400)[0] and max(len(line) for line in out.splitlines()) <= 100
