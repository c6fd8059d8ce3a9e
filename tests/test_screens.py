"""Screen goldens: a person's decision screen, at 80×24 and 120×50, for every game and player count.

Each case plays a seeded game (the person seat 1, random bots around it) to the person's
``DECISION``-th decision and keeps what the screen printed before that prompt: it must take at most
the terminal's height (the prompt's line included) and no line may be wider than the terminal, and
it must be the golden file ``tests/screens/GAME-Np-WxH.txt``, byte for byte. A screen that changes
by design is written again deliberately:

    python tests/test_screens.py --update [GAME ...]

and the diff of ``tests/screens`` is read before it is committed (it shows what a person sees).
"""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pytest

FOLDER = Path(__file__).parent / "screens"
GAMES = ("goofspiel", "pig", "burgundy", "bruges", "bridgetroll", "bretagne", "bluemooncity")
SIZES = ((80, 24), (120, 50))
#: The person's decision whose screen is kept, per game: a few rounds in (Bruges: its first actions phase).
DECISION = {"goofspiel": 4, "pig": 4, "burgundy": 6, "bruges": 9, "bridgetroll": 4, "bluemooncity": 8, "bretagne": 6}
SEED = 11


def cases() -> list[tuple[str, int, int, int]]:
    from bgkit.plugins.registry import get_registry

    found = []
    for game_id in GAMES:
        info = get_registry().game(game_id)
        for players in range(info.min_players, info.max_players + 1):
            found += [(game_id, players, width, height) for width, height in SIZES]
    return found


def screen(game_id: str, players: int, width: int, height: int) -> str:
    """What the person sees at their ``DECISION[game_id]``-th decision: everything printed since their last answer."""
    from rich.console import Console

    from bgkit.engine.match import QuitRequest
    from bgkit.plugins.registry import get_registry
    from bgkit.sessions.build import build_match, seat_names

    game = get_registry().load_game(game_id)
    seats = ["human:Ada"] + ["random"] * (players - 1)
    console = Console(file=io.StringIO(), color_system=None, force_terminal=False, width=width, height=height)
    rng = random.Random(f"screens {game_id} {players}")
    shown: list[str] = []
    mark = 0

    def ask(prompt: str) -> str:
        nonlocal mark
        text = console.file.getvalue()
        if prompt == "Ada> ":
            shown.append(text[mark:] + prompt)
            if len(shown) == DECISION[game_id]:
                raise EOFError  # the screen is kept: stop the game here
        mark = len(text)
        state = match.state
        return f"#{rng.randrange(len(state.legal_actions())) + 1}" if prompt == "Ada> " else ""

    options = {option.name: option.default for option in game.options}
    match = build_match(game, seats, seat_names(seats), SEED, options, console=console, ask=ask)
    with pytest.raises(QuitRequest):
        match.play()
    return shown[-1]


def check_fits(text: str, width: int, height: int) -> None:
    """A screen fits its terminal: at most ``height`` lines (the prompt's included), none wider than ``width``."""
    lines = text.split("\n")
    assert len(lines) <= height, f"{len(lines)} lines on a terminal of {height}:\n{text}"
    wide = [line for line in lines if len(line) > width]
    assert not wide, f"{len(wide)} lines wider than {width} columns, the first:\n{wide[0]}"


def golden(game_id: str, players: int, width: int, height: int) -> Path:
    return FOLDER / f"{game_id}-{players}p-{width}x{height}.txt"


@pytest.mark.parametrize("game_id, players, width, height", cases())
def test_a_decision_screen_fits_and_is_the_golden_one(game_id, players, width, height):
    text = screen(game_id, players, width, height)
    check_fits(text, width, height)
    path = golden(game_id, players, width, height)
    assert path.exists(), f"no golden screen {path.name}: python tests/test_screens.py --update {game_id}"
    assert text == path.read_text(), f"the screen differs from {path.name} (python tests/test_screens.py --update {game_id}):\n{text}"


#: How a seat's public position shows on a game's whole table (each pattern must be found; ``{n}``: the seat's
#: number), and what of the board (the shared table) must be there: at 120×50 every seat's and the board, nothing cut.
WHOLE_TABLE = {
    "goofspiel": ([r"^│ P{n} +│"], ["prize on the table"]),
    "pig": ([r"^  P{n} +\d+ banked"], ["first to"]),
    # the full drawing (a column per player) or, where it does not fit, the wide one (a line per player)
    "burgundy": ([r"(┃ P{n}( ◀)? |^[▶ ]P{n}( you)?: dice .* · storage [^▶]*·\s+sold [^▶]*·\s+bonus )", r"P{n}( you)? estate \(board #"],
                 ["Depots", "black", "goods "]),
    "bruges": ([r"^[▶ ]P{n}( you)? +\d+ ", r"^P{n} hand: ", r"^P{n}( \(you\))? canals: "], ["Piles:", "Dice:", "Statues left"]),
    "bridgetroll": ([r"^│P{n}( you)? +│"], ["Row:", "Upgrade on offer", "pool stones"]),
    "bluemooncity": ([r"^P{n}( you)?( ◀)? +[A-Z]"], ["Obelisk, bottom up", "Golden scales in the supply", "Courtyard"]),
    "bretagne": ([r"^P{n}( \(you\))?( passed)? +\d+ +(-|\d+ \()"],
                 ["Blueprints face up at Pontivy", "Lighthouses", "Harbours", "Quimper", "Brest", "Weather"]),
}


@pytest.mark.parametrize("game_id, players", [(g, p) for g, p, w, _ in cases() if w == 120])
def test_at_120_by_50_the_decision_screen_shows_the_whole_table(game_id, players):
    """The 120×50 screen (its golden, checked above to be what bgkit prints) shows every seat's
    public position and the board, and cuts nothing: no '… more lines' to reach with a word."""
    text = golden(game_id, players, 120, 50).read_text()
    seats, board = WHOLE_TABLE[game_id]
    table = text.split("since your last decision:")[0]
    assert "more lines: type" not in table, table
    for n in range(1, players + 1):
        for seat in seats:
            assert re.search(seat.format(n=n), table, re.M), f"P{n}'s position ({seat}) is not on the screen:\n{table}"
    for words in board:
        assert words in table, f"no {words!r} on the {game_id} screen:\n{table}"


def test_a_screen_too_long_or_too_wide_fails_the_check():
    fits = "\n".join(["x" * 80] * 23) + "\nAda> "
    check_fits(fits, 80, 24)
    with pytest.raises(AssertionError, match="25 lines on a terminal of 24"):
        check_fits("line\n" + fits, 80, 24)
    with pytest.raises(AssertionError, match="wider than 80"):
        check_fits(fits.replace("x" * 80, "x" * 81, 1), 80, 24)


def test_a_drawing_too_long_for_the_terminal_is_cut_with_the_words_that_show_the_rest():
    """The core's fallback: a game whose drawing (compact or not) is longer than the room left is cut."""
    from rich.console import Console

    from bgkit.api import Drawing
    from bgkit.terminal import fit

    console = Console(file=io.StringIO(), color_system=None, width=80, height=24)
    tall = Drawing([f"row {n}" for n in range(60)])
    news = [f"move {n}" for n in range(20)]
    texts = [f"take {n}" for n in range(50)]
    for part in fit.decision(console, tall, None, news, ["Ada to play:"], texts, 12):
        console.print(part, soft_wrap=False)
    text = console.file.getvalue() + "Ada> "
    check_fits(text, 80, 24)
    assert "row 0" in text and "row 59" not in text and "more lines: type board, hand, others or full" in text
    assert "move 19" in text and "earlier (type log to see them all)" in text  # the latest news, and how to see the rest
    assert "  1 take 0" in text and "more: type a prefix to narrow them down, ? lists them all" in text


def test_at_an_80_by_24_terminal_the_decision_fits_and_one_word_shows_each_part(tmp_path):
    """Through a pseudo-terminal of 80×24 (the size bgkit reads from COLUMNS and LINES): Burgundy's
    first decision screen fits below the line that starts the game, and ``hand``, ``others`` and
    ``board`` each show their part of the table."""
    from bgkit.testing import Terminal

    term = Terminal(["play", "burgundy", "human:Ada", "greedy", "--seed", "2"], tmp_path, columns=80, lines=24)
    first = term.read_until("Ada> ").split("\n", 1)[1]  # after "The Castles of Burgundy: Ada, greedy — …"
    check_fits(first + "Ada> ", 80, 24)
    assert "▶P1 you: dice 3 4 left" in first and "P1 estate (board #1)" in first and "1 take 2:castle@3" in first
    assert "more lines: type board, hand, others or full" in first  # the rest is a word away
    shown = {}
    for word in ("hand", "others", "board"):
        term.type(word)
        shown[word] = " ".join(term.read_until("Ada> ").split())  # wrapped at 80 columns: words, not lines
    assert "bonus tiles: -" in shown["hand"] and "a ship takes only goods of these types" in shown["hand"]
    assert "P2 estate (board #" in shown["others"] and "P1 estate" not in shown["others"]
    assert "Depots 1: ship, bank" in shown["board"] and "estate" not in shown["board"]
    term.type("quit")
    assert term.finish() == 0


def test_at_80_columns_a_long_line_wraps_at_a_word_not_at_the_terminals_edge(tmp_path):
    """The prompt's console wraps what it prints at word ends (Bruges' table question is longer
    than 80 columns): a terminal left to wrap it would cut it mid-word."""
    from bgkit.testing import Terminal

    term = Terminal(["play", "bruges", "human:Ada", "greedy", "--chance", "table", "--seed", "5"], tmp_path, columns=80, lines=24)
    asked = term.read_until("table> ")
    assert "pile A: the colour of its new top card (everyone sees its back): what happened \nat the table?" in asked
    layout, said, question = asked.partition("--setup table.toml\n")  # the layout is said once, before the first question
    assert said, asked
    check_fits(layout, 80, 1_000)  # as long as it takes, none of it wider than the terminal
    check_fits(question, 80, 24)
    term.type("quit")
    assert term.finish() == 0


def test_another_seats_hidden_draw_reaches_the_person_as_its_public_text_only():
    """Bruges at a real table (--chance table) with a bot: the cards the bot draws are typed in, but
    the person's decision screens tell them only as the public text (their colour)."""
    from rich.console import Console

    from bgkit.engine.match import QuitRequest
    from bgkit.plugins.registry import get_registry
    from bgkit.sessions.build import build_match, seat_names

    game = get_registry().load_game("bruges")
    seats = ["human:Ada", "greedy"]
    console = Console(file=io.StringIO(), color_system=None, force_terminal=False, width=80, height=24)
    rng, typed, screens, mark = random.Random(5), [], [], [0]

    def ask(prompt: str) -> str:
        state, text = match.state, console.file.getvalue()
        if prompt == "Ada> ":
            screens.append(text[mark[0]:])
            if len(screens) == 4:
                raise EOFError
        mark[0] = len(text)
        if prompt == "table> ":
            outcome = state.chance_pick(rng.random())
            audience = state.audience(outcome)
            if audience is not None and 0 not in audience:
                typed.append(state.action_text(outcome))  # a card only the bot may see
            return state.action_text(outcome)
        return "#1" if prompt == "Ada> " else ""

    match = build_match(game, seats, seat_names(seats), 5, {o.name: o.default for o in game.options}, chance="table",
                        console=console, ask=ask)
    with pytest.raises(QuitRequest):
        match.play()
    assert typed and len(screens) == 4
    told = "".join(screens)
    assert "P2 looks at their" in told  # the public text of the bot's private look at its card
    for text in typed:
        assert f": {text}" not in told, f"the bot's hidden card {text!r} was shown on the person's screen"


def test_blue_moon_citys_bot_draws_reach_the_person_as_their_public_text_only():
    """Blue Moon City at a real table with a bot: every card is typed in, the bot's too (its starting
    hand and its draws), but the person's decision screens show the bot's draws only as "P2 draws
    a card"; any card named there is one of the person's own."""
    from collections import Counter

    from rich.console import Console

    from bgkit.engine.match import QuitRequest
    from bgkit.plugins.registry import get_registry
    from bgkit.sessions.build import build_match, seat_names

    game = get_registry().load_game("bluemooncity")
    seats = ["human:Ada", "greedy"]
    console = Console(file=io.StringIO(), color_system=None, force_terminal=False, width=80, height=24)
    rng, own, screens, mark = random.Random(5), Counter(), [], [0]

    def ask(prompt: str) -> str:
        state, text = match.state, console.file.getvalue()
        if prompt == "Ada> ":
            screens.append(text[mark[0]:])
            if len(screens) == 6:
                raise EOFError
        mark[0] = len(text)
        if prompt == "table> ":
            outcome = state.chance_pick(rng.random())
            if 0 in (state.audience(outcome) or ()):
                own[state.action_text(outcome)] += 1
            return state.action_text(outcome)
        return "#1" if prompt == "Ada> " else ""

    match = build_match(game, seats, seat_names(seats), 5, {o.name: o.default for o in game.options}, chance="table",
                        console=console, ask=ask)
    with pytest.raises(QuitRequest):
        match.play()
    told = "".join(screens)
    assert "chance: P2 draws a card" in told, told
    named = Counter(re.findall(r"chance: (card \S+)", told))
    assert not named - own, f"cards named on the person's screens that were not theirs: {named - own}"


def _bretagne_at(players: int, seed: int, decisions: int) -> object:
    """A seeded Bretagne game after ``decisions`` random decisions (chance drawn from the same seed)."""
    from bgkit.engine.runtime import runtime_for
    from bgkit.plugins.registry import get_registry

    game = get_registry().load_game("bretagne")
    runtime, rng = runtime_for(game), random.Random(seed)
    state = game.new_state(game.setup(players, rng, {o.name: o.default for o in game.options}))
    made = 0
    while made < decisions or state.is_chance():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            runtime.apply(state, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            runtime.apply(state, rng.choice(runtime.legal_actions(state)))
            made += 1
    return state


def test_bretagne_at_80_columns_keeps_every_table_header_whole():
    """Bretagne's full drawing at 80 columns (as a person's terminal draws it): each table's header
    is one line of whole words (it was ``home/ci`` ``ty/spar`` and ``owner×wor…``)."""
    from rich.console import Console

    from bgkit.terminal.render import never_cut

    state = _bretagne_at(4, 3, 40)
    console = Console(file=io.StringIO(), color_system=None, width=80)
    console.print(never_cut(state.render(state.current_player())))
    lines = [" ".join(line.split()) for line in console.file.getvalue().split("\n")]
    for header in ("site type tile built owner×workers eng fr next level asks", "place barge pts fr eng workers resources cards",
                   "# income per worker workers"):
        assert header in lines, f"no whole header line {header!r}:\n" + "\n".join(lines)


def test_bretagne_parts_show_the_persons_own_position_the_others_and_the_board():
    """``hand`` is the person's own line (their equipment by kind) and where their workers stand;
    ``others`` the other seats, their cards as counts; ``board`` the shared table, no seat's line."""
    state = _bretagne_at(3, 1, 45)
    me = state.current_player()

    def shown(word: str) -> str:
        from rich.console import Console

        console = Console(file=io.StringIO(), color_system=None, width=80)
        console.print(state.render_part(me, word))
        return " ".join(console.file.getvalue().split())

    hand, others, board = shown("hand"), shown("others"), shown("board")
    assert f"P{me + 1} you:" in hand and "equipment" in hand and "hidden" not in hand
    assert f"P{me + 1} workers on lighthouses:" in hand and f"P{me + 1} workers at harbours:" in hand
    assert f"P{me + 1} you" not in others and others.count("hidden") == state.num_players - 1
    assert "Lighthouses" in board and "Harbours" in board and "Blueprints" in board and " you" not in board
    assert state.render_part(me, "nothing") is None


def test_the_table_at_the_end_of_a_game_names_the_players():
    """The game's drawing says P1, P2: the line under it says who they were."""
    from bgkit.testing import run_cli

    shown = run_cli(["play", "goofspiel", "greedy", "random", "--seed", "3"])
    table, seats, scores = shown.stdout.partition("Seats: P1 greedy · P2 random\n")
    assert seats and "P2" in table and "final scores" in scores, shown.stdout


def update(games: list[str]) -> None:
    FOLDER.mkdir(exist_ok=True)
    for game_id, players, width, height in cases():
        if games and game_id not in games:
            continue
        path = golden(game_id, players, width, height)
        text = screen(game_id, players, width, height)
        lines = len(text.split("\n"))
        path.write_text(text)
        print(f"{path.name}: {lines} lines{'  (TOO MANY)' if lines > height else ''}")


if __name__ == "__main__":
    if sys.argv[1:2] != ["--update"]:
        sys.exit("usage: python tests/test_screens.py --update [GAME ...]  (the test is: pytest tests/test_screens.py)")
    update(sys.argv[2:])
