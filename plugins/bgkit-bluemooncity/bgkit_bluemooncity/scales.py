"""The golden-scale exchange, done at once when the last scale is taken from the supply [RB p2-3].

- the single player with the most scales gets 6 crystals;
- players tied for the most get 3 crystals each;
- every other player with 3 or more scales gets 3 crystals;
- players with fewer than 3 scales get nothing.

Only players who got crystals return their scales to the supply; the others keep theirs. Counts
include "virtual" scales owed when the supply was already empty. The published Kosmos/FFG rule;
Knizia's original had everyone discard. The play engine calls :func:`exchange` when the supply
runs out; nothing else in the game converts scales.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

SOLE_MOST = 6
TIED_MOST = 3
OTHERS = 3
OTHERS_MINIMUM = 3


@dataclass(frozen=True)
class Exchange:
    """The result, seat by seat: crystals gained, and scales each player keeps afterwards."""

    crystals: tuple[int, ...]
    kept: tuple[int, ...]


def exchange(scales: Sequence[int]) -> Exchange:
    """Exchange every player's scales (virtual ones included) for crystals."""
    if any(s < 0 for s in scales):
        raise ValueError(f"scale counts cannot be negative: {list(scales)}")
    most = max(scales, default=0)
    leaders = [i for i, s in enumerate(scales) if s == most and s > 0]
    crystals = []
    for i, s in enumerate(scales):
        if i in leaders:
            crystals.append(SOLE_MOST if len(leaders) == 1 else TIED_MOST)
        elif s >= OTHERS_MINIMUM:
            crystals.append(OTHERS)
        else:
            crystals.append(0)
    kept = tuple(0 if gained else s for gained, s in zip(crystals, scales))
    return Exchange(tuple(crystals), kept)
