"""Corrections at a real table (issue 41): ``undo`` at ``table>``, ``fix`` later, the save that
holds only the corrected game (and resumes), and the layout said before the first question."""

from __future__ import annotations

import io
import json

from rich.console import Console

from bgkit.engine.match import GameLog, QuitRequest
from bgkit.model.game import CHANCE
from bgkit.sessions.build import build_match
from bgkit.sessions.verify import verify_log
from bgkit.testing import get_registry, scripted

OPTIONS = {"boards": "standard", "ruleset": "2011", "start": "random"}


def burgundy_at_the_table(answers, save, log=None):
    """greedy and random at a real table, the table's answers ``answers``, saved to ``save``."""
    game = get_registry().load_game("burgundy")
    console = Console(file=io.StringIO(), width=100)
    match = build_match(game, ["greedy", "random"], ["greedy", "random"], 2, OPTIONS, chance="table", console=console,
                        ask=scripted(answers), save_path=save, log=log)
    try:
        while not match.state.is_terminal():
            match.step()
    except QuitRequest:
        match.save()
    return match, console.file.getvalue()


def entries(match):
    return [text for player, text in match.log.actions if player == CHANCE]


def test_undo_then_fix_leave_only_the_corrected_game_in_the_save_and_it_resumes(tmp_path):
    save = tmp_path / "table.json"
    answers = ["white 3", "dice 5 5", "undo", "dice 2 5", "dice 1 4", "", "fix", "2", "dice 2 6", ""]
    match, screen = burgundy_at_the_table(answers, save)
    assert "taken back: dice 5 5" in screen and "entry 2 corrected to dice 2 6" in screen
    assert entries(match) == ["white 3", "dice 2 6", "dice 1 4"]  # the typo and the wrong value are gone
    assert "Corrected: the game is back where it was." in screen
    saved = GameLog.from_dict(json.loads(save.read_text()))
    assert saved.actions == match.log.actions
    game = get_registry().load_game("burgundy")
    from bgkit.engine.runtime import runtime_for

    verify_log(game, runtime_for(game), saved, str(save))  # BadInput if it did not verify
    resumed, _ = burgundy_at_the_table(["white 6"], save, log=saved)
    assert entries(resumed)[:4] == ["white 3", "dice 2 6", "dice 1 4", "white 6"]


def test_the_bots_decide_again_after_a_fix_and_a_changed_move_says_what_to_take_back(tmp_path):
    answers = ["white 3", "dice 2 5", "dice 1 4", "", "fix", "2", "dice 2 6", ""]
    match, screen = burgundy_at_the_table(answers, tmp_path / "table.json")
    after = screen[screen.index("corrected to dice 2 6"):]
    assert "(as before)" in after and "before: take that back at the table)" in after
    assert "kept from before the correction — table: dice 1 4" in after


def test_a_correction_can_be_left(tmp_path):
    answers = ["white 3", "fix", "", "fix", "1", "", "dice 2 5"]
    match, screen = burgundy_at_the_table(answers, tmp_path / "table.json")
    assert screen.count("nothing corrected") == 2
    assert entries(match) == ["white 3", "dice 2 5"]


def test_undo_with_nothing_typed_yet_says_so(tmp_path):
    match, screen = burgundy_at_the_table(["undo", "white 4"], tmp_path / "table.json")
    assert "nothing typed in at the table yet to take back" in screen
    assert entries(match) == ["white 4"]


def test_the_layout_is_said_before_the_first_question(tmp_path):
    from bgkit.terminal.table import say_layout

    game = get_registry().load_game("burgundy")
    log = GameLog("burgundy", 2, {}, ["human:Me", "greedy"], ["Me", "greedy"], seed=2, options=OPTIONS, chance="table")
    said = []
    from bgkit.engine.setups import make_setup

    log.setup = make_setup(game, 2, 2, OPTIONS)
    for secret, setup_from in ((False, "seed"), (False, "my-table.toml"), (True, "seed")):
        log.setup_from = setup_from
        console = Console(file=io.StringIO(), width=400)
        say_layout(console, game, log, secret)
        said.append(console.file.getvalue())
    seeded, laid_out, secret = said
    assert "bgkit setup burgundy -p 2 --seed 2 --option boards=standard" in seeded
    assert "laid out as my-table.toml says (--setup)" in laid_out
    assert "Lay out the table like this" in secret and "depot" in secret and "--seed" not in secret  # the setup, not the seed
    assert all("--chance table --setup table.toml" in text for text in said)
