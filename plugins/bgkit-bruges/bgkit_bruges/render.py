"""Drawing a Bruges setup with rich: what a person lays out the table from, step by step."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table


def render_setup(comp, setup: dict) -> Group:
    players = setup["seats"]
    start = setup["start_player"]
    seats = Table(title="Players (seats clockwise)", title_justify="left")
    for column in ("seat", "colour", "turn", "small seal"):
        seats.add_column(column)
    for p in players:
        seats.add_row(
            f"{p['seat']}" + (" ★ start" if p["seat"] == start else ""),
            p["colour"],
            str(setup["turn_order"].index(p["seat"]) + 1),
            f"guard house {p['guard_house']} (the one nearest your seat)",
        )

    # every player starts alike, so one list says what each one takes
    first = players[0]
    each = Table(title="Each player", title_justify="left", show_header=False)
    each.add_column("what")
    each.add_column("where")
    each.add_row("large seal", "in front of you")
    each.add_row("scoring pawn", f"space {first['score']} of the scoring track")
    each.add_row("reputation pawn", "on the town hall" if first["reputation"] == 0 else f"step {first['reputation']}")
    each.add_row("majority markers", _markers(first["majority_markers"]))
    each.add_row("workers", _workers(first["workers"]))
    each.add_row("guilders", f"{first['guilders']} ({first['coins']['1']}×1 + {first['coins']['3']}×3)")
    each.add_row("overview cards", "2")

    stacks = setup["stacks"]
    piles = setup["piles"]
    cards = Table(title="Person cards", title_justify="left")
    cards.add_column("step")
    cards.add_column("pile")
    cards.add_column("cards", justify="right")
    total = sum(stacks["sizes"])
    size_text = "/".join(str(s) for s in sorted(set(stacks["sizes"])))
    cards.add_row("1", f"shuffle all {total} persons, split into {stacks['count']} stacks", size_text + " each")
    cards.add_row("2", f"shuffle {stacks['into_draw_piles']} stacks together, split in 2: draw pile A",
                  str(len(piles["draw_a"])))
    cards.add_row("", "draw pile B", str(len(piles["draw_b"])))
    cards.add_row("3", f"the other {stacks['into_extra_pile']} stacks: extra pile (set aside)",
                  str(len(piles["extra"])))

    supply = setup["supply"]
    table_items = Table(title="Board and supply", title_justify="left", show_header=False)
    table_items.add_column("what")
    table_items.add_column("how")
    table_items.add_row("statues", "stacked " + ", ".join(map(str, reversed(setup["statues_top_first"])))
                        + f" from the bottom ({setup['statues_top_first'][0]} on top)")
    table_items.add_row("start player", f"seat {start}: start player banner and the 5 dice (the rule book's pick: "
                        "whoever most recently ate the most Belgian chocolate; --option start=N seats them)")
    table_items.add_row("workers", ", ".join(f"{n} {c}" for c, n in supply["workers"].items()) + " (use substitutes if short)")
    table_items.add_row("threat markers", ", ".join(f"{n} {c}" for c, n in supply["threats"].items()))
    table_items.add_row("guilders", f"{supply['coins_1']}×1 and {supply['coins_3']}×3 in the bank")
    table_items.add_row("canal tokens", str(supply["canal_tokens"]))
    table_items.add_row("50/100 tokens", f"{supply['point_tokens']}, 50 side up, beside space 49")
    table_items.add_row("hands", "empty: everyone draws 5 in phase 1 of round 1")

    card_note = ("card ids refer to your own card list" if setup["card_list"] == "own" else
                 "card ids refer to the shipped RECONSTRUCTED card list (not the printed cards)")
    note = Panel(
        "At a real table just shuffle: the piles' sizes above are what matters. The exact order of every pile "
        f"(top card first) is in --format json/toml; {card_note}.",
        title="cards",
        title_align="left",
    )
    return Group(seats, each, cards, table_items, note)


def _workers(workers: dict[str, int]) -> str:
    counts = set(workers.values())
    if len(counts) == 1:
        return f"{counts.pop()} of each colour"
    return ", ".join(f"{n} {c}" for c, n in workers.items())


def _markers(markers: dict[str, str]) -> str:
    sides = set(markers.values())
    if len(sides) == 1:
        return f"{len(markers)}, {sides.pop()} side up"
    return ", ".join(f"{name}: {side}" for name, side in markers.items())
