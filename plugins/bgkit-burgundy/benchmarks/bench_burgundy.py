"""Speed of the Burgundy engine: random games per second, microseconds per decision, MCTS iterations.

Run: python plugins/bgkit-burgundy/benchmarks/bench_burgundy.py [games]
Random play straight on the State API (as the random bot and the MCTS rollouts use it).
"""

from __future__ import annotations

import random
import sys
import time

from bgkit_burgundy.game import Burgundy


def play_random(game, players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_state(game.setup(players, random.Random(seed), {"boards": "standard", "ruleset": "2011"}))
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            r, acc = rng.random(), 0.0
            for outcome, p in outcomes:
                acc += p
                if r < acc:
                    break
            state.apply(outcome)
        else:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    state.scores()
    return decisions


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    game = Burgundy()
    for players in (2, 3, 4):
        start = time.perf_counter()
        decisions = sum(play_random(game, players, seed) for seed in range(games))
        elapsed = time.perf_counter() - start
        print(f"{players} players: {games / elapsed:7.1f} random games/s, "
              f"{elapsed / decisions * 1e6:5.1f} us per decision (incl. chance), {decisions / games:.0f} decisions/game")
    from bgkit.bots.mcts import MctsBot
    from bgkit.game import GameInfo
    from bgkit.rules import Rules

    game.info = GameInfo(id="burgundy", name="burgundy", min_players=2, max_players=4, loader="")
    state = game.new_state(game.setup(4, random.Random(1), {"boards": "standard", "ruleset": "2011"}))
    rng = random.Random(2)
    while state.is_chance():
        state.apply(rng.choice(state.chance_outcomes())[0])
    bot = MctsBot(Rules(game), 1, iterations="400")
    start = time.perf_counter()
    bot.choose(state, state.current_player())
    elapsed = time.perf_counter() - start
    print(f"MCTS (default depth 60, 4 players): {400 / elapsed:.0f} iterations/s")


if __name__ == "__main__":
    main()
