"""OpenSpiel's bots as seats, registered like any plugin's bots: ``openspiel:ismcts`` and
``openspiel:mcts`` (:mod:`bgkit.interop.bots`, imported only when a seat is built, so OpenSpiel
stays an optional extra and start-up imports none of it)."""

from __future__ import annotations

from typing import Any

from bgkit.plugins.hookspecs import hookimpl


def _openspiel_ismcts(rules: Any, seed: int, **params: str) -> Any:
    from bgkit.interop.bots import openspiel_bot

    return openspiel_bot("ismcts", rules, seed, **params)


def _openspiel_mcts(rules: Any, seed: int, **params: str) -> Any:
    from bgkit.interop.bots import openspiel_bot

    return openspiel_bot("mcts", rules, seed, **params)


@hookimpl
def bgkit_register_bots(register: Any) -> None:
    register("openspiel:ismcts", _openspiel_ismcts, "OpenSpiel's IS-MCTS (bgkit[openspiel]); iterations=N (default 200), seconds=T, c=2")
    register("openspiel:mcts", _openspiel_mcts, "OpenSpiel's MCTS on one determinisation (bgkit[openspiel]); iterations=N (default 200), c=2")
