"""Goofspiel's notation: a prize and a bid are both a card, written ``prize 7`` and ``bid 7`` and
numbered by the card's value in the action space; typed, the value alone names the card."""

from __future__ import annotations

from bgkit.api import BadInput
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


def parse_action(state: GoofState, text: str) -> int:
    """``bid 10`` (``prize 10`` for the prize turned up), or the card's value alone: Goofspiel declares
    a card's value as its natural key, so ``10`` typed at the prompt is the card 10, never the 10th
    card listed (bgkit asks where both readings are legal)."""
    word, _, number = text.rpartition(" ")
    kind = "prize" if state.prize is None else "bid"
    if word not in ("", kind) or not number.isdigit():
        raise BadInput(f"{text!r} is not legal here (type {kind} N, or the card N alone)")
    card = int(number)
    legal = state.prizes if state.prize is None else state.legal_actions()
    if card not in legal:
        raise BadInput(f"{text!r} is not legal here")
    return card


#: What Goofspiel's one action word does, for ``?`` at the prompt.
WORDS = (
    ("bid N", "bid your card N, face down, for the prize card turned up; a sole highest bid wins the prize (a tie: "
              "nobody does); your card is spent either way. N is the card's value, never its place in the list"),
)
