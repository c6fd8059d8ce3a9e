"""The last rule gaps an independent referee found (issue 17), each against the rule it follows.

- Knowledge #5: "當玩家將貨船板塊放置到建設區，玩家可以獲得相鄰2貨物格的貨物" (the 2011 rule
  summary, burgundy.rules.zh.txt, knowledge 5): a ship *may* take the goods of two neighbouring
  depots, so one depot alone stays allowed.
- Ruleset 2019: "The 2019 edition also allows buying in the middle of an action" (burgundy.md
  8.3, [BGA]): right after placing a castle or a City Hall, a tile bought from the black depot can
  be placed by that castle's or City Hall's action.
- boards=random: each player places the start castle on a dark-green space of their choice
  (burgundy.md 6.4, [YUC] "Advanced", [MEG] ``castleplacement``); how is UNCONFIRMED for 2011, so
  both ways are options: ``boards=random``, one by one in turn order, and ``boards=random-secret``:
  all at once, each hidden from the others until everyone has chosen.
"""

from __future__ import annotations

import random

import pytest

from bgkit.testing import build_match, check_secrets, run_cli
from bgkit.api import runtime_for

from burgundy_scene import K, act, put, ready, texts


# -- knowledge 5 ----------------------------------------------------------------------------------


def test_knowledge_5_takes_one_depot_or_two_neighbouring(burgundy, table):
    s = table(2)
    p = ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[0] * 6)
    put(burgundy, s, p, "k5", 13)
    s.depot_goods[5] = [1, 0, 0, 0, 0, 0]  # depot 6
    s.depot_goods[0] = [0, 2, 0, 0, 0, 0]  # depot 1
    s.depot_goods[1] = [0, 0, 1, 0, 0, 0]  # depot 2
    act(s, "place 20:ship@5")
    legal = texts(s)
    assert {"goods 6+1", "goods 1+2", "goods 1"} <= legal  # depot 1 alone leaves both neighbours' goods
    assert "goods 6" not in legal and "goods 2" not in legal  # = "goods 5+6" and "goods 2+3": no duplicate
    act(s, "goods 1")
    assert s.goods[p] == [0, 2, 0, 0, 0, 0]
    assert s.depot_goods[5] == [1, 0, 0, 0, 0, 0] and s.depot_goods[1] == [0, 0, 1, 0, 0, 0]


def test_without_knowledge_5_one_depot_only(burgundy, table):
    s = table(2)
    ready(burgundy, s, storage=["ship"], left=[5, 5], goods=[0] * 6)
    s.depot_goods[5] = [1, 0, 0, 0, 0, 0]
    s.depot_goods[0] = [0, 2, 0, 0, 0, 0]
    act(s, "place 20:ship@5")
    assert texts(s) == {"goods 6", "goods 1"}


# -- 2019: buying from the black depot inside a castle's or City Hall's action --------------------


@pytest.mark.parametrize("ruleset", ["2011", "2019"])
def test_2019_buys_from_the_black_depot_right_after_a_castle_and_places_it_with_the_castle(burgundy, table, ruleset):
    s = table(2, ruleset=ruleset)
    p = ready(burgundy, s, storage=["castle"], left=[6, 1], silver=2)
    put(burgundy, s, p, "k2", 13)
    s.black = (K(burgundy, "ship"),)
    act(s, "place 7:castle@6")
    legal = texts(s)
    assert "workers@any" in legal  # the castle's free action
    if ruleset == "2011":
        assert "buy black:ship" not in legal  # 2011: bought between actions, not inside one
        return
    assert "buy black:ship" in legal
    act(s, "buy black:ship")
    assert s.silver[p] == 0 and s.storage[p] == (K(burgundy, "ship"),)
    assert "place 20:ship@any" in texts(s)  # the castle's action places the tile just bought
    act(s, "place 20:ship@any")
    assert s.tiles[p][19] == K(burgundy, "ship") and s.left == [1]
    assert not any(t.startswith("buy") for t in texts(s))  # still one purchase per turn


@pytest.mark.parametrize("ruleset", ["2011", "2019"])
def test_2019_buys_from_the_black_depot_right_after_a_city_hall_and_places_it_with_the_hall(burgundy, table, ruleset):
    s = table(2, ruleset=ruleset)
    p = ready(burgundy, s, storage=["cityhall"], left=[3, 3], silver=2)
    s.black = (K(burgundy, "ship"),)
    act(s, "place 26:cityhall@3")  # nothing else in storage for the City Hall to place
    if ruleset == "2011":
        assert "pass" not in texts(s)  # no City Hall action: nothing to place
        act(s, "buy black:ship")
        assert "place 20:ship" not in texts(s)
        return
    assert texts(s) == {"buy black:ship", "pass"}
    act(s, "buy black:ship")
    assert {"place 18:ship", "place 20:ship", "pass"} <= texts(s)
    act(s, "place 18:ship")
    assert s.tiles[p][17] == K(burgundy, "ship") and s.track_pos[p] == 1


# -- boards=random: secret, simultaneous start spaces ---------------------------------------------


def _secret_state(burgundy, players=3, seed=5):
    setup = burgundy.setup(players, random.Random(seed), {"boards": "random-secret"})
    return burgundy.new_state(setup)


def test_secret_start_spaces_are_hidden_until_everyone_has_chosen(burgundy):
    s = _secret_state(burgundy)
    first, second = s.order[0], s.order[1]
    assert s.is_sealed() and s.cur == first
    space = s.legal_actions()[-1]
    assert s.public_text(space) == f"P{first + 1} chooses a start space"
    assert s.audience(space) == frozenset({first})
    s.apply(space)
    assert s.cur == second and s.is_sealed()
    assert s.filled[first] == 0  # not on the table yet
    assert s.view(second)["castles"][first] == -2 and s.view(first)["castles"][first] == space[1]
    # what the second player's bots imagine depends on what they see alone
    rules = runtime_for(burgundy)
    check_secrets(rules, s, s.legal_actions(), "second chooser")
    while s.is_sealed():
        s.apply(s.legal_actions()[0])
    assert not s.is_sealed() and s.filled[first] == 1 << space[1]  # all go down at once
    assert all(s.filled[q] for q in range(3))


def test_secret_start_spaces_survive_a_save(burgundy):
    s = _secret_state(burgundy)
    s.apply(s.legal_actions()[0])
    again = burgundy.state_from_dict(s.to_dict())
    assert again.is_sealed() and again.to_dict() == s.to_dict()


def test_secret_start_spaces_play_through_and_replay(burgundy):
    options = {"boards": "random-secret", "ruleset": "2011", "start": "random"}
    first = build_match(burgundy, ["greedy", "random", "random"], ["a", "b", "c"], 11, options)
    first.play()
    second = build_match(burgundy, ["greedy", "random", "random"], ["a", "b", "c"], 11, options)
    second.play()
    assert first.log.actions == second.log.actions  # same seed, same game
    assert first.log.actions[0][1].startswith("castle ")


def test_secret_start_spaces_from_the_command_line():
    result = run_cli(["play", "burgundy", "random", "greedy", "--seed", "4", "--option", "boards=random-secret", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert '"decisions"' in result.stdout
