"""Writes bgkit_bruges/data/persons.toml: the labelled reconstruction of the 165 person cards.

No public source lists the printed cards (the tags below are those of the sources listed at the head of
bgkit_bruges/data/components.toml, each with its address), so this script builds a stand-in that keeps every
constraint the sources give:

* 165 persons, all different, ids 1-165 (SDJ, PK, OG, BR);
* 11 groups x 15 persons (YE, RP);
* 5 colours; 33 per colour (165/5, derived) and 3 of each colour in every group;
* prices 0-12 (RJ), points a third of the price (RP), so prices are multiples of 3 here;
* the 4 activation icons (RS, RP): per group 3 lightning, 5 worker, 5 infinity (infinity A, B, C:
  1, 2, 2), 2 laurel;
* the few names sources confirm are used (King, Queen, Nun, Inquisitor, Beggar, Engraver); all
  other names are generic ("Noble 7");
* every person gets an ability in the vocabulary of bgkit_bruges/abilities.py. Two are sourced
  and exact: the revised Engraver (price 9, 1 point per group of persons, YE) and a lightning
  person that gives 6 guilders once (SK). The others are a reconstruction that follows what
  the sources say of the deck as a whole: persons that draw cards (UB, RP), persons that count
  one group (RP), persons nasty to the others (GP, KZ), protection from a disaster, and effects
  that grow with the price. Each group leans on a theme (merchants money, the church threats,
  protectors the disasters, scholars cards, bureaucrats reputation...), a reading of its name.

Run it from the plugin folder: python tools/reconstruct_persons.py
"""

from __future__ import annotations

import json
from pathlib import Path

COLOURS = ["red", "yellow", "blue", "brown", "purple"]
GROUPS = ["Noble", "Entertainer", "Craftsman", "Church", "Protector", "Scholar", "Bureaucrat",
          "Merchant", "Castle", "Artist", "Underworld"]
# one pattern per group position j = 0..14
PRICES = [0, 0, 3, 3, 3, 3, 6, 6, 6, 6, 9, 9, 9, 12, 12]
ACTIVATIONS = ["lightning", "worker", "infinity", "worker", "lightning", "infinity", "worker", "laurel",
               "infinity", "worker", "laurel", "infinity", "worker", "lightning", "infinity"]
INFINITY = {2: "A", 5: "B", 8: "C", 11: "B", 14: "C"}


def E(kind: str, **params: int | str) -> dict[str, int | str]:
    return {"kind": kind, **params}


def _with_colour(g: int) -> str:
    return COLOURS[g % 5]


# ABILITIES[j][g]: the ability of position j in group g (GROUPS order).
ABILITIES: dict[int, list[dict[str, int | str]]] = {
    0: [  # lightning, price 0
        E("points", amount=2), E("workers", amount=2, colour="any"), E("house"), E("discard_threat", amount=1, colour="any"),
        E("guilders", amount=2), E("draw", amount=1), E("reputation", amount=1), E("guilders", amount=3),
        E("points", amount=2), E("income", amount=1, per="houses"), E("others_lose", amount=1, resource="guilders"),
    ],
    1: [  # worker, price 0
        E("points", amount=1), E("guilders", amount=2), E("workers", amount=2, colour="any"),
        E("discard_threat", amount=1, colour="any"), E("guilders", amount=2), E("draw", amount=1), E("guilders", amount=2),
        E("guilders", amount=3), E("points", amount=1), E("workers", amount=2, colour="any"),
        E("others_lose", amount=1, resource="guilders"),
    ],
    2: [  # infinity A (free once a round), price 3
        E("points", amount=1), E("workers", amount=1, colour="any"), E("workers", amount=1, colour="any"),
        E("discard_threat", amount=1, colour="any"), E("guilders", amount=1), E("draw", amount=1), E("guilders", amount=2),
        E("guilders", amount=2), E("guilders", amount=1), E("workers", amount=1, colour="any"),
        E("others_lose", amount=1, resource="guilders"),
    ],
    3: [  # worker, price 3
        E("income", amount=1, per="persons"), E("guilders", amount=3), E("house"), E("discard_threat", amount=2, colour="any"),
        E("workers", amount=3, colour="any"), E("draw", amount=2), E("income", amount=1, per="reputation", every=2),
        E("guilders", amount=4), E("points", amount=2), E("workers", amount=3, colour="any"),
        E("others_lose", amount=1, resource="points"),
    ],
    4: [  # lightning, price 3 (the Merchant's is SK's: 6 guilders once)
        E("points", amount=3), E("workers", amount=4, colour="any"), E("canal", amount=2),
        E("discard_threat", amount=2, colour="any"), E("income", amount=1, per="houses"), E("draw", amount=2),
        E("reputation", amount=1), E("guilders", amount=6), E("reputation", amount=1), E("points", amount=3),
        E("others_lose", amount=2, resource="guilders"),
    ],
    5: [  # infinity B (changes an action each time), price 3: mostly for cards of one colour
        E("action", action="person", amount=1), E("action", action="workers", amount=1, colour=_with_colour(1)),
        E("action", action="house", amount=1, colour=_with_colour(2)), E("action", action="threat", amount=1),
        E("action", action="canal", amount=1), E("action", action="guilders", amount=1, colour=_with_colour(5)),
        E("reputation_cost", amount=1), E("action", action="guilders", amount=1, colour=_with_colour(7)),
        E("action", action="person", amount=1), E("canal_colour", colour=_with_colour(9)),
        E("action", action="guilders", amount=1, colour=_with_colour(10)),
    ],
    6: [  # worker, price 6
        E("points", amount=2), E("guilders", amount=4), E("canal", amount=1), E("discard_threat", amount=2, colour="any"),
        E("workers", amount=3, colour="any"), E("draw", amount=2), E("reputation", amount=1),
        E("income", amount=1, per="houses"), E("points", amount=2), E("house"),
        E("others_lose", amount=2, resource="guilders"),
    ],
    7: [  # laurel, price 6: persons of the card's own group (RP: some cards count one group)
        E("score", per="group", group=group, amount=2) for group in GROUPS
    ],
    8: [  # infinity C (whenever its situation arises), price 6
        E("trigger", on="majority", gain="points", amount=2), E("trigger", on="round", gain="guilders", amount=1),
        E("trigger", on="house", gain="points", amount=1), E("protect", colour="brown"), E("protect", colour="red"),
        E("hand_limit", amount=1), E("trigger", on="reputation", gain="points", amount=1), E("protect", colour="yellow"),
        E("protect", colour="purple"), E("trigger", on="recruit", gain="guilders", amount=2), E("protect", colour="blue"),
    ],
    9: [  # worker, price 6
        E("income", amount=1, per="persons"), E("workers", amount=3, colour="any"), E("house"), E("points", amount=2),
        E("discard_threat", amount=2, colour="any"), E("draw", amount=2), E("income", amount=1, per="canals"),
        E("guilders", amount=5), E("reputation", amount=1), E("points", amount=2),
        E("others_lose", amount=1, resource="workers", colour=_with_colour(10)),
    ],
    10: [  # laurel, price 9 (the Artist's is the revised Engraver: 1 point per group, YE)
        E("score", per="persons", amount=1), E("score", per="workers", amount=1, every=2),
        E("score", per="houses", amount=1), E("score", per="house_colours", amount=2),
        E("score", per="majorities", amount=2), E("score", per="canals", amount=1, every=2),
        E("score", per="reputation", amount=1, every=2), E("score", per="guilders", amount=1, every=3),
        E("score", per="statues", amount=3), E("score", per="groups", amount=1),
        E("score", per="colour", colour=_with_colour(10), amount=2),
    ],
    11: [  # infinity B, price 9: for every card
        E("action", action="person", amount=2), E("action", action="workers", amount=1), E("action", action="house", amount=1),
        E("action", action="threat", amount=2), E("action", action="canal", amount=2), E("action", action="guilders", amount=1),
        E("reputation_cost", amount=2), E("action", action="guilders", amount=2), E("action", action="person", amount=2),
        E("canal_colour", colour="any"), E("action", action="workers", amount=1),
    ],
    12: [  # worker, price 9
        E("reputation", amount=1), E("income", amount=1, per="persons"), E("canal", amount=2),
        E("discard_threat", amount=3, colour="any"), E("income", amount=1, per="canals"), E("draw", amount=3),
        E("reputation", amount=1), E("income", amount=1, per="houses"), E("reputation", amount=1), E("points", amount=3),
        E("others_lose", amount=2, resource="points"),
    ],
    13: [  # lightning, price 12
        E("points", amount=4), E("workers", amount=5, colour="any"), E("canal", amount=5),
        E("discard_threat", amount=3, colour="any"), E("income", amount=2, per="houses"), E("draw", amount=3),
        E("reputation", amount=2), E("guilders", amount=8), E("reputation", amount=2), E("points", amount=4),
        E("others_lose", amount=4, resource="guilders"),
    ],
    14: [  # infinity C, price 12
        E("trigger", on="recruit", gain="points", amount=1),
        E("trigger", on="round", gain="workers", amount=1, colour=_with_colour(1)),
        E("trigger", on="canal", gain="points", amount=2), E("trigger", on="threat_discard", gain="points", amount=1),
        E("trigger", on="round", gain="guilders", amount=2), E("hand_limit", amount=1),
        E("trigger", on="reputation", gain="points", amount=2), E("trigger", on="round", gain="guilders", amount=2),
        E("trigger", on="majority", gain="points", amount=3), E("trigger", on="recruit", gain="guilders", amount=3),
        E("trigger", on="house", gain="guilders", amount=2),
    ],
}

# (group, position) -> (name, note) for persons some source names or describes
KNOWN = {
    ("Castle", 13): ("King", "name confirmed (BR, ID); group, colour, price, icon and ability reconstructed"),
    ("Castle", 14): ("Queen", "name confirmed (ID); group, colour, price, icon and ability reconstructed"),
    ("Church", 6): ("Nun", "name confirmed (BR); group, colour, price, icon and ability reconstructed"),
    ("Church", 12): ("Inquisitor", "name confirmed (BR); group, colour, price, icon and ability reconstructed"),
    ("Underworld", 0): ("Beggar", "name confirmed (BR); group, colour, price, icon and ability reconstructed"),
    ("Artist", 10): (
        "Engraver",
        "sourced: the revised Engraver (YE) costs 9 and scores 1 point per group of persons, which replaces the "
        "first-edition card (its values are unknown); the 'different groups among your persons' reading, the "
        "laurel icon, group and colour are reconstructed",
    ),
    ("Merchant", 4): (
        "",
        "sourced: a lightning person gives 6 guilders once when recruited (SK, unnamed); this card's name, colour, "
        "group and price are reconstructed",
    ),
}

#: what a reconstructed card list may leave unconfirmed (bgkit_bruges.data checks the names)
PARTS = ("names", "colours", "prices", "points", "activations", "groups", "abilities")


def persons() -> list[dict[str, object]]:
    out = []
    for g, group in enumerate(GROUPS):
        for j in range(15):
            name, note = KNOWN.get((group, j), ("", ""))
            person = {
                "id": g * 15 + j + 1,
                "name": name or f"{group} {j + 1}",
                "colour": COLOURS[(j + g) % 5],
                "price": PRICES[j],
                "points": PRICES[j] // 3,
                "group": group,
                "activation": ACTIVATIONS[j],
            }
            if ACTIVATIONS[j] == "worker":
                person["activation_colour"] = COLOURS[(j + 2 * g + 1) % 5]
            if ACTIVATIONS[j] == "infinity":
                person["infinity"] = INFINITY[j]
            person["effect"] = ABILITIES[j][g]
            if note:
                person["note"] = note
            out.append(person)
    return out


HEADER = """\
# Bruges person cards: a RECONSTRUCTION, not the printed cards.
# No public source lists the 165 printed persons (names, colours, prices, points, icons, groups,
# abilities). This list keeps every constraint the sources give: 165 different persons; 11 groups
# x 15; 5 colours (33 each, 3 per colour in every group); prices 0-12 in steps of 3 with points a
# third of the price; the 4 activation icons; and two sourced abilities (the revised Engraver, a
# lightning person worth 6 guilders). Every other ability is a reconstruction in the vocabulary of
# bgkit_bruges/abilities.py. Written by tools/reconstruct_persons.py.
# Load your own box's list with --data FILE (same [[person]] format; see the plugin README).
"""


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def render() -> str:
    lines = [HEADER, "[persons]",
             'source = "reconstruction (tools/reconstruct_persons.py) following RS, RP, YE, RJ, SDJ, BR, ID, SK, UB, GP"',
             "confirmed = false",
             f"reconstructed = {_value(list(PARTS))}",
             'note = "165 generated persons with abilities; only the names King, Queen, Nun, Inquisitor, Beggar, '
             "Engraver, the revised Engraver's price and ability (YE) and one lightning person's 6 guilders (SK) "
             'come from sources"']
    for person in persons():
        lines += ["", "[[person]]"] + [f"{key} = {_value(value)}" for key, value in person.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    target = Path(__file__).resolve().parent.parent / "bgkit_bruges" / "data" / "persons.toml"
    target.write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
