"""Setup randomiser: determinism, the player-count adjustments, the option, and the exact count."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.errors import BadInput
from bgkit.testing import check_setup
from bgkit_bretagne.data import TYPES, load_components
from bgkit_bretagne.game import Bretagne
from bgkit_bretagne.setup import count_lighthouse_layouts, count_setups, make_setup

COMPS = load_components()
RANDOM = {"start": "random"}


def setup_for(players: int, seed: int, options=RANDOM, comps=COMPS) -> dict:
    return make_setup(comps, players, random.Random(seed), dict(options))


def by_coast(setup: dict) -> dict[str, list[dict]]:
    coasts: dict[str, list[dict]] = {}
    for row in setup["lighthouses"]:
        coasts.setdefault(row["coast"], []).append(row)
    return coasts


# -- determinism ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_setup_and_different_seeds_differ(players):
    assert setup_for(players, 7) == setup_for(players, 7)
    assert len({json.dumps(setup_for(players, seed), sort_keys=True) for seed in range(20)}) == 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_core_conformance_checks_pass(players):
    check_setup("bretagne", players, range(5))


def test_a_known_seed_gives_a_known_setup():
    """Pins the draw order: a change here changes every shared seed, so it must be deliberate."""
    first = setup_for(3, 7)
    assert first["turn_order"] == [2, 3, 1]
    assert [r["tile"] for r in first["lighthouses"]][:5] == ["P1", "P5", "X5", "H1", "X4"]
    assert first["weather"] == {"current": "W4", "forecast": "W2", "face_down": 4}


# -- what every setup holds ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_use_every_tile_and_every_coast_has_every_type(players):
    for seed in range(30):
        setup = setup_for(players, seed)
        tiles = [r["tile"] for r in setup["lighthouses"]]
        assert sorted(tiles) == sorted(COMPS.lighthouses)
        for coast, rows in by_coast(setup).items():
            assert len(rows) == 5
            assert {r["type"] for r in rows} == set(TYPES), (seed, coast)
        for row in setup["lighthouses"]:
            assert row["type"] == COMPS.lighthouses[row["tile"]].type


def test_two_players_one_lighthouse_of_each_type_on_each_coast():
    for seed in range(30):
        setup = setup_for(2, seed)
        used = [r["tile"] for r in setup["lighthouses"] if r["tile"]]
        assert len(used) == len(set(used)) == 9
        for rows in by_coast(setup).values():
            types = sorted(r["type"] for r in rows if r["tile"])
            assert types == sorted(TYPES)
            assert sum(1 for r in rows if r["side"] == "not used") == 2
        assert all(r["side"] in ("unbuilt", "not used") for r in setup["lighthouses"])


def test_three_players_start_with_a_built_heaven_north_purgatory_south_hell_west():
    for seed in range(30):
        setup = setup_for(3, seed)
        built = sorted((r["coast"], r["type"]) for r in setup["lighthouses"] if r["side"] == "built")
        assert built == [("north", "heaven"), ("south", "purgatory"), ("west", "hell")]


@pytest.mark.parametrize("players", [2, 4])
def test_no_lighthouse_starts_built_with_two_or_four_players(players):
    for seed in range(10):
        assert not [r for r in setup_for(players, seed)["lighthouses"] if r["side"] == "built"]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_components_are_conserved(players, seed):
    setup = setup_for(players, seed)
    quimper = setup["quimper"]["resources"]
    assert quimper == COMPS.production[setup["quimper"]["card"]].for_players(players)
    for kind in COMPS.supply.resources:
        total = setup["supply"]["resources"][kind] + setup["brest"]["market"][kind] + quimper.get(kind, 0)
        assert total == 15
        assert setup["supply"]["resources"][kind] >= 0
    engineers = (setup["supply"]["engineers"] + setup["brest"]["engineers"] + 2 * setup["brest"]["engineer_pairs"]
                 + sum(s["engineers"] for s in setup["seats"]))
    assert engineers == 16
    for seat in setup["seats"]:
        assert seat["workers"] == 8 and seat["workers"] + seat["reserve_workers"] == 14
        assert seat["score"] == 0 and set(seat["resources"].values()) == {0}
    assert setup["weather"]["current"] != setup["weather"]["forecast"]
    for colour, shown in setup["pontivy"].items():
        assert len(shown) == len(set(shown)) == 4
        assert all(COMPS.blueprints[tile].stack == colour for tile in shown)
    assert setup["equipment_deck"] == 30


def test_turn_order_is_clockwise_from_the_start_player_and_barges_follow_it():
    setup = setup_for(4, 11)
    first = setup["turn_order"][0]
    assert setup["turn_order"] == [(first - 1 + i) % 4 + 1 for i in range(4)]
    assert [s["barge"] for s in setup["seats"]] == [1, 2, 3, 4]
    assert [s["seat"] for s in setup["seats"]] == setup["turn_order"]
    assert [s["francs"] for s in setup["seats"]] == [c.francs for c in COMPS.barges]


def test_harbours_normal_side_up_and_match_their_sites():
    setup = setup_for(4, 1)
    assert [h["harbour"] for h in setup["harbours"]] == list(range(1, 10))
    assert all(h["side"] == "normal" for h in setup["harbours"])
    for harbour in setup["harbours"]:
        for site in harbour["sites"]:
            assert setup["lighthouses"][site - 1]["harbour"] == harbour["harbour"]
            assert setup["lighthouses"][site - 1]["coast"] == harbour["coast"]


# -- the option -------------------------------------------------------------------------------


@pytest.mark.parametrize("players,start", [(2, "2"), (3, "1"), (4, "4"), (4, "3")])
def test_start_option_names_the_start_player(players, start):
    for seed in range(5):
        setup = setup_for(players, seed, {"start": start})
        assert setup["turn_order"][0] == int(start)


def test_random_start_gives_every_seat_a_turn():
    assert {setup_for(4, seed)["turn_order"][0] for seed in range(60)} == {1, 2, 3, 4}


def test_start_beyond_the_players_is_bad_input():
    with pytest.raises(BadInput, match="start=4, but there are only 3 players"):
        setup_for(3, 0, {"start": "4"})
    with pytest.raises(BadInput, match="only 2 players"):
        count_setups(COMPS, 2, {"start": "3"})


def test_every_option_value_is_declared():
    (option,) = Bretagne.options
    assert option.name == "start" and option.default == "random"
    assert option.choices == ("random", "1", "2", "3", "4")


# -- the size of the setup space ----------------------------------------------------------------


def _small_board(shipped_tables, coasts, sites, tiles):
    data = shipped_tables
    names = ["south", "west", "north"][:coasts]
    data["board"].update(coasts=names, sites_per_coast=sites, harbours_per_coast=1,
                         site_harbour=[c + 1 for c in range(len(names)) for _ in range(sites)])
    first_harbour = next(iter(data["harbours"]["tiles"].values()))
    data["harbours"]["tiles"] = {f"h{c}": dict(first_harbour, coast=c) for c in names}
    extras = {"heaven": [], "purgatory": ["stone"], "hell": ["stone", "sand"]}
    for t, n in zip(TYPES, tiles):
        data["lighthouse_types"]["types"][t]["tiles"] = n
    data["lighthouses"]["tiles"] = {
        f"{t}{i}": {"type": t, "levels": 3, "extra": extras[t]} for t, n in zip(TYPES, tiles) for i in range(n)
    }
    built = data["table"]["three_player_built"]
    data["table"]["three_player_built"] = {c: t for c, t in built.items() if c in names} or {names[0]: "heaven"}
    return data


def _full_layout_ok(comps, layout, k):
    return all({comps.lighthouses[t].type for t in layout[c * k:(c + 1) * k]} == set(TYPES)
               for c in range(len(comps.board.coasts)))


def test_layout_count_matches_brute_force_over_all_tile_orders(shipped_tables, write_data):
    """3 coasts of 3 sites, 3 tiles per type: try all 9! orders of the tiles."""
    comps = load_components(write_data(_small_board(shipped_tables, 3, 3, (3, 3, 3))))
    valid = [p for p in itertools.permutations(comps.lighthouses) if _full_layout_ok(comps, p, 3)]
    assert count_lighthouse_layouts(comps, 4) == len(valid) == 6**6
    flips = 0
    for layout in valid:  # with 3 players one tile of the named type per named coast starts built
        ways = 1
        for coast, t in comps.table.three_player_built:
            c = comps.board.coasts.index(coast)
            ways *= sum(1 for tile in layout[c * 3:(c + 1) * 3] if comps.lighthouses[tile].type == t)
        flips += ways
    assert count_lighthouse_layouts(comps, 3) == flips


def test_uneven_layout_count_matches_brute_force(shipped_tables, write_data):
    """2 coasts of 4 sites, tiles 2/3/3: every coast still needs each type (all 8! orders)."""
    comps = load_components(write_data(_small_board(shipped_tables, 2, 4, (2, 3, 3))))
    valid = [p for p in itertools.permutations(comps.lighthouses) if _full_layout_ok(comps, p, 4)]
    assert count_lighthouse_layouts(comps, 4) == len(valid)
    three = 0
    for layout in valid:
        ways = 1
        for coast, t in comps.table.three_player_built:
            c = comps.board.coasts.index(coast)
            ways *= sum(1 for tile in layout[c * 4:(c + 1) * 4] if comps.lighthouses[tile].type == t)
        three += ways
    assert count_lighthouse_layouts(comps, 3) == three


def test_two_player_layout_count_matches_brute_force(shipped_tables, write_data):
    """2 coasts of 4 sites: choose the 2 empty sites, then any 6 of the 8 tiles in order."""
    comps = load_components(write_data(_small_board(shipped_tables, 2, 4, (2, 3, 3))))
    found = 0
    for empty in itertools.combinations(range(8), 2):
        sites = [s for s in range(8) if s not in empty]
        for tiles in itertools.permutations(comps.lighthouses, 6):
            layout = dict(zip(sites, tiles))
            if all(sorted(comps.lighthouses[layout[s]].type for s in range(c * 4, c * 4 + 4) if s in layout)
                   == sorted(TYPES) for c in range(2)):
                found += 1
    assert count_lighthouse_layouts(comps, 2) == found


def test_real_layout_count_by_enumerating_each_coast():
    """The shipped board: count each coast's type sequences (3^5) and combine those summing to 5/5/5."""
    per_coast: Counter = Counter()
    for seq in itertools.product(TYPES, repeat=5):
        counts = tuple(seq.count(t) for t in TYPES)
        if min(counts) >= 1:
            per_coast[counts] += 1
    patterns = flips = 0
    for south, west, north in itertools.product(per_coast, repeat=3):
        if tuple(map(sum, zip(south, west, north))) == (5, 5, 5):
            ways = per_coast[south] * per_coast[west] * per_coast[north]
            patterns += ways
            flips += ways * north[0] * south[1] * west[2]
    tiles = math.factorial(5) ** 3
    assert count_lighthouse_layouts(COMPS, 4) == patterns * tiles
    assert count_lighthouse_layouts(COMPS, 3) == flips * tiles
    assert count_lighthouse_layouts(COMPS, 2) == (5 * 4 * 3) ** 3 * (5 * 4 * 3) ** 3


def test_whole_count_is_the_product_of_the_independent_parts():
    for players in (2, 3, 4):
        expected = players * count_lighthouse_layouts(COMPS, players) * (6 * 5) * math.comb(12, 4) ** 3 * 6
        assert count_setups(COMPS, players, RANDOM) == expected
        assert count_setups(COMPS, players, {"start": "1"}) == expected // players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampling_a_tiny_board_reaches_exactly_the_counted_setups(players, tiny_tables, write_data):
    comps = load_components(write_data(tiny_tables))
    expected = count_setups(comps, players, RANDOM)
    assert expected == 6 * 2 * players  # 3! layouts, 2 weather orders, the start player
    seen = {json.dumps(setup_for(players, seed, comps=comps), sort_keys=True) for seed in range(1500)}
    assert len(seen) == expected
