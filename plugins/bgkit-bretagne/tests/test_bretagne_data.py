"""Component data: the shipped file, its provenance, a person's own file, and clear errors."""

from __future__ import annotations

import pytest

from bgkit.errors import DataError
from bgkit_bretagne.data import TABLES, load_components
from bgkit_bretagne.game import Bretagne

RECONSTRUCTED = {"board", "lighthouses", "weather", "blueprints", "barges", "harbours", "production", "equipment"}
CONFIRMED = {"lighthouse_types", "supply", "table", "final_scoring"}


def test_shipped_data_loads_with_the_confirmed_counts():
    comps = load_components()
    assert comps.board.sites == 15 and comps.board.harbours == 9
    assert comps.board.coasts == ("south", "west", "north")
    assert [t.tiles for t in comps.types.values()] == [5, 5, 5]
    assert [t.colour for t in comps.types.values()] == ["blue", "white", "red"]
    assert len(comps.lighthouses) == 15
    assert len(comps.weather) == 6
    assert len(comps.blueprints) == 36 and [s.colour for s in comps.stacks] == ["green", "red", "black"]
    assert len(comps.barges) == 4
    assert len(comps.production) == 6
    assert sum(k.count for k in comps.equipment) == 30
    assert [k.id for k in comps.equipment] == ["furniture", "pier", "siren", "cable_car"]
    assert comps.supply.resources_each == 15 and comps.supply.engineers == 16
    assert comps.supply.worker_cubes == 14 and comps.supply.start_workers == 8


def test_rule_summary_values_are_in_the_confirmed_tables():
    comps = load_components()
    assert [t.majority_points for t in comps.types.values()] == [3, 5, 7]
    assert [t.extra_resources for t in comps.types.values()] == [0, 1, 2]
    assert comps.final_scoring.pontivy == (4, 2, 1)
    assert comps.final_scoring.harbour == (4, 2, 1, 1)
    assert comps.final_scoring.francs_per_point == 3
    assert comps.table.face_up_blueprints == 4
    assert comps.supply.warehouse_limit == 3
    assert comps.table.three_player_built == (("north", "heaven"), ("south", "purgatory"), ("west", "hell"))
    sunny = next(card for card in comps.weather.values() if card.name == "sunny")
    assert sunny.engineers["purgatory"] == 1  # the rule summary's example
    assert {card.engineers["heaven"] for card in comps.weather.values()} == {1}  # Heaven ignores the weather
    assert [card.name for card in comps.weather.values() if card.storm] == ["storm"]


def test_every_table_says_where_it_comes_from_and_whether_it_is_confirmed():
    comps = load_components()
    assert set(comps.provenance) == set(TABLES)
    assert set(comps.reconstructed()) == RECONSTRUCTED
    for name, p in comps.provenance.items():
        assert p.source
        if name in RECONSTRUCTED:
            assert "Reconstructed" in p.note, name
    assert {n for n, p in comps.provenance.items() if p.confirmed} == CONFIRMED


def test_a_persons_file_replaces_only_its_tables(shipped_tables, write_data):
    weather = shipped_tables["weather"]
    weather.update(source="my box", confirmed=True)
    weather["cards"][0]["engineers"]["hell"] = 9
    comps = load_components(write_data({"weather": weather}))
    assert comps.weather["W1"].engineers["hell"] == 9
    assert comps.provenance["weather"].confirmed and comps.provenance["weather"].source == "my box"
    assert "weather" not in comps.reconstructed()
    assert comps.provenance["lighthouses"].file.endswith("components.toml")
    assert len(comps.blueprints) == 36


def test_game_takes_a_data_file(shipped_tables, write_data):
    production = shipped_tables["production"]
    production["cards"] = [{"id": "MINE", "resources": {"wood": [1, 1, 1]}}]
    game = Bretagne(data=write_data({"production": production}))
    import random

    setup = game.setup(2, random.Random(0), {"start": "random"})
    assert setup["quimper"] == {"card": "MINE", "resources": {"wood": 1}}


def _mutate(tables, path, value):
    target = tables
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@pytest.mark.parametrize(
    "table,path,value,message",
    [
        ("lighthouses", ("tiles", 0, "levels"), 0, "lighthouses.tiles[0].levels is 0, but must be at least 1"),
        ("lighthouses", ("tiles", 5, "extra"), [], "lighthouses.tiles[5]: a purgatory tile asks 1 extra resources, not 0"),
        ("lighthouses", ("tiles", 10, "extra"), ["stone", "gold"], "lighthouses.tiles[10].extra has 'gold'"),
        ("lighthouses", ("tiles", 1, "id"), "H1", "lighthouses.tiles[1]: id 'H1' appears twice"),
        ("lighthouses", ("tiles", 0, "type"), "purgatory", "lighthouses.tiles[0]: a purgatory tile asks 1"),
        ("weather", ("cards", 2, "engineers"), {"heaven": 1}, "weather.cards[2]: engineers must give a number"),
        ("weather", ("cards", 2, "storm"), "yes", "weather.cards[2].storm must be true or false"),
        ("weather", ("confirmed",), "no", "weather.confirmed must be true or false"),
        ("blueprints", ("tiles", 3, "stack"), "blue", "blueprints.tiles[3]: stack is 'blue'"),
        ("blueprints", ("tiles", 3, "cost"), {"gold": 1}, "blueprints.tiles[3].cost has unknown key 'gold'"),
        ("barges", ("cards", 1, "number"), 5, "barges: cards must be numbered 1, 2, 3"),
        ("barges", ("cards", 0, "francs"), -1, "barges.cards[0].francs is -1"),
        ("harbours", ("tiles", 0, "coast"), "east", "harbours.tiles[0]: coast is 'east'"),
        ("production", ("cards", 0, "resources", "wood"), [2, 3], "production.cards[0].resources: wood must list"),
        ("production", ("cards", 0, "resources", "wood"), [2, 3, 13], "card Q1 puts 13 wood at Quimper"),
        ("board", ("site_harbour",), [1] * 15, "site 6 (west) a harbour of another coast"),
        ("board", ("site_harbour",), [1] * 14, "site_harbour lists 14 harbours, but the board has 15 sites"),
        ("supply", ("start_workers",), 15, "supply: start_workers (15) exceeds worker_cubes (14)"),
        ("table", ("brest_engineers",), 12, "Brest and the barges need 20 engineers, but the game has 16"),
        ("final_scoring", ("pontivy",), [], "final_scoring.pontivy must be a non-empty list"),
        ("lighthouse_types", ("types", 0, "tiles"), 6, "the types have 16 tiles, but the board has 15 sites"),
    ],
)
def test_bad_data_names_the_file_and_the_key(shipped_tables, write_data, table, path, value, message):
    _mutate(shipped_tables[table], path, value)
    data_file = write_data({table: shipped_tables[table]}, "mybox.toml")
    with pytest.raises(DataError) as err:
        load_components(data_file)
    assert message in str(err.value)
    assert str(err.value).startswith(str(data_file) + ": ")


def test_missing_provenance_is_an_error(shipped_tables, write_data):
    del shipped_tables["weather"]["source"]
    with pytest.raises(DataError, match="weather.source is missing"):
        load_components(write_data({"weather": shipped_tables["weather"]}))


def test_unknown_table_and_bad_toml(write_data, tmp_path):
    with pytest.raises(DataError, match=r"unknown table \[ships\]"):
        load_components(write_data({"ships": {"source": "x", "confirmed": True}}))
    broken = tmp_path / "broken.toml"
    broken.write_text("[weather\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML") as err:
        load_components(broken)
    assert str(broken) in str(err.value)


def test_a_table_that_is_not_a_table(tmp_path):
    path = tmp_path / "flat.toml"
    path.write_text('weather = "sunny"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"weather must be a table"):
        load_components(path)
