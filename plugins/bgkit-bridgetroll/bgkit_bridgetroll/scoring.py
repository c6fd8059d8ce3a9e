"""Table scoring at the end of the game ("游戏结束" 2): what each player holds, totalled and ranked.

Total = victory point tokens + the printed values of the bridge upgrade cards + 1 per upgrade card.
Ties: the higher total of upgrade card values wins, then more stones, then the players share the win.
"""

from __future__ import annotations

from bgkit.errors import SheetError
from bgkit.ranking import ScoreResult, TieBreak, build_result
from bgkit.sheets import Field, Sheet

from bgkit_bridgetroll.data import Components

VP = "victory point tokens"
UPGRADE_VALUES = "upgrade card values"
UPGRADE_CARDS = "upgrade cards (+1 each)"
TIEBREAK_NOTE = (
    "tie-breaks (rulebook, game end 2c): higher total of upgrade card values, then more stones, then a shared win"
)


def sheet_fields(players: int, components: Components) -> list[Field]:
    top = max(components.upgrades)
    removed = components.removed_upgrades.get(players, ())
    out_of_game = f" ({', '.join(map(str, removed))} are not in a {players}-player game)" if removed else ""
    return [
        Field(
            "vp_tokens",
            "total value of the victory point tokens this player holds (turned face up); "
            "travellers left beside the board score nothing",
        ),
        Field(
            "upgrades",
            f"printed values of the bridge upgrade cards this player holds, e.g. [1, 4, 7]{out_of_game}",
            kind=list,
            minimum=min(components.upgrades),
            maximum=top,
            default=[],
            max_items=len(components.upgrades),
        ),
        Field(
            "stones",
            "stones (boulders) this player has left, any colour",
            maximum=components.stones_in_play(players),
        ),
    ]


def check_sheet(sheet: Sheet, components: Components) -> None:
    """Impossible together: an upgrade card twice, a card not in the game, more stones than in play."""
    players = sheet.num_players
    in_play = set(components.upgrades_in_play(players))
    removed = components.removed_upgrades.get(players, ())
    owner: dict[int, int] = {}
    for index, values in enumerate(sheet.players):
        for value in values["upgrades"]:
            if value not in in_play:
                why = (
                    f"with {players} players upgrade cards {', '.join(map(str, removed))} stay in the box"
                    if value in removed
                    else f"there is no upgrade card {value} (cards: {', '.join(map(str, components.upgrades))})"
                )
                raise SheetError(f"upgrades lists {value}, but {why}", "upgrades", index)
            if value in owner:
                name, other = sheet.names[index], sheet.names[owner[value]]
                where = f" for {name}" if owner[value] == index else f": {name} and {other} both hold it"
                raise SheetError(
                    f"upgrade card {value} is listed twice{where}; there is one of each", "upgrades", index
                )
            owner[value] = index
    limit = components.stones_in_play(players)
    total = 0
    for index, values in enumerate(sheet.players):
        total += values["stones"]
        if total > limit:
            raise SheetError(
                f"the players hold {sum(v['stones'] for v in sheet.players)} stones in all, but a "
                f"{players}-player game has only {limit} in play",
                "stones",
                index,
            )


def score_sheet(sheet: Sheet, game_id: str) -> ScoreResult:
    table = [
        {
            VP: float(values["vp_tokens"]),
            UPGRADE_VALUES: float(sum(values["upgrades"])),
            UPGRADE_CARDS: float(len(values["upgrades"])),
        }
        for values in sheet.players
    ]
    tiebreaks = [
        TieBreak(UPGRADE_VALUES, [row[UPGRADE_VALUES] for row in table]),
        TieBreak("stones left", [float(values["stones"]) for values in sheet.players]),
    ]
    return build_result(game_id, sheet.names, table, tiebreaks, notes=[TIEBREAK_NOTE])
