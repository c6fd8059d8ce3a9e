"""The greedy bot: one ply, the action after which the game's heuristic looks best for it."""

from __future__ import annotations

import random
from typing import Any

from bgkit.engine.params import check_params
from bgkit.engine.match import BaseSeat, Decision
from bgkit.engine.runtime import Runtime


class GreedyBot(BaseSeat):
    trusted = True  # a core bot: it picks from the legal list, the engine need not check

    def __init__(self, runtime: Runtime, seed: int, **params: str):
        check_params("greedy", params, set())
        self.runtime = runtime
        self.rng: random.Random = random.Random(seed)  # the engine draws this seat's determinisation from it too

    def choose(self, decision: Decision) -> Any:
        seen, player = decision.state, decision.player
        runtime = self.runtime
        # the runtime's functions: a finished game rated as it will be reported (a house rule included)
        functions = runtime.functions(type(seen))
        heuristic, apply = functions.heuristic, functions.apply
        best: list[Any] = []
        best_value = float("-inf")
        for action in decision.actions:
            after = seen.clone()
            apply(after, action)
            value = heuristic(after, player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)
