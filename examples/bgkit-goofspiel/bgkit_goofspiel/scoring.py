"""Goofspiel's score sheet: the prize cards each player won; the most prize points wins. One
scoring for the table and for played games (a finished game exports its sheet)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit.api import Field, ScoreResult, Sheet, build_result, check_one_of_each

if TYPE_CHECKING:  # the table half imports no engine (spec.py)
    from bgkit_goofspiel.state import GoofState


def sheet_fields(components: None, players: int) -> list[Field]:
    return [Field("prizes", "the prize cards this player won", kind=list, minimum=1, maximum=13, max_items=13)]


def check_sheet(components: None, sheet: Sheet) -> None:
    check_one_of_each(sheet, "prizes", "prize card")


# A prize card listed twice stays wrong whatever else is typed: the prompt says so at once.
check_partial_sheet = check_sheet


def score_sheet(components: None, sheet: Sheet) -> ScoreResult:
    table = [{"prizes": sum(values["prizes"])} for values in sheet.players]
    return build_result(sheet.game, sheet.names, table)


def sheet_from_state(components: None, state: GoofState) -> dict[str, Any]:
    return {"player": [{"name": f"Player {q + 1}", "prizes": list(state.won[q])} for q in range(state.num_players)]}
