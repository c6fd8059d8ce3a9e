"""The Castles of Burgundy in play: the state as data (its fields, construction, clone and
serialisation). The parts that play it are functions of this state in the game's other modules,
named in :mod:`bgkit_burgundy.play`: ``rules`` (the flow runner's hooks, the effects of the
actions, the scores), ``offers`` (the legal actions), ``estate`` (tiles placed, stored and sold),
``views`` (what a seat may see), ``notation`` (texts and the action space) and ``heuristic``
(advice for bots).

Workers are spent automatically, the fewest that reach the number needed. Chance decides the
white die, each player's two dice (one event per player, unordered pair) and every tile drawn into
a depot from phase B on; events with a single possible outcome (a castle into a castle space)
resolve themselves.
"""

from __future__ import annotations

from typing import Any

from bgkit.api import FIXED, LIST, LISTS, PENDING, TUPLE, TUPLES, VALUE, FlowState, Pending, StateFields

from bgkit_burgundy import estate, rules
from bgkit_burgundy.codes import COLOUR_OF, S_CASTLES, S_PLAY, Action
from bgkit_burgundy.data import BUILDING, K_BUILDING, K_KNOWLEDGE, KNOWLEDGE, Board, Components
from bgkit_burgundy.heuristic import region_worth
from bgkit_burgundy.notation import _texts
from bgkit_burgundy.offers import NO_ENTRY, Entry
from bgkit_burgundy.reach import PlaceMasks, _place_masks


class BurgundyState(FlowState):
    """The whole table. Per-player data are lists indexed by seat."""

    # Slots: attribute access is the bulk of this game's work, and slots make it direct.
    __slots__ = (
        "comp", "num_players", "ruleset", "board_ids", "boards", "places", "offers", "black_offer",
        "phase", "round", "turn", "stamp", "stage", "cur", "bought", "hired", "order", "track_pos",
        "track_stamp", "depots", "depot_goods", "black", "col_stack", "black_stack", "round_goods",
        "future", "aside", "bonus_taken", "chance", "pending", "left", "tiles", "filled", "adj",
        "storage", "goods", "sold", "silver", "workers", "vp", "know", "bonus", "region_fill",
        "colour_fill", "city", "dice", "texts", "secret", "worths",
    )

    # The fields' types (the slots above; ``chance``, ``pending`` and ``cur`` are declared by Flow).
    comp: Components
    num_players: int
    ruleset: str
    board_ids: list[int]
    boards: list[Board]
    places: list[PlaceMasks]
    offers: list[Entry]
    black_offer: Entry
    phase: int
    round: int
    turn: int
    stamp: int
    stage: int
    bought: bool
    hired: bool
    order: list[int]
    track_pos: list[int]
    track_stamp: list[int]
    depots: list[tuple[int, ...]]
    depot_goods: list[list[int]]
    black: tuple[int, ...]
    col_stack: list[int]
    black_stack: list[int]
    round_goods: list[int]
    future: list[list[int]]
    aside: list[int]
    bonus_taken: list[int]
    left: list[int]
    tiles: list[list[int]]
    filled: list[int]
    adj: list[int]
    storage: list[tuple[int, ...]]
    goods: list[list[int]]
    sold: list[list[int]]
    silver: list[int]
    workers: list[int]
    vp: list[int]
    know: list[int]
    bonus: list[list[int]]
    region_fill: list[list[int]]
    colour_fill: list[list[int]]
    city: list[list[int]]
    dice: list[list[int]]
    texts: dict[Action, str]
    secret: list[int] | None
    worths: list[tuple[tuple[float, ...], ...]]

    # The fields, declared once (bgkit.api.StateFields): they make clone and to_dict, and from_dict
    # loads them. The saved ones in the order of a save's keys; the derived ones are rebuilt by from_dict.
    FIELDS = StateFields(
        VALUE("num_players", "ruleset"), FIXED("board_ids"), VALUE("stage", "phase", "round"), LIST("order"),
        VALUE("turn", "cur"), LIST("track_pos", "track_stamp"), VALUE("stamp"), TUPLES("depots"),
        LISTS("depot_goods"), TUPLE("black"), LIST("col_stack", "black_stack", "round_goods"), LISTS("future"),
        LIST("aside", "bonus_taken"), TUPLES("chance"), PENDING("pending"), LIST("left"), VALUE("bought", "hired"),
        LISTS("tiles"), TUPLES("storage"), LISTS("goods", "sold"), LIST("silver", "workers", "vp"),
        LISTS("bonus", "dice"), LIST("secret", default=None),
        derived=(VALUE("comp", "boards", "places", "worths", "texts", "black_offer"),
                 LIST("offers", "filled", "adj", "know"), LISTS("region_fill", "colour_fill", "city")),
        keys={"num_players": "players", "board_ids": "boards", "secret": "castles"},
    )

    def __init__(self, comp: Components) -> None:
        self.comp = comp

    @classmethod
    def from_setup(cls, comp: Components, setup: dict[str, Any]) -> "BurgundyState":
        s = cls(comp)
        n = s.num_players = setup["players"]
        s.ruleset = setup.get("ruleset", "2011")
        rows = setup["seats"]
        # boards=random-secret: the start spaces chosen at once, kept here (-1: not yet) until all have chosen
        s.secret = [-1] * n if setup.get("boards") == "random-secret" and not any(r["castle"] for r in rows) else None
        s.board_ids = [row["board"] for row in rows]
        s.boards = [comp.boards[b] for b in s.board_ids]
        _no_offers(s)
        s.phase, s.round = 0, 0
        first = [seat - 1 for seat in setup["turn_order"]]
        s.order = list(first)
        s.turn = 0
        s.track_pos = [0] * n
        s.track_stamp = [n - first.index(p) for p in range(n)]  # start player's marker on top
        s.stamp = n
        names = comp.kind_by_name
        s.depots = [tuple(names[t] for t in tiles) for tiles in setup["depots"]]  # tuples: clones share them
        s.depot_goods = [[0] * 6 for _ in range(6)]
        s.black = tuple(names[t] for t in setup["black_depot"])
        col = list(comp.coloured_stack)
        col[0] -= n
        blk = list(comp.black_stack)
        for tiles in s.depots:
            for k in tiles:
                col[k] -= 1
        for k in s.black:
            blk[k] -= 1
        s.col_stack, s.black_stack = col, blk
        piles = [list(p) for p in setup["goods_piles"]]
        s.round_goods = piles[0]
        s.future = piles[1:]
        aside = [comp.goods_per_type] * 6
        for pile in piles:
            for g in pile:
                aside[g - 1] -= 1
        for row in rows:
            for g in row["goods"]:
                aside[g - 1] -= 1
        s.aside = aside
        s.bonus_taken = [0] * 6
        s.chance = []
        s.pending = Pending()
        s.left = []
        s.bought = s.hired = False
        s.tiles = [[-1] * 37 for _ in range(n)]
        s.filled = [0] * n
        s.adj = [0] * n
        s.storage = [() for _ in range(n)]  # tuples, like the depots
        s.goods = [[row["goods"].count(t) for t in range(1, 7)] for row in rows]
        s.sold = [[0] * 6 for _ in range(n)]
        s.silver = [row["silverlings"] for row in rows]
        s.workers = [row["workers"] for row in rows]
        s.vp = [0] * n
        s.know = [0] * n
        s.bonus = [[] for _ in range(n)]
        s.region_fill = [[0] * len(b.region_size) for b in s.boards]
        s.colour_fill = [[0] * 6 for _ in range(n)]
        s.city = [[0] * len(b.region_size) for b in s.boards]
        s.dice = [[] for _ in range(n)]
        s.stage = S_PLAY
        for p, row in enumerate(rows):
            if row["castle"]:
                estate._put_start_castle(s, p, row["castle"] - 1)
            else:
                s.stage = S_CASTLES
        if s.stage == S_PLAY:
            rules._start_round(s)
        s.run()
        return s

    @classmethod
    def from_dict(cls, comp: Components, data: dict[str, Any]) -> "BurgundyState":
        s = BurgundyState.FIELDS.loaded(cls(comp), data)
        n = s.num_players
        s.boards = [comp.boards[b] for b in s.board_ids]
        _no_offers(s)
        s.filled, s.adj, s.know = [0] * n, [0] * n, [0] * n
        s.region_fill = [[0] * len(b.region_size) for b in s.boards]
        s.colour_fill = [[0] * 6 for _ in range(n)]
        s.city = [[0] * len(b.region_size) for b in s.boards]
        for p in range(n):
            board = s.boards[p]
            for i, k in enumerate(s.tiles[p]):
                if k < 0:
                    continue
                s.filled[p] |= 1 << i
                s.adj[p] |= board.nb_mask[i]
                s.region_fill[p][board.region[i]] += 1
                s.colour_fill[p][COLOUR_OF[k]] += 1
                if COLOUR_OF[k] == KNOWLEDGE:
                    s.know[p] |= 1 << (k - K_KNOWLEDGE)
                elif COLOUR_OF[k] == BUILDING:
                    s.city[p][board.region[i]] |= 1 << (k - K_BUILDING)
        return s


def _no_offers(state: BurgundyState) -> None:
    """The caches of what the depots and storage offer (see ``offers``), empty; and the
    tables of each estate that every state of this box shares."""
    state.places = [_place_masks(b) for b in state.boards]
    state.worths = [region_worth(state.comp, b) for b in state.board_ids]
    state.offers = [NO_ENTRY] * 6
    state.black_offer = NO_ENTRY
    state.texts = _texts(state.comp)


# -- the play half's constructors (Play.new_state and Play.state_from_dict; see bgkit.api.Play) -------------


#: A new game from its setup, and a saved one: the state class's own constructors.
new_state = BurgundyState.from_setup
state_from_dict = BurgundyState.from_dict

