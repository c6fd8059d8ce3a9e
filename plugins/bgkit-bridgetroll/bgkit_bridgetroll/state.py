"""Bridge Troll in play: the state as data, one mutable ``TrollState`` with plain fields, its
copy and its JSON form; what the state does is the spec's parts (``bgkit_bridgetroll.play``), one module per concern:

* ``rules`` (with the rule topics ``bids``, ``hazards``, ``scoreturn``): the flow runner's hooks,
  legal actions, their effects, chance, the scores;
* ``views``: what a seat may see; ``notation``: the action texts and the action space;
* ``heuristic`` and ``playout``: advice for bots; ``render``: the drawing.

The deck is card counts (``bgkit.api.Deck``): nobody knows its order, so every card turned up is
a chance event, and the Billy Goat is shuffled back in at a random place by counting it back in.
The face-down traveller is one of the unseen cards; which one is decided when somebody looks at it:
a Fortune Teller's peek is a chance outcome only its owner sees, taking it (or discarding it)
turns it up for all.

Actions are small tuples whose first item is an opcode (``codes``, ``bids``); their texts are
what a person types.
"""

from __future__ import annotations

from typing import Any

from bgkit.api import CACHE, CHANCE, DECK, LIST, LISTS, PENDING, TUPLES, VALUE, Deck, FlowState, Kind, Pending, StateFields

from bgkit_bridgetroll import bidding, hazards, rules, scoreturn
from bgkit_bridgetroll.codes import NONE, S_ROLL, THEN_SCORE, Action
from bgkit_bridgetroll.data import Components
from bgkit_bridgetroll.travellers import Tables, tables_of


def _bids_saved(bids: list[Action | None]) -> list[list[Any] | None]:
    """The sealed bids as a save holds them: each a list, or None while not made."""
    return [list(b) if b is not None else None for b in bids]


def _bids_loaded(bids: list[list[Any] | None]) -> list[Action | None]:
    return [tuple(tuple(x) if isinstance(x, list) else x for x in b) if b is not None else None for b in bids]


#: The sealed bids: the list copied (each bid a tuple, shared), saved as lists.
BIDS = Kind("{v}[:]", _bids_saved, _bids_loaded)


class TrollState(FlowState):
    """The whole table. Per-player data are lists indexed by seat (0-based, clockwise); cards are
    indexes into ``comp.travellers``, colours indexes into ``comp.colours``.
    
    ``stones[p][c]`` under each board, ``pool[c]``, ``bridge[p][c]`` (bid stones, after the reveal);
    ``vp[p]`` the point tokens, ``ups[p]`` the upgrade cards, ``broken`` upgrades a goat's damage
    turned back into points; ``food[p]``, ``toll[p]``, ``hand[p]`` the travellers; ``deck`` the cards
    not seen yet (a ``Deck`` of counts, with the face-down card while it is undecided), ``discard``
    counts; ``pile`` the upgrades, top first; ``row`` the face-up travellers, ``fd`` the face-down one
    (NONE, HIDDEN while undecided, or a card) and ``seen`` a bit per player who looked at it;
    ``weather`` and ``k`` (travellers this round); ``bids[p]`` the sealed bids; ``order`` the open
    players in trophy order, ``closed`` the closed ones; ``piles`` the bridges whose bid stones are
    still there. ``stage`` with ``seq`` (who acts in it, in order) and ``turn``; ``gift``/``then``
    the closed bridges' stones and what follows them; ``pending`` the micro-decisions of ``actor``;
    ``chance`` the chance events due; ``cur`` who decides now.
    """

    __slots__ = ("num_players", "start", "round", "weather", "k", "stones", "pool", "bridge", "vp", "ups", "broken",
                 "food", "toll", "hand", "deck", "discard", "pile", "row", "fd", "seen", "bids", "order", "closed",
                 "piles", "seq", "turn", "gift", "then", "actor", "cur", "stage", "pending", "chance",
                 "comp", "t", "_worths")
    # The fields' types (the slots above; ``chance``, ``pending`` and ``cur`` are declared by Flow).
    comp: Components
    num_players: int
    start: int
    round: int
    weather: int
    k: int
    stones: list[list[int]]
    pool: list[int]
    bridge: list[list[int]]
    vp: list[int]
    ups: list[list[int]]
    broken: list[int]
    food: list[list[int]]
    toll: list[list[int]]
    hand: list[list[int]]
    deck: Deck
    discard: list[int]
    pile: list[int]
    row: list[int]
    fd: int
    seen: int
    bids: list[Action | None]
    order: list[int]
    closed: list[int]
    piles: list[int]
    seq: list[int]
    turn: int
    gift: int
    then: int
    actor: int
    stage: int

    #: each opcode's handler ``(state, p, action)``, ``p`` the player acting
    handlers = {**rules.HANDLERS, **bidding.HANDLERS, **hazards.HANDLERS, **scoreturn.HANDLERS}

    # The fields, declared once (bgkit.api.StateFields): they make clone and to_dict, and from_dict
    # loads them. The saved ones in the order of a save's keys.
    FIELDS = StateFields(
        VALUE("num_players", "start", "round", "weather", "k"), LISTS("stones"), LIST("pool"), LISTS("bridge"),
        LIST("vp"), LISTS("ups"), LIST("broken"), LISTS("food", "toll", "hand"), DECK("deck"),
        LIST("discard", "pile", "row"), VALUE("fd", "seen"), BIDS("bids"),
        LIST("order", "closed", "piles", "seq"), VALUE("turn", "gift", "then", "actor", "cur", "stage"),
        PENDING("pending"), TUPLES("chance"),
        derived=(VALUE("comp", "t"), CACHE("_worths")),
        keys={"num_players": "players"},
    )

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.t: Tables = tables_of(comp)
        self._worths: list[float] | None = None

    @classmethod
    def from_setup(cls, comp: Components, setup: dict[str, Any]) -> "TrollState":
        s = cls(comp)
        t = s.t
        n = s.num_players = setup["players"]
        colours = t.colours
        s.start = setup["start_player"] - 1
        s.round = 1
        s.stones = [[0] * len(colours) for _ in range(n)]
        for p, seat in enumerate(setup["seats"]):
            s.stones[p][colours.index(seat["colour"])] = seat["stones"]
        s.pool = [setup["pool"].get(c, 0) for c in colours]
        s.bridge = [[0] * len(colours) for _ in range(n)]
        s.vp = [seat["victory_points"] for seat in setup["seats"]]
        s.ups = [[] for _ in range(n)]
        s.broken = []
        s.food = [[] for _ in range(n)]
        s.toll = [[] for _ in range(n)]
        s.hand = [[] for _ in range(n)]
        s.deck = Deck(t.counts)  # the setup's deck order, if any, is not followed: see README
        s.discard = [0] * t.cards
        s.pile = list(setup["upgrade_pile"])
        s.row = []
        s.fd, s.seen = NONE, 0
        s.weather, s.k = -1, 0
        s.bids = [None] * n
        s.order, s.closed, s.piles = [], [], []
        s.seq, s.turn, s.gift, s.then = [], 0, 0, THEN_SCORE
        s.actor = s.start
        s.pending = Pending()
        s.chance = []
        s.stage = S_ROLL
        s.cur = CHANCE
        rules._start_round(s)
        s.run()
        return s

    @classmethod
    def from_dict(cls, comp: Components, data: dict[str, Any]) -> "TrollState":
        return TrollState.FIELDS.loaded(cls(comp), data)


#: A new game from its setup, and a saved one: the state class's own constructors.
new_state = TrollState.from_setup
state_from_dict = TrollState.from_dict
