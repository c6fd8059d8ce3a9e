"""Scene-setting helpers shared by the Bridge Troll rule tests: play by action texts, set holdings."""

from __future__ import annotations


def act(s, *texts):
    """Apply each action (or chance outcome) by the text a person types."""
    for text in texts:
        s.apply(s.parse_action(text))


def texts(s):
    if s.is_chance():
        return {s.action_text(o) for o, _ in s.chance_outcomes()}
    return {s.action_text(a) for a in s.legal_actions()}


def card(s, key):
    return s.t.card(key)


def colour(s, name):
    return s.t.colours.index(name)


def deal(s, weather, *face_up):
    """Roll ``weather`` and turn up ``face_up`` (the first traveller lies face down, undecided)."""
    act(s, f"weather {weather}", *(f"draw {key}" for key in face_up))


def hold(s, p, food=(), toll=(), hand=(), stones=None, vp=None, ups=None):
    """Give seat ``p`` these travellers (card keys), stones ({colour: n}, the rest none) and points."""
    s.food[p] = [card(s, k) for k in food]
    s.toll[p] = [card(s, k) for k in toll]
    s.hand[p] = [card(s, k) for k in hand]
    if stones is not None:
        s.stones[p] = [stones.get(c, 0) for c in s.t.colours]
    if vp is not None:
        s.vp[p] = vp
    if ups is not None:
        s.ups[p] = list(ups)


def now(s):
    """What the drawing says is being decided."""
    from bgkit_bridgetroll.display import _now

    return _now(s, None)


def bids(s, *texts_in_seat_order):
    act(s, *texts_in_seat_order)


def strike(s, hazard, **holding):
    """P1 alone open, the hazard in the row; P1 picks it."""
    hold(s, 0, **holding)
    deal(s, "rainy", hazard, "monk")
    bids(s, "bid 1 red", "close", "close")
    act(s, f"take {hazard}")


def picked_round(s, bid_texts, weather="rainy", row=("serf", "monk")):
    """Deal ``row``, make the bids, and pick (eating where possible) until the row is empty."""
    from bgkit_bridgetroll.codes import S_PICK

    deal(s, weather, *row)
    bids(s, *bid_texts)
    while s.stage == S_PICK:
        options = sorted(texts(s))
        act(s, next((t for t in options if t.startswith("eat")), options[0]))


def to_scoring(s, p, bid_texts, **holding):
    """A round played to ``p``'s scoring turn, with ``holding`` given to ``p`` just before it."""
    from bgkit_bridgetroll.codes import P_SCORE

    picked_round(s, bid_texts)
    while s.pending is None or not s.pending or s.pending.top()[0] != P_SCORE or s.current_player() != p:
        options = sorted(texts(s))
        act(s, "end" if "end" in options else options[0])
    hold(s, p, **holding)
