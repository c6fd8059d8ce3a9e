"""The prompts keep what their help promises, and the help fits the terminal (issue 41)."""

import io

from rich.console import Console

from bgkit.cli.play import build_match
from bgkit.engine.match import QuitRequest
from bgkit.engine.setups import parse_options
from bgkit.testing import scripted


def test_table_takes_a_unique_prefix_with_the_first_word_left_out(registry):
    """Bridge Troll at the table: 'goat_s' is 'draw goat_small', as CHANCE_HELP says."""
    game = registry.load_game("bridgetroll")
    console = Console(file=io.StringIO(), width=80)
    typed: list[str] = []

    def table(prompt: str) -> str:  # the people at the table: the first outcome listed, goat_s once
        state = match.state
        texts = [state.action_text(outcome) for outcome, _ in state.chance_outcomes()]
        if "goat_s" in typed:  # asked again: goat_s was refused
            raise EOFError
        if "draw goat_small" in texts and not any(text == "draw goat_small" for _, text in match.log.actions):
            typed.append("goat_s")
            return "goat_s"
        return texts[0]

    match = build_match(game, ["random"] * 3, ["a", "b", "c"], 1, parse_options(game, []), chance="table",
                        console=console, ask=table)
    try:
        while "goat_s" not in typed or match.log.actions[-1][1] != "draw goat_small":
            match.step()
            assert len(match.log.actions) < 400
    except QuitRequest:
        raise AssertionError("goat_s was refused: " + console.file.getvalue()[-300:]) from None
    assert match.log.actions[-1][1] == "draw goat_small"
    assert "not a possible outcome" not in console.file.getvalue()


def test_the_prompt_help_wraps_under_its_command(goofspiel, tmp_path):
    console = Console(file=io.StringIO(), width=60)
    match = build_match(goofspiel, ["human:Ada", "random"], ["Ada", "random"], 3, {"deck": "5"},
                        console=console, ask=scripted(["?", "bid 3"]), save_path=tmp_path / "save.json")
    match.step()  # the prize
    match.step()  # Ada asks for help, then bids
    assert match.log.actions[-1] == [0, "bid 3"]
    lines = console.file.getvalue().splitlines()
    assert all(len(line) <= 60 for line in lines)
    full = next(i for i, line in enumerate(lines) if line.startswith("full "))
    under = " " * lines[full].index("the full drawing")
    assert lines[full + 1].startswith(under + "compact one"), lines[full:full + 2]  # under its words, not at the margin
