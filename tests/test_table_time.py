"""A bot at a table with people answers within a declared time, shows it is thinking, and never
holds up Ctrl-C."""

import io
import json
import os
import pty
import signal

import pytest

from bgkit.bots.greedy import GreedyBot
from bgkit.bots.mcts import MctsBot
from bgkit.bots.table import TABLE_SECONDS, seat_at_table
from bgkit.engine.runtime import runtime_for
from bgkit.testing import Terminal, run_cli


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_searching_bot_at_a_table_gets_the_tables_time_unless_it_gave_its_own(goofspiel):
    runtime = runtime_for(goofspiel)
    default, own, greedy = MctsBot(runtime, 1), MctsBot(runtime, 1, seconds="5"), GreedyBot(runtime, 1)
    for bot, name in ((default, "P1 mcts"), (own, "P2 mcts"), (greedy, "P3 greedy")):
        bot.name = name
    seat_at_table([default, own, greedy], FakeTerminal())
    assert (default.seconds, default.iterations) == (TABLE_SECONDS, 400)  # whichever ends first
    assert own.seconds == 5
    assert not hasattr(greedy, "seconds")  # it answers at once anyway


def test_the_progress_line_is_drawn_on_a_terminal_only_and_erased_after(goofspiel):
    runtime = runtime_for(goofspiel)
    state = goofspiel.new_state({"players": 2, "deck": 13})
    state.apply(13)
    from bgkit.engine.match import decision_for

    for stream, drawn in ((FakeTerminal(), True), (io.StringIO(), False)):
        bot = MctsBot(runtime, 1, iterations="300")
        bot.name = "P1 mcts"
        seat_at_table([bot], stream)
        bot.choose(decision_for(state, 0, runtime.legal_actions(state), bot.rng))
        shown = stream.getvalue()
        if drawn:
            assert "P1 mcts thinks (at most 2 s) [" in shown
            assert shown.endswith("\r") and shown.rsplit("\r", 2)[-2].strip() == ""  # then blanked out
        else:
            assert shown == ""


def test_play_help_says_how_long_a_bot_thinks_at_a_table():
    result = run_cli(["play", "--help"])
    assert f"at most {TABLE_SECONDS:g} s a move" in " ".join(result.stdout.split())


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_ctrl_c_while_the_bot_thinks_at_a_table_saves_and_resumes(tmp_path):
    """``bgkit play burgundy human mcts``: Ctrl-C while MCTS thinks (its progress line showing)
    stops the game at once, with no traceback; the save resumes where it stopped."""
    save = tmp_path / "game.json"
    term = Terminal(["play", "burgundy", "human:Ada", "mcts", "--seed", "3", "--save", save], tmp_path, columns=140)
    while True:
        term.read_until("Ada> ", "mcts thinks (at most 2 s)")
        if term.last_found != "Ada> ":
            break
        term.type("1")  # Ada's first legal action, until the bot is thinking
    os.kill(term.proc.pid, signal.SIGINT)
    after = term.read_until("Resume with: bgkit play --resume")
    assert term.finish() == 130
    assert "Traceback" not in after and "KeyboardInterrupt" not in after
    played = json.loads(save.read_text())["actions"]

    term = Terminal(["play", "--resume", save], tmp_path, columns=140)
    term.read_until(f"after {len(played)} actions")
    term.read_until("Ada> ")  # the bot thinks again, then it is Ada's turn
    term.type("quit")
    term.read_until("Resume with: bgkit play --resume")
    assert term.finish() == 0
    resumed = json.loads(save.read_text())["actions"]
    assert resumed[: len(played)] == played and len(resumed) > len(played)
