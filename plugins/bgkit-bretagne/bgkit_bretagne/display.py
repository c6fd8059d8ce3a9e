"""Drawing the table in play with rich (the play half's ``Display``): the round, the weather and the
cities, the blueprints, the lighthouses, the harbours, a row per seat and what is being decided, for
one seat or for everyone; how a setup is drawn is :mod:`bgkit_bretagne.render`, the table half's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from bgkit.api import MARK

from bgkit_bretagne import scoring
from bgkit_bretagne.codes import BUILT, COMPLETE, EQUIP, F_EXCHANGE, F_RETURN, F_SITE, OPEN, S_ACT, S_OVER, S_SCORE, TRADE_WORDS, UNUSED
from bgkit_bretagne.render import _counts

if TYPE_CHECKING:  # rich is imported where a drawing is made
    from rich.console import Group, RenderableType
    from rich.table import Table
    from rich.text import Text

    from bgkit_bretagne.state import BretagneState
    from bgkit_bretagne.tables import Tables

#: The mark after a value from a reconstructed table (or nothing), by the table's name.
Mark = Callable[[str], str]

_STAGES = ("choosing barge cards", "loading barges at Quimper", "actions", "scoring completed lighthouses", "game over")


def _res(t: Tables, counts: Sequence[int]) -> str:
    return " ".join(f"{n}{t.resources[r][:2]}" for r, n in enumerate(counts) if n) or "-"


def _box(title: str, columns: list[str]) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    for column in columns:
        table.add_column(column)
    return table


def render_compact(state: BretagneState, player: int | None) -> Group:
    """The same table in fewer lines, for a terminal the full drawing does not fit: the harbours
    on one line, the built lighthouses and the equipment legend left out."""
    return render_state(state, player, compact=True)


def render_state(state: BretagneState, player: int | None, compact: bool = False) -> Group:
    """The table as ``player`` sees it (None: a spectator): their own hand, the others' counts."""
    from rich.console import Group
    from rich.text import Text
    recon = set(state.comp.reconstructed())

    def mark(table: str) -> str:
        return MARK if table in recon else ""

    parts: list[RenderableType] = [_heading(state, mark), _blueprints(state, mark), _lighthouses(state, mark, compact)]
    parts += _harbours(state, mark, compact)
    parts.append(_players(state, player, mark))
    if not compact:
        kinds = " · ".join(f"{k.id} {k.points['heaven']}/{k.points['purgatory']}/{k.points['hell']}" for k in state.comp.equipment)
        parts.append(Text(f"Equipment{mark('equipment')} points at Heaven/Purgatory/Hell: {kinds}; a later card of a "
                          "kind at the same lighthouse scores 1 less."))
    doing = _doing(state)
    if doing:
        parts.append(Text(doing, style="bold"))
    if state.stage == S_OVER:
        parts.append(Text("Final scores: " + ", ".join(f"P{q + 1} {s:g}" for q, s in enumerate(state.scores())), style="bold"))
    if recon:
        parts.append(Text(f"{MARK} reconstructed values: no public source gives them; --data FILE replaces them.",
                          style="italic"))
    return Group(*parts)


def _heading(state: BretagneState, mark: Mark) -> Text:
    """The round and stage, the weather, Pontivy's turn order, Quimper, Brest and the decks."""
    from rich.text import Text
    comp, t = state.comp, state.t
    weather = state.weather
    eng = t.weather_engineers[weather]
    storm = " STORM: building Purgatory/Hell injures a worker" if t.weather_storm[weather] else ""
    forecast = (f"; forecast {t.weather_ids[state.forecast]} {comp.weather[t.weather_ids[state.forecast]].name}"
                if state.forecast >= 0 else "")
    head = Text()
    head.append(f"Bretagne · round {state.round} of {comp.play.rounds} · {_STAGES[state.stage]}", style="bold")
    head.append(f"\nWeather{mark('weather')} {t.weather_ids[weather]} {comp.weather[t.weather_ids[weather]].name}: "
                f"engineers Heaven {eng[0]} / Purgatory {eng[1]} / Hell {eng[2]} per level{storm}{forecast}")
    order = " ".join(f"P{p + 1}" for p in state.order)
    nxt = " ".join(f"P{p + 1}" for p in state.next_order) or "-"
    head.append(f"\nPontivy: turn order {order}; next round so far {nxt}")
    head.append(f"\nQuimper{mark('production')} {t.prod_ids[state.prod]}: {_res(t, state.quimper)} · Brest: "
                f"{_res(t, state.market)}, engineers {state.singles} single / {state.pairs} pairs · "
                f"equipment deck {len(state.deck)}, discards {len(state.discard)}")
    return head


def _blueprints(state: BretagneState, mark: Mark) -> Table:
    comp, t = state.comp, state.t
    prints = _box(f"Blueprints face up at Pontivy{mark('blueprints')}", ["stack", "blueprints (cost > reward)"])
    for k, stack in enumerate(t.stacks):
        tiles = []
        for b in state.face_up[k]:
            bp = comp.blueprints[t.bp_ids[b]]
            reward = _counts(dict(bp.reward)).replace(" points", "vp").replace(" point", "vp")
            tiles.append(f"{bp.id} {_res(t, t.bp_cost[b])}>{reward}")
        prints.add_row(stack, " | ".join(tiles) or "-")
    return prints


def _lighthouses(state: BretagneState, mark: Mark, compact: bool) -> Table:
    """Every lighthouse in play (compact: not the built ones) and what its next level asks."""
    t = state.t
    eng = t.weather_engineers[state.weather]
    lights = _box(f"Lighthouses (from Lorient clockwise){mark('lighthouses')}",
                  ["site", "coast", "type", "tile", "built", "levels: owner×workers", "eng", "fr", "next level asks"])
    for i in range(len(state.site)):
        if state.site[i] == UNUSED or (compact and state.site[i] == BUILT):
            continue
        tile = state.tile[i]
        done = len(state.lv_bp[i])
        if state.site[i] == BUILT:
            built, lv, ask = "done", "", ""
        else:
            built = f"{done}/{t.tile_levels[tile]}" + (" complete" if state.site[i] == COMPLETE else "")
            lv = " ".join(f"P{o + 1}×{w}" for o, w in zip(state.lv_own[i], state.lv_wk[i]))
            ask = ""
            if state.site[i] == OPEN:
                extra = list(t.tile_extra[tile])
                if done + 1 >= state.comp.play.scaffold_from_level:
                    extra[t.wood] += 1
                ask = f"{_res(t, extra)}, {eng[t.site_type[i]]} eng"
        lights.add_row(str(i + 1), t.coasts[t.site_coast[i]], ("Heaven", "Purgatory", "Hell")[t.site_type[i]],
                       t.tile_ids[tile], built, lv, str(state.site_eng[i] or ""), str(state.bounty[i] or ""), ask)
    return lights


def _harbours(state: BretagneState, mark: Mark, compact: bool) -> list[RenderableType]:
    """The harbours: a table, or one line in the compact drawing."""
    from rich.text import Text
    t = state.t
    rows = []
    for h in range(len(state.harb)):
        improved = state.improved[t.harbour_coast[h]]
        income = _counts(dict(t.harbour_income[h][1 if improved else 0]))
        workers = " ".join(f"P{q + 1}×{w}" for q, w in enumerate(state.harb[h]) if w)
        rows.append((h, improved, income, workers))
    if compact:
        line = [f"{h + 1} {income}{'+' if improved else ''}{': ' + workers if workers else ''}"
                for h, improved, income, workers in rows]
        return [Text(f"Harbours{mark('harbours')} (income per worker, + improved): " + " · ".join(line))]
    harbours = _box(f"Harbours{mark('harbours')}", ["#", "coast", "side", "income per worker", "workers"])
    for h, improved, income, workers in rows:
        harbours.add_row(str(h + 1), t.coasts[t.harbour_coast[h]], "improved" if improved else "normal", income, workers or "-")
    return [harbours]


def _players(state: BretagneState, player: int | None, mark: Mark) -> Table:
    """Each seat's place, barge, points, francs, workers, resources and cards (others' hidden)."""
    t = state.t
    players = _box(f"Players (barge cards{mark('barges')})",
                   ["", "place", "barge", "points", "francs", "eng", "workers home/city/spare", "resources", "equipment"])
    places = scoring.pontivy_places(state)
    for q in range(state.num_players):
        hand = state.hands[q]
        if q == player:
            cards = ", ".join(f"{c} {t.kinds[k]}" for k, c in enumerate(hand.counts) if c) or "none"
        else:
            cards = f"{len(hand)} hidden"
        barge = state.barge[q]
        barge_text = f"{barge + 1} ({'/'.join(map(str, t.barge_caps[barge]))})" if barge >= 0 else "-"
        who = f"P{q + 1}" + (" (you)" if q == player else "") + (" passed" if state.passed[q] and state.stage == S_ACT else "")
        players.add_row(who, str(places[q]), barge_text, str(state.vp[q]), str(state.francs[q]), str(state.eng[q]),
                        f"{state.work[q]}/{state.city[q]}/{state.reserve[q]}", _res(t, state.res[q]), cards)
    return players


def _doing(state: BretagneState) -> str:
    """What is being decided: the multi-step choice under way, or the lighthouse being scored."""
    comp, t = state.comp, state.t
    top = state.pending.top()
    if top is None:
        if state.stage == S_SCORE and state.score_sites:
            step = "equipment cards (each removes a worker)" if state.score_step == EQUIP else "harbour entry"
            return f"Scoring the lighthouse at site {state.score_sites[0] + 1}: {step}"
        return ""
    who = f"P{state.actor + 1}"
    if top[0] == F_SITE:
        return f"{who} is building {t.bp_ids[top[1]]}: choose the lighthouse (at SITE)"
    if top[0] == F_RETURN:
        return (f"{who} built at site {top[1] + 1}: of its {top[3]} worker(s), how many return home "
                f"for {comp.play.return_points} points each and how many stay for the lighthouse's scoring")
    if top[0] == F_EXCHANGE:
        used = ", ".join(TRADE_WORDS[i] for i in range(9) if top[2] >> i & 1) or "none yet"
        return f"{who} is exchanging in {('Lorient', 'Brest')[top[1]]} (done: {used}; each trade once)"
    return f"{who} picks {top[3]} more for the trade"


def render_public(state: BretagneState) -> Group:
    """What everyone at the table sees (a shared screen): the board and each player's barge cards
    by their count, never their faces (the spectator's drawing)."""
    return render_state(state, None)
