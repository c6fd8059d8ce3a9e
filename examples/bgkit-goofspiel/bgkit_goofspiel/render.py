"""Goofspiel's display: the setup as instructions, and the table as a seat sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the table half imports no engine (spec.py)
    from bgkit.api import Drawing
    from bgkit_goofspiel.state import GoofState


def render_setup(components: None, setup: dict[str, Any]) -> str:
    deck, players = setup["deck"], setup["players"]
    other = "another suit" if players < 4 else "a suit of a second deck (a deck has four suits, one for each player)"
    return (
        f"Each of the {players} players takes the cards 1-{deck} of one suit.\n"
        f"Shuffle the cards 1-{deck} of {other} face down: the prizes, turned up one a round."
    )


def seat_row(state: GoofState, q: int, player: int | None) -> tuple[str, str, str, str]:
    """One seat as ``player`` sees it: the prizes won, their points, the cards left (another's by
    their count) and the bid (another's sealed); the full drawing and the compact one both use it."""
    if player is not None and q != player:
        return public_row(state, q)
    left = " ".join(map(str, sorted(state.hands[q])))
    return " ".join(map(str, state.won[q])), str(sum(state.won[q])), left, str(state.bids[q] or "")


def public_row(state: GoofState, q: int) -> tuple[str, str, str, str]:
    """One seat as everyone sees it: the prizes won, their points, how many cards it holds, whether
    its bid is sealed (never which cards)."""
    left = f"{len(state.hands[q]) + (state.bids[q] is not None)} cards"
    return " ".join(map(str, state.won[q])), str(sum(state.won[q])), left, "sealed" if state.bids[q] is not None else ""


def render(state: GoofState, player: int | None) -> Any:
    return _table(state, [seat_row(state, q, player) for q in range(state.num_players)])


def render_public(state: GoofState) -> Any:
    """What everyone at the table sees (a shared screen): the prize, each seat's prizes won and
    points, its cards by their count and its bid as sealed."""
    return _table(state, [public_row(state, q) for q in range(state.num_players)])


def _table(state: GoofState, rows: list[tuple[str, str, str, str]]) -> Any:
    from rich.table import Table

    table = Table(title=f"Goofspiel — prize on the table: {state.prize or '-'}", title_justify="left")
    table.add_column("player")
    table.add_column("won")
    table.add_column("points", justify="right")
    table.add_column("cards left")
    table.add_column("bid")
    for q, row in enumerate(rows):
        table.add_row(f"P{q + 1}", *row)
    return table


def render_compact(state: GoofState, player: int | None) -> Drawing:
    """A line for the prize, one for each seat (``player``'s first)."""
    from bgkit.api import Drawing

    drawing = Drawing([f"Goofspiel — prize on the table: {state.prize or '-'}"])
    for q in _seats(state, player):
        drawing.line(_seat_line(state, q, player), "bold" if q == player else "")
    return drawing


def render_part(state: GoofState, player: int | None, word: str) -> Drawing | None:
    """``board``: the prize; ``hand``: ``player``'s own line; ``others``: the other seats' lines."""
    from bgkit.api import Drawing

    if word == "board":
        return Drawing([f"prize on the table: {state.prize or '-'}"])
    seats = [q for q in range(state.num_players) if (q == player) == (word == "hand")]
    return Drawing([_seat_line(state, q, player) for q in seats]) if word in ("hand", "others") else None


def _seats(state: GoofState, player: int | None) -> list[int]:
    everyone = list(range(state.num_players))
    return everyone if player is None else [player] + [q for q in everyone if q != player]


def _seat_line(state: GoofState, q: int, player: int | None) -> str:
    won, points, left, bid = seat_row(state, q, player)
    return (f"P{q + 1}{' (you)' if q == player else ''}: {points} points (won {won or '-'}); cards {left}"
            + (f"; bid {bid}" if bid else ""))
