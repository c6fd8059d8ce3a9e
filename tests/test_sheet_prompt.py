"""The score prompt (`bgkit score GAME` at a terminal): every answer and every rule across fields is
checked as soon as it can be, wrong answers are asked again, fields that do not apply are not
asked, a group of optional fields is skipped with one answer, and a typed sheet is never lost."""

import os
import signal

import pytest

from bgkit.model.errors import BadInput
from bgkit.model.game import Dynamics, GameInfo
from bgkit.model.sheets import Field, ask_sheet, offer_to_save, parse_sheet


class Person:
    """Answers the prompt from a list and records every question (EOFError when out of answers)."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.questions: list[str] = []
        self.said: list[str] = []

    def ask(self, question: str) -> str:
        self.questions.append(question)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def say(self, text: str) -> None:
        self.said.append(text)


def fill(game, players, answers):
    person = Person(answers)
    sheet = ask_sheet(game, players, person.ask, person.say)
    assert not person.answers, f"answers left over: {person.answers}"
    return sheet, person


def test_the_number_of_players_is_asked_again_until_the_game_takes_it(goofspiel):
    sheet, person = fill(goofspiel, None, ["7", "five", "2", "Ada", "13", "Bo", "1"])
    assert sheet.names == ["Ada", "Bo"]
    assert person.questions[:3] == ["Number of players (2-4)"] * 3
    assert any("Goofspiel is for 2-4 players, not 7" in s for s in person.said)
    assert any("must be a whole number, not 'five'" in s for s in person.said)


def test_a_duplicate_name_is_refused_at_once_not_after_every_field(registry):
    burgundy = registry.load_game("burgundy")
    ada = ["Ada", "80", "2", "3", "4", "20", "", ""]  # track .. empty_spaces, turn_position, knowledge
    sheet, person = fill(burgundy, 2, ["", *ada, "Ada", "Bo", "70", "1", "0", "2", "18", "", ""])
    assert sheet.names == ["Ada", "Bo"]
    second = [i for i, q in enumerate(person.questions) if q == "name of player 2 in seat order"]
    assert len(second) == 2 and second[1] == second[0] + 1  # asked again straight away
    assert person.said == ["  two players are called 'Ada'; give player 2 another name"]


def test_a_rule_across_players_is_checked_as_soon_as_it_can_be(goofspiel):
    sheet, person = fill(goofspiel, 3, ["Ada", "13 12", "Bo", "12", "11", "Cy", "1 2"])
    assert sheet.players == [{"prizes": [13, 12]}, {"prizes": [11]}, {"prizes": [1, 2]}]
    at = person.questions.index("Bo · prizes (the prize cards this player won; each 1..13; required)")
    assert person.questions[at + 1] == person.questions[at]  # before Cy is asked for
    assert any("prize card 12 is listed for both Ada and Bo" in s for s in person.said)


def test_burgundy_asks_for_what_a_knowledge_tile_needs_and_only_then(registry):
    burgundy = registry.load_game("burgundy")
    ada = ["Ada", "80", "2", "3", "4", "20", "", ""]  # no knowledge tiles: nothing more is asked
    bo = ["Bo", "70", "1", "0", "2", "18", "", "16 24", "3", "2"]  # warehouses (16), animal species (24)
    sheet, person = fill(burgundy, 2, ["", *ada, *bo])
    assert sheet.players[1]["warehouses"] == 3 and sheet.players[1]["animal_species"] == 2
    asked = [q.split(" (")[0] for q in person.questions]
    assert "Ada · warehouses" not in asked and "Ada · sold_1" not in asked
    assert [q for q in asked if q.startswith("Bo · ")][-2:] == ["Bo · warehouses", "Bo · animal_species"]
    result = burgundy.score_sheet(sheet)
    assert result.totals == [80 + 2 + 3 + 2, 70 + 1 + 0 + 1 + 4 * 3 + 4 * 2]


def test_a_group_a_tile_needs_is_asked_and_can_still_be_skipped_at_once(registry):
    burgundy = registry.load_game("burgundy")
    ada = ["Ada", "80", "2", "3", "4", "20", "", "25", "", "1", "2"]  # knowledge 25: sold goods, one by one
    ada += ["", "", "", ""]  # sold_3 .. sold_6 left at 0
    bo = ["Bo", "70", "1", "0", "2", "18", "", "15", "n"]  # knowledge 15 too, but "n" skips every sold_N
    sheet, person = fill(burgundy, 2, ["", *ada, *bo])
    assert [sheet.players[0][f"sold_{t}"] for t in range(1, 7)] == [1, 2, 0, 0, 0, 0]
    assert all(sheet.players[1][f"sold_{t}"] == 0 for t in range(1, 7))
    gate = [q for q in person.questions if "sold goods" in q]
    assert gate == ["Ada · sold goods: sold_1 … sold_6 (default 0) — Enter asks each, n skips them all",
                    "Bo · sold goods: sold_1 … sold_6 (default 0) — Enter asks each, n skips them all"]
    assert not any(q.startswith("Bo · sold_") for q in person.questions)


class Lunch:
    """A small game for the prompt's own rules: three optional extras in one group."""

    def __init__(self):
        self.info = GameInfo(id="lunch", name="Lunch", min_players=2, max_players=3, spec="nowhere:SPEC",
                             dynamics=Dynamics())

    def sheet_game_fields(self, players):
        return []

    def sheet_fields(self, players):
        return [
            Field("soup", "bowls of soup", maximum=5),
            Field("bread", "slices of bread", maximum=9, default=0, group="extras"),
            Field("cheese", "slices of cheese", maximum=9, default=0, group="extras"),
            Field("olives", "olives", maximum=99, default=0, group="extras"),
        ]

    def check_partial_sheet(self, sheet):
        pass

    def check_sheet(self, sheet):
        pass


def test_the_optional_fields_of_a_group_are_skipped_with_one_keystroke():
    sheet, person = fill(Lunch(), 2, ["Ada", "2", "", "Bo", "1", "y", "3", "", "40"])
    assert sheet.players == [{"soup": 2, "bread": 0, "cheese": 0, "olives": 0},
                             {"soup": 1, "bread": 3, "cheese": 0, "olives": 40}]
    assert "Ada · extras: bread, cheese, olives (default 0) — Enter skips them all, y asks each" in person.questions
    assert not any(q.startswith("Ada · bread") for q in person.questions)


def test_asked_if_needs_a_default():
    with pytest.raises(ValueError, match="asked_if needs a default"):
        Field("gold", "gold", asked_if=lambda values: True)


def test_a_player_count_given_on_the_command_line_is_still_checked(goofspiel):
    with pytest.raises(BadInput, match="not 7"):
        ask_sheet(goofspiel, 7, Person([]).ask, Person([]).say)


# -- saving what was typed -------------------------------------------------------------------------

@pytest.fixture
def typed(goofspiel):
    return parse_sheet(goofspiel, 'game = "goofspiel"\n[[player]]\nname = "Ada"\nprizes = [3]\n'
                                  '[[player]]\nname = "Bo"\nprizes = [1]\n')


def test_a_path_that_cannot_be_written_is_one_line_and_another_is_asked_for(typed, tmp_path, goofspiel):
    existing = tmp_path / "old.toml"
    existing.write_text("keep me")
    target = tmp_path / "new.toml"
    person = Person(["y", "/nonexistent/x.toml", str(tmp_path), str(existing), "", str(existing), "n",
                     str(target)])
    assert offer_to_save(typed, person.ask, person.say, "goofspiel-sheet.toml") == target
    assert person.said[0] == "  cannot save /nonexistent/x.toml: No such file or directory; give another name"
    assert person.said[1] == f"  {tmp_path} is a directory; give a file name"
    assert person.questions.count(f"{existing} exists. Replace it? [y/N]") == 2  # Enter and n both keep it
    assert existing.read_text() == "keep me"
    assert parse_sheet(goofspiel, target.read_text()).players == typed.players


def test_replacing_a_file_is_asked_first(typed, tmp_path):
    existing = tmp_path / "old.toml"
    existing.write_text("keep me")
    person = Person(["", str(existing), "y"])
    offer_to_save(typed, person.ask, person.say, "x.toml")
    assert existing.read_text().startswith("# bgkit score sheet: goofspiel")


def test_a_sheet_not_saved_is_kept_in_a_file_whose_name_is_said(typed, tmp_path, monkeypatch, goofspiel):
    monkeypatch.chdir(tmp_path)
    person = Person(["y", "/nonexistent/x.toml", KeyboardInterrupt()])
    with pytest.raises(KeyboardInterrupt):
        offer_to_save(typed, person.ask, person.say, "x.toml")
    kept = person.said[-1].removeprefix("The sheet is kept in ")
    assert os.path.dirname(kept) == str(tmp_path)
    assert parse_sheet(goofspiel, open(kept).read()).names == ["Ada", "Bo"]


def test_ctrl_c_at_the_prompt_exits_130(tmp_path):
    from bgkit.testing import Terminal

    term = Terminal(["score", "goofspiel", "-p", "2"], tmp_path)
    term.read_until("name of player 1 in seat order")
    interrupt(term)
    assert term.finish() == 130


def interrupt(term, tries: int = 30) -> None:
    """Ctrl-C until the program says it was interrupted: a signal that lands between the prompt's
    text and the start of the read is only noticed at the next one (as when a person presses again)."""
    for _ in range(tries):
        term.proc.send_signal(signal.SIGINT)  # what Ctrl-C sends
        try:
            term.read_until("interrupted", limit=2.0)
            return
        except AssertionError:
            continue
    raise AssertionError("never interrupted")
