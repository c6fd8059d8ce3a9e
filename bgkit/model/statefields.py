"""A state's fields, declared once: ``clone``, ``to_dict`` and loading are derived from the list.

A game's state is plain data, and every field of it must be copied by ``clone``, saved by
``to_dict`` and read back by ``state_from_dict``. Written by hand that is one list of fields
spelled three times, and a field forgotten in one of the three is a bug no test of a single
game sees at once (a clone sharing a list it should copy, a save that loses a counter). Here the
list is written once, each field with its *kind* (how it is copied, saved and loaded)::

    class MyState(Flow):
        FIELDS = StateFields(                       # gives the class its clone and to_dict
            VALUE("num_players", "round", "cur"), LIST("order", "vp"), LISTS("hands"), DECK("deck"),
            PENDING("pending"), TUPLES("chance"),
            derived=(VALUE("comp"), LIST("mods")),  # copied by clone, not saved: rebuilt on load
            keys={"num_players": "players"},       # the JSON key, where it is not the field's name
        )

        @classmethod
        def from_dict(cls, comp, data):
            s = MyState.FIELDS.loaded(cls(comp), data)  # built, its saved fields set
            s.mods = ...                            # the derived fields, rebuilt
            return s

``to_dict`` holds the saved fields in the order declared (a save's keys keep their order).

``clone`` is the hot path of a search (MCTS clones a state millions of times), so nothing here
loops over the fields at run time: as the standard library's ``dataclasses`` does, each
declaration generates the Python source of its three functions once, specialised to its fields
(``o.vp = self.vp[:]`` ..., or for a state with a ``__dict__`` a copy of that dict with
``d['vp'] = self.vp[:]`` ...), and compiles it; a clone then costs no more than the hand-written
one did (callgrind: 1-7 % fewer instructions in each shipped game). ``FIELDS.source`` holds the
generated code, to read.
"""

from __future__ import annotations

from types import MemberDescriptorType
from typing import Any, Callable, Mapping, TypeVar, Union

from bgkit.model.cards import Deck
from bgkit.model.pending import Pending

T = TypeVar("T")

#: How a field is copied, saved or loaded: a Python expression with ``{v}`` for the value
#: (inlined into the generated code: cheapest), or a function of the value.
Code = Union[str, Callable[[Any], Any]]

_REQUIRED: Any = object()


class StateField:
    """One field of a state: its attribute, its kind, and the default it is left out of a save at."""

    __slots__ = ("attr", "kind", "default")

    def __init__(self, attr: str, kind: "Kind", default: object = _REQUIRED):
        if not attr.isidentifier():
            raise ValueError(f"a state field is an attribute name, not {attr!r}")
        self.attr = attr
        self.kind = kind
        self.default = default


class Kind:
    """How one kind of field is copied by ``clone``, saved by ``to_dict`` and read back on load.

    ``dump=None``: not saved; ``load=None``: the game's ``from_dict`` sets it itself (a field
    saved from a shared object only the components can rebuild). Call a kind with attribute
    names to declare fields of it; ``default=`` leaves a field out of a save while it holds that
    value and loads it when the key is missing (an option only some games choose).
    """

    __slots__ = ("copy", "dump", "load")

    def __init__(self, copy: Code = "{v}", dump: Code | None = "{v}", load: Code | None = "{v}"):
        self.copy = copy
        self.dump = dump
        self.load = load

    def __call__(self, *attrs: str, default: object = _REQUIRED) -> tuple[StateField, ...]:
        return tuple(StateField(attr, self, default) for attr in attrs)


def clonable(cls: type) -> Kind:
    """A field holding one object with ``clone()``, ``to_list()`` and ``cls.from_list(data)``."""
    return Kind("{v}.clone()", "{v}.to_list()", cls.from_list)  # type: ignore[attr-defined]


def clonables(cls: type) -> Kind:
    """A field holding a list of such objects (a hand per seat)."""
    from_list = cls.from_list  # type: ignore[attr-defined]
    return Kind("[x.clone() for x in {v}]", "[x.to_list() for x in {v}]", lambda v: [from_list(x) for x in v])


#: A number, a string, None, or any value no move changes in place: shared by copies, saved as is.
VALUE = Kind()
#: A list set once and never changed in place (the turn order): shared by copies, loaded as a list.
FIXED = Kind(load="list({v})")
#: A flat list of values: each copy has its own.
LIST = Kind("{v}[:]", load="list({v})")
#: A list of flat lists (one per seat): each copy has its own lists.
LISTS = Kind("[x[:] for x in {v}]", load="[list(x) for x in {v}]")
#: A tuple: shared by copies, saved as a list, loaded as a tuple.
TUPLE = Kind(dump="list({v})", load="tuple({v})")
#: A list of tuples (a queue of chance events, depots of tiles): the list copied, the tuples shared.
TUPLES = Kind("{v}[:]", "[list(x) for x in {v}]", "[tuple(x) for x in {v}]")
#: A cache each copy starts without (None), never saved.
CACHE = Kind("None", None, None)
#: A :class:`bgkit.model.cards.Deck` of counts, and a list of them (a hand per seat).
DECK = clonable(Deck)
DECKS = clonables(Deck)
#: The flow runner's :class:`bgkit.model.pending.Pending` stack.
PENDING = clonable(Pending)


class StateFields:
    """A state class's fields, declared once; see the module docstring.

    ``fields`` are the saved ones, in the order of the save's keys; ``derived`` are copied by
    ``clone`` but never saved (tables shared with the components, caches, sums the game rebuilds
    on load); ``keys`` gives a field's JSON key where it is not the attribute's name.

    Assigned in a class body, it gives the class its ``clone`` and ``to_dict`` (``__set_name__``,
    as Python calls it when the class is made); ``load(state, data)`` is for the class's
    ``from_dict``, which builds the state and rebuilds the derived fields.
    """

    def __init__(self, *fields: tuple[StateField, ...], derived: tuple[tuple[StateField, ...], ...] = (),
                 keys: Mapping[str, str] | None = None):
        self.saved = [f for group in fields for f in group]
        self.derived = [f for group in derived for f in group]
        self.keys = {f.attr: f.attr for f in self.saved} | dict(keys or {})
        attrs = [f.attr for f in self.saved + self.derived]
        twice = sorted({a for a in attrs if attrs.count(a) > 1})
        unknown = sorted(set(self.keys) - set(attrs))
        if twice or unknown:
            raise ValueError(f"state fields declared twice: {twice}; keys for no field: {unknown}")
        self.attrs = frozenset(attrs)
        self._names: dict[str, Any] = {"_new": object.__new__, "_unlike": self._unlike}
        self.source = {"to_dict": self._dump_source(), "load": self._load_source()}
        #: ``to_dict(self)``: the saved fields as JSON-able data, in their declared order.
        self.to_dict: Callable[[Any], dict[str, Any]] = self._compile("to_dict")
        #: ``load(state, data)``: sets every saved field of ``state`` from ``data``.
        self.load: Callable[[Any, Mapping[str, Any]], None] = self._compile("load")
        #: ``clone(self)``: the copy; made for the class the fields are declared in (:meth:`install`).
        self.clone: Callable[[Any], Any] = self._no_class

    def __set_name__(self, owner: type, name: str) -> None:
        self.install(owner)

    def loaded(self, state: T, data: Mapping[str, Any]) -> T:
        """``state`` (just built, as a ``from_dict`` builds it) with every saved field set from
        ``data``: ``return MyState.FIELDS.loaded(cls(comp), data)``."""
        self.load(state, data)
        return state

    def install(self, cls: type) -> None:
        """Give ``cls`` its ``clone`` and ``to_dict``; a class that writes its own is refused."""
        own = sorted({"clone", "to_dict"} & set(vars(cls)))
        if own:
            raise TypeError(f"{cls.__name__} declares StateFields and writes its own {' and '.join(own)}")
        slots = any(isinstance(getattr(cls, attr, None), MemberDescriptorType) for attr in self.attrs)
        self.source["clone"] = self._clone_source(cls.__dictoffset__ != 0 and not slots)
        self.clone = self._compile("clone")
        self.clone.__qualname__ = f"{cls.__qualname__}.clone"
        self.to_dict.__qualname__ = f"{cls.__qualname__}.to_dict"
        setattr(cls, "clone", self.clone)
        setattr(cls, "to_dict", self.to_dict)

    def _compile(self, name: str) -> Callable[..., Any]:
        made: dict[str, Any] = {}
        exec(compile(self.source[name], f"<state fields: {name}>", "exec"), self._names, made)
        function: Callable[..., Any] = made[name]
        return function

    def _no_class(self, state: Any) -> Any:
        raise TypeError("StateFields.clone is made for a class: assign the StateFields in its body")

    def _unlike(self, state: Any) -> None:
        """A state whose attributes are not the declared fields: one is missing, or one was never
        declared (its copy would be shared by every clone, a bug found late). Named here at once."""
        have = set(vars(state))
        raise TypeError(f"{type(state).__name__}: fields not declared in its StateFields: "
                        f"{sorted(have - self.attrs)}; declared but not set: {sorted(self.attrs - have)}")

    # -- the generated code ----------------------------------------------------------------------
    def _expr(self, code: Code, value: str) -> str:
        """The expression ``code`` makes of ``value``: inlined, or a call of the named function."""
        if isinstance(code, str):
            return code.replace("{v}", value)
        name = f"_f{len(self._names)}"
        self._names[name] = code
        return f"{name}({value})"

    def _constant(self, value: Any) -> str:
        name = f"_c{len(self._names)}"
        self._names[name] = value
        return name

    def _clone_source(self, has_dict: bool) -> str:
        """A class whose instances keep a ``__dict__`` is copied as that dict, in one C call, and
        then each field that is not shared is replaced: the copy keeps the dict's order and size
        (storing 30-odd attributes one by one in another order builds a slower, regrown dict).
        A class whose fields are ``__slots__`` stores each field."""
        fields = self.saved + self.derived
        lines = ["def clone(self):", "    o = _new(self.__class__)"]
        if has_dict:
            lines += ["    d = self.__dict__.copy()", f"    if len(d) != {len(fields)}:", "        _unlike(self)"]
        for f in fields:
            value = f"self.{f.attr}"
            copy = self._expr(f.kind.copy, value)
            if f.default is None and copy != value:
                copy = f"None if {value} is None else {copy}"
            if not has_dict:
                lines.append(f"    o.{f.attr} = {copy}")
            elif copy != value:
                lines.append(f"    d[{f.attr!r}] = {copy}")
        if has_dict:
            lines.append("    o.__dict__ = d")
        return "\n".join([*lines, "    return o", ""])

    def _dump_source(self) -> str:
        lines = ["def to_dict(self):"]
        literal: list[str] = []  # a run of keys always saved, written as one dict display

        def flush() -> None:
            if not literal and len(lines) > 1:
                return
            display = "{" + ", ".join(literal) + "}"
            lines.append(f"    d.update({display})" if len(lines) > 1 else f"    d = {display}")
            literal.clear()

        for f in self.saved:
            if f.kind.dump is None:
                continue
            value = f"self.{f.attr}"
            key, dumped = repr(self.keys[f.attr]), self._expr(f.kind.dump, value)
            if f.default is _REQUIRED:
                literal.append(f"{key}: {dumped}")
                continue
            flush()
            lines.append(f"    if {value} != {self._constant(f.default)}:")
            lines.append(f"        d[{key}] = {dumped}")
        flush()
        return "\n".join([*lines, "    return d", ""])

    def _load_source(self) -> str:
        lines = ["def load(s, data):"]
        for f in self.saved:
            if f.kind.load is None:
                continue
            key = repr(self.keys[f.attr])
            if f.default is _REQUIRED:
                lines.append(f"    s.{f.attr} = {self._expr(f.kind.load, f'data[{key}]')}")
                continue
            lines.append(f"    v = data.get({key}, {self._constant(f.default)})")
            load = self._expr(f.kind.load, "v")
            if f.default is None and load != "v":
                load = f"None if v is None else {load}"
            lines.append(f"    s.{f.attr} = {load}")
        return "\n".join([*lines, "    return None", ""])
