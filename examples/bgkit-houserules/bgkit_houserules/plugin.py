"""House rule for Goofspiel: a tie on points goes to whoever won more prize cards.

It wraps the ``bgkit_score`` hook (``wrapper=True``): the game's own scoring runs unchanged and
this plugin adds one link to the tie-break chain of its result. It never touches Goofspiel's code
and leaves every other game alone. Uninstall it, or leave it out of ``BGKIT_LOAD_PLUGINS``, to
play by the book.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING

from bgkit.api import TieBreak, hookimpl, rank

if TYPE_CHECKING:
    from bgkit.api import Game, ScoreResult, Sheet

TIEBREAK = "most prize cards (house rule)"


@hookimpl(wrapper=True)
def bgkit_score(game: Game, sheet: Sheet) -> Generator[None, ScoreResult | None, ScoreResult | None]:
    result = yield
    if game.info.id != "goofspiel" or result is None:
        return result
    counts = [len(player["prizes"]) for player in sheet.players]
    tiebreaks = [*result.tiebreaks, TieBreak(TIEBREAK, counts)]
    ranks, winners, decided_by = rank(result.totals, tiebreaks)
    return replace(
        result,
        ranks=ranks,
        winners=winners,
        decided_by=decided_by,
        tiebreaks=tiebreaks,
        notes=[*result.notes, "house rule: a tie on points goes to whoever won more prize cards"],
    )
