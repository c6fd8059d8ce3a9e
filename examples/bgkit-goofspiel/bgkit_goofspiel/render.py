"""Drawing Goofspiel: the setup as instructions (the state draws itself)."""

from __future__ import annotations


def render_setup(components: None, setup: dict) -> str:
    deck, players = setup["deck"], setup["players"]
    other = "another suit" if players < 4 else "a suit of a second deck (a deck has four suits, one for each player)"
    return (
        f"Each of the {players} players takes the cards 1-{deck} of one suit.\n"
        f"Shuffle the cards 1-{deck} of {other} face down: the prizes, turned up one a round."
    )
