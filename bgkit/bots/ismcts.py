"""Information-set MCTS (single observer; Cowling, Powley & Whitehouse 2012), beside ``mcts``.

The same search as :class:`bgkit.bots.mcts.MctsBot` (a fresh determinisation every iteration,
sealed stages decoupled, progressive bias, cut playouts, per-seat rank rewards) with the two
changes that make its tree one over the deciding seat's information sets:

* **Moves the seat cannot see are one node.** Where another seat makes a move that the deciding
  seat (the observer) is not shown, the move's child is keyed by what the observer is told
  (``public_text``: "P2 draws a card"), not by the move: the observer's later decisions in the
  tree then never depend on what it could not have seen. The mover picks among those classes by
  its own statistics and plays one move of the class at random (SO-ISMCTS with partially
  observable moves).
* **Availability counts.** A move is legal in some determinisations and not in others, so UCB's
  exploration term counts how often a child *could* have been chosen where it is
  (``sqrt(log(available) / visits)``), not how often its parent was visited.

A game's macro-actions (:class:`bgkit.bots.mcts.Macro`) are searched whole here too; a macro
another seat plays is hidden from the observer if any of its steps is (each step's audience read
at the state the macro starts from), and its class is then keyed by the steps' public texts.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from bgkit.bots.mcts import Macro, MctsBot, Node
from bgkit.model.game import State

if TYPE_CHECKING:  # pragma: no cover
    from bgkit.bots.mcts import Apply

HIDDEN = "hidden"  # children of moves the observer is not shown are keyed (HIDDEN, what it is told)


class IsmctsBot(MctsBot):
    name = "ismcts"

    def _descend(self, node: Node, state: State, mover: int, actions: list[Any], apply: Apply, observer: int) -> tuple[Node, bool]:
        classes = self._classes(state, mover, actions, observer)
        if node.priors is None and self.bias and classes is None:
            node.priors = self._priors(state, actions, mover, apply)
        keys = actions if classes is None else list(classes)
        children = node.children
        for key in keys:
            child = children.get(key)
            if child is not None:
                child.available += 1
        untried = [k for k in keys if k not in children]
        if untried:
            key = self._most_promising(node, untried) if classes is None else self.rng.choice(untried)
            child = children[key] = Node(state.num_players)
            child.available = 1
            expanded = True
        else:
            key = self._select_available(node, keys, mover)
            child, expanded = children[key], False
        apply(state, key if classes is None else self.rng.choice(classes[key]))
        return child, expanded

    def _classes(self, state: State, mover: int, actions: list[Any], observer: int) -> dict[Any, list[Any]] | None:
        """The mover's moves grouped as the observer sees them, or None when it sees every one."""
        if mover == observer:
            return None
        classes: dict[Any, list[Any]] = {}
        hidden = False
        for action in actions:
            steps = action if type(action) is Macro else (action,)
            audiences = [state.audience(step) for step in steps]
            if all(audience is None or observer in audience for audience in audiences):
                classes[action] = [action]
            else:
                hidden = True
                told = tuple(state.public_text(step) for step in steps)
                classes.setdefault((HIDDEN, told[0] if len(told) == 1 else told), []).append(action)
        return classes if hidden else None

    def _select_available(self, node: Node, keys: list[Any], mover: int) -> Any:
        """UCB1 with availability counts, plus the progressive bias of ``mcts``."""
        c, bias, priors = self.c, self.bias, node.priors or {}
        best, best_value = keys[0], float("-inf")
        for key in keys:
            child = node.children[key]
            value = child.totals[mover] / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if bias:
                value += bias * priors.get(key, 0.0) / (child.visits + 1)
            if value > best_value:
                best, best_value = key, value
        return best
