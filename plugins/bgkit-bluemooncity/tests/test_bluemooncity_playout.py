"""The MCTS playout's rule of thumb (``rollout_action``) and ``heuristic_values``: always legal,
reproducible from its random stream, blind to what the seat cannot see, and sensible where a
person's move is plain."""

import random

import pytest

from bgkit.api import CHANCE, sample_chance

from bluemooncity_scene import act, cell, hold, restore, table
from bgkit_bluemooncity import rules
from bgkit_bluemooncity.codes import S_CONTRIBUTE, S_DISCARD


def playout(players, seed, limit=3000):
    """A whole game played by the rule of thumb for every seat; every action checked legal."""
    s = table(players=players, seed=seed, deal="no")
    rng = random.Random(seed)
    played = []
    while not s.is_terminal() and len(played) < limit:
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        action = s.rollout_action(rng)
        assert action in s.legal_actions(), (s.action_text(action), [s.action_text(a) for a in s.legal_actions()])
        played.append(action)
        s.apply(action)
    return s, played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rule_of_thumb_plays_legal_actions_to_the_end_of_a_game(players):
    for seed in range(3):
        s, played = playout(players, seed)
        assert s.is_terminal()  # a game of sensible turns ends (random ones take thousands of steps)
        assert len(played) < 1000


def test_the_rule_of_thumb_is_reproducible_from_its_random_stream():
    assert playout(3, 5)[1] == playout(3, 5)[1]


def test_the_rule_of_thumb_is_the_same_on_every_determinisation():
    """It reads only the player's own hand and the table: the others' hands and the deck do not matter."""
    s = table(players=3, seed=2)
    seen = set()
    for i in range(10):
        d = s.determinize(0, random.Random(i))
        seen.add(d.rollout_action(random.Random(99)))
    assert len(seen) == 1


def test_it_walks_to_the_courtyard_with_the_crystals_for_an_offering():
    s = table(players=2, hands={0: ["vulca-3"]})
    s.crystals[0] = 12
    s.pos[0] = s.board.moves[s.board.courtyard][-1]  # two steps away
    assert s.action_text(s.rollout_action(random.Random(1))) == "go courtyard"


def test_it_goes_where_its_cards_pay_a_box_and_completes_it():
    s = table(players=2, hands={0: ["vulca-3", "vulca-2"]})
    hold(s, 1, "fire_temple", 1)
    hold(s, 1, "fire_temple", 2)  # the Fire Temple (black 5 4 3) wants a black 3 more
    s.pos[0] = s.board.courtyard
    rng = random.Random(3)
    assert s.action_text(s.rollout_action(rng)) == "go fire_temple"
    act(s, "go fire_temple")
    if s.stage != S_CONTRIBUTE:
        act(s, "done")
    assert s.action_text(s.rollout_action(rng)) == "box 3: black 3"
    act(s, "box 3")
    assert s.action_text(s.rollout_action(rng)) == "pay vulca-3"  # finishes it: not the 2, not both
    act(s, "pay vulca-3")
    assert s.built[cell(s, "fire_temple")]


def test_it_pays_with_plain_cards_before_wild_ones_and_keeps_the_last_marker_near_an_offering():
    s = table(players=2, hands={0: ["khind-1", "vulca-3", "vulca-3", "vulca-2"]})
    s.pos[0] = cell(s, "fire_temple")
    s.free[0] = 2
    s.crystals[0] = 5  # the first offering costs 7
    s.stage = S_CONTRIBUTE
    rules.run(s)
    rng = random.Random(4)
    assert s.action_text(s.rollout_action(rng)) == "box 3: black 3"  # the cheapest box
    act(s, "box 3")
    assert s.action_text(s.rollout_action(rng)) == "pay vulca-3"
    act(s, "pay vulca-3")
    assert s.free[0] == 1
    assert s.action_text(s.rollout_action(rng)) == "done"  # keeps the last marker for the courtyard
    s.crystals[0] = 2
    assert s.action_text(s.rollout_action(rng)) == "box 2: black 4"  # far from it: contributes


def test_it_offers_when_it_can():
    s = table(players=2)
    s.crystals[0] = 20
    s.stage = S_CONTRIBUTE
    rules.run(s)
    assert s.action_text(s.rollout_action(random.Random(1))) == "offer 7 crystals"


def test_it_discards_a_plain_card_no_box_wants_and_keeps_the_rest():
    s = table(players=2, hands={0: ["aqua-3", "khind-1", "vulca-3"]})
    restore(s, *[s.board.ids[c] for c in s.board.buildings if s.board.building[c].colour in ("blue", "any")])
    s.stage = S_DISCARD
    rules.run(s)
    rng = random.Random(1)
    assert s.action_text(s.rollout_action(rng)) == "discard aqua-3"  # no blue box is left
    act(s, "discard aqua-3")
    assert s.action_text(s.rollout_action(rng)) == "draw 3"


def test_heuristic_values_order_the_seats_as_the_heuristic_does():
    for seed in range(3):
        s, _ = playout(3, seed, limit=120)
        values = s.heuristic_values()
        ratings = [s.heuristic(p) for p in range(3)]
        for p in range(3):
            for q in range(3):
                assert (values[p] > values[q]) == (ratings[p] > ratings[q])
                assert (values[p] == values[q]) == (ratings[p] == ratings[q])
