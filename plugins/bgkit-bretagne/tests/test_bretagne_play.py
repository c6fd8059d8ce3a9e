"""Whole games: conservation of every component, people at the terminal (a pseudo-terminal game with
an illegal move, undo, save, quit and resume; hot-seat hand-over), outcomes typed in from the table
with --chance table, and a person's own data played exactly as given."""

from __future__ import annotations

import io
import json
import pty
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from bgkit.api import sample_chance
from bgkit.testing import build_match, get_registry, resumed_to_the_end, run_cli, saved_game

from bgkit_bretagne import codes as S
from bgkit_bretagne import exchange


def totals(s) -> dict:
    """Everything that must neither appear nor vanish, counted wherever it is."""
    n = s.num_players
    comp = s.comp
    out = {}
    for r, name in enumerate(s.t.resources):
        out[name] = s.sup_res[r] + s.quimper[r] + s.market[r] + sum(s.res[p][r] for p in range(n))
    out["engineers"] = s.sup_eng + s.singles + 2 * s.pairs + sum(s.eng) + sum(s.site_eng)
    out["francs"] = s.bank + sum(s.francs) + sum(s.bounty)
    for p in range(n):
        on_towers = sum(w for site in range(len(s.site)) for o, w in zip(s.lv_own[site], s.lv_wk[site]) if o == p)
        out[f"workers P{p + 1}"] = s.work[p] + s.city[p] + s.reserve[p] + on_towers + sum(h[p] for h in s.harb)
    out["equipment"] = len(s.deck) + len(s.discard) + sum(len(h) for h in s.hands)
    out["blueprints"] = (sum(len(f) for f in s.face_up) + sum(len(d) for d in s.piles) + sum(len(d) for d in s.under)
                         + sum(len(b) for b in s.lv_bp) + sum(1 for f in s.pending if f[0] == S.F_SITE))  # one being placed
    expected = {name: comp.supply.resources_each for name in s.t.resources}
    expected.update({"engineers": comp.supply.engineers, "francs": comp.supply.coins,
                     "equipment": sum(s.t.kind_counts), "blueprints": len(s.t.bp_ids)})
    expected.update({f"workers P{p + 1}": comp.supply.worker_cubes for p in range(n)})
    return out, expected


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_nothing_appears_or_vanishes_in_a_random_game(players, seed):
    game = get_registry().load_game("bretagne")
    s = game.new_state(game.setup(players, random.Random(seed), {"start": "random"}))
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
        found, expected = totals(s)
        assert found == expected, f"step {steps}"
        assert min(min(r) for r in s.res) >= 0 and min(s.francs) >= 0 and min(s.eng) >= 0 and min(s.work) >= 0
        if s.stage == S.S_ACT and s.cur >= 0:  # the quick check of an exchange agrees with the trades one by one
            for city, items in enumerate(S.CITY_TRADES):
                assert exchange._city_open(s, s.cur, city) == any(exchange._trade_ok(s, s.cur, item) for item in items)
        steps += 1
    assert s.round <= 5


def test_greedy_and_mcts_play_through_the_command_line():
    result = run_cli(["play", "bretagne", "greedy", "random", "--games", "4", "--seed", "3", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["seats"]["greedy"]["wins"] >= 3
    result = run_cli(["play", "bretagne", "mcts:iterations=5", "random", "random", "--seed", "1"])
    assert result.exit_code == 0, result.stderr


# -- people ----------------------------------------------------------------------------------------


def answering(log: list[str], answer=lambda prompt: "1"):
    """An ``ask`` that records every prompt: Enter at a hand-over and once a bot's moves are carried
    out at the table (``done>``), '#1' at the table, else ``answer``."""

    def ask(prompt: str) -> str:
        log.append(prompt)
        if "press Enter" in prompt or prompt.startswith("done>"):
            return ""
        if prompt.startswith("table>"):
            return "#1"
        return answer(prompt)

    return ask


def test_chance_table_asks_for_every_kind_of_draw_and_private_ones_of_their_owner():
    game = get_registry().load_game("bretagne")
    prompts: list[str] = []
    out = io.StringIO()
    match = build_match(game, ["greedy", "greedy"], ["Ann", "Bob"], 4, {"start": "random"}, chance="table",
                        console=Console(file=out, width=200), ask=answering(prompts))
    match.play()
    screen = out.getvalue()
    assert "the weather forecast for round 3, turned up from the weather pile" in screen
    assert "the Quimper production card of round 2, turned up" in screen
    assert "a blueprint turned up from the" in screen
    private = [p for p in prompts if "draws an equipment card: only" in p]
    assert private and all("whoever handles" in p and "the others look away" in p for p in private)
    assert match.state.is_terminal()


def test_a_person_types_their_own_draws_at_the_table():
    """With a person in seat 1, their equipment draws are theirs to type; the bot's are typed by
    whoever handles its cards."""
    game = get_registry().load_game("bretagne")
    prompts: list[str] = []
    held: list = []

    def choose(prompt: str) -> str:  # Ann sells resources in Brest and buys equipment in Lorient
        state = held[0].state
        legal = [state.action_text(a) for a in state.legal_actions()]
        rich = state.francs[0] >= 3
        for wanted in ["trade equipment"] + (["go lorient", "exchange lorient"] if rich else ["trade sell-resources", "exchange brest"]):
            if wanted in legal:
                return wanted
        return "done" if "done" in legal else "1"

    match = build_match(game, ["human:Ann", "greedy"], ["Ann", "Bob"], 3, {"start": "1"}, chance="table",
                        console=Console(file=io.StringIO(), width=200), ask=answering(prompts, choose))
    held.append(match)
    match.play()
    mine = [p for p in prompts if p.startswith("P1 draws an equipment card: only P1 Ann may see it (they type it)")]
    assert mine and all("the others look away" in p for p in mine)


def test_hot_seat_hands_the_screen_over_between_two_people():
    game = get_registry().load_game("bretagne")
    prompts: list[str] = []
    out = io.StringIO()
    match = build_match(game, ["human:Ann", "human:Bob"], ["Ann", "Bob"], 2, {"start": "1"},
                        console=Console(file=out, width=100), ask=answering(prompts))
    for _ in range(30):
        match.step()
    handovers = [p for p in prompts if "your turn: the others look away" in p]
    assert any(p.startswith("Ann") for p in handovers) and any(p.startswith("Bob") for p in handovers)
    assert "P1 (you)" in out.getvalue() and "P2 (you)" in out.getvalue()


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_a_person_plays_at_the_terminal_with_an_illegal_move_undo_save_quit_and_resume(tmp_path):
    term, screen, save = saved_game(tmp_path, ["play", "bretagne", "human:Ada", "greedy", "--seed", "1", "--option", "start=1"])
    assert "Bretagne · round 1 of 5 · choosing barge cards" in screen and "barge 1" in screen
    drawing = [line for line in screen.splitlines() if not line.startswith("warning: plugin")]  # other plugins' load errors
    assert max(len(line) for line in drawing) <= 100
    term.refused("barge 9", "Ada> ")
    term.answer("barge 2", "Ada> ")
    assert "undone: barge 2" in term.answer("undo", "Ada> ")
    term.answer("barge 1", "Ada> ")
    assert "saved to" in term.answer("save", "Ada> ")
    before = term.quit_saved(save)["actions"]
    assert [0, "barge 1"] in before and [0, "barge 2"] not in before
    assert resumed_to_the_end(save, tmp_path, "Ada> ", lambda screen: "1") > 10


# -- a person's own data ------------------------------------------------------------------------------


def test_a_persons_own_cards_play_exactly_as_given(shipped_tables, write_data):
    equipment = shipped_tables["equipment"]
    equipment.update(source="my box", confirmed=True)
    del equipment["reconstructed"]
    equipment["kinds"] = {"lamp": {"name": "lamp", "count": 30, "points": {"heaven": 9, "purgatory": 9, "hell": 9}}}
    production = shipped_tables["production"]
    production.update(source="my box", confirmed=True)
    del production["reconstructed"]
    production["cards"] = {"Q9": {"resources": {"stone": [5, 5, 5], "wood": [4, 4, 4]}}}
    path = write_data({"equipment": equipment, "production": production})
    game = get_registry().load_game("bretagne", path)
    s = game.new_state(game.setup(2, random.Random(5), {"start": "random"}))
    assert s.t.kinds == ("lamp",) and s.quimper == [4, 5, 0, 0]
    rng = random.Random(5)
    draws = set()
    while not s.is_terminal():
        if s.is_chance():
            outcome = sample_chance(s, rng)
            draws.add(s.action_text(outcome).split()[0] + " " + s.action_text(outcome).split()[1][:1])
            s.apply(outcome)
        else:
            s.apply(rng.choice(s.legal_actions()))
        if s.stage == S.S_LOAD and s.boat == 0 and not any(s.passed):
            assert s.quimper == [4, 5, 0, 0]  # every round's card is the one given
    assert all(text == "draw l" for text in draws if text.startswith("draw"))
    result = run_cli(["play", "bretagne", "random", "random", "--seed", "2", "--data", str(path)])
    assert result.exit_code == 0, result.stderr


def workers_data(shipped_tables, write_data):
    """Blueprints that each give 3 workers, and a reserve of one cube per player."""
    blueprints, supply = shipped_tables["blueprints"], shipped_tables["supply"]
    for tile in blueprints["tiles"].values():
        tile["reward"]["workers"] = 3
    supply["worker_cubes"] = supply["start_workers"] + 1
    return write_data({"blueprints": blueprints, "supply": supply})


def test_a_worker_reward_counts_only_as_far_as_the_reserve_holds(shipped_tables, write_data):
    """A build is offered only if the workers the player will really get (no more than their
    reserve) are enough: offered, a site always follows."""
    from bretagne_scene import at_actions, by_text, give, show, texts

    s = at_actions(2, data=workers_data(shipped_tables, write_data))
    show(s, 0, "G01")  # 2 stone: two workers must be at home for them
    give(s, 0, stone=2)
    s.eng[0] = 3
    s.work[0], s.reserve[0] = 1, 0  # 1 at home; the reward's 3 workers cannot come
    assert "build G01" not in texts(s)
    s.reserve[0] = 1  # one of the 3 comes: 2 at home for the 2 stones
    assert "build G01" in texts(s)
    by_text(s, "build G01")
    assert (s.work[0], s.reserve[0]) == (2, 0) and texts(s) and all(t.startswith("at ") for t in texts(s))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_with_worker_rewards_and_a_short_reserve_never_stall(shipped_tables, write_data, players):
    from bgkit.testing import check_random_play

    game = get_registry().load_game("bretagne", workers_data(shipped_tables, write_data))
    for seed in range(4):
        check_random_play(game, players, seed)
