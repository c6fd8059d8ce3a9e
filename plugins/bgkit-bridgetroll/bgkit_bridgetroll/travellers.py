"""The travellers as the play engine uses them: small ints and flat tuples built once from the data.

A card is its index in ``Components.travellers`` (the deck is counts per index, ``bgkit.api.Deck``).
What a card is worth depends on where it lies (rulebook example 4 and 5): on the food side its food
value; on the toll side its toll value, and a royal moved there by a Royal Messenger its ransom.
The hazards (knight, bandit, dragon) take "the best card of their kind": :func:`targets` lists the
cards a hazard may take (the owner chooses among equal ones, example 4).
"""

from __future__ import annotations

from dataclasses import dataclass

from bgkit.api import derived

from bgkit_bridgetroll.data import Components

NORMAL, ROYAL, SPECIAL, HAZARD = range(4)
KIND_CODE = {"normal": NORMAL, "royal": ROYAL, "special": SPECIAL, "hazard": HAZARD}
# effects of the gold (special) and red (hazard) cards
NO_EFFECT, PEEK, GARLIC, JESTER, MINER, MESSENGER, KNIGHT, BANDIT, DRAGON, GOAT = range(10)
EFFECT_CODE = {
    "": NO_EFFECT, "peek": PEEK, "garlic": GARLIC, "jester": JESTER, "miner": MINER, "messenger": MESSENGER,
    "knight": KNIGHT, "bandit": BANDIT, "dragon": DRAGON, "goat": GOAT,
}
FOOD, TOLL = 0, 1  # the two sides of a bridge
AREA_NAMES = ("food", "toll")


@dataclass(frozen=True)
class Tables:
    """Per-card and per-game numbers, indexed by card (``kind[x]``, ``food[x]``, ...)."""

    names: tuple[str, ...]  # the card keys, as typed ("bard")
    titles: tuple[str, ...]  # the printed names ("Bard")
    kind: tuple[int, ...]
    effect: tuple[int, ...]
    food: tuple[int, ...]
    toll: tuple[int, ...]  # on the toll side: the toll, or a royal's ransom
    bonus: tuple[int, ...]
    goat_stones: tuple[int, ...]
    goat_reward: tuple[int, ...]
    goat_damage: tuple[int, ...]
    counts: tuple[int, ...]  # copies in the deck
    with_effect: dict[int, tuple[int, ...]]  # effect -> the cards that have it
    colours: tuple[str, ...]
    weathers: tuple[str, ...]  # the distinct weathers of the die, in die order
    weather_odds: tuple[float, ...]  # the chance of each (faces showing it / 6)
    start_vp: int
    trophy_bonus: int

    @property
    def cards(self) -> int:
        return len(self.names)

    def card(self, key: str) -> int:
        return self.names.index(key)


def tables_of(comp: Components) -> Tables:
    """The play tables of ``comp`` (built once per components and shared by every state)."""
    return derived(comp, "bridgetroll tables", lambda: _build(comp))


def _build(comp: Components) -> Tables:
    cards = comp.travellers
    effects: dict[int, tuple[int, ...]] = {}
    for x, card in enumerate(cards):
        effects.setdefault(EFFECT_CODE[card.effect], ())
        effects[EFFECT_CODE[card.effect]] += (x,)
    faces = comp.weather_faces
    weathers = tuple(dict.fromkeys(faces))
    tables = Tables(
        names=tuple(c.key for c in cards),
        titles=tuple(c.name for c in cards),
        kind=tuple(KIND_CODE[c.kind] for c in cards),
        effect=tuple(EFFECT_CODE[c.effect] for c in cards),
        food=tuple(c.food for c in cards),
        toll=tuple(c.ransom if c.kind == "royal" else c.toll for c in cards),
        bonus=tuple(c.bonus for c in cards),
        goat_stones=tuple(c.stones for c in cards),
        goat_reward=tuple(c.reward for c in cards),
        goat_damage=tuple(c.damage for c in cards),
        counts=tuple(c.count for c in cards),
        with_effect=effects,
        colours=comp.colours,
        weathers=weathers,
        weather_odds=tuple(faces.count(w) / len(faces) for w in weathers),
        start_vp=comp.start_vp,
        trophy_bonus=comp.trophy_bonus,
    )
    return tables


def targets(t: Tables, effect: int, food: list[int], toll: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """The cards a knight, bandit or dragon may take, as ``(value, [(area, card), ...])``.

    Knight: the highest food value on the food side; bandit: the highest toll on the toll side;
    dragon: the highest value on either side, each card counted as it lies. Cards worth nothing
    are not taken; equal cards are listed once per (side, card), the owner picks one. ``(0, [])``
    when there is nothing to take.
    """
    sides = ((FOOD, food),) if effect == KNIGHT else ((TOLL, toll),) if effect == BANDIT else ((FOOD, food), (TOLL, toll))
    best, found = 0, []
    for area, cards in sides:
        values = t.food if area == FOOD else t.toll
        for x in cards:
            v = values[x]
            if v > best:
                best, found = v, [(area, x)]
            elif v == best and v > 0 and (area, x) not in found:
                found.append((area, x))
    return best, found
