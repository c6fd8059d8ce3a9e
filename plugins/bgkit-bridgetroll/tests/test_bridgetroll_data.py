"""Component data: what the rulebook confirms, the labelled reconstruction, own files, clear errors."""

import textwrap
from pathlib import Path

import pytest

from bgkit.api import DataError
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
    assert box.upgrade_pile(6) == tuple(range(13, 0, -1))  # top card first
    assert box.upgrade_pile(3) == tuple(range(15, 0, -1))


def test_reconstruction_is_labelled(box):
    assert set(box.reconstructed_tables()) == {"colours", "upgrade_costs", "weather", "schedules", "travellers"}
    for name in box.reconstructed_tables():
        assert box.provenance[name].note.strip(), name
    for name in ("stones", "victory_points", "trophies", "upgrades"):
        assert box.provenance[name].confirmed, name
    assert box.provenance["colours"].reconstructed == ("blue", "orange")
    assert box.provenance["travellers"].reconstructed == ("counts", "toll", "food", "bonus", "ransom", "goats")


def test_plugin_registers_the_status_of_the_shipped_data(box):
    infos = []
    bgkit_register_games(infos.append)
    (info,) = infos
    assert info.data.status == "partly reconstructed"
    assert {m.table for m in info.data.tables if not m.confirmed} == set(box.reconstructed_tables())
    assert "--data FILE" in info.data.note
    assert (info.min_players, info.max_players) == (3, 6)


def test_data_note_names_every_reconstructed_part():
    """`bgkit games` shows the data note: it must not present a reconstruction as confirmed.

    Of the 4-player schedule card only partly cloudy -> 5 and 2 stones per open bridge are in the
    rulebook (its confirmed_values); its other weather values are reconstructed like the 3-, 5- and
    6-player cards, so every card is listed.
    """
    infos = []
    bgkit_register_games(infos.append)
    note = infos[0].data.note
    for words in (
        "colours (blue, orange)",
        "upgrade_costs",
        "weather",
        "schedules (3 players, 4 players, 5 players, 6 players)",
        "travellers (bonus, counts, food, goats, ransom, toll)",
    ):
        assert words in note, words


def test_an_unconfirmed_table_must_say_which_parts_are_reconstructed(tmp_path):
    path = write(tmp_path, "[colours]\nconfirmed = false\nsource = 's'\nnote = 'n'\nnames = ['a', 'b', 'c', 'd', 'e', 'f']\n")
    with pytest.raises(DataError, match="colours.confirmed: is false: list the reconstructed parts"):
        data.load(path)
    path = write(tmp_path, "[colours]\nconfirmed = false\nsource = 's'\nnote = 'n'\nreconstructed = ['g']\n"
                 "names = ['a', 'b', 'c', 'd', 'e', 'f']\n")
    with pytest.raises(DataError, match="'g' is not one of a, b, c, d, e, f"):
        data.load(path)


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


TRAVELLERS = "[travellers]\nconfirmed = true\nsource = 's'\ndeck_size = 1\n[[travellers.card]]\nkey = 'a'\nname = 'A'\n"

#: (own file, line of the mistake, the message after ``file:line: ``, which names the key)
BAD_FILES = [
    ("[colours\nnames = 1\n", 1, "not valid TOML: Expected ']' at the end of a table declaration"),
    (
        "[colors]\nnames = []\n",
        1,
        "colors: unknown table (known: colours, stones, victory_points, trophies, upgrades, upgrade_costs, "
        "weather, schedules, travellers)",
    ),
    ("[weather]\nconfirmed = false\nsource = 's'\nnote = 'n'\nfaces = ['sun']\n", 5, "weather.faces: must list 6 values, not 1"),
    ("[weather]\nsource = 's'\nfaces = ['a','b','c','d','e','f']\n", 1, "weather.confirmed: missing"),
    (
        "[weather]\nconfirmed = false\nsource = 's'\nfaces = ['a','b','c','d','e','f']\n",
        1,
        "weather.note: missing: a table with confirmed = false must say what is reconstructed",
    ),
    (
        "[weather]\nconfirmed = true\nsource = 's'\nfaces = ['a','b','c','d','e','f']\nsides = 6\n",
        5,
        "weather.sides: unknown key (known: faces)",
    ),
    (
        "[stones]\nconfirmed = true\nsource = 's'\nper_colour = 9\nper_player = 7\npool_per_colour = 3\n",
        6,
        "stones.pool_per_colour: 7 per player + 3 to the pool is more than the 9 stones of a colour",
    ),
    (
        "[stones]\nconfirmed = true\nsource = 's'\nper_colour = 9\nper_player = 6\npool_per_colour = 3\n"
        "extra_pool_colours = { \"2\" = 1 }\n",
        7,
        "stones.extra_pool_colours.2: unknown key (known: 3, 4, 5, 6)",
    ),
    (
        "[stones]\nconfirmed = true\nsource = 's'\nper_colour = 9\nper_player = 6\npool_per_colour = 3\n"
        "extra_pool_colours = { \"3\" = 4 }\n",
        7,
        "stones.extra_pool_colours.3: must be 0..3, not 4",
    ),
    (
        "[upgrade_costs]\nconfirmed = true\nsource = 's'\ncosts = [1, 2]\n",
        4,
        "upgrade_costs.costs: must give 15 costs, one per card of upgrades.values, not 2",
    ),
    (
        "[upgrades]\nconfirmed = true\nsource = 's'\nvalues = [1, 2]\nremoved = { \"6\" = [14] }\n",
        5,
        "upgrades.removed.6: removes [14], not in upgrades.values",
    ),
    (
        "[upgrades]\nconfirmed = true\nsource = 's'\nvalues = [1, 2, 2]\n",
        4,
        "upgrades.values: must list different card values, at least one",
    ),
    (
        "[schedules]\nconfirmed = true\nsource = 's'\n[schedules.3]\ntravellers = { sunny = 1 }\nstones_per_open_player = 1\n",
        5,
        "schedules.3.travellers: must give a number for each weather on the die (sunny, partly cloudy, cloudy, "
        "rainy), not for: sunny",
    ),
    (TRAVELLERS + "kind = 'normal'\ncount = 2\n", 4, "travellers.deck_size: is 1, but the cards' counts add up to 2"),
    (
        TRAVELLERS + "kind = 'special'\neffect = 'fly'\ncount = 1\n",
        9,
        "travellers.card[0].effect: must be one of peek, garlic, jester, miner, messenger, not 'fly'",
    ),
    (TRAVELLERS + "kind = 'normal'\ncount = 1\ntoll = -2\n", 10, "travellers.card[0].toll: must be at least 0, not -2"),
    (TRAVELLERS + "kind = 'hazard'\neffect = 'goat'\ncount = 1\n", 5, "travellers.card[0].stones: missing"),
    (
        TRAVELLERS + "kind = 'hazard'\neffect = 'knight'\ncount = 1\nfood = 2\n",
        11,
        "travellers.card[0].food: a hazard card has no toll, food or bonus",
    ),
    (TRAVELLERS + "kind = 'normal'\ncount = 1\nransom = 3\n", 10, "travellers.card[0].ransom: only royal cards have a ransom"),
    (TRAVELLERS + "kind = 'royal'\ncount = 1\n", 5, "travellers.card[0].ransom: missing"),
    (
        TRAVELLERS + "kind = 'normal'\ncount = 1\ncolour = 'brown'\n",
        10,
        "travellers.card[0].colour: unknown key (known: key, name, name_zh, kind, effect, count, toll, food, bonus, "
        "ransom, stones, reward, damage, confirmed_fields)",
    ),
    (
        TRAVELLERS.replace("deck_size = 1", "deck_size = 2") + "kind = 'normal'\ncount = 1\n"
        "[[travellers.card]]\nkey = 'a'\nname = 'B'\nkind = 'normal'\ncount = 1\n",
        11,
        "travellers.card[1].key: 'a' is the key of an earlier card too",
    ),
]


@pytest.mark.parametrize("text, line, message", BAD_FILES)
def test_bad_data_names_file_line_and_key(tmp_path, text, line, message):
    path = write(tmp_path, text)
    with pytest.raises(DataError) as info:
        data.load(path)
    assert str(info.value) == f"{path}:{line}: {message}"


def test_a_mistake_across_files_names_the_table_it_breaks(tmp_path):
    """New weather faces without new schedules: the shipped schedule card no longer fits the die."""
    path = write(tmp_path, "[weather]\nconfirmed = true\nsource = 's'\nfaces = ['hot', 'hot', 'warm', 'warm', 'cool', 'cold']\n")
    with pytest.raises(DataError) as info:
        data.load(path)
    assert info.value.where.startswith("bgkit_bridgetroll/data/components.toml:")
    assert info.value.message.startswith("schedules.3.travellers: must give a number for each weather on the die (hot, warm")
    line = int(info.value.where.rsplit(":", 1)[1])
    shipped = (Path(data.__file__).parent / "data" / "components.toml").read_text(encoding="utf-8").splitlines()
    assert shipped[line - 1].startswith("travellers = {") and shipped[line - 2] == "[schedules.3]"


def test_empty_own_file_is_refused(tmp_path):
    with pytest.raises(DataError, match="has no tables"):
        data.load(write(tmp_path, "# nothing\n"))
