"""Drafts of score sheets typed at the prompt: nothing typed is lost to Ctrl-C or Ctrl-D.

When the person stops ``bgkit score GAME`` while typing a sheet, the answers given so far are kept
as a draft in the user's data folder (beside the history: ``drafts/GAME.json``). The next
``bgkit score GAME`` at the prompt offers to continue it: the answers are given to the prompt
again, as typed (so every check runs as it did), and the person goes on from the first question
not answered yet. A finished sheet removes its draft.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

#: The most answers a draft keeps (a sheet of the largest game asks a few hundred questions).
MAX_ANSWERS = 5000


def draft_path(game_id: str) -> Path:
    from bgkit.history.store import default_path

    return default_path().parent / "drafts" / f"{game_id}.json"


def load(game_id: str, players: int | None) -> list[str] | None:
    """The answers of the draft for ``game_id`` typed with the same ``-p``, or None."""
    try:
        data = json.loads(draft_path(game_id).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    answers = data.get("answers") if isinstance(data, dict) else None
    if data.get("players") != players or not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        return None
    return answers[:MAX_ANSWERS] or None


def keep(game_id: str, players: int | None, answers: list[str]) -> Path | None:
    """Write the draft (a new file replaces the old in one step); None if it cannot be written."""
    from bgkit.model.errors import BadInput
    from bgkit.model.savefile import write_atomic

    path = draft_path(game_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({"game": game_id, "players": players, "answers": answers[:MAX_ANSWERS]}) + "\n")
    except (OSError, BadInput):
        return None
    return path


def remove(game_id: str) -> None:
    try:
        draft_path(game_id).unlink()
    except OSError:
        pass


class Recorder:
    """An ``ask`` that first gives back a draft's answers, then asks the person; it notes every
    answer, so an interrupted prompt can be kept as a draft. While the draft is given back, what
    the prompt says is not shown again (the person saw it the first time)."""

    def __init__(self, ask: Callable[[str], str], say: Callable[[str], None], draft: list[str] | None = None):
        self._ask, self._say = ask, say
        self._queue = list(draft or [])
        self.answers: list[str] = []

    def ask(self, question: str) -> str:
        answer = self._queue.pop(0) if self._queue else self._ask(question)
        self.answers.append(answer)
        return answer

    def say(self, text: str) -> None:
        if not self._queue:
            self._say(text)


def offer(game_id: str, players: int | None, ask: Callable[[str], str], say: Callable[[str], None]) -> list[str] | None:
    """The draft's answers if there is one and the person wants to continue it."""
    from bgkit.model.sheets import _yes

    draft = load(game_id, players)
    if draft is None:
        return None
    while (answer := _yes(ask(f"Continue the sheet you were typing ({len(draft)} answers, kept in {draft_path(game_id)})? [Y/n]"), True)) is None:
        say("  answer y or n")
    if not answer:
        say("  starting a new sheet; the draft is replaced when you stop this one, removed when you finish it")
        return None
    return draft
