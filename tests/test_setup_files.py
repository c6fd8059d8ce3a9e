"""`bgkit play GAME SEATS... --setup FILE`: a setup a person edited to the real table either plays or
is refused before play in one line, exit 2, naming the file, the line and the field (the core's
rules here: shape, list lengths, fixed fields, the seat schema, JSON lines, options given twice)."""

import json

import pytest

from bgkit.engine.setups import JsonLines
from bgkit.testing import assert_setup_refused as refused, edited_setup as setup_file, run_cli
from bgkit.testing import play_setup as play


# -- the seat schema, for every game --------------------------------------------------------------------

GAMES = [("goofspiel", 2), ("burgundy", 2), ("bruges", 2), ("bretagne", 2), ("bluemooncity", 2), ("bridgetroll", 3)]


@pytest.mark.parametrize("game, players", GAMES + [("bretagne", 3), ("bruges", 3)])  # every game's own tests edit theirs
def test_an_unedited_setup_plays(tmp_path, game, players):
    path = setup_file(tmp_path, game, players)
    result = play(game, players, path)
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("game, players", GAMES)
@pytest.mark.parametrize("field", ["seats", "turn_order"])
def test_no_seats_or_no_turn_order_is_refused(tmp_path, game, players, field):
    path = setup_file(tmp_path, game, players, lambda s: s.update({field: []}))
    refused(play(game, players, path), path, f"setup.{field}", "lists 0 items, but", f"lays out {players} here")


@pytest.mark.parametrize("game, players", GAMES)
def test_a_start_player_not_at_the_table_is_refused(tmp_path, game, players):
    path = setup_file(tmp_path, game, players, lambda s: s.update(start_player=9))
    refused(play(game, players, path), path, "setup.start_player", f"is 9, but the seats are 1-{players}")


@pytest.mark.parametrize("game, players", GAMES)
def test_a_start_player_that_contradicts_the_turn_order_is_refused(tmp_path, game, players):
    path = setup_file(tmp_path, game, players, lambda s: s.update(start_player=s["start_player"] % players + 1))
    refused(play(game, players, path), path, "setup.turn_order", "but play goes clockwise from start_player")


@pytest.mark.parametrize("game, players", GAMES)
def test_a_new_start_player_with_the_turn_order_from_them_plays(tmp_path, game, players):
    def edit(setup):
        start = setup["start_player"] % players + 1
        setup.update(start_player=start, turn_order=[(start - 1 + i) % players + 1 for i in range(players)])
        for index, row in enumerate(setup["seats"]):  # the seats' own copy of their place, where a game keeps one
            for field in ("turn_order", "position"):
                if field in row:
                    row[field] = setup["turn_order"].index(index + 1) + 1
            if game == "burgundy":
                row["workers"] = row["position"]

    path = setup_file(tmp_path, game, players, edit)
    result = play(game, players, path)
    assert result.exit_code == 0, result.stderr


def test_seats_out_of_order_are_refused(tmp_path):
    path = setup_file(tmp_path, "goofspiel", 2, lambda s: s["seats"].reverse())
    refused(play("goofspiel", 2, path), path, "setup.seats.0.seat", "is 2, but the seats are numbered 1-2 in order")


@pytest.mark.parametrize("game, players", [("burgundy", 2), ("bretagne", 2), ("bridgetroll", 3), ("goofspiel", 2)])
def test_a_player_count_in_the_setup_other_than_the_seats_is_refused(tmp_path, game, players):
    """Bridge Troll read players = 1000000 and failed in play with a KeyError."""
    path = setup_file(tmp_path, game, players, lambda s: s.update(players=1000000))
    refused(play(game, players, path), path, "setup.players", f"is 1000000, but {players} seats were given")


# -- fixed fields and list lengths ----------------------------------------------------------------------


def test_a_field_the_options_fix_is_refused_with_what_they_make_it(tmp_path):
    """Goofspiel's deck is the deck option (13, 8 or 5): a deck of 1000000 hung the game."""
    path = setup_file(tmp_path, "goofspiel", 2, lambda s: s.update(deck=1000000))
    refused(play("goofspiel", 2, path), path, "setup.deck", "is 1000000, but Goofspiel's rules make it 13 with these players and options")


def test_the_option_itself_changes_the_fixed_field(tmp_path):
    path = setup_file(tmp_path, "goofspiel", 2, options=["deck=5"])
    result = play("goofspiel", 2, path)
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["options"] == {"deck": "5"} and record["decisions"] == 2 * 5  # 5 bids each


def test_a_list_of_another_length_than_the_game_lays_out_is_refused(tmp_path):
    path = setup_file(tmp_path, "burgundy", 2, lambda s: s.update(depots=[]))
    refused(play("burgundy", 2, path), path, "setup.depots", "lists 0 items, but The Castles of Burgundy lays out 6 here")


def test_a_list_the_game_declares_free_may_be_shorter(tmp_path):
    """Bridge Troll's upgrade pile may be short of a lost card (ANY_LENGTH)."""
    path = setup_file(tmp_path, "bridgetroll", 3, lambda s: s["upgrade_pile"].pop())
    assert play("bridgetroll", 3, path).exit_code == 0


def test_a_type_error_still_names_the_field(tmp_path):
    path = setup_file(tmp_path, "goofspiel", 2, lambda s: s.update(deck="five"))
    refused(play("goofspiel", 2, path), path, "setup.deck", "must be a whole number, not 'five'")


# -- where: file and line, TOML and JSON ----------------------------------------------------------------


def test_toml_errors_name_the_line_of_the_field(tmp_path):
    path = setup_file(tmp_path, "goofspiel", 2, lambda t: t.replace("start_player = 1", "start_player = 9"), fmt="toml")
    text = refused(play("goofspiel", 2, path), path, "setup.start_player")
    line = int(text.split(f"{path}:")[1].split(":")[0])
    assert path.read_text().splitlines()[line - 1] == "start_player = 9"


def test_json_errors_name_the_line_of_the_field(tmp_path):
    path = setup_file(tmp_path, "goofspiel", 2, lambda s: s.update(deck=-1))
    text = refused(play("goofspiel", 2, path), path, "setup.deck", "is -1")
    line = int(text.split(f"{path}:")[1].split(":")[0])
    assert path.read_text().splitlines()[line - 1].strip() == '"deck": -1,'


def test_json_lines_of_keys_and_items():
    text = '{\n "a": [\n  1,\n  {"b": "x\\n"}\n ],\n "c": {}\n}'
    lines = JsonLines(text)
    assert [lines.line_of("a"), lines.line_of("a", 0), lines.line_of("a", 1, "b"), lines.line_of("c")] == [2, 3, 4, 6]
    assert lines.line_of("a", 7) == 2 and lines.line_of("nowhere") is None  # the nearest enclosing one


# -- options --------------------------------------------------------------------------------------------


def test_an_option_given_twice_is_refused():
    result = run_cli(["setup", "goofspiel", "-p", "2", "--option", "deck=5", "--option", "deck=8"])
    assert result.exit_code == 2 and result.stderr.strip() == "bgkit: error: option deck given twice"
    result = run_cli(["play", "goofspiel", "random", "random", "--option", "deck=5", "--option", "deck = 5"])
    assert result.exit_code == 2 and "option deck given twice" in result.stderr


# -- every game's declarations fit every setup it makes ----------------------------------------------------


def _every_setup_kind():
    from bgkit.plugins.registry import get_registry, reset_registry

    reset_registry()
    for game_id, info in get_registry().games.items():
        for players in range(info.min_players, info.max_players + 1):
            yield game_id, players


@pytest.mark.parametrize("game_id, players", list(_every_setup_kind()))
def test_every_setup_a_game_makes_passes_its_own_checks_whatever_the_seed(registry, game_id, players):
    """FIXED fields and list lengths must not depend on the seed: a file without one is checked
    against the setup of seed 0. And the game's check_setup takes every setup its randomiser makes."""
    import itertools

    from bgkit.engine.setups import check_laid_out, make_setup

    game = registry.load_game(game_id)
    declared = {name: set(game.setup_declared(name)) for name in ("FIXED", "ANY_LENGTH", "ANY_KEYS")}  # a spec's or a setup module's
    for combo in itertools.product(*[[(o.name, c) for c in o.choices] for o in game.options]):
        options = dict(combo)
        if int(options.get("start", "1").replace("random", "1")) > players:
            continue
        reference = make_setup(game, players, 0, options)
        for seed in (1, 2, 3):
            setup = make_setup(game, players, seed, options)
            check_laid_out(game, setup, reference, players)
            game.check_setup(setup)
            for path in _paths(setup):  # every declared field is one of the setup's (no typo)
                for patterns in declared.values():
                    patterns.difference_update({p for p in list(patterns) if _matches(p, path)})
    assert declared == {"FIXED": set(), "ANY_LENGTH": set(), "ANY_KEYS": set()}


def _paths(value, path=()):
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(item, path + (key,))


def _matches(pattern, path):
    parts = pattern.split(".")
    return len(parts) == len(path) and all(a in ("*", str(b)) for a, b in zip(parts, path))
