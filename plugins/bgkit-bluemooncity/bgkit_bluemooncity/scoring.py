"""The end-of-game result. Blue Moon City is won by offerings at the obelisk, not by points [RB p3]:

- ``offerings``: the first player to reach the target (2p 6, 3p 5, 4p 4) wins at once;
- ``buildings``: every building is restored and nobody can reach the target: the most offerings
  wins, then the most crystals left, then the tied players share the win;
- ``markers``: every player has used all 10 markers: the game ends at once with no winner.

No other ending is needed: a table that has not ended by these can always go on (see
``bgkit_bluemooncity.rules.can_progress``).

Golden scales left at the end are recorded but count for nothing: they turn into crystals only
when the supply runs out during play (see :mod:`bgkit_bluemooncity.scales`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit_bluemooncity.data import Components

if TYPE_CHECKING:  # bgkit's sheets are imported where a sheet is made, read or scored, never by `bgkit setup`
    from bgkit.api import Field, ScoreResult, Sheet
    from bgkit_bluemooncity.state import BlueMoonState

ENDINGS = ("offerings", "buildings", "markers")
CRYSTALS_TIEBREAK = "crystals left"


def sheet_game_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field

    target = comp.count(players).offerings_to_win
    return [
        Field(
            "ended_by",
            f"how the game ended: offerings = a player reached {target} offerings; buildings = every "
            "building was restored first; markers = every player used up all their markers (no winner)",
            kind=str,
            choices=ENDINGS,
        )
    ]


def sheet_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field

    count = comp.count(players)
    return [
        Field("offerings", f"markers this player put on the obelisk (target {count.offerings_to_win})",
              maximum=count.offerings_to_win),
        # crystals are unlimited [RB p3], but no game hands out a thousand: the bound refuses typos
        Field("crystals", "crystals this player has left (the sum of the token values)", maximum=999),
        Field("scales", f"golden scales in front of this player ({count.scales} in play; the supply is never "
              "empty at the end, as taking the last one exchanges them at once)",
              maximum=count.scales - 1, default=0),
    ]


def check_sheet(comp: Components, sheet: Sheet) -> None:
    """Reject endings the offerings make impossible, and more scales or offerings than exist."""
    from bgkit.api import SheetError, check_in_all

    count = comp.count(sheet.num_players)
    target = count.offerings_to_win
    offerings = [p["offerings"] for p in sheet.players]
    at_target = [i for i, n in enumerate(offerings) if n == target]
    ended_by = sheet.fields["ended_by"]
    if ended_by == "offerings":
        if not at_target:
            raise SheetError(
                f"ended_by is 'offerings' but nobody made {target} offerings (the target with "
                f"{sheet.num_players} players); say 'buildings' or 'markers', or correct the offerings",
                "ended_by",
            )
        if len(at_target) > 1:
            raise SheetError(
                f"two players have {target} offerings, but the game ends as soon as the first reaches "
                f"{target}: {sheet.names[at_target[0]]} and {sheet.names[at_target[1]]}",
                "offerings",
                at_target[1],
            )
    elif at_target:
        raise SheetError(
            f"{sheet.names[at_target[0]]} made {target} offerings, which ends the game at once: "
            f"ended_by must be 'offerings', not {ended_by!r}",
            "offerings",
            at_target[0],
        )
    check_in_all(sheet, offerings, count.obelisk_boxes, "markers on the obelisk", "offerings",
                 f"the obelisk has {count.obelisk_boxes} boxes with {sheet.num_players} players")
    # Taking the last scale from the supply exchanges the scales at once, and the player with the
    # most (who always gets crystals) gives theirs back [RB p2-3; rule summary 3(2)], so the supply
    # is never empty at the end: the players hold at most one scale fewer than are in play.
    check_in_all(
        sheet, [p["scales"] for p in sheet.players], count.scales - 1, "golden scales", "scales",
        f"{count.scales} are in play with {sheet.num_players} players and one at least stays in the supply: "
        "taking the last one exchanges them at once, and whoever gets crystals gives their scales back",
    )


def score_sheet(comp: Components, sheet: Sheet) -> ScoreResult:
    """Offerings as the total, crystals left as the tie-break, the winner as the ending decides."""
    from bgkit.api import TieBreak, build_result

    n = sheet.num_players
    target = comp.count(n).offerings_to_win
    offerings = [p["offerings"] for p in sheet.players]
    crystals = [p["crystals"] for p in sheet.players]
    table = [
        {"offerings": offerings[i], "crystals": crystals[i], "golden scales": p["scales"]}
        for i, p in enumerate(sheet.players)
    ]
    notes = [f"{n} players: {target} offerings win; golden scales left at the end count for nothing"]
    result = build_result(sheet.game, sheet.names, table, [TieBreak(CRYSTALS_TIEBREAK, crystals)], notes,
                          totals=offerings, total_label="offerings")
    ended_by = sheet.fields["ended_by"]
    if ended_by == "offerings":
        result.decided_by = f"first to reach the offering target: {offerings[result.winners[0]]} offerings"
        result.notes.append("the places after the winner follow offerings, then crystals left")
    elif ended_by == "buildings":
        if result.decided_by == "highest total":
            result.decided_by = "every building restored: most offerings"
        elif result.decided_by.startswith("tie-break"):
            result.decided_by = "every building restored: tied on offerings, most crystals left"
        else:
            result.decided_by = "every building restored: shared win, tied on offerings and crystals left"
    else:  # markers
        result.ranks, result.winners = [1] * n, []
        result.decided_by = (
            f"no winner: every player used up all {comp.markers_per_player} markers before "
            f"anyone reached {target} offerings (the game ends at once)"
        )
    return result


def sheet_values(state: BlueMoonState, p: int) -> dict[str, int]:
    """The player's part of the score sheet a person would fill in from this table."""
    return {"offerings": state.offerings[p], "crystals": state.crystals[p], "scales": state.scales[p]}


def sheet_from_state(comp: Components, state: BlueMoonState) -> dict[str, Any]:
    return {
        "ended_by": state.ended,
        "player": [{"name": f"Player {p + 1}", **sheet_values(state, p)} for p in range(state.num_players)],
    }
