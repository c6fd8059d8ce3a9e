"""People at the terminal: a whole game at a real (pseudo-)terminal (an illegal move, undo, save,
quit, resume, to the end); the cards of a real table typed in with ``--chance table``, each private
draw by its owner; two people sharing one screen, handed it in turn."""

from __future__ import annotations

import io
import pty
import random
import re

import pytest
from rich.console import Console

from bgkit.api import QuitRequest
from bgkit.testing import build_match, fits, resumed_to_the_end, saved_game
from bluemooncity_scene import GAME

OPTIONS = {"layout": "standard", "deal": "no", "start": "1"}


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_play_undo_save_quit_resume_and_finish_at_the_terminal(tmp_path):
    term, screen, save = saved_game(tmp_path, ["play", "bluemooncity", "human:Ada", "greedy", "--seed", "3", "--option", "start=1"])
    assert "Turn 1 · order P1 → P2" in screen and "Hand (8):" in screen and "Courtyard" in screen  # the compact table
    assert "P1 you ◀" in screen and "Ada to play (" in screen and "stay" in screen
    assert fits(screen)  # the drawing fits the terminal
    term.refused("go nowhere", "Ada> ")
    term.answer("stay", "Ada> ")
    screen = term.answer("undo", "Ada> ")
    assert "undone: stay" in screen  # and the table again, whole or compact as the room allows
    assert "Blue Moon City — turn 1, order P1 → P2" in screen or "Turn 1 · order P1 → P2" in screen
    assert f"saved to {save}" in " ".join(term.answer("save", "Ada> ").split())
    term.answer("stay", "Ada> ")
    assert [0, "stay"] in term.quit_saved(save)["actions"]

    rng = random.Random(5)

    def reply(screen):
        count = re.findall(r"Ada to play \((\d+) legal action", screen)
        return str(rng.randint(1, int(count[-1]))) if count else "1"

    assert resumed_to_the_end(save, tmp_path, "Ada> ", reply) > 20


class Table:
    """Scripted people: every table prompt typed as the first outcome listed, every decision the one
    a greedy player would make (typed as its text), every hand-over acknowledged; the prompts are kept."""

    def __init__(self, stop):
        from bgkit.testing import GreedyBot
        from bgkit.api import runtime_for

        self.prompts: list[str] = []
        self.stop = stop
        self.match = None
        self.bot = GreedyBot(runtime_for(GAME), 3)

    def __call__(self, prompt: str) -> str:
        from bgkit.api import decision_for

        self.prompts.append(prompt)
        if self.stop(self):
            raise EOFError
        if "press Enter" in prompt:
            return ""
        if prompt.startswith("table>"):
            return "#1"
        state = self.match.state
        player = state.current_player()
        choice = self.bot.choose(decision_for(state, player, state.legal_actions(), self.bot.rng))
        return state.action_text(choice)


def play_until_stopped(match, ask):
    ask.match = match
    with pytest.raises(QuitRequest):
        for _ in range(5000):
            assert not match.state.is_terminal(), "the game ended first"
            match.step()


def test_table_chance_each_private_draw_typed_by_its_owner():
    """Starting cards, cards drawn at the end of a turn, reward cards picked up after it: each typed
    at the table by the one person who may see it, the other looking away."""
    kinds = ("is dealt a starting card", "draws a card at the end of the turn", "picks up a face-down reward card")

    def seen_all(table):
        return all(any(kind in p for p in table.prompts) for kind in kinds)

    ask = Table(seen_all)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    match = build_match(GAME, ["human:Ada", "human:Bo"], ["Ada", "Bo"], 7, OPTIONS, chance="table",
                        console=console, ask=ask)
    play_until_stopped(match, ask)
    owners = {"P1": "P1 Ada", "P2": "P2 Bo"}
    for prompt in ask.prompts:
        for kind in kinds:
            if kind in prompt and "only" in prompt:
                owner = prompt.split()[0]
                assert f"only {owners[owner]} may see it (they type it); the others look away" in prompt
    assert sum("is dealt a starting card" in p for p in ask.prompts) == 16  # 8 each, one by one
    typed = [t for p, t in match.log.actions if p == -1]
    assert len(typed) >= 16 + 2 and all(t.startswith("card ") for t in typed)
    out = console.file.getvalue()
    assert "P1 is dealt a starting card" in out or "what happened at the table" in out


def test_two_people_at_one_screen_are_handed_it_in_turn():
    def two_turns(table):
        return any(p.startswith("Bo, your turn") for p in table.prompts) and table.prompts[-1].startswith("Bo>")

    ask = Table(two_turns)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    match = build_match(GAME, ["human:Ada", "human:Bo"], ["Ada", "Bo"], 2, OPTIONS, console=console, ask=ask)
    play_until_stopped(match, ask)
    handovers = [p for p in ask.prompts if "your turn: the others look away" in p]
    assert handovers[0].startswith("Ada, your turn") and any(p.startswith("Bo, your turn") for p in handovers)
    out = console.file.getvalue()
    # Ada, handed the screen, is told her own cards by name and Bo's only as cards dealt
    assert "chance: P2 is dealt a card" in out and re.search(r"chance: card \w+-\d", out)
    assert "chance: P1 is dealt a card" not in out.split("Bo to play")[0]
