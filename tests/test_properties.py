"""Property tests: any seed plays through every installed game; ranking and sheets hold their laws."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bgkit.plugins.registry import get_registry
from bgkit.model.ranking import TieBreak, rank
from bgkit.model.sheets import dump_sheet, parse_sheet, sheet_from_data
from bgkit.testing import check_conformance

PLAYABLE = sorted(info.id for info in get_registry().games.values() if info.playable)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**40), data=st.data())
def test_any_seed_plays_through(game_id, seed, data):
    info = get_registry().games[game_id]
    players = data.draw(st.integers(info.min_players, info.max_players))
    check_conformance(game_id, players, games=1, seed=seed, check_every=29)


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 3)), min_size=1, max_size=6))
def test_ranking_laws(rows):
    totals = [t for t, _ in rows]
    tb = TieBreak("x", [x for _, x in rows])
    ranks, winners, decided = rank(totals, [tb])
    assert winners and all(ranks[w] == 1 for w in winners)
    for i in range(len(rows)):
        for j in range(len(rows)):
            if (totals[i], tb.values[i]) > (totals[j], tb.values[j]):
                assert ranks[i] < ranks[j]
            if (totals[i], tb.values[i]) == (totals[j], tb.values[j]):
                assert ranks[i] == ranks[j]
    assert (len(winners) > 1) == decided.startswith("shared")


@given(st.permutations(list(range(1, 14))), st.lists(st.integers(0, 3), min_size=13, max_size=13), st.integers(2, 4))
def test_goofspiel_sheets_total_the_prizes_and_round_trip(prizes, owners, players):
    game = get_registry().load_game("goofspiel")
    won = [[p for p, o in zip(prizes, owners) if o % players == seat] for seat in range(players)]
    data = {"game": "goofspiel", "player": [{"name": f"P{i}", "prizes": w} for i, w in enumerate(won)]}
    sheet = sheet_from_data(game, data)
    result = game.score_sheet(sheet)
    assert result.totals == [float(sum(w)) for w in won]
    assert sum(result.totals) == 91
    assert parse_sheet(game, dump_sheet(sheet)).players == sheet.players
