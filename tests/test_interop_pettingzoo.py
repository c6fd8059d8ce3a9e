"""bgkit's games as PettingZoo AEC environments (bgkit.interop.pettingzoo).

Every installed game that declares an action space is tested at two player counts; one that does
not yet is skipped, named."""

import json

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from bgkit.model.errors import BadInput  # noqa: E402
from bgkit.interop.pettingzoo import env  # noqa: E402
from bgkit.interop.session import adaptable  # noqa: E402
from bgkit.testing import run_cli  # noqa: E402

GAMES, LACKING = adaptable()
SKIPPED = [pytest.param(info.id, 0, id=info.id, marks=pytest.mark.skip(reason=f"{info.name} declares no action space yet"))
           for info in LACKING]
#: Two player counts of every adaptable game (the fewest and the most).
TWO_COUNTS = [pytest.param(g.info.id, n, id=f"{g.info.id}-{n}p") for g in GAMES
              for n in sorted({g.info.min_players, g.info.max_players})] + SKIPPED
EACH = [pytest.param(g.info.id, g.info.min_players, id=g.info.id) for g in GAMES] + SKIPPED


def masked_random_game(environment, seed):
    """Play to the end with a masked random policy; the agents in the order they decided."""
    rng = np.random.default_rng(seed)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        environment.step(action)


@pytest.mark.parametrize("game_id, players", TWO_COUNTS)
def test_pettingzoos_own_api_test_and_seed_test_pass(game_id, players):
    api_test(env(game_id, players=players, seed=1), num_cycles=200)
    seed_test(lambda: env(game_id, players=players, seed=1), num_cycles=200)


@pytest.mark.parametrize("game_id, players", EACH)
def test_a_masked_random_game_is_a_bgkit_log_that_verifies(game_id, players, tmp_path):
    environment = env(game_id, players=players, seed=4)
    environment.reset()
    masked_random_game(environment, 4)
    assert not environment.agents  # every agent is done
    log = environment.game_log()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log.to_dict()))
    result = run_cli(["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.stderr
    assert "decisions" in log.result


@pytest.mark.parametrize("game_id, players", EACH)
def test_a_game_played_by_bgkit_replays_through_the_environment_chance_and_ranks_included(game_id, players, tmp_path):
    path = tmp_path / "played.json"
    assert run_cli(["play", game_id, *["random"] * players, "--seed", "9", "--log", str(path)]).exit_code == 0
    data = json.loads(path.read_text())
    environment = env(game_id, players=players, seed=9)
    environment.reset()
    space = environment.table.space
    rewards = {}
    for agent in environment.agent_iter():
        _, reward, terminated, truncated, _ = environment.last()
        rewards[agent] = reward
        if terminated or truncated:
            environment.step(None)
            continue
        state = environment.play.state
        player, text = data["actions"][len(environment.play.log)]
        assert environment.possible_agents[player] == agent
        environment.step(space.index(state.parse_action(text)))
    assert environment.play.log == data["actions"]  # chance drawn inside step is the game bgkit played
    ranks = data["result"]["ranks"]
    seats = environment.possible_agents
    for a in range(players):
        for b in range(players):
            assert (ranks[a] < ranks[b]) == (rewards[seats[a]] > rewards[seats[b]])


def test_a_seat_not_to_move_has_no_legal_action_and_sees_no_hidden_bid():
    environment = env("goofspiel", players=2, seed=0)
    environment.reset()
    first = environment.agent_selection
    other = next(agent for agent in environment.agents if agent != first)
    assert environment.observe(other)["action_mask"].sum() == 0
    before = environment.observe(other)["observation"].copy()
    environment.step(12)  # the first seat bids 13, sealed
    after = environment.observe(other)["observation"]
    changed = np.flatnonzero(before != after)
    assert len(changed) == 1  # only that the first seat has bid, not what
    assert environment.observe(other)["action_mask"].sum() == 13


def test_render_ansi_draws_the_view_of_the_seat_to_move():
    environment = env("goofspiel", players=2, seed=0, render_mode="ansi")
    environment.reset()
    environment.step(12)  # P1 bids 13: P2 is to move and must not see it
    drawing = environment.render()
    first = next(line for line in drawing.splitlines() if line.startswith("│ P1"))
    second = next(line for line in drawing.splitlines() if line.startswith("│ P2"))
    assert "13 cards" in first and "sealed" in first and "1 2 3" not in first  # P1's hand and bid hidden
    assert "1 2 3 4 5 6 7 8 9 10 11 12 13" in second  # P2's own hand shown


def test_an_illegal_action_and_a_bad_game_are_one_line_of_bad_input():
    environment = env("goofspiel", players=2, seed=0, options={"deck": "5"})
    environment.reset()
    with pytest.raises(BadInput, match="action 7 is not legal"):
        environment.step(7)
    with pytest.raises(BadInput, match="has no option"):
        env("goofspiel", players=2, options={"decks": "5"})
    with pytest.raises(BadInput, match="for 2-4 players"):
        env("goofspiel", players=7)
    with pytest.raises(BadInput, match="seed must be between"):
        env("goofspiel", players=2, seed=-1)
