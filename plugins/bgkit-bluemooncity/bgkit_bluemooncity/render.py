"""Drawing Blue Moon City: a setup with rich (the city as a grid to copy onto the table, then what
goes beside it). The table in play is drawn by :mod:`bgkit_bluemooncity.display`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from bgkit.api import MARK

from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.setup import count_layouts

if TYPE_CHECKING:  # rich is imported where a drawing is made: `bgkit score` imports this module and draws no setup
    from rich.console import Group, RenderableType
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

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


def render_setup(comp: Components, setup: dict[str, Any]) -> Group:
    from rich.console import Group

    city = _city(comp, setup)
    parts: list[RenderableType] = [city, _legend(comp, setup), _beside(comp, setup)]
    hands = [seat["hand"] for seat in setup["seats"] if "hand" in seat]
    if hands:
        parts.append(_hands(comp, hands))
    return Group(*parts)


def _cell(comp: Components, building_id: str, layout: str) -> Text:
    from rich.text import Text

    building = comp.buildings[building_id]
    text = Text()
    text.append(building.name, style="bold" if building.position else "")
    if building.position and (layout == "standard" or building.position == "centre"):
        text.append(" (fixed)", style="dim")
    text.append("\n")
    if not building.boxes:
        text.append("figures start here", style="dim")
        return text
    colour = building.colour
    values = "-".join(str(v) for v in building.boxes)
    mark = MARK if building.is_reconstructed("boxes") else ""
    text.append(f"{colour} {mark}{values}", style=STYLES.get(building.colour, ""))
    return text


def _city(comp: Components, setup: dict[str, Any]) -> Table:
    """Five columns west to east, five rows north to south; fits an 80-column terminal."""
    from rich.table import Table
    from rich.text import Text

    title = "The city — north at the top, west on the left; copy it tile by tile"
    table = Table(title=title, title_justify="left", show_header=False, show_lines=True)
    for _ in range(5):
        table.add_column(justify="center", min_width=12, ratio=1)
    for cells in setup["city"]:
        table.add_row(*(_cell(comp, b, setup["layout"]) if b else Text("") for b in cells))
    return table


def _legend(comp: Components, setup: dict[str, Any]) -> Text:
    from rich.text import Text

    layouts = count_layouts(comp, setup["layout"])
    lines = [
        "Box values are printed left to right; the left-most box wins a majority tie.",
        f"{MARK} marks box values this plugin reconstructed (no source gives them): your tiles show the real ones.",
    ]
    if setup["layout"] == "standard":
        lines.append(f"Standard city: courtyard, temples and palace fixed, 16 tiles at random ({layouts:,} cities).")
    else:
        lines.append(f"Variant city: only the courtyard fixed, 20 tiles at random ({layouts:,} cities).")
    return Text("\n".join(lines), style="dim")


def _beside(comp: Components, setup: dict[str, Any]) -> Panel:
    from rich.panel import Panel

    obelisk = setup["obelisk"]
    dealt = any("hand" in seat for seat in setup["seats"])
    lines = [
        f"Start player: Player {setup['start_player']}, then clockwise.",
        f"Offerings to win: {setup['offerings_to_win']}.",
        f"Obelisk: {len(obelisk)} boxes in use, filled bottom up, costing " + ", ".join(map(str, obelisk)) + " crystals"
        + ("; leave the two shaded outer 7 boxes empty." if len(obelisk) < len(comp.obelisk) else "."),
        "West of the city (left, level with the courtyard): the obelisk, the crystals on one side of it,",
        f"  {setup['scales']} golden scales on the other; return the other scales to the box.",
        f"East of the city (right): the {len(setup['dragons'])} dragons ({', '.join(setup['dragons'])}), off the board.",
        f"Each player: figure on the courtyard, {setup['markers_per_player']} markers in front of them.",
        f"Cards: shuffle all {len(comp.deck())}, deal {setup['hand_size']} to each player; "
        f"{setup['deck']} stay face down as the deck east of the city.",
    ]
    if dealt:
        lines[-1] += " The hands dealt are below."
    return Panel("\n".join(lines), title="Beside the city", title_align="left")


def _hands(comp: Components, hands: list[list[str]]) -> Table:
    from rich.table import Table

    guessed = [p.name for p in comp.peoples.values() if p.provenance.reconstructed]
    caption = None
    if guessed:
        caption = (
            f"The values of the {', '.join(guessed)} cards are a reconstruction (no source gives how many "
            "1s, 2s and 3s each people has), so your deck may not hold these exact cards; "
            "--data FILE loads your deck's values."
        )
    table = Table(title="Starting hands (show each player only their own)", title_justify="left",
                  caption=caption, caption_justify="left")
    table.add_column("player")
    table.add_column("cards (people value)")
    for seat, hand in enumerate(hands, start=1):
        counts = Counter(hand)
        shown = []
        for card_id in sorted(counts, key=comp.card_order):
            people_id, _, value = card_id.rpartition("-")
            people = comp.peoples[people_id]
            text = f"{people.name} ({people.colour}) {value}" + (f" ×{counts[card_id]}" if counts[card_id] > 1 else "")
            shown.append(f"[{STYLES.get(people.colour, '')}]{text}[/]" if STYLES.get(people.colour) else text)
        table.add_row(f"Player {seat}", ", ".join(shown))
    return table
