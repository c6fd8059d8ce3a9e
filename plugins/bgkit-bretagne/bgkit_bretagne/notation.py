"""Bretagne's notation: the short texts of the actions (what a person types and the log keeps), what
a chance draw is at the table, and the action space (each decision and chance outcome numbered,
for research tools and bots in other languages).

An action is a small tuple, its code first and at most one value after it (a barge card, a
resource, a blueprint, a site...). The space is dense: each code owns one block of consecutive
indices, as long as its value can range over in the box the components describe, so an index is
the block's start plus the value; DONE and PASS are blocks of one. The blocks depend on the
components only (never on the player count), so an index means the same action at every count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from bgkit.api import derived

from bgkit_bretagne.codes import (
    BARGE, BLUEPRINT, BUILD, DONE, ENTER, EQUIPMENT, EXCHANGE, GO, LOAD, PASS, PICK, PLAY, PRODUCTION, RETURN, SITE,
    TRADE, WEATHER, CITIES, CITY_TRADES, F_PICK, F_RETURN, L_BUY_RES, L_SELL_EQ, L_CARD_RES, B_BUY_RES, B_SELL_RES,
    M_CARD_RES, M_SELL_CARD, M_SELL_RES, Q_BLUEPRINT, Q_EQUIPMENT, Q_PRODUCTION, Q_WEATHER, TRADE_WORDS, Action, Frame,
)
from bgkit_bretagne.data import Components

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState
    from bgkit_bretagne.tables import Tables

#: The text of an action whose value names itself: code -> (its word, the value's name from the tables).
_TEXTS: dict[int, tuple[str, Callable[[Tables, int], object]]] = {
    BARGE: ("barge", lambda t, v: v + 1),
    LOAD: ("load", lambda t, v: t.resources[v]),
    BUILD: ("build", lambda t, v: t.bp_ids[v]),
    SITE: ("at", lambda t, v: v + 1),
    EXCHANGE: ("exchange", lambda t, v: CITIES[v]),
    TRADE: ("trade", lambda t, v: TRADE_WORDS[v]),
    GO: ("go", lambda t, v: CITIES[v]),
    PLAY: ("play", lambda t, v: t.kinds[v]),
    ENTER: ("harbour", lambda t, v: v + 1),
    WEATHER: ("weather", lambda t, v: t.weather_ids[v]),
    PRODUCTION: ("production", lambda t, v: t.prod_ids[v]),
    BLUEPRINT: ("blueprint", lambda t, v: t.bp_ids[v]),
    EQUIPMENT: ("draw", lambda t, v: t.kinds[v]),
}


def action_text(state: BretagneState, action: Action) -> str:
    code = action[0]
    named = _TEXTS.get(code)
    if named is not None:
        return f"{named[0]} {named[1](state.t, action[1])}"
    if code == DONE:
        return "done"
    if code == PASS:
        return "pass"
    top = state.pending.top()
    if code == RETURN:
        stay = (top[3] if top is not None and top[0] == F_RETURN else action[1]) - action[1]
        return f"return {action[1]} stay {stay}"
    if code == PICK:
        if top is not None and top[0] == F_PICK and top[1] in (M_SELL_CARD, M_CARD_RES):
            return f"card {state.t.kinds[action[1]]}"
        return f"{'sell' if top is not None and top[1] == M_SELL_RES else 'take'} {state.t.resources[action[1]]}"
    return str(action)


def chance_label(state: BretagneState) -> str:
    head = state.chance[0]
    return _DRAWS[head[0]](state, head)


#: What each queued draw is, for the person typing it in at the table.
_DRAWS: dict[int, Callable[[BretagneState, Frame], str]] = {
    Q_WEATHER: lambda s, head: f"the weather forecast for round {s.round + 1}, turned up from the weather pile",
    Q_PRODUCTION: lambda s, head: f"the Quimper production card of round {s.round}, turned up",
    Q_BLUEPRINT: lambda s, head: f"a blueprint turned up from the {s.t.stacks[head[1]]} stack at Pontivy",
    Q_EQUIPMENT: lambda s, head: f"P{head[1] + 1} draws an equipment card",
}


def _blocks(comp: Components) -> tuple[dict[int, tuple[int, int]], list[int]]:
    """Per code, ``(first index, how many values)``; and per index, its code (the way back)."""
    resources, kinds = len(comp.supply.resources), len(comp.equipment)
    # a build sends home at most the blueprint's resources plus the level's: its extra and one wood
    returned = max(sum(b.cost.values()) for b in comp.blueprints.values()) + max(len(t.extra) for t in comp.lighthouses.values()) + 1
    sizes = (
        (BARGE, len(comp.barges)), (LOAD, resources), (BUILD, len(comp.blueprints)), (SITE, comp.board.sites),
        (RETURN, returned + 1), (EXCHANGE, 2), (TRADE, len(comp.trades)), (PICK, max(resources, kinds)), (GO, 2),
        (DONE, 1), (PASS, 1), (PLAY, kinds), (ENTER, comp.board.harbours),
        (WEATHER, len(comp.weather)), (PRODUCTION, len(comp.production)), (BLUEPRINT, len(comp.blueprints)),
        (EQUIPMENT, kinds),
    )
    blocks: dict[int, tuple[int, int]] = {}
    codes: list[int] = []
    for code, size in sizes:
        blocks[code] = (len(codes), size)
        codes += [code] * size
    return blocks, codes


def _layout(comp: Components) -> tuple[dict[int, tuple[int, int]], list[int]]:
    return derived(comp, "bretagne action space", lambda: _blocks(comp))


def num_actions(comp: Components, players: int) -> int:
    return len(_layout(comp)[1])


def max_game_length(comp: Components, players: int) -> int:
    """A bound no game can pass, from the rules:

    - at most ``rounds`` rounds; in each, a seat chooses one barge card, loads at most once per
      boat of the largest barge card, and passes once;
    - an exchange (and a "go" to the other city) sends one worker to a city, where it stays until
      its owner passes: so at most ``worker_cubes`` city visits per seat and round, each the
      entry, every trade of the city once with each resource or card it asks picked one by one,
      and "done";
    - a build (blueprint, site, workers home) puts a level on a lighthouse, and a lighthouse is
      never built again once complete: at most every site's tallest tile, once;
    - a completed lighthouse is scored once: per seat at most one equipment card per worker it
      has there (at most its cubes), "done", and one harbour decision.
    """
    rounds, cubes, sites = comp.play.rounds, comp.supply.worker_cubes, comp.board.sites
    boats = max(len(b.capacities) for b in comp.barges)
    visit = 2 + max(sum(1 + _picks(comp, item) for item in city) for city in CITY_TRADES)
    per_round = 1 + boats + 1 + cubes * visit
    builds = sites * max(t.levels for t in comp.lighthouses.values())
    scoring = sites * players * (cubes + 2)
    return rounds * players * per_round + 3 * builds + scoring


def _picks(comp: Components, item: int) -> int:
    """How many resources or cards a trade has its seat pick one by one."""
    trade = comp.trades[item]
    if item in (L_BUY_RES, B_BUY_RES):
        return trade.get
    if item in (L_SELL_EQ, B_SELL_RES):
        return trade.pay
    if item == L_CARD_RES:
        return trade.pay + trade.get
    return 0


def action_index(comp: Components, action: Action) -> int:
    start, _ = _layout(comp)[0][action[0]]
    return start + action[1] if len(action) > 1 else start


def action_from_index(comp: Components, state: BretagneState, index: int) -> Action:
    blocks, codes = _layout(comp)
    code = codes[index]
    return (code,) if code in (DONE, PASS) else (code, index - blocks[code][0])


#: What each of Bretagne's action words does, for ``?`` at the prompt (its first word picks the entries shown).
WORDS = (
    ("barge N", "choose barge card N for this round (its boats load your resources from Quimper)"),
    ("load RESOURCE", "your boat loads this resource from Quimper"),
    ("build BLUEPRINT", "buy the blueprint at Pontivy and take its reward; then choose the site ('at')"),
    ("at SITE", "build the blueprint's level on lighthouse site SITE (pay its resources, engineers and workers)"),
    ("return N stay M", "of the workers on the level you built, N go home for points and M stay for the lighthouse's scoring"),
    ("exchange CITY", "send a worker to Lorient or Brest, then trade there one trade at a time"),
    ("trade WHAT", "one of the city's trades (each at most once a visit): buy resources or equipment, sell, "
                   "take a worker or an engineer"),
    ("take RESOURCE", "the resource the trade gives you, one at a time"),
    ("sell RESOURCE", "the resource the trade sells, one at a time"),
    ("card KIND", "the equipment card the trade asks for"),
    ("go CITY", "send another worker on to the other city"),
    ("play KIND", "a lighthouse is scored: play an equipment card; a worker of yours leaves it for points"),
    ("harbour N", "a lighthouse is scored: put one of its workers of yours into its harbour N"),
    ("done", "end this visit to a city, or this step of a lighthouse's scoring"),
    ("pass", "pass for the whole round: you take no more actions until the next round"),
)
