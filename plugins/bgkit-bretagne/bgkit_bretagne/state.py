"""Bretagne in play: the state as data, one mutable object of plain lists, applied in place.

What the state does is the spec's parts (``bgkit_bretagne.play``), one module per concern: the
rules (``rules.py``, with its topics ``building.py``, ``exchange.py`` and ``lighthouses.py``) on
the core's flow runner, what a seat sees (``views.py``), the texts and the action space
(``notation.py``), the bots' judgement (``heuristic.py``) and the drawing (``display.py``); this
module holds its fields and its constructors.

Actions are small tuples, opcode first. Multi-step choices are micro-decisions on a
:class:`bgkit.api.Pending` stack (a build, an exchange, the picks of a trade), each kind of
frame served by its rule topic. The equipment and harbour steps of a scoring ask the players in
majority order.

Chance: the weather forecast, the production card and every blueprint turned up are public draws;
an equipment card drawn into a hand is a private draw (its audience is the owner). Equipment
hands and the deck are held as counts (:class:`bgkit.api.Deck`); a seat's determinisation
redeals the deck and the other hands with :func:`bgkit.api.resample`.

The rule readings (where the summary is silent or contradicts itself) are listed in the README.
"""

from __future__ import annotations

from typing import Any

from bgkit.api import DECK, DECKS, FIXED, LIST, LISTS, PENDING, TUPLES, VALUE, Deck, FlowState, Pending, StateFields

from bgkit_bretagne import lighthouses
from bgkit_bretagne.codes import BUILT, EQUIP, OPEN, S_BARGE, UNUSED
from bgkit_bretagne.data import Components
from bgkit_bretagne.tables import Tables, tables


class BretagneState(FlowState):
    """The whole table; per-player data are lists indexed by seat (0-based)."""

    __slots__ = ("num_players", "round", "stage", "cur", "actor", "turn", "boat", "order", "next_order", "barge",
                 "passed", "res", "francs", "eng", "work", "reserve", "vp", "city", "hands", "deck", "discard", "bank",
                 "sup_res", "sup_eng", "quimper", "prod", "prod_left", "market", "singles", "pairs", "weather",
                 "forecast", "weather_left", "face_up", "piles", "under", "tile", "site", "lv_bp", "lv_own", "lv_wk",
                 "site_eng", "bounty", "harb", "improved", "pending", "chance", "score_sites", "score_step",
                 "score_order", "score_idx", "played", "comp", "t")
    # the fields' types (the slots hold them; ``chance``, ``pending`` and ``cur`` are Flow's)
    num_players: int
    round: int
    stage: int  # S_BARGE ... S_OVER
    actor: int  # whose multi-step choice it is
    turn: int  # the index in ``order`` of the seat acting
    boat: int  # the boat being loaded
    order: list[int]  # the seats in Pontivy order
    next_order: list[int]  # the seats who passed, in the order they did
    barge: list[int]  # each seat's barge card, -1 before the choice
    passed: list[bool]
    res: list[list[int]]  # [seat][resource]
    francs: list[int]
    eng: list[int]
    work: list[int]  # workers at home
    reserve: list[int]  # worker cubes in the supply
    vp: list[int]
    city: list[int]  # workers in the cities
    hands: list[Deck]  # equipment cards by kind
    deck: Deck
    discard: Deck
    bank: int
    sup_res: list[int]
    sup_eng: int
    quimper: list[int]
    prod: int
    prod_left: Deck
    market: list[int]  # Brest's resources
    singles: int
    pairs: int
    weather: int
    forecast: int  # -1 after the last round's
    weather_left: Deck
    face_up: list[list[int]]  # [stack] -> blueprints face up
    piles: list[Deck]
    under: list[Deck]
    tile: list[int]  # [site] -> lighthouse tile, -1 for none
    site: list[int]  # UNUSED, OPEN, COMPLETE or BUILT
    lv_bp: list[list[int]]  # [site][level] -> blueprint
    lv_own: list[list[int]]  # [site][level] -> seat
    lv_wk: list[list[int]]  # [site][level] -> workers there
    site_eng: list[int]
    bounty: list[int]
    harb: list[list[int]]  # [harbour][seat] -> workers
    improved: list[bool]  # [coast]
    score_sites: list[int]
    score_step: int  # EQUIP or HARBOUR
    score_order: list[int]
    score_idx: int
    played: int
    comp: Components
    t: Tables

    # The fields, declared once (bgkit.api.StateFields): they make clone and to_dict, and from_dict
    # loads them. The saved ones in the order of a save's keys (``keys`` spells out the short names).
    FIELDS = StateFields(
        VALUE("num_players", "round", "stage", "cur", "actor", "turn", "boat"),
        LIST("order", "next_order", "barge", "passed"), LISTS("res"),
        LIST("francs", "eng", "work", "reserve", "vp", "city"),
        DECKS("hands"), DECK("deck", "discard"), VALUE("bank"), LIST("sup_res"), VALUE("sup_eng"), LIST("quimper"),
        VALUE("prod"), DECK("prod_left"), LIST("market"), VALUE("singles", "pairs", "weather", "forecast"),
        DECK("weather_left"), LISTS("face_up"), DECKS("piles", "under"), FIXED("tile"), LIST("site"),
        LISTS("lv_bp", "lv_own", "lv_wk"), LIST("site_eng", "bounty"), LISTS("harb"), LIST("improved"),
        PENDING("pending"), TUPLES("chance"), LIST("score_sites"), VALUE("score_step"), LIST("score_order"),
        VALUE("score_idx", "played"),
        derived=(VALUE("comp", "t"),),
        keys={"num_players": "players", "res": "resources", "eng": "engineers", "work": "workers",
              "sup_res": "supply_resources", "sup_eng": "supply_engineers", "prod": "production",
              "prod_left": "production_left", "lv_bp": "level_blueprints", "lv_own": "level_owners",
              "lv_wk": "level_workers", "site_eng": "site_engineers", "harb": "harbours"},
    )

    def __init__(self, comp: Components, t: Tables):
        self.comp = comp
        self.t = t

    @classmethod
    def from_setup(cls, comp: Components, setup: dict[str, Any]) -> BretagneState:
        n = setup["players"]
        t = tables(comp, n)
        s = cls(comp, t)
        s.num_players = n
        K = len(t.kinds)
        rows = setup["seats"]
        s.round, s.stage, s.cur, s.turn, s.actor = 1, S_BARGE, 0, 0, 0
        s.order = [seat - 1 for seat in setup["turn_order"]]
        s.next_order = []
        s.barge = [-1] * n
        s.boat = 0
        s.passed = [False] * n
        s.res = [[row["resources"][r] for r in t.resources] for row in rows]
        s.francs = [row["francs"] for row in rows]
        s.eng = [row["engineers"] for row in rows]
        s.work = [row["workers"] for row in rows]
        s.reserve = [row["reserve_workers"] for row in rows]
        s.vp = [row["score"] for row in rows]
        s.city = [0] * n
        s.hands = [Deck([0] * K) for _ in range(n)]
        s.deck = Deck(t.kind_counts)
        s.discard = Deck([0] * K)
        s.bank = comp.supply.coins - sum(s.francs)
        supply = setup["supply"]
        s.sup_res = [supply["resources"][r] for r in t.resources]
        s.sup_eng = supply["engineers"]
        s.quimper = [setup["quimper"]["resources"].get(r, 0) for r in t.resources]
        s.prod = t.prod_ids.index(setup["quimper"]["card"])
        s.prod_left = Deck([0 if i == s.prod else 1 for i in range(len(t.prod_ids))])
        brest = setup["brest"]
        s.market = [brest["market"][r] for r in t.resources]
        s.singles, s.pairs = brest["engineers"], brest["engineer_pairs"]
        s.weather = t.weather_ids.index(setup["weather"]["current"])
        s.forecast = t.weather_ids.index(setup["weather"]["forecast"])
        s.weather_left = Deck([0 if i in (s.weather, s.forecast) else 1 for i in range(len(t.weather_ids))])
        s.face_up = [sorted(t.bp_ids.index(b) for b in setup["pontivy"][stack]) for stack in t.stacks]
        s.piles = []
        s.under = []
        for k in range(len(t.stacks)):
            counts = [1 if t.bp_stack[b] == k and b not in s.face_up[k] else 0 for b in range(len(t.bp_ids))]
            s.piles.append(Deck(counts))
            s.under.append(Deck([0] * len(t.bp_ids)))
        sites = len(t.site_type)
        s.tile = [-1] * sites
        s.site = [UNUSED] * sites
        for row in setup["lighthouses"]:
            i = row["site"] - 1
            if row["tile"]:
                s.tile[i] = t.tile_ids.index(row["tile"])
                s.site[i] = BUILT if row["side"] == "built" else OPEN
        s.lv_bp = [[] for _ in range(sites)]
        s.lv_own = [[] for _ in range(sites)]
        s.lv_wk = [[] for _ in range(sites)]
        s.site_eng = [0] * sites
        s.bounty = [0] * sites
        s.harb = [[0] * n for _ in t.harbour_ids]
        s.improved = [False] * len(t.coasts)
        s.pending = Pending()
        s.chance = []
        s.score_sites = []
        s.score_step = EQUIP
        s.score_order = []
        s.score_idx = 0
        s.played = 0  # equipment kinds played at the lighthouse being scored (bit mask)
        for coast in range(len(t.coasts)):
            lighthouses._check_coast(s, coast)
        s.run()
        return s

    @classmethod
    def from_dict(cls, comp: Components, data: dict[str, Any]) -> BretagneState:
        return BretagneState.FIELDS.loaded(cls(comp, tables(comp, data["players"])), data)


#: A new game from its setup, and a saved one: the state class's own constructors.
new_state = BretagneState.from_setup
state_from_dict = BretagneState.from_dict
