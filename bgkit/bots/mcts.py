"""Monte Carlo tree search: UCT over the deciding player's actions, for any number of players.

* **Per-player returns**: each node keeps the total reward of every seat; a seat choosing at a
  node maximises its own, so 2–4 player point games work without a zero-sum assumption.
* **Chance-aware, open loop**: chance outcomes are sampled with their probabilities as the search
  walks down; the tree is keyed by decisions, so one node averages over dice and draws.
* **No peeking**: the engine hands the bot a decision, not the true state; every iteration searches
  a fresh determinisation (``decision.sample(rng)``), which depends only on what the seat sees.
* **Sealed stages, decoupled**: where players choose at the same time, each of them selects from
  statistics of their own kept at the node where the stage starts (decoupled UCT), so a later
  chooser's statistics never depend on an earlier chooser's hidden choice; the node below is
  keyed by the choices together.
* **Playouts**: a rollout plays ``state.rollout_action(rng)`` for every seat (a uniformly random
  legal action unless the game gives a rule of thumb of its own; random when plugins extend the
  turn hooks, whose legal actions the game's rule does not know).
* **Budget**: ``iterations=N``, ``seconds=T`` (wall clock) and/or ``cpu=T`` (processor time, summed
  over the workers; :mod:`bgkit.bots.budget` says which to use when) — whichever ends first — and never more than
  ``MAX_ITERATIONS`` a decision: the tree grows by a node every iteration, so no budget, not even a
  long ``seconds``, can fill the machine's memory. ``depth=D`` cuts a rollout after D decisions
  and rates the seats by the game's heuristic. With ``iterations`` only, the bot is fully
  reproducible from its seed. Without ``depth``, a rollout plays the game's ``State.rollout_depth``
  decisions (60 unless the game sets its own).
* **Progressive bias** (``bias=B``, default 1, 0 turns it off): a new node rates its actions one
  ply ahead with the game's heuristic (as the greedy bot does); that rating orders expansion and
  adds ``B * rating / (visits + 1)`` to UCT, so the search starts from greedy's judgement and
  outgrows it as visits accumulate.
* **Macro-actions** (``macros=1``; off by default: benchmarks/README.md found no gain yet): where
  the game's advisor declares ``macros(state)`` (a choice that takes
  several decisions of one player in a row, such as paying a box card by card), a node's children
  are those whole sequences (:class:`Macro`), each applied whole, rated whole by the bias, and drawn
  whole in a random playout; the tree then spends its visits on what a payment buys instead of on
  the orders and halves of the same payment. At the real decision the bot plays a macro's first
  step and **follows the plan** at the next ones (no new search) as long as what it sees is what
  the step was planned to lead to: the search already chose the whole sequence, and a new search
  of the rest would spend the same budget again to decide what is decided. Anything unplanned (an
  undo, a view that differs) drops the plan and searches afresh (``follow=0``: a new search at
  every step, over the completions of the macro under way).

Rewards are rank-based: at the end of a game, the game's own outcome (its tie-breaks and
no-winner endings included) gives each seat the share of opponents it beats (ties count half);
a rollout cut short ranks the seats by the heuristic. Games scored in points of any scale need no
tuning. ``soft=T`` (T > 0) rates a cut rollout by the gaps instead: each seat gets the mean over its
opponents of a logistic of (its value - theirs) / T, so a playout that ends far ahead counts more
than one that ends just ahead, and the few playouts of a small budget say more (T is in the
heuristic's own units: for Blue Moon City's crystals, 6; benchmarks/README.md). Not used when a
plugin extends the scoring (the runtime's ``cut_rewards`` plays on to the end there).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from bgkit.bots.budget import Budget
from bgkit.bots.parallel import MOST_WORKERS, join_helpers, merge_stats, start_helpers, stop_helpers
from bgkit.engine.match import BaseSeat, Decision, sample_chance
from bgkit.engine.params import MOST_SECONDS, check_params, number_param
from bgkit.engine.runtime import Runtime, rank_rewards, soft_rewards  # noqa: F401  (also named here, as before)
from bgkit.model.game import CHANCE, State

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    LegalActions = Callable[[State], list[Any]]  # a state's legal actions, as the runtime resolved it
    Apply = Callable[[State, Any], Any]  # apply an action to a state in place


#: The most iterations a decision (``iterations=`` above it is refused): a tree of this many nodes
#: takes about 0.8 GB (measured on Goofspiel, where it is 2 minutes of search).
MAX_ITERATIONS = 1_000_000

SEALED = "sealed"  # children of a sealed stage are keyed (SEALED, choices in order)


class Macro(tuple):  # type: ignore[type-arg]
    """A multi-step choice of the game's ``Advisor.macros``: its actions in order, searched as one move."""

    __slots__ = ()


def whole(apply: Apply) -> Apply:
    """``apply`` for a node's moves when they are macros: every step of one, in order."""
    def apply_macro(state: State, macro: Any) -> None:
        for action in macro:
            apply(state, action)
    return apply_macro


def first_step(move: Any) -> Any:
    """The action a root move starts with (a macro's first step, else the move itself)."""
    return move[0] if type(move) is Macro else move


def planned_playout(macros: Callable[[State], Any], legal_actions: LegalActions) -> Callable[[State, random.Random], Any]:
    """A random playout's move for a game with macros and no playout rule: a macro drawn at random
    where the game offers some (its steps played in turn), else a random legal action. One per playout."""
    queue: list[Any] = []

    def move(state: State, rng: random.Random) -> Any:
        if queue:
            return queue.pop()
        plans = macros(state)
        if not plans:
            return rng.choice(legal_actions(state))
        plan = rng.choice(plans)
        queue.extend(reversed(plan[1:]))
        return plan[0]
    return move


class Node:
    __slots__ = ("children", "visits", "totals", "priors", "stage", "available")

    def __init__(self, players: int):
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 0  # how often its move could be chosen where it was (ISMCTS's UCB)
        self.totals = [0.0] * players
        self.priors: dict[Any, float] | None = None  # one-ply heuristic of each action, 0..1
        self.stage: dict[int, dict[Any, list[float]]] | None = None  # a sealed stage starting here: seat -> action -> [visits, reward]


class MctsBot(BaseSeat):
    trusted = True  # a core bot: it picks from the legal list, the engine need not check

    name = "mcts"

    def __init__(self, runtime: Runtime, seed: int, **params: str):
        check_params(self.name, params, {"iterations", "seconds", "cpu", "c", "depth", "bias", "workers", "macros", "follow", "soft"})
        seconds = number_param(params, "seconds", None, float, most=MOST_SECONDS)
        cpu = number_param(params, "cpu", None, float, most=MOST_SECONDS)
        self.iterations = number_param(params, "iterations", None if seconds or cpu else 400, most=MAX_ITERATIONS)
        self.seconds = seconds
        self.cpu = cpu  # processor seconds a decision, summed over the workers (bgkit.bots.budget)
        self.c = number_param(params, "c", 1.4, float)
        self.depth = number_param(params, "depth", None)  # None: the game's State.rollout_depth
        self.bias = number_param(params, "bias", 1.0, float, zero=True)
        self.workers = number_param(params, "workers", 1, most=MOST_WORKERS)
        self.macros = bool(number_param(params, "macros", 0, zero=True, most=1))  # 1: the game's macros searched whole
        self.follow = bool(number_param(params, "follow", 1, zero=True, most=1))  # 0: search again at a macro's every step
        self.soft = number_param(params, "soft", 0.0, float, zero=True)  # >0: a cut playout rated by value gaps
        self.runtime = runtime
        self.rng: random.Random = random.Random(seed)
        self.last_iterations = 0
        self.last_root: Node | None = None
        self.progress: Any = None  # a progress line to draw while thinking (at a table with people)
        self.plan: list[Any] = []  # the rest of the macro being played, next step first
        self.plan_view: Any = None  # what the seat should see when the plan's next step is due

    def at_table(self, seconds: float, progress: Any = None) -> None:
        """At a table with people (:mod:`bgkit.bots.table`): think at most ``seconds`` unless the
        spec set its own ``seconds=`` or ``cpu=``, and draw ``progress`` while thinking."""
        if self.seconds is None and self.cpu is None:
            self.seconds = seconds
        self.progress = progress

    def choose(self, decision: Decision) -> Any:
        actions, player = decision.actions, decision.player
        if self.plan:
            step = self._planned(decision)
            if step is not None:
                return step
        if len(actions) == 1:
            return actions[0]
        self.last_root = None  # the last decision's tree is not kept while the next one grows
        budget = Budget(MAX_ITERATIONS if self.iterations is None else self.iterations, self.seconds, self.progress,
                        cpu=self.cpu, workers=self.workers)
        helpers = start_helpers(self, decision, budget) if self.workers > 1 else []
        try:
            root, sealed, done = self.grow(decision, budget)
            stats = self.root_stats(root, player, sealed)
            for helped, theirs in join_helpers(helpers):
                done += helped
                stats = merge_stats(stats, theirs)
        finally:
            budget.close()
            stop_helpers(helpers)
        self.last_iterations = done
        self.last_root = root  # the search tree of the last decision, for analysis and tests
        legal = set(actions)
        best = max((a for a in stats if first_step(a) in legal), key=stats.__getitem__, default=None)
        if best is None:
            return self.rng.choice(actions)
        if type(best) is Macro and len(best) > 1 and self.follow:
            self._make_plan(decision, best)
        return first_step(best)

    def _make_plan(self, decision: Decision, macro: Macro) -> None:
        """Keep ``macro``'s later steps, and what the seat will see when the second is due."""
        state = decision.sample(self.rng)
        self.runtime.functions(type(state)).apply(state, macro[0])
        self.plan, self.plan_view = list(macro[1:]), state.view(decision.player)

    def _planned(self, decision: Decision) -> Any:
        """The plan's next step if this decision is the one it was planned for, else None (the plan dropped)."""
        step = self.plan.pop(0)
        if step not in decision.actions or decision.view() != self.plan_view:
            self.plan = []
            return None
        if self.plan:
            state = decision.sample(self.rng)
            self.runtime.functions(type(state)).apply(state, step)
            self.plan_view = state.view(decision.player)
        return step

    def grow(self, decision: Decision, budget: Budget) -> tuple[Node | None, bool, int]:
        """Search until ``budget`` ends: the tree's root, whether it starts a sealed stage, iterations."""
        root: Node | None = None
        sealed, done = False, 0
        while budget.more(done):
            state = decision.sample(self.rng)
            if root is None:
                root = Node(state.num_players)
                sealed = state.is_sealed()
            self._iterate(root, state, decision.player)
            done += 1
        return root, sealed, done

    @staticmethod
    def root_stats(root: Node | None, player: int, sealed: bool) -> dict[Any, tuple[float, float]]:
        """Each root action's visits and the deciding player's total reward (what the move is chosen by)."""
        if root is None:
            return {}
        if sealed:  # my choice in a sealed stage: my own statistics at the root
            return {a: (visits, reward) for a, (visits, reward) in (root.stage or {}).get(player, {}).items()}
        return {a: (child.visits, child.totals[player]) for a, child in root.children.items()}

    def _iterate(self, root: Node, state: State, observer: int) -> None:
        rng = self.rng
        functions = self.runtime.functions(type(state))  # resolved once: no layer per call unless hooked
        legal_actions, apply = functions.legal_actions, functions.apply
        macros = functions.macros if self.macros else None
        path: list[Node] = []
        picks: list[tuple[list[float], int]] = []  # sealed-stage statistics to update: (entry, seat)
        node = root
        # Selection and expansion.
        while True:
            mover = state.current_player()
            while mover == CHANCE:
                apply(state, sample_chance(state, rng))
                mover = state.current_player()
            if mover < 0:
                break
            if state.is_sealed():
                key = self._sealed_stage(node, state, legal_actions, apply, picks)
                child = node.children.get(key)
                if child is None:
                    node.children[key] = child = Node(state.num_players)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            plans = macros(state) if macros is not None else None
            if plans:
                node, expanded = self._descend(node, state, mover, [Macro(p) for p in plans], whole(apply), observer)
            else:
                node, expanded = self._descend(node, state, mover, legal_actions(state), apply, observer)
            path.append(node)
            if expanded:
                break
        rewards = self._rollout(state, legal_actions, apply)
        root.visits += 1
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, reward in enumerate(rewards):
                totals[seat] += reward
        for entry, seat in picks:
            entry[0] += 1
            entry[1] += rewards[seat]

    def _descend(self, node: Node, state: State, mover: int, actions: list[Any], apply: Apply, observer: int) -> tuple[Node, bool]:
        """One step down the tree: the child ``mover`` picks (a new one if any is untried: True)."""
        if node.priors is None and self.bias:
            node.priors = self._priors(state, actions, mover, apply)
        untried = [a for a in actions if a not in node.children]
        if untried:
            action = self._most_promising(node, untried)
            child = node.children[action] = Node(state.num_players)
            apply(state, action)
            return child, True
        action = self._select(node, actions, mover)
        apply(state, action)
        return node.children[action], False

    def _sealed_stage(self, node: Node, state: State, legal_actions: LegalActions, apply: Apply, picks: list[tuple[list[float], int]]) -> tuple[str, tuple[Any, ...]]:
        """Play out a sealed stage from ``node``: each chooser picks from their own statistics."""
        if node.stage is None:
            node.stage = {}
        chosen: list[Any] = []
        while state.is_sealed():
            mover = state.current_player()
            table = node.stage.setdefault(mover, {})
            actions = legal_actions(state)
            untried = [a for a in actions if a not in table]
            if untried:
                action = self.rng.choice(untried)
                table[action] = [0, 0.0]
            else:
                action = self._select_own(table, actions)
            picks.append((table[action], mover))
            chosen.append(action)
            apply(state, action)
        return (SEALED, tuple(chosen))

    def _select_own(self, table: dict[Any, list[float]], actions: list[Any]) -> Any:
        """UCB1 over one chooser's own statistics (decoupled UCT)."""
        log_n = math.log(max(1, sum(table[a][0] for a in actions)))
        c = self.c
        best, best_value = actions[0], float("-inf")
        for action in actions:
            visits, reward = table[action]
            value = reward / visits + c * math.sqrt(log_n / visits) if visits else float("inf")
            if value > best_value:
                best, best_value = action, value
        return best

    def _select(self, node: Node, actions: list[Any], mover: int) -> Any:
        log_n = math.log(max(1, sum(node.children[a].visits for a in actions)))
        c, bias, priors = self.c, self.bias, node.priors or {}
        best, best_value = actions[0], float("-inf")
        for action in actions:
            child = node.children[action]
            value = child.totals[mover] / child.visits + c * math.sqrt(log_n / child.visits)
            if bias:  # progressive bias: the heuristic guides while visits are few, then fades
                value += bias * priors.get(action, 0.0) / (child.visits + 1)
            if value > best_value:
                best, best_value = action, value
        return best

    def _priors(self, state: State, actions: list[Any], mover: int, apply: Apply) -> dict[Any, float]:
        """How the game's heuristic rates each action one ply ahead, scaled to 0..1."""
        values = {}
        # the runtime's heuristic: a finished game rated as it will be reported (a house rule included)
        heuristic = self.runtime.functions(type(state)).heuristic
        for action in actions:
            after = state.clone()
            apply(after, action)
            values[action] = heuristic(after, mover)
        low, high = min(values.values()), max(values.values())
        span = high - low
        return {a: (v - low) / span if span else 0.5 for a, v in values.items()}

    def _most_promising(self, node: Node, untried: list[Any]) -> Any:
        """The untried action to expand: the heuristic's favourite, ties (and no bias) at random."""
        if not node.priors:
            return self.rng.choice(untried)
        best = max(node.priors.get(a, 0.0) for a in untried)
        return self.rng.choice([a for a in untried if node.priors.get(a, 0.0) == best])

    def _rollout(self, state: State, legal_actions: LegalActions, apply: Apply) -> list[float]:
        rng = self.rng
        # the runtime's functions, resolved once: the outcome as it will be reported (a house rule
        # included), the game's own playout move (None: a random legal one), the rating of a cut playout
        functions = self.runtime.functions(type(state))
        rewards, policy = functions.rewards, functions.rollout_action
        if policy is None and functions.macros is not None and self.macros:
            policy = planned_playout(functions.macros, legal_actions)
        decisions = 0
        # the hottest loop of the search: its calls looked up once (the same calls as sample_chance
        # and State.rollout_action make, drawing the same numbers)
        current, pick_chance, uniform, choice = functions.current_player, functions.chance_pick, rng.random, rng.choice
        depth = self.depth or functions.rollout_depth
        while decisions < depth:
            mover = current(state)
            if mover == CHANCE:
                apply(state, pick_chance(state, uniform()))
            elif mover < 0:
                return rewards(state)
            else:
                apply(state, choice(legal_actions(state)) if policy is None else policy(state, rng))
                decisions += 1
        if state.is_terminal():
            return rewards(state)
        return functions.cut_rewards(state, rng, self.soft)
