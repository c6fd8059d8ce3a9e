"""The setup randomiser: determinism, the deck split, options, and the exact setup-space count."""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.testing import get_registry
from bgkit_bruges.data import load
from bgkit_bruges.setup import build_setup, count_orders, split_even

DEFAULTS = {"start": "random", "colours": "random"}
OPTIONS = [{"start": s, "colours": c} for s in ("random", "1") for c in ("random", "fixed")]


@pytest.fixture(scope="module")
def game():
    return get_registry().game("bruges").load()


def make(game, players, seed, options=DEFAULTS):
    return game.setup(players, random.Random(seed), dict(options))


def test_same_seed_same_setup_and_different_seeds_differ(game):
    assert make(game, 3, 7) == make(game, 3, 7)
    setups = [json.dumps(make(game, 3, seed), sort_keys=True) for seed in range(20)]
    assert len(set(setups)) == 20


@pytest.mark.parametrize("players, draw, extra", [(2, (33, 33), 99), (3, (49, 50), 66), (4, (66, 66), 33)])
def test_deck_split_by_player_count(game, players, draw, extra):
    setup = make(game, players, 11)
    piles = setup["piles"]
    assert (len(piles["draw_a"]), len(piles["draw_b"])) == draw
    assert len(piles["extra"]) == extra
    assert sorted(piles["draw_a"] + piles["draw_b"] + piles["extra"]) == list(range(1, 166))
    assert setup["stacks"] == {"count": 5, "sizes": [33] * 5, "into_draw_piles": players, "into_extra_pile": 5 - players}


def test_extra_pile_is_whole_stacks_and_the_draw_piles_are_the_other_stacks_reshuffled(game):
    """Replaying the rng: the first shuffle's last 5-P stacks are the extra pile, in order."""
    players = 3
    rng = random.Random(5)
    order = list(range(1, 166))
    rng.shuffle(order)
    stacks = split_even(order, 5)
    setup = game.setup(players, random.Random(5), {"start": "1", "colours": "fixed"})
    assert setup["piles"]["extra"] == stacks[3] + stacks[4]
    assert sorted(setup["piles"]["draw_a"] + setup["piles"]["draw_b"]) == sorted(stacks[0] + stacks[1] + stacks[2])


def test_players_start_as_the_rules_say(game):
    setup = make(game, 4, 3)
    assert setup["statues_top_first"] == [7, 6, 5, 4, 3, 2]
    assert setup["round"] == 1 and setup["phase"] == "draw"
    for p in setup["seats"]:
        assert p["score"] == 5 and p["reputation"] == 0 and p["guilders"] == 5
        assert p["coins"] == {"1": 2, "3": 1}
        assert p["workers"] == {c: 1 for c in ("red", "yellow", "blue", "brown", "purple")}
        assert p["majority_markers"] == {"reputation": "grey", "persons": "grey", "canals": "grey"}
        assert p["hand"] == [] and p["houses"] == [] and p["persons"] == [] and p["statues"] == []
    assert [p["guard_house"] for p in setup["seats"]] == [1, 2, 3, 4]
    assert [p["seat"] for p in setup["seats"]] == [1, 2, 3, 4]
    supply = setup["supply"]
    assert supply["workers"]["red"] == 10 - 4
    assert supply["coins_1"] == 20 - 8 and supply["coins_3"] == 24 - 4
    assert supply["threats"]["purple"] == 9 and supply["canal_tokens"] == 40
    assert setup["card_list"] == "reconstruction"


def test_two_players_sit_at_opposite_guard_houses(game):
    assert [p["guard_house"] for p in make(game, 2, 1)["seats"]] == [1, 3]


@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1))
@settings(max_examples=60, deadline=None)
def test_every_setup_is_complete_and_consistent(players, seed):
    game = get_registry().game("bruges").load()
    setup = make(game, players, seed)
    piles = setup["piles"]
    assert Counter(piles["draw_a"] + piles["draw_b"] + piles["extra"]) == Counter(range(1, 166))
    assert abs(len(piles["draw_a"]) - len(piles["draw_b"])) <= 1
    colours = [p["colour"] for p in setup["seats"]]
    assert len(set(colours)) == players and set(colours) <= {"red", "yellow", "blue", "green"}
    assert 1 <= setup["start_player"] <= players
    assert setup["turn_order"][0] == setup["start_player"]
    assert sorted(setup["turn_order"]) == list(range(1, players + 1))
    # clockwise from the start player: each next seat number, wrapping round the table
    assert all(b == a % players + 1 for a, b in zip(setup["turn_order"], setup["turn_order"][1:]))


def test_option_start_random_varies_and_a_number_names_the_start_seat(game):
    starts = {make(game, 4, seed)["start_player"] for seed in range(40)}
    assert starts == {1, 2, 3, 4}
    for seed in range(10):
        setup = make(game, 4, seed, {"start": "3", "colours": "random"})
        assert setup["start_player"] == 3 and setup["turn_order"] == [3, 4, 1, 2]


def test_option_colours(game):
    dealt = {tuple(p["colour"] for p in make(game, 2, seed)["seats"]) for seed in range(60)}
    assert len(dealt) == 12  # every ordered pair of the 4 colours
    fixed = {"start": "random", "colours": "fixed"}
    for seed in range(5):
        assert [p["colour"] for p in make(game, 3, seed, fixed)["seats"]] == ["red", "yellow", "blue"]


@pytest.mark.parametrize("options", OPTIONS)
def test_count_formula(game, options):
    for players in (2, 3, 4):
        expected = math.factorial(165)
        if options["start"] == "random":
            expected *= players
        if options["colours"] == "random":
            expected *= math.perm(4, players)
        assert game.count_setups(players, options) == expected
    assert game.count_setups(2, DEFAULTS) == math.factorial(165) * 2 * 12


class ScriptedRandom(random.Random):
    """A Random whose every choice (shuffle, sample, randrange all use _randbelow) follows a script."""

    def __init__(self, script):
        super().__init__(0)
        self.script = script
        self.branching = []

    def _randbelow(self, n):
        index = len(self.branching)
        self.branching.append(n)
        return self.script[index] if index < len(self.script) else 0


def all_setups(comp, cards, players, options):
    """Every setup build_setup can make, by walking every sequence of random choices."""
    seen, paths, script = set(), 0, []
    while True:
        rng = ScriptedRandom(script)
        seen.add(json.dumps(build_setup(comp, cards, players, rng, options), sort_keys=True))
        paths += 1
        script = script + [0] * (len(rng.branching) - len(script))
        i = len(script) - 1
        while i >= 0 and script[i] == rng.branching[i] - 1:
            i -= 1
        if i < 0:
            return seen, paths
        script = script[:i] + [script[i] + 1]


@pytest.mark.parametrize("options", OPTIONS)
def test_count_matches_brute_force_on_a_five_card_deck(options):
    """One card per stack: 2 players shuffle 2 stacks, the other 3 are the extra pile."""
    comp = load()
    cards = [1, 2, 3, 4, 5]
    seen, paths = all_setups(comp, cards, 2, options)
    assert len(seen) == count_orders(len(cards), 2, 4, options)
    assert paths > len(seen)  # the second shuffle repeats outcomes the first already gave


def test_count_matches_brute_force_for_three_players():
    comp = load()
    seen, _ = all_setups(comp, [1, 2, 3, 4, 5], 3, {"start": "random", "colours": "fixed"})
    assert len(seen) == count_orders(5, 3, 4, {"start": "random", "colours": "fixed"}) == 120 * 3
