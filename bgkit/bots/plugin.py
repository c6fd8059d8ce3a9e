"""The core's bots, registered like any plugin's: random, greedy, mcts and ismcts (imported when used).

OpenSpiel's bots are registered by the layer that adapts OpenSpiel, :mod:`bgkit.interop.plugin`."""

from __future__ import annotations

from typing import Any

from bgkit.plugins.hookspecs import hookimpl


def _random(rules: Any, seed: int, **params: str) -> Any:
    from bgkit.bots.random_bot import RandomBot

    return RandomBot(rules, seed, **params)


def _greedy(rules: Any, seed: int, **params: str) -> Any:
    from bgkit.bots.greedy import GreedyBot

    return GreedyBot(rules, seed, **params)


def _mcts(rules: Any, seed: int, **params: str) -> Any:
    from bgkit.bots.mcts import MctsBot

    return MctsBot(rules, seed, **params)


def _ismcts(rules: Any, seed: int, **params: str) -> Any:
    from bgkit.bots.ismcts import IsmctsBot

    return IsmctsBot(rules, seed, **params)


@hookimpl
def bgkit_register_bots(register: Any) -> None:
    register("random", _random, "uniformly random legal actions")
    register("greedy", _greedy, "one-ply: the action whose result the game's heuristic likes best")
    register("mcts", _mcts, "UCT search; iterations=N (default 400), seconds=T (wall clock), cpu=T (processor time, summed over workers), depth=D (default: the game's, usually 60), c=1.4, bias=1, workers=W (processes, default 1)")
    register("ismcts", _ismcts, "information-set MCTS (one tree over the seat's information sets); the same parameters as mcts")
