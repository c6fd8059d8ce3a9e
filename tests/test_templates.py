"""An untouched `bgkit score GAME --template -p N` either scores or says which fields to fill in first,
for every installed game at every player count."""

import pytest

from bgkit.model.errors import BadInput
from bgkit.plugins.registry import get_registry, reset_registry
from bgkit.model.sheets import parse_sheet, template
from bgkit.testing import run_cli


def _games_and_counts():
    reset_registry()
    registry = get_registry()
    return [(gid, n) for gid, info in registry.games.items() for n in range(info.min_players, info.max_players + 1)]


@pytest.mark.parametrize("game_id, players", _games_and_counts())
def test_an_untouched_template_scores_or_says_what_to_fill_in(registry, game_id, players):
    game = registry.load_game(game_id)
    try:
        sheet = parse_sheet(game, template(game, players), "t.toml")
    except BadInput as exc:
        assert "this is the template as written: fill in " in str(exc), str(exc)
        return
    assert len(game.score_sheet(sheet).totals) == players


def test_the_fields_to_fill_in_are_named(tmp_path):
    written = run_cli(["score", "bluemooncity", "--template", "-p", "3"]).stdout
    (tmp_path / "t.toml").write_text(written)
    result = run_cli(["score", "bluemooncity", tmp_path / "t.toml"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"bgkit: error: {tmp_path / 't.toml'}:7: this is the template as written: fill in ended_by, and offerings "
        "and crystals for each player first (as it stands: ended_by is 'offerings' but nobody made 5 offerings "
        "(the target with 3 players); say 'buildings' or 'markers', or correct the offerings)"
    )


def test_a_template_once_touched_gets_the_usual_error(registry):
    game = registry.load_game("bretagne")
    text = template(game, 2).replace("track = 0", "track = 40", 1)
    with pytest.raises(BadInput) as exc:
        parse_sheet(game, text, "t.toml")
    assert "template" not in str(exc.value) and "Pontivy place 1 is listed for both" in str(exc.value)
