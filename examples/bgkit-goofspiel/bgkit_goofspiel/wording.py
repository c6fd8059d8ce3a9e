"""A bot's bid said as an instruction for the people at a real table (``--chance table``): the
play half's ``Wording``. A bid is sealed, so the core says it only when the bids are revealed
(``P2 (greedy) bids its 7: …``); until then the table hears that the bot has chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bgkit_goofspiel.state import GoofState


def instruction(state: GoofState, player: int, action: int) -> str:
    return f"bids its {action}: lay the {action} from its hand face up beside the prize"
