"""Scoring Bruges at the table: the sheet fields, the checks across fields, and the final scoring.

Final scoring, in the rule summary's order (RS game end (1)-(7)): persons' printed points, 1 per
house, laurel persons' points, 4 per coloured majority marker, 3 per canal token on space 3 of a
section, statue values, the reputation step's points. They are added to what the scoring track
(with a 50/100 token) shows. Tie: most guilders, then a shared win (RS, RP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit_bruges.data import Components

if TYPE_CHECKING:
    from bgkit.api import Field, ScoreResult, Sheet, SheetError
    from bgkit_bruges.state import BrugesState

CATEGORIES = ("track", "persons", "houses", "laurels", "majorities", "canals", "statues", "reputation")
MAJORITIES = ("reputation", "persons", "canals")


def sheet_fields(comp: Components, players: int) -> list[Field]:
    from bgkit.api import Field  # here, not at the top: bgkit setup imports this module and needs no sheet

    s = comp.scoring
    tokens = s["point_token_values"]
    return [
        Field("track", f"space of your scoring pawn before final scoring (it started on {comp.start['score']})",
              maximum=comp.track_spaces - 1),
        Field("point_token", f"your 50/100 points token: 0 if none, else the side up ({' or '.join(map(str, tokens))})",
              maximum=max(tokens), default=0),
        Field("persons", "printed points of each person on your houses (e.g. 1 3 0 4)",
              kind=list, maximum=comp.points_max, max_items=comp.deck_size),
        Field("person_ids", "or the card ids of your persons, only with your own card list (--data FILE)",
              kind=list, minimum=1, maximum=comp.deck_size, max_items=comp.deck_size, default=[]),
        Field("houses", "house cards in front of you (occupied or empty)", maximum=comp.deck_size),
        # no source prints the laurel texts; a card's bonus is a handful of points, never 99
        Field("laurels", "points each of your laurel persons gives (as its text says)", kind=list, default=[],
              maximum=99, max_items=comp.deck_size),
        Field("majority_reputation", "is your reputation majority marker coloured side up?", kind=bool, default=False),
        Field("majority_persons", "is your persons majority marker coloured side up?", kind=bool, default=False),
        Field("majority_canals", "is your canals majority marker coloured side up?", kind=bool, default=False),
        Field("canal_space3", f"canal sections with a token on space {s['canal_space']}",
              maximum=s["canal_sections"], default=0),
        Field("statues", "values of your statues (one per completed canal section; with statues=canals, "
              "one for all 10 canal tokens)", kind=list,
              minimum=min(comp.statues_bottom_to_top), maximum=max(comp.statues_bottom_to_top),
              max_items=s["max_statues"], default=[]),
        Field("reputation", "reputation step your pawn reached (0: still on the town hall)",
              maximum=len(comp.reputation_points)),
        Field("guilders", "guilders left (only the tie-break)", maximum=999),
    ]


def _error(sheet: Sheet, field: str, player: int, problem: str) -> SheetError:
    """A failed check, worded like the sheet reader's own: the field and the player first."""
    from bgkit.api import SheetError

    return SheetError(f"{field} ({sheet.names[player]}): {problem}", field, player)


def person_count(values: dict[str, Any]) -> int:
    return len(values["persons"]) + len(values["person_ids"])


def check_sheet(comp: Components, sheet: Sheet) -> None:
    """Reject combinations the table cannot show (SheetError names the field and the player)."""
    from bgkit.api import check_in_all, check_one_of_each

    tokens = (0, *comp.scoring["point_token_values"])
    for p, values in enumerate(sheet.players):
        if values["point_token"] not in tokens:
            raise _error(sheet, "point_token", p, f"is {values['point_token']}; a 50/100 token shows "
                                                  f"{' or '.join(map(str, tokens[1:]))} (0 for none)")
        if values["person_ids"] and not comp.own_persons:
            raise _error(sheet, "person_ids", p, "needs your own card list (--data FILE): the shipped card list "
                                                 "is a reconstruction; enter the printed points in persons instead")
        persons = person_count(values)
        if persons > values["houses"]:
            raise _error(sheet, "persons", p, f"{persons} persons but {values['houses']} houses; every person "
                                              "lives on a house of its own")
        if len(values["laurels"]) > persons:
            raise _error(sheet, "laurels", p, f"{len(values['laurels'])} laurel persons but {persons} persons")
        if not values["persons"]:
            laurel_cards = sum(1 for pid in values["person_ids"] if comp.persons_by_id[pid].activation == "laurel")
            if len(values["laurels"]) > laurel_cards:
                raise _error(sheet, "laurels", p, f"{len(values['laurels'])} laurel points but only {laurel_cards} "
                                                  "of the persons in person_ids have a laurel")
        if values["majority_reputation"] and values["reputation"] == 0:
            raise _error(sheet, "majority_reputation", p, "the marker is coloured, but the reputation pawn never "
                                                          "left the town hall (reputation 0)")
    check_one_of_each(sheet, "person_ids", "person")
    check_one_of_each(sheet, "statues", "statue")
    # a house and the person on it are two cards
    check_in_all(sheet, [v["houses"] + person_count(v) for v in sheet.players], comp.deck_size,
                 "cards as houses and persons", "houses", "the person cards in the box")
    _check_statues(comp, sheet)
    _check_final_majorities(sheet)


def _check_statues(comp: Components, sheet: Sheet) -> None:
    """Statues are taken from the top of the stack (7 first), so the taken ones are the highest."""
    owner = {value: p for p, values in enumerate(sheet.players) for value in values["statues"]}
    top_first = list(reversed(comp.statues_bottom_to_top))
    taken = top_first[:len(owner)]
    for value, p in owner.items():
        if value not in taken:
            missing = next(v for v in taken if v not in owner)
            raise _error(sheet, "statues", p, f"statue {value} cannot have been taken while statue {missing} was "
                                              f"still on the stack (they are taken from the top: "
                                              f"{', '.join(map(str, top_first))})")


def _check_final_majorities(sheet: Sheet) -> None:
    """The last round ends with the majority check, so a sole leader then holds a coloured marker."""
    measures = {
        "majority_reputation": ("alone furthest on the reputation track", [v["reputation"] for v in sheet.players]),
        "majority_persons": ("alone with the most persons", [person_count(v) for v in sheet.players]),
    }
    for field, (what, values) in measures.items():
        best = max(values)
        leaders = [p for p, v in enumerate(values) if v == best]
        if len(leaders) == 1 and best > 0 and not sheet.players[leaders[0]][field]:
            p = leaders[0]
            raise _error(sheet, field, p, f"must be true: {what} ({best}), so the last round's majority check "
                                          "flipped that marker")


def score_sheet(comp: Components, sheet: Sheet) -> ScoreResult:
    from bgkit.api import TieBreak, build_result

    s = comp.scoring
    table = []
    for values in sheet.players:
        persons = sum(values["persons"]) + sum(comp.persons_by_id[pid].points for pid in values["person_ids"])
        markers = sum(1 for m in MAJORITIES if values[f"majority_{m}"])
        step = values["reputation"]
        row = {
            "track": values["track"] + values["point_token"],
            "persons": persons,
            "houses": s["house"] * values["houses"],
            "laurels": sum(values["laurels"]),
            "majorities": s["majority_marker"] * markers,
            "canals": s["canal_space_points"] * values["canal_space3"],
            "statues": sum(values["statues"]),
            "reputation": comp.reputation_points[step - 1] if step > 0 else 0,
        }
        table.append(row)
    notes = []
    if not comp.is_confirmed("reputation"):
        notes.append("reputation steps are scored 1-12 points (step k = k points): a reading of the sources, the "
                     "printed values are not confirmed; --data FILE replaces them")
    if any(values["person_ids"] for values in sheet.players):
        notes.append("persons given by id are scored with the points of your card list")
    tiebreaks = [TieBreak("guilders", [values["guilders"] for values in sheet.players])]
    return build_result(sheet.game, sheet.names, table, tiebreaks, notes)


def sheet_from_state(comp: Components, state: BrugesState) -> dict[str, Any]:
    """A played game's score sheet (the rules' reading of the table, imported only for a played state)."""
    from bgkit_bruges.rules import sheet_values

    return {"player": [{"name": f"Player {p + 1}", **sheet_values(state, p)} for p in range(state.num_players)]}
