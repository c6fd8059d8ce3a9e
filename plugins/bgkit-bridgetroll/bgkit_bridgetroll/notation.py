"""Bridge Troll's notation: the texts a person types and the log keeps, what chance is asked
for at a real table, and the action space (every decision and chance outcome numbered).

An action is a tuple whose first item is its opcode (``codes``, ``bids``) and whose other items are
small whole numbers (a card, a colour, a side, a seat). Each opcode owns a block of indices, in the
order of :data:`BLOCKS`, and its fields are numbered densely inside it (mixed radix, the first
field most significant). A Jester's mixed bid, a fist of stones of two colours or more, comes last:
its block grows with the colours a game of that size can have in play, so the bound is as tight as
the player count allows.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from bgkit.api import derived

from bgkit_bridgetroll.bids import BID, BIDMIX, CLOSE
from bgkit_bridgetroll.codes import (
    BOOST,
    BUY,
    BY_PICK,
    CONVERT,
    DEFEND,
    DRAW,
    EAT,
    END,
    FIGHT,
    LOSE,
    PAY,
    PICK,
    PICK_FD,
    PILE,
    PLACE,
    PLAY_MINER,
    PLAY_PEEK,
    READY,
    REVEAL,
    SEE,
    SELL,
    SEND,
    SPEND,
    STEAL,
    TAKE,
    THROW,
    USE_GARLIC,
    WEATHER,
    YIELD,
    Action,
)
from bgkit_bridgetroll.data import PLAYER_COUNTS, Components
from bgkit_bridgetroll.travellers import FOOD, NORMAL

if TYPE_CHECKING:
    from bgkit_bridgetroll.state import TrollState

#: action texts: the actions without a detail, and the verbs of those with a card or a colour
FIXED_TEXTS = {
    CLOSE: "close", PICK_FD: "take face-down", PLAY_PEEK: "peek", PLAY_MINER: "miner", READY: "ready",
    USE_GARLIC: "garlic", DEFEND: "defend", FIGHT: "fight", YIELD: "yield", CONVERT: "convert", END: "end",
}
CARD_VERBS = {DRAW: "draw", REVEAL: "reveal", SEE: "see", SEND: "messenger", EAT: "eat"}
COLOUR_VERBS = {PAY: "pay", THROW: "throw", TAKE: "take", BOOST: "boost"}


def action_text(state: TrollState, action: Action) -> str:
    t = state.t
    code = action[0]
    if code in FIXED_TEXTS:
        return FIXED_TEXTS[code]
    if code in CARD_VERBS:
        return f"{CARD_VERBS[code]} {t.names[action[1]]}"
    if code in COLOUR_VERBS:
        return f"{COLOUR_VERBS[code]} {t.colours[action[1]]}"
    if code == WEATHER:
        return f"weather {t.weathers[action[1]]}"
    if code == BID:
        return f"bid {action[2]} {t.colours[action[1]]}"
    if code == BIDMIX:
        return "bid " + " + ".join(f"{n} {t.colours[c]}" for c, n in enumerate(action[1]) if n)
    if code == PICK:
        kind = t.kind[action[1]]
        verb = ("eat", "rob")[action[2]] if kind == NORMAL else "take"
        return f"{verb} {t.names[action[1]]}"
    if code == PLACE:
        return f"{'eat' if action[1] == FOOD else 'rob'} {t.names[state.pending.frames[-1][1]]}"
    if code in (LOSE, SPEND):
        return f"{'lose' if code == LOSE else 'spend'} {('food', 'toll')[action[1]]} {t.names[action[2]]}"
    if code == STEAL:
        return f"take {t.colours[action[2]]} from P{action[1] + 1}"
    if code == SELL:
        return f"sell upgrade {action[1]}"
    if code == PILE:
        return f"stones of P{action[1] + 1}"
    if code == BUY:
        return f"buy upgrade {state.pile[0]}" if state.pile else "buy upgrade"
    return str(action)

def chance_label(state: TrollState) -> str:
    head = state.chance[0] if state.chance else None
    if head is None:
        return ""
    code = head[0]
    roller = f"P{state.start + 1}"
    if code == WEATHER:
        return f"{roller} rolls the weather die"
    if code == DRAW:
        return f"{roller} turns up traveller {len(state.row) + 2} of {state.k} (the first lies face down)"
    if code == SEE:
        return f"P{head[1] + 1} looks at the face-down traveller (Fortune Teller)"
    if head[1] == BY_PICK:
        return f"the face-down traveller, turned up as P{state.actor + 1} takes it"
    return "the face-down traveller, turned up as the row is discarded"


SEATS = max(PLAYER_COUNTS)
SIDES = 2  # food, toll: where a traveller lies or is placed
PICK_SIDES = 4  # food, toll, hand (a special), strikes (a hazard)

#: Each opcode and what its fields range over (``Space`` gives the sizes).
BLOCKS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (WEATHER, ("weathers",)), (DRAW, ("cards",)), (REVEAL, ("cards",)), (SEE, ("cards",)),
    (CLOSE, ()), (BID, ("colours", "fist")),
    (PLAY_PEEK, ()), (PLAY_MINER, ()), (READY, ()),
    (PICK, ("cards", "pick_sides")), (PICK_FD, ()), (PLACE, ("sides",)),
    (USE_GARLIC, ()), (LOSE, ("sides", "cards")), (DEFEND, ()), (PAY, ("colours",)), (FIGHT, ()), (YIELD, ()),
    (THROW, ("colours",)), (SELL, ("upgrades",)),
    (PILE, ("seats",)), (TAKE, ("colours",)), (STEAL, ("seats", "colours")),
    (SPEND, ("sides", "cards")), (BOOST, ("colours",)), (CONVERT, ()), (BUY, ()),
    (SEND, ("cards",)), (EAT, ("cards",)), (END, ()),
)


class Space(NamedTuple):
    """The action space of one components object: each opcode's first index and field sizes, and
    the mixed bids' numbering."""

    codes: tuple[int, ...]  # in block order
    starts: tuple[int, ...]  # each block's first index
    radices: dict[int, tuple[int, ...]]  # opcode -> its fields' sizes
    base: dict[int, int]  # opcode -> its first index
    mixes_from: int  # the first mixed bid's index
    fist: int  # the most stones of one colour a player can hold
    supports: dict[int, list[tuple[int, ...]]]  # per size, the colour sets a mixed bid may use
    support_rank: dict[tuple[int, ...], int]
    support_start: list[int]  # per size, the first mixed bid of that many colours (relative)


def space_of(comp: Components) -> Space:
    return derived(comp, "bridgetroll action space", lambda: _build(comp))


def _build(comp: Components) -> Space:
    cards = len(comp.travellers)
    fields = {
        "weathers": len(dict.fromkeys(comp.weather_faces)), "cards": cards, "colours": len(comp.colours),
        "fist": comp.stones_per_colour + 1, "pick_sides": PICK_SIDES, "sides": SIDES, "seats": SEATS,
        "upgrades": max(comp.upgrades) + 1,
    }
    codes, starts, radices, base, at = [], [], {}, {}, 0
    for code, names in BLOCKS:
        radices[code] = tuple(fields[name] for name in names)
        codes.append(code)
        starts.append(at)
        base[code] = at
        size = 1
        for radix in radices[code]:
            size *= radix
        at += size
    colours, fist = len(comp.colours), comp.stones_per_colour
    supports = {size: list(combinations(range(colours), size)) for size in range(2, colours + 1)}
    rank = {support: i for group in supports.values() for i, support in enumerate(group)}
    support_start = [0, 0, 0]  # sizes 0 and 1 are not mixed bids
    for size in range(2, colours + 1):
        support_start.append(support_start[-1] + comb(colours, size) * fist**size)
    return Space(tuple(codes), tuple(starts), radices, base, at, fist, supports, rank, support_start)


def num_actions(comp: Components, players: int) -> int:
    """Every single action, then the mixed bids of at most as many colours as a game of ``players``
    has in play (the seats' colours and the pool's extra ones)."""
    space = space_of(comp)
    in_play = min(len(comp.colours), players + comp.extra_colours(players))
    return space.mixes_from + space.support_start[in_play + 1]


def max_game_length(comp: Components, players: int) -> int:
    """The most decisions a game can take: lay-outs of the row times the decisions one can bring.

    A lay-out takes ``k`` cards (the schedule's least ``k_min`` at least) out of the deck, and the
    game ends when the deck cannot supply ``k``; only a goat yielded goes back into the deck, and
    only one of that lay-out's row. With fewer goats than ``k_min`` every lay-out shrinks the deck
    by ``k_min - goats`` or more, so there are at most ``1 + (deck - k_min) // (k_min - goats)``.
    With as many goats as ``k_min`` (the shipped box at 3 and 4 players: 3 goats, 3 travellers
    when cloudy) the rules allow a game without end, every row all goats and every goat yielded
    back; the bound then lets every card of the deck be followed by such a row once more (a game
    past it has had more all-goat rows than the deck has cards, every one yielded: not a hard
    bound, the only one here).

    A lay-out brings: ``players`` ready (the specials' window) and bids; ``k_max`` picks, each
    followed by a placement or a hazard's choice and then at most the stones it asks for (a
    defence at most the best value of a card, a goat its colours) or an upgrade sold; each card
    played from a hand (peek, miner, eaten, ransomed) once, a miner's 3 stones taken; a bridge's
    stones taken per open player; the closed bridges' stones, one a decision; at scoring, each
    card spent once, each stone boosted once, and per player a conversion, a purchase and the end.
    """
    schedule = comp.schedules[players]
    k_min, k_max = min(schedule.travellers.values()), max(schedule.travellers.values())
    deck = sum(card.count for card in comp.travellers)
    goats = sum(card.count for card in comp.travellers if card.effect == "goat")
    layouts = 1 + (deck - k_min) // (k_min - goats) if k_min > goats else 2 * deck
    stones = comp.stones_in_play(players)
    strike = max([1] + [max(card.food, card.toll, card.ransom, card.stones) for card in comp.travellers])
    gift = max(3, schedule.stones_per_open_player * players)
    per_layout = (2 * players + k_max * (2 + strike) + 4 * deck + players + players * gift
                  + deck + stones + 3 * players)
    return layouts * per_layout


def action_index(comp: Components, action: Action) -> int:
    space = space_of(comp)
    code = action[0]
    if code == BIDMIX:
        return space.mixes_from + _mix_index(space, action[1])
    index = 0
    for radix, value in zip(space.radices[code], action[1:]):
        index = index * radix + value
    return space.base[code] + index


def action_from_index(comp: Components, state: TrollState, index: int) -> Action:
    space = space_of(comp)
    if index >= space.mixes_from:
        return (BIDMIX, _mix_at(space, index - space.mixes_from))
    block = bisect_right(space.starts, index) - 1
    code = space.codes[block]
    rest = index - space.starts[block]
    values: list[int] = []
    for radix in reversed(space.radices[code]):
        rest, value = divmod(rest, radix)
        values.append(value)
    return (code, *reversed(values))


def _mix_index(space: Space, mix: tuple[int, ...]) -> int:
    """A fist of several colours: the colours used (fewest first, then in order), then how many of
    each (1 up to a colour's whole supply)."""
    support = tuple(c for c, n in enumerate(mix) if n)
    counts = 0
    for c in support:
        counts = counts * space.fist + mix[c] - 1
    size = len(support)
    # int ** int is typed Any (a negative power is a float); a size is never negative, so this is an int
    return space.support_start[size] + space.support_rank[support] * int(space.fist**size) + counts


def _mix_at(space: Space, index: int) -> tuple[int, ...]:
    size = bisect_right(space.support_start, index) - 1
    rank, counts = divmod(index - space.support_start[size], space.fist**size)
    support = space.supports[size][rank]
    mix = [0] * (len(space.support_start) - 2)
    for c in reversed(support):
        counts, n = divmod(counts, space.fist)
        mix[c] = n + 1
    return tuple(mix)


#: What each of Bridge Troll's action words does, for ``?`` at the prompt (its first word picks the entries shown).
WORDS = (
    ("bid N COLOUR", "the sealed bid: N stones of one colour in your fist (with a Jester, 'bid 2 red + 1 green')"),
    ("close", "bid nothing: your bridge is closed this round"),
    ("eat CARD", "take the traveller from the row onto your food side (at scoring: put a special from your hand there, unused)"),
    ("rob TRAVELLER", "take the traveller from the row onto your toll side"),
    ("take TRAVELLER|face-down", "take a special traveller into your hand, a hazard (it strikes you), or the face-down one"),
    ("take COLOUR [from PN]", "take a stone of that colour from the pool (or from player N where the rule allows)"),
    ("stones of PN", "take the stones under player N's bridge"),
    ("peek", "play the Fortune Teller: look at the face-down traveller"),
    ("miner", "play the Miner: take up to 3 stones from the pool"),
    ("ready", "play no special now"),
    ("garlic", "play the Garlic Merchant: the hazard goes away"),
    ("lose food|toll CARD", "the hazard takes this card of yours"),
    ("defend", "pay the hazard off with stones, one at a time ('pay COLOUR')"),
    ("pay COLOUR", "pay one stone of that colour to the hazard"),
    ("fight", "fight the goat with stones of different colours, one at a time ('throw COLOUR')"),
    ("throw COLOUR", "throw one stone of that colour at the goat"),
    ("yield", "let the goat go back into the deck: lose its points"),
    ("sell upgrade N", "too few points to lose: turn upgrade N back into points"),
    ("spend food|toll CARD", "scoring: choose a card to spend; points are the smaller of the food and toll spent"),
    ("boost COLOUR", "a closed bridge: add a stone of that colour to the smaller side (2 stones for 1)"),
    ("convert", "score the cards chosen now"),
    ("buy upgrade N", "buy the top upgrade with points"),
    ("messenger ROYAL", "the Royal Messenger moves a royal traveller from your food to your toll side (its ransom)"),
    ("end", "end your scoring turn (the chosen cards are scored)"),
)
