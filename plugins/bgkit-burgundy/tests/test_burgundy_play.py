"""Full play: the core conformance suite at 2-4 players, options, replay from action texts, bots, CLI."""

from __future__ import annotations

import json
import random

import pytest

from bgkit.api import any_to_json
from bgkit.testing import conformance_suite, run_cli

# the core's conformance suite (the action space included), one game at each of 2, 3 and 4 players
test_conformance = conformance_suite("burgundy", games=1)


def random_game(game, players, seed, options):
    rng = random.Random(seed)
    setup = game.setup(players, random.Random(seed), options)
    state = game.new_state(setup)
    texts = []
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        texts.append(state.action_text(action))
        state.apply(action)
    return setup, texts, state


@pytest.mark.parametrize("players,boards,ruleset", [(2, "random", "2019"), (3, "random", "2011"), (3, "standard", "2019"),
                                                    (4, "random", "2019")])
def test_options_play_to_the_end_and_replay_from_texts(burgundy, players, boards, ruleset):
    setup, texts, final = random_game(burgundy, players, 5, {"boards": boards, "ruleset": ruleset})
    state = burgundy.new_state(json.loads(json.dumps(setup)))
    for text in texts:
        state.apply(state.parse_action(text))
    assert any_to_json(state.to_dict()) == any_to_json(final.to_dict())
    rebuilt = burgundy.state_from_dict(json.loads(json.dumps(any_to_json(final.to_dict()))))
    assert rebuilt.scores() == final.scores()
    assert all(0 <= w for w in final.workers) and all(0 <= s for s in final.silver)
    for p in range(players):  # components are conserved: goods and tiles never appear from nowhere
        assert sum(final.goods[p]) + sum(final.sold[p]) <= 42
        assert len(final.storage[p]) <= 3


def test_greedy_beats_random():
    result = run_cli(["play", "burgundy", "greedy", "random", "--games", "6", "--seed", "3", "--format", "json"])
    assert result.exit_code == 0
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    seats = summary["seats"]
    assert seats["greedy"]["wins"] >= 5 and seats["greedy"]["mean_score"] > seats["random"]["mean_score"] + 30


def test_play_cli_random_bots():
    result = run_cli(["play", "burgundy", "random", "random", "random", "--seed", "2"])
    assert result.exit_code == 0


def test_render_state_and_table_chance_texts(burgundy):
    from rich.console import Console

    setup, texts, final = random_game(burgundy, 2, 9, {"boards": "standard", "ruleset": "2011"})
    console = Console(width=140, record=True, color_system=None)
    console.print(final.render(0))
    out = console.export_text()
    assert "P1 estate (board #1)" in out and "Depots" in out and "score now" in out
    assert any(t.startswith("dice ") for t in texts) and any(t.startswith("white ") for t in texts)
    assert any(t.startswith("draw ") for t in texts)


def test_state_drawing_fits_100_columns_with_every_estate_whole(burgundy, drawn_cells, words_at):
    """Mid-game, 4 players: all four estates drawn (placed tiles and empty spaces), nothing cut."""

    rng = random.Random(4)
    state = burgundy.new_state(burgundy.setup(4, random.Random(4), {"boards": "random", "ruleset": "2011"}))
    decisions = 0
    while decisions < 300:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        actions = state.legal_actions()
        placing = [a for a in actions if state.action_text(a).startswith(("place", "take"))]
        state.apply(rng.choice(placing or actions))
        decisions += 1
    narrow, out = words_at(state.render(2), 100)
    wide, _ = words_at(state.render(2), 400)
    assert max(len(line) for line in out.splitlines()) <= 100 and "…" not in out
    assert narrow == wide  # at 100 columns only wrapped, nothing cropped or cut
    rows = [len(cells) for cells in drawn_cells(out)]
    assert sum(rows) == 37 * 4 and all(count in (4, 5, 6, 7, 8, 10, 12, 14) for count in rows), rows
    placed = sum(1 for cells in drawn_cells(out) for cell in cells if "/" in cell)
    assert placed == sum(37 - t.count(-1) for t in state.tiles) and placed > 4  # the start castles and more
    assert out.index("P3 estate") < out.index("P1 estate")  # the viewer's own estate first
    assert "Wt watchtower" in out and "C2-4 cow" in out  # the key to the tile names, once
    assert out.count("Estates: an empty space") == 1


def test_human_at_the_terminal_with_table_dice(burgundy):
    """A whole game: a person (scripted answers) against greedy, typing the table's dice and draws."""
    import io
    import itertools

    from rich.console import Console

    from bgkit.testing import build_match

    from bgkit.testing import get_registry

    game = get_registry().game("burgundy").load()
    prompts = []
    counter = itertools.count()

    def ask(prompt):
        prompts.append(prompt)
        step = next(counter)
        if prompt.startswith("table"):
            return ["white 3", "dice 5 2", "#1", "#2"][step % 4]  # a bare number at the table is a roll; #N a position
        return ["?", "workers", "1", "2"][step % 4]

    console = Console(file=io.StringIO(), width=140)
    match = build_match(game, ["human:Ada", "greedy"], ["Ada", "greedy"], 4,
                        {"boards": "standard", "ruleset": "2011"}, chance="table", console=console, ask=ask)
    match.play()
    assert match.state.is_terminal()
    match.finish()
    assert match.log.result["scores"] == match.state.scores()
    assert any(p.startswith("Ada") for p in prompts) and any(p.startswith("table") for p in prompts)
    assert "Ada estate" not in console.file.getvalue() and "P1 estate" in console.file.getvalue()


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bgkit_burgundy.codes import WHITE  # noqa: E402


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_invariants_hold_through_random_games(burgundy, seed, players):
    """Nothing goes negative, storage never holds more than 3 tiles between decisions, goods are conserved."""
    rng = random.Random(seed)
    state = burgundy.new_state(burgundy.setup(players, random.Random(seed), {"boards": "standard", "ruleset": "2011"}))
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
        assert min(state.workers) >= 0 and min(state.silver) >= 0
        on_table = sum(sum(g) for g in state.goods) + sum(sum(s) for s in state.sold)
        on_table += sum(sum(d) for d in state.depot_goods) + sum(state.aside) + sum(len(f) for f in state.future)
        if state.phase < 5:
            on_table += 5 - state.round - (0 if (WHITE,) in state.chance else 1)
        assert on_table == 42
        for p in range(players):
            assert len(state.storage[p]) <= (4 if state.pending and state.pending.top()[0] == 5 else 3)
            assert all(c >= 0 for c in state.goods[p]) and sum(1 for c in state.goods[p] if c) <= 3


def test_a_four_player_turn_fits_a_120_by_50_terminal_and_full_shows_everything(burgundy):
    """The full drawing is about 64 lines at 4 players: the screen draws the compact one instead."""
    import io

    from rich.console import Console

    from bgkit.testing import Screen, build_match

    match = build_match(burgundy, ["random"] * 4, list("abcd"), 1, {"boards": "standard", "ruleset": "2011"})
    while match.state.is_chance() or match.log.actions.__len__() < 200:
        match.step()
    state, player = match.state, match.state.current_player()
    console = Console(file=io.StringIO(), width=120, height=50, color_system=None)
    screen = Screen(console, lambda prompt: "", list("abcd"), [player])
    console.print(screen.drawing(state, player))
    compact = console.file.getvalue()
    assert compact.count("\n") <= 32 and f"P{player + 1} estate" in compact and "Depots 1:" in compact
    console.file = io.StringIO()
    console.print(screen.drawing(state, player, full=True))
    assert all(f"P{p + 1} estate" in console.file.getvalue() for p in range(4))
