"""Full play: conservation through random games, a person's own data, the real table's chance events,
two people at one screen, the bots, and the drawing's width. (The core suite runs the conformance
playouts at 3-6 players for every installed game.)"""

from __future__ import annotations

import io
import json
import random
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from bgkit.api import sample_chance
from bgkit.testing import build_match, drawn, run_cli
from bgkit_bridgetroll.codes import S_PICK

from bridgetroll_scene import act, card, texts


def play_randomly(s, rng, check=None, limit=20_000):
    steps = 0
    while not s.is_terminal():
        if s.is_chance():
            s.apply(sample_chance(s, rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        if check is not None:
            check(s)
        steps += 1
        assert steps < limit
    return s


def cards_on_table(s) -> int:
    """Every traveller somewhere: unseen (deck and an undecided face-down card), the row, a decided
    face-down card, beside a bridge, in a hand, discarded, or just taken and being resolved (a
    face-down card to place, a hazard striking)."""
    from bgkit_bridgetroll.codes import P_GOAT, P_HAZARD, P_PAY, P_PLACE, P_THROW

    resolving = sum(1 for frame in s.pending if frame[0] in (P_PLACE, P_HAZARD, P_PAY, P_GOAT, P_THROW))
    return (s.deck.size + len(s.row) + (1 if s.fd >= 0 else 0) + sum(len(f) for f in s.food)
            + sum(len(t) for t in s.toll) + sum(len(h) for h in s.hand) + sum(s.discard) + resolving)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6))
def test_cards_stones_and_upgrades_never_appear_or_vanish(game, seed, players):
    s = game.new_state(game.setup(players, random.Random(seed), {"colours": "random", "start": "random", "deck": "shuffle"}))
    comp = game.components
    stones = comp.stones_in_play(players)
    upgrades = len(comp.upgrades_in_play(players))

    def check(s):
        assert sum(map(sum, s.stones)) + sum(s.pool) + sum(map(sum, s.bridge)) == stones
        assert min(min(x) for x in s.stones) >= 0 and min(s.pool) >= 0 and min(s.vp) >= 0
        assert cards_on_table(s) == comp.deck_size
        assert len(s.pile) + sum(len(u) for u in s.ups) + len(s.broken) == upgrades
        assert s.pile == sorted(s.pile, reverse=True)  # bought from the top only

    play_randomly(s, random.Random(seed), check)
    assert s.scores() == [float(s.vp[p] + sum(s.ups[p]) + len(s.ups[p])) for p in range(players)]


def test_a_finished_game_scores_through_the_sheet_with_its_tie_breaks(game):
    from bgkit.api import final_result

    s = play_randomly(game.new_state(game.setup(4, random.Random(3), {"colours": "seat", "start": "1", "deck": "shuffle"})),
                      random.Random(3))
    s.vp, s.ups = [9, 9, 5, 1], [[5], [1, 3], [], []]  # 15 and 15: upgrade values 5 and 4 decide
    result = final_result(game, s, ["Ada", "Bo", "Cy", "Di"])
    assert result.totals == [15, 15, 5, 1] and result.winners == [0] and result.decided_by == "tie-break: upgrade card values"
    assert s.outcome().ranks == tuple(result.ranks) and s.outcome().winners == (0,)


# -- a person's own data plays exactly as given ---------------------------------------------------------

OWN = textwrap.dedent(
    """
    [schedules]
    confirmed = true
    source = "my box"
    [schedules.3]
    travellers = { "sunny" = 3, "partly cloudy" = 3, "cloudy" = 3, "rainy" = 3 }
    stones_per_open_player = 4
    [schedules.4]
    travellers = { "sunny" = 3, "partly cloudy" = 3, "cloudy" = 3, "rainy" = 3 }
    stones_per_open_player = 2
    [schedules.5]
    travellers = { "sunny" = 3, "partly cloudy" = 3, "cloudy" = 3, "rainy" = 3 }
    stones_per_open_player = 1
    [schedules.6]
    travellers = { "sunny" = 3, "partly cloudy" = 3, "cloudy" = 3, "rainy" = 3 }
    stones_per_open_player = 1

    [travellers]
    confirmed = true
    source = "my box's cards"
    deck_size = 12
    [[travellers.card]]
    key = "tax_collector"
    name = "Tax Collector"
    kind = "normal"
    count = 8
    toll = 7
    food = 1
    bonus = 2
    [[travellers.card]]
    key = "ogre"
    name = "Ogre"
    kind = "hazard"
    effect = "dragon"
    count = 4
    """
)


@pytest.fixture
def own_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(OWN, encoding="utf-8")
    return path


def test_own_cards_and_schedule_play_exactly_as_given(own_file):
    from bgkit.testing import get_registry

    game = get_registry().load_game("bridgetroll", own_file)
    s = game.new_state(game.setup(3, random.Random(1), {"colours": "seat", "start": "1", "deck": "shuffle"}))
    assert {s.action_text(o) for o, _ in s.chance_outcomes()} == {"weather sunny", "weather partly cloudy",
                                                                 "weather cloudy", "weather rainy"}
    act(s, "weather cloudy")
    assert s.k == 3 and texts(s) == {"draw tax_collector", "draw ogre"}
    act(s, "draw tax_collector", "draw tax_collector", "bid 2 red", "close", "close", "rob tax_collector")
    assert s.toll[0] == [card(s, "tax_collector")]
    out = drawn(s, 0, width=100)
    # confirmed tables of one's own: their values are not marked (the shipped upgrade costs still are)
    assert "Tax Collector 7g/1f +2" in out and "cloudy: 3 travellers" in out and "tax_collector 7 = 7" in out
    act(s, "rob tax_collector", "take face-down", "reveal ogre")
    assert texts(s) == {"lose toll tax_collector"}  # the own "dragon" takes a 7-gold card (4 stones left)
    act(s, "lose toll tax_collector")  # P1 takes its own bid stones back: the only pile
    act(s, "take red", "take red", "take red", "take green")  # 4 stones per open bridge, the file's number
    act(s, "take green", "take green", "take yellow", "take yellow")
    assert sum(s.stones[1]) == sum(s.stones[2]) == 10
    act(s, "spend toll tax_collector", "convert")
    assert s.vp[0] == 5 + 1 + 0 + 2  # no food: 0 points, and the card's own +2


def test_a_whole_game_with_own_data_from_the_command_line(own_file, tmp_path):
    log = tmp_path / "log.json"
    result = run_cli(["play", "bridgetroll", "random", "greedy", "random", "--seed", "4", "--data", str(own_file),
                      "--log", str(log)])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(log.read_text())
    drawn_cards = {t.split()[1] for _, t in doc["actions"] if t.startswith(("draw ", "reveal ", "see "))}
    assert drawn_cards <= {"tax_collector", "ogre"} and doc["data"]["text"] == OWN
    assert run_cli(["replay", str(log), "--verify"]).exit_code == 0


# -- the real table: every kind of chance event typed in ----------------------------------------------

FORTUNE = textwrap.dedent(
    """
    [travellers]
    confirmed = false
    source = "test deck"
    note = "many Fortune Tellers, so that a peek comes soon"
    reconstructed = ["counts"]
    deck_size = 40
    [[travellers.card]]
    key = "fortune_teller"
    name = "Fortune Teller"
    kind = "special"
    effect = "peek"
    count = 20
    food = 2
    [[travellers.card]]
    key = "bard"
    name = "Bard"
    kind = "normal"
    count = 20
    toll = 5
    food = 3
    """
)


def test_chance_table_types_the_weather_the_row_the_turned_up_card_and_a_private_peek(tmp_path):
    """``--chance table``: the weather die, each card turned up, the face-down card when taken, and
    the Fortune Teller's peek, typed by its owner alone (the others look away first)."""
    from bgkit.testing import get_registry

    path = tmp_path / "fortune.toml"
    path.write_text(FORTUNE, encoding="utf-8")
    game = get_registry().load_game("bridgetroll", path)
    handovers: list[str] = []
    held: dict = {}

    def ask(prompt):
        if prompt.startswith("table"):
            return "#1"  # the first outcome listed
        if prompt.endswith("press Enter"):
            handovers.append(prompt)
            return ""
        if prompt.startswith("done>"):  # the bots' moves carried out at the table
            return ""
        options = texts(held["match"].state)
        for wanted in ("peek", "take face-down", "take fortune_teller", "end", "ready"):
            if wanted in options:
                return wanted
        return next((t for t in sorted(options) if t.startswith("bid 1 ")), "1")

    console = Console(file=io.StringIO(), width=100)
    held["match"] = match = build_match(game, ["human:Ada", "random", "random"], ["Ada", "r1", "r2"], 5,
                                        {"colours": "seat", "start": "1", "deck": "shuffle"}, chance="table",
                                        console=console, ask=ask)
    match.play()
    kinds = {text.split()[0] for player, text in match.log.actions if player == -1}
    assert kinds == {"weather", "draw", "reveal", "see"}
    mine = [p for p in handovers if p.startswith("P1 looks at the face-down traveller")]
    assert mine and all("only P1 Ada may see it (they type it); the others look away" in p for p in mine)
    assert any(t.startswith("see ") for p, t in match.log.actions if p == -1)


# -- two people at one screen -------------------------------------------------------------------------


def test_two_people_hand_the_screen_over_for_sealed_bids(game):
    from bgkit.api import QuitRequest

    console = Console(file=io.StringIO(), width=100)
    prompts: list[tuple[str, int]] = []
    answers = iter(["", "bid 2 red", "", "close"])

    def ask(prompt):
        prompts.append((prompt, len(console.file.getvalue())))
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    match = build_match(game, ["human:Ada", "human:Bo", "random"], ["Ada", "Bo", "r"], 7,
                        {"colours": "seat", "start": "1", "deck": "shuffle"}, console=console, ask=ask)
    with pytest.raises(QuitRequest):
        while True:
            match.step()
    said = [p for p, _ in prompts]
    assert said[0] == "Ada, your turn: the others look away, then press Enter"
    assert said[2] == "Bo, your turn: the others look away, then press Enter"
    out = console.file.getvalue()
    bos_screen = out[prompts[2][1]:prompts[3][1]]
    assert "sealed" in bos_screen and "bid 2 red" not in bos_screen  # Ada's bid is hidden from Bo
    assert "bid 2 red" in out[prompts[0][1]:prompts[1][1]] or "bid 2 red" in out[:prompts[1][1]]
    assert [a for a in match.log.actions if a[0] >= 0][:2] == [[0, "bid 2 red"], [1, "close"]]


# -- bots and the drawing -------------------------------------------------------------------------------


def test_greedy_beats_random():
    result = run_cli(["play", "bridgetroll", "greedy", "random", "random", "--games", "6", "--seed", "3", "--format", "json"])
    assert result.exit_code == 0
    seats = json.loads(result.stdout.strip().splitlines()[-1])["seats"]
    assert seats["greedy"]["wins"] >= 5 and seats["greedy"]["mean_score"] > seats["random"]["mean_score"] + 10


def words(text: str):
    import re
    from collections import Counter

    return Counter(re.sub(r"[\u2500-\u257f]", " ", text).split())


@pytest.mark.parametrize("players", [3, 6])
def test_the_drawing_fits_100_columns_and_shows_what_a_player_decides_on(game, players):
    s = game.new_state(game.setup(players, random.Random(players), {"colours": "random", "start": "random", "deck": "shuffle"}))
    rng = random.Random(players)
    while not (s.round >= 4 and s.stage == S_PICK and any(s.food) and any(s.toll)):  # picking, holdings on the table
        s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    me = s.current_player()
    narrow, wide = drawn(s, me, width=100), drawn(s, me, width=300)
    assert max(len(line) for line in narrow.splitlines()) <= 100
    assert words(narrow) == words(wide)  # at 100 columns only wrapped: no word cropped or cut
    assert "…" not in narrow and f"P{me + 1} you" in narrow and "Row: " in narrow and "Upgrade on offer" in narrow
    for p in range(players):
        for x in s.food[p]:
            assert s.t.names[x] in narrow
    assert "* reconstructed value" in narrow


@pytest.mark.parametrize("players", [3, 6])
def test_mcts_playouts_follow_a_rule_of_thumb_that_is_always_legal(game, players):
    """``rollout_action`` (bgkit_bridgetroll.playout) plays whole games: every move it makes is legal,
    and it plays better than chance (it bids, balances its sides and converts): on the same deals,
    a table playing by the rule scores well over a table playing at random."""
    def final_scores(seed, rule):
        rng = random.Random(seed)
        s = game.new_state(game.setup(players, random.Random(seed), {"colours": "random", "start": "random", "deck": "shuffle"}))
        while not s.is_terminal():
            if s.is_chance():
                s.apply(sample_chance(s, rng))
                continue
            if rule:
                action = s.rollout_action(rng)
                assert action in s.legal_actions(), (s.action_text(action), texts(s))
            else:
                action = rng.choice(s.legal_actions())
            s.apply(action)
        return s.scores()

    deals = range(players, players + 4)
    by_rule = [x for seed in deals for x in final_scores(seed, True)]
    at_random = [x for seed in deals for x in final_scores(seed, False)]
    assert sum(by_rule) > 1.3 * sum(at_random)


def test_a_compact_drawing_for_a_short_terminal_holds_the_same_table(game):
    """The screen shows ``render_compact`` when the full drawing would not fit the terminal's height:
    a line per bridge with what the full drawing shows of it, and the same hidden things hidden."""
    import io

    s = game.new_state(game.setup(6, random.Random(3), {"colours": "random", "start": "random", "deck": "shuffle"}))
    rng = random.Random(3)
    while not (s.round >= 3 and s.stage == S_PICK and any(s.food) and any(s.toll)):
        s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(s.render_compact(0))
    out = console.file.getvalue()
    assert len(out.splitlines()) <= 6 + 6 and "P1 you" in out and "face-down" in out
    for p in range(6):
        for x in s.food[p] + s.toll[p] + s.hand[p]:
            assert s.t.names[x] in out
    other = s.determinize(0, random.Random(1))
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(other.render_compact(0))
    assert console.file.getvalue() == out  # nothing P1 cannot see
