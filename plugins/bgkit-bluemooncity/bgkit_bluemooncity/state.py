"""Blue Moon City in play: the table as data (its fields, ``clone``, ``to_dict``/``state_from_dict``),
the class composed of the rules (:mod:`bgkit_bluemooncity.rules`), the views, the notation, the
advice for bots and the drawing, each a mixin from its own module.

Per-player data are lists indexed by seat; the cards are counts per kind (:class:`bgkit.api.Deck`)
in the hands, the deck, the discard pile and the pool of set-aside reward cards. ``chance`` is the
flow runner's queue of cards to draw, each ``(why, seat, i, of how many)``.
"""

from __future__ import annotations

from bgkit.api import Deck, Flow, Pending

from bgkit_bluemooncity import scoring
from bgkit_bluemooncity.board import board_for
from bgkit_bluemooncity.codes import (  # noqa: F401  (stages and frames are read from here too)
    BOX, CARD, COLOUR, DISCARD, DONE, DRAW, END, GO, OFF, OFFER, PAIR_CARDS, PAY, PILLAR, RECOLOUR, TO, USE, WILD_CARD,
    DEAL, EXTRA_DRAWS, MOST_DISCARDS, REWARD, TURN,
    F_COLOUR, F_DRAGON, F_FIGURE, F_PAY, S_CONTRIBUTE, S_DISCARD, S_DRAWS, S_MOVE, S_OVER, S_POWERS, STAGE_NAMES,
)
from bgkit_bluemooncity.data import Components
from bgkit_bluemooncity.heuristic import Advice
from bgkit_bluemooncity.notation import (  # noqa: F401  (the action space: the core looks here)
    Notation,
    action_from_index,
    action_index,
    max_game_length,
    num_actions,
)
from bgkit_bluemooncity.playout import Playout
from bgkit_bluemooncity.render import Render
from bgkit_bluemooncity.rules import FRAME_RULES, Rules
from bgkit_bluemooncity.views import Views, observation_shape, observation_tensor  # noqa: F401  (the core looks here)

# how the game ended (the score sheet's ``ended_by``)
ENDINGS = scoring.ENDINGS


class BlueMoonState(Rules, Views, Notation, Advice, Playout, Render, Flow):
    """The whole table. Per-player data are lists indexed by seat (0-based)."""

    frame_rules = FRAME_RULES

    @classmethod
    def from_setup(cls, comp: Components, setup: dict) -> "BlueMoonState":
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
        s.run()
        return s

    def clone(self) -> "BlueMoonState":
        o = BlueMoonState.__new__(BlueMoonState)
        o.comp, o.board, o.num_players = self.comp, self.board, self.num_players
        o.order, o.turn, o.target, o.obelisk = self.order, self.turn, self.target, self.obelisk
        o.in_play, o.hand_size, o.markers = self.in_play, self.hand_size, self.markers
        o.owner = self.owner[:]
        o.built = self.built[:]
        o.pos = self.pos[:]
        o.dragons = self.dragons[:]
        o.deck = self.deck.clone()
        o.discard = self.discard.clone()
        o.pool = self.pool.clone()
        o.hands = [h.clone() for h in self.hands]
        o.owed_old = self.owed_old[:]
        o.owed_new = self.owed_new[:]
        o.crystals = self.crystals[:]
        o.scales = self.scales[:]
        o.supply = self.supply
        o.free = self.free[:]
        o.offerings = self.offerings[:]
        o.obelisk_owners = self.obelisk_owners[:]
        o.pending = self.pending.clone()
        o.chance = self.chance[:]
        o.stage, o.scaled, o.offered, o.discarded = self.stage, self.scaled, self.offered, self.discarded
        o.ended, o.turns, o.cur = self.ended, self.turns, self.cur
        o._legal = self._legal
        return o

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        return self.order[self.turn]

    def to_dict(self) -> dict:
        return {
            "players": self.num_players,
            "city": self.board.city,
            "order": self.order,
            "turn": self.turn,
            "turns": self.turns,
            "target": self.target,
            "obelisk": self.obelisk,
            "in_play": self.in_play,
            "hand_size": self.hand_size,
            "markers": self.markers,
            "stage": self.stage,
            "cur": self.cur,
            "owner": self.owner,
            "built": self.built,
            "pos": self.pos,
            "dragons": self.dragons,
            "deck": self.deck.to_list(),
            "discard": self.discard.to_list(),
            "pool": self.pool.to_list(),
            "hands": [h.to_list() for h in self.hands],
            "owed_old": self.owed_old,
            "owed_new": self.owed_new,
            "crystals": self.crystals,
            "scales": self.scales,
            "supply": self.supply,
            "free": self.free,
            "offerings": self.offerings,
            "obelisk_owners": self.obelisk_owners,
            "pending": self.pending.to_list(),
            "draws": [[p, why, i, total] for why, p, i, total in self.chance],
            "scaled": self.scaled,
            "offered": self.offered,
            "discarded": self.discarded,
            "ended": self.ended,
        }

    @classmethod
    def from_dict(cls, comp: Components, data: dict) -> "BlueMoonState":
        s = cls.__new__(cls)
        s.comp = comp
        s.board = board_for(comp, data["city"])
        s.num_players = data["players"]
        for key in ("turn", "turns", "target", "in_play", "hand_size", "markers", "stage", "cur", "supply",
                    "scaled", "offered", "discarded", "ended"):
            setattr(s, key, data[key])
        for key in ("order", "obelisk", "owner", "built", "pos", "dragons", "owed_old", "owed_new", "crystals",
                    "scales", "free", "offerings", "obelisk_owners"):
            setattr(s, key, list(data[key]))
        s.deck = Deck.from_list(data["deck"])
        s.discard = Deck.from_list(data["discard"])
        s.pool = Deck.from_list(data["pool"])
        s.hands = [Deck.from_list(h) for h in data["hands"]]
        s.pending = Pending.from_list(data["pending"])
        s.chance = [(why, p, i, total) for p, why, i, total in data["draws"]]
        s._legal = None
        return s


# -- the play module's functions (see bgkit.game) ---------------------------------------------------


def new_state(comp: Components, setup: dict) -> BlueMoonState:
    return BlueMoonState.from_setup(comp, setup)


def state_from_dict(comp: Components, data: dict) -> BlueMoonState:
    return BlueMoonState.from_dict(comp, data)


def sheet_from_state(comp: Components, state: BlueMoonState) -> dict:
    return {
        "ended_by": state.ended,
        "player": [{"name": f"Player {p + 1}", **state.sheet_values(p)} for p in range(state.num_players)],
    }
