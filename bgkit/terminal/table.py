"""A real table (``--chance table``): the bots' moves said as instructions, and corrections.

At a real table the people carry out every move of a bot. :class:`TableTalk` says each one, in
the game's words (its ``Wording`` part, :class:`bgkit.model.spec.Wording`), the moment the bot
makes it, and before the next question (a roll, a draw, a person's move) waits until the people
say the pieces are moved: Enter, or ``done``.

What was typed in at the table can be corrected: ``undo`` at a ``table>`` prompt takes back the
last entry and asks it again; ``fix``, at any prompt, goes back to a chosen entry and takes the
right value. The game is then played again from there through the match's own rewind
(:meth:`bgkit.engine.match.Match.rewind_to`): the bots decide again, while every later table entry
and person's decision is taken as it was typed (:class:`Replay`) as long as it is still possible,
and asked again where it is not. The log holds only the corrected game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from bgkit.engine.driver import Event, Observer
from bgkit.engine.match import QuitRequest, RewindRequest
from bgkit.model.errors import BadInput
from bgkit.model.game import CHANCE, State
from bgkit.terminal.render import literal

if TYPE_CHECKING:
    from bgkit.terminal.human import Screen

#: What the people type when a bot's moves are carried out at the table (Enter alone says the same).
DONE_HELP = (
    "Carry out the moves above at the table, then type done (or just Enter).",
    (
        ("fix", "correct something typed in at the table earlier (a roll, a draw)"),
        ("quit", "save the game and stop"),
    ),
)
#: Table entries listed at once by ``fix`` (``fix all`` lists them all).
FIX_LINES = 12


def seat_words(names: list[str], player: int) -> str:
    """How a seat is named at the table: ``P2 (greedy)``."""
    return f"P{player + 1} ({names[player]})"


def instruction(wording: Callable[[Any, int, Any], str] | None, names: list[str], state: State, player: int, action: Any) -> str:
    """What the people do for ``player``'s ``action`` (``state``: just before it): the game's
    wording after the seat's name, or by default ``P2 (greedy): <the action's text>``."""
    who = seat_words(names, player)
    if wording is not None:
        words = wording(state, player, action)
        if words:
            return f"{who} {words}"
    return f"{who}: {state.action_text(action)}"


def name_seats(label: str, names: list[str], bots: frozenset[int] | set[int]) -> str:
    """A chance question's label with every bot it names (``P2``) named as at the table (``P2
    (greedy)``): the people then know whose draw they make for a bot."""
    return re.sub(r"\bP(\d+)\b(?! \()", lambda m: seat_words(names, int(m.group(1)) - 1)
                  if int(m.group(1)) - 1 in bots else m.group(0), label)


@dataclass
class Replay:
    """What was typed in after a corrected entry, taken again while it still fits: ``tail[i]`` is
    the ``[player, text]`` once logged at position ``base + i``."""

    tail: list[list[Any]]
    base: int
    corrected: bool = False  # tail[0] is the corrected entry itself (said when it was typed)

    def at(self, position: int) -> list[Any] | None:
        index = position - self.base
        return self.tail[index] if 0 <= index < len(self.tail) else None

    def after(self, position: int) -> list[list[Any]]:
        """The entries from ``position`` on (those not replayed yet)."""
        return self.tail[max(0, position - self.base):]


class TableTalk(Observer):
    """The bots' moves said as instructions the moment they are made, and the people's ``done``.

    ``seats``: the match's; ``wording``: the game's ``instruction`` (None: the default wording);
    ``log``: the match's list of logged actions (the same list throughout, rewinds included)."""

    listens = True

    def __init__(self, screen: "Screen", seats: list[Any], wording: Callable[[Any, int, Any], str] | None, log: list[list[Any]]):
        self.screen = screen
        self.bots = frozenset(p for p, seat in enumerate(seats) if not seat.person)
        self.wording = wording
        self.log = log
        self.waiting = False  # instructions said that the people have not yet said are carried out
        self.replay: Replay | None = None
        self._said: tuple[str, str] | None = None  # the move about to be made: its instruction, and as before?
        self._sealed: dict[int, str] = {}  # event number -> the instruction of a choice said at its reveal
        self._quiet = False  # the entry being replayed is the correction itself: not said again

    # -- the bots' moves ------------------------------------------------------------------------
    def before(self, state: State, player: int, action: Any, text: str) -> None:
        self._said = None
        if player not in self.bots:
            return
        said = instruction(self.wording, self.screen.names, state, player, action)
        earlier = self.replay.at(len(self.log)) if self.replay is not None else None
        note = ""
        if earlier is not None and earlier[0] == player:
            note = " (as before)" if earlier[1] == text else f" (it played {earlier[1]!r} before: take that back at the table)"
        self._said = (said, note)

    def told(self, event: Event) -> None:
        if event.player not in self.bots:
            return
        if event.reveal:
            said = self._sealed.pop(event.number, None)
            if said is not None:
                self.say(f"revealed: {said}", fresh=True)
            return
        if self._said is None:
            return
        said, note = self._said
        if event.audience is not None:  # a sealed or private choice: said in full when it is revealed
            self._sealed[event.number] = said
            said = f"{seat_words(self.screen.names, event.player)}: {event.public}"
        self.say(said + note, fresh=note != " (as before)")

    def say(self, line: str, fresh: bool = True) -> None:
        """One instruction for the people, at once; ``fresh``: something to carry out (not as before)."""
        self.screen.console.print(f"[bold]▶ {literal(line)}[/bold]")
        self.waiting = self.waiting or fresh

    def forget(self) -> None:
        """After a rewind: nothing said is pending."""
        self._said = None
        self._sealed.clear()

    # -- the people's done --------------------------------------------------------------------
    def confirm(self) -> None:
        """Wait until the people have carried out the instructions said (Enter or ``done``);
        ``fix`` corrects a table entry, ``quit`` saves and stops."""
        if not self.waiting:
            return
        from bgkit.terminal.human import print_help

        console = self.screen.console
        console.print("Carry out these moves at the table, then type done (or just Enter).")
        while True:
            answer = " ".join(self.screen.read("done> ").split()).lower()
            if answer in ("", "done", "d"):
                self.waiting = False
                return
            if answer in ("?", "help"):
                print_help(console, DONE_HELP)
            elif answer in ("fix", "fix all"):
                self.fix(everything=answer == "fix all")
            elif answer == "quit":
                raise QuitRequest()
            else:  # anything else is done too: what was typed is asked for by the next question, if it is one
                console.print(f"{literal(repr(answer))} is not a command here: taken as done (? for the commands)")
                self.waiting = False
                return

    # -- corrections ----------------------------------------------------------------------------
    def recorded(self, player: int) -> str | None:
        """The text typed in (or decided by a person) at this point before a correction, if it is
        to be taken again; None to ask. The replay ends where the game took another way."""
        replay = self.replay
        if replay is None:
            return None
        position = len(self.log)
        earlier = replay.at(position)
        if earlier is None or earlier[0] != player:
            if earlier is not None:
                self.screen.console.print("The game has taken another way since the correction: everything from here is asked again.")
            else:
                self.screen.console.print("Corrected: the game is back where it was.")
            self.replay = None
            return None
        self._quiet = replay.corrected and position == replay.base
        if position - replay.base == len(replay.tail) - 1:
            self.replay = None  # this is the last one: the game is back where it was after it
        return str(earlier[1])

    def kept(self, player: int, text: str) -> None:
        if self._quiet:
            return
        who = "table" if player == CHANCE else seat_words(self.screen.names, player)
        self.screen.console.print(f"kept from before the correction — {literal(who)}: {literal(text)}")

    def not_kept(self, player: int, text: str) -> None:
        who = "the table's" if player == CHANCE else f"{seat_words(self.screen.names, player)}'s"
        self.screen.console.print(f"[yellow]{literal(who)} earlier {literal(repr(text))} is no longer possible here: asked again[/yellow]")

    def undo_entry(self) -> None:
        """``undo`` at ``table>``: the last table entry taken back (and what followed it, which is
        replayed); the question of that entry is asked again. BadInput if nothing was typed in."""
        last = max((i for i, (p, _) in enumerate(self.log) if p == CHANCE), default=None)
        if last is None:
            raise BadInput("nothing typed in at the table yet to take back")
        self.screen.console.print(f"taken back: {literal(self.log[last][1])} — type it again")
        self._rewind(last, self._future(last)[1:], last + 1)

    def fix(self, everything: bool = False) -> None:
        """``fix``: list the table entries, take the one chosen and its right value, and play the game
        again from there (RewindRequest); a person who changes their mind goes back to their question."""
        from bgkit.terminal.human import show_options, understand

        entries = self._entries()
        console = self.screen.console
        if not entries:
            console.print("nothing was typed in at the table yet")
            return
        first = 0 if everything else max(0, len(entries) - FIX_LINES)
        if first:
            console.print(f"… {first} earlier entries (fix all lists them)")
        for number, (_, label, text) in enumerate(entries[first:], start=first + 1):
            console.print(f"{number:>4}. {literal(label)}: {literal(text)}")
        answer = self.screen.read("fix which entry (its number, Enter to leave it)? ").strip()
        if not answer.isdigit() or not 1 <= int(answer) <= len(entries):
            console.print("nothing corrected")
            return
        keep = entries[int(answer) - 1][0]
        state = self.screen.state_at(keep)
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        texts = [state.action_text(o) for o in outcomes]
        show_options(console, texts, limit=40, numbered=False)
        while True:
            typed = self.screen.read(f"right value for entry {answer} (Enter to leave it)? ").strip()
            if not typed:
                console.print("nothing corrected")
                return
            index = understand(state, outcomes, texts, typed, numbers=False)
            if index is not None:
                break
            console.print(f"[red]{literal(repr(typed))} is not a possible outcome there[/red]; type it as listed")
        console.print(f"entry {answer} corrected to {literal(texts[index])}: the game is played again from there")
        self._rewind(keep, [[CHANCE, texts[index]], *self._future(keep)[1:]], keep, corrected=True)

    def _future(self, keep: int) -> list[list[Any]]:
        """Every entry from position ``keep`` on: the log's, then the replay's not yet replayed."""
        pending = self.replay.after(len(self.log)) if self.replay is not None else []
        return [list(entry) for entry in self.log[keep:]] + pending

    def _rewind(self, keep: int, tail: list[list[Any]], base: int, corrected: bool = False) -> None:
        self.replay = Replay(tail, base, corrected) if tail else None
        self.waiting = False
        raise RewindRequest(keep)

    def _entries(self) -> list[tuple[int, str, str]]:
        """Each table entry of the log: its position, what was asked, what was typed in."""
        labels: dict[int, str] = {}
        names, bots = self.screen.names, self.bots

        class Labels(Observer):
            def before(self, state: State, player: int, action: Any, text: str) -> None:
                if player == CHANCE:
                    labels[len(labels_at)] = name_seats(state.chance_label() or "chance", names, bots)
                labels_at.append(None)

        labels_at: list[None] = []
        self.screen.state_at(len(self.log), Labels())
        return [(i, labels.get(i, "chance"), str(text)) for i, (p, text) in enumerate(self.log) if p == CHANCE]


def say_layout(console: Any, game: Any, log: Any, secret: bool) -> None:
    """Before the first question at a real table: how the table was laid out (the ``bgkit setup``
    line of the seed, the ``--setup`` file, or the setup itself when the seed is kept secret), and
    how to play from a layout of one's own."""
    import shlex

    game_id, players = game.info.id, log.players
    if log.setup_from != "seed":
        console.print(f"The table is laid out as {literal(log.setup_from)} says (--setup).")
    elif not secret:
        options = "".join(f" --option {k}={v}" for k, v in log.options.items())
        console.print(f"Lay out the table as this prints it: bgkit setup {game_id} -p {players} --seed {log.seed}{literal(options)}",
                      soft_wrap=True)
    else:  # the seed would tell what is hidden: the setup itself, without it
        from bgkit.terminal.render import never_cut

        console.print("Lay out the table like this (the seed is kept secret until the game ends):")
        console.print(never_cut(game.render_setup(log.setup)))
    seats = " ".join(shlex.quote(seat) for seat in log.seats)
    console.print(f"Your own layout instead: bgkit setup {game_id} -p {players} --format toml > table.toml, edit it to "
                  f"what is on the table, then: bgkit play {game_id} {literal(seats)} --chance table --setup table.toml")
