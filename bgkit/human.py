"""A person at the terminal: sees their own view, picks an action by number, text or unique prefix.

Commands at the prompt: ``?`` help, ``undo`` (own last decision, while nothing was revealed since),
``save``, ``quit`` (saves first). With ``--chance table`` the person also types the dice rolled or
the card drawn at the real table.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.columns import Columns
from rich.console import Console

from bgkit.engine import QuitRequest, SaveRequest, UndoRequest
from bgkit.errors import BadInput
from bgkit.game import State
from bgkit.rules import Rules

HELP = (
    "Type the number of an action, its text, or a prefix that only one action has.\n"
    "  ?      this help and the list of actions\n"
    "  undo   take back your last decision (while nothing was revealed since)\n"
    "  save   save the game and carry on\n"
    "  quit   save the game and stop (resume with: bgkit play --resume FILE)"
)


def pick(texts: list[str], answer: str, numbers: bool = True) -> int | None:
    """The index of the option ``answer`` names: its number (``#3``, or ``3`` when ``numbers``),
    its exact text, or a unique prefix."""
    answer = " ".join(answer.split())
    number = answer[1:] if answer.startswith("#") else answer if numbers else ""
    if number.isdigit() and 1 <= int(number) <= len(texts):
        return int(number) - 1
    if answer in texts:
        return texts.index(answer)
    matches = [i for i, text in enumerate(texts) if text.startswith(answer)] if answer else []
    return matches[0] if len(matches) == 1 else None


def understand(state: State, items: list, texts: list[str], answer: str, numbers: bool = True) -> int | None:
    """Like :func:`pick`, but also the game's own reading (``dice 5 2`` for ``dice 2 5``) and the
    common first word left out (``5 2`` when every option starts with ``dice``)."""
    index = pick(texts, answer, numbers)
    if index is not None:
        return index
    words = {text.split(" ", 1)[0] for text in texts}
    tries = [answer] + ([f"{words.pop()} {answer}"] if len(words) == 1 else [])
    for text in tries:
        try:
            action = state.parse_action(" ".join(text.split()))
        except BadInput:
            continue
        if action in items:
            return items.index(action)
    return None


def show_options(console: Console, texts: list[str], limit: int = 120) -> None:
    shown = [f"[cyan]{i + 1:>3}[/cyan] {t}" for i, t in enumerate(texts[:limit])]
    console.print(Columns(shown, padding=(0, 3)))
    if len(texts) > limit:
        console.print(f"... and {len(texts) - limit} more: type a prefix to narrow them down")


CHANCE_HELP = (
    "Type what happened at the table as listed (e.g. 'dice 2 5'; the first word may be left out\n"
    "when every outcome starts with it), a unique prefix, or #N for the Nth outcome listed.\n"
    "  quit   save the game and stop"
)


class HumanSeat:
    """A player at the terminal. ``ask`` reads one answer (EOF means quit)."""

    person = True

    def __init__(self, name: str, rules: Rules, console: Console, ask: Callable[[str], str], others: tuple[int, ...] = ()):
        self.name = name
        self.rules = rules
        self.console = console
        self.ask = ask
        self.others = others  # the other people's seats at this screen
        self.legend = ""  # "P1 Ada · P2 greedy": games draw seats as P1, P2, ...

    def choose(self, state: State, player: int) -> Any:
        console = self.console
        private = self._private(state, player)
        if private:
            self._read(f"{self.name}, your turn: the others look away, then press Enter")
        console.print(state.render(player), soft_wrap=False)  # the drawing wraps at the terminal's width
        if self.legend:
            console.print(f"Seats: {self.legend}")
        actions = self.rules.legal_actions(state)
        texts = [state.action_text(a) for a in actions]
        if len(actions) == 1 and not state.is_sealed():
            console.print(f"[bold]{self.name}[/bold]: {texts[0]} (the only legal action)")
            return actions[0]
        count = f"{len(texts)} legal action{'s' if len(texts) != 1 else ''}"
        console.print(f"[bold]{self.name}[/bold] to play ({count}; ? for help):")
        show_options(console, texts)
        while True:
            answer = self._read(f"{self.name}> ").strip()
            if answer in ("?", "help"):
                console.print(HELP)
                show_options(console, texts)
                continue
            if answer == "undo":
                raise UndoRequest()
            if answer == "save":
                raise SaveRequest()
            if answer == "quit":
                raise QuitRequest()
            index = understand(state, actions, texts, answer)
            if index is not None:
                if private:
                    console.clear()
                return actions[index]
            close = [t for t in texts if t.startswith(answer)] if answer else []
            reason = f"{len(close)} actions start with {answer!r}" if len(close) > 1 else f"{answer!r} is not legal here"
            console.print(f"[red]{reason}[/red]; type a number, an action, or ? for help")

    def _private(self, state: State, player: int) -> bool:
        """Whether this person is about to see something another person at the screen may not:
        a sealed choice, or a view (a hand) that differs from theirs."""
        if not self.others:
            return False
        if state.is_sealed():
            return True
        mine = state.view(player)
        return any(state.view(other) != mine for other in self.others)

    def tell(self, message: str) -> None:
        self.console.print(f"[red]{message}[/red]")

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise QuitRequest() from None


class TableChance:
    """``--chance table``: a person types the outcome that happened at the real table."""

    person = True

    def __init__(self, console: Console, ask: Callable[[str], str]):
        self.console = console
        self.ask = ask

    def __call__(self, state: State) -> Any:
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        texts = [state.action_text(o) for o in outcomes]
        self.console.print(f"[bold]Chance[/bold]: what happened at the table? ({len(texts)} possible outcomes)")
        show_options(self.console, texts, limit=40)
        while True:
            try:
                answer = self.ask("table> ").strip()
            except EOFError:
                raise QuitRequest() from None
            if answer == "quit":
                raise QuitRequest()
            if answer in ("?", "help"):
                self.console.print(CHANCE_HELP)
                show_options(self.console, texts, limit=len(texts))
                continue
            # A bare number is what was rolled, never a position in the list: that needs '#'.
            index = understand(state, outcomes, texts, answer, numbers=False)
            if index is not None:
                return outcomes[index]
            self.console.print(f"[red]{answer!r} is not a possible outcome[/red]; type it as listed, #N for the Nth, ? for all")
