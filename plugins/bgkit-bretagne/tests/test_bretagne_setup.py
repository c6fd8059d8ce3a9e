"""Setup randomiser: determinism, the player-count adjustments, the option, and the exact count."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.api import BadInput
from bgkit_bretagne.data import TYPES, load
from bgkit_bretagne.setup import OPTIONS, count_lighthouse_layouts, count_setups, make_setup

COMPS = load()
RANDOM = {"start": "random"}


def setup_for(players: int, seed: int, options=RANDOM, comp=COMPS) -> dict:
    return make_setup(comp, players, random.Random(seed), dict(options))


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


def test_a_known_seed_gives_a_known_setup():
    """Pins the draw order: a change here changes every shared seed, so it must be deliberate."""
    first = setup_for(3, 7)
    assert first["turn_order"] == [2, 3, 1]
    assert [r["tile"] for r in first["lighthouses"]][:5] == ["H2", "P1", "H4", "X5", "P5"]
    assert first["weather"] == {"current": "W2", "forecast": "W1", "face_down": 4}


# -- what every setup holds ------------------------------------------------------------------


SITE_TYPES = ["heaven", "purgatory", "heaven", "hell", "purgatory",
              "purgatory", "hell", "hell", "heaven", "hell",
              "heaven", "purgatory", "hell", "purgatory", "heaven"]


@pytest.mark.parametrize("players", [3, 4])
def test_every_tile_goes_on_a_site_of_its_own_colour(players):
    """Rule summary: the tiles are placed at random by the colour printed at each site (按照版圖邊的顏色)."""
    tiles_seen_at_site_1 = set()
    for seed in range(40):
        setup = setup_for(players, seed)
        assert [r["type"] for r in setup["lighthouses"]] == SITE_TYPES  # the board's colours never move
        assert sorted(r["tile"] for r in setup["lighthouses"]) == sorted(COMPS.lighthouses)
        for row in setup["lighthouses"]:
            assert COMPS.lighthouses[row["tile"]].type == row["type"], (seed, row)
        tiles_seen_at_site_1.add(setup["lighthouses"][0]["tile"])
    assert tiles_seen_at_site_1 == {"H1", "H2", "H3", "H4", "H5"}  # which Heaven tile goes there is random


def test_two_players_one_lighthouse_of_each_type_on_each_coast():
    used_sites = set()
    for seed in range(40):
        setup = setup_for(2, seed)
        assert [r["type"] for r in setup["lighthouses"]] == SITE_TYPES
        used = [r["tile"] for r in setup["lighthouses"] if r["tile"]]
        assert len(used) == len(set(used)) == 9
        for rows in by_coast(setup).values():
            types = sorted(r["type"] for r in rows if r["tile"])
            assert types == sorted(TYPES)
            assert sum(1 for r in rows if r["side"] == "not used") == 2
        for row in setup["lighthouses"]:
            assert not row["tile"] or COMPS.lighthouses[row["tile"]].type == row["type"]
        assert all(r["side"] in ("unbuilt", "not used") for r in setup["lighthouses"])
        used_sites |= {r["site"] for r in setup["lighthouses"] if r["tile"]}
    assert used_sites == set(range(1, 16))  # where a coast has two sites of a colour, either may be used


def test_three_players_start_with_a_built_heaven_north_purgatory_south_hell_west():
    built_sites = set()
    for seed in range(40):
        setup = setup_for(3, seed)
        built = sorted((r["coast"], r["type"]) for r in setup["lighthouses"] if r["side"] == "built")
        assert built == [("north", "heaven"), ("south", "purgatory"), ("west", "hell")]
        built_sites |= {r["site"] for r in setup["lighthouses"] if r["side"] == "built"}
    # every north Heaven (11, 15), south Purgatory (2, 5) and west Hell (7, 8, 10) site can be the built one
    assert built_sites == {2, 5, 7, 8, 10, 11, 15}


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


def test_turn_order_is_clockwise_from_the_start_player_and_no_barge_is_dealt():
    setup = setup_for(4, 11)
    first = setup["turn_order"][0]
    assert setup["turn_order"] == [(first - 1 + i) % 4 + 1 for i in range(4)]
    by_place = sorted(setup["seats"], key=lambda s: s["turn_order"])
    assert [s["seat"] for s in by_place] == setup["turn_order"]
    assert [s["seat"] for s in setup["seats"]] == [1, 2, 3, 4]
    assert setup["start_player"] == first
    # the published game: barges are chosen in turn order at the start of round 1 (doczz), in play
    assert all("barge" not in s and s["francs"] == 0 and s["engineers"] == 0 for s in setup["seats"])


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
    (option,) = OPTIONS
    assert option.name == "start" and option.default == "random"
    assert option.choices == ("random", "1", "2", "3", "4")


# -- the size of the setup space ----------------------------------------------------------------


def _small_board(shipped_tables):
    """2 coasts of 4 sites: south Heaven, Purgatory, Hell, Heaven; west Purgatory, Hell, Heaven, Hell."""
    data = shipped_tables
    data["board"].update(coasts=["south", "west"], sites_per_coast=4, harbours_per_coast=1, site_harbour=[1] * 4 + [2] * 4,
                         site_types=["heaven", "purgatory", "hell", "heaven", "purgatory", "hell", "heaven", "hell"])
    first_harbour = next(iter(data["harbours"]["tiles"].values()))
    data["harbours"]["tiles"] = {f"h{c}": dict(first_harbour, coast=c) for c in ("south", "west")}
    extras = {"heaven": [], "purgatory": ["stone"], "hell": ["stone", "sand"]}
    tiles = {"heaven": 3, "purgatory": 2, "hell": 3}
    for t, n in tiles.items():
        data["lighthouse_types"]["types"][t]["tiles"] = n
    data["lighthouses"]["tiles"] = {f"{t}{i}": {"type": t, "levels": 3, "extra": extras[t]} for t, n in tiles.items() for i in range(n)}
    data["table"]["three_player_built"] = {"south": "heaven", "west": "hell"}
    return data


def _brute_force_layouts(comp) -> dict[int, int]:
    """Every way to put tiles on sites (any sites may stay empty), counted where the rules allow it."""
    board, ids = comp.board, list(comp.lighthouses)
    k = board.sites_per_coast
    tile_type = {tile: comp.lighthouses[tile].type for tile in ids}
    found = {2: 0, 3: 0, 4: 0}
    for n in range(board.sites + 1):
        for occupied in itertools.combinations(range(board.sites), n):
            for tiles in itertools.permutations(ids, n):
                if any(tile_type[tile] != board.site_types[site] for site, tile in zip(occupied, tiles)):
                    continue  # a tile only goes on a site of its colour
                layout = dict(zip(occupied, tiles))
                if n == board.sites:  # 3-4 players: every site used
                    found[4] += 1
                    ways = 1  # 3 players: which tile of the named colour on the named coast starts built
                    for coast, t in comp.table.three_player_built:
                        c = board.coasts.index(coast)
                        ways *= sum(1 for s in range(c * k, c * k + k) if tile_type[layout[s]] == t)
                    found[3] += ways
                elif all(sorted(tile_type[layout[s]] for s in range(c * k, c * k + k) if s in layout) == sorted(TYPES)
                         for c in range(len(board.coasts))):
                    found[2] += 1  # 2 players: one of each type on each coast
    return found


def test_layout_count_matches_brute_force_on_a_small_board(shipped_tables, write_data):
    """By hand: 3-4 players 3! Heaven x 2! Purgatory x 3! Hell orders = 72; 3 players x 2 south Heaven sites
    x 2 west Hell sites to start built = 288; 2 players (2 x 1 x 1 south) x (1 x 2 x 1 west) sites
    x 3x2 Heaven x 2x1 Purgatory x 3x2 Hell tiles = 288."""
    comp = load(write_data(_small_board(shipped_tables)))
    assert {p: count_lighthouse_layouts(comp, p) for p in (2, 3, 4)} == _brute_force_layouts(comp) == {2: 288, 3: 288, 4: 72}


def test_real_layout_count_by_hand():
    """The shipped board: 5! orders of each colour's tiles; 3 players x 2 north Heaven x 2 south Purgatory
    x 3 west Hell sites; 2 players: the sites of each colour per coast (south 2x2x1, west 1x1x3, north
    2x2x1) x 5x4x3 tiles of each colour."""
    assert count_lighthouse_layouts(COMPS, 4) == 120**3
    assert count_lighthouse_layouts(COMPS, 3) == 120**3 * 2 * 2 * 3
    assert count_lighthouse_layouts(COMPS, 2) == (4 * 3 * 4) * 60**3


def test_whole_count_is_the_product_of_the_independent_parts():
    for players in (2, 3, 4):
        expected = players * count_lighthouse_layouts(COMPS, players) * (6 * 5) * math.comb(12, 4) ** 3 * 6
        assert count_setups(COMPS, players, RANDOM) == expected
        assert count_setups(COMPS, players, {"start": "1"}) == expected // players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampling_a_tiny_board_reaches_exactly_the_counted_setups(players, tiny_tables, write_data):
    comp = load(write_data(tiny_tables))
    expected = count_setups(comp, players, RANDOM)
    # layouts: 2 Heaven orders (x 2 built Heaven sites with 3 players; 2 players: 2 Heaven sites x 2 tiles);
    # then 2 weather orders and the start player
    layouts = {2: 4, 3: 4, 4: 2}[players]
    assert expected == layouts * 2 * players
    seen = {json.dumps(setup_for(players, seed, comp=comp), sort_keys=True) for seed in range(1500)}
    assert len(seen) == expected
