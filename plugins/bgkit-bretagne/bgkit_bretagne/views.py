"""What a seat may see (the spec's observer): the view, its determinisation, who is told a chance
draw, and the observation tensor (the view as a fixed-size list of numbers, for learning tools).

Equipment hands are secret: an equipment card drawn is seen by its owner only."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Iterable

from bgkit.api import CHANCE, EVERYONE, TERMINAL, Deck, resample

from bgkit_bretagne import scoring
from bgkit_bretagne.codes import Q_BLUEPRINT, Q_EQUIPMENT, Q_PRODUCTION, Q_WEATHER, UNUSED, Action
from bgkit_bretagne.data import Components
from bgkit_bretagne.tables import tables

if TYPE_CHECKING:
    from bgkit_bretagne.state import BretagneState

#: Where the tensor's parts go, in order (the list's ``extend``).
Add = Callable[[Iterable[float]], None]


def audience(state: BretagneState, action: Action) -> frozenset[int] | None:
    if state.cur == CHANCE and state.chance[0][0] == Q_EQUIPMENT:
        return frozenset((state.chance[0][1],))
    return EVERYONE


def public_text(state: BretagneState, action: Action) -> str:
    if state.cur == CHANCE and state.chance[0][0] == Q_EQUIPMENT:
        return f"P{state.chance[0][1] + 1} draws an equipment card"
    return state.action_text(action)


def view(state: BretagneState, player: int) -> dict[str, Any]:
    """The table as ``player`` sees it: their own hand; of the others' hands and of the deck only the sizes."""
    data = state.to_dict()
    data["hands"] = [h.to_list() if q == player else len(h) for q, h in enumerate(state.hands)]
    data["deck"] = len(state.deck)
    return data


def determinize(state: BretagneState, player: int, rng: random.Random) -> BretagneState:
    """Redeal the equipment deck and the other players' hands (pooled in kind order, sizes kept)."""
    other = state.clone()
    others = [q for q in range(state.num_players) if q != player]
    places = [state.deck] + [state.hands[q] for q in others]
    dealt = resample(places, rng)
    other.deck = dealt[0]
    for q, hand in zip(others, dealt[1:]):
        other.hands[q] = hand
    return other


# -- the observation tensor (issue 31): what a seat sees, as a fixed-size list of numbers --------------

#: The most frames the pending stack holds at once (an exchange and one of its picks).
FRAMES = 2
#: Per frame: its kind (one-hot over the four kinds) and up to three numbers after it.
FRAME_SIZE = 4 + 3


def observation_shape(comp: Components, players: int) -> tuple[int, ...]:
    """The length of :func:`observation_tensor` for ``players`` seats (one flat vector)."""
    return (sum(size for _, size in observation_layout(comp, players)),)


def observation_layout(comp: Components, players: int) -> list[tuple[str, int]]:
    """The tensor's parts in order, each ``(what it holds, how many numbers)``. Counts are raw
    (not scaled); a one-hot part is all zeros when there is nothing to mark (no forecast after the
    last round, no barge card yet, no frame)."""
    t, n = tables(comp, players), players
    R, K, W, P, B = len(t.resources), len(t.kinds), len(t.weather_ids), len(t.prod_ids), len(t.bp_ids)
    S, T, H, C, G = len(t.site_type), len(t.tile_ids), len(t.harbour_ids), len(t.coasts), len(t.barge_caps)
    return [
        ("the observing seat, one-hot", n),
        ("who decides: a seat one-hot, then chance, then the end", n + 2),
        ("round, then the stage one-hot (barges, loading, actions, scoring, over)", 1 + 5),
        ("weather card one-hot, forecast one-hot", 2 * W),
        ("weather cards left, production cards left, production card one-hot", W + 2 * P),
        ("Quimper, Brest's market, the supply (per resource); Brest's single and paired engineers, "
         "the supply's engineers, the bank", 3 * R + 4),
        ("the equipment deck's size, the discards per kind", 1 + K),
        ("blueprints face up (mask), in the piles, under the piles (counts)", 3 * B),
        ("per site: unused/open/complete/built one-hot, tile one-hot, levels built, each seat's "
         "workers there, its engineers, its franc bounty", S * (4 + T + 1 + n + 2)),
        ("each harbour's workers per seat, each coast improved", H * n + C),
        ("per seat: barge card one-hot, passed, resources, francs, engineers, workers home, in the "
         "city, in reserve, points, cards held, Pontivy place, next round's place (0: not yet)",
         n * (G + 1 + R + 7 + 2)),
        ("the observing seat's own equipment cards per kind", K),
        ("the pending frames, bottom first: kind one-hot and its three numbers", FRAMES * FRAME_SIZE),
        ("scoring: the step (equipment 0, harbour 1), sites still to score (mask), each seat's place "
         "in the scoring order (0: none), equipment kinds played here (mask)", 1 + S + n + K),
        ("queued draws: weather, production, blueprints per stack, equipment per seat, income",
         2 + len(t.stacks) + n + 1),
    ]


def observation_tensor(comp: Components, state: BretagneState, player: int) -> list[float]:
    """What ``player`` sees of ``state`` as numbers, laid out as :func:`observation_layout` says:
    the whole public table, their own hand, and of the others' hands and the deck only sizes."""
    t, n = state.t, state.num_players
    out: list[float] = []
    add = out.extend
    add(_onehot(player, n))
    cur = state.cur
    add(_onehot(cur, n) + [float(cur == CHANCE), float(cur == TERMINAL)])
    add([state.round] + _onehot(state.stage, 5))
    add(_onehot(state.weather, len(t.weather_ids)) + _onehot(state.forecast, len(t.weather_ids)))
    add(state.weather_left.counts + state.prod_left.counts + _onehot(state.prod, len(t.prod_ids)))
    add(state.quimper + state.market + state.sup_res + [state.singles, state.pairs, state.sup_eng, state.bank])
    add([len(state.deck)] + state.discard.counts)
    face_up = [0] * len(t.bp_ids)
    for stack in state.face_up:
        for b in stack:
            face_up[b] = 1
    add(face_up + _summed(state.piles) + _summed(state.under))
    _add_sites(state, add)
    add([w for workers in state.harb for w in workers] + [float(x) for x in state.improved])
    _add_seats(state, add)
    add(state.hands[player].counts)
    _add_frames(state, add)
    _add_scoring(state, add)
    _add_queue(state, add)
    return [float(x) for x in out]


def _onehot(index: int, size: int) -> list[float]:
    row = [0.0] * size
    if 0 <= index < size:
        row[index] = 1.0
    return row


def _summed(decks: list[Deck]) -> list[int]:
    return [sum(counts) for counts in zip(*(deck.counts for deck in decks))]


def _add_sites(state: BretagneState, add: Add) -> None:
    t, n = state.t, state.num_players
    for site, where in enumerate(state.site):
        workers = [0] * n
        for owner, count in zip(state.lv_own[site], state.lv_wk[site]):
            workers[owner] += count
        add(_onehot(where - UNUSED, 4) + _onehot(state.tile[site], len(t.tile_ids)) + [len(state.lv_bp[site])]
            + workers + [state.site_eng[site], state.bounty[site]])


def _add_seats(state: BretagneState, add: Add) -> None:
    t = state.t
    places = scoring.pontivy_places(state)
    for q in range(state.num_players):
        later = state.next_order.index(q) + 1 if q in state.next_order else 0
        add(_onehot(state.barge[q], len(t.barge_caps)) + [float(state.passed[q])] + state.res[q]
            + [state.francs[q], state.eng[q], state.work[q], state.city[q], state.reserve[q], state.vp[q],
               len(state.hands[q]), places[q], later])


def _add_frames(state: BretagneState, add: Add) -> None:
    frames = state.pending.frames
    for i in range(FRAMES):
        if i < len(frames):
            frame = frames[i]
            numbers = list(frame[1:]) + [0] * (4 - len(frame))
            add(_onehot(frame[0], 4) + numbers)
        else:
            add([0.0] * FRAME_SIZE)


def _add_scoring(state: BretagneState, add: Add) -> None:
    t, n = state.t, state.num_players
    sites = [0] * len(t.site_type)
    for site in state.score_sites:
        sites[site] = 1
    order = [0] * n
    for i, q in enumerate(state.score_order):
        order[q] = i + 1
    add([state.score_step] + sites + order + [float(state.played >> k & 1) for k in range(len(t.kinds))])


def _add_queue(state: BretagneState, add: Add) -> None:
    t, n = state.t, state.num_players
    weather = production = income = 0
    stacks, draws = [0] * len(t.stacks), [0] * n
    for event in state.chance:
        if event[0] == Q_WEATHER:
            weather += 1
        elif event[0] == Q_PRODUCTION:
            production += 1
        elif event[0] == Q_BLUEPRINT:
            stacks[event[1]] += 1
        elif event[0] == Q_EQUIPMENT:
            draws[event[1]] += 1
        else:
            income += 1
    add([weather, production] + stacks + draws + [income])
