"""A bot's move said as an instruction for the people at a real table (``--chance table``).

``instruction(state, player, action)`` is the play half's ``Wording``: the words after the seat's
name (``P2 (greedy) eats the bard: put it on the food side of its bridge``), read from the state
just before the move. A sealed bid is said only when the bids are revealed (the core says so in
the meantime). A move this module does not word is said by its text, the core's default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from bgkit_bridgetroll.bids import BID, BIDMIX, CLOSE
from bgkit_bridgetroll.codes import (
    BOOST, BUY, CONVERT, DEFEND, END, FIGHT, LOSE, PAY, PICK, PICK_FD, PILE, PLACE, PLAY_MINER, PLAY_PEEK, READY, SELL,
    SPEND, STEAL, TAKE, THROW, USE_GARLIC, YIELD,
)

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState

SIDES = ("food", "toll")  # by the travellers' sides (FOOD, TOLL)


def _pick(s: TrollState, action: tuple[Any, ...]) -> str:
    text = s.action_text(action)  # eat bard / rob bard / take jester
    verb, name = text.split(" ", 1)
    if verb in ("eat", "rob"):
        return f"{'eats' if verb == 'eat' else 'robs'} the {name}: put it on the {SIDES[action[2]]} side of its bridge"
    return f"takes the {name} from the row"


def _bid(s: TrollState, action: tuple[Any, ...]) -> str:
    stones = s.action_text(action).removeprefix("bid ")
    return f"bids {stones} stones: put them in its fist, then open it with the others"


WORDS: dict[int, Callable[[Any, tuple[Any, ...]], str]] = {
    CLOSE: lambda s, a: "closes its bridge (bids nothing this round)",
    BID: _bid,
    BIDMIX: _bid,
    PLAY_PEEK: lambda s, a: "plays its Fortune Teller: it looks at the face-down traveller",
    PLAY_MINER: lambda s, a: "plays its Miner",
    READY: lambda s, a: "is ready to bid",
    PICK: _pick,
    PICK_FD: lambda s, a: "takes the face-down traveller: turn it up and tell me which it is",
    PLACE: lambda s, a: f"puts the traveller on the {SIDES[a[1]]} side of its bridge",
    USE_GARLIC: lambda s, a: "discards its Garlic Merchant",
    DEFEND: lambda s, a: "defends with stones worth the hazard's value",
    PAY: lambda s, a: f"pays a {s.t.colours[a[1]]} stone",
    FIGHT: lambda s, a: "fights the Billy Goat",
    THROW: lambda s, a: f"throws a {s.t.colours[a[1]]} stone at the Billy Goat",
    YIELD: lambda s, a: "lets the Billy Goat damage its bridge",
    SELL: lambda s, a: f"turns its upgrade {a[1]} back into points",
    LOSE: lambda s, a: f"gives up the {s.t.names[a[2]]} from the {SIDES[a[1]]} side of its bridge",
    PILE: lambda s, a: f"takes back the stones of P{a[1] + 1}'s bid",
    TAKE: lambda s, a: f"takes a {s.t.colours[a[1]]} stone from the pool",
    STEAL: lambda s, a: f"takes a {s.t.colours[a[2]]} stone from P{a[1] + 1}",
    SPEND: lambda s, a: f"spends the {s.t.names[a[2]]} from the {SIDES[a[1]]} side of its bridge",
    BOOST: lambda s, a: f"adds a {s.t.colours[a[1]]} stone",
    CONVERT: lambda s, a: "converts what it chose into victory points",
    BUY: lambda s, a: f"buys the top bridge upgrade{f' ({s.pile[0]})' if s.pile else ''}",
    END: lambda s, a: "ends its scoring turn",
}


def instruction(state: TrollState, player: int, action: tuple[Any, ...]) -> str:
    words = WORDS.get(action[0])
    return words(state, action) if words is not None else ""

