"""The score sheet and final scoring: one implementation for the table and for played games.

During play every point goes straight onto the track (regions, animals, sales, watchtowers,
bonus tiles). At the end come unsold goods (1 each), silverlings (1 each), workers (1 per 2) and
the yellow knowledge tiles 15-26 in the estate. The sheet asks for exactly what those need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from bgkit_burgundy.data import BUILDINGS, K_ANIMAL, K_BUILDING, K_KNOWLEDGE, Components

if TYPE_CHECKING:  # bgkit.api's sheet names are imported where used: `bgkit setup` reads no sheet
    from bgkit.api import Field, ScoreResult, Sheet

    from bgkit_burgundy.state import BurgundyState

BUILDING_FIELDS = (
    "warehouses",
    "watchtowers",
    "carpenters_workshops",
    "churches",
    "markets",
    "boarding_houses",
    "banks",
    "city_halls",
)
BUILDING_LABELS = (
    "Warehouse",
    "Watchtower",
    "Carpenter's Workshop",
    "Church",
    "Market",
    "Boarding House",
    "Bank",
    "City Hall",
)
COLOUR_SIZES = (3, 4, 6, 6, 6, 12)  # spaces per colour on every estate, smallest first
#: One player's values of the score sheet (a row of ``Sheet.players``): counts, and the knowledge tiles' list.
Values = dict[str, Any]
SOLD_FIELDS = tuple(f"sold_{t}" for t in range(1, 7))
TIE_NOTE = (
    "Tie-break of the rule summary: fewest empty estate spaces, then later in turn order. "
    "Board Game Arena's erratum says the German original favours the most empty "
    "spaces; the 2019 English rules agree with the rule summary."
)


def sheet_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field
    fields = [
        Field("track_points", "points on the scoring track at the end of phase E, before final scoring", maximum=999),
        Field("unsold_goods", "goods tiles still in the goods storage (1 point each)", maximum=42),
        Field("silverlings", "silverlings left (1 point each)", maximum=999),
        Field("workers", "worker tiles left (1 point per 2)", maximum=999),
        Field("empty_spaces", "empty spaces in the estate (tie-break: fewer wins)", maximum=36),
        Field(
            "turn_position",
            "place in the last round's turn order, 1 = first (tie-break: later wins); 0 = the order of this sheet",
            maximum=players,
            default=0,
        ),
        Field("knowledge", "numbers of the yellow knowledge tiles in the estate", kind=list, minimum=1, maximum=26,
              max_items=6, default=[]),
    ]
    # Only some yellow knowledge tiles score these: the prompt asks for them when such a tile is
    # entered (a sheet file may always give them).
    for t, name in enumerate(SOLD_FIELDS, start=1):
        fields.append(Field(name, f"goods tiles of type {t} sold (face down), for knowledge 15 and 25", maximum=42,
                            default=0, group="sold goods", asked_if=_holds(15, 25)))
    for k, (name, label) in enumerate(zip(BUILDING_FIELDS, BUILDING_LABELS), start=16):
        fields.append(Field(name, f"{label} tiles in the estate (knowledge {k})", maximum=12, default=0,
                            group="buildings", asked_if=_holds(k)))
    fields += [
        Field("animal_species", "animal species in the estate (knowledge 24)", maximum=4, default=0,
              asked_if=_holds(24)),
        Field("bonus_tiles", "bonus tiles taken, large and small (knowledge 26)", maximum=6, default=0,
              asked_if=_holds(26)),
    ]
    return fields


def _holds(*tiles: int) -> Callable[[dict[str, Any]], bool]:
    """``asked_if`` of a field only these knowledge tiles score."""
    wanted = frozenset(tiles)

    def asked_if(values: dict[str, Any]) -> bool:
        return not wanted.isdisjoint(values.get("knowledge", ()))

    return asked_if


def sheet_game_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field
    return [Field("ruleset", "2011 (original) or 2019 (knowledge 15 and 26 differ)", kind=str,
                  choices=("2011", "2019"), default="2011")]


def check_partial_sheet(comp: Components, sheet: Sheet) -> None:
    """What more answers cannot put right: each of these only gets worse as values are entered."""
    from bgkit.api import SheetError, check_in_all, check_one_of_each
    n = sheet.num_players
    check_one_of_each(sheet, "knowledge", "knowledge tile")
    for index, values in enumerate(sheet.players):
        tiles = values["knowledge"]
        buildings = sum(values[f] for f in BUILDING_FIELDS)
        if buildings > COLOUR_SIZES[-1]:
            most = max(BUILDING_FIELDS, key=lambda f: values[f])
            raise SheetError(f"{buildings} buildings in all, but an estate has {COLOUR_SIZES[-1]} building spaces", most, index)
        placed = 37 - values["empty_spaces"]
        used = 1 + buildings + len(tiles) + values["animal_species"]
        if used > placed:
            raise SheetError(
                f"the estate has {placed} tiles ({values['empty_spaces']} empty spaces), fewer than the start castle, "
                f"{buildings} buildings, {len(tiles)} knowledge tiles and {values['animal_species']} animal species",
                "empty_spaces",
                index,
            )
        need = sum(COLOUR_SIZES[: values["bonus_tiles"]])
        if need > placed:
            raise SheetError(
                f"{values['bonus_tiles']} bonus tiles need that many colours filled ({need} tiles at least), "
                f"but the estate has only {placed} tiles",
                "bonus_tiles",
                index,
            )
    in_play = 25 + 3 * n  # the five goods piles and each player's 3 start goods; the rest stay out
    held = [sum(v[f] for f in SOLD_FIELDS) + v["unsold_goods"] for v in sheet.players]
    check_in_all(sheet, held, in_play, "goods (sold and unsold)", "unsold_goods",
                 "25 in the phase piles and 3 start goods per player come into play")
    for t, name in enumerate(SOLD_FIELDS, start=1):
        check_in_all(sheet, [v[name] for v in sheet.players], 7, f"sold goods of type {t}", name)
    for name, label in zip(BUILDING_FIELDS, BUILDING_LABELS):
        check_in_all(sheet, [v[name] for v in sheet.players], 7, f"{label} tiles", name)
    check_in_all(sheet, [v["bonus_tiles"] for v in sheet.players], 12, "bonus tiles", "bonus_tiles")


def check_sheet(comp: Components, sheet: Sheet) -> None:
    from bgkit.api import SheetError
    check_partial_sheet(comp, sheet)
    n = sheet.num_players
    positions = [v["turn_position"] for v in sheet.players]
    if any(positions) and sorted(positions) != list(range(1, n + 1)):
        bad = next(i for i, p in enumerate(positions) if p == 0 or positions.count(p) > 1)
        raise SheetError(f"turn_position must give each player a different place 1-{n} (or be 0 for all)",
                         "turn_position", bad)


def knowledge_points(values: Values, ruleset: str) -> int:
    """End-game points of the yellow tiles 15-26 (2011: #15 3 per type, #26 2 per bonus; 2019: 2 and 3)."""
    points = 0
    tiles = values["knowledge"]
    sold = [values[f] for f in SOLD_FIELDS]
    for k in tiles:
        if k == 15:
            points += (3 if ruleset == "2011" else 2) * sum(1 for s in sold if s)
        elif 16 <= k <= 23:
            points += 4 * values[BUILDING_FIELDS[k - 16]]
        elif k == 24:
            points += 4 * values["animal_species"]
        elif k == 25:
            points += sum(sold)
        elif k == 26:
            points += (2 if ruleset == "2011" else 3) * values["bonus_tiles"]
    return points


def categories(values: Values, ruleset: str) -> dict[str, float]:
    return {
        "track": values["track_points"],
        "goods": values["unsold_goods"],
        "silverlings": values["silverlings"],
        "workers": values["workers"] // 2,
        "knowledge": knowledge_points(values, ruleset),
    }


def total(values: Values, ruleset: str) -> float:
    return sum(categories(values, ruleset).values())


def score_sheet(comp: Components, sheet: Sheet) -> ScoreResult:
    from bgkit.api import TieBreak, build_result
    ruleset = sheet.fields.get("ruleset", "2011")
    table = [categories(v, ruleset) for v in sheet.players]
    positions = [v["turn_position"] for v in sheet.players]
    if not any(positions):
        positions = list(range(1, sheet.num_players + 1))
    tiebreaks = [
        TieBreak("fewest empty estate spaces", [v["empty_spaces"] for v in sheet.players], higher_wins=False),
        TieBreak("later in turn order", positions, higher_wins=True),
    ]
    return build_result(sheet.game, sheet.names, table, tiebreaks, [TIE_NOTE])


assert len(BUILDINGS) == len(BUILDING_FIELDS)


def sheet_values(state: BurgundyState, p: int) -> Values:
    """The player's part of the score sheet a person would fill in from this table."""
    tiles = state.tiles[p]
    values: Values = {
        "track_points": state.vp[p],
        "unsold_goods": sum(state.goods[p]),
        "silverlings": state.silver[p],
        "workers": state.workers[p],
        "empty_spaces": tiles.count(-1),
        "turn_position": state.order.index(p) + 1,
        "knowledge": sorted(k - K_KNOWLEDGE for k in tiles if k > K_KNOWLEDGE),
    }
    for t, name in enumerate(SOLD_FIELDS):
        values[name] = state.sold[p][t]
    for b, name in enumerate(BUILDING_FIELDS):
        values[name] = tiles.count(K_BUILDING + b)
    values["animal_species"] = len({(k - K_ANIMAL) // 3 for k in tiles if K_ANIMAL <= k < K_ANIMAL + 12})
    values["bonus_tiles"] = len(state.bonus[p])
    return values


def sheet_from_state(comp: Components, state: BurgundyState) -> dict[str, Any]:
    return {
        "ruleset": state.ruleset,
        "player": [{"name": f"Player {p + 1}", **sheet_values(state, p)} for p in range(state.num_players)],
    }
