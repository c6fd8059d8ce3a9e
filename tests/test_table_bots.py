"""A bot at a real table, through a pseudo-terminal at 80×24 (issue 41).

Each game is played in table mode (``--chance table``) with a person and greedy: every bot move is
said as an instruction (``▶ P2 (greedy) …``) before the next question about the table; a roll or
draw typed wrong is taken back with ``undo`` at ``table>`` and another corrected with ``fix`` at a
later prompt; the game goes on as if they had been typed right, and the save verifies.
"""

from __future__ import annotations

import json
import pty
import re

import pytest

from bgkit.model.game import CHANCE
from bgkit.testing import Terminal, run_cli

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")

#: A hand-over prompt (a private draw) ends "then press Enter", wrapped at 80 columns where its
#: words fall (Blue Moon City's draw labels are long enough to put "press" or "Enter" on the next
#: line); the others are bgkit's prompts.
HAND_OVER = ("then press Enter", "then press \r\nEnter", "then \r\npress Enter")
PROMPTS = ("table> ", "done> ", "Me> ", "leave it)? ", *HAND_OVER)

#: game, its seats and options, a seed, and words of its own wording a bot's move is said in (or several)
GAMES = {
    "burgundy": (["human:Me", "greedy"], 2, "uses its"),
    "bruges": (["human:Me", "greedy"], 5, "takes the top card of pile"),
    "bridgetroll": (["human:Me", "greedy", "greedy"], 1, "P2 (greedy)"),
    "goofspiel": (["human:Me", "greedy", "--option", "deck=13"], 3, "lay the"),
    "bretagne": (["human:Me", "greedy"], 2, "P2 (greedy) loads"),
    # the starting hands dealt in the layout (the table's questions are the draws), greedy first
    "bluemooncity": (["human:Me", "greedy", "--option", "deal=yes", "--option", "start=2"], 2,
                     ("moves its figure from the Courtyard to the", "cards from the deck",
                      "P2 (greedy) draws a card at the end of the turn (1 of")),  # and whose draw it is
}
#: Games whose wording says every bot move in its own words: the default (``P2 (greedy): load brick``) never shows.
WORDED = ("bretagne",)


def listed(screen: str) -> list[str]:
    """The outcomes listed before a ``table>`` prompt (set 3 spaces apart, after the question)."""
    lines = screen.replace("\r", "").splitlines()
    asked = max(i for i, line in enumerate(lines) if "table?" in line)  # the question's end: it may wrap at 80 columns
    start = next(i for i in range(asked, len(lines)) if re.search(r"outcomes?\)\s*$", lines[i]))
    return [text for line in lines[start + 1:] for text in re.split(r"\s{3,}", line.strip()) if text]


class Table:
    """The people at the table, at the terminal ``term``: each prompt read (``next``) and answered
    (``type``; by default the first outcome or action listed, and ``done`` or Enter); ``entries``
    are the table's entries as the game should hold them in the end."""

    def __init__(self, term: Terminal):
        self.term = term
        self.segments: list[tuple[str, str]] = []  # what was printed before each prompt, and the prompt
        self.entries: list[str] = []
        self.printed = ""

    def next(self) -> tuple[str, str]:
        screen = self.term.read_until(*PROMPTS)
        prompt = self.term.last_found
        self.printed += screen + prompt
        self.segments.append((screen, prompt))
        return screen, prompt

    def type(self, prompt: str, text: str) -> None:
        if prompt == "table> " and text not in ("undo", "fix", "quit"):
            self.entries.append(text)
        self.term.type(text)

    def step(self) -> None:
        screen, prompt = self.next()
        default = {"table> ": listed(screen)[0] if prompt == "table> " else "", "Me> ": "#1",
                   "done> ": "done" if len(self.segments) % 2 else ""}
        self.type(prompt, default.get(prompt, ""))

    def to(self, *wanted: str) -> tuple[str, str]:
        """Answer by default until one of the prompts ``wanted`` (not answered: returned)."""
        for _ in range(80):
            screen, prompt = self.next()
            if prompt in wanted:
                return screen, prompt
            self.term.seen = screen + prompt + self.term.seen  # read again by step
            self.segments.pop()
            self.printed = self.printed[: -len(screen + prompt)]
            self.step()
        raise AssertionError(f"never asked {wanted!r}")

    def said_per_entry(self) -> list[int]:
        """Per table question, the bot moves said (``▶ P2 …``, a reveal apart) since the one before."""
        counts, said = [], 0
        for screen, prompt in self.segments:
            said += len(re.findall(r"^▶ P\d", screen, re.M))
            if prompt == "table> ":
                counts.append(said)
                said = 0
        return counts


def bot_moves_per_entry(actions: list[list], bots: set[int]) -> list[int]:
    """Per table entry of a log, the bot moves between it and the entry before."""
    counts, moves = [], 0
    for player, _ in actions:
        if player == CHANCE:
            counts.append(moves)
            moves = 0
        elif player in bots:
            moves += 1
    return counts


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bot_at_the_table_says_its_moves_and_typing_is_corrected(game, tmp_path):
    seats, seed, words = GAMES[game]
    save = tmp_path / "table.json"
    term = Terminal(["play", game, *seats, "--chance", "table", "--seed", seed, "--save", save], tmp_path, columns=80, lines=24)
    table = Table(term)
    screen, prompt = table.to("table> ")
    assert "bgkit setup" in table.printed or "Lay out the table like this" in table.printed, table.printed[:800]
    table.type(prompt, listed(screen)[0])
    for _ in range(14):  # typed right: every bot move said before the table is asked again
        table.step()
    typed_right = len(table.entries)
    said = table.said_per_entry()[:typed_right]

    screen, prompt = table.to("table> ")  # a typo, taken back by undo at the next table question
    table.type(prompt, listed(screen)[1])
    table.entries.pop()
    _, prompt = table.to("table> ")
    table.type(prompt, "undo")
    mark = len(table.printed)
    screen, prompt = table.to("table> ")
    assert "taken back:" in table.printed[mark:], table.printed[mark:]
    table.type(prompt, listed(screen)[0])

    screen, prompt = table.to("table> ")  # a typo, corrected by fix at a later prompt
    right = listed(screen)[0]
    table.type(prompt, listed(screen)[1])
    table.entries[-1] = right
    _, prompt = table.to("table> ", "done> ", "Me> ")
    table.type(prompt, "fix")
    listing = term.read_until("leave it)? ")
    number = len(table.entries)
    assert re.search(rf"^ *{number}\. .*: ", listing, re.M), listing
    term.type(str(number))
    term.read_until("leave it)? ")
    term.type(right)
    for _ in range(4):
        table.step()
    _, prompt = table.to("table> ", "done> ", "Me> ")
    table.type(prompt, "quit")
    term.read_until("Resume with:")
    assert term.finish() == 0

    log = json.loads(save.read_text())
    people = [i for i, seat in enumerate(s for s in seats if s.startswith("human") or ":" not in s and "=" not in s and not s.startswith("--"))]
    bots = {i for i in people if i != 0}
    assert bot_moves_per_entry(log["actions"], bots)[:typed_right] == said
    shown = " ".join(table.printed.split())  # wrapped at 80 columns: words, not lines
    for phrase in (words,) if isinstance(words, str) else words:
        assert phrase in shown, phrase
    if game in WORDED:  # the game's instruction, at a line's start, before a later table question; never the default
        said_at = re.search(rf"^▶ {re.escape(words)} ", table.printed, re.M)
        assert said_at and "table> " in table.printed[said_at.end():], table.printed[-2000:]
        assert not re.search(r"^▶ P\d+ \([^)]*\): ", table.printed, re.M), table.printed
    assert [text for player, text in log["actions"] if player == CHANCE] == table.entries
    verified = run_cli(["replay", str(save), "--verify"])
    assert verified.exit_code == 0, verified.output
