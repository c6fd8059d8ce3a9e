"""Blue Moon City in play: the table as data, one mutable ``BlueMoonState`` with plain fields
(``clone``, ``to_dict``/``state_from_dict`` made from them); what the state does is the spec's
parts (``bgkit_bluemooncity.play``), one module per concern: ``rules`` (with ``payment`` and
``scales``) the flow runner's hooks, the legal actions, their effects and the scores; ``views``
what a seat may see; ``notation`` the action texts and the action space; ``heuristic`` and
``playout`` advice for bots; ``display`` the drawing.

Per-player data are lists indexed by seat; the cards are counts per kind (:class:`bgkit.api.Deck`)
in the hands, the deck, the discard pile and the pool of set-aside reward cards. ``chance`` is the
flow runner's queue of cards to draw, each ``(why, seat, i, of how many)``.
"""

from __future__ import annotations

from typing import Any

from bgkit.api import DECK, DECKS, FIXED, LIST, PENDING, VALUE, Deck, FlowState, Kind, Pending, StateFields

from bgkit_bluemooncity import rules
from bgkit_bluemooncity.board import Board, board_for
from bgkit_bluemooncity.codes import DEAL, OFF, S_MOVE, Action, Frame
from bgkit_bluemooncity.data import Components


def _draws(chance: list[Frame]) -> list[list[int]]:
    """The chance queue as a save holds it: each card to draw as ``[seat, why, i, of how many]``."""
    return [[p, why, i, total] for why, p, i, total in chance]


def _queue(draws: list[list[int]]) -> list[Frame]:
    return [(why, p, i, total) for p, why, i, total in draws]


def _city(board: Board) -> list[list[str]]:
    return board.city


#: The board, saved by its city's name (``from_dict`` builds it from the components); the chance queue
#: saved as draws, seat first.
CITY = Kind(dump=_city, load=None)
DRAWS = Kind("{v}[:]", _draws, _queue)


class BlueMoonState(FlowState):
    """The whole table. Per-player data are lists indexed by seat (0-based)."""

    __slots__ = ("num_players", "board", "order", "turn", "turns", "target", "obelisk", "in_play", "hand_size",
                 "markers", "stage", "cur", "owner", "built", "pos", "dragons", "deck", "discard", "pool", "hands",
                 "owed_old", "owed_new", "crystals", "scales", "supply", "free", "offerings", "obelisk_owners",
                 "pending", "chance", "scaled", "offered", "discarded", "ended", "comp", "_legal")
    num_players: int
    board: Board
    #: the seats in turn order; ``turn`` indexes it (whose turn: ``order[turn]``), ``turns`` counts them
    order: list[int]
    turn: int
    turns: int
    #: offerings to win; the obelisk's box costs, bottom up, and who holds them
    target: int
    obelisk: list[int]
    obelisk_owners: list[int]
    in_play: int
    hand_size: int
    markers: int
    stage: int
    #: per box its holder (-1: free); per cell restored or not; per seat the cell of its figure;
    #: per dragon its cell (OFF: off the board)
    owner: list[int]
    built: list[bool]
    pos: list[int]
    dragons: list[int]
    deck: Deck
    discard: Deck
    pool: Deck
    hands: list[Deck]
    #: per seat: reward cards owed from the pool (set aside) and from the deck (reserved)
    owed_old: list[int]
    owed_new: list[int]
    crystals: list[int]
    scales: list[int]
    supply: int
    free: list[int]
    offerings: list[int]
    #: this turn: a scale taken, an offering made, the cards discarded
    scaled: bool
    offered: bool
    discarded: int
    ended: str
    comp: Components
    #: the legal actions, cached until the state changes (``rules.legal_actions``)
    _legal: list[Action] | None

    # The fields, declared once (bgkit.api.StateFields): they make clone and to_dict, and from_dict
    # loads them. The saved ones in the order of a save's keys; the derived ones are rebuilt by from_dict.
    FIELDS = StateFields(
        VALUE("num_players"), CITY("board"), FIXED("order"), VALUE("turn", "turns", "target"), FIXED("obelisk"),
        VALUE("in_play", "hand_size", "markers", "stage", "cur"), LIST("owner", "built", "pos", "dragons"),
        DECK("deck", "discard", "pool"), DECKS("hands"), LIST("owed_old", "owed_new", "crystals", "scales"),
        VALUE("supply"), LIST("free", "offerings", "obelisk_owners"), PENDING("pending"), DRAWS("chance"),
        VALUE("scaled", "offered", "discarded", "ended"),
        derived=(VALUE("comp", "_legal"),),
        keys={"num_players": "players", "board": "city", "chance": "draws"},
    )

    @classmethod
    def from_setup(cls, comp: Components, setup: dict[str, Any]) -> BlueMoonState:
        s = cls.__new__(cls)
        s.comp = comp
        s.board = board = board_for(comp, setup["city"])
        n = s.num_players = len(setup["seats"])
        kinds = board.kinds
        s.order = [seat - 1 for seat in setup["turn_order"]]
        s.turn = 0
        s.target = setup["offerings_to_win"]
        s.obelisk = list(setup["obelisk"])
        s.in_play = setup["scales"]
        s.hand_size = setup["hand_size"]
        s.markers = setup["markers_per_player"]
        s.owner = [-1] * len(board.box_cell)
        s.built = [False] * len(board.building)
        s.pos = [board.courtyard] * n
        s.dragons = [OFF] * len(board.dragons)
        s.deck = Deck(kinds.copies)
        s.discard = Deck([0] * len(kinds))
        s.pool = Deck([0] * len(kinds))
        s.hands = [Deck([0] * len(kinds)) for _ in range(n)]
        s.owed_old = [0] * n
        s.owed_new = [0] * n
        s.crystals = [0] * n
        s.scales = [0] * n
        s.supply = s.in_play
        s.free = [s.markers] * n
        s.offerings = [0] * n
        s.obelisk_owners = []
        s.pending = Pending()
        s.chance = []  # the cards to draw, in order: (why, seat, i, of how many)
        s.stage = S_MOVE
        s.scaled = s.offered = False
        s.discarded = 0
        s.ended = ""
        s.turns = 0
        dealt = [row.get("hand") for row in setup["seats"]]
        if all(hand is not None for hand in dealt):
            for p, hand in enumerate(dealt):
                for card in hand:
                    k = kinds.by_id[card]
                    s.deck.draw(k)
                    s.hands[p].put(k)
        else:
            for p in s.order:
                s.chance += [(DEAL, p, i + 1, s.hand_size) for i in range(s.hand_size)]
        s._legal = None
        rules.run(s)
        return s

    @classmethod
    def from_dict(cls, comp: Components, data: dict[str, Any]) -> BlueMoonState:
        s = cls.__new__(cls)
        s.comp = comp
        s.board = board_for(comp, data["city"])
        BlueMoonState.FIELDS.load(s, data)
        s._legal = None
        return s


#: A new game from its setup, and a saved one: the state class's own constructors.
new_state = BlueMoonState.from_setup
state_from_dict = BlueMoonState.from_dict
