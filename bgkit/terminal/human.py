"""People at the terminal: their seats, the shared screen, and outcomes typed in from a real table.

A person sees their own view, picks an action by its place in the list, text or unique prefix; a
number that the game also reads as another action (Goofspiel's card 10) is asked about. Commands at the
prompt: ``?`` help, ``undo`` (own last decision, while nothing was revealed since), ``save``,
``quit`` (saves first). With several people at one screen, whoever is about to see something the
others may not (a hand, a sealed choice) is handed the screen: the others look away first, and the
screen is cleared after. With ``--chance table`` a person types the dice rolled or the card
drawn at the real table; a private draw is typed by its owner alone, the others looking away.

Everything a person or a plugin wrote (names, action texts) is printed literally: no rich markup
is read from it and terminal control characters are shown escaped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rich.console import Console

from bgkit.engine.driver import Event
from bgkit.engine.match import BaseSeat, Decision, QuitRequest, SaveRequest, UndoRequest
from bgkit.model.errors import BadInput
from bgkit.model.game import CHANCE, State
from bgkit.model.spec import action_words
from bgkit.terminal.render import can_wipe, literal, never_cut, plural, wipe
from bgkit.engine.runtime import Runtime

if TYPE_CHECKING:
    from bgkit.terminal.table import TableTalk

HELP = (
    "Type the place of an action in the list, its text, or a prefix that only one action has. Where a "
    "number could also be read as another action (the card 10 at Goofspiel), you are asked which; "
    "#N is always the Nth listed.",
    (
        ("?", "this help, the seats and the list of actions"),
        ("full", "the full drawing of the table (the screen shows a compact one when the full one does not fit)"),
        ("board", "the shared table alone (board, depots, market …)"),
        ("hand", "your own position alone: your hand, board and goods"),
        ("others", "the other players alone, as far as you may see them"),
        ("log", "everything that happened since your last decision"),
        ("undo", "take back your last decision (while nothing was revealed since)"),
        ("save", "save the game and carry on"),
        ("quit", "save the game and stop (resume with: bgkit play --resume FILE)"),
    ),
)
#: The command a person has at a real table (``--chance table``) besides those of HELP.
FIX_HELP = (("fix", "correct a roll or draw typed in at the table earlier: the game is played again from there"),)
#: Lines of "since your last decision" shown at once (``log`` shows them all).
NEWS_LINES = 12

CHANCE_HELP = (
    "Type what happened at the table as listed (e.g. 'dice 2 5'), #N for the Nth outcome listed, or a "
    "prefix only one outcome has; the first word may be left out when every outcome starts with it "
    "('goat_s' for 'draw goat_small'). A bare number is what was rolled, never a place in the list.",
    (
        ("undo", "take back the last entry typed in at the table, and type it again"),
        ("fix", "correct an earlier entry: choose it, type the right value; the game is played again from there "
                "(the bots decide again, what was typed after it is kept where still possible)"),
        ("quit", "save the game and stop"),
    ),
)


def print_help(console: Console, help: tuple[str, tuple[tuple[str, str], ...]]) -> None:
    """A prompt's help, wrapped to the terminal's width: each command's words indented under it."""
    from rich.table import Table
    from rich.text import Text

    intro, commands = help
    console.print(Text(intro), soft_wrap=False)  # wrapped at word ends, not by the terminal mid-word
    grid = Table.grid(padding=(0, 3, 0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for word, says in commands:
        grid.add_row(Text(word), Text(says))
    console.print(grid)


def print_words(console: Console, words: list[tuple[str, str]]) -> None:
    """The game's own words that the listed actions use, each with what it does."""
    if words:
        print_help(console, ("In this game:", tuple(words)))


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


def understand(state: State, items: list[Any], texts: list[str], answer: str, numbers: bool = True) -> int | None:
    """Like :func:`pick`, but also the game's own reading (``dice 5 2`` for ``dice 2 5``) and the
    common first word left out (``5 2`` when every option starts with ``dice``)."""
    index = pick(texts, answer, numbers)
    if index is None:
        index = natural(state, items, texts, answer)
    word = common_word(texts)
    if index is None and word and answer.strip():  # a unique prefix with the first word left out: goat_s
        index = pick(texts, f"{word} {answer}", numbers=False)
    return index


def common_word(texts: list[str]) -> str | None:
    """The first word every option starts with (``draw`` for ``draw goat_small`` …), if there is one."""
    words = {text.split(" ", 1)[0] for text in texts}
    return words.pop() if len(words) == 1 and all(" " in text for text in texts) else None


def natural(state: State, items: list[Any], texts: list[str], answer: str) -> int | None:
    """The action a bare number names as the game reads it, not as a place in the list: the game's
    own notation (Goofspiel's ``10`` is ``bid 10``: a card's value) or, where every action starts
    with one word, that word before it (``10`` for ``bid 10``)."""
    answer, word = " ".join(answer.split()), common_word(texts)
    for text in [answer] + ([f"{word} {answer}"] if word else []):
        try:
            action = state.parse_action(text)
        except BadInput:
            continue
        if action in items:
            return items.index(action)
    return None


def two_readings(state: State, items: list[Any], texts: list[str], answer: str) -> str | None:
    """The question to ask when a typed number is both a place in the list and, as the game reads
    it, another action (``10`` after bidding 4 in Goofspiel: ``bid 10``, or the 10th listed,
    ``bid 11``); None when it can be read one way only."""
    if not answer.isdigit() or not 1 <= int(answer) <= len(texts):
        return None
    own = natural(state, items, texts, answer)
    if own is None or own == int(answer) - 1:
        return None
    return f"{answer}: {texts[own]!r} or the {ordinal(int(answer))} listed, {texts[int(answer) - 1]!r}? type {texts[own]}, or #{answer}"


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def show_options(console: Console, texts: list[str], limit: int = 120, numbered: bool = True) -> None:
    from bgkit.terminal.fit import options_grid

    console.print(options_grid(texts[:limit], numbered))
    if len(texts) > limit:
        console.print(f"... and {len(texts) - limit} more: type a prefix to narrow them down")


class Screen:
    """The terminal the people of a match share.

    It keeps what happened between one person's decisions and shows it, as much as that person
    may know, in a "since your last decision" panel when their turn comes; it hands the screen to
    one person before showing something private; and it draws the table compactly when the full
    drawing would not fit the terminal.
    """

    def __init__(self, console: Console, ask: Callable[[str], str], names: list[str], people: list[int]):
        self.console = console
        self.ask = ask
        self.names = names
        self.people = people
        self.legend = " · ".join(f"P{i + 1} {literal(name)}" for i, name in enumerate(names))
        self.news: dict[int, list[Event]] = {p: [] for p in people}
        self.last: dict[int, list[Event]] = {p: [] for p in people}  # shown at their last decision (``log``)
        self._match: Any = None
        self.above = 0  # lines printed since the last prompt (bgkit.terminal.fit leaves them room)
        self.table: TableTalk | None = None  # at a real table (--chance table): the bots' moves said, corrections

    def attach(self, match: Any) -> None:
        self._match = match

    def at_table(self, talk: "TableTalk") -> None:
        """Play at a real table: the bots' moves said as instructions by ``talk`` (bgkit.terminal.table)."""
        self.table = talk

    def forget(self) -> None:
        """After a rewind (an undo, a correction): nobody's news holds what was taken back."""
        for person in self.people:
            self.news[person], self.last[person] = [], []
        if self.table is not None:
            self.table.forget()

    def state_at(self, keep: int, observer: Any = None) -> State:
        """The game as it was after its first ``keep`` logged actions (played again apart)."""
        from bgkit.engine.driver import Observer

        state: State = self._match.states_along(keep, observer or Observer())
        return state

    def before_question(self, player: int, state: State, items: list[Any]) -> Any:
        """At a real table, before a question (a person's move, or chance): the bots' moves carried
        out first (``done``); while a correction is replayed, what was answered here before, if it
        is still possible (returned: nothing is asked), else None."""
        talk = self.table
        if talk is None:
            return None
        talk.confirm()
        text = talk.recorded(player)
        if text is None:
            return None
        texts = [state.action_text(item) for item in items]
        if text in texts:
            talk.kept(player, text)
            return items[texts.index(text)]
        talk.not_kept(player, text)
        return None

    def who(self, seat: int) -> str:
        return "chance" if seat == CHANCE else f"P{seat + 1} {literal(self.names[seat])}"

    def tell_event(self, event: Event) -> None:
        """Keep an action for the people who have not seen it yet (their own moves they typed)."""
        for person, news in self.news.items():
            if event.player == person and not event.reveal:
                continue
            news.append(event)

    def news_lines(self, person: int, private: bool, events: list[Event] | None = None) -> list[str]:
        """What ``person`` is told of the actions since their last decision: what they may see
        when the screen is theirs alone, else what every person here may see."""
        lines = []
        for event in self.news.get(person, []) if events is None else events:
            seen = event.seen_by(person) if private or len(self.people) == 1 else event.shown_to(self.people)
            lines.append(self._said(event, seen))
        return lines

    def _said(self, event: Event, seen: str) -> str:
        """One line of news: who did it, and what of it may be told here."""
        return f"{'revealed: ' if event.reveal else ''}[bold]{self.who(event.player)}[/bold]: {literal(seen)}"

    def show_news(self, person: int, private: bool, everything: bool = False) -> None:
        from rich.panel import Panel

        lines = self.news_lines(person, private, self.last[person] if everything else None)
        if not lines:
            return
        shown = lines if everything else lines[-NEWS_LINES:]
        if len(shown) < len(lines):
            shown = [f"… {len(lines) - len(shown)} earlier (type log to see them all)"] + shown
        self.console.print(Panel("\n".join(shown), title="since your last decision", title_align="left", expand=False))

    def seen(self, person: int) -> None:
        self.last[person], self.news[person] = self.news[person], []

    def flush(self) -> None:
        """At the end of the game: what nobody has been told yet, said once for everyone (at a real
        table, the bots' moves were said as they were made)."""
        if not self.people:
            return
        lines = self.news_lines(self.people[0], private=False)
        if lines:
            self.console.print("\n".join(lines))
        for person in self.people:
            self.seen(person)

    def hand_over(self, prompt: str) -> None:
        """The hand-over screen: ``prompt`` waits for Enter; where the terminal cannot erase its
        scrollback (after the last private turn: bgkit.terminal.render.wipe), a line says so first."""
        if not can_wipe(self.console):
            self.console.print("(this terminal cannot erase its scrollback: scroll the last turn out of sight first)")
        self.read(prompt)

    def needs_handover(self, player: int) -> bool:
        """Whether showing ``player``'s view would show another person here what they may not see."""
        others = [p for p in self.people if p != player]
        if not others or self._match is None:
            return False
        state = self._match.state
        if state.is_sealed():
            return True
        mine = state.view(player)
        return any(state.view(other) != mine for other in others)

    def drawing(self, state: State, player: int, full: bool = False, word: str = "full") -> Any:
        """The table as ``player`` sees it: the whole drawing (``full``), or the part of it a word
        at the prompt names (``board``, ``hand``, ``others``: the game's ``render_part``; the whole
        drawing, said so, where the game draws no such part); not ``full``, as much of it as a
        decision screen leaves room for (bgkit.terminal.fit)."""
        if word != "full":
            part = getattr(state, "render_part", None)
            drawn = part(player, word) if part is not None else None
            if drawn is not None:
                return never_cut(drawn)
            self.console.print(f"(no separate drawing of '{word}' in this game: the whole table)")
        picture = never_cut(state.render(player))
        if full:
            return picture
        from bgkit.terminal import fit

        compact = getattr(state, "render_compact", None)  # the room a decision screen leaves the table
        return fit.table(self.console, picture, never_cut(compact(player)) if compact else None, self.console.size.height - 18)

    def show_decision(self, state: State, player: int, private: bool, header: str, texts: list[str]) -> None:
        """The decision screen, fitted to the terminal (bgkit.terminal.fit): the table, what changed
        since ``player``'s last decision, the seats (at their first decision), ``header`` and the choices."""
        from bgkit.terminal import fit

        compact = getattr(state, "render_compact", None)
        if len(self.names) > 1:  # the drawings say P1, P2: who they are, on the line that asks
            header = f"Seats: {self.legend}. {header}"
        parts = fit.decision(self.console, never_cut(state.render(player)), never_cut(compact(player)) if compact else None,
                             self.news_lines(player, private), [header], texts, NEWS_LINES, self.above)
        for part in parts:
            self.console.print(part, soft_wrap=False)
        self.seen(player)

    def say(self, text: str) -> None:
        """One line between two prompts (a move made for a person: their only legal one); the
        next decision screen leaves room for it."""
        self.console.print(text)
        self.above += 1

    def read(self, prompt: str) -> str:
        self.above = 0  # what was printed before this prompt has scrolled out of the next screen's way
        try:
            return self.ask(prompt)
        except EOFError:
            raise QuitRequest() from None


class HumanSeat(BaseSeat):
    """A player at the terminal."""

    person = True
    trusted = True  # picks from the legal list only

    def __init__(self, name: str, runtime: Runtime, screen: Screen):
        self.name = name
        self.runtime = runtime
        self.screen = screen

    def choose(self, decision: Decision) -> Any:
        screen, console, player = self.screen, self.screen.console, decision.player
        name = literal(self.name)
        earlier = screen.before_question(player, decision.state, decision.actions)
        if earlier is not None:  # a correction replayed: this person's earlier choice still stands
            return earlier
        private = screen.needs_handover(player)
        if private:
            screen.hand_over(f"{self.name}, your turn: the others look away, then press Enter")
        state = decision.state
        actions = decision.actions
        texts = [state.action_text(a) for a in actions]
        if len(actions) == 1 and not state.is_sealed():  # no decision: the table is drawn at the next one
            screen.say(f"[bold]{name}[/bold]: {literal(texts[0])} (the only legal action)")
            return actions[0]
        count = f"{len(texts)} legal action{'s' if len(texts) != 1 else ''}"
        screen.show_decision(state, player, private, f"[bold]{name}[/bold] to play ({count}; ? for help):", texts)
        while True:
            answer = screen.read(f"{self.name}> ").strip()
            if answer in ("?", "help"):
                print_help(console, HELP if screen.table is None else (HELP[0], HELP[1][:4] + FIX_HELP + HELP[1][4:]))
                print_words(console, action_words(state, texts))
                console.print(f"Seats: {screen.legend}")
                show_options(console, texts)
                continue
            if answer in ("full", "board", "hand", "others"):
                console.print(screen.drawing(state, player, full=True, word=answer), soft_wrap=False)
                continue
            if answer == "log":
                screen.show_news(player, private, everything=True)
                continue
            if answer == "undo":
                if screen.table is not None:
                    screen.table.replay = None  # what was corrected is not replayed over the person's undo
                raise UndoRequest()
            if answer in ("fix", "fix all") and screen.table is not None:
                screen.table.fix(everything=answer == "fix all")
                continue
            if answer == "save":
                raise SaveRequest()
            if answer == "quit":
                raise QuitRequest()
            question = two_readings(state, actions, texts, " ".join(answer.split()))
            if question is not None:  # a number must never mean other than what the person read
                console.print(f"[yellow]{literal(question)}[/yellow]")
                continue
            index = understand(state, actions, texts, answer)
            if index is not None:
                if private:
                    wipe(console)
                return actions[index]
            close = [t for t in texts if t.startswith(answer)] if answer else []
            reason = f"{len(close)} actions start with {answer!r}" if len(close) > 1 else f"{answer!r} is not legal here"
            console.print(f"[red]{literal(reason)}[/red]; type a number, an action, or ? for help")

    def tell(self, message: str, error: bool = True) -> None:
        self.screen.console.print(f"[red]{literal(message)}[/red]" if error else literal(message))


class TableChance:
    """``--chance table``: a person types the outcome that happened at the real table.

    A private outcome (a card drawn into a hand) is typed by whoever may see it, the others
    looking away; the screen is cleared after it when other people share it.
    """

    person = True

    def __init__(self, screen: Screen):
        self.screen = screen

    def __call__(self, state: State) -> Any:
        screen, console = self.screen, self.screen.console
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        earlier = screen.before_question(CHANCE, state, outcomes)
        if earlier is not None:  # a correction replayed: what was typed here before still stands
            return earlier
        texts = [state.action_text(o) for o in outcomes]
        audience = state.audience(outcomes[0])
        label = self.label(state)
        private = audience is not None
        if audience is not None:
            owners = sorted(audience)
            if owners:
                who = " and ".join(f"P{s + 1} {screen.names[s]}" for s in owners)
                people = [s for s in owners if s in screen.people]
                typist = "they type it" if people else f"whoever handles {who}'s cards types it"
                screen.hand_over(f"{label}: only {who} may see it ({typist}); the others look away, then press Enter")
            else:
                screen.hand_over(f"{label}: nobody may see it yet; someone who does not play looks, then press Enter")
        console.print(f"[bold]{literal(label)}[/bold]: what happened at the table? ({plural(len(texts), 'possible outcome')})")
        show_options(console, texts, limit=40, numbered=False)
        while True:
            answer = screen.read("table> ").strip()
            if answer == "quit":
                raise QuitRequest()
            if answer in ("?", "help"):
                print_help(console, CHANCE_HELP)
                show_options(console, texts, limit=len(texts), numbered=False)
                continue
            if answer in ("undo", "fix", "fix all") and screen.table is not None:
                self.correct(answer)
                continue
            # A bare number is what was rolled, never a position in the list: that needs '#'.
            index = understand(state, outcomes, texts, answer, numbers=False)
            if index is not None:
                if private and len(screen.people) > 1:
                    wipe(console)
                return outcomes[index]
            console.print(f"[red]{literal(repr(answer))} is not a possible outcome[/red]; type it as listed, #N for its place in the list, ? for all")

    def label(self, state: State) -> str:
        """What is asked: the game's label, each seat it names named as at the table (``P2
        (greedy)``); a label that names nobody, right after a bot's move, says it follows that move."""
        from bgkit.terminal.table import name_seats, seat_words

        screen = self.screen
        given = state.chance_label() or "Chance"
        bots = frozenset(range(len(screen.names))) - frozenset(screen.people)
        label = name_seats(given, screen.names, bots)
        log = screen._match.log.actions if screen._match is not None else []
        if label == given and log and log[-1][0] != CHANCE and log[-1][0] not in screen.people:
            label += f" (after {seat_words(screen.names, log[-1][0])}'s move)"
        return label

    def correct(self, answer: str) -> None:
        """``undo`` or ``fix`` at ``table>`` (a RewindRequest: the game goes back), or why not."""
        table = self.screen.table
        assert table is not None
        try:
            table.undo_entry() if answer == "undo" else table.fix(everything=answer == "fix all")
        except BadInput as exc:
            self.screen.console.print(f"[red]{literal(exc.message)}[/red]")
