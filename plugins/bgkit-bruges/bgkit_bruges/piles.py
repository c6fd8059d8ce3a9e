"""Phase 1 and every draw (RS 2.(1)): filling hands from piles A and B, the extra pile, and which
round is the last. The piles keep no order (see :mod:`bgkit_bruges.state`): a card's face is chance's
when its owner looks at it, a pile's new top colour is chance's when the top is taken.
"""

from __future__ import annotations

from bgkit_bruges.codes import DRAW, HAND, P_DRAW, Q_CARD, Q_TOP


class Piles:
    """Drawing cards; a mixin of the state."""

    def _hand_target(self, p: int) -> int:
        return HAND + self.mods[p].hand

    def _draw_step(self) -> int | None:
        if self.turn >= self.num_players:
            self._start_dice()
            return None
        p = self.order[self.turn]
        need = self._hand_target(p) - len(self.hands[p]) - len(self.fresh)
        if need > 0 and (self.sizes[0] or self.sizes[1]):
            if self.sizes[0] and self.sizes[1]:
                return p
            self._draw(p, 0 if self.sizes[0] else 1, False)
            return None
        if self.fresh:  # the hand is full: its owner looks at the new cards (RS 2.(1))
            for colour in self.fresh:
                self.chance.append((Q_CARD, p, colour, 1))
            return None
        self.turn += 1
        return None

    def _draw(self, p: int, slot: int, look: bool) -> None:
        """Take the top card of pile ``slot``: its colour is known; its face is chance's, now (``look``)
        or once the hand is full."""
        colour = self.tops[slot]
        self.sizes[slot] -= 1
        self.tops[slot] = -1
        if look:
            self.chance.append((Q_CARD, p, colour, 0))
        else:
            self.fresh.append(colour)
        if self.sizes[slot] == 0:
            self._exhausted(slot)
        if self.sizes[slot]:
            self.chance.append((Q_TOP, slot))

    def _exhausted(self, slot: int) -> None:
        """A pile ran out (RS 2.(1)): the extra pile takes its place; when a pile runs out again,
        what is left of the other is split into two. Which of them makes this round the last is the
        ``end`` option: the first (reading: the English rule book's, the default) or the second (the
        rule summary's). With ``end=first`` a pile emptied in phase 3 makes the next round the last
        (reading: RP, UB); with ``end=second`` the round a pile runs out again is the last, whatever
        its phase (RS L5, L219: "the game ends at the end of that round")."""
        last = "round" if self.phase == P_DRAW or self.end_rule == "second" else "next"
        again = self.extra_used
        if not again:
            self.extra_used = True
            self.sizes[slot], self.extra = self.extra, 0
        else:
            other = 1 - slot
            rest = self.sizes[other]
            if rest > 1:
                self.sizes[other] = (rest + 1) // 2  # the upper half keeps its visible top card
                self.sizes[slot] = rest // 2
        if self.end_rule == "second" and not again:
            return
        if last == "round":
            self.last_round = True
        elif not self.last_round:
            self.last_next = True

    def _reserved(self) -> list[int]:
        """Unseen cards of each colour already spoken for: drawn but not yet looked at (fresh ones
        queued to be looked at are still in ``fresh``), or on a pile's top."""
        held = [0] * 5
        for colour in self.fresh:
            held[colour] += 1
        for colour in self.tops:
            if colour >= 0:
                held[colour] += 1
        for e in self.chance:
            if e[0] == Q_CARD and not e[3]:
                held[e[2]] += 1
        return held

    def _draw_steps(self, top: tuple) -> list:
        return [(DRAW, s) for s in (0, 1) if self.sizes[s]]

    def _apply_draw(self, top: tuple, action: tuple) -> None:
        self._effect_draw(top[1], action[1])

    def _effect_draw(self, p: int, slot: int) -> None:
        top = self.pending.top()
        self._step_done(top)
        self._draw(p, slot, True)
