"""Drawing a setup on the core's drawing (:class:`bgkit.api.Drawing`): the tables a person lays out
the table from, in setup-step order; the terminal prints it and ``bgkit setup --format svg`` draws
it as a picture."""

from __future__ import annotations

from typing import Any

from bgkit.api import MARK, Drawing

from bgkit_bridgetroll.data import Components, Traveller


def render_setup(comp: Components, setup: dict[str, Any]) -> Drawing:
    start = setup["start_player"]
    out = Drawing(hang=0)
    _seats(out, setup, start)
    out.line(_pool(setup))
    out.line(f"4) Victory points: each player takes {setup['seats'][0]['victory_points']} face down above their "
             "board; the other tokens are the supply, face up.")
    _deck(out, setup, comp)
    _upgrades(out, setup, comp)
    _schedule(out, setup, comp)
    out.line(f"8-9) Trophies {', '.join(setup['trophies'])} are in play. Start player: seat {start} "
             f"({_colour_of(setup, start)}) takes the weather die and the trophies, with "
             f"{setup['trophy_bonus']} victory point on top of the trophy pile.")
    reconstructed = comp.reconstructed_tables()
    if reconstructed:
        out.line(f"{MARK} reconstructed value, not confirmed by a source "
                 f"(reconstructed tables: {', '.join(reconstructed)}); use --data FILE for your box's values.", "dim")
    return out  # the core's header line already names the game and the players


def _colour_of(setup: dict[str, Any], seat: int) -> str:
    return str(setup["seats"][seat - 1]["colour"])


def _seats(out: Drawing, setup: dict[str, Any], start: int) -> None:
    rows = [[str(seat["seat"]), seat["colour"], f"{seat['stones']} {seat['colour']}", str(seat["victory_points"]),
             "start player: weather die, trophies" if seat["seat"] == start else ""] for seat in setup["seats"]]
    out.table(("seat", "colour", "stones under the board", "victory points", ""), rows, right=(0, 3),
              title="1-3) Boards and stones, seats clockwise; each player also takes a rules summary card")


def _pool(setup: dict[str, Any]) -> str:
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
    return text


def _upgrades(out: Drawing, setup: dict[str, Any], comp: Components) -> None:
    pile = setup["upgrade_pile"]
    costs = comp.upgrade_costs
    mark = "" if comp.provenance["upgrade_costs"].confirmed else MARK
    removed = setup["upgrades_removed"]
    out.table((), [["card", *(str(v) for v in pile)], ["cost" + mark, *(str(costs.get(v, "?")) for v in pile)]],
              title=(f"6) Bridge upgrade pile, face up, in descending order ({pile[0]} on top, {pile[-1]} at the "
                     "bottom): only the top card can be bought"),
              note=f"back in the box: {', '.join(str(v) for v in removed)}" if removed else "",
              right=tuple(range(1, len(pile) + 1)))


def _schedule(out: Drawing, setup: dict[str, Any], comp: Components) -> None:
    schedule = setup["schedule"]
    card = comp.schedules.get(schedule["players"])
    confirmed = set(card.confirmed_values) if card is not None else set()
    faces = setup["weather_faces"]
    rows = [[f"{weather} ×{faces.count(weather)}", f"{count}{'' if weather in confirmed else MARK}"]
            for weather, count in schedule["travellers"].items()]
    mark = "" if "stones_per_open_player" in confirmed else MARK
    out.table(("weather (die faces)", "travellers drawn"), rows, right=(1,),
              title=f"7) Travel schedule card for {schedule['players']} players",
              note=f"a closed bridge takes {schedule['stones_per_open_player']}{mark} stones from the pool per open bridge")


def _deck(out: Drawing, setup: dict[str, Any], comp: Components) -> None:
    if "deck" not in setup:
        out.line(f"5) Traveller deck. Shuffle the {setup['deck_size']} travellers and put them face down beside "
                 "the schedule card.")
        return
    names = {card.key: card.name for card in comp.travellers}
    deck = setup["deck"]
    columns = 4
    rows = -(-len(deck) // columns)
    table: list[list[str]] = []
    for row in range(rows):
        cells: list[str] = []
        for column in range(columns):
            index = column * rows + row
            cells += [str(index + 1), names.get(deck[index], deck[index])] if index < len(deck) else ["", ""]
        table.append(cells)
    out.table((), table, right=(0, 2, 4, 6),
              title=f"5) Traveller deck, face down, from the top (1) to the bottom ({len(deck)})")


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
