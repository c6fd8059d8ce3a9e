"""The building blocks of the game contract: seats, decks as counts, the pending stack, outcomes,
data status from the files' own marks, cross-player sheet checks, and `bgkit games GAME`."""

import json
import random
import tomllib
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgkit.model.cards import Deck, resample
from bgkit.model.components import data_status, scan_marks
from bgkit.model.errors import BadInput, SheetError
from bgkit.model.game import Dynamics, GameInfo
from bgkit.model.pending import Pending
from bgkit.plugins.registry import get_registry
from bgkit.model.ranking import TieBreak, outcome_of
from bgkit.model.seats import clockwise, draw_start, seat_document, start_factor, start_option
from bgkit.model.sheets import Sheet, check_in_all, check_one_of_each
from bgkit.testing import run_cli

# -- seats -------------------------------------------------------------------------------------------


def test_start_option_is_spelled_the_same_for_every_game():
    assert start_option(4).choices == ("random", "1", "2", "3", "4")
    for info in get_registry().games.values():
        options = {o.name: o for o in get_registry().load_game(info.id).options}
        if "start" in options:
            assert options["start"].choices == start_option(info.max_players).choices, info.id


def test_draw_start_draws_once_or_takes_the_named_seat():
    rng = random.Random(3)
    expected = random.Random(3).randrange(4)
    assert draw_start(4, rng, {"start": "random"}) == expected
    assert draw_start(4, random.Random(3), {"start": "2"}) == 1
    with pytest.raises(BadInput, match="option start=4, but there are only 3 players"):
        draw_start(3, rng, {"start": "4"})
    assert start_factor(4, {"start": "random"}) == 4 and start_factor(4, {"start": "1"}) == 1


def test_seat_document_numbers_seats_and_starts_the_turn_order_with_the_start_player():
    doc = seat_document([{"colour": "red"}, {"colour": "blue"}, {"colour": "green"}], 2)
    assert doc == {
        "seats": [{"seat": 1, "colour": "red"}, {"seat": 2, "colour": "blue"}, {"seat": 3, "colour": "green"}],
        "start_player": 3,
        "turn_order": [3, 1, 2],
    }
    assert clockwise(4, 1) == [1, 2, 3, 0]


# -- decks as counts -----------------------------------------------------------------------------------


def test_a_draw_is_a_chance_event_over_the_cards_present():
    deck = Deck.of([0, 0, 2, 3], kinds=4)
    assert deck.outcomes() == [(0, 0.5), (2, 0.25), (3, 0.25)]
    assert deck.outcomes(lambda card: card >= 2) == [(2, 0.5), (3, 0.5)]
    deck.draw(0)
    assert len(deck) == 3 and deck.counts == [1, 0, 1, 1]
    with pytest.raises(ValueError):
        deck.draw(1)


def test_discards_are_reshuffled_into_the_deck_and_a_card_put_back_counts_again():
    deck, discards = Deck([1, 0, 0]), Deck([0, 2, 1])
    discards.move_all_to(deck)
    assert deck.counts == [1, 2, 1] and len(deck) == 4 and not discards
    deck.put(2)  # the goat shuffled back in at a random place: order is not kept, so just counted
    assert deck.counts == [1, 2, 2] and Deck.from_list(deck.to_list()) == deck
    with pytest.raises(ValueError):
        Deck.from_list([1, -1])


deals = st.lists(st.lists(st.integers(0, 5), max_size=8), min_size=1, max_size=4)


@settings(max_examples=80, deadline=None)
@given(deals, st.integers(0, 2**32))
def test_resample_keeps_sizes_backs_and_cards_and_depends_only_on_the_pool(places, seed):
    decks = [Deck.of(cards, kinds=6) for cards in places]
    back = lambda card: card % 2  # noqa: E731 - two public backs
    dealt = resample(decks, random.Random(seed), back)
    assert sorted(c for d in dealt for c in d.cards()) == sorted(c for d in decks for c in d.cards())
    for before, after in zip(decks, dealt):
        assert [back(c) for c in sorted(before.cards(), key=back)] == [back(c) for c in sorted(after.cards(), key=back)]
    # the same pool held differently (same sizes and backs per place) gives the same sample
    again = resample(dealt, random.Random(seed), back)
    assert [d.counts for d in again] == [d.counts for d in resample(decks, random.Random(seed), back)]


# -- the pending stack -----------------------------------------------------------------------------------


def test_pending_frames_stack_and_round_trip():
    pending = Pending()
    assert not pending and pending.top() is None
    pending.push("pay", "blue", 5)
    pending.push("pick", (1, 2))
    assert pending.top() == ("pick", (1, 2)) and len(pending) == 2
    copy = pending.clone()
    pending.replace_top("pick", (2,))
    assert copy.top() == ("pick", (1, 2))
    assert Pending.from_list(json.loads(json.dumps(pending.to_list()))) == pending
    assert pending.pop() == ("pick", (2,)) and pending.top() == ("pay", "blue", 5)


# -- outcomes -------------------------------------------------------------------------------------------


def test_outcome_applies_tie_breaks_and_rewards_share_of_opponents_beaten():
    outcome = outcome_of([10, 10, 4], [TieBreak("coins", [1, 3, 0])])
    assert outcome.ranks == (2, 1, 3) and outcome.winners == (1,) and outcome.decided_by == "tie-break: coins"
    assert outcome.rewards() == [0.5, 1.0, 0.0]
    shared = outcome_of([5, 5, 5])
    assert shared.winners == (0, 1, 2) and shared.rewards() == [0.5, 0.5, 0.5]


# -- data status from the files' own marks ----------------------------------------------------------------


def shipped_files():
    for info in sorted(get_registry().games.values(), key=lambda i: i.id):
        folder = resources.files(info.package).joinpath("data")
        if folder.is_dir():
            for f in sorted(folder.iterdir(), key=lambda f: f.name):
                if f.name.endswith(".toml"):
                    yield info.package, f


@pytest.mark.parametrize("package, path", list(shipped_files()), ids=lambda v: getattr(v, "name", v))
def test_the_mark_scanner_agrees_with_the_full_reader(package, path):
    assert_scanner_agrees(path.read_text(encoding="utf-8"), path.name)


def test_the_mark_scanner_reads_every_way_toml_writes_a_mark():
    """Marks as a person may write them: literal strings, escapes, comments after a value, lists
    over several lines with a trailing comma, spaces before a key (JSON reads some, tomllib the rest)."""
    assert_scanner_agrees(
        "[a]\nconfirmed = true\nsource = 'C:\\box\\rules.pdf' # the literal string keeps backslashes\n"
        "[b.c]\n  confirmed = false  # indented, a comment\n  reconstructed = [\n    \"x\",\n    'y',\n  ]\n"
        "  source = \"caf\\u00e9 \\\"quoted\\\" \\t tab\"\n"
        "[d]\nconfirmed=false\nreconstructed=[\"one\"]\nsource=\"\"\n",
        "tricky.toml",
    )


def assert_scanner_agrees(text, name):
    expected = []

    def walk(body, trail):
        if isinstance(body, dict):
            if isinstance(body.get("confirmed"), bool):
                expected.append((".".join(trail), body["confirmed"], tuple(body.get("reconstructed", ())), body.get("source", "")))
            for key, value in body.items():
                walk(value, trail + (key,))

    walk(tomllib.loads(text), ())
    found = [(m.table, m.confirmed, m.reconstructed, m.source) for m in scan_marks(text, name)]
    assert sorted(found) == sorted(expected)


def test_data_status_says_what_is_reconstructed():
    status = data_status("bgkit_burgundy")
    assert status.status == "partly reconstructed"
    assert status.reconstructed == ["boards (2 of 9, rows)"]
    assert data_status("bgkit_goofspiel").status == "no data" and data_status("bgkit_goofspiel").note == ""  # nothing to confirm


# -- registration --------------------------------------------------------------------------------------------


def test_gameinfo_fields_are_checked_when_built():
    with pytest.raises(TypeError, match="GameInfo.min_players must be int"):
        GameInfo("x", "X", "2", 4, "pkg:SPEC")
    with pytest.raises(TypeError, match="GameInfo.dynamics must be Dynamics"):
        GameInfo("x", "X", 2, 4, "pkg:SPEC", dynamics={"chance": True})
    assert Dynamics(chance=True).words()[0] == "chance events (dice, draws)"


def test_a_registration_that_fails_half_way_registers_nothing(registry):
    class Half:
        @staticmethod
        def bgkit_register_games(register):
            register(GameInfo("halfway", "Halfway", 2, 2, "bgkit_goofspiel.spec:SPEC"))
            raise RuntimeError("then it broke")

    from bgkit.plugins.hookspecs import hookimpl

    Half.bgkit_register_games = hookimpl(Half.bgkit_register_games)
    registry.register(Half, name="half")
    assert "halfway" not in registry.games
    assert json.loads(run_cli(["games", "--format", "json"]).stdout)  # everyone else still listed


# -- cross-player sheet checks --------------------------------------------------------------------------------


def sheet(*lists):
    return Sheet("g", [f"P{i}" for i in range(len(lists))], [{"cards": list(c), "n": len(c)} for c in lists])


def test_one_of_each_and_in_all_have_one_wording():
    check_one_of_each(sheet([1, 2], [3]), "cards", "card")
    with pytest.raises(SheetError, match=r"card 2 is listed for both P0 and P1 \(there is one of each\)") as exc:
        check_one_of_each(sheet([1, 2], [2]), "cards", "card")
    assert (exc.value.field, exc.value.player) == ("cards", 1)
    with pytest.raises(SheetError, match="card 1 is listed twice for P0"):
        check_one_of_each(sheet([1, 1]), "cards", "card")
    with pytest.raises(SheetError, match=r"the players hold 5 cards in all, but there are only 4 \(one deck\)") as exc:
        check_in_all(sheet([1, 2], [3, 4, 5]), [2, 3], 4, "cards", "n", "one deck")
    assert exc.value.player == 1


# -- bgkit games GAME -----------------------------------------------------------------------------------------


def test_games_game_shows_dynamics_options_data_and_sheet():
    out = run_cli(["games", "burgundy"]).stdout
    assert "dynamics: chance events (dice, draws), hidden information, one decider at a time" in out
    assert "ruleset" in out and "2011, 2019" in out
    assert "boards.8" in out and "track_points" in out
    doc = json.loads(run_cli(["games", "goofspiel", "--format", "json"]).stdout)
    assert doc["dynamics"] == {"chance": True, "hidden": True, "sealed": True, "no_winner": False}
    assert doc["options"][0]["name"] == "deck" and doc["sheet"]["player"][0]["name"] == "prizes"
    unknown = run_cli(["games", "nosuch"])
    assert unknown.exit_code == 2 and "unknown game 'nosuch'" in unknown.stderr


def test_games_lists_data_status_derived_from_the_files():
    rows = {row["id"]: row for row in json.loads(run_cli(["games", "--format", "json"]).stdout)}
    assert rows["burgundy"]["data_status"] == "partly reconstructed"
    assert rows["burgundy"]["reconstructed"] == ["boards (2 of 9, rows)"]
    assert rows["goofspiel"]["version"] == "1.0.0"  # from the distribution


def test_a_name_with_markup_is_printed_literally(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('game = "goofspiel"\n[[player]]\nname = "[/bold]"\nprizes = [3]\n[[player]]\nname = "Bo\\u001b]0;x"\nprizes = [1]\n')
    result = run_cli(["score", "goofspiel", path])
    assert result.exit_code == 0 and "[/bold]" in result.stdout and "\x1b" not in result.stdout
