"""bgkit.model.statefields: a state's fields declared once, clone/to_dict/load generated from them."""

import json

import pytest

from bgkit.api import (
    CACHE, DECK, FIXED, LIST, LISTS, PENDING, TUPLES, VALUE, Deck, Kind, Pending, StateFields,
)


def _fields():
    return StateFields(
        VALUE("num_players", "cur"), FIXED("order"), LIST("vp"), VALUE("rule", default="plain"),
        LISTS("hands"), DECK("deck"), PENDING("pending"), TUPLES("chance"), LIST("secret", default=None),
        Kind("{v}[:]", lambda bids: [b or 0 for b in bids], lambda bids: [b or None for b in bids])("bids"),
        derived=(VALUE("comp"), LIST("sums"), CACHE("_cache")),
        keys={"num_players": "players", "secret": "castles"},
    )


class Plain:  # instances keep a __dict__
    FIELDS = _fields()


class Slotted:
    __slots__ = ("num_players", "cur", "order", "vp", "rule", "hands", "deck", "pending", "chance", "secret", "bids",
                 "comp", "sums", "_cache")
    FIELDS = _fields()


def _state(cls):
    s = cls.__new__(cls)
    s.comp, s.num_players, s.cur, s.order, s.vp, s.rule = object(), 2, 1, [1, 0], [3, 4], "plain"
    s.hands, s.deck, s.pending, s.chance = [[1], [2, 3]], Deck([2, 1]), Pending([("pay", 1)]), [("roll", 0)]
    s.secret, s.bids, s.sums, s._cache = None, [None, 5], [7, 7], {"a": 1}
    return s


@pytest.mark.parametrize("cls", [Plain, Slotted])
def test_a_clone_copies_what_changes_and_shares_the_rest(cls):
    s = _state(cls)
    o = s.clone()
    assert type(o) is cls and o.to_dict() == s.to_dict()
    assert o.vp is not s.vp and o.hands[1] is not s.hands[1] and o.deck is not s.deck and o.pending is not s.pending
    assert o.chance is not s.chance and o.chance[0] is s.chance[0] and o.sums is not s.sums
    assert o.order is s.order and o.comp is s.comp and o._cache is None
    o.vp[0] += 1
    o.hands[1].append(4)
    o.deck.draw(0)
    assert s.vp == [3, 4] and s.hands[1] == [2, 3] and s.deck.to_list() == [2, 1]


def test_to_dict_keeps_the_declared_order_and_keys_and_leaves_defaults_out():
    s = _state(Plain)
    data = s.to_dict()
    assert list(data) == ["players", "cur", "order", "vp", "hands", "deck", "pending", "chance", "bids"]
    assert data["chance"] == [["roll", 0]] and data["bids"] == [0, 5] and data["deck"] == [2, 1]
    s.rule, s.secret = "house", [1, -1]
    assert list(s.to_dict())[4:6] == ["rule", "hands"] and s.to_dict()["castles"] == [1, -1]
    assert s.clone().secret is not s.secret


def test_load_reads_back_what_to_dict_saved():
    s = _state(Plain)
    s.secret = [0, 1]
    data = json.loads(json.dumps(s.to_dict()))
    built = Plain.__new__(Plain)
    t = Plain.FIELDS.loaded(built, data)  # the state it was given, its saved fields set
    assert t is built and t.chance == [("roll", 0)] and t.bids == [None, 5] and t.rule == "plain" and t.secret == [0, 1]
    assert isinstance(t.deck, Deck) and t.pending.to_list() == [["pay", 1]]
    t.comp, t.sums, t._cache = s.comp, [7, 7], None
    assert t.to_dict() == json.loads(json.dumps(s.to_dict()))


def test_an_attribute_not_declared_is_refused_at_the_first_clone():
    s = _state(Plain)
    s.forgotten = []
    with pytest.raises(TypeError, match=r"not declared in its StateFields: \['forgotten'\]"):
        s.clone()
    del s.forgotten, s.sums
    with pytest.raises(TypeError, match=r"declared but not set: \['sums'\]"):
        s.clone()


def test_a_declaration_is_checked_when_it_is_made():
    with pytest.raises(ValueError, match="declared twice"):
        StateFields(VALUE("a"), LIST("a"))
    with pytest.raises(ValueError, match="keys for no field"):
        StateFields(VALUE("a"), keys={"b": "c"})
    with pytest.raises((TypeError, RuntimeError)) as refused:  # Python 3.11 wraps it in a RuntimeError
        class Both:
            FIELDS = StateFields(VALUE("a"))

            def clone(self):
                return self
    assert "Both declares StateFields and writes its own clone" in str(refused.value.__cause__ or refused.value)
