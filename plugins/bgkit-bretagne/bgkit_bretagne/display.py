"""Drawing the table in play with rich (the play half's ``Display``): the round, the weather and the
cities, the blueprints, the lighthouses, the harbours, a row per seat and what is being decided, for
one seat or for everyone; how a setup is drawn is :mod:`bgkit_bretagne.render`, the table half's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from bgkit.api import MARK, plural

from bgkit_bretagne import scoring
from bgkit_bretagne.codes import (BUILT, COMPLETE, EQUIP, F_EXCHANGE, F_RETURN, F_SITE, OPEN, S_ACT, S_BARGE, S_OVER, S_SCORE,
                                  TRADE_WORDS, UNUSED)
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

    # no edge: the blank lines above and below a table say nothing, and the whole table fits 120×50
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    for column in columns:
        table.add_column(column)
    return table


def render_compact(state: BretagneState, player: int | None) -> Group:
    """For a terminal the full drawing does not fit (80×24): the round and the weather, ``player``'s
    own position and what is being decided, Quimper and Brest, the blueprints (a line a stack), the
    unfinished lighthouses and the harbours in a few lines, then one line for each other player
    (``board``, ``hand``, ``others`` and ``full`` at the prompt show the rest)."""
    from rich.console import Group
    from rich.text import Text

    me = state.actor if player is None else player
    mark = _marks(state)
    parts: list[RenderableType] = [_short_heading(state, mark), _seat_line(state, me, player)]
    doing = _doing(state) or (_barge_line(state, mark) if state.stage == S_BARGE else "")
    if doing:
        parts.append(Text(doing, style="bold"))
    parts += [Text(_markets(state, mark)), *_blueprint_lines(state), _lighthouse_line(state, mark)]
    parts += _harbours(state, mark, compact=True)
    parts += [_seat_line(state, q, player) for q in _seats_from(state, me) if q != me]
    return Group(*parts)


def render_part(state: BretagneState, player: int | None, word: str) -> Group | None:
    """``board``: the round, weather, Quimper and Brest, the blueprints, every lighthouse and the
    harbours; ``hand``: ``player``'s own position (its equipment cards by name, its workers on the
    lighthouses and at the harbours); ``others``: the other players, their cards as counts."""
    from rich.console import Group
    from rich.text import Text

    me = state.actor if player is None else player
    mark = _marks(state)
    if word == "board":
        return Group(_heading(state, mark), _blueprints(state, mark), _lighthouses(state, mark),
                     *_harbours(state, mark, False))
    if word == "hand":
        return Group(_seat_line(state, me, player), *[Text(line) for line in _placed(state, me)])
    if word == "others":
        return Group(*[_seat_line(state, q, player) for q in _seats_from(state, me) if q != me])
    return None


def _marks(state: BretagneState) -> Mark:
    """The mark after a value from a reconstructed table (or nothing), by the table's name."""
    recon = set(state.comp.reconstructed())
    return lambda table: MARK if table in recon else ""


def _seats_from(state: BretagneState, me: int) -> list[int]:
    """The seats in order, ``me`` first."""
    return [(me + k) % state.num_players for k in range(state.num_players)]


def _seat_line(state: BretagneState, q: int, player: int | None) -> Text:
    """One seat in a line: points, francs, engineers, workers, resources, equipment (``player``'s
    own by kind, another's as a count), barge and place at Pontivy."""
    from rich.text import Text

    t = state.t
    hand = state.hands[q]
    cards = (", ".join(f"{c} {t.kinds[k]}" for k, c in enumerate(hand.counts) if c) or "none") if q == player \
        else f"{len(hand)} hidden"
    barge = state.barge[q]
    barge_text = f"{barge + 1} ({'/'.join(map(str, t.barge_caps[barge]))})" if barge >= 0 else "-"
    mover = state.actor if state.pending.top() is not None else state.cur
    who = ("▶" if q == mover and state.stage != S_OVER else " ") + f"P{q + 1}" + (" you" if q == player else "")
    who += " passed" if state.passed[q] and state.stage == S_ACT else ""
    return Text(f"{who}: {plural(state.vp[q], 'pt')} · {plural(state.francs[q], 'franc')} · {state.eng[q]} eng · workers {state.work[q]} home "
                f"{state.city[q]} city {state.reserve[q]} spare · {_res(t, state.res[q])} · equipment {cards} · "
                f"barge {barge_text} · place {scoring.pontivy_places(state)[q]}", style="bold" if q == player else "")


def _placed(state: BretagneState, q: int) -> list[str]:
    """Where seat ``q``'s workers stand: on the lighthouses' levels and at the harbours."""
    t = state.t
    levels = [f"site {i + 1} {t.tile_ids[state.tile[i]]} level {n + 1}: {w}"
              for i in range(len(state.site)) if state.site[i] != UNUSED
              for n, (o, w) in enumerate(zip(state.lv_own[i], state.lv_wk[i])) if o == q]
    harbours = [f"harbour {h + 1}: {state.harb[h][q]}" for h in range(len(state.harb)) if state.harb[h][q]]
    return [f"P{q + 1} workers on lighthouses: " + (" · ".join(levels) or "none"),
            f"P{q + 1} workers at harbours: " + (" · ".join(harbours) or "none")]


def _short_heading(state: BretagneState, mark: Mark) -> Text:
    """The round, the stage, the weather (engineers a level at Heaven/Purgatory/Hell: H, P, X) and
    the forecast, and Pontivy's order, in a line."""
    from rich.text import Text

    comp, t = state.comp, state.t
    eng = t.weather_engineers[state.weather]
    storm = " STORM" if t.weather_storm[state.weather] else ""
    forecast = f" · next {comp.weather[t.weather_ids[state.forecast]].name}" if state.forecast >= 0 else ""
    order = " ".join(f"P{p + 1}" for p in state.order)
    return Text(f"Bretagne · round {state.round} of {comp.play.rounds} · {_STAGES[state.stage]} · "
                f"{comp.weather[t.weather_ids[state.weather]].name}{mark('weather')}{storm}: eng H{eng[0]} P{eng[1]} X{eng[2]}"
                f"{forecast} · order {order}", style="bold")


def _barge_line(state: BretagneState, mark: Mark) -> str:
    """The barge cards in play: each one's boat sizes, francs and engineers (less per build), and who took it."""
    t = state.t
    cards = []
    for b in range(state.num_players):
        taken = [f"P{q + 1}" for q in range(state.num_players) if state.barge[q] == b]
        less = f", {t.barge_discount[b]} eng less a build" if t.barge_discount[b] else ""
        cards.append(f"{b + 1} boats {'/'.join(map(str, t.barge_caps[b]))} +{t.barge_francs[b]}fr +{t.barge_engineers[b]}eng"
                     f"{less}{': ' + taken[0] if taken else ''}")
    return f"Barge cards{mark('barges')}: " + " · ".join(cards)


def _markets(state: BretagneState, mark: Mark) -> str:
    t = state.t
    return (f"Quimper{mark('production')}: {_res(t, state.quimper)} · Brest: {_res(t, state.market)}, engineers "
            f"{state.singles}×1 {state.pairs}×2 · equipment deck {len(state.deck)}")


#: The short words of a blueprint's rewards (``Tables.bp_reward``'s order).
_REWARDS = ("vp", "fr", "eng", "card", "wk")


def _blueprint_lines(state: BretagneState) -> list[Text]:
    """A line per stack of face-up blueprints: ``green: G05 1sa 1br>1vp | ...`` (cost > reward)."""
    from rich.text import Text

    t = state.t
    lines = []
    for k, stack in enumerate(t.stacks):
        tiles = []
        for b in state.face_up[k]:
            reward = " ".join(f"{n}{word}" for n, word in zip(t.bp_reward[b], _REWARDS) if n)
            tiles.append(f"{t.bp_ids[b]} {_res(t, t.bp_cost[b])}>{reward}")
        lines.append(Text(f"{stack}: " + (" | ".join(tiles) or "-")))
    return lines


def _lighthouse_line(state: BretagneState, mark: Mark) -> Text:
    """The unfinished lighthouses in a line or two: site, tile, levels built, who is on them
    (seat×workers), + what the next level asks beside its blueprint and engineers, francs lying there."""
    from rich.text import Text

    t = state.t
    sites = []
    for i in range(len(state.site)):
        if state.site[i] in (UNUSED, BUILT):
            continue
        tile, done = state.tile[i], len(state.lv_bp[i])
        text = f"{i + 1} {t.tile_ids[tile]} {done}/{t.tile_levels[tile]}"
        text += "".join(f" P{o + 1}×{w}" for o, w in zip(state.lv_own[i], state.lv_wk[i]))
        if state.site[i] == COMPLETE:
            text += " complete"
        else:
            extra = list(t.tile_extra[tile])
            if done + 1 >= state.comp.play.scaffold_from_level:
                extra[t.wood] += 1
            text += f" +{_res(t, extra)}" if any(extra) else ""
        text += f" {state.bounty[i]}fr" if state.bounty[i] else ""
        sites.append(text)
    return Text(f"Lighthouses{mark('lighthouses')} (site tile built, workers, +asked, fr on it): " + " · ".join(sites))


def render_state(state: BretagneState, player: int | None) -> Group:
    """The table as ``player`` sees it (None: a spectator): their own hand, the others' counts."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    recon = set(state.comp.reconstructed())
    mark = _marks(state)
    # the harbours (and what equipment scores) beside the lighthouses where the terminal is wide enough
    # (120 columns): the whole table on one screen
    aside = Group(*_harbours(state, mark, compact=False), Text(_equipment(state, mark)))
    parts: list[RenderableType] = [_heading(state, mark), _blueprints(state, mark),
                                   Columns([_lighthouses(state, mark), aside], padding=(0, 2)), _players(state, player, mark)]
    doing = _doing(state)
    if doing:
        parts.append(Text(doing, style="bold"))
    if state.stage == S_OVER:
        parts.append(Text("Final scores: " + ", ".join(f"P{q + 1} {s:g}" for q, s in enumerate(state.scores())), style="bold"))
    if recon:
        parts.append(Text(f"{MARK} reconstructed values: no public source gives them; --data FILE replaces them.",
                          style="italic"))
    return Group(*parts)


#: The width the equipment's points are wrapped to, under the harbours (about as wide as their table).
ASIDE = 34


def _equipment(state: BretagneState, mark: Mark) -> str:
    """What each kind of equipment card scores at Heaven/Purgatory/Hell, in lines of at most ``ASIDE``."""
    import textwrap

    kinds = " · ".join(f"{k.id} {k.points['heaven']}/{k.points['purgatory']}/{k.points['hell']}" for k in state.comp.equipment)
    return "\n".join(textwrap.wrap(f"Equipment{mark('equipment')} points at Heaven/Purgatory/Hell: {kinds}; a later card "
                                    "of a kind at the same lighthouse scores 1 less.", ASIDE))


def _heading(state: BretagneState, mark: Mark) -> Text:
    """The round and stage, the weather, Pontivy's turn order, Quimper, Brest and the decks."""
    from rich.text import Text
    comp, t = state.comp, state.t
    weather = state.weather
    eng = t.weather_engineers[weather]
    storm = " STORM: building Purgatory/Hell injures a worker" if t.weather_storm[weather] else ""
    forecast = (f"; forecast {t.weather_ids[state.forecast]} {comp.weather[t.weather_ids[state.forecast]].name}"
                if state.forecast >= 0 else "")
    order = " ".join(f"P{p + 1}" for p in state.order)
    nxt = " ".join(f"P{p + 1}" for p in state.next_order) or "-"
    head = Text()
    head.append(f"Bretagne · round {state.round} of {comp.play.rounds} · {_STAGES[state.stage]}", style="bold")
    head.append(f" · Pontivy: turn order {order}; next round so far {nxt}")
    head.append(f"\nWeather{mark('weather')} {t.weather_ids[weather]} {comp.weather[t.weather_ids[weather]].name}: "
                f"engineers Heaven {eng[0]} / Purgatory {eng[1]} / Hell {eng[2]} per level{storm}{forecast}")
    head.append(f"\nQuimper{mark('production')} {t.prod_ids[state.prod]}: {_res(t, state.quimper)} · Brest: "
                f"{_res(t, state.market)}, engineers {state.singles} single / {state.pairs} pairs · "
                f"equipment deck {len(state.deck)}, discards {len(state.discard)}")
    return head


def _blueprints(state: BretagneState, mark: Mark) -> Group:
    """The face-up blueprints, a line a stack (``green: G05 1sa 1br>1vp | ...``), under a title that
    says the short words."""
    from rich.console import Group
    from rich.text import Text

    title = (f"Blueprints face up at Pontivy{mark('blueprints')} (cost > reward: vp points, fr francs, eng engineers, "
             "card equipment cards, wk workers)")
    return Group(Text(title), *_blueprint_lines(state))


def _lighthouses(state: BretagneState, mark: Mark) -> Table:
    """Every lighthouse in play and what its next level asks."""
    t = state.t
    eng = t.weather_engineers[state.weather]
    coasts = " · ".join(f"{t.coasts[c]} {_ranges([i + 1 for i in range(len(state.site)) if t.site_coast[i] == c])}"
                        for c in range(len(t.coasts)))
    lights = _box(f"Lighthouses{mark('lighthouses')} from Lorient clockwise: {coasts}",
                  ["site", "type", "tile", "built", "owner×workers", "eng", "fr", "next level asks"])
    for i in range(len(state.site)):
        if state.site[i] == UNUSED:
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
        lights.add_row(str(i + 1), ("Heaven", "Purgatory", "Hell")[t.site_type[i]],
                       t.tile_ids[tile], built, lv, str(state.site_eng[i] or ""), str(state.bounty[i] or ""), ask)
    return lights


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` as ``1-3, 5``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


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
        line = [f"{h + 1}:{income}{'+' if improved else ''}{': ' + workers if workers else ''}"
                for h, improved, income, workers in rows]
        return [Text(f"Harbours{mark('harbours')} (income per worker, + improved): " + " · ".join(line))]
    coasts = " · ".join(f"{t.coasts[c]} {_ranges([h + 1 for h in range(len(state.harb)) if t.harbour_coast[h] == c])}"
                        for c in range(len(t.coasts)))
    harbours = _box(f"Harbours{mark('harbours')}: {coasts} (+ improved side)", ["#", "income per worker", "workers"])
    for h, improved, income, workers in rows:
        harbours.add_row(str(h + 1), income + (" +" if improved else ""), workers or "-")
    return [harbours]


def _players(state: BretagneState, player: int | None, mark: Mark) -> Table:
    """Each seat's place, barge, points, francs, workers, resources and cards (others' hidden)."""
    t = state.t
    # short header words: the table fits 80 columns without a header cut into fragments
    players = _box(f"Players (barge cards{mark('barges')}; workers at home/in the cities/spare)",
                   ["", "place", "barge", "pts", "fr", "eng", "workers", "resources", "cards"])
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
