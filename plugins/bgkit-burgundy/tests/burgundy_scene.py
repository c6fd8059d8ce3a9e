"""Scene-setting helpers shared by the Burgundy rule and scenario tests."""

from __future__ import annotations

from bgkit_burgundy import estate as _estate


def K(game, name):
    return game.components.kind_by_name[name]


def put(game, s, p, name, space_id):
    """Lay a tile into p's estate without any die (test preparation); effects left pending are dropped."""
    _estate._place(s, p, K(game, name), space_id - 1)
    s.pending.clear()


def act(s, text):
    s.apply(s.parse_action(text))


def texts(s):
    return {s.action_text(a) for a in s.legal_actions()}


def ready(game, s, storage=(), left=None, workers=0, silver=0, goods=None):
    p = s.cur
    s.storage[p] = tuple(K(game, n) for n in storage)
    if left is not None:
        s.left = list(left)
    s.workers[p] = workers
    s.silver[p] = silver
    s.vp[p] = 0
    if goods is not None:
        s.goods[p] = list(goods)
    s.depot_goods = [[0] * 6 for _ in range(6)]
    return p
