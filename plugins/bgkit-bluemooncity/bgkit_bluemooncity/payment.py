"""Paying one contribution: which steps a player may take, one card (or one power) at a time.

A box is paid with cards of its colour whose values add up to at least the box's number
[RB p2; rule summary L55]; the palace's boxes take any one colour per box (L57). Powers stretch a
payment, each for this one contribution [RB p5]: a Khind card is a wild card of its value, two
Mimix 1s or 2s together a wild 3, a Hoax 1 lets up to 4 cards of one other colour count as the
box's colour, a Hoax 2 one card of any colour. A recoloured card counts its value only (its power
is not recoloured). Several powers may be combined in one contribution. Pairing Mimix cards is
a choice: two Mimix 2s recoloured by a Hoax count 2 + 2 = 4, paired only 3.

The player pays step by step (``pay vulca-3``, ``wild khind-1``, ``pair mimix-1+mimix-2``,
``hoax-1 recolours red``) and the box is taken as soon as the value paid reaches its number (the
last card may overpay; nothing is given back). A step is offered only if the box can still be
paid after it (:func:`can_pay`), so a payment never gets stuck halfway.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from bgkit_bluemooncity.codes import PAIR_CARDS, PAY, RECOLOUR, WILD_CARD, Action
from bgkit_bluemooncity.kinds import (
    PAIR,
    PAIR_VALUE,
    RECOLOUR_MANY,
    RECOLOUR_MANY_CARDS,
    RECOLOUR_ONE,
    WILD,
    Kinds,
)


#: Most Hoax 1 cards whose best colours are searched in one payment (more is never needed to know
#: whether a box of value at most 9 can be paid).
HOAX_SEARCH = 3


def _value_lists(kinds: Kinds, counts: list[int], colour: int) -> tuple[int, list[list[int]], list[int], int, int, int, int]:
    """(value of the cards that pay ``colour`` as they are, per-colour card values that could be
    recoloured, the values of the Mimix 1s and 2s of another colour than the box's, lowest first,
    Hoax 1 and Hoax 2 cards held, the value of a Hoax 1 and of a Hoax 2 card)."""
    direct = 0
    pools: list[list[int]] = [[] for _ in kinds.colour_names]
    mimix: list[int] = []
    h1 = h2 = v1 = v2 = 0
    kcolour, kvalue, kpower = kinds.colour, kinds.value, kinds.power
    for k, n in enumerate(counts):
        if not n:
            continue
        power, value, c = kpower[k], kvalue[k], kcolour[k]
        if power == WILD:
            direct += value * n
        elif power == RECOLOUR_MANY:
            h1, v1 = n, value
        elif power == RECOLOUR_ONE:
            h2, v2 = n, value
        elif power == PAIR and c != colour:
            mimix += [value] * n
        elif c == colour:
            direct += value * n
            if power == PAIR and value == 1:
                direct += n // 2 * (PAIR_VALUE - 2)  # two brown 1s paired as a wild 3 beat 1 + 1
        else:
            pools[c] += [value] * n
    for pool in pools:
        pool.sort(reverse=True)
    mimix.sort()
    return direct, pools, mimix, h1, h2, v1, v2


def _recoloured(pools: list[list[int]], recolour: list[int], anyone: int) -> int:
    """The most value ``recolour[c]`` cards of each colour ``c`` and ``anyone`` more cards add."""
    total = 0
    rest: list[int] = []
    for c, pool in enumerate(pools):
        if not pool:
            continue
        take = recolour[c] if recolour else 0
        total += sum(pool[:take])
        if anyone:
            rest += pool[take:]
    if anyone and rest:
        rest.sort(reverse=True)
        total += sum(rest[:anyone])
    return total


def quick_pay(kinds: Kinds, counts: list[int], colour: int) -> int:
    """A quick plan: what the box's colour as it is, the wild cards and the Mimix pairs pay."""
    value = kinds.value
    quick = 0
    for k in kinds.face[colour]:
        quick += value[k] * counts[k]
    for k in kinds.wilds:
        quick += value[k] * counts[k]
    if colour != kinds.mimix_colour:
        quick += sum(counts[k] for k in kinds.pairs) // 2 * PAIR_VALUE
    return quick


def can_pay(kinds: Kinds, counts: list[int], colour: int, need: int, recolour: tuple[int, ...] | None = None,
            anyone: int = 0) -> bool:
    """Whether the cards ``counts`` can still pay ``need`` more in ``colour``, with ``recolour[c]``
    cards of colour ``c`` and ``anyone`` cards of any colour already allowed to count as it."""
    if need <= 0:
        return True
    quick = quick_pay(kinds, counts, colour)
    if quick >= need:
        return True
    value = kinds.value
    if not anyone and not (recolour and any(recolour)) and not any(counts[k] for k in kinds.recolourers):
        if colour == kinds.mimix_colour:  # two brown 1s paired as a wild 3 beat 1 + 1
            quick += sum(counts[k] for k in kinds.pairs if value[k] == 1) // 2 * (PAIR_VALUE - 2)
        return quick >= need  # nothing can be recoloured: that is all there is
    direct, pools, mimix, h1, h2, v1, v2 = _value_lists(kinds, counts, colour)
    # Mimix 1s and 2s of another colour: each pair of them is a wild 3, and the ones left unpaired
    # may be recoloured at their values (two 2s: 4 recoloured, 3 paired). For each number of pairs
    # the lowest are paired, so the highest are left to recolour.
    for paired in range(len(mimix) // 2, -1, -1):
        trial = [list(p) for p in pools]
        if mimix:
            brown = trial[kinds.mimix_colour]
            brown += mimix[2 * paired:]
            brown.sort(reverse=True)
        if _can_pay_from(kinds, direct + paired * PAIR_VALUE, trial, h1, h2, v1, v2, colour, need, recolour, anyone):
            return True
    return False


def _can_pay_from(kinds: Kinds, direct: int, pools: list[list[int]], h1: int, h2: int, v1: int, v2: int, colour: int,
                  need: int, recolour: tuple[int, ...] | None, anyone: int) -> bool:
    """Whether ``direct`` and the cards in ``pools`` (recoloured by the allowances and the Hoax cards
    held) pay ``need`` in ``colour``."""
    white = colour == kinds.hoax_colour
    if direct >= need:
        return True
    base = list(recolour) if recolour else [0] * len(pools)
    # No Hoax used as a power: white cards count as they are (a white box) or may be recoloured.
    if white:
        direct += h1 * v1 + h2 * v2
    elif h1 or h2:
        pools[kinds.hoax_colour] = sorted(pools[kinds.hoax_colour] + [v1] * h1 + [v2] * h2, reverse=True)
    if direct + _recoloured(pools, base, anyone) >= need:
        return True
    if not (h1 or h2):
        return False
    for used1 in range(min(h1, HOAX_SEARCH) + 1):
        for used2 in range(h2 + 1):
            if not used1 and not used2:
                continue
            have = direct
            trial = [list(p) for p in pools]
            if white:
                have -= used1 * v1 + used2 * v2
            else:
                white_pool = trial[kinds.hoax_colour]
                for spent, used in ((v1, used1), (v2, used2)):
                    for _ in range(used):
                        white_pool.remove(spent)
            choices = [c for c, p in enumerate(trial) if p and c != colour]
            for assignment in combinations_with_replacement(choices, used1) if choices else [()]:
                allowed = base[:]
                for c in assignment:
                    allowed[c] += RECOLOUR_MANY_CARDS
                if have + _recoloured(trial, allowed, anyone + used2) >= need:
                    return True
    return False


def steps(kinds: Kinds, counts: list[int], colour: int, need: int, recolour: tuple[int, ...], anyone: int) -> list[Action]:
    """Every step that keeps the box payable, in a stable order (by card kind)."""
    out = candidates(kinds, counts, colour, recolour, anyone)
    kcolour, kpower = kinds.colour, kinds.power
    # While the quick plan pays the box, a step that spends a card it counts (at what it counts)
    # or only widens what may be recoloured keeps the box payable: no need to look further.
    # (A pair at a brown box pays 3 for cards the quick plan counts at their values: it is checked.)
    sure = quick_pay(kinds, counts, colour) >= need
    white = colour == kinds.hoax_colour
    brown = colour == kinds.mimix_colour
    kept: list[Action] = []
    for step in out:
        code = step[0]
        if sure and (code == WILD_CARD or (code == PAIR_CARDS and not brown) or (code == RECOLOUR and not white)
                     or (code == PAY and (kcolour[step[1]] == colour or kpower[step[1]] != PAIR))):
            kept.append(step)
        elif _keeps_payable(kinds, counts, colour, need, recolour, anyone, step):
            kept.append(step)
    return kept


def candidates(kinds: Kinds, counts: list[int], colour: int, recolour: tuple[int, ...], anyone: int) -> list[Action]:
    """Every step the cards allow, whether or not the box can still be paid after it."""
    out: list[Action] = []
    kcolour, kpower = kinds.colour, kinds.power
    pairs: list[int] = []
    for k, n in enumerate(counts):
        if not n:
            continue
        power, c = kpower[k], kcolour[k]
        if power == WILD:
            out.append((WILD_CARD, k))
            continue
        if c == colour or recolour[c] or anyone:
            out.append((PAY, k))
        if power == PAIR:
            pairs.append(k)
        elif power == RECOLOUR_MANY:
            held = [0] * len(kinds.colour_names)
            for k2, n2 in enumerate(counts):
                held[kcolour[k2]] += n2
            held[c] -= 1  # the Hoax card itself is spent on its power
            for other in kinds.box_colours:
                if other != colour and held[other]:
                    out.append((RECOLOUR, k, other))
        elif power == RECOLOUR_ONE:
            out.append((RECOLOUR, k, -1))
    for i, a in enumerate(pairs):
        for b in pairs[i:]:
            if a != b or counts[a] >= 2:
                out.append((PAIR_CARDS, a, b))
    return out


def take(kinds: Kinds, step: Action, colour: int, need: int, recolour: tuple[int, ...], anyone: int
         ) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
    """Apply ``step``: (the cards it spends, the need left, the recolour allowances, any-colour allowance)."""
    code = step[0]
    if code == PAY:
        k = step[1]
        c = kinds.colour[k]
        if c != colour:
            if recolour[c]:
                recolour = recolour[:c] + (recolour[c] - 1,) + recolour[c + 1:]
            else:
                anyone -= 1
        return (k,), need - kinds.value[k], recolour, anyone
    if code == WILD_CARD:
        return (step[1],), need - kinds.value[step[1]], recolour, anyone
    if code == PAIR_CARDS:
        return (step[1], step[2]), need - PAIR_VALUE, recolour, anyone
    if code == RECOLOUR:
        c = step[2]
        if c < 0:
            return (step[1],), need, recolour, anyone + 1
        return (step[1],), need, recolour[:c] + (recolour[c] + RECOLOUR_MANY_CARDS,) + recolour[c + 1:], anyone
    raise ValueError(f"not a payment step: {step!r}")


def _keeps_payable(kinds: Kinds, counts: list[int], colour: int, need: int, recolour: tuple[int, ...], anyone: int,
                   step: Action) -> bool:
    spent, left, recolour, anyone = take(kinds, step, colour, need, recolour, anyone)
    if left <= 0:
        return True
    after = list(counts)
    for k in spent:
        after[k] -= 1
    return can_pay(kinds, after, colour, left, recolour, anyone)
