"""Drawing a Blue Moon City setup on the core's drawing: the city as a grid to copy onto the table,
then what goes beside it (``bgkit setup --format svg`` draws the same as a picture). The table in
play is drawn by :mod:`bgkit_bluemooncity.display`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bgkit.api import MARK, Drawing

from bgkit_bluemooncity.city import SIZE
from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.setup import count_layouts

#: How each box colour is drawn (rich drops the styles under NO_COLOR; the colour name stays).
STYLES = {
    "black": "bold",
    "red": "red",
    "blue": "blue",
    "grey": "grey62",
    "green": "green",
    "brown": "dark_orange3",
    "white": "bright_white",
    "yellow": "yellow",
    "any": "magenta",
}


def render_setup(comp: Components, setup: dict[str, Any]) -> Drawing:
    """The setup on the core's drawing: the terminal prints it, ``bgkit setup --format svg`` draws
    it as a picture (the city tile by tile)."""
    out = Drawing(hang=2)
    out.line("The city — north at the top, west on the left; copy it tile by tile", "bold")
    cells = {(r, c): _cell(comp, b, setup["layout"]) for r, row in enumerate(setup["city"]) for c, b in enumerate(row) if b}
    out.grid(cells, rows=SIZE, columns=SIZE, widest=20, narrowest=12)
    for line in _legend(comp, setup):
        out.line(line, "dim")
    out.line("Beside the city", "bold")
    for line in _beside(comp, setup):
        out.line(line)
    hands = [seat["hand"] for seat in setup["seats"] if "hand" in seat]
    if hands:
        _hands(out, comp, hands)
    return out


def _cell(comp: Components, building_id: str, layout: str) -> list[tuple[str, str]]:
    """A tile of the city: its name, whether it is fixed, its colour and box values."""
    building = comp.buildings[building_id]
    lines = [(building.name, "bold" if building.position else "")]
    if building.position and (layout == "standard" or building.position == "centre"):
        lines.append(("(fixed)", "dim"))
    if not building.boxes:
        return lines + [("figures start here", "dim")]
    values = "-".join(str(v) for v in building.boxes)
    mark = MARK if building.is_reconstructed("boxes") else ""
    return lines + [(f"{building.colour} {mark}{values}", STYLES.get(building.colour, ""))]


def _legend(comp: Components, setup: dict[str, Any]) -> list[str]:
    layouts = count_layouts(comp, setup["layout"])
    lines = [
        "Box values are printed left to right; the left-most box wins a majority tie.",
        f"{MARK} marks box values this plugin reconstructed (no source gives them): your tiles show the real ones.",
    ]
    if setup["layout"] == "standard":
        lines.append(f"Standard city: courtyard, temples and palace fixed, 16 tiles at random ({layouts:,} cities).")
    else:
        lines.append(f"Variant city: only the courtyard fixed, 20 tiles at random ({layouts:,} cities).")
    return lines


def _beside(comp: Components, setup: dict[str, Any]) -> list[str]:
    obelisk = setup["obelisk"]
    dealt = any("hand" in seat for seat in setup["seats"])
    lines = [
        f"Start player: Player {setup['start_player']}, then clockwise.",
        f"Offerings to win: {setup['offerings_to_win']}.",
        f"Obelisk: {len(obelisk)} boxes in use, filled bottom up, costing " + ", ".join(map(str, obelisk)) + " crystals"
        + ("; leave the two shaded outer 7 boxes empty." if len(obelisk) < len(comp.obelisk) else "."),
        "West of the city (left, level with the courtyard): the obelisk, the crystals on one side of it, "
        f"{setup['scales']} golden scales on the other; return the other scales to the box.",
        f"East of the city (right): the {len(setup['dragons'])} dragons ({', '.join(setup['dragons'])}), off the board.",
        f"Each player: figure on the courtyard, {setup['markers_per_player']} markers in front of them.",
        f"Cards: shuffle all {len(comp.deck())}, deal {setup['hand_size']} to each player; "
        f"{setup['deck']} stay face down as the deck east of the city.",
    ]
    if dealt:
        lines[-1] += " The hands dealt are below."
    return lines


def _hands(out: Drawing, comp: Components, hands: list[list[str]]) -> None:
    guessed = [p.name for p in comp.peoples.values() if p.provenance.reconstructed]
    caption = ""
    if guessed:
        caption = (
            f"The values of the {', '.join(guessed)} cards are a reconstruction (no source gives how many "
            "1s, 2s and 3s each people has), so your deck may not hold these exact cards; "
            "--data FILE loads your deck's values."
        )
    rows = []
    for seat, hand in enumerate(hands, start=1):
        counts = Counter(hand)
        shown = []
        for card_id in sorted(counts, key=comp.card_order):
            people_id, _, value = card_id.rpartition("-")
            people = comp.peoples[people_id]
            shown.append(f"{people.name} ({people.colour}) {value}" + (f" ×{counts[card_id]}" if counts[card_id] > 1 else ""))
        rows.append([f"Player {seat}", ", ".join(shown)])
    out.table(("player", "cards (people value)"), rows, title="Starting hands (show each player only their own)",
              note=caption)


# -- the table in play ---------------------------------------------------------------------------
