"""Component data: what the rulebook confirms, the labelled reconstruction, own files, clear errors."""

import textwrap

import pytest

from bgkit.errors import DataError
from bgkit_bridgetroll import data
from bgkit_bridgetroll.plugin import bgkit_register_games


@pytest.fixture(scope="module")
def box():
    return data.load()


def write(tmp_path, text, name="mine.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_counts_from_the_component_list(box):
    assert len(box.deck()) == box.deck_size == 53
    assert len(box.colours) == 6 and box.stones_per_colour * len(box.colours) == 54
    assert box.upgrades == tuple(range(1, 16))
    assert box.trophies == ("1st", "2nd", "3rd", "4th", "5th", "6th")
    assert len(box.weather_faces) == 6
    assert box.start_vp == 5 and box.trophy_bonus == 1 and box.vp_denominations == (1, 5)


def test_rulebook_card_examples(box):
    bard, priest, princess = box.traveller("bard"), box.traveller("priest"), box.traveller("princess")
    assert (bard.toll, bard.food) == (5, 3)  # example 4
    assert priest.toll == 6  # example 5
    assert princess.food == 5 and princess.kind == "royal"  # example 5
    assert {"toll", "food"} <= set(bard.confirmed_fields) and "toll" in priest.confirmed_fields
    assert "food" in princess.confirmed_fields and "ransom" not in princess.confirmed_fields


def test_rulebook_four_player_schedule_example(box):
    card = box.schedules[4]
    assert card.travellers["partly cloudy"] == 5  # example 2
    assert card.stones_per_open_player == 2  # examples 3 and 6
    assert set(card.confirmed_values) == {"partly cloudy", "stones_per_open_player"}
    assert all(not box.schedules[n].confirmed_values for n in (3, 5, 6))


def test_five_special_kinds_and_the_hazards(box):
    specials = {c.effect for c in box.travellers if c.kind == "special"}
    assert specials == {"peek", "garlic", "jester", "miner", "messenger"}
    hazards = {c.effect for c in box.travellers if c.kind == "hazard"}
    assert hazards == {"knight", "bandit", "dragon", "goat"}
    assert {c.key for c in box.travellers if c.kind == "royal"} == {"princess", "duke", "baron"}


def test_stones_by_player_count(box):
    # 6 own each + 3 of each colour in play; with 3 players also all 9 of a fourth colour
    assert [box.pool_size(n) for n in (3, 4, 5, 6)] == [18, 12, 15, 18]
    assert [box.stones_in_play(n) for n in (3, 4, 5, 6)] == [36, 36, 45, 54]
    assert box.upgrades_in_play(6) == tuple(range(1, 14))
    assert box.upgrades_in_play(5) == tuple(range(1, 16))


def test_reconstruction_is_labelled(box):
    assert set(box.reconstructed_tables()) == {"colours", "upgrade_costs", "weather", "schedules", "travellers"}
    for name in box.reconstructed_tables():
        assert box.provenance[name].note.strip(), name
    for name in ("stones", "victory_points", "trophies", "upgrades"):
        assert box.provenance[name].confirmed, name
    assert box.status() == "partly reconstructed"


def test_plugin_registers_the_status_of_the_shipped_data(box):
    infos = []
    bgkit_register_games(infos.append)
    (info,) = infos
    assert info.data_status == box.status()
    assert "--data FILE" in info.data_note
    assert (info.min_players, info.max_players) == (3, 6)


def test_own_file_replaces_only_its_tables(tmp_path, box):
    path = write(
        tmp_path,
        """
        [upgrade_costs]
        confirmed = true
        source = "my rulebook, page 10"
        costs = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
        """,
    )
    mine = data.load(path)
    assert mine.upgrade_costs[1] == 2 and mine.upgrade_costs[15] == 16
    assert mine.travellers == box.travellers and mine.schedules[4] == box.schedules[4]
    assert mine.provenance["upgrade_costs"].file == str(path)
    assert "upgrade_costs" not in mine.reconstructed_tables()


def test_own_travellers_change_the_deck(tmp_path):
    path = write(
        tmp_path,
        """
        [travellers]
        confirmed = true
        source = "my box"
        deck_size = 3
        [[travellers.card]]
        key = "bard"
        name = "Bard"
        kind = "normal"
        count = 2
        toll = 5
        food = 3
        [[travellers.card]]
        key = "knight"
        name = "Knight"
        kind = "hazard"
        effect = "knight"
        count = 1
        """,
    )
    mine = data.load(path)
    assert mine.deck() == ["bard", "bard", "knight"]


BAD_FILES = [
    ("[colours\nnames = 1\n", "not valid TOML", 1),
    ("[colors]\nnames = []\n", "unknown table [colors]", 1),
    ("[weather]\nconfirmed = false\nsource = 's'\nnote = 'n'\nfaces = ['sun']\n", "weather.faces has 1 entries", 5),
    ("[weather]\nsource = 's'\nfaces = ['a','b','c','d','e','f']\n", "weather.confirmed must be true or false", 1),
    ("[weather]\nconfirmed = false\nsource = 's'\nfaces = ['a','b','c','d','e','f']\n", "note must say what is reconstructed", 1),
    (
        "[stones]\nconfirmed = true\nsource = 's'\nper_colour = 9\nper_player = 7\npool_per_colour = 3\n",
        "more than the 9 stones",
        6,
    ),
    ("[upgrade_costs]\nconfirmed = true\nsource = 's'\ncosts = [1, 2]\n", "upgrade_costs.costs must be 15", 4),
    (
        "[upgrades]\nconfirmed = true\nsource = 's'\nvalues = [1, 2]\nremoved = { \"6\" = [14] }\n",
        "upgrades.removed for 6 players",
        5,
    ),
    (
        "[upgrades]\nconfirmed = true\nsource = 's'\nvalues = [1, 2, 2]\n",
        "upgrades.values must be a list of different",
        4,
    ),
    (
        "[schedules]\nconfirmed = true\nsource = 's'\n[schedules.3]\ntravellers = { sunny = 1 }\nstones_per_open_player = 1\n",
        "schedules.3.travellers must give a number for each weather",
        5,
    ),
    (
        "[travellers]\nconfirmed = true\nsource = 's'\ndeck_size = 2\n[[travellers.card]]\nkey = 'a'\nname = 'A'\n"
        "kind = 'normal'\ncount = 1\n",
        "add up to 1, but travellers.deck_size is 2",
        4,
    ),
    (
        "[travellers]\nconfirmed = true\nsource = 's'\ndeck_size = 1\n[[travellers.card]]\nkey = 'a'\nname = 'A'\n"
        "kind = 'special'\neffect = 'fly'\ncount = 1\n",
        "needs an effect, one of peek",
        9,
    ),
    (
        "[travellers]\nconfirmed = true\nsource = 's'\ndeck_size = 1\n[[travellers.card]]\nkey = 'a'\nname = 'A'\n"
        "kind = 'normal'\ncount = 1\ntoll = -2\n",
        "toll must be a whole number of at least 0",
        10,
    ),
    (
        "[travellers]\nconfirmed = true\nsource = 's'\ndeck_size = 1\n[[travellers.card]]\nkey = 'a'\nname = 'A'\n"
        "kind = 'hazard'\neffect = 'goat'\ncount = 1\n",
        "a Billy Goat needs stones, reward, damage",
        5,
    ),
    (
        "[travellers]\nconfirmed = true\nsource = 's'\ndeck_size = 1\n[[travellers.card]]\nkey = 'a'\nname = 'A'\n"
        "kind = 'normal'\ncount = 1\ncolour = 'brown'\n",
        "unknown key 'colour'",
        10,
    ),
]


@pytest.mark.parametrize("text, words, line", BAD_FILES)
def test_bad_data_names_file_line_and_key(tmp_path, text, words, line):
    path = write(tmp_path, text)
    with pytest.raises(DataError) as info:
        data.load(path)
    assert words in info.value.message
    assert info.value.where == f"{path}:{line}"


def test_empty_own_file_is_refused(tmp_path):
    with pytest.raises(DataError, match="none of the tables"):
        data.load(write(tmp_path, "# nothing\n"))

