"""What a person types and a learner counts: each action's text, and the action space.

The action space numbers every decision and chance outcome densely, block by block in the order of
the codes (a block is as large as the field it encodes can be), so that an index is the same in
every process and turns back into its action without the state.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Callable

from bgkit.api import derived
from bgkit_bruges.abilities import DISASTERS
from bgkit_bruges.codes import (
    A_CANAL,
    A_GUILDERS,
    A_HIRE,
    A_THREAT,
    A_WORKERS,
    ACTION_WORDS,
    ACTIVATE,
    BUILD,
    BURN_CANAL,
    BURN_HOUSE,
    CARD,
    DIE,
    DRAW,
    ECANAL,
    END,
    ORDER,
    PASS,
    PICK,
    PILES,
    PLAGUE,
    PLAY,
    Q_DIE,
    Q_TOP,
    REP,
    SECTIONS,
    SKIP,
    TCOL,
    TOP,
    WCOL,
    Act,
)

if TYPE_CHECKING:
    from bgkit_bruges.data import Components
    from bgkit_bruges.state import BrugesState


def action_text(state: BrugesState, action: Act) -> str:
    return TEXTS[action[0]](state, action)


def chance_label(state: BrugesState) -> str:
    head = state.chance[0]
    colours = state.comp.card_colours
    if head[0] == Q_DIE:
        return f"P{state.start + 1} (start player) rolls the {colours[head[1]]} die"
    if head[0] == Q_TOP:
        return f"pile {PILES[head[1]]}: the colour of its new top card (everyone sees its back)"
    return f"P{head[1] + 1} looks at a {colours[head[2]]} card they drew"


def _play_text(s: BrugesState, action: Act) -> str:
    _, card, what, arg = action
    name = s.cards.name[card]
    if what == A_CANAL:
        return f"canal {SECTIONS[arg]} {name}"
    if what == A_HIRE:
        return f"hire {name} on {s.comp.card_colours[s.cards.colour[s.houses[s.cur][arg]]]}"
    return f"{ACTION_WORDS[what]} {name}"


def _burn_text(s: BrugesState, action: Act) -> str:
    house, person = s.houses[s.cur][action[1]], s.occupants[s.cur][action[1]]
    text = f"burn {s.comp.card_colours[s.cards.colour[house]]} house"
    return text + (f" of {s.cards.name[person]}" if person >= 0 else "")


def _draw_text(s: BrugesState, action: Act) -> str:
    top = s.tops[action[1]]
    return f"draw {PILES[action[1]]}" + (f" {s.comp.card_colours[top]}" if top >= 0 else "")


#: the text of each action, by opcode: what a person types and the log stores
TEXTS: dict[int, Callable[[BrugesState, Act], str]] = {
    DRAW: _draw_text,
    PLAY: _play_text,
    ACTIVATE: lambda s, a: f"activate {s.cards.name[s.occupants[s.cur][a[1]]]}",
    END: lambda s, a: "end",
    REP: lambda s, a: f"reputation pay {a[1]}",
    PASS: lambda s, a: "pass",
    ORDER: lambda s, a: f"disaster {DISASTERS[a[1]]}",
    BURN_HOUSE: _burn_text,
    BURN_CANAL: lambda s, a: f"burn canal {SECTIONS[a[1]]}",
    PLAGUE: lambda s, a: f"plague {s.cards.name[s.occupants[s.cur][a[1]]]}",
    WCOL: lambda s, a: f"take {s.comp.card_colours[a[1]]} worker",
    TCOL: lambda s, a: f"return {s.comp.card_colours[a[1]]} threat",
    ECANAL: lambda s, a: f"build canal {SECTIONS[a[1]]}",
    BUILD: lambda s, a: ("build house " if s.pending else "house ") + s.comp.card_colours[a[1]],
    PICK: lambda s, a: f"pick {s.cards.name[a[1]]}",
    SKIP: lambda s, a: "skip",
    DIE: lambda s, a: f"{s.comp.card_colours[a[1]]} {a[2]}",
    TOP: lambda s, a: f"top {s.comp.card_colours[a[2]]}",
    CARD: lambda s, a: f"card {s.cards.name[a[1]]}",
}


# -- the action space --------------------------------------------------------------------------------
COLOURS = 5  # card colours, dice and worker colours alike
SLOTS = 2  # draw piles A and B, and the two canal sections
FACES = 6
MOST_TO_PAY = 2 * COLOURS  # the reputation step costs the dice showing 1-2: at most five 2s
#: PLAY's second field: workers, guilders and threat take no argument, a canal its section, a
#: hire its house (after these five)
PLAY_ARGS = {A_WORKERS: 0, A_GUILDERS: 1, A_THREAT: 2, A_CANAL: 3}
HIRE_AT = 3 + SLOTS


class Layout:
    """Where each code's block of indices starts. A house index is below the number of cards:
    a player's houses are distinct cards."""

    def __init__(self, cards: int):
        self.cards = houses = cards
        self.play_width = HIRE_AT + houses
        sizes = (
            (DRAW, SLOTS), (REP, MOST_TO_PAY + 1), (PASS, 1), (ORDER, COLOURS), (BURN_HOUSE, houses),
            (BURN_CANAL, SLOTS), (PLAGUE, houses), (PLAY, cards * self.play_width), (ACTIVATE, houses), (END, 1),
            (WCOL, COLOURS), (TCOL, COLOURS), (ECANAL, SLOTS), (BUILD, COLOURS), (PICK, cards), (SKIP, 1),
            (DIE, COLOURS * FACES), (TOP, SLOTS * COLOURS), (CARD, cards),
        )
        self.offset: dict[int, int] = {}
        self.starts: list[int] = []
        self.codes: list[int] = []
        at = 0
        for code, size in sizes:
            self.offset[code] = at
            self.starts.append(at)
            self.codes.append(code)
            at += size
        self.size = at


def layout(comp: Components) -> Layout:
    return derived(comp, "bruges action layout", lambda: Layout(len(comp.persons)))


def num_actions(comp: Components, players: int) -> int:
    return layout(comp).size


def action_index(comp: Components, action: Act) -> int:
    space = layout(comp)
    code = action[0]
    base = space.offset[code]
    if code == PLAY:
        _, card, what, arg = action
        column = HIRE_AT + arg if what == A_HIRE else PLAY_ARGS[what] + arg
        return base + card * space.play_width + column
    if code == DIE:
        return base + action[1] * FACES + action[2] - 1
    if code == TOP:
        return base + action[1] * COLOURS + action[2]
    return base + action[1] if len(action) > 1 else base


def action_from_index(comp: Components, state: BrugesState, index: int) -> Act:
    space = layout(comp)
    block = bisect_right(space.starts, index) - 1
    code, within = space.codes[block], index - space.starts[block]
    if code == PLAY:
        card, column = divmod(within, space.play_width)
        if column >= HIRE_AT:
            return (PLAY, card, A_HIRE, column - HIRE_AT)
        if column >= PLAY_ARGS[A_CANAL]:
            return (PLAY, card, A_CANAL, column - PLAY_ARGS[A_CANAL])
        return (PLAY, card, (A_WORKERS, A_GUILDERS, A_THREAT)[column], 0)
    if code == DIE:
        return (DIE, within // FACES, within % FACES + 1)
    if code == TOP:
        return (TOP, within // COLOURS, within % COLOURS)
    if code in (PASS, END, SKIP):
        return (code,)
    return (code, within)


def max_game_length(comp: Components, players: int) -> int:
    """No game has more decisions than this. With C cards and n players:

    - Card plays: weigh a card 1 in the piles or a hand, 1/2 as a house or a person, 0 discarded.
      A play moves a card from a hand to a house, a person or the discards (at least -1/2); a draw
      keeps the weight; a fire turns a house into a discard and its person back into a card in
      hand (at most 0); a plague discards a person. The weight starts at C and never goes below 0,
      so a game has at most 2C plays.
    - Rounds: until the end is triggered (a pile running out, in phase 1 this round, in phase 3 the
      next), phase 1 fills every hand to 5 or more, and each of the four turns plays one card, so
      every round but the last has 4n plays: at most 2C / 4n + 1 rounds.
    - A round's decisions: each play (4n) is followed by at most ``A`` decisions of a frame (a
      house's pick, a lightning person's choices; ``A`` is the most an ability asks) and one
      ``end``; each person acts at most once a round, and a person stands on a house of its own
      card, so at most C/2 activations of at most 1 + A decisions; a reputation step per player.
    - Disasters: dice hand out at most 5 threats a player a round (threats owed are handed out
      later, not twice) and a disaster takes three, with at most two decisions (which disaster
      first, what burns or which person leaves).
    - Draws chosen between the two piles: each card leaves a pile once, at most C.
    """
    cards = len(comp.persons)
    asks = max([2] + [p.effect.amount for p in comp.persons if p.effect.kind in ("workers", "discard_threat", "draw")])
    rounds = 2 * cards // (4 * players) + 1
    per_round = 4 * players * (2 + asks) + cards // 2 * (1 + asks) + players
    return rounds * per_round + 2 * (5 * players * rounds // 3) + cards


#: What each of Bruges's action words does, for ``?`` at the prompt (its first word picks the entries shown).
WORDS = (
    ("draw A|B", "phase 1: draw the top card of pile A or B into your hand (the colour is its back)"),
    ("reputation pay N", "after the dice: pay N guilders (the dice showing 1 or 2) to move up 1 on the reputation track"),
    ("pass", "decline what is offered now (the reputation step, or an ability)"),
    ("disaster KIND", "threats of two colours reached 3 at once: choose which disaster strikes first"),
    ("burn …", "the fire (3 red threats) destroys one house or canal space of yours: choose which"),
    ("plague PERSON", "the plague kills one of your persons: choose which"),
    ("workers CARD", "play the card for 2 workers of its colour"),
    ("guilders CARD", "play the card for guilders: the number on the die of its colour"),
    ("threat CARD", "play the card to take back 1 threat of its colour (scores 1 point)"),
    ("canal left|right CARD", "play the card to build the next space of that canal (its colour, pay its cost)"),
    ("house COLOUR", "build a house: 1 worker of that colour and a card of that colour (chosen next, privately)"),
    ("hire CARD on COLOUR", "pay the card's price and put the person into your empty house of that colour"),
    ("activate PERSON", "use a person's ability (shown with its cost)"),
    ("end", "end your turn: no more cards this turn"),
    ("take COLOUR worker", "an ability gives you a worker: choose its colour"),
    ("return COLOUR threat", "an ability takes back a threat: choose its colour"),
    ("build canal|house …", "an ability builds for you: choose where / which colour"),
    ("pick CARD", "choose the card: the one your new house is built with, or the one an ability offers"),
    ("skip", "leave the ability's optional part"),
)
