"""Tournament statistics computed as games stream in, in memory that does not grow with the games.

A :class:`Summary` is fed one game record at a time (``add``) and keeps, per seat spec, counts and
sums only: games, wins, shared wins, the sum of ranks, and the score distribution as value counts.
Scores are whole numbers in every game so far, so the value counts stay as small as the range of
scores, and they give the exact median (and the histograms of the text summary) without keeping a
list of scores. Its ``to_dict()`` is the same document the tournament summary always printed.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any, Iterable


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (sensible at 0 and n wins, unlike the normal one)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_of_counts(counts: Counter[float]) -> float:
    """The mean of a distribution given as value counts, exactly as ``statistics.fmean`` of the values.

    The sum is exact (fractions), so the result is the correctly rounded mean, as fmean's is.
    """
    n = sum(counts.values())
    total = sum((Fraction(value) * count for value, count in counts.items()), Fraction(0))
    return float(total) / n


def median_of_counts(counts: Counter[float]) -> float:
    """The median of a distribution given as value counts, exactly as ``statistics.median``."""
    n = sum(counts.values())
    if n == 0:
        raise ValueError("no values")
    values = sorted(counts)
    middle = n // 2  # the 0-based position of the upper middle value

    def at(position: int) -> float:
        seen = 0
        for value in values:
            seen += counts[value]
            if position < seen:
                return value
        raise AssertionError("position beyond the counts")

    if n % 2:
        return at(middle)
    return (at(middle - 1) + at(middle)) / 2


class SeatStats:
    """One seat spec's running figures."""

    __slots__ = ("games", "wins", "shared_wins", "rank_sum", "scores")

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0
        self.shared_wins = 0
        self.rank_sum = 0
        self.scores: Counter[float] = Counter()  # score value -> games

    def add(self, score: float, rank: int, won: bool, shared: bool) -> None:
        self.games += 1
        self.rank_sum += rank
        self.scores[score] += 1
        if won:
            self.wins += 1
            if shared:
                self.shared_wins += 1

    def to_dict(self, games: int) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, games)
        return {
            "games": games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "win_rate": round(self.wins / games, 4) if games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_score": round(mean_of_counts(self.scores), 3) if self.games else 0.0,
            "median_score": median_of_counts(self.scores) if self.games else 0.0,
            "mean_rank": round(self.rank_sum / self.games, 3) if self.games else 0.0,
        }


class Summary:
    """Per seat spec: games, wins (shared wins count), win rate and its 95% interval, scores, rank;
    and the games no seat won (``no_winner``: a game stopped at its maximum length is one).

    Feed it records (anything with ``seats``, ``scores``, ``ranks``, ``winners``, ``decisions``) in
    any order; the result does not depend on the order.
    """

    def __init__(self, labels: Iterable[str], master_seed: int, game_id: str) -> None:
        self.labels = list(labels)
        self.seed = master_seed
        self.game_id = game_id
        self.games = 0
        self.decision_sum = 0
        self.no_winner = 0  # games that ended with no winner (one stopped at its maximum length among them)
        self.seats = {label: SeatStats() for label in self.labels}

    def add(self, record: Any) -> None:
        self.games += 1
        self.decision_sum += record.decisions
        shared = len(record.winners) > 1
        self.no_winner += not record.winners
        winners = set(record.winners)
        for label, score, rank in zip(record.seats, record.scores, record.ranks):
            self.seats[label].add(score, rank, label in winners, shared)

    def score_counts(self, label: str) -> Counter[float]:
        """The score distribution of one seat spec: score -> number of games."""
        return self.seats[label].scores

    def to_dict(self) -> dict[str, Any]:
        return {
            "summary": True,
            "game": self.game_id,
            "seed": self.seed,
            "games": self.games,
            "mean_decisions": round(self.decision_sum / self.games, 1) if self.games else 0.0,
            **({"no_winner": self.no_winner} if self.no_winner else {}),  # said only when there are any
            "seats": {label: self.seats[label].to_dict(self.games) for label in self.labels},
        }
