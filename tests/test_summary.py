"""The streaming tournament summary: the same figures as from a list of every game, in constant memory."""

import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.terminal.render import score_histograms
from bgkit.tournaments.summary import Summary, median_of_counts, wilson_interval
from bgkit.tournaments.tournament import GameRecord


def reference(records, labels, seed, game_id):
    """The summary as bgkit computed it before it streamed: from lists of every score and rank."""
    seats = {}
    for label in labels:
        scores = [r.scores[r.seats.index(label)] for r in records]
        ranks = [r.ranks[r.seats.index(label)] for r in records]
        wins = sum(1 for r in records if label in r.winners)
        shared = sum(1 for r in records if label in r.winners and len(r.winners) > 1)
        low, high = wilson_interval(wins, len(records))
        seats[label] = {
            "games": len(records),
            "wins": wins,
            "shared_wins": shared,
            "win_rate": round(wins / len(records), 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.fmean(scores), 3),
            "median_score": statistics.median(scores),
            "mean_rank": round(statistics.fmean(ranks), 3),
        }
    return {
        "summary": True,
        "game": game_id,
        "seed": seed,
        "games": len(records),
        "mean_decisions": round(statistics.fmean(r.decisions for r in records), 1),
        "seats": seats,
    }


def games(labels):
    """Random finished games of ``labels``, rotated, with whole-number scores and ties."""

    def record(index, scores, decisions):
        k = len(labels)
        seats = [labels[(p + index) % k] for p in range(k)]
        ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
        winners = [seat for seat, rank in zip(seats, ranks) if rank == 1]
        return GameRecord(index, "g", 1, {}, seats, [float(s) for s in scores], ranks, winners, decisions)

    one = st.tuples(st.lists(st.integers(-5, 200), min_size=len(labels), max_size=len(labels)), st.integers(1, 500))
    return st.lists(one, min_size=1, max_size=60).map(lambda rows: [record(i, s, d) for i, (s, d) in enumerate(rows)])


LABELS = ["mcts", "greedy", "random"]


@settings(max_examples=150, deadline=None)
@given(games(LABELS))
def test_streamed_summary_is_the_summary_of_the_whole_list(records):
    summary = Summary(LABELS, 1, "g")
    for record in records:
        summary.add(record)
    assert summary.to_dict() == reference(records, LABELS, 1, "g")


@given(st.lists(st.integers(-50, 50) | st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=40))
def test_median_from_counts_is_statistics_median(values):
    from collections import Counter

    assert median_of_counts(Counter(values)) == statistics.median(values)


def test_memory_holds_one_count_per_distinct_score_not_one_per_game():
    summary = Summary(["a", "b"], 1, "g")
    for index in range(20_000):
        score = float(index % 37)
        summary.add(GameRecord(index, "g", 1, {}, ["a", "b"], [score, 36 - score], [1, 2], ["a"], 10))
    assert summary.games == 20_000
    assert len(summary.score_counts("a")) == 37 and sum(summary.score_counts("a").values()) == 20_000
    assert summary.to_dict()["seats"]["a"]["median_score"] == 18.0


def test_histograms_are_plain_ascii_off_a_terminal_and_blocks_on_one():
    from collections import Counter

    counts = {"mcts": Counter({140.0: 3, 150.0: 9, 160.0: 2}), "random": Counter({30.0: 5, 40.0: 1})}
    plain = score_histograms(counts, fancy=False).plain
    assert plain.isascii()
    lines = plain.splitlines()
    assert lines[1].startswith("mcts   |") and lines[2].startswith("random |")
    assert "@" in lines[1] and "@" in lines[2]  # each seat's most common score is a full bar
    assert lines[-1].split() == ["30", "160"]  # the shared axis
    fancy = score_histograms(counts, fancy=True).plain
    assert "█" in fancy and "│" in fancy
