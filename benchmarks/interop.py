"""What the research adapters cost per action, against the bare State API.

For every installed game that declares an action space, at its fewest and its most players, the
same random games are played three ways, and the CPU time per action (decisions and chance
outcomes) is reported:

* **bare**: bgkit's State API (``current_player``, ``legal_actions``, ``apply``; chance by
  ``chance_pick``), a uniformly random legal action each decision: the floor.
* **openspiel**: the OpenSpiel game ``bgkit_<id>`` (``current_player``, ``legal_actions``,
  ``apply_action``; chance by ``chance_outcomes``), which narrates every action through bgkit's
  driver for the seats' information states, and checks each action id is legal.
* **pettingzoo**: the AEC environment, ``last()`` (the action mask and the observation tensor)
  before every ``step``, chance resolved inside ``step``. The random policy picks among the legal
  ids the mask marks without scanning the mask, whose scan is the policy's cost, not the
  environment's (Bridge Troll's mask has a million entries at 6 players).

The ratio is adapter / bare (target: at most 2). Nothing here asserts a speed (docs/design.md)::

    python benchmarks/interop.py                 # 2 s a figure
    python benchmarks/interop.py --quick         # 0.3 s a figure
    python benchmarks/interop.py --format json   # one JSON document on stdout
"""

from __future__ import annotations

import argparse
import json
import random
import time


def bare(table, seed: int) -> int:
    """One random game through the State API; the actions applied."""
    rng = random.Random(seed)
    state = table.start().state
    legal, apply = table.runtime.turn_functions(type(state))
    actions = 0
    while not state.is_terminal():
        if state.is_chance():
            action = state.chance_pick(rng.random())
        else:
            action = rng.choice(legal(state))
        apply(state, action)
        actions += 1
    return actions


def openspiel(game, seed: int) -> int:
    """One random game through the OpenSpiel adapter; the actions applied."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, probabilities)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions += 1
    return actions


def pettingzoo(environment, seed: int) -> int:
    """One random game through the PettingZoo environment; the actions applied (chance included)."""
    rng = random.Random(seed)
    environment.reset()
    for agent in environment.agent_iter():
        _, _, terminated, truncated, _ = environment.last()
        environment.step(None if terminated or truncated else rng.choice(environment.play.legal_ids()))
    return len(environment.play.log)


def per_action(play, subject, seconds: float) -> tuple[float, int]:
    """CPU microseconds per action over games played until ``seconds`` of CPU have passed."""
    actions, games = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        actions += play(subject, games)
        games += 1
    return (time.process_time() - start) / actions * 1e6, games


def measure(seconds: float) -> list[dict]:
    from bgkit.interop import openspiel as adapter
    from bgkit.interop.pettingzoo import env
    from bgkit.interop.session import adaptable, table_for

    rows = []
    for game in adaptable()[0]:
        info = game.info
        for players in sorted({info.min_players, info.max_players}):
            table = table_for(info.id, players, 1)
            floor, games = per_action(bare, table, seconds)
            spiel, _ = per_action(openspiel, adapter.load(info.id, players, seed=1), seconds)
            zoo, _ = per_action(pettingzoo, env(info.id, players=players, seed=1), seconds)
            rows.append({"game": info.id, "players": players, "bare_us": round(floor, 2), "openspiel_us": round(spiel, 2),
                         "openspiel_ratio": round(spiel / floor, 2), "pettingzoo_us": round(zoo, 2),
                         "pettingzoo_ratio": round(zoo / floor, 2), "bare_games": games})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="0.3 s of CPU a figure instead of 2")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    rows = measure(0.3 if args.quick else 2.0)
    if args.format == "json":
        print(json.dumps({"clock": "cpu", "unit": "microseconds per action", "rows": rows}, indent=1))
        return
    print(f"{'game':<12} {'p':>2} {'bare us':>9} {'openspiel us':>13} {'x':>6} {'pettingzoo us':>14} {'x':>6}")
    for row in rows:
        print(f"{row['game']:<12} {row['players']:>2} {row['bare_us']:>9.2f} {row['openspiel_us']:>13.2f} "
              f"{row['openspiel_ratio']:>6.2f} {row['pettingzoo_us']:>14.2f} {row['pettingzoo_ratio']:>6.2f}")


if __name__ == "__main__":
    main()
