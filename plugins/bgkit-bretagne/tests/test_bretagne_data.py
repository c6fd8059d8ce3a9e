"""Component data: the shipped file, its provenance, a person's own file, and clear errors."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from bgkit.api import DataError
from bgkit_bretagne.data import TABLES, load
from bgkit.testing import get_registry, run_cli

RECONSTRUCTED = {"board", "lighthouses", "weather", "blueprints", "barges", "harbours", "production", "equipment"}
CONFIRMED = {"lighthouse_types", "supply", "table", "final_scoring", "exchange", "play"}


def test_shipped_data_loads_with_the_confirmed_counts():
    comp = load()
    assert comp.board.sites == 15 and comp.board.harbours == 9
    assert comp.board.coasts == ("south", "west", "north")
    assert [t.tiles for t in comp.types.values()] == [5, 5, 5]
    assert [t.colour for t in comp.types.values()] == ["blue", "white", "red"]
    assert len(comp.lighthouses) == 15
    assert len(comp.weather) == 6
    assert len(comp.blueprints) == 36 and [s.colour for s in comp.stacks] == ["green", "red", "black"]
    assert len(comp.barges) == 4
    assert len(comp.production) == 6
    assert sum(k.count for k in comp.equipment) == 30
    assert [k.id for k in comp.equipment] == ["furniture", "pier", "siren", "cable_car"]
    assert comp.supply.resources_each == 15 and comp.supply.engineers == 16
    assert comp.supply.worker_cubes == 14 and comp.supply.start_workers == 8


def test_rule_summary_values_are_in_the_confirmed_tables():
    comp = load()
    assert [t.majority_points for t in comp.types.values()] == [3, 5, 7]
    assert [t.extra_resources for t in comp.types.values()] == [0, 1, 2]
    assert comp.final_scoring.pontivy == (4, 2, 1)
    assert comp.final_scoring.harbour == (4, 2, 1, 1)
    assert comp.final_scoring.francs_per_point == 3
    assert comp.table.face_up_blueprints == 4
    assert comp.supply.warehouse_limit == 3
    assert comp.table.three_player_built == (("north", "heaven"), ("south", "purgatory"), ("west", "hell"))
    sunny = next(card for card in comp.weather.values() if card.name == "sunny")
    assert sunny.engineers["purgatory"] == 1  # the rule summary's example
    assert {card.engineers["heaven"] for card in comp.weather.values()} == {1}  # Heaven ignores the weather
    assert [card.name for card in comp.weather.values() if card.storm] == ["storm"]


def test_every_table_says_where_it_comes_from_and_whether_it_is_confirmed():
    comp = load()
    assert set(comp.provenance) == set(TABLES)
    assert set(comp.reconstructed()) == RECONSTRUCTED
    for name, p in comp.provenance.items():
        assert p.source
        if name in RECONSTRUCTED:
            assert "Reconstructed" in p.note, name
    assert {n for n, p in comp.provenance.items() if p.confirmed} == CONFIRMED


def test_a_persons_file_replaces_only_its_tables(shipped_tables, write_data):
    weather = shipped_tables["weather"]
    weather.update(source="my box", confirmed=True)
    del weather["reconstructed"]
    weather["cards"]["W1"]["engineers"]["hell"] = 9
    comp = load(write_data({"weather": weather}))
    assert comp.weather["W1"].engineers["hell"] == 9
    assert comp.provenance["weather"].confirmed and comp.provenance["weather"].source == "my box"
    assert "weather" not in comp.reconstructed()
    assert comp.provenance["lighthouses"].file.endswith("components.toml")
    assert len(comp.blueprints) == 36


def test_game_takes_a_data_file(shipped_tables, write_data):
    production = shipped_tables["production"]
    production["cards"] = {"MINE": {"resources": {"wood": [1, 1, 1]}}}
    game = get_registry().load_game("bretagne", write_data({"production": production}))
    import random

    setup = game.setup(2, random.Random(0), {"start": "random"})
    assert setup["quimper"] == {"card": "MINE", "resources": {"wood": 1}}


def test_a_game_never_gets_the_tables_of_other_components(shipped_tables, write_data):
    """The engine's tables are built once per components object (the core's ``derived``, whose own
    test covers an id that comes back for a new object): a ``--data`` game and the shipped game,
    loaded side by side, each get their own tables (a stale entry once made a shipped game look
    for its Quimper card among a --data file's)."""
    import random

    from bgkit_bretagne import tables as T

    production = shipped_tables["production"]
    production["cards"] = {"MINE": {"resources": {"wood": [1, 1, 1]}}}
    mine = get_registry().load_game("bretagne", write_data({"production": production}))
    assert T.tables(mine.components, 2).prod_ids == ("MINE",)
    shipped = get_registry().load_game("bretagne")
    assert T.tables(shipped.components, 2).prod_ids == tuple(shipped.components.production)
    state = shipped.new_state(shipped.setup(2, random.Random(0), {"start": "1"}))
    assert state.t.prod_ids[state.prod] != "MINE"


SHIPPED = resources.files("bgkit_bretagne").joinpath("data", "components.toml").read_text(encoding="utf-8")


def _line_of(text: str, snippet: str) -> int:
    """The (1-based) line on which ``snippet`` starts in ``text``; it must occur exactly once."""
    assert text.count(snippet) == 1, snippet
    return text[: text.index(snippet)].count("\n") + 1


# Each case edits a copy of the shipped file as a person would (old -> new) and expects the error
# on the line of the edit (or of ``at``), naming the key.
BAD_DATA = [
    ('H1 = { type = "heaven", levels = 3', 'H1 = { type = "heaven", levels = 0', None,
     "lighthouses.tiles.H1.levels: must be at least 1, not 0"),
    ('H1 = { type = "heaven", levels = 3', 'H1 = { type = "heaven", levls = 3', None,
     "lighthouses.tiles.H1.levls: unknown key (known: type, levels, extra)"),
    ('P1 = { type = "purgatory", levels = 3, extra = ["stone"] }', 'P1 = { type = "purgatory", levels = 3, extra = [] }',
     None, "lighthouses.tiles.P1.extra: a purgatory tile asks 1 extra resources, not 0"),
    ('X1 = { type = "hell", levels = 4, extra = ["stone", "stone"] }', 'X1 = { type = "hell", levels = 4, extra = ["stone", "gold"] }',
     None, "lighthouses.tiles.X1.extra: 'gold' is not one of wood, stone, sand, brick"),
    ('H1 = { type = "heaven"', 'H1 = { type = "purgatory"', None,
     "lighthouses.tiles.H1.extra: a purgatory tile asks 1 extra resources, not 0"),
    ('W3 = { name = "cloudy", engineers = { heaven = 1, purgatory = 2, hell = 2 }',
     'W3 = { name = "cloudy", engineers = { heaven = 1 }', None,
     "weather.cards.W3.engineers.purgatory: missing"),
    ('pier = { name = "pier", count = 8, points = { heaven = 1,', 'pier = { name = "pier", count = 8, points = {', None,
     "equipment.kinds.pier.points.heaven: missing"),
    ('hell = 2 }, storm = false }\nW4', 'hell = 2 }, storm = "yes" }\nW4', 'W3 = { name',
     "weather.cards.W3.storm: must be true or false, not 'yes'"),
    ('confirmed = false\nreconstructed = ["names", "engineers"]\nnote = "Reconstructed: the names of the six',
     'confirmed = "no"\nreconstructed = ["names", "engineers"]\nnote = "Reconstructed: the names of the six',
     None, "weather.confirmed: must be true or false, not 'no'"),
    ('G04 = { stack = "green"', 'G04 = { stack = "blue"', None, "blueprints.tiles.G04.stack: must be one of green, red, black, not 'blue'"),
    ('G04 = { stack = "green", cost = { sand = 2 }', 'G04 = { stack = "green", cost = { gold = 2 }', None,
     "blueprints.tiles.G04.cost.gold: unknown key (known: wood, stone, sand, brick)"),
    ("number = 2\n", "number = 5\n", None, "barges.cards[1].number: must be 2: the cards are numbered 1, 2, 3, ... in order"),
    ("capacities = [2, 1, 1]\nfrancs = 1\n", "capacities = [2, 1, 1]\nfrancs = -1\n", "francs = -1", "barges.cards[0].francs: must be at least 0, not -1"),
    ('HS1 = { coast = "south"', 'HS1 = { coast = "east"', None, "harbours.tiles.HS1.coast: must be one of south, west, north, not 'east'"),
    ("Q1 = { resources = { wood = [2, 3, 4]", "Q1 = { resources = { wood = [2, 3]", None,
     "production.cards.Q1.resources.wood: must list 3 values, not 2"),
    ("Q1 = { resources = { wood = [2, 3, 4]", "Q1 = { resources = { wood = [2, 3, 13]", None,
     "production.cards.Q1.resources.wood: puts 13 at Quimper; with Brest's 3 that is more than the 15 wood in the game"),
    ("site_harbour = [1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9]", "site_harbour = [" + ", ".join(["1"] * 15) + "]", None,
     "board.site_harbour: gives site 6 (west) a harbour of another coast"),
    ("site_harbour = [1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9]", "site_harbour = [1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9]",
     None, "board.site_harbour: lists 14 harbours, but the board has 15 sites"),
    ("start_workers = 8", "start_workers = 15", None, "supply.start_workers: 15 is more than the 14 worker_cubes"),
    ("brest_engineers = 3", "brest_engineers = 12", None,
     "table.brest_engineers: Brest and the barges need 20 engineers, but the game has 16"),
    ('three_player_built = { north = "heaven"', 'three_player_built = { east = "heaven"', None,
     "table.three_player_built.east: unknown key (known: south, west, north)"),
    ("pontivy = [4, 2, 1]", "pontivy = []", None, "final_scoring.pontivy: must list at least one value"),
    ('heaven = { name = "Heaven", colour = "blue", tiles = 5', 'heaven = { name = "Heaven", colour = "blue", tiles = 6',
     None, "lighthouse_types.types.heaven.tiles: 6 heaven tiles, but board.site_types has 5 heaven sites"),
    ('"heaven", "purgatory", "heaven", "hell", "purgatory",  # south', '"heaven", "purgatory", "heaven", "hell", "hell",  # south',
     'purgatory = { name = "Purgatory"', "lighthouse_types.types.purgatory.tiles: 5 purgatory tiles, but board.site_types has 4 purgatory sites"),
    ('"heaven", "purgatory", "heaven", "hell", "purgatory",  # south', '"heaven", "purgatory", "heaven", "heaven", "purgatory",  # south',
     "site_types = [", "board.site_types: the south coast has no hell site; every coast needs each type"),
    ('"heaven", "purgatory", "heaven", "hell", "purgatory",  # south', '"heaven", "purgatory", "heaven", "hell", "lava",  # south',
     "site_types = [", "board.site_types: 'lava' is not one of heaven, purgatory, hell"),
    ('"heaven", "purgatory", "heaven", "hell", "purgatory",  # south', '"heaven", "purgatory", "heaven", "hell",  # south',
     "site_types = [", "board.site_types: lists 14 types, but the board has 15 sites"),
]


@pytest.mark.parametrize("old,new,at,problem", BAD_DATA, ids=[case[3].split(":")[0] + "-" + str(i) for i, case in enumerate(BAD_DATA)])
def test_bad_data_names_the_file_line_and_key(tmp_path, old, new, at, problem):
    assert SHIPPED.count(old) == 1, old
    text = SHIPPED.replace(old, new)
    path = tmp_path / "mybox.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(path)
    assert str(err.value) == f"{path}:{_line_of(text, at or new)}: {problem}"


def test_the_same_id_twice_is_a_toml_error_on_its_line(tmp_path):
    text = SHIPPED.replace('H2 = { type = "heaven"', 'H1 = { type = "heaven"')
    path = tmp_path / "twice.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=rf"^{re.escape(str(path))}:{_line_of(text, 'H3 = ') - 1}: not valid TOML"):
        load(path)


def test_a_handwritten_file_with_only_some_entries(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        '[lighthouses]\nsource = "my box"\nconfirmed = true\n\n[lighthouses.tiles]\n'
        + "".join(f'H{i} = {{ type = "heaven", levels = 3, extra = [] }}\n' for i in range(1, 6))
        + "".join(f'P{i} = {{ type = "purgatory", levels = 3, extra = ["sand"] }}\n' for i in range(1, 6))
        + "".join(f'X{i} = {{ type = "hell", levels = 6, extra = ["sand", "sand"] }}\n' for i in range(1, 5)),
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        load(path)
    assert str(err.value) == f"{path}:5: lighthouses.tiles: there are 4 hell tiles, but lighthouse_types says 5"
    with path.open("a", encoding="utf-8") as f:
        f.write('X5 = { type = "hell", levels = 6, extra = ["sand", "sand"] }\n')
    comp = load(path)
    assert comp.lighthouses["X5"].levels == 6 and comp.provenance["lighthouses"].file == str(path)


def test_missing_provenance_is_an_error(shipped_tables, write_data):
    del shipped_tables["weather"]["source"]
    path = write_data({"weather": shipped_tables["weather"]})
    with pytest.raises(DataError) as err:
        load(path)
    assert str(err.value) == f"{path}:1: weather.source: missing"


def test_unknown_table_and_bad_toml(write_data, tmp_path):
    path = write_data({"ships": {"source": "x", "confirmed": True}})
    with pytest.raises(DataError, match=rf"^{re.escape(str(path))}:1: ships: unknown table \(known: board, "):
        load(path)
    broken = tmp_path / "broken.toml"
    broken.write_text('[weather]\nsource = "x"\n[weather\n', encoding="utf-8")
    with pytest.raises(DataError, match=rf"^{re.escape(str(broken))}:3: not valid TOML"):
        load(broken)


@pytest.mark.parametrize(
    "text,problem",
    [
        ('weather = "sunny"\n', "1: weather: must be a table, not 'sunny'"),
        ('[barges]\nsource = "x"\nconfirmed = true\ncards = []\n', "4: barges.cards: must have a card for each of 4 players, not 0"),
    ],
)
def test_tables_of_the_wrong_shape(tmp_path, text, problem):
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(path)
    assert str(err.value) == f"{path}:{problem}"


def test_the_exchange_prices_of_the_summary_are_data():
    comp = load()
    prices = {(t.city, t.id): (t.pay, t.get, t.francs) for t in comp.trades}
    assert prices == {
        ("lorient", "buy_resources"): (3, 2, 0), ("lorient", "buy_equipment"): (3, 2, 0),
        ("lorient", "sell_equipment"): (2, 3, 0), ("lorient", "hire_worker"): (4, 1, 0),
        ("lorient", "card_for_resource"): (1, 1, 1),
        ("brest", "hire_engineer"): (2, 1, 0), ("brest", "buy_resources"): (2, 2, 0),
        ("brest", "sell_resources"): (2, 2, 0), ("brest", "hire_engineer_pair"): (2, 2, 0),
    }
    assert comp.provenance["exchange"].source.startswith("zh-rules L80-L95")
    assert comp.play.return_points == 2 and comp.play.rounds == 5 and comp.barges[2].engineer_discount == 1


def test_an_equipment_kind_without_the_points_of_a_lighthouse_type_is_refused_in_one_line(shipped_tables, write_data):
    """Issue 33: such a file played until the drawing asked for the missing points (KeyError)."""
    del shipped_tables["equipment"]["kinds"]["pier"]["points"]["heaven"]
    path = write_data({"equipment": shipped_tables["equipment"]})
    for args in (["play", "bretagne", "random", "random", "--seed", "1"], ["setup", "bretagne", "-p", "2"]):
        result = run_cli([*args, "--data", path])
        assert result.exit_code == 2 and result.stdout == "", result.stderr
        assert result.stderr.splitlines() == [f"bgkit: error: {path}:{_line_of(path.read_text(), '[equipment.kinds.pier.points]')}: "
                                              "equipment.kinds.pier.points.heaven: missing"]
