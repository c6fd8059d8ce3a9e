"""The persons' ability vocabulary: what a person does, written as data, and its words.

The rule summary (RS "啟動人物") gives four activation kinds; each person card carries one, and
an effect from this vocabulary says what happens (``effect = { kind = "...", ... }`` in the card
list, read and checked by :func:`read_effect`):

==========  =====================================================================================
lightning   once, at once when recruited: an **immediate** effect
worker      once a round on your own phase-3 turn, paying 1 worker of the icon's colour: immediate
infinity A  once a round on your own phase-3 turn, for free: immediate
infinity B  each time you take an action (or the phase-2 reputation step): a **modifier**
infinity C  whenever its situation arises: a **trigger**, a **protection** or a larger hand
laurel      at the end of the game: **points per** something
==========  =====================================================================================

Immediate kinds: ``guilders``, ``workers`` (a colour, or ``any``: you choose each), ``points``,
``reputation`` (free steps), ``discard_threat`` (a colour or ``any``; +1 point each, as RS says
of any discard by a person), ``draw`` (cards from the piles, seen at once), ``canal`` (build one
without a card, on either section, paying ``amount`` less), ``house`` (build one from your hand
without paying a worker), ``income`` (guilders per something you hold), ``others_lose`` (every
other player loses guilders, points or workers of a colour).
Modifiers: ``action`` (``workers``/``guilders``: that many more; ``threat``: that many more points;
``canal``/``person``: pay that many guilders less; ``house``: pay that many workers less),
optionally only for cards of one ``colour``; ``canal_colour`` (a card of ``colour``, or of any
colour, builds on a canal space of any colour); ``reputation_cost`` (the step costs less).
Situations: ``trigger`` (``on`` = recruit, house, canal, reputation, threat_discard, round,
majority: gain ``amount`` guilders, points or workers of a colour); ``protect`` (the disaster of
``colour`` does nothing to you; its three markers still go back); ``hand_limit`` (draw up to
5 + ``amount`` in phase 1).
End: ``score``: ``amount`` points per ``every`` (default 1) of ``per`` — groups (different groups
among your persons), group (persons of ``group``), colour (persons of ``colour``), houses,
house_colours (different colours among your houses), persons, canals, statues, reputation,
guilders, workers, majorities, or flat (``amount`` points once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from bgkit.api import Table

ACTIVATIONS = ("lightning", "worker", "infinity", "laurel")
INFINITY_KINDS = ("A", "B", "C")
ANY = "any"

IMMEDIATE = ("guilders", "workers", "points", "reputation", "discard_threat", "draw", "canal", "house", "income",
             "others_lose")
MODIFIERS = ("action", "canal_colour", "reputation_cost")
SITUATIONS = ("trigger", "protect", "hand_limit")
END = ("score",)

ACTIONS = ("workers", "guilders", "threat", "canal", "house", "person")
TRIGGERS = ("recruit", "house", "canal", "reputation", "threat_discard", "round", "majority")
GAINS = ("guilders", "points", "workers")
LOSSES = ("guilders", "points", "workers")
UNITS = ("groups", "group", "colour", "houses", "house_colours", "persons", "canals", "statues", "reputation",
         "guilders", "workers", "majorities", "flat")

#: the effect kinds each activation (with its infinity kind) may carry
KINDS_FOR = {
    ("lightning", ""): IMMEDIATE,
    ("worker", ""): IMMEDIATE,
    ("infinity", "A"): IMMEDIATE,
    ("infinity", "B"): MODIFIERS,
    ("infinity", "C"): SITUATIONS,
    ("laurel", ""): END,
}

#: the parameters of each kind (beyond ``kind``): name -> required?
PARAMS: dict[str, dict[str, bool]] = {
    "guilders": {"amount": True},
    "workers": {"amount": True, "colour": True},
    "points": {"amount": True},
    "reputation": {"amount": True},
    "discard_threat": {"amount": True, "colour": True},
    "draw": {"amount": True},
    "canal": {"amount": True},
    "house": {},
    "income": {"amount": True, "per": True, "every": False, "colour": False, "group": False},
    "others_lose": {"amount": True, "resource": True, "colour": False},
    "action": {"action": True, "amount": True, "colour": False},
    "canal_colour": {"colour": True},
    "reputation_cost": {"amount": True},
    "trigger": {"on": True, "gain": True, "amount": True, "colour": False},
    "protect": {"colour": True},
    "hand_limit": {"amount": True},
    "score": {"per": True, "amount": True, "every": False, "colour": False, "group": False},
}


@dataclass(frozen=True)
class Effect:
    """One person's ability. ``colour`` is a colour index, ``-1`` for none and ``ANY_COLOUR`` for "any"."""

    kind: str
    amount: int = 0
    colour: int = -1
    group: str = ""
    per: str = ""
    every: int = 1
    action: str = ""
    on: str = ""
    gain: str = ""
    resource: str = ""


ANY_COLOUR = 5


def read_effect(row: Table, activation: str, infinity: str, colours: tuple[str, ...], groups: tuple[str, ...]) -> Effect:
    """The ``effect`` inline table of a person row, checked against its activation kind."""
    table = row.sub("effect")
    allowed = KINDS_FOR[(activation, infinity)]
    kind = table.text("kind", allowed)
    params = PARAMS[kind]
    table.only("kind", *params)
    for name, required in params.items():
        if required and not table.has(name):
            raise table.fail(name, f"missing: a {kind!r} effect needs {', '.join(p for p, r in params.items() if r)}")
    values: dict[str, Any] = {"kind": kind}
    if "amount" in params:
        values["amount"] = table.int("amount", 1, 20)
    if table.has("colour"):
        anyhow = kind in ("workers", "discard_threat", "canal_colour")
        choices = (*colours, ANY) if anyhow else colours
        name = table.text("colour", choices)
        values["colour"] = ANY_COLOUR if name == ANY else colours.index(name)
    if table.has("group"):
        values["group"] = table.text("group", groups)
    if "per" in params:
        values["per"] = table.text("per", UNITS if kind == "score" else tuple(u for u in UNITS if u != "flat"))
        values["every"] = table.int("every", 1, 20, default=1)
        if values["per"] == "group" and not values.get("group"):
            raise table.fail("group", "missing: per = 'group' counts the persons of one group")
        if values["per"] == "colour" and values.get("colour", -1) < 0:
            raise table.fail("colour", "missing: per = 'colour' counts the persons of one colour")
    if "action" in params:
        values["action"] = table.text("action", ACTIONS)
    if "on" in params:
        values["on"] = table.text("on", TRIGGERS)
        values["gain"] = table.text("gain", GAINS)
        if values["gain"] == "workers" and values.get("colour", -1) < 0:
            raise table.fail("colour", "missing: a trigger that gains workers names their colour")
    if "resource" in params:
        values["resource"] = table.text("resource", LOSSES)
        if values["resource"] == "workers" and values.get("colour", -1) < 0:
            raise table.fail("colour", "missing: others_lose workers names their colour")
    return Effect(**values)


# -- words --------------------------------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def unit_words(effect: Effect, colours: tuple[str, ...]) -> str:
    """``per`` as words: "house", "different group among your persons", "Noble person"..."""
    per = effect.per
    words = {
        "groups": "different group among your persons",
        "group": f"{effect.group} among your persons",
        "colour": f"{colours[effect.colour] if effect.colour >= 0 else ''} person".strip(),
        "houses": "house",
        "house_colours": "different house colour",
        "persons": "person",
        "canals": "canal token",
        "statues": "statue",
        "reputation": "reputation step",
        "guilders": "guilder",
        "workers": "worker",
        "majorities": "coloured majority marker",
    }[per]
    return words if effect.every == 1 else f"{effect.every} {words}s"


def _workers(n: int, colour: int, colours: tuple[str, ...]) -> str:
    """"2 workers of any colour", "1 blue worker"."""
    if colour == ANY_COLOUR:
        return f"{_plural(n, 'worker')} of any colour"
    return f"{n} {colours[colour]} {'worker' if n == 1 else 'workers'}"


def _threats(n: int, colour: int, colours: tuple[str, ...]) -> str:
    if colour == ANY_COLOUR:
        return f"{_plural(n, 'threat')} of any colour"
    return f"{n} {colours[colour]} {'threat' if n == 1 else 'threats'}"


_ACTION_WORDS = {
    "workers": "each time you take workers{only}: {n} more",
    "guilders": "each time you take guilders{only}: {n} more",
    "threat": "each time you return a threat{only}: {n} more {points}",
    "canal": "each canal you build{only} costs {n} less",
    "house": "each house you build{only} costs {n} {workers} less",
    "person": "each person you recruit{only} costs {n} less",
}
_WHEN = {
    "recruit": "whenever you recruit another person",
    "house": "whenever you build a house",
    "canal": "whenever you build a canal",
    "reputation": "whenever you move up on the reputation track",
    "threat_discard": "whenever you return a threat",
    "round": "at the start of each round",
    "majority": "whenever you colour a majority marker",
}


def _action(e: Effect, colours: tuple[str, ...]) -> str:
    only = f" with a {colours[e.colour]} card" if e.colour >= 0 else ""
    n = e.amount
    return _ACTION_WORDS[e.action].format(only=only, n=n, points="point" if n == 1 else "points",
                                          workers="worker" if n == 1 else "workers")


def _trigger(e: Effect, colours: tuple[str, ...]) -> str:
    if e.gain == "workers":
        return f"{_WHEN[e.on]}: take {_workers(e.amount, e.colour, colours)}"
    verb = "score" if e.gain == "points" else "take"
    return f"{_WHEN[e.on]}: {verb} {_plural(e.amount, e.gain[:-1])}"


def _others_lose(e: Effect, colours: tuple[str, ...]) -> str:
    lost = _workers(e.amount, e.colour, colours) if e.resource == "workers" else _plural(e.amount, e.resource[:-1])
    return f"every other player loses {lost}"


#: each kind's words: (effect, colour names) -> text
_WORDS: dict[str, Callable[[Effect, tuple[str, ...]], str]] = {
    "guilders": lambda e, c: f"take {_plural(e.amount, 'guilder')}",
    "workers": lambda e, c: f"take {_workers(e.amount, e.colour, c)}",
    "points": lambda e, c: f"score {_plural(e.amount, 'point')}",
    "reputation": lambda e, c: f"move up {_plural(e.amount, 'reputation step')} for free",
    "discard_threat": lambda e, c: f"return up to {_threats(e.amount, e.colour, c)} (+1 point each)",
    "draw": lambda e, c: f"draw {_plural(e.amount, 'card')} (pile A or B)",
    "canal": lambda e, c: f"build a canal without a card, any colour, paying {e.amount} less",
    "house": lambda e, c: "build a house from your hand without paying a worker",
    "income": lambda e, c: f"take {_plural(e.amount, 'guilder')} per {unit_words(e, c)}",
    "others_lose": _others_lose,
    "action": _action,
    "canal_colour": lambda e, c: ("any card" if e.colour == ANY_COLOUR else f"a {c[e.colour]} card")
    + " builds a canal on a space of any colour",
    "reputation_cost": lambda e, c: f"the reputation step costs you {e.amount} less",
    "trigger": _trigger,
    "protect": lambda e, c: f"the {DISASTERS[e.colour]} ({c[e.colour]} disaster) does nothing to you",
    "hand_limit": lambda e, c: f"draw up to {5 + e.amount} cards in phase 1",
    "score": lambda e, c: _plural(e.amount, "point") + ("" if e.per == "flat" else f" per {unit_words(e, c)}"),
}


def describe(effect: Effect, colours: tuple[str, ...]) -> str:
    """The ability in a few words, as the card's text would say it."""
    return _WORDS[effect.kind](effect, colours)


#: the disaster of each colour, in card-colour order (RS 3.)
DISASTERS: tuple[str, ...] = ("fire", "riot", "flood", "plague", "revolt")

WHEN = {"lightning": "when recruited", "worker": "once a round, pay a {colour} worker", "infinity A": "once a round, free",
        "infinity B": "", "infinity C": "", "laurel": "at the end"}


def ability_text(activation: str, infinity: str, worker_colour: str, effect: Effect, colours: tuple[str, ...]) -> str:
    """Activation and effect together: "once a round, pay a blue worker: take 3 guilders"."""
    key = f"infinity {infinity}" if activation == "infinity" else activation
    when = WHEN[key].format(colour=worker_colour)
    return f"{when}: {describe(effect, colours)}" if when else describe(effect, colours)
