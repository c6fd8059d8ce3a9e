"""Goofspiel's display: the setup as instructions, and the table as a seat sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the table half imports no engine (spec.py)
    from bgkit_goofspiel.state import GoofState


def render_setup(components: None, setup: dict[str, Any]) -> str:
    deck, players = setup["deck"], setup["players"]
    other = "another suit" if players < 4 else "a suit of a second deck (a deck has four suits, one for each player)"
    return (
        f"Each of the {players} players takes the cards 1-{deck} of one suit.\n"
        f"Shuffle the cards 1-{deck} of {other} face down: the prizes, turned up one a round."
    )


def render(state: GoofState, player: int | None) -> Any:
    from rich.table import Table

    table = Table(title=f"Goofspiel — prize on the table: {state.prize or '-'}", title_justify="left")
    table.add_column("player")
    table.add_column("won")
    table.add_column("points", justify="right")
    table.add_column("cards left")
    table.add_column("bid")
    for q in range(state.num_players):
        mine = player is None or q == player
        left = " ".join(map(str, sorted(state.hands[q]))) if mine else f"{len(state.hands[q]) + (state.bids[q] is not None)} cards"
        bid = state.bids[q] if mine else ("sealed" if state.bids[q] is not None else "")
        table.add_row(f"P{q + 1}", " ".join(map(str, state.won[q])), str(sum(state.won[q])), str(left), str(bid or ""))
    return table
