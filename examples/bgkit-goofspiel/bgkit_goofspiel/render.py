"""Drawing Goofspiel: the setup as instructions (the state draws itself)."""

from __future__ import annotations


def render_setup(components: None, setup: dict) -> str:
    deck = setup["deck"]
    return (
        f"Each of the {setup['players']} players takes the cards 1-{deck} of one suit.\n"
        f"Shuffle the cards 1-{deck} of another suit face down: the prizes, turned up one a round."
    )
