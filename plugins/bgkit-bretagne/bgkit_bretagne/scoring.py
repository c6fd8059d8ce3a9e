"""Scoring a finished game of Bretagne from what is on the table (rule summary, "遊戲結束").

Points scored during play (returned workers, equipment cards, majorities, blueprint rewards) are
already on the score track. At the end each player adds:

* Pontivy: 4 / 2 / 1 points for the first, second and third place on the turn-order track;
* harbours: a harbour with one worker gives it 4 points, with two workers 2 each, with three or
  four workers 1 each (per worker, so a player with two of the workers there gets both shares);
* money: 1 point per 3 francs (rounded down).

No source gives a tie-break: tied players share the win (and the place).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from bgkit_bretagne.data import Components

if TYPE_CHECKING:  # bgkit's sheets are imported when a sheet is read or scored, never by `bgkit setup`
    from bgkit.api import Field, ScoreResult, Sheet

    from bgkit_bretagne.state import BretagneState

CATEGORIES = ("track", "Pontivy", "harbours", "money")
NO_TIEBREAK = "No source gives a tie-break for Bretagne: players tied on the total share the win."


def sheet_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field

    harbours = comp.board.harbours
    return [
        # the track laps, so there is no printed end; no game comes near 999 points or francs
        Field("track", "points on the score track at the end, before the end-game bonuses (laps included)",
              maximum=999),
        Field(
            "pontivy",
            f"final place on Pontivy's turn-order track (1 = first, up to {players})",
            minimum=1,
            maximum=players,
        ),
        Field(
            "harbours",
            f"the harbours (1-{harbours}, numbered clockwise from Lorient as bgkit setup shows them) where this "
            "player has a worker; repeat a number for each of their workers there",
            kind=list,
            minimum=1,
            maximum=harbours,
            default=[],
            max_items=comp.supply.worker_cubes,
        ),
        Field("francs", "francs (money) left at the end", maximum=999),
    ]


def check_sheet(comp: Components, sheet: Sheet) -> None:
    """Places at Pontivy are all different; no harbour holds more workers than the rules score."""
    from bgkit.api import Sheet, check_in_all, check_one_of_each

    places = Sheet(sheet.game, sheet.names, [{"pontivy": [values["pontivy"]]} for values in sheet.players])
    check_one_of_each(places, "pontivy", "Pontivy place")
    most = len(comp.final_scoring.harbour)
    for harbour in sorted({h for values in sheet.players for h in values["harbours"]}):
        held = [values["harbours"].count(harbour) for values in sheet.players]
        check_in_all(sheet, held, most, f"workers in harbour {harbour}", "harbours",
                     f"the end-game scoring goes up to {most} workers in a harbour")


def harbour_points(comp: Components, workers_per_player: list[list[int]]) -> list[int]:
    """Each player's harbour points, from every player's list of harbour numbers (one per worker)."""
    totals: Counter[int] = Counter(h for workers in workers_per_player for h in workers)
    table = comp.final_scoring.harbour
    return [sum(table[totals[h] - 1] for h in workers) for workers in workers_per_player]


def pontivy_points(comp: Components, place: int) -> int:
    table = comp.final_scoring.pontivy
    return table[place - 1] if place <= len(table) else 0


def money_points(comp: Components, francs: int) -> int:
    return francs // comp.final_scoring.francs_per_point


def score_sheet(comp: Components, sheet: Sheet) -> ScoreResult:
    from bgkit.api import build_result

    harbours = harbour_points(comp, [values["harbours"] for values in sheet.players])
    table = [
        {
            "track": values["track"],
            "Pontivy": pontivy_points(comp, values["pontivy"]),
            "harbours": harbours[index],
            "money": money_points(comp, values["francs"]),
        }
        for index, values in enumerate(sheet.players)
    ]
    return build_result(sheet.game, sheet.names, table, notes=[NO_TIEBREAK])


# -- a table in play read as a score sheet (the state only read, so no engine is imported) ------------


def pontivy_places(state: BretagneState) -> list[int]:
    """Each seat's place on Pontivy's track as it stands: those who passed first, then the rest in order."""
    track = state.next_order + [p for p in state.order if p not in state.next_order]
    places = [0] * state.num_players
    for i, p in enumerate(track):
        places[p] = i + 1
    return places


def harbour_list(state: BretagneState, p: int) -> list[int]:
    return [h + 1 for h, workers in enumerate(state.harb) for _ in range(workers[p])]


def sheet_values(state: BretagneState, p: int, places: list[int] | None = None) -> dict[str, Any]:
    places = places or pontivy_places(state)
    return {"track": state.vp[p], "pontivy": places[p], "harbours": harbour_list(state, p), "francs": state.francs[p]}


def sheet_from_state(comp: Components, state: BretagneState) -> dict[str, Any]:
    places = pontivy_places(state)
    return {"player": [{"name": f"Player {p + 1}", **sheet_values(state, p, places)} for p in range(state.num_players)]}
