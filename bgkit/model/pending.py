"""The pending-decision stack: a multi-step choice offered as a series of small decisions.

A rule that makes a player choose several things ("pay 5 with cards of one colour", "load three
barges", "the Church: take a tile, then maybe another") is never offered as a list of every subset:
the number of subsets explodes, a person cannot read them and a search cannot learn from them.
Instead the state pushes a *frame* saying what is being decided, and its legal actions become one
small step at a time — ``pay 3:blue``, ``pay 2:wild``, ``done`` — until the frame is popped.
The top frame is what the player decides next; a step may push another frame on top (a building
placed that triggers its own effect).

A frame is a tuple: its kind first (a small int or short text of the game's), then its data. Keep
the data small and immutable (ints, tuples of ints) so a clone copies the stack cheaply; a
frame that accumulates choices is replaced by ``replace_top``.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator


class Pending:
    """The stack of follow-up decisions, top last."""

    __slots__ = ("frames",)

    def __init__(self, frames: Iterable[tuple[Any, ...]] = ()):
        self.frames: list[tuple[Any, ...]] = list(frames)

    def __bool__(self) -> bool:
        return bool(self.frames)

    def __len__(self) -> int:
        return len(self.frames)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.frames)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and other.frames == self.frames

    def __repr__(self) -> str:
        return f"Pending({self.frames!r})"

    def push(self, kind: Hashable, *data: object) -> None:
        """Ask the player a follow-up next: ``push(PAY, colour, amount_left)``."""
        self.frames.append((kind, *data))

    def top(self) -> tuple[Any, ...] | None:
        """The frame decided next, or None when nothing is pending."""
        return self.frames[-1] if self.frames else None

    def pop(self) -> tuple[Any, ...]:
        """The decision is complete: remove and return the top frame."""
        return self.frames.pop()

    def replace_top(self, kind: Hashable, *data: object) -> None:
        """One step of the top decision taken: the frame with what is left to decide."""
        self.frames[-1] = (kind, *data)

    def clear(self) -> None:
        self.frames.clear()

    def clone(self) -> "Pending":
        other = Pending.__new__(Pending)
        other.frames = self.frames[:]  # frames are immutable tuples
        return other

    def to_list(self) -> list[list[Any]]:
        """JSON-able: each frame as a list."""
        return [_to_json(frame) for frame in self.frames]

    @classmethod
    def from_list(cls, data: Iterable[Iterable[Any]]) -> "Pending":
        return cls(_to_tuple(frame) for frame in data)


def _to_json(value: Any) -> Any:
    return [_to_json(v) for v in value] if isinstance(value, (tuple, list)) else value


def _to_tuple(value: Any) -> Any:
    return tuple(_to_tuple(v) for v in value) if isinstance(value, (tuple, list)) else value
