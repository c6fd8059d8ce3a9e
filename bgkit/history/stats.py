"""Statistics of recorded plays (``bgkit stats``), computed from :class:`bgkit.history.records.Play` lists.

Pure functions over the plays a query returned, so they are tested without a database. A win is
rank 1, a shared win included (``shared_wins`` counts those apart, as the tournament table does).
Totals are compared only within one game: across games their scales differ, so mean, best and
worst total and the category means are given only when the plays are of one game.
"""

from __future__ import annotations

from statistics import fmean
from typing import Any, Iterable

from bgkit.history.records import Play, SeatRecord


def _who(seat: SeatRecord) -> str:
    return seat.player or seat.name


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def streaks(won: list[bool]) -> dict[str, Any]:
    """The current run of wins or losses (in the order given) and the longest of each."""
    longest = {True: 0, False: 0}
    run, last = 0, None
    for result in won:
        run = run + 1 if result == last else 1
        last = result
        longest[result] = max(longest[result], run)
    current = None if last is None else {"result": "win" if last else "loss", "length": run}
    return {"current": current, "longest_win": longest[True], "longest_loss": longest[False]}


def player_summary(name: str, plays: list[Play], one_game: bool) -> dict[str, Any]:
    """One player's record over ``plays`` (oldest first); totals only when ``one_game``."""
    mine = [(play, seat) for play in plays for seat in play.seats if _who(seat) == name]
    wins = [seat.winner for _, seat in mine]
    shared = sum(1 for play, seat in mine if seat.winner and len(play.winners) > 1)
    out: dict[str, Any] = {
        "name": name,
        "plays": len(mine),
        "wins": sum(wins),
        "shared_wins": shared,
        "win_rate": _round(sum(wins) / len(mine)) if mine else None,
        "mean_rank": _round(fmean(seat.rank for _, seat in mine)) if mine else None,
        "streaks": streaks(wins),
        "mean_total": None,
        "best": None,
        "worst": None,
        "mean_categories": None,
    }
    if one_game and mine:
        best = max(mine, key=lambda ps: (ps[1].total, ps[0].date))
        worst = min(mine, key=lambda ps: (ps[1].total, ps[0].date))
        out["mean_total"] = _round(fmean(seat.total for _, seat in mine))
        out["best"] = {"total": best[1].total, "play": best[0].id, "date": best[0].date}
        out["worst"] = {"total": worst[1].total, "play": worst[0].id, "date": worst[0].date}
        categories = _categories(play for play, _ in mine)
        out["mean_categories"] = {
            c: _round(fmean(seat.scores.get(c, 0) for _, seat in mine)) for c in categories
        }
    return out


def _categories(plays: Iterable[Play]) -> list[str]:
    """Every category the plays have, in the order they first appear."""
    seen: dict[str, None] = {}
    for play in plays:
        for category in play.categories:
            seen.setdefault(category, None)
    return list(seen)


def head_to_head(plays: list[Play], a: str, b: str) -> dict[str, Any]:
    """``a`` against ``b`` at the tables where both sat: who finished ahead, who won, the totals."""
    both = []
    for play in plays:
        seats = {_who(s): s for s in play.seats}
        if a in seats and b in seats:
            both.append((play, seats[a], seats[b]))
    one_game = len({play.game for play, _, _ in both}) == 1
    out: dict[str, Any] = {
        "player": a,
        "opponent": b,
        "plays": len(both),
        "ahead": sum(1 for _, x, y in both if x.rank < y.rank),
        "behind": sum(1 for _, x, y in both if x.rank > y.rank),
        "level": sum(1 for _, x, y in both if x.rank == y.rank),
        "wins": sum(1 for _, x, _ in both if x.winner),
        "opponent_wins": sum(1 for _, _, y in both if y.winner),
        "mean_total": _round(fmean(x.total for _, x, _ in both)) if both and one_game else None,
        "opponent_mean_total": _round(fmean(y.total for _, _, y in both)) if both and one_game else None,
        "play_ids": [play.id for play, _, _ in both],
    }
    return out


def summarize(plays: list[Play], game: str | None = None, player: str | None = None, vs: str | None = None) -> dict[str, Any]:
    """Everything ``bgkit stats`` shows, as JSON data; ``plays`` are already filtered, oldest first."""
    games: dict[str, dict[str, Any]] = {}
    for play in plays:
        entry = games.setdefault(play.game, {"game": play.game, "name": play.game_name, "plays": 0, "last_played": None})
        entry["plays"] += 1
        entry["last_played"] = max(entry["last_played"] or play.date, play.date)
    one_game = len(games) == 1
    names: dict[str, int] = {}
    for play in plays:
        for seat in play.seats:
            names[_who(seat)] = names.get(_who(seat), 0) + 1
    players = [player_summary(name, plays, one_game) for name in names]
    players.sort(key=lambda p: (-p["plays"], -p["wins"], p["name"].casefold()))
    total_wins = sum(p["wins"] for p in players)
    for p in players:
        p["win_share"] = _round(p["wins"] / total_wins) if total_wins else None
    timeline = None
    if one_game:
        timeline = [
            {"play": play.id, "date": play.date, "totals": {_who(s): s.total for s in play.seats}} for play in plays
        ]
    return {
        "filters": {"game": game, "player": player, "vs": vs},
        "plays": len(plays),
        "games": sorted(games.values(), key=lambda g: (-g["plays"], g["game"])),
        "one_game": one_game,
        "player": player,
        "players": players,
        "head_to_head": head_to_head(plays, player, vs) if player and vs else None,
        "timeline": timeline,
    }
