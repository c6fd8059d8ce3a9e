"""A scored game: per-player categories, totals, ranking and the tie-breaker that decided.

Every game builds its :class:`ScoreResult` with :func:`rank`, so the tie-break chain is applied
and reported the same way everywhere (BG Stats style: total first, then the game's chain, then a
shared place).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from bgkit.model.records import record


def exact(value: float) -> float:
    """A float that is a whole number as an int (JSON shows 42, not 42.0); a true fraction stays.

    Games give whole points as ints in the first place: a float has already lost the last digits
    of a large number."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@record
class TieBreak:
    """One link of a game's tie-break chain: ``label`` is printed when it decides."""

    label: str
    values: Sequence[float]
    higher_wins: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", [exact(v) for v in self.values])


@dataclass
class ScoreResult:
    """The outcome of scoring a sheet.

    ``table[p][category]`` are points (or counts, for games not won on points) in ``categories``
    order; ``ranks`` start at 1 and tied players share a rank; ``winners`` may be empty when the
    rules give no winner; ``decided_by`` says what separated the winner (or why it is shared).
    """

    game: str
    names: list[str]
    categories: list[str]
    table: list[dict[str, float]]
    totals: list[float]
    ranks: list[int]
    winners: list[int]
    decided_by: str
    tiebreaks: list[TieBreak] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    total_label: str = "total"

    def __post_init__(self) -> None:
        self.table = [{category: exact(points) for category, points in row.items()} for row in self.table]
        self.totals = [exact(total) for total in self.totals]

    @property
    def outcome(self) -> "Outcome":
        """The ranking alone, as a finished :class:`bgkit.model.game.State` reports it."""
        return Outcome(tuple(self.ranks), tuple(self.winners), self.decided_by)

    def to_dict(self) -> dict[str, Any]:
        """For scripts: every player has ``total`` (what ranks them; ``total_label`` says what it
        counts, e.g. Blue Moon City's offerings, and is also a key of its own)."""
        return {
            "game": self.game,
            "categories": self.categories,
            "total_label": self.total_label,
            "players": [
                {
                    "name": name,
                    "scores": self.table[i],
                    "total": self.totals[i],
                    **({self.total_label: self.totals[i]} if self.total_label != "total" else {}),
                    "rank": self.ranks[i],
                    "winner": i in self.winners,
                    "tiebreaks": {tb.label: tb.values[i] for tb in self.tiebreaks},
                }
                for i, name in enumerate(self.names)
            ],
            "winners": [self.names[i] for i in self.winners],
            "decided_by": self.decided_by,
            "notes": self.notes,
        }


def stopped_result(game: str, names: Sequence[str], decisions: int) -> ScoreResult:
    """The result of a game stopped at its declared maximum length (``max_game_length``) before
    its rules ended it: no winner, every seat placed equal (a draw to tournaments and ratings), no
    points, and ``decided_by`` says so in one line."""
    n = len(names)
    return ScoreResult(
        game=game,
        names=list(names),
        categories=[],
        table=[{} for _ in range(n)],
        totals=[0] * n,
        ranks=[1] * n,
        winners=[],
        decided_by=stopped_text(decisions),
    )


def stopped_text(decisions: int) -> str:
    """What a stopped game's result says (see :func:`stopped_result`)."""
    return f"no winner: stopped after {decisions:,} decisions, the game's limit"


def rank(totals: Sequence[float], tiebreaks: Sequence[TieBreak] = ()) -> tuple[list[int], list[int], str]:
    """Rank players by total, then by each tie-breaker in turn.

    Returns ``(ranks, winners, decided_by)``. Players equal on the total and every tie-breaker
    share a rank; ``decided_by`` names the first criterion that separated the leaders, or says
    the win is shared.
    """
    n = len(totals)

    def key(i: int) -> tuple[float, ...]:
        return (totals[i],) + tuple(tb.values[i] if tb.higher_wins else -tb.values[i] for tb in tiebreaks)

    keys = [key(i) for i in range(n)]
    ranks = [1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n)]
    winners = [i for i in range(n) if ranks[i] == 1]

    return ranks, winners, _deciding_criterion(totals, tiebreaks)


def _deciding_criterion(totals: Sequence[float], tiebreaks: Sequence[TieBreak]) -> str:
    if len(totals) < 2:
        return "only player"
    leaders = [i for i in range(len(totals)) if totals[i] == max(totals)]
    if len(leaders) == 1:
        return "highest total"
    for tb in tiebreaks:
        best = (max if tb.higher_wins else min)(tb.values[i] for i in leaders)
        leaders = [i for i in leaders if tb.values[i] == best]
        if len(leaders) == 1:
            return f"tie-break: {tb.label}"
    tied_on = "the total and every tie-breaker" if tiebreaks else "the total (the game has no tie-breaker)"
    return f"shared win: {len(leaders)} players tied on {tied_on}"


def build_result(
    game: str,
    names: Sequence[str],
    table: list[dict[str, float]],
    tiebreaks: Sequence[TieBreak] = (),
    notes: Sequence[str] = (),
    totals: Sequence[float] | None = None,
    total_label: str = "total",
) -> ScoreResult:
    """Total the categories of ``table`` (in the order of its first row) and rank the players.

    Give whole points as ints: the totals are then exact ints too (a float is kept only where a
    game's points are truly fractions). A game won on one count with others shown beside it
    (Blue Moon City: offerings, with crystals and scales) gives its ``totals`` and their
    ``total_label``; a game whose ending changes the ranking sets the result's fields after."""
    categories = list(table[0]) if table else []
    totals = [sum(row.values()) for row in table] if totals is None else list(totals)
    ranks, winners, decided_by = rank(totals, tiebreaks)
    return ScoreResult(
        game=game,
        names=list(names),
        categories=categories,
        table=table,
        totals=totals,
        ranks=ranks,
        winners=winners,
        decided_by=decided_by,
        tiebreaks=list(tiebreaks),
        notes=list(notes),
        total_label=total_label,
    )


@record
class Outcome:
    """How a finished game ended: ``ranks`` start at 1 (tied players share one), ``winners`` may be
    empty (a game that ends with no winner), ``decided_by`` names what separated the winners.

    Bots and tournaments use it rather than raw points, so a game's tie-breaks and its no-winner
    endings count as the rules say.
    """

    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: str

    def rewards(self) -> list[float]:
        """Each seat's share of the opponents it placed above (ties count half): 1 for a sole
        winner, 0 for sole last. A game with no winner ranks its players as it says; when it
        ranks them all equal, every seat gets 0.5, as in a draw."""
        ranks = self.ranks
        n = len(ranks)
        if n < 2:
            return [1.0] * n
        return [(sum(1.0 for s in ranks if s > r) + 0.5 * (sum(1 for s in ranks if s == r) - 1)) / (n - 1) for r in ranks]


def outcome_of(totals: Sequence[float], tiebreaks: Sequence[TieBreak] = ()) -> Outcome:
    """The outcome of a ranking by ``totals`` and then each tie-breaker (see :func:`rank`)."""
    ranks, winners, decided_by = rank(totals, tiebreaks)
    return Outcome(tuple(ranks), tuple(winners), decided_by)
