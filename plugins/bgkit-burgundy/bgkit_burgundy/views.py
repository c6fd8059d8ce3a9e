"""What a seat may see: its view, a determinisation for it, the public text of a sealed choice,
and the drawing."""

from __future__ import annotations

import random


from bgkit_burgundy.codes import S_CASTLES


class Views:
    """What a seat may see (a mixin of :class:`bgkit_burgundy.state.BurgundyState`)."""

    __slots__ = ()

    def view(self, player: int) -> dict:
        """Everything on the table; the goods piles of later phases are face down (only their count
        shows), and with boards=random-secret the others' start spaces until all have chosen (-2: chosen)."""
        data = self.to_dict()
        del data["future"], data["aside"]
        data["future_piles"] = len(self.future)
        if self.secret is not None:
            data["castles"] = [c if q == player or c < 0 else -2 for q, c in enumerate(self.secret)]
        return data

    def is_sealed(self) -> bool:
        """boards=random-secret: the start spaces are chosen at once, each hidden until all have chosen."""
        return self.secret is not None and self.stage == S_CASTLES

    def public_text(self, action: tuple) -> str:
        if self.is_sealed():
            return f"P{self.cur + 1} chooses a start space"
        return super().public_text(action)

    def determinize(self, player: int, rng: random.Random) -> "Views":
        """Reshuffle the face-down goods (later phases' piles and the goods set aside), pooled in
        goods order so that the sample depends on what the player sees alone."""
        other = self.clone()
        pool = sorted(g for pile in self.future for g in pile)
        pool += [t + 1 for t in range(6) for _ in range(self.aside[t])]
        pool.sort()
        rng.shuffle(pool)
        for i in range(len(other.future)):
            other.future[i] = pool[i * 5 : i * 5 + 5]
        rest = pool[len(other.future) * 5 :]
        other.aside = [rest.count(t) for t in range(1, 7)]
        if self.secret is not None:  # the others' hidden start spaces: any of their castle spaces
            for q, space in enumerate(self.secret):
                if space >= 0 and q != player:
                    other.secret[q] = rng.choice(self.boards[q].castle_spaces)
        return other

    def render(self, player: int | None):
        from bgkit_burgundy.render import render_state

        return render_state(self, player)

    def render_compact(self, player: int):
        """What fits a terminal the full drawing does not (the screen picks it)."""
        from bgkit_burgundy.render import render_compact

        return render_compact(self, player)
