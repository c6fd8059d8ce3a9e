"""Table scoring at the end of the game ("游戏结束" 2): what each player holds, totalled and ranked.

Total = victory point tokens + the printed values of the bridge upgrade cards + 1 per upgrade card.
Ties: the higher total of upgrade card values wins, then more stones, then the players share the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit_bridgetroll.data import Components

if TYPE_CHECKING:  # bgkit's sheets are imported when a sheet is read or scored, never by `bgkit setup`
    from bgkit.api import Field, ScoreResult, Sheet
    from bgkit_bridgetroll.state import TrollState

VP = "victory point tokens"
UPGRADE_VALUES = "upgrade card values"
UPGRADE_CARDS = "upgrade cards (+1 each)"
TIEBREAK_NOTE = (
    "tie-breaks (rulebook, game end 2c): higher total of upgrade card values, then more stones, then a shared win"
)


def sheet_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field

    top = max(comp.upgrades)
    removed = comp.removed_upgrades.get(players, ())
    out_of_game = f" ({', '.join(map(str, removed))} are not in a {players}-player game)" if removed else ""
    return [
        Field(
            "vp_tokens",
            "total value of the victory point tokens this player holds (turned face up); "
            "travellers left beside the board score nothing",
            maximum=999,  # tokens are not counted out in the rules; no game comes near 999 points
        ),
        Field(
            "upgrades",
            f"printed values of the bridge upgrade cards this player holds, e.g. [1, 4, 7]{out_of_game}",
            kind=list,
            minimum=min(comp.upgrades),
            maximum=top,
            default=[],
            max_items=len(comp.upgrades),
        ),
        Field(
            "stones",
            "stones (boulders) this player has left, any colour",
            maximum=comp.stones_in_play(players),
        ),
    ]


def check_sheet(comp: Components, sheet: Sheet) -> None:
    """Impossible together: a card not in the game, an upgrade card twice, more stones than in play."""
    from bgkit.api import SheetError, check_in_all, check_one_of_each

    players = sheet.num_players
    in_play = set(comp.upgrades_in_play(players))
    removed = comp.removed_upgrades.get(players, ())
    for index, values in enumerate(sheet.players):
        for value in values["upgrades"]:
            if value not in in_play:
                why = (
                    f"with {players} players upgrade cards {', '.join(map(str, removed))} stay in the box"
                    if value in removed
                    else f"there is no upgrade card {value} (cards: {', '.join(map(str, comp.upgrades))})"
                )
                raise SheetError(f"upgrades lists {value}, but {why}", "upgrades", index)
    check_one_of_each(sheet, "upgrades", "upgrade card")
    check_in_all(
        sheet,
        [values["stones"] for values in sheet.players],
        comp.stones_in_play(players),
        "stones",
        "stones",
        f"in a {players}-player game",
    )


def score_sheet(comp: Components, sheet: Sheet) -> ScoreResult:
    from bgkit.api import TieBreak, build_result

    table = [
        {
            VP: values["vp_tokens"],
            UPGRADE_VALUES: sum(values["upgrades"]),
            UPGRADE_CARDS: len(values["upgrades"]),
        }
        for values in sheet.players
    ]
    tiebreaks = [
        TieBreak(UPGRADE_VALUES, [row[UPGRADE_VALUES] for row in table]),
        TieBreak("stones left", [values["stones"] for values in sheet.players]),
    ]
    return build_result(sheet.game, sheet.names, table, tiebreaks, notes=[TIEBREAK_NOTE])


def sheet_values(state: TrollState, p: int) -> dict[str, Any]:
    """The player's part of the score sheet a person would fill in from this table."""
    return {"vp_tokens": state.vp[p], "upgrades": sorted(state.ups[p]), "stones": sum(state.stones[p])}


def sheet_from_state(comp: Components, state: TrollState) -> dict[str, Any]:
    return {"player": [{"name": f"Player {p + 1}", **sheet_values(state, p)} for p in range(state.num_players)]}
