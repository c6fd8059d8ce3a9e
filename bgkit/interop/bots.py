"""OpenSpiel's search bots as bgkit seats: ``openspiel:ismcts[:iterations=N,seconds=T,cpu=T,c=C]`` and
``openspiel:mcts[:iterations=N,c=C]``, so ``bgkit play`` and ``bgkit arena`` rate them against
bgkit's own bots (``pip install bgkit[openspiel]``).

A seat is handed what any seat is (:class:`bgkit.engine.match.Decision`): its history as it was told it
and a determinisation drawn from its own stream. The search runs on the OpenSpiel game of
:mod:`bgkit.interop.openspiel` from that determinisation: IS-MCTS resamples it from the seat's
information state at every iteration (``resample_from_infostate``); OpenSpiel's MCTS, a perfect
information search, searches the one determinisation it is handed.
"""

from __future__ import annotations

import random
import time
from typing import Any

from bgkit.bots.budget import REDRAW
from bgkit.engine.params import MOST_SECONDS, check_params, number_param
from bgkit.engine.driver import Event
from bgkit.model.errors import BadInput
from bgkit.interop.session import Play, Table

#: The most simulations one decision may run (as bgkit's MCTS: a tree node per simulation).
MOST_SIMULATIONS = 1_000_000


def openspiel_bot(algorithm: str, runtime: Any, seed: int, **params: str) -> "OpenSpielSeat":
    """The factory behind ``openspiel:ALGORITHM``: BadInput in one line if OpenSpiel is missing."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise BadInput(f"seat openspiel:{algorithm} needs OpenSpiel: pip install 'bgkit[openspiel]'") from None
    return OpenSpielSeat(algorithm, runtime, seed, **params)


class _OutOfTime(Exception):
    """The search's time is up (raised where IS-MCTS samples its next world)."""


class OpenSpielSeat:
    """One seat played by OpenSpiel's IS-MCTS or MCTS, with a random-rollout evaluator."""

    wants_history = True

    def __init__(self, algorithm: str, runtime: Any, seed: int, **params: str):
        known = {"iterations", "c"} | ({"seconds", "cpu"} if algorithm == "ismcts" else set())
        check_params(f"openspiel:{algorithm}", params, known)
        self.algorithm = algorithm
        self.seconds = number_param(params, "seconds", None, float, most=MOST_SECONDS)
        self.cpu = number_param(params, "cpu", None, float, most=MOST_SECONDS)  # processor seconds a decision
        default = MOST_SIMULATIONS if self.seconds or self.cpu else 200
        self.iterations = number_param(params, "iterations", default, most=MOST_SIMULATIONS)
        self.c = number_param(params, "c", 2.0, float)
        self.runtime = runtime
        self.rng = random.Random(seed)  # the engine draws this seat's determinisations from it too
        self._games: dict[int, Any] = {}
        self.progress: Any = None  # a progress line to draw while thinking (at a table with people)

    def at_table(self, seconds: float, progress: Any = None) -> None:
        """At a table with people (:mod:`bgkit.bots.table`): IS-MCTS thinks at most ``seconds`` unless
        the spec set ``seconds=`` or ``cpu=``, with ``progress`` drawn while it thinks. OpenSpiel's
        MCTS has no clock: its ``iterations=`` budget (200 by default) is what bounds it."""
        if self.algorithm == "ismcts" and self.seconds is None and self.cpu is None:
            self.seconds = seconds
            self.progress = progress

    def _game(self, players: int) -> Any:
        """The OpenSpiel game this seat searches, made once per player count (its setup is never
        used: every search starts from the decision's determinisation)."""
        game = self._games.get(players)
        if game is None:
            from bgkit.interop.openspiel import BgkitGame

            table = Table(self.runtime.game.info.id, players, game=self.runtime.game)
            game = self._games[players] = BgkitGame({"players": players, "seed": 0}, table)
        return game

    def choose(self, decision: Any) -> Any:
        if len(decision.actions) == 1:
            return decision.actions[0]
        import numpy as np
        from open_spiel.python.algorithms import mcts

        state = decision.state
        game = self._game(state.num_players)
        events = [Event(told.number, told.player, told.text, None, told.text, told.reveal) for told in decision.history]
        root = game.new_initial_state()
        root.play = Play(game.table, state.clone(), events=events)
        numbers = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(1, numbers)
        chosen = self._search(game, root, evaluator, numbers)
        index = game.table.space.index
        return next(action for action in decision.actions if index(action) == chosen)

    def _search(self, game: Any, root: Any, evaluator: Any, numbers: Any) -> int:
        if self.algorithm == "mcts":
            from open_spiel.python.algorithms import mcts

            return int(mcts.MCTSBot(game, self.c, self.iterations, evaluator, random_state=numbers).step(root))
        from open_spiel.python.algorithms import ismcts

        bot = ismcts.ISMCTSBot(game, evaluator, self.c, self.iterations, random_state=numbers)
        start = time.monotonic()
        deadline = start + self.seconds if self.seconds else None
        cpu_deadline = time.process_time() + self.cpu if self.cpu else None

        redraw = [start]

        def out_of_time() -> bool:
            now = time.monotonic()
            if self.progress is not None and self.seconds and now >= redraw[0]:
                self.progress.show(now - start, self.seconds)
                redraw[0] = now + REDRAW
            return ((deadline is not None and time.monotonic() >= deadline)
                    or (cpu_deadline is not None and time.process_time() >= cpu_deadline))

        def resample(state: Any, player: int) -> Any:
            # OpenSpiel counts the root's visits from its second simulation on (the first only
            # evaluates the new root), and its final policy needs one: time runs out no earlier.
            if bot._root_node.total_visits > 0 and out_of_time():
                raise _OutOfTime
            return state.resample_from_infostate(player, numbers.uniform)

        bot.set_resampler(resample)
        try:
            policy = bot.run_search(root)
        except _OutOfTime:  # the tree searched so far decides, as at the end of run_search
            policy = bot.get_final_policy(root, bot._root_node)
        finally:
            if self.progress is not None:
                self.progress.clear()
        actions, probabilities = zip(*policy)
        return int(numbers.choice(actions, p=probabilities))
