"""The setup randomiser: the city, numbers by player count, hands, determinism and the count."""

from __future__ import annotations

import itertools
import json
import math
import random
import tomllib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bgkit.testing import run_cli
from bgkit_bluemooncity.city import CELLS, CORNERS, POSITION_CELLS, neighbours
from bgkit.testing import get_registry
from bgkit_bluemooncity.data import load
from bgkit_bluemooncity.setup import count_deals, make_setup

COMPONENTS = load()
STANDARD = {"layout": "standard", "deal": "no", "start": "random"}


def setup_for(players=3, seed=7, **options):
    return make_setup(COMPONENTS, players, random.Random(seed), {**STANDARD, **options})


def cells_of(setup):
    return {(r, c): b for r, row in enumerate(setup["city"]) for c, b in enumerate(row) if b}


# -- the city -----------------------------------------------------------------------------------


def test_the_city_is_the_3_5_5_5_3_cross():
    setup = setup_for()
    assert [sum(1 for b in row if b) for row in setup["city"]] == [3, 5, 5, 5, 3]
    assert all(setup["city"][r][c] == "" for r, c in CORNERS)
    assert len(CELLS) == 21


@pytest.mark.parametrize("seed", range(20))
def test_standard_layout_fixes_courtyard_temples_and_palace(seed):
    cells = cells_of(setup_for(seed=seed))
    assert cells[(2, 2)] == "courtyard"
    assert cells[(1, 2)] == "fire_temple"  # north
    assert cells[(2, 3)] == "royal_palace"  # east
    assert cells[(3, 2)] == "earth_temple"  # south
    assert cells[(2, 1)] == "water_temple"  # west
    assert sorted(cells.values()) == sorted(COMPONENTS.buildings)  # every tile exactly once


def test_random_layout_fixes_only_the_courtyard():
    seen_north = set()
    for seed in range(40):
        cells = cells_of(setup_for(seed=seed, layout="random"))
        assert cells[(2, 2)] == "courtyard"
        assert sorted(cells.values()) == sorted(COMPONENTS.buildings)
        seen_north.add(cells[(1, 2)])
    assert len(seen_north) > 5  # temples and palace move too
    assert "fire_temple" in {b for seed in range(40) for b in cells_of(setup_for(seed=seed, layout="random")).values()}


def test_neighbours_are_orthogonal_and_inside_the_city():
    assert sorted(neighbours((2, 2))) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert sorted(neighbours((0, 1))) == [(0, 2), (1, 1)]  # (0, 0) is a missing corner
    assert all(n in CELLS for cell in CELLS for n in neighbours(cell))


# -- numbers by player count ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, scales, target, obelisk",
    [
        (2, 9, 6, [7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]),
        (3, 12, 5, [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]),
        (4, 15, 4, [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]),
    ],
)
def test_numbers_by_player_count(players, scales, target, obelisk):
    setup = setup_for(players=players)
    assert setup["scales"] == scales
    assert setup["offerings_to_win"] == target
    assert setup["obelisk"] == obelisk  # with 2 players the two shaded outer 7 boxes are out
    assert setup["markers_per_player"] == 10
    assert setup["hand_size"] == 8
    assert setup["dragons"] == ["red", "green", "blue"]
    assert setup["deck"] == 80 - 8 * players
    assert 1 <= setup["start_player"] <= players


def test_every_seat_can_start():
    for players in (2, 3, 4):
        starts = {setup_for(players=players, seed=s)["start_player"] for s in range(60)}
        assert starts == set(range(1, players + 1))


def test_the_start_option_names_the_seat_and_play_goes_clockwise():
    setup = setup_for(players=4, start="3")
    assert setup["start_player"] == 3 and setup["turn_order"] == [3, 4, 1, 2]
    game = get_registry().load_game("bluemooncity")
    assert game.count_setups(4, {**STANDARD, "start": "3"}) == math.factorial(16)


# -- dealing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_eight_cards_each_from_the_deck(players):
    setup = setup_for(players=players, deal="yes")
    hands = [seat["hand"] for seat in setup["seats"]]
    assert len(hands) == players and [seat["seat"] for seat in setup["seats"]] == list(range(1, players + 1))
    assert all(len(hand) == 8 for hand in hands)
    dealt = Counter(card for hand in hands for card in hand)
    deck = Counter(card.id for card in COMPONENTS.deck())
    assert not dealt - deck  # no card dealt more often than the deck has it


def test_no_hands_without_deal_and_the_same_city_with_it():
    plain, dealt = setup_for(seed=11), setup_for(seed=11, deal="yes")
    assert all("hand" not in seat for seat in plain["seats"]) and plain["deal"] is False
    assert dealt["city"] == plain["city"] and dealt["start_player"] == plain["start_player"]


# -- determinism ---------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"layout": "random"}, {"deal": "yes"}, {"layout": "random", "deal": "yes"}])
def test_same_seed_same_setup_different_seeds_differ(options):
    assert setup_for(seed=5, **options) == setup_for(seed=5, **options)
    assert len({json.dumps(setup_for(seed=s, **options)) for s in range(10)}) == 10


def test_a_known_seed_gives_a_known_city():
    """Pins the draw order (city, start player, hands) so a seed means the same table everywhere."""
    first = setup_for(seed=7)
    again = make_setup(load(), 3, random.Random(7), dict(STANDARD))
    assert first == again
    assert first["city"][2] == ["aqueduct", "water_temple", "courtyard", "royal_palace", "city_residence"]


# -- counting -------------------------------------------------------------------------------------


def test_count_layouts_times_start_players():
    game = get_registry().load_game("bluemooncity")
    for players in (2, 3, 4):
        assert game.count_setups(players, STANDARD) == math.factorial(16) * players
        assert game.count_setups(players, {"layout": "random", "deal": "no", "start": "random"}) == math.factorial(20) * players
    assert math.factorial(16) == 20_922_789_888_000


def _brute_force_deals(available, players, hand):
    deck = [t for t, n in enumerate(available) for _ in range(n)]
    seen = set()
    for order in itertools.permutations(deck):
        seen.add(tuple(tuple(sorted(order[i * hand:(i + 1) * hand])) for i in range(players)))
    return len(seen)


@pytest.mark.parametrize(
    "available, players, hand",
    [((2, 1, 1), 2, 2), ((3, 2), 2, 2), ((2, 2, 1), 3, 1), ((1, 1, 1, 1), 2, 2), ((3, 1, 2), 2, 3), ((4, 2), 3, 2)],
)
def test_count_deals_matches_brute_force(available, players, hand):
    assert count_deals(tuple(sorted(available)), players, hand) == _brute_force_deals(available, players, hand)


def _deals_by_polynomial(available, players, hand):
    """Independent check: the coefficient of x1^hand ... xn^hand in the product over card types."""
    shape_ranges = [range(hand + 1)] * players
    poly = {tuple([0] * players): 1}
    for copies in available:
        factor = [k for k in itertools.product(*shape_ranges) if sum(k) <= copies]
        new: dict = {}
        for exps, coef in poly.items():
            for k in factor:
                e = tuple(a + b for a, b in zip(exps, k))
                if max(e) <= hand:
                    new[e] = new.get(e, 0) + coef
        poly = new
    return poly.get(tuple([hand] * players), 0)


def test_count_with_deal_uses_the_card_types():
    available = tuple(sorted(Counter(card.id for card in COMPONENTS.deck()).values()))
    deals = _deals_by_polynomial(available, 2, 8)
    assert count_deals(available, 2, 8) == deals
    assert get_registry().load_game("bluemooncity").count_setups(2, {"layout": "standard", "deal": "yes", "start": "random"}) == math.factorial(16) * 2 * deals


# -- end to end -----------------------------------------------------------------------------------


def test_cli_setup_text_draws_the_grid_and_the_table():
    result = run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "7"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for name in ("Courtyard", "Fire Temple", "Royal Palace", "Earth Temple", "Water Temple", "University"):
        assert name in out
    assert "seed 7" in out and "north" in out
    assert "Offerings to win: 5" in out
    assert "12 golden scales on the other" in " ".join(out.split())
    assert "Start player: Player" in out
    assert "Starting hands" not in out


def test_cli_setup_deal_shows_hands():
    result = run_cli(["setup", "bluemooncity", "-p", "2", "--seed", "3", "--option", "deal=yes"])
    assert result.exit_code == 0, result.stderr
    assert "Starting hands" in result.stdout and "Player 2" in result.stdout


def test_cli_setup_json_and_toml_carry_the_same_setup():
    args = ["setup", "bluemooncity", "-p", "4", "--seed", "9", "--option", "layout=random", "--option", "deal=yes"]
    as_json = json.loads(run_cli(args + ["--format", "json"]).stdout)
    as_toml = tomllib.loads(run_cli(args + ["--format", "toml"]).stdout)
    assert as_json == as_toml
    assert as_json["seed"] == 9 and as_json["options"] == {"layout": "random", "deal": "yes", "start": "random"}
    assert as_json["setup"] == make_setup(COMPONENTS, 4, random.Random(9), {"layout": "random", "deal": "yes"})


def test_cli_count():
    result = run_cli(["setup", "bluemooncity", "-p", "3", "--count", "--format", "json"])
    assert json.loads(result.stdout)["count"] == 3 * math.factorial(16)
    variant = run_cli(["setup", "bluemooncity", "-p", "2", "--count", "--option", "layout=random"])
    assert f"{2 * math.factorial(20):,}" in variant.stdout


@pytest.mark.parametrize("players, layout", [(4, "standard"), (2, "random")])
def test_cli_setup_text_fits_100_columns_with_nothing_cut(monkeypatch, players, layout):
    monkeypatch.setenv("COLUMNS", "100")
    args = ["setup", "bluemooncity", "-p", players, "--seed", 11, "--option", f"layout={layout}", "--option", "deal=yes"]
    out = run_cli(args).stdout
    drawing = [line for line in out.splitlines() if not line.startswith("Repeat with:")]  # one line, to copy
    assert max(len(line) for line in drawing) <= 100 and "…" not in out
    setup = json.loads(run_cli(args + ["--format", "json"]).stdout)["setup"]
    # every tile's name and boxes, and every dealt card's people, can be read off the drawing
    for building_id in sum(setup["city"], []):
        if building_id:
            building = COMPONENTS.buildings[building_id]
            assert building.name in " ".join(out.split())
            assert "-".join(map(str, building.boxes)) in out
    for seat in setup["seats"]:
        for card in seat["hand"]:
            assert COMPONENTS.peoples[card.rpartition("-")[0]].name in out


def test_cli_setup_bad_input_exits_2():
    assert run_cli(["setup", "bluemooncity", "-p", "5", "--seed", "1"]).exit_code == 2
    bad = run_cli(["setup", "bluemooncity", "-p", "3", "--option", "layout=hexes"])
    assert bad.exit_code == 2 and "standard, random" in bad.stderr
    assert run_cli(["setup", "bluemooncity", "-p", "3", "--option", "deal=maybe"]).exit_code == 2


def test_fixed_position_cells_match_the_rulebook_compass():
    assert POSITION_CELLS == {"centre": (2, 2), "north": (1, 2), "east": (2, 3), "south": (3, 2), "west": (2, 1)}


@pytest.mark.parametrize("layout", ["standard", "random"])
def test_the_drawn_city_fits_80_columns_with_every_name_whole(layout):
    from rich.console import Console

    game = get_registry().load_game("bluemooncity")
    console = Console(width=80, record=True, color_system=None)
    for seed in range(5):
        console.print(game.render_setup(setup_for(seed=seed, layout=layout, deal="yes")))
    text = console.export_text()
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    for building in COMPONENTS.buildings.values():
        for word in building.name.split():
            assert word in text


@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 4),
    layout=st.sampled_from(["standard", "random"]),
    deal=st.sampled_from(["no", "yes"]),
)
def test_any_seed_gives_a_valid_table(seed, players, layout, deal):
    setup = setup_for(players=players, seed=seed, layout=layout, deal=deal)
    cells = cells_of(setup)
    assert sorted(cells.values()) == sorted(COMPONENTS.buildings) and set(cells) == set(CELLS)
    assert cells[(2, 2)] == "courtyard"
    if layout == "standard":
        assert {cells[POSITION_CELLS[p]] for p in ("north", "east", "south", "west")} == {
            "fire_temple", "royal_palace", "earth_temple", "water_temple"}
    assert 1 <= setup["start_player"] <= players
    if deal == "yes":
        dealt = Counter(card for seat in setup["seats"] for card in seat["hand"])
        assert sum(dealt.values()) == 8 * players
        assert not dealt - Counter(card.id for card in COMPONENTS.deck())
    json.dumps(setup)  # plain data


def test_cli_setup_says_where_things_go_beside_the_city(monkeypatch):
    """Rule summary 1(2)-(3): the obelisk left of the city, level with its middle, crystals on one side
    of it and the scales for the player count on the other; the dragons and the deck to the right.
    The obelisk is not on the courtyard: the courtyard is where the figures start."""
    monkeypatch.setenv("COLUMNS", "120")
    out = " ".join(run_cli(["setup", "bluemooncity", "-p", "2", "--seed", "3"]).stdout.split())
    assert "West of the city (left, level with the courtyard): the obelisk, the crystals on one side of it" in out
    assert "9 golden scales on the other; return the other scales to the box" in out
    assert "East of the city (right): the 3 dragons (red, green, blue), off the board" in out
    assert "64 stay face down as the deck east of the city" in out
    assert "figures start here" in out and "obelisk, figures" not in out


def test_dealt_hands_say_that_the_card_values_are_reconstructed(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    args = ["setup", "bluemooncity", "-p", "3", "--seed", "7", "--option", "deal=yes"]
    out = " ".join(run_cli(args).stdout.split())
    assert "The values of the Vulca, Terrah, Aqua, Flit, Mimix, Hoax, Pillar cards are a reconstruction" in out
    assert "--data FILE loads your deck's values" in out
    # a deck whose every people is confirmed (here: a person's own count) carries no such warning
    own = tmp_path / "deck.toml"
    own.write_text("".join(
        f'[people.{p.id}]\nname = "{p.name}"\ncolour = "{p.colour}"\nphase = "{p.phase}"\n'
        + (f'dragon = "{p.dragon}"\n' if p.dragon else "")
        + f'power_1 = "{p.power_1}"\npower_2 = "{p.power_2}"\nvalues = {list(p.values)}\n'
        'source = "counted my own deck"\nconfirmed = true\n\n'
        for p in COMPONENTS.peoples.values()
    ))
    mine = run_cli(args + ["--data", str(own)])
    assert mine.exit_code == 0, mine.stderr
    assert "Starting hands" in mine.stdout and "reconstruction" not in mine.stdout
