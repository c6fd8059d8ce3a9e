"""The examples a newcomer is pointed at work: the sheets score and the tournament script runs."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bgkit.testing import run_cli

EXAMPLES = Path(__file__).parent.parent / "examples"
SHEETS = sorted((EXAMPLES / "sheets").glob("*.toml"))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_example_sheet_scores(sheet):
    game = sheet.name.split("-")[0]
    result = run_cli(["score", game, sheet, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    scored = json.loads(result.stdout)
    assert scored["game"] == game and scored["players"]


def test_tie_sheet_is_a_shared_win_by_the_book():
    scored = json.loads(run_cli(["score", "goofspiel", EXAMPLES / "sheets" / "goofspiel-3p-tie.toml", "--format", "json"]).stdout)
    assert len(scored["winners"]) == 2 and scored["decided_by"].startswith("shared win")


def test_tournament_script_summarises_a_match(tmp_path):
    env = {**os.environ, "BGKIT": f"{sys.executable} -m bgkit", "PYTHON": sys.executable, "GAMES": "3", "JOBS": "1"}
    done = subprocess.run(
        ["bash", str(EXAMPLES / "scripts" / "tournament.sh"), "goofspiel", "greedy", "random"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "goofspiel: 3 games, seed 7" in done.stdout
    assert "A setup of goofspiel as a script reads it: 2 players, seed 7," in done.stdout
    assert "Decisions per game: 26.0 on average" in done.stdout
