"""The setup randomiser: determinism, every option, what the rulebook lays out, the exact count."""

import itertools
import json
import math
import random
import textwrap
from collections import Counter

import pytest

from bgkit_bridgetroll import data
from bgkit_bridgetroll.setup import OPTIONS, count_setups, make_setup

DEFAULTS = {opt.name: opt.default for opt in OPTIONS} | {"deck": "order"}  # most tests look at the stacked order


@pytest.fixture(scope="module")
def box():
    return data.load()


def setup_for(box, players, seed, **options):
    return make_setup(box, players, random.Random(seed), DEFAULTS | options)


def test_same_seed_same_setup(box):
    for players in (3, 4, 5, 6):
        assert setup_for(box, players, 11) == setup_for(box, players, 11)


def test_different_seeds_differ(box):
    setups = [json.dumps(setup_for(box, 4, seed), sort_keys=True) for seed in range(20)]
    assert len(set(setups)) == 20


def test_setup_is_plain_json_and_toml_data(box):
    import tomli_w

    for players in (3, 6):
        setup = setup_for(box, players, 5)
        assert json.loads(json.dumps(setup)) == setup
        tomli_w.dumps(setup)  # no None anywhere, only TOML-able values

        def walk(value):
            if isinstance(value, list):
                assert None not in value
                for item in value:
                    walk(item)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item)

        walk(setup)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_what_the_rulebook_lays_out(box, players):
    setup = setup_for(box, players, players * 7)
    seats = setup["seats"]
    assert [s["seat"] for s in seats] == list(range(1, players + 1))
    assert len({s["colour"] for s in seats}) == players
    assert all(s["stones"] == 6 and s["victory_points"] == 5 for s in seats)
    # the pool: 3 of each colour in play (+ all 9 of a fourth colour with 3 players)
    for seat in seats:
        assert setup["pool"][seat["colour"]] == 3
    extra = [c for c in setup["pool"] if c not in {s["colour"] for s in seats}]
    assert len(extra) == (1 if players == 3 else 0)
    assert all(setup["pool"][c] == 9 for c in extra)
    assert setup["pool_size"] == sum(setup["pool"].values())
    # every colour is somewhere: at the seats, in the pool or back in the box
    assert sorted([s["colour"] for s in seats] + extra + setup["box_colours"]) == sorted(box.colours)
    # no colour has more stones on the table than the box holds
    on_table = Counter({s["colour"]: s["stones"] for s in seats}) + Counter(setup["pool"])
    assert max(on_table.values()) <= 9
    assert sum(on_table.values()) == box.stones_in_play(players)
    # trophies, start player, upgrades, schedule, deck
    assert setup["trophies"] == list(box.trophies[:players])
    assert 1 <= setup["start_player"] <= players
    start = setup["start_player"]
    assert setup["turn_order"] == [(start - 1 + i) % players + 1 for i in range(players)]  # clockwise
    assert setup["trophy_bonus"] == 1
    # step 6 "按号码由大到小排列": the pile, top card first, runs from the highest number down
    if players == 6:
        assert setup["upgrade_pile"] == list(range(13, 0, -1)) and setup["upgrades_removed"] == [14, 15]
    else:
        assert setup["upgrade_pile"] == list(range(15, 0, -1)) and setup["upgrades_removed"] == []
    assert setup["schedule"]["players"] == players
    assert setup["schedule"]["travellers"] == dict(box.schedules[players].travellers)
    assert sorted(setup["deck"]) == sorted(box.deck())


def test_upgrade_pile_is_in_descending_order_highest_on_top(box):
    """Setup step 6: the upgrade cards face up "from large to small"; only the top card can be bought.

    Read from the top, as a pile is: 15 first, 1 last. With 6 players 14 and 15 go back in the box,
    so the first card on offer is 13.
    """
    assert setup_for(box, 4, 1)["upgrade_pile"][:3] == [15, 14, 13]
    assert setup_for(box, 4, 1)["upgrade_pile"][-1] == 1
    assert setup_for(box, 6, 1)["upgrade_pile"][0] == 13


def test_four_player_schedule_is_the_rulebook_example(box):
    setup = setup_for(box, 4, 7)
    assert setup["schedule"]["travellers"]["partly cloudy"] == 5
    assert setup["schedule"]["stones_per_open_player"] == 2


def test_deck_is_shuffled(box):
    assert setup_for(box, 4, 1)["deck"] != box.deck()
    assert setup_for(box, 4, 1)["deck"] != setup_for(box, 4, 2)["deck"]


def test_option_colours_seat_gives_colours_in_data_order(box):
    for players in (3, 4, 5, 6):
        for seed in range(5):
            setup = setup_for(box, players, seed, colours="seat")
            assert [s["colour"] for s in setup["seats"]] == list(box.colours[:players])
    assert "purple" in setup_for(box, 3, 0, colours="seat")["pool"]  # the fourth colour of the data


def test_option_colours_random_varies(box):
    seen = {tuple(s["colour"] for s in setup_for(box, 3, seed)["seats"]) for seed in range(40)}
    assert len(seen) > 10


def test_option_start_names_the_start_player(box):
    assert {setup_for(box, 5, seed, start="1")["start_player"] for seed in range(30)} == {1}
    assert {setup_for(box, 5, seed, start="4")["start_player"] for seed in range(30)} == {4}
    assert {setup_for(box, 5, seed)["start_player"] for seed in range(60)} == {1, 2, 3, 4, 5}


def test_option_deck_shuffle_leaves_the_order_to_the_table(box):
    setup = setup_for(box, 4, 3, deck="shuffle")
    assert "deck" not in setup and setup["deck_size"] == 53
    fixed = {"deck": "shuffle", "colours": "seat", "start": "1"}
    assert len({json.dumps(setup_for(box, 4, s, **fixed), sort_keys=True) for s in range(5)}) == 1


def test_count_of_the_whole_game(box):
    deck = math.factorial(53) // math.prod(math.factorial(c.count) for c in box.travellers)
    assert count_setups(box, 4, DEFAULTS) == 6 * 5 * 4 * 3 * 4 * deck
    assert count_setups(box, 3, DEFAULTS) == 6 * 5 * 4 * 3 * 3 * deck  # x3: the fourth colour
    assert count_setups(box, 6, DEFAULTS | {"deck": "shuffle"}) == math.factorial(6) * 6
    assert count_setups(box, 5, {"colours": "seat", "start": "1", "deck": "shuffle"}) == 1
    assert count_setups(box, 5, {"colours": "seat", "start": "random", "deck": "shuffle"}) == 5


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """The real box with a three-card deck (two alike), small enough to enumerate."""
    path = tmp_path_factory.mktemp("tiny") / "tiny.toml"
    path.write_text(
        textwrap.dedent(
            """
            [travellers]
            confirmed = false
            source = "test deck"
            note = "three cards, two alike"
            reconstructed = ["counts"]
            deck_size = 3
            [[travellers.card]]
            key = "serf"
            name = "Serf"
            kind = "normal"
            count = 2
            toll = 1
            food = 3
            [[travellers.card]]
            key = "knight"
            name = "Knight"
            kind = "hazard"
            effect = "knight"
            count = 1
            """
        ),
        encoding="utf-8",
    )
    return data.load(path)


def test_deck_orders_match_brute_force(tiny):
    assert count_setups(tiny, 3, {"colours": "seat", "start": "1", "deck": "order"}) == len(
        set(itertools.permutations(tiny.deck()))
    )


@pytest.mark.parametrize(
    "players, options, samples",
    [
        (3, {"colours": "seat", "start": "1", "deck": "order"}, 200),
        (4, {"colours": "seat", "start": "random", "deck": "order"}, 400),
        (4, {"colours": "random", "start": "1", "deck": "shuffle"}, 6000),
        (3, {"colours": "random", "start": "random", "deck": "order"}, 45000),
    ],
)
def test_count_matches_the_setups_actually_produced(tiny, players, options, samples):
    """Brute force: run the randomiser over many fixed seeds; it reaches exactly ``count`` setups."""
    seen = {json.dumps(make_setup(tiny, players, random.Random(seed), options), sort_keys=True) for seed in range(samples)}
    assert len(seen) == count_setups(tiny, players, options)
