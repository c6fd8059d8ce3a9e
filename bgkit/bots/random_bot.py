"""The random bot: a uniformly random legal action (the baseline every bot must beat)."""

from __future__ import annotations

import random
from typing import Any

from bgkit.engine.params import check_params
from bgkit.engine.match import BaseSeat, Decision
from bgkit.engine.runtime import Runtime


class RandomBot(BaseSeat):
    trusted = True  # a core bot: it picks from the legal list, the engine need not check

    def __init__(self, runtime: Runtime, seed: int, **params: str):
        check_params("random", params, set())
        self.runtime = runtime
        self.rng: random.Random = random.Random(seed)
        # The engine hands a seat with ``pick`` the legal actions alone, with no Decision around
        # them: the same choice, from the same stream.
        self.pick = self.rng.choice

    def choose(self, decision: Decision) -> Any:
        return self.rng.choice(decision.actions)  # it needs no state: no determinisation is made
