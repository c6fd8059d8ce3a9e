"""Drawing a setup with rich: the tables a person lays out the table from, in setup-step order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit.api import MARK

from bgkit_bridgetroll.data import Components, Traveller

if TYPE_CHECKING:  # rich is imported where a drawing is made
    from rich.console import Group, RenderableType
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text


def render_setup(comp: Components, setup: dict[str, Any]) -> Group:
    from rich.console import Group
    from rich.text import Text
    start = setup["start_player"]
    parts: list[RenderableType] = [
        _seats(setup, start),
        _pool(setup),
        Text(
            f"4) Victory points: each player takes {setup['seats'][0]['victory_points']} face down above their "
            "board; the other tokens are the supply, face up."
        ),
        _deck(setup, comp),
        _upgrades(setup, comp),
        _schedule(setup, comp),
        Text(
            f"8-9) Trophies {', '.join(setup['trophies'])} are in play. Start player: seat {start} "
            f"({_colour_of(setup, start)}) takes the weather die and the trophies, with "
            f"{setup['trophy_bonus']} victory point on top of the trophy pile."
        ),
    ]
    reconstructed = comp.reconstructed_tables()
    if reconstructed:
        parts.append(
            Text(
                f"{MARK} reconstructed value, not confirmed by a source "
                f"(reconstructed tables: {', '.join(reconstructed)}); use --data FILE for your box's values.",
                style="dim",
            )
        )
    return Group(*parts)  # the core's header line already names the game and the players


def _colour_of(setup: dict[str, Any], seat: int) -> str:
    return str(setup["seats"][seat - 1]["colour"])


def _seats(setup: dict[str, Any], start: int) -> Table:
    from rich.table import Table
    table = Table(
        title="1-3) Boards and stones, seats clockwise; each player also takes a rules summary card",
        title_justify="left",
    )
    for column in ("seat", "colour", "stones under the board", "victory points", ""):
        table.add_column(column, justify="right" if column in ("seat", "victory points") else "left")
    for seat in setup["seats"]:
        note = "start player: weather die, trophies" if seat["seat"] == start else ""
        table.add_row(
            str(seat["seat"]),
            seat["colour"],
            f"{seat['stones']} {seat['colour']}",
            str(seat["victory_points"]),
            note,
        )
    return table


def _pool(setup: dict[str, Any]) -> Text:
    from rich.text import Text
    own = {seat["colour"] for seat in setup["seats"]}
    parts = [
        f"{count} {colour}" + ("" if colour in own else " (all of an unused colour)")
        for colour, count in setup["pool"].items()
    ]
    text = f"3) Common stone pool, {setup['pool_size']} stones: {', '.join(parts)}."
    if setup["box_colours"]:
        box = setup["box_colours"]
        colours = " and ".join([", ".join(box[:-1]), box[-1]] if len(box) > 1 else box)
        text += f" Back in the box: every {colours} stone."
    return Text(text)


def _upgrades(setup: dict[str, Any], comp: Components) -> Table:
    from rich.table import Table
    pile = setup["upgrade_pile"]
    table = Table(
        title=(
            f"6) Bridge upgrade pile, face up, in descending order ({pile[0]} on top, {pile[-1]} at the "
            "bottom): only the top card can be bought"
        ),
        title_justify="left",
        show_header=False,
    )
    table.add_column("from the top")
    for _ in pile:
        table.add_column(justify="right")
    costs = comp.upgrade_costs
    mark = "" if comp.provenance["upgrade_costs"].confirmed else MARK
    table.add_row("card", *(str(v) for v in pile))
    table.add_row("cost" + mark, *(str(costs.get(v, "?")) for v in pile))
    if setup["upgrades_removed"]:
        table.caption = f"back in the box: {', '.join(str(v) for v in setup['upgrades_removed'])}"
        table.caption_justify = "left"
    return table


def _schedule(setup: dict[str, Any], comp: Components) -> Table:
    from rich.table import Table
    schedule = setup["schedule"]
    card = comp.schedules.get(schedule["players"])
    confirmed = set(card.confirmed_values) if card is not None else set()
    table = Table(title=f"7) Travel schedule card for {schedule['players']} players", title_justify="left")
    table.add_column("weather (die faces)")
    table.add_column("travellers drawn", justify="right")
    faces = setup["weather_faces"]
    for weather, count in schedule["travellers"].items():
        mark = "" if weather in confirmed else MARK
        table.add_row(f"{weather} ×{faces.count(weather)}", f"{count}{mark}")
    mark = "" if "stones_per_open_player" in confirmed else MARK
    table.caption = (
        f"a closed bridge takes {schedule['stones_per_open_player']}{mark} stones from the pool per open bridge"
    )
    table.caption_justify = "left"
    return table


def _deck(setup: dict[str, Any], comp: Components) -> Panel:
    from rich.panel import Panel
    from rich.table import Table
    if "deck" not in setup:
        return Panel(
            f"Shuffle the {setup['deck_size']} travellers and put them face down beside the schedule card.",
            title="5) Traveller deck",
            title_align="left",
        )
    names = {card.key: card.name for card in comp.travellers}
    columns = 4
    rows = -(-len(setup["deck"]) // columns)
    table = Table(show_header=False, box=None, pad_edge=False)
    for _ in range(columns):
        table.add_column(justify="right", style="dim")
        table.add_column()
    for row in range(rows):
        cells: list[str] = []
        for column in range(columns):
            index = column * rows + row
            if index < len(setup["deck"]):
                cells += [str(index + 1), names.get(setup["deck"][index], setup["deck"][index])]
            else:
                cells += ["", ""]
        table.add_row(*cells)
    return Panel(
        table,
        title=f"5) Traveller deck, face down, from the top (1) to the bottom ({len(setup['deck'])})",
        title_align="left",
    )


# -- a state in play -------------------------------------------------------------------------------


EFFECT_WORDS = {
    "peek": "look at the face-down traveller",
    "garlic": "cancels a knight, bandit or dragon",
    "jester": "bid stones of mixed colours",
    "miner": "take 3 stones from the pool",
    "messenger": "ransom a royal: food side to toll side",
    "knight": "frees your best food card",
    "bandit": "steals your best toll card",
    "dragon": "takes your best card",
}


def marked(comp: Components, card: Traveller, field: str, value: int) -> str:
    """``value`` with the reconstruction mark when no source confirms that field of that card."""
    confirmed = comp.provenance["travellers"].confirmed or field in card.confirmed_fields
    return f"{value}{'' if confirmed else MARK}"


def card_text(comp: Components, x: int, area: str | None = None) -> str:
    """A traveller as a player needs it. On a side (``area``): its key (what is typed) and its worth
    there; in the row: its name, its key when that differs, and all it is worth or does."""
    card = comp.travellers[x]
    if area == "food":
        return f"{card.key} {marked(comp, card, 'food', card.food)}"
    if area == "toll":
        field, value = ("ransom", card.ransom) if card.kind == "royal" else ("toll", card.toll)
        return f"{card.key} {marked(comp, card, field, value)}"
    name = card.name if card.name.lower() == card.key.replace("_", " ") else f"{card.name} [{card.key}]"
    if card.kind == "hazard":
        if card.effect == "goat":
            return (
                f"{name} (goat: {marked(comp, card, 'stones', card.stones)} colours win "
                f"+{marked(comp, card, 'reward', card.reward)}, else -{marked(comp, card, 'damage', card.damage)})"
            )
        return f"{name} ({card.effect}: {EFFECT_WORDS[card.effect]})"
    food = marked(comp, card, "food", card.food)
    if card.kind == "royal":
        return f"{name} (royal: food {food}, ransom {marked(comp, card, 'ransom', card.ransom)})"
    if card.kind == "special":
        return f"{name} (special: {EFFECT_WORDS[card.effect]}; food {food})"
    bonus = f" +{marked(comp, card, 'bonus', card.bonus)}" if card.bonus else ""
    return f"{name} {marked(comp, card, 'toll', card.toll)}g/{food}f{bonus}"


def colour_keys(colours: tuple[str, ...]) -> tuple[str, ...]:
    """The shortest prefix of each colour name that no other colour shares (r, g, y, p, b, o)."""
    keys = []
    for name in colours:
        size = 1
        while any(other != name and other.startswith(name[:size]) for other in colours) and size < len(name):
            size += 1
        keys.append(name[:size])
    return tuple(keys)
