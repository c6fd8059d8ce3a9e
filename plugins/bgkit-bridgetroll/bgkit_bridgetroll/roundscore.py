"""Round scoring ("得分/升级"): turning food and gold into victory points, as the rulebook scores it.

The rulebook (example 7 and the text before it):

* Spending food and gold cards gives as many points as the *smaller* of the two totals
  ("兑换的点数最高只能等于两种资源总值较低的一方"); a player may spend any selection of cards.
* A player whose bridge is closed this round may add stones to the smaller side, 2 stones for
  1 resource point, never to both sides and never past the larger side ("最多只能让两方的总值相等").
  An open bridge may not do this.

Worked example (example 7): 3 gold and 4 food on a closed bridge with stones: 2 stones lift the gold
to 4, so the cards score 4 points; more stones would not help.

Kept free of sheets and states so the play engine calls the same function.
"""

from __future__ import annotations

from dataclasses import dataclass

GOLD = "gold"
FOOD = "food"
STONES_PER_POINT = 2


@dataclass(frozen=True)
class Conversion:
    """The result of spending ``gold`` and ``food``: points, and the stones it took."""

    gold: int
    food: int
    points: int
    stones_used: int
    boosted: str  # "gold", "food" or "" when no stones were added
    boost: int  # resource points the stones added to the boosted side


def convert(gold: int, food: int, stones: int = 0, closed: bool = False) -> Conversion:
    """Score spending ``gold`` and ``food`` (the totals of the cards spent).

    ``stones`` is how many stones the player is willing to convert; only a ``closed`` bridge may
    convert them, 2 for 1 onto the smaller side, up to the larger side. Returns the most points,
    using as few stones as that takes.
    """
    for label, value in (("gold", gold), ("food", food), ("stones", stones)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{label} must be a whole number of at least 0, not {value!r}")
    smaller, larger = min(gold, food), max(gold, food)
    boost = min(stones // STONES_PER_POINT, larger - smaller) if closed else 0
    boosted = "" if boost == 0 else (GOLD if gold < food else FOOD)
    return Conversion(
        gold=gold,
        food=food,
        points=smaller + boost,
        stones_used=boost * STONES_PER_POINT,
        boosted=boosted,
        boost=boost,
    )
