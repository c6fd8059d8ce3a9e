"""Same seed, same game: the games recorded in golden/games.json (made with golden_games.py from
the commit before the legal-action generator was rewritten for speed) are played again, and
every log and every legal-action list offered on the way (order included) must be the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golden_games import play

GOLDEN = json.loads((Path(__file__).parent / "golden" / "games.json").read_text())


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: f"{r['label']}-seed{r['seed']}")
def test_the_same_seed_plays_the_same_game(burgundy, record):
    again = play(burgundy, record["players"], record["seat"], record["seed"], record["options"])
    assert again["knowledge_5_ships"] == 0  # the game never meets the one deliberate rule change
    assert again["offered"] == record["offered"], "the legal actions offered differ (or their order)"
    assert again["log"] == record["log"] and again["actions"] == record["actions"]
    assert again["scores"] == record["scores"]
