"""Bruges in play: the state as data (plain fields, an explicit cheap clone, ``to_dict``). What the
state does is the spec's parts (:mod:`bgkit_bruges.play`): the rules (``rules`` and its topics
``piles``, ``disasters``, ``plays``, ``persons``), what a seat sees (``views``), the texts
(``notation``) and the bots' rating (``heuristic``); ``apply`` runs on the core's flow runner
(:class:`bgkit.api.FlowState`).

A round has four phases (RS 2.): draw to 5 cards, roll the five dice (threats, disasters, the
reputation step), four card plays each, then majorities and a new start player. Actions are small
tuples whose first item is an opcode (:mod:`bgkit_bruges.codes`); what a person types is
``action_text``.

**Cards.** No seat knows the order of the face-down piles, so the state keeps no order: every
card nobody has seen is in one :class:`bgkit.api.Deck` of counts (``unseen``), and the piles
are their sizes (A, B and the extra pile) and the colour of each pile's top card, which is public
(card backs show the card's colour). The three piles come from one shuffle and nobody sees into
them, so drawing from a pile is drawing from all unseen cards; the engine asks chance for the new
top card's colour when a pile's top is taken (everyone sees it), and for a drawn card's face
(only its owner sees it; in phase 1 once the hand is full, RS 2.(1)). Hands show their colours to
everyone (a hand is held backs out); houses lie house side up (their colour public, the face
known to the owner); persons, discards, tokens and tracks are open.

Readings where the rule summary is silent or contradicts itself are listed in the plugin README
("Rule readings"); the code says ``reading:`` where it follows one.
"""

from __future__ import annotations

from typing import Any

from bgkit.api import (
    CHANCE,
    DECK,
    LIST,
    LISTS,
    PENDING,
    TUPLES,
    VALUE,
    Deck,
    FlowState,
    Pending,
    StateFields,
    clockwise,
    derived,
)
from bgkit_bruges.codes import (
    D_ROLL,
    INF_A,
    INF_B,
    INF_C,
    LAUREL,
    LIGHTNING,
    MAJORITIES,
    P_DRAW,
    Q_TOP,
    WORKER,
)
from bgkit_bruges.data import Components
from bgkit_bruges.effects import NONE, Mods, mods_of
from bgkit_bruges.setup import GUARD_HOUSES_BY_PLAYERS, READINGS


class Cards:
    """Per-card tables the engine reads in its hot paths (built once per card list)."""

    def __init__(self, comp: Components):
        colours = comp.card_colours
        persons = comp.persons  # sorted by id: card index = id - 1
        self.count = len(persons)
        self.colour = tuple(colours.index(p.colour) for p in persons)
        self.group = tuple(p.group for p in persons)
        self.name = tuple(p.name for p in persons)
        self.price = tuple(p.price for p in persons)
        self.points = tuple(p.points for p in persons)
        self.effect = tuple(p.effect for p in persons)
        self.kind = tuple(
            {"lightning": LIGHTNING, "worker": WORKER, "laurel": LAUREL}[p.activation]
            if p.activation != "infinity" else {"A": INF_A, "B": INF_B, "C": INF_C}[p.infinity]
            for p in persons
        )
        self.worker = tuple(colours.index(p.activation_colour) if p.activation_colour else -1 for p in persons)
        self.by_name = {p.name: i for i, p in enumerate(persons)}
        self.per_colour = tuple(sum(1 for c in self.colour if c == k) for k in range(5))
        self.of_colour = tuple(tuple(x for x, c in enumerate(self.colour) if c == k) for k in range(5))


def cards_of(comp: Components) -> Cards:
    return derived(comp, "bruges cards", lambda: Cards(comp))


class BrugesState(FlowState):
    """The whole table as data. Per-player data are lists indexed by seat (0-based); the rules,
    views, notation and heuristic are the spec's parts (one module each, :mod:`bgkit_bruges.play`)."""

    # The fields, declared once (bgkit.api.StateFields): they make clone and to_dict, and from_dict
    # loads them. The saved ones in the order of a save's keys (a rule reading only when the game chose it);
    # the derived ones are rebuilt by from_dict.
    FIELDS = StateFields(
        VALUE("num_players", "round", "phase", "stage", "start", "turn", "cur", "played", "last_round", "last_next"),
        VALUE("end_rule", default=READINGS["end"]), VALUE("statue_rule", default=READINGS["statues"]),
        DECK("unseen"), LIST("sizes", "tops"), VALUE("extra", "extra_used"), LIST("fresh", "discard", "dice"),
        TUPLES("chance"), PENDING("pending"), LIST("threat_supply"), TUPLES("owed"), LISTS("disasters"),
        LIST("statues"), VALUE("bank"), LIST("worker_supply"), LISTS("hands"), LIST("guilders"),
        LISTS("workers", "threats"), LIST("score", "reputation"),
        LISTS("markers", "houses", "occupants", "used", "canals", "statue_done", "won"), LIST("plays"),
        derived=(VALUE("comp", "cards", "order", "canal_colours"), LIST("unseen_colours", "mods")),
        keys={"num_players": "players", "end_rule": "end", "statue_rule": "statues"},
    )
    # Their types (a seat, card, colour, house or pile is an int: a card's index, a colour's 0-4).
    num_players: int
    round: int
    phase: int
    stage: int
    start: int
    turn: int
    played: bool
    last_round: bool
    last_next: bool
    end_rule: str
    statue_rule: str
    unseen: Deck
    sizes: list[int]  # piles A and B
    tops: list[int]  # the colour of each pile's top card, -1 while chance has not said
    extra: int
    extra_used: bool
    fresh: list[int]  # colours of the cards drawn this phase, not yet looked at
    discard: list[int]
    dice: list[int]
    owed: list[tuple[int, int]]  # (colour, seat)
    disasters: list[list[int]]  # colours
    statues: list[int]
    bank: int
    threat_supply: list[int]
    worker_supply: list[int]
    hands: list[list[int]]
    guilders: list[int]
    workers: list[list[int]]  # by seat, then colour
    threats: list[list[int]]
    score: list[int]
    reputation: list[int]
    markers: list[list[bool]]
    houses: list[list[int]]  # the card under each house
    occupants: list[list[int]]  # the person on each house, -1 for none
    used: list[list[bool]]
    canals: list[list[int]]  # tokens built in each section
    statue_done: list[list[bool]]
    won: list[list[int]]
    plays: list[int]
    comp: Components
    cards: Cards
    order: list[int]
    canal_colours: list[tuple[tuple[int, ...], tuple[int, ...]]]
    unseen_colours: list[int]
    mods: list[Mods]

    def __init__(self, comp: Components):
        self.comp = comp
        self.cards = cards_of(comp)

    @classmethod
    def from_setup(cls, comp: Components, setup: dict[str, Any]) -> "BrugesState":
        s = cls(comp)
        rows = setup["seats"]
        n = s.num_players = len(rows)
        cards = s.cards
        s.unseen = Deck([1] * cards.count)
        s.unseen_colours = list(cards.per_colour)
        piles = setup["piles"]
        s.sizes = [len(piles["draw_a"]), len(piles["draw_b"])]
        s.extra = len(piles["extra"])
        s.tops = [-1, -1]
        s.extra_used = False
        s.fresh = []
        s.discard = []
        s.round = setup.get("round", 1)
        s.start = setup["start_player"] - 1
        s.order = clockwise(n, s.start)
        s.phase, s.turn, s.stage = P_DRAW, 0, D_ROLL
        s.played = False
        s.last_round = s.last_next = False
        s.end_rule, s.statue_rule = (setup.get(name, default) for name, default in READINGS.items())
        s.dice = [0] * 5
        s.chance = [(Q_TOP, 0), (Q_TOP, 1)]
        s.pending = Pending()
        s.cur = CHANCE
        supply = comp.supply
        s.threat_supply = [supply["threats_per_colour"]] * 5
        s.owed = []
        s.disasters = [[] for _ in range(n)]
        s.statues = list(setup["statues_top_first"])
        start = comp.start
        s.bank = supply["coins_1"] + 3 * supply["coins_3"] - n * start["guilders"]
        s.worker_supply = [supply["workers_per_colour"] - n * start["workers_per_colour"]] * 5
        colours = comp.card_colours
        s.hands = [[] for _ in range(n)]
        s.guilders = [row["guilders"] for row in rows]
        s.workers = [[row["workers"][c] for c in colours] for row in rows]
        s.threats = [[row["threats"][c] for c in colours] for row in rows]
        s.score = [row["score"] for row in rows]
        s.reputation = [row["reputation"] for row in rows]
        s.markers = [[False] * MAJORITIES for _ in range(n)]
        s.houses = [[] for _ in range(n)]
        s.occupants = [[] for _ in range(n)]
        s.used = [[] for _ in range(n)]
        s.canals = [[0, 0] for _ in range(n)]
        s.statue_done = [[False, False] for _ in range(n)]
        s.won = [[] for _ in range(n)]
        s.plays = [0] * n
        s._derive()
        s.run()
        return s

    def _derive(self) -> None:
        """Fields that follow from the others: canal colours per seat, and each player's modifiers."""
        comp, n = self.comp, self.num_players
        colours = comp.card_colours
        houses = [comp.guard_houses[number - 1] for number in GUARD_HOUSES_BY_PLAYERS[n]]
        self.canal_colours = [(tuple(colours.index(c) for c in h.left), tuple(colours.index(c) for c in h.right))
                              for h in houses]
        self.mods = [self._mods_of(p) for p in range(n)]

    def _mods_of(self, p: int) -> Mods:
        kinds, effects = self.cards.kind, self.cards.effect
        standing = [effects[x] for x in self.occupants[p] if x >= 0 and kinds[x] in (INF_B, INF_C)]
        return mods_of(standing) if standing else NONE

    @classmethod
    def from_dict(cls, comp: Components, data: dict[str, Any]) -> "BrugesState":
        s = BrugesState.FIELDS.loaded(cls(comp), data)
        colour = s.cards.colour
        s.unseen_colours = [sum(n for card, n in enumerate(data["unseen"]) if colour[card] == c) for c in range(5)]
        s.order = clockwise(s.num_players, s.start)
        s._derive()
        return s


# -- the play half's constructors (bgkit_bruges.play) ---------------------------------------------


#: A new game from its setup, and a saved one: the state class's own constructors.
new_state = BrugesState.from_setup
state_from_dict = BrugesState.from_dict

