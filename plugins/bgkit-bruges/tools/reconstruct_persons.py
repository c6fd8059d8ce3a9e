"""Writes bgkit_bruges/data/persons.toml: the labelled reconstruction of the 165 person cards.

No public source lists the printed cards (see the project's rules/bruges.md, section 0), so this
script builds a stand-in that keeps every constraint the sources give:

* 165 persons, all different, ids 1-165 (SDJ, PK, OG, BR);
* 11 groups x 15 persons (YE, RP);
* 5 colours; 33 per colour (165/5, derived) and 3 of each colour in every group;
* prices 0-12 (RJ), points a third of the price (RP), so prices are multiples of 3 here;
* the 4 activation icons (RS, RP): per group 3 lightning, 5 worker, 5 infinity, 2 laurel;
* the few names sources confirm are used (King, Queen, Nun, Inquisitor, Beggar, Engraver), the
  revised Engraver with its confirmed price 9 and laurel text (YE); all other names are generic.

Run it from the plugin folder: python tools/reconstruct_persons.py
"""

from __future__ import annotations

from pathlib import Path

import tomli_w

COLOURS = ["red", "yellow", "blue", "brown", "purple"]
GROUPS = ["Noble", "Entertainer", "Craftsman", "Church", "Protector", "Scholar", "Bureaucrat",
          "Merchant", "Castle", "Artist", "Underworld"]
# one pattern per group position j = 0..14
PRICES = [0, 0, 3, 3, 3, 3, 6, 6, 6, 6, 9, 9, 9, 12, 12]
ACTIVATIONS = ["lightning", "worker", "infinity", "worker", "lightning", "infinity", "worker", "laurel",
               "infinity", "worker", "laurel", "infinity", "worker", "lightning", "infinity"]
# (group, position) -> (name, ability, note) for persons some source names
KNOWN = {
    ("Castle", 13): ("King", "", "name confirmed (BR, ID); group, colour, price and icon reconstructed"),
    ("Castle", 14): ("Queen", "", "name confirmed (ID); group, colour, price and icon reconstructed"),
    ("Church", 6): ("Nun", "", "name confirmed (BR); group, colour, price and icon reconstructed"),
    ("Church", 12): ("Inquisitor", "", "name confirmed (BR); group, colour, price and icon reconstructed"),
    ("Underworld", 0): ("Beggar", "", "name confirmed (BR); group, colour, price and icon reconstructed"),
    ("Artist", 10): (
        "Engraver",
        "final scoring: 1 point per group among your persons (revised Engraver, YE)",
        "name, price 9 and '1 point per group of persons' are the revised Engraver's (YE), which replaces the "
        "first-edition card (its values are unknown); the 'different groups among your persons' reading, the "
        "laurel icon, group and colour are reconstructed",
    ),
    ("Merchant", 0): ("Merchant 1", "when recruited: take 6 guilders once (SK names such a person)",
                      "a one-shot 6-guilder person exists (SK); this card's other values are reconstructed"),
}


#: what a reconstructed card list may leave unconfirmed (bgkit_bruges.data checks the names)
PARTS = ("names", "colours", "prices", "points", "activations", "groups", "abilities")


def persons() -> list[dict]:
    out = []
    for g, group in enumerate(GROUPS):
        for j in range(15):
            name, ability, note = KNOWN.get((group, j), (f"{group} {j + 1}", "", ""))
            person = {
                "id": g * 15 + j + 1,
                "name": name,
                "colour": COLOURS[(j + g) % 5],
                "price": PRICES[j],
                "points": PRICES[j] // 3,
                "activation": ACTIVATIONS[j],
                "group": group,
            }
            if ACTIVATIONS[j] == "worker":
                person["activation_colour"] = COLOURS[(j + 2 * g + 1) % 5]
            person["ability"] = ability or "unknown: the printed text is not public (reconstruction)"
            if note:
                person["note"] = note
            out.append(person)
    return out


HEADER = """\
# Bruges person cards: a RECONSTRUCTION, not the printed cards.
# No public source lists the 165 printed persons (names, colours, prices, points, icons, groups).
# This list keeps every constraint the sources give: 165 different persons; 11 groups x 15;
# 5 colours (33 each, 3 per colour in every group); prices 0-12 in steps of 3 with points a third of
# the price; the 4 activation icons. Written by tools/reconstruct_persons.py.
# Load your own box's list with --data FILE (same [[person]] format; see the plugin README).
"""


def main() -> None:
    meta = {
        "persons": {
            "source": "reconstruction (tools/reconstruct_persons.py) following RS, RP, YE, RJ, SDJ, BR, ID, SK",
            "confirmed": False,
            "reconstructed": list(PARTS),
            "note": "165 generated persons; only the names King, Queen, Nun, Inquisitor, Beggar, Engraver "
            "and the revised Engraver's price and text come from sources",
        },
        "person": persons(),
    }
    target = Path(__file__).resolve().parent.parent / "bgkit_bruges" / "data" / "persons.toml"
    target.write_text(HEADER + "\n" + tomli_w.dumps(meta), encoding="utf-8")


if __name__ == "__main__":
    main()
