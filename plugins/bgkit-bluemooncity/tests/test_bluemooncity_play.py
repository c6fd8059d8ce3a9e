"""Play as a whole: hidden information, chance events and who sees them, conservation through random
games (hypothesis), the outcome from the score sheet, replay from action texts, a person's own
data playing exactly as given, the drawing at 80-120 columns, greedy's sense."""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.api import CHANCE, EVERYONE, any_to_json, final_result, sample_chance
from bgkit.testing import get_registry
from bluemooncity_scene import GAME, act, own_library, cards_in_play, cell, draw, hold, restore, table

from bgkit_bluemooncity import rules
from bgkit_bluemooncity.codes import OFFER, PILLAR
from bgkit_bluemooncity.codes import S_CONTRIBUTE


def random_game(players, seed, stop=None, game=GAME, deal="no"):
    """A random game from a random setup; ``stop`` decisions at most. Returns (setup, texts, state)."""
    rng = random.Random(seed)
    setup = game.setup(players, random.Random(seed), {"layout": "standard", "deal": deal, "start": "random"})
    state = game.new_state(setup)
    done, log = 0, []
    while not state.is_terminal() and (stop is None or done < stop):
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
            done += 1
        log.append(state.action_text(action))
        state.apply(action)
    return setup, log, state


# -- hidden information ---------------------------------------------------------------------------


def test_a_view_holds_one_hand_and_every_crystal_total_but_no_deck():
    _, _, s = random_game(3, 4, stop=60)
    view = s.view(1)
    assert view["my_hand"] == s.hands[1].to_list() and "hands" not in view
    assert "deck" not in view and "pool" not in view and view["deck_size"] == s.deck.size
    assert view["hand_sizes"] == [h.size for h in s.hands]
    assert view["crystals"] == s.crystals  # every gain and offering was public: known, not resampled
    assert view["discard"] == s.discard.to_list()  # the discard pile is face up


def test_determinising_keeps_what_the_player_knows_and_redeals_the_rest():
    _, _, s = random_game(3, 5, stop=80)
    other = s.determinize(0, random.Random(1))
    assert other.hands[0].counts == s.hands[0].counts and other.crystals == s.crystals
    assert [h.size for h in other.hands] == [h.size for h in s.hands] and other.deck.size == s.deck.size
    pooled = lambda st: Counter({k: n for h in [st.deck, *st.hands[1:]] for k, n in enumerate(h.counts) if n})  # noqa: E731
    assert sum((Counter(dict(enumerate(h.counts))) for h in [other.deck, *other.hands[1:]]), Counter()) == \
        sum((Counter(dict(enumerate(h.counts))) for h in [s.deck, *s.hands[1:]]), Counter())
    assert pooled(other) != pooled(s) or other.hands[1].counts != s.hands[1].counts  # something was redealt


def test_a_determinisation_depends_on_the_players_view_alone():
    """Two tables P1 cannot tell apart (a card swapped between P2's hand and the deck) give P1 the
    same determinisation for the same seed."""
    _, _, s = random_game(2, 6, stop=40)
    t = s.clone()
    a = next(k for k, n in enumerate(t.hands[1].counts) if n)
    b = next(k for k, n in enumerate(t.deck.counts) if n and k != a)
    t.hands[1].draw(a), t.deck.put(a), t.deck.draw(b), t.hands[1].put(b)
    assert t.view(0) == s.view(0) and t.hands[1].counts != s.hands[1].counts
    one, two = s.determinize(0, random.Random(9)), t.determinize(0, random.Random(9))
    assert any_to_json(one.to_dict()) == any_to_json(two.to_dict())


def test_a_card_drawn_is_seen_by_its_owner_and_told_to_the_others_as_a_draw():
    s = table(hands={0: ["vulca-3"]})
    act(s, "stay")
    act(s, "draw 2")
    outcome = s.chance_outcomes()[0][0]
    assert s.current_player() == CHANCE and s.audience(outcome) == frozenset({0})
    assert s.public_text(outcome) == "P1 draws a card" and s.chance_label() == "P1 draws a card at the end of the turn (1 of 2)"
    assert s.action_text(outcome).startswith("card ")
    assert s.reveals(outcome)


def test_the_starting_deal_is_dealt_privately_card_by_card():
    s = GAME.new_state(GAME.setup(2, random.Random(1), {"layout": "standard", "deal": "no", "start": "2"}))
    assert s.is_chance() and s.chance_label() == "P2 is dealt a starting card (1 of 8)"  # P2 starts
    outcome = s.chance_outcomes()[0][0]
    assert s.audience(outcome) == frozenset({1}) and s.public_text(outcome) == "P2 is dealt a card"
    draw(s)
    assert [h.size for h in s.hands] == [8, 8] and s.current_player() == 1 and s.deck.size == 64


def test_a_players_own_moves_are_public():
    s = table()
    action = s.legal_actions()[0]
    assert s.audience(action) is EVERYONE and not s.reveals(action)


def test_the_drawing_hides_the_others_hands_and_crystals():
    s = table(players=3, hands={0: ["vulca-3"], 1: ["hoax-2"], 2: ["khind-1"]})
    s.crystals = [5, 11, 13]
    out = drawn(s, 0, 100)
    assert "Your hand (1): vulca-3" in out and "hoax-2" not in out and "khind-1" not in out
    assert re.search(r"P1 you\b.* 5 ", out) and "11" not in out.split("player")[1].split("\n")[2] and "hidden" in out
    spectator = drawn(s, None, 100)
    assert "Your hand" not in spectator and "vulca-3" not in spectator


# -- conservation ---------------------------------------------------------------------------------


def check_table(s, before=None, action=None):
    """Nothing appears or vanishes: 80 cards, 10 markers a player, the scales in play; crystals move
    only by an offering's exact price or a reward."""
    assert cards_in_play(s) == 80
    assert sum(s.owed_old) == s.pool.size and sum(s.owed_new) <= s.deck.size
    for p in range(s.num_players):
        on_board = sum(1 for o in s.owner if o == p) + s.obelisk_owners.count(p)
        assert s.free[p] + on_board == 10 and s.free[p] >= 0
        assert s.offerings[p] == s.obelisk_owners.count(p)
    assert sum(s.scales) + s.supply == s.in_play and s.supply > 0 and min(s.scales) >= 0
    assert min(s.crystals) >= 0
    if before is None:
        return
    spent = [b - a for a, b in zip(s.crystals, before.crystals)]
    if action[0] in (OFFER, PILLAR):
        p = before.current_player()
        price = rules.next_cost(before) + (before.board.kinds.value[action[1]] if action[0] == PILLAR else 0)
        assert spent[p] == price and all(d == 0 for q, d in enumerate(spent) if q != p)
    elif any(spent):
        assert all(d <= 0 for d in spent), "crystals vanished"
        assert sum(s.built) > sum(before.built) or s.supply != before.supply  # a building's rewards, an exchange


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_nothing_appears_or_vanishes_through_random_games(seed, players):
    rng = random.Random(seed)
    s = GAME.new_state(GAME.setup(players, random.Random(seed), {"layout": "random", "deal": "no", "start": "random"}))
    steps = 0
    while not s.is_terminal() and steps < 700:
        before = s.clone()
        assert s.is_chance() or s.legal_actions(), "a player with nothing to do"
        action = sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions())
        s.apply(action)
        check_table(s, before, action)
        steps += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_searches_from_determinisations_always_find_something_to_do(players):
    """What MCTS does: play on at random from a determinisation (other hands redealt)."""
    rng = random.Random(players)
    _, _, s = random_game(players, players, stop=150)
    for _ in range(12):
        d = s.determinize(s.current_player() if s.current_player() >= 0 else 0, rng)
        for _ in range(400):
            if d.is_terminal():
                break
            if d.is_chance():
                d.apply(sample_chance(d, rng))
                continue
            actions = d.legal_actions()
            assert actions, f"nothing to do: {d.pending} stage {d.stage}"
            d.apply(rng.choice(actions))
        check_table(d)


# -- the outcome, replay, the engine --------------------------------------------------------------


def test_the_outcome_is_the_score_sheets_ranking():
    _, _, s = random_game(3, 2)
    result = final_result(GAME, s, ["A", "B", "C"])
    outcome = s.outcome()
    assert list(outcome.ranks) == result.ranks and [result.names[i] for i in outcome.winners] == \
        [result.names[i] for i in result.winners]
    assert result.totals == s.scores()


def test_a_game_replays_from_its_action_texts():
    setup, log, final = random_game(2, 3)
    s = GAME.new_state(json.loads(json.dumps(setup)))
    for text in log:
        s.apply(s.parse_action(text))
    assert any_to_json(s.to_dict()) == any_to_json(final.to_dict())
    rebuilt = GAME.state_from_dict(json.loads(json.dumps(any_to_json(final.to_dict()))))
    assert rebuilt.scores() == final.scores() and rebuilt.outcome() == final.outcome()


def test_a_dealt_setup_starts_with_its_hands():
    setup = GAME.setup(3, random.Random(8), {"layout": "standard", "deal": "yes", "start": "random"})
    s = GAME.new_state(setup)
    for p, seat in enumerate(setup["seats"]):
        assert sorted(s.board.kinds.all[k].id for k in s.hands[p].cards()) == sorted(seat["hand"])
    assert s.deck.size == setup["deck"] and not s.is_chance()


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_through_the_cli(players):
    from bgkit.testing import run_cli

    result = run_cli(["play", "bluemooncity", *["greedy", "random"] * (players // 2), "--seed", "4", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout.splitlines()[0])
    assert record["decided_by"] and len(record["ranks"]) == players


def test_a_tournament_counts_a_game_without_a_winner_as_nobodys_win():
    """Game 3 of this match ends with every marker used (greedy on 4 offerings of 6): no winner, both
    seats rank 1, and the summary gives neither a win; MCTS reads the same outcome as equal shares."""
    from bgkit.testing import run_cli

    result = run_cli(["play", "bluemooncity", "greedy", "random", "--games", "3", "--seed", "1", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    *records, summary = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [r["winners"] for r in records] == [["greedy"], ["greedy"], []]
    assert records[2]["ranks"] == [1, 1] and records[2]["scores"] == [4, 1]
    assert summary["seats"]["greedy"]["wins"] == 2 and summary["seats"]["random"]["wins"] == 0
    single = run_cli(["play", "bluemooncity", "greedy", "random", "--seed", str(records[2]["seed"])])
    assert "Winner: nobody (no winner: every player used up all 10 markers" in " ".join(single.stdout.split())


# -- a person's own data --------------------------------------------------------------------------


OWN_DECK = "".join(
    f'[people.{people}]\nname = "{name}"\ncolour = "{colour}"\nphase = "{phase}"\n' + (f'dragon = "{dragon}"\n' if dragon else "")
    + f'power_1 = "p1"\npower_2 = "p2"\nvalues = {values}\nsource = "my own deck"\nconfirmed = true\n\n'
    for people, name, colour, phase, dragon, values in [
        ("vulca", "Vulca", "black", "movement", "red", [1, 1, 2, 2, 3, 3, 3, 3, 3, 3]),
        ("terrah", "Terrah", "red", "movement", "green", [1, 2, 2, 2, 3, 3, 3, 3, 3, 3]),
        ("aqua", "Aqua", "blue", "movement", "blue", [1, 1, 1, 1, 2, 2, 3, 3, 3, 3]),
        ("flit", "Flit", "grey", "movement", None, [1, 1, 2, 2, 2, 2, 3, 3, 3, 3]),
        ("mimix", "Mimix", "brown", "contribution", None, [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]),
        ("hoax", "Hoax", "white", "contribution", None, [1, 2, 2, 3, 3, 3, 3, 3, 3, 3]),
        ("pillar", "Pillar", "yellow", "contribution", None, [1, 1, 1, 2, 2, 2, 2, 3, 3, 3]),
    ]
) + own_library(boxes=(4, 3))


def test_a_persons_own_cards_and_tiles_play_exactly_as_given(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(OWN_DECK)
    game = get_registry().load_game("bluemooncity", path)
    _, log, s = random_game(2, 5, stop=200, game=game)
    kinds = s.board.kinds
    have = Counter()
    for k, n in enumerate(kinds.copies):
        have[kinds.all[k].id] += n
    assert have["vulca-3"] == 6 and have["terrah-1"] == 1 and have["hoax-3"] == 7 and have["khind-1"] == 10
    assert sum(have.values()) == 80
    library = s.board.cell_boxes[cell(s, "library")]
    assert [s.board.box_value[b] for b in library] == [4, 3]
    assert s.board.building[cell(s, "library")].provenance.confirmed
    drawn_ids = Counter(t.split()[1] for t in log if t.startswith("card "))
    assert set(drawn_ids) <= set(have)  # only the person's cards come out
    from bgkit_bluemooncity.display import _tile as _cell

    lines = [text for text, _ in _cell(s, cell(s, "library"))]
    assert lines[1] == "restored" or lines[1] == "white 4:- 3:-" or lines[1].startswith("white 4:")  # no mark: confirmed


def test_the_cli_plays_with_a_persons_data_file(tmp_path):
    from bgkit.testing import run_cli

    path = tmp_path / "mine.toml"
    path.write_text(OWN_DECK)
    result = run_cli(["play", "bluemooncity", "greedy", "greedy", "--seed", "2", "--data", str(path), "--format", "json"])
    assert result.exit_code == 0, result.stderr


# -- the drawing ----------------------------------------------------------------------------------


def drawn(state, player, width):
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(state.render(player), crop=False)
    return console.file.getvalue()


@pytest.mark.parametrize("players", [2, 4])
def test_the_drawing_fits_80_to_120_columns_with_nothing_cut(players):
    _, _, s = random_game(players, 7, stop=300)
    words = None
    for width in (80, 100, 120):
        out = drawn(s, 1, width)
        assert max(len(line) for line in out.splitlines()) <= width and "…" not in out
        found = Counter(re.sub(r"[\u2500-\u257f]", " ", out).split())
        words = words or found
        assert found == words  # at any width the same words: wrapped, never cut
    for b in s.board.building:
        assert b.name.split()[0] in out
    assert "P2 you" in out and "Your hand" in out and "Obelisk, bottom up" in out


def test_the_drawing_marks_reconstructed_values_and_shows_the_decision():
    s = table(hands={0: ["vulca-3", "vulca-2"]})
    s.pos[0] = cell(s, "fire_temple")
    s.stage = S_CONTRIBUTE
    rules.run(s)
    act(s, "box 1")
    out = drawn(s, 0, 120)
    assert "P1 pays box 1 of the Fire Temple (black 5): 5 still to pay" in out
    assert "black 5:- 4:- 3:-" in out  # the temples' box values are confirmed: no mark
    assert "vulca-3*" in out and "* reconstructed value" in out  # Vulca's values are reconstructed
    assert "2c* | 2c* | 3c" in out  # the Fire Temple's rewards (most | all | near), the reconstructed ones marked
    assert "*3:- 2:- 2:-" in out  # a reconstructed tile's box values: marked once, before them


# -- greedy's sense ---------------------------------------------------------------------------------


def greedy_choice(s):
    from bgkit.testing import GreedyBot
    from bgkit.api import decision_for, runtime_for

    bot = GreedyBot(runtime_for(GAME), 1)
    return s.action_text(bot.choose(decision_for(s, s.current_player(), s.legal_actions(), bot.rng)))


def test_greedy_takes_the_winning_offering():
    s = table(players=2)
    s.crystals[0] = 30
    s.offerings[0], s.obelisk_owners, s.free[0] = 5, [0] * 5, 5
    act(s, "stay")
    if s.stage != S_CONTRIBUTE:
        act(s, "done")
    assert greedy_choice(s).startswith("offer")


def test_greedy_walks_to_the_courtyard_when_it_can_afford_an_offering():
    s = table(players=2, hands={0: []})
    s.crystals[0] = 12
    s.pos[0] = s.board.index[s.board.ids[s.board.moves[s.board.courtyard][-1]]]  # two steps away
    assert greedy_choice(s) == "go courtyard"


def test_greedy_completes_a_building_it_leads():
    s = table(players=2, hands={0: ["vulca-3", "khind-1", "pillar-3"]})
    hold(s, 0, "fire_temple", 1)
    hold(s, 0, "fire_temple", 2)
    restore(s, "royal_palace")
    s.pos[0] = cell(s, "fire_temple")
    s.stage = S_CONTRIBUTE
    rules.run(s)
    assert greedy_choice(s) == "box 3: black 3"
    act(s, "box 3")
    assert greedy_choice(s) == "pay vulca-3"  # the black card, not the wild one


def test_a_short_terminal_gets_the_compact_drawing_with_everything_to_decide():
    _, _, s = random_game(4, 7, stop=300)
    from rich.console import Console

    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(s.render_compact(1))
    out = console.file.getvalue()
    assert out.count("\n") <= 20 and max(len(line) for line in out.splitlines()) <= 80
    assert "type full for the whole table" in out and "Hand (" in out and "P2 you" in out and "Now: P" in out
    assert "┌" not in out  # the city's grid is left to the full drawing (and board)
