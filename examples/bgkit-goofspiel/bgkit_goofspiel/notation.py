"""Goofspiel's notation: a prize and a bid are both a card, written ``prize 7`` and ``bid 7`` and
numbered by the card's value in the action space."""

from __future__ import annotations

from bgkit_goofspiel.state import GoofState

_PRIZES = tuple(f"prize {card}" for card in range(53))
_BIDS = tuple(f"bid {card}" for card in range(53))
#: The largest deck the ``deck`` option offers: every card's index is below it.
LARGEST_DECK = 13


def action_text(state: GoofState, action: int) -> str:
    if 0 < action < len(_BIDS):  # the texts of the usual decks, made once
        return _PRIZES[action] if state.prize is None else _BIDS[action]
    return f"prize {action}" if state.prize is None else f"bid {action}"


def num_actions(components: None, players: int) -> int:
    return LARGEST_DECK


def max_game_length(components: None, players: int) -> int:
    return LARGEST_DECK * players  # every seat bids every card of the largest deck


def action_index(components: None, action: int) -> int:
    return action - 1


def action_from_index(components: None, state: GoofState, index: int) -> int:
    return index + 1
