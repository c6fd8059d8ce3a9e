"""The flow runner: the loop every game with chance, forced steps and multi-step choices needs.

A game of cards and dice keeps three things besides its board: a queue of chance events still to
happen (dice to roll, tiles to draw), the stack of multi-step choices a player is in the middle of
(:class:`~bgkit.model.pending.Pending`), and whose turn it is. After every action the game must resolve
whatever needs nobody's choice — a draw with one kind of tile left, a frame with a single step, the
end of a round — until a player, chance or the end of the game is next. :class:`Flow` is that
loop, written once; a game says only what is particular to it:

- ``self.chance`` (a list, the head decided next) and ``self.pending`` (a ``Pending``) are the
  queue and the stack; ``self.cur`` is who decides now (a seat, :data:`CHANCE` or
  :data:`TERMINAL`), set by :meth:`Flow.run`, never by hand.
- :meth:`Flow.step` is the game's own flow when neither chance nor a pending frame is waiting:
  it returns the seat that decides now (or ``TERMINAL``), or takes one step that needs no
  decision (end a turn, score a round) and returns ``None`` so the loop looks again.
- :meth:`Flow.settle_chance` and :meth:`Flow.settle_frame` take a step nobody has to choose
  (a draw with one possible outcome, a frame with nothing left to decide) and return True.
- a decision is dispatched from the top of the pending stack, as TAG's extended-action sequences
  do: each kind of frame has a pair of functions in :attr:`Flow.frame_rules`, one listing its
  legal steps and one applying a step; with no frame the game's ``turn_actions``/``apply_turn``
  serve. Chance outcomes come to ``apply_chance`` with the event they resolve.

The state stays plain data the game defines (``clone`` and ``to_dict`` copy ``chance``,
``pending`` and ``cur`` like any other field); Flow adds no fields of its own.
"""

from __future__ import annotations

import abc
from typing import Any, Callable, ClassVar

from bgkit.model.game import CHANCE, Action, State
from bgkit.model.pending import Pending

#: For one kind of frame: the legal steps ``(state, frame) -> list`` and the step applied
#: ``(state, frame, action) -> None``.
#: A frame or a chance event: a tuple, its kind first.
Step = tuple[Any, ...]
FrameRule = tuple[Callable[[Any, Step], list[Action]], Callable[[Any, Step, Action], None]]


class Flow(State):
    """A state that runs itself between decisions; see the module docstring."""

    __slots__ = ()

    chance: list[Step]
    pending: Pending
    cur: int

    #: Each kind of pending frame (its first item) and the rule that serves it.
    frame_rules: ClassVar[dict[Any, FrameRule]] = {}

    # -- who decides -------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.cur

    def run(self) -> None:
        """Resolve what needs nobody's choice until a decision, a chance event or the end comes."""
        while True:
            chance = self.chance
            if chance:
                if self.settle_chance(chance[0]):
                    continue
                self.cur = CHANCE
                return
            frames = self.pending.frames
            if frames:
                top = frames[-1]
                if self.settle_frame(top):
                    continue
                self.cur = self.frame_player(top)
                return
            who = self.step()
            if who is not None:
                self.cur = who
                return

    @abc.abstractmethod
    def step(self) -> int | None:
        """The game's flow with no chance and no frame waiting: the seat that decides now (or
        TERMINAL), or None after taking one step that needed no decision."""

    def settle_chance(self, event: Step) -> bool:
        """Resolve the chance event at the head of the queue when it has one possible outcome (or
        none), popping it; True if it did. By default every event is left to chance."""
        return False

    def settle_frame(self, frame: Step) -> bool:
        """Take the top frame's step when there is nothing to choose (or pop a frame with nothing
        left to decide); True if it did. By default every frame is asked."""
        return False

    def frame_player(self, frame: Step) -> int:
        """The seat deciding the top frame: by default the frame's second item."""
        seat: int = frame[1]
        return seat

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        frames = self.pending.frames
        if frames:
            top = frames[-1]
            return self.frame_rules[top[0]][0](self, top)
        return self.turn_actions()

    def apply(self, action: Action) -> None:
        if self.cur == CHANCE:
            self.apply_chance(self.chance.pop(0), action)
        else:
            frames = self.pending.frames
            if frames:
                top = frames[-1]
                self.frame_rules[top[0]][1](self, top, action)
            else:
                self.apply_turn(action)
        self.run()

    @abc.abstractmethod
    def turn_actions(self) -> list[Action]:
        """The legal actions when no multi-step choice is pending."""

    @abc.abstractmethod
    def apply_turn(self, action: Action) -> None:
        """Apply an action chosen when no multi-step choice was pending."""

    @abc.abstractmethod
    def apply_chance(self, event: Step, outcome: Action) -> None:
        """Apply the outcome of ``event``, already taken off the head of the chance queue."""
