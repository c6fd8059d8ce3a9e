"""A bot's move said as an instruction for the people at a real table (``--chance table``).

``instruction(state, player, action)`` is the play half's ``Wording``: the words after the seat's
name (``P2 (greedy) takes barge card 2 (boats 2/2/1) with its 1 franc and 1 engineer``), read from
the state just before the move, in the box's words: barge cards, Quimper's boats, Pontivy's
blueprints, the lighthouse sites and harbours by their numbers, Lorient's and Brest's trades. An
equipment card the bot draws is asked for next, as its draw (``P2 (greedy) draws an equipment card``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from bgkit.api import plural

from bgkit_bretagne import building
from bgkit_bretagne.codes import (
    B_BUY_RES, B_ENGINEER, B_PAIR, B_SELL_RES, BARGE, BUILD, DONE, ENTER, EQUIP, EXCHANGE, F_EXCHANGE, F_PICK, F_RETURN,
    F_SITE, GO, L_BUY_EQ, L_BUY_RES, L_CARD_RES, L_SELL_EQ, L_WORKER, LOAD, M_CARD_RES, M_MARKET, M_SELL_CARD, M_SELL_RES, M_SUPPLY,
    PASS, PICK, PLAY, RETURN, SITE, TRADE,
)

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState

CITY_NAMES = ("Lorient", "Brest")
#: The rewards of a blueprint, in ``Tables.bp_reward``'s order: the words a count is said with.
REWARDS = ("point", "franc", "engineer", "equipment card", "worker")


def _things(t: Any, counts: tuple[int, ...] | list[int]) -> str:
    """Resources by count: ``2 stone and 1 sand``."""
    said = [f"{n} {t.resources[r]}" for r, n in enumerate(counts) if n]
    return " and ".join(said) or "nothing"


def _barge(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    t, card = s.t, a[1]
    boats = "/".join(map(str, t.barge_caps[card]))
    gets = [plural(n, word) for n, word in ((t.barge_francs[card], "franc"), (min(t.barge_engineers[card], s.sup_eng), "engineer")) if n]
    return f"takes barge card {card + 1} (boats {boats})" + (f" with {' and '.join(gets)}" if gets else "")


def _load(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    take = min(s.t.barge_caps[s.barge[p]][s.boat], s.quimper[a[1]])
    return f"loads {take} {s.t.resources[a[1]]} from Quimper onto its boat {s.boat + 1}"


def _build(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    t, b = s.t, a[1]
    reward = [plural(n, word) for n, word in zip(t.bp_reward[b], REWARDS) if n]
    cards = f" (draw {'it' if t.bp_reward[b][3] == 1 else 'them'} from the deck: I ask which)" if t.bp_reward[b][3] else ""
    return (f"buys blueprint {t.bp_ids[b]} at Pontivy: pays {_things(t, t.bp_cost[b])} to the supply and takes "
            f"{' and '.join(reward) or 'no reward'}{cards}; it builds it next")


def _site(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    t, site, top = s.t, a[1], s.pending.top()
    need = building._site_need(s, p, site)
    blueprint = t.bp_ids[top[1]] if top is not None and top[0] == F_SITE else "its blueprint"
    if need is None:
        return f"builds {blueprint} on the lighthouse at site {site + 1}"
    extra, count, engineers, storm = need
    workers = (t.bp_spent[top[1]] if top is not None and top[0] == F_SITE else 0) + count
    paid = f"pays {_things(t, extra)}, " if count else ""
    hurt = f"; the storm injures {plural(storm, 'worker')}: back to its spare cubes" if storm else ""
    bounty = f"; it takes the {plural(s.bounty[site], 'franc')} lying there" if s.bounty[site] else ""
    return (f"builds {blueprint} as the next level of the lighthouse at site {site + 1}: {paid}puts "
            f"{plural(engineers, 'engineer')} and {plural(workers, 'worker')} on it{hurt}{bounty}")


def _return(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    top = s.pending.top()
    workers = top[3] if top is not None and top[0] == F_RETURN else a[1]
    site = f" at site {top[1] + 1}" if top is not None and top[0] == F_RETURN else ""
    points = a[1] * s.comp.play.return_points
    if not a[1]:
        return f"leaves all {plural(workers, 'worker')} on its new level{site} for the lighthouse's scoring"
    stay = workers - a[1]
    left = f"; {stay} {'stays' if stay == 1 else 'stay'} there" if stay else ""
    return f"takes {plural(a[1], 'worker')} of the {workers} on its new level{site} back home for {plural(points, 'point')}{left}"


#: What a trade does at the table: (pay, get, francs) -> the words.
TRADES: dict[int, Callable[[int, int, int], str]] = {
    L_BUY_RES: lambda pay, get, fr: f"pays {plural(pay, 'franc')} for {get} resources from the supply (which: next)",
    L_BUY_EQ: lambda pay, get, fr: f"pays {plural(pay, 'franc')} for {plural(get, 'equipment card')}: draw them from the "
                                   "deck (I ask which)",
    L_SELL_EQ: lambda pay, get, fr: f"sells {plural(pay, 'equipment card')} for {plural(get, 'franc')} (which: next)",
    L_WORKER: lambda pay, get, fr: f"pays {plural(pay, 'franc')} to take {plural(get, 'worker')} from its spare cubes",
    L_CARD_RES: lambda pay, get, fr: f"gives {plural(pay, 'equipment card')} for {plural(fr, 'franc')} and "
                                     f"{get} resource{'s' if get != 1 else ''} from the supply (which: next)",
    B_ENGINEER: lambda pay, get, fr: f"pays {plural(pay, 'franc')} for a single engineer from Brest",
    B_BUY_RES: lambda pay, get, fr: f"pays {plural(pay, 'franc')} for {get} resources from Brest's market (which: next)",
    B_SELL_RES: lambda pay, get, fr: f"sells {pay} resources to the supply for {plural(get, 'franc')} (which: next)",
    B_PAIR: lambda pay, get, fr: f"pays {plural(pay, 'franc')} for a pair of engineers from Brest",
}


def _trade(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    trade = s.comp.trades[a[1]]
    return f"trades in {trade.city.capitalize()}: {TRADES[a[1]](trade.pay, trade.get, trade.francs)}"


def _pick(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    top = s.pending.top()
    mode = top[1] if top is not None and top[0] == F_PICK else M_SUPPLY
    if mode in (M_SELL_CARD, M_CARD_RES):
        return f"discards its {s.t.kinds[a[1]]} equipment card"
    resource = s.t.resources[a[1]]
    said = {M_SUPPLY: f"takes 1 {resource} from the supply", M_MARKET: f"takes 1 {resource} from Brest's market",
            M_SELL_RES: f"puts 1 {resource} back in the supply"}
    return said[mode]


def _done(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    top = s.pending.top()
    if top is not None and top[0] == F_EXCHANGE:
        return f"ends its visit to {CITY_NAMES[top[1]]}"
    if s.score_step == EQUIP:
        return "plays no more equipment cards at this lighthouse"
    return "puts no worker in this lighthouse's harbour"


def _pass(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    limit = s.comp.supply.warehouse_limit
    return (f"passes for the rest of the round: it takes the next place in Pontivy's turn order, its workers come "
            f"home from the cities, its engineers go back to the supply and it keeps at most {limit} of each resource")


def _play(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    t, site = s.t, s.score_sites[0]
    points = t.kind_points[a[1]][t.site_type[site]]
    if s.played >> a[1] & 1:
        points = max(0, points - 1)
    return (f"plays its {t.kinds[a[1]]} equipment card (discard it) at the lighthouse at site {site + 1}: it takes a "
            f"worker off the lighthouse for {plural(points, 'point')}")


def _enter(s: BretagneState, p: int, a: tuple[int, ...]) -> str:
    fee = sum(s.harb[a[1]]) * s.comp.play.harbour_entry_francs
    paid = f", paying {plural(fee, 'franc')}" if fee else ""
    return f"moves a worker from the lighthouse at site {s.score_sites[0] + 1} into harbour {a[1] + 1}{paid}"


WORDS: dict[int, Callable[[BretagneState, int, tuple[int, ...]], str]] = {
    BARGE: _barge,
    LOAD: _load,
    BUILD: _build,
    SITE: _site,
    RETURN: _return,
    EXCHANGE: lambda s, p, a: f"sends a worker to {CITY_NAMES[a[1]]} to trade there",
    TRADE: _trade,
    PICK: _pick,
    GO: lambda s, p, a: f"sends another worker on to {CITY_NAMES[a[1]]}",
    DONE: _done,
    PASS: _pass,
    PLAY: _play,
    ENTER: _enter,
}


def instruction(state: BretagneState, player: int, action: tuple[int, ...]) -> str:
    words = WORDS.get(action[0])
    return words(state, player, action) if words is not None else ""
