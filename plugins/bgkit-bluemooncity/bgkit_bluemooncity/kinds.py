"""The card kinds in play: one per people and printed value, and the power each kind has.

Cards of one people with one value are interchangeable, so a hand, the deck and the discard pile
are counts per kind (:class:`bgkit.api.Deck`). A kind's colour is its people's: colour ``c`` is
the colour of ``Components.peoples``' ``c``-th people, so a box's colour and a card's colour
compare as small ints. Powers are on the value-1 and value-2 cards, used *instead of* the value
by discarding the card [RB p4-5; RP "The Card Powers"]; every Khind card is a wild card [RB p5].

Which power a people has follows its id (the data file names the peoples; it cannot add any):
Vulca, Terrah and Aqua move the dragon their data names (black moves red, red moves green, blue
moves blue), Flit moves your own figure, Khind is wild, two Mimix 1s or 2s make a wild 3, Hoax
recolours, Pillar gives an extra offering.
"""

from __future__ import annotations

from dataclasses import dataclass

from bgkit_bluemooncity.data import Components

# Powers. Movement phase:
NO_POWER = 0
FLY = 1  # value 1 of a dragon people: fly its dragon to any tile, or off the board
DRAGON_STEPS = 2  # value 2 of a dragon people: move its dragon up to 3 steps (only if it is in the city)
TELEPORT = 3  # Flit 1: your figure to any tile
EXTRA_STEPS = 4  # Flit 2: your figure up to 2 more steps
# Contribution phase:
WILD = 5  # Khind: a wild card of its value, for one contribution
PAIR = 6  # Mimix 1 or 2: two together are one wild card of value 3
RECOLOUR_MANY = 7  # Hoax 1: up to 4 cards of one colour count as the box's colour
RECOLOUR_ONE = 8  # Hoax 2: one card counts as the box's colour
EXTRA_OFFERING = 9  # Pillar 1 or 2: after an offering, one more, paying the card's value in extra crystals

MOVEMENT_POWERS = (FLY, DRAGON_STEPS, TELEPORT, EXTRA_STEPS)
PAIR_VALUE = 3
RECOLOUR_MANY_CARDS = 4
DRAGON_REACH = 3
FLIT_REACH = 2

#: Short words for each power, as the drawing explains a card.
POWER_WORDS = {
    NO_POWER: "",
    FLY: "fly the {dragon} dragon anywhere or off",
    DRAGON_STEPS: "move the {dragon} dragon up to 3 steps",
    TELEPORT: "your figure to any tile",
    EXTRA_STEPS: "your figure up to 2 more steps",
    WILD: "wild {value}",
    PAIR: "two make a wild 3",
    RECOLOUR_MANY: "recolour up to 4 cards of one colour",
    RECOLOUR_ONE: "recolour one card",
    EXTRA_OFFERING: "another offering, +{value} crystals",
}


@dataclass(frozen=True)
class Kind:
    """One kind of card: ``id`` ``people-value`` (as in the setup's hands), its colour and power."""

    id: str
    people: str
    name: str  # the people's name
    colour: int  # index of the people, = its card colour
    value: int
    power: int
    dragon: int  # index into Components.dragons of the dragon it moves, or -1


def _power(people_id: str, people_dragon: str | None, value: int) -> int:
    if people_id == "khind":
        return WILD
    if value not in (1, 2):
        return NO_POWER
    if people_dragon is not None:
        return FLY if value == 1 else DRAGON_STEPS
    return {
        "flit": (TELEPORT, EXTRA_STEPS),
        "mimix": (PAIR, PAIR),
        "hoax": (RECOLOUR_MANY, RECOLOUR_ONE),
        "pillar": (EXTRA_OFFERING, EXTRA_OFFERING),
    }.get(people_id, (NO_POWER, NO_POWER))[value - 1]


class Kinds:
    """Every kind of card of a deck, people by people in data order, then by value."""

    def __init__(self, comp: Components):
        peoples = list(comp.peoples.values())
        self.colour_names: tuple[str, ...] = tuple(p.colour for p in peoples)
        self.people_names: tuple[str, ...] = tuple(p.name for p in peoples)
        self.reconstructed: tuple[bool, ...] = tuple(bool(p.provenance.reconstructed) for p in peoples)
        kinds = []
        counts = []
        for c, people in enumerate(peoples):
            dragon = comp.dragons.index(people.dragon) if people.dragon else -1
            for value in sorted(set(people.values)):
                kinds.append(Kind(f"{people.id}-{value}", people.id, people.name, c, value,
                                  _power(people.id, people.dragon, value), dragon))
                counts.append(people.values.count(value))
        self.all: tuple[Kind, ...] = tuple(kinds)
        #: how many cards of each kind the deck has
        self.copies: tuple[int, ...] = tuple(counts)
        self.by_id = {k.id: i for i, k in enumerate(kinds)}
        self.colour = tuple(k.colour for k in kinds)
        self.value = tuple(k.value for k in kinds)
        self.power = tuple(k.power for k in kinds)
        self.khind_colour = next((c for c, p in enumerate(peoples) if p.id == "khind"), -1)
        self.mimix_colour = next((c for c, p in enumerate(peoples) if p.id == "mimix"), -1)
        self.hoax_colour = next((c for c, p in enumerate(peoples) if p.id == "hoax"), -1)
        #: colours a card can be paid in at a box (Khind cards are wild, never a colour to choose)
        self.box_colours = tuple(c for c in range(len(peoples)) if c != self.khind_colour)
        # For a quick look at what a hand can pay (payment.can_pay), by colour: the kinds that pay
        # a box of that colour at their value as they are (a Hoax card pays a white box so too).
        recolour = (RECOLOUR_MANY, RECOLOUR_ONE)
        self.face: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k, kind in enumerate(kinds) if kind.colour == c and kind.power != WILD
                  and (kind.power not in recolour or c == self.hoax_colour))
            for c in range(len(peoples))
        )
        self.wilds = tuple(k for k, kind in enumerate(kinds) if kind.power == WILD)
        self.pairs = tuple(k for k, kind in enumerate(kinds) if kind.power == PAIR)
        self.recolourers = tuple(k for k, kind in enumerate(kinds) if kind.power in recolour)
        #: the movement-phase power cards: (kind, power, dragon)
        self.movers = tuple((k, kind.power, kind.dragon) for k, kind in enumerate(kinds) if kind.power in MOVEMENT_POWERS)

    def __len__(self) -> int:
        return len(self.all)

    def words(self, kind: int, dragons: tuple[str, ...]) -> str:
        """What a card is, for a person: ``Vulca 1 (black): fly the red dragon anywhere or off``."""
        k = self.all[kind]
        text = f"{k.name} {k.value} ({self.colour_names[k.colour]})"
        power = POWER_WORDS[k.power].format(dragon=dragons[k.dragon] if k.dragon >= 0 else "", value=k.value)
        return f"{text}: {power}" if power else text
