"""Component data: the shipped tables, their provenance, a person's own file, and clear errors."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from importlib import resources

import pytest

from bgkit.api import DataError
from bgkit.testing import run_cli
from bluemooncity_scene import own_library
from bgkit_bluemooncity.data import Reward, load

COMPONENTS = load()


def test_21_tiles_and_51_boxes_by_colour():
    buildings = COMPONENTS.buildings
    assert len(buildings) == 21
    boxes = Counter()
    for b in buildings.values():
        boxes[b.colour] += len(b.boxes)
    # the per-colour box counts read from the rulebook's setup photo
    assert dict(boxes) == {"none": 0, "black": 7, "red": 7, "blue": 7, "grey": 8, "yellow": 8, "brown": 5,
                           "white": 5, "any": 4}
    assert all(2 <= v <= 5 for b in buildings.values() for v in b.boxes)
    assert all(list(b.boxes) == sorted(b.boxes, reverse=True) for b in buildings.values())


def test_fixed_tiles_and_confirmed_values():
    fixed = COMPONENTS.fixed_tiles()
    assert {p: b.id for p, b in fixed.items()} == {
        "centre": "courtyard", "north": "fire_temple", "east": "royal_palace", "south": "earth_temple",
        "west": "water_temple",
    }
    assert fixed["east"].boxes == (5, 4, 4, 3) and fixed["east"].colour == "any"
    assert fixed["north"].boxes == (5, 4, 3) and fixed["north"].colour == "black"
    university = COMPONENTS.buildings["university"]
    # [RB p4] worked example: majority 1 golden scale, every contributor 1 crystal
    assert (university.boxes, university.majority, university.every) == ((5, 2), Reward(scales=1), Reward(crystals=1))
    assert university.provenance.confirmed
    # [RB p4]: Fire Temple gives 3 crystals, Market Hall 2 cards to a completed neighbour
    assert COMPONENTS.buildings["fire_temple"].neighbour == Reward(crystals=3)
    assert COMPONENTS.buildings["market_hall"].neighbour == Reward(cards=2)


def test_reconstructions_are_labelled():
    library = COMPONENTS.buildings["library"]
    assert not library.provenance.confirmed and library.is_reconstructed("boxes")
    assert COMPONENTS.buildings["fire_temple"].is_reconstructed("majority")
    assert not COMPONENTS.buildings["fire_temple"].is_reconstructed("boxes")
    # the rule file rates the sketch-side rewards of all 14 random tiles but University and Thermae
    # C (a best guess), the majority icon included, so no such majority reward passes as confirmed
    majority_guessed = {b.id for b in COMPONENTS.buildings.values() if b.is_reconstructed("majority")}
    assert majority_guessed == set(COMPONENTS.buildings) - {"courtyard", "university", "thermae"}
    assert COMPONENTS.buildings["hospice"].majority == Reward(scales=1)  # the reading is kept as the value
    reconstructed = COMPONENTS.reconstructed_tables()
    assert "building.library" in reconstructed and "people.vulca" in reconstructed
    assert "building.university" not in reconstructed and "people.khind" not in reconstructed
    # every shipped table says where it comes from and whether it is confirmed
    for name in ("table.toml", "buildings.toml", "cards.toml"):
        doc = tomllib.loads((resources.files("bgkit_bluemooncity") / "data" / name).read_text())
        for top, body in doc.items():
            tables = body.values() if top in ("building", "people", "player_count") else [body]
            for table in tables:
                assert table["source"] and isinstance(table["confirmed"], bool)
                if not table["confirmed"]:
                    assert table["note"] and table["reconstructed"]


def test_eighty_cards_ten_per_people():
    deck = COMPONENTS.deck()
    assert len(deck) == 80
    assert Counter(card.people for card in deck) == {p: 10 for p in COMPONENTS.peoples}
    assert {card.value for card in deck} == {1, 2, 3}
    assert all(card.value == 1 for card in deck if card.people == "khind")
    # the colour traps: a black card moves the red dragon, a red card the green one
    assert COMPONENTS.peoples["vulca"].colour == "black" and COMPONENTS.peoples["vulca"].dragon == "red"
    assert COMPONENTS.peoples["terrah"].colour == "red" and COMPONENTS.peoples["terrah"].dragon == "green"


def test_obelisk_and_player_counts():
    assert COMPONENTS.obelisk == (7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12)
    assert [COMPONENTS.count(p).scales for p in (2, 3, 4)] == [9, 12, 15]
    assert [COMPONENTS.count(p).offerings_to_win for p in (2, 3, 4)] == [6, 5, 4]
    assert COMPONENTS.obelisk_in_use(2)[:2] == (7, 7) and len(COMPONENTS.obelisk_in_use(2)) == 11
    # rule summary, components: 15 golden scales, 3 dragons, 10 markers per player (4 x 10 = 40)
    assert COMPONENTS.golden_scales == 15 and len(COMPONENTS.dragons) == 3
    assert COMPONENTS.markers_per_player == 10 and COMPONENTS.hand_size == 8


# -- a person's own values -----------------------------------------------------------------------

OWN_LIBRARY = own_library()


def test_own_file_replaces_whole_tables(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(OWN_LIBRARY + '\n[people.mimix]\nname = "Mimix"\ncolour = "brown"\nphase = "contribution"\n'
                    'power_1 = "pair"\npower_2 = "pair"\nvalues = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]\n'
                    'source = "counted my deck"\nconfirmed = true\n')
    own = load(path)
    assert own.buildings["library"].boxes == (4, 3, 2) and own.buildings["library"].provenance.confirmed
    assert "building.library" not in own.reconstructed_tables()
    assert Counter(c.value for c in own.deck() if c.people == "mimix") == {1: 4, 2: 4, 3: 2}
    assert own.buildings["mill"] == COMPONENTS.buildings["mill"]  # untouched tables stay shipped
    assert own.buildings["library"].provenance.file == str(path)
    assert own.buildings["mill"].provenance.file == "bgkit_bluemooncity/data/buildings.toml"
    assert list(own.buildings) == list(COMPONENTS.buildings)  # a replaced tile keeps its place in the order


def test_own_unconfirmed_table_says_what_is_reconstructed(tmp_path):
    path = tmp_path / "guess.toml"
    path.write_text(OWN_LIBRARY.replace("confirmed = true", 'confirmed = false\nreconstructed = ["boxes"]\nnote = "from memory"'))
    library = load(path).buildings["library"]
    assert library.provenance.reconstructed == ("boxes",) and library.is_reconstructed("boxes")
    assert not library.is_reconstructed("majority")
    assert "building.library" in load(path).reconstructed_tables()


def test_an_unconfirmed_single_table_is_allowed(tmp_path):
    path = tmp_path / "obelisk.toml"
    path.write_text('[obelisk]\nvalues = [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]\nsource = "memory"\n'
                    'confirmed = false\nnote = "from memory"\n')
    assert load(path).obelisk == COMPONENTS.obelisk


def test_own_file_through_the_cli(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(OWN_LIBRARY)
    shipped = run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "7"]).stdout
    mine = run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "7", "--data", str(path)])
    assert mine.exit_code == 0, mine.stderr
    assert "white *3-2-2" in shipped and "white 4-3-2" in mine.stdout
    # the same seed still gives the same city with different values
    as_json = [json.loads(run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "7", "--format", "json"] + extra).stdout)
               for extra in ([], ["--data", str(path)])]
    assert as_json[0]["setup"]["city"] == as_json[1]["setup"]["city"]


def test_own_deck_changes_the_deal_count(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text('[people.vulca]\nname = "Vulca"\ncolour = "black"\nphase = "movement"\ndragon = "red"\n'
                    'power_1 = "fly"\npower_2 = "move"\nvalues = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n'
                    'source = "test"\nconfirmed = true\n')
    args = ["setup", "bluemooncity", "-p", "2", "--count", "--option", "deal=yes", "--format", "json"]
    shipped = json.loads(run_cli(args).stdout)["count"]
    own = json.loads(run_cli(args + ["--data", str(path)]).stdout)["count"]
    assert own != shipped and own > 0


KHIND = ('[people.khind]\nname = "Khind"\ncolour = "green"\nphase = "contribution"\npower_1 = "w"\npower_2 = "w"\n'
         'values = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nsource = "s"\nconfirmed = true\n')
PLAYERS_2 = '[player_count.2]\nscales = 9\nofferings_to_win = 6\nobelisk_boxes = 11\nsource = "s"\nconfirmed = true\n'
FIRE_TEMPLE = ('[building.fire_temple]\nname = "Fire Temple"\ncolour = "black"\nboxes = [5, 4, 3]\nposition = "north"\n'
               'majority = {}\nevery = {}\nneighbour = {}\nsource = "s"\nconfirmed = true\n')
SUPPLY = ('[supply]\nmarkers_per_player = 10\nhand_size = 8\ngolden_scales = 15\ndragons = ["red", "green", "blue"]\n'
          'source = "s"\nconfirmed = true\n')


@pytest.mark.parametrize(
    "text, message",
    [
        ("[building.library\n", "bad.toml:1: not valid TOML: Expected ']' at the end of a table declaration"),
        ("[castle]\nx = 1\n", "bad.toml:1: castle: unknown table (known: obelisk, supply, player_count, building, people)"),
        ("[building.tavern]\nname = 'Tavern'\n", "bad.toml:1: building.tavern: no such entry (known: courtyard,"),
        ("[building]\nlibrary = 3\n", "bad.toml:2: building.library: must be a table"),
        ("obelisk = 3\n", "bad.toml:1: obelisk: must be a table, not 3"),
        # OWN_LIBRARY starts with an empty line: the header is line 2, boxes line 5, confirmed line 10
        (OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = [4, 0, 2]"), "bad.toml:5: building.library.boxes: every value must be 1..9, not 0"),
        (OWN_LIBRARY.replace('name = "Library"\n', ""), "bad.toml:2: building.library.name: missing"),
        (OWN_LIBRARY.replace('colour = "white"', 'colour = "purple"'),
         "bad.toml:4: building.library.colour: must be one of black, blue, brown, green, grey, red, white, yellow, any, none, not 'purple'"),
        (OWN_LIBRARY.replace("{ crystals = 3 }", "{ gold = 3 }"),
         "bad.toml:6: building.library.majority.gold: unknown reward (known: crystals, scales, cards)"),
        (OWN_LIBRARY.replace("{ crystals = 3 }", "{ crystals = -1 }"), "bad.toml:6: building.library.majority.crystals: must be at least 0, not -1"),
        (OWN_LIBRARY.replace("confirmed = true", "confirmed = false\nreconstructed = []"),
         "bad.toml:10: building.library.confirmed: is false: list the reconstructed parts (boxes, majority, every, neighbour)"),
        (OWN_LIBRARY.replace("confirmed = true", 'confirmed = true\nreconstructed = ["boxes"]'),
         "bad.toml:11: building.library.reconstructed: lists parts, but the table says confirmed = true"),
        (OWN_LIBRARY.replace("confirmed = true", 'confirmed = false\nreconstructed = ["roof"]'),
         "bad.toml:11: building.library.reconstructed: 'roof' is not one of boxes, majority, every, neighbour"),
        (OWN_LIBRARY.replace("confirmed = true", 'confirmed = true\nprinted = "yes"'),
         "bad.toml:11: building.library.printed: unknown key (known: name, colour, boxes, position, majority, every, neighbour)"),
        (OWN_LIBRARY.replace('colour = "white"', 'colour = "white"\nposition = "north"'),
         "bad.toml:5: building.library.position: 'north' already holds building.fire_temple"),
        (OWN_LIBRARY.replace('colour = "white"', 'colour = "white"\nposition = "centre"'),
         "bad.toml:5: building.library.position: the centre tile is the courtyard, which has no boxes"),
        (OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = []"),
         "bad.toml:5: building.library.boxes: only a tile of colour 'none' (the courtyard) has no boxes"),
        (OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = [4, 3, 2, 2, 2]"), "bad.toml:5: building.library.boxes: a tile has at most 4 boxes, not 5"),
        (FIRE_TEMPLE.replace('position = "north"\n', ""), "bad.toml: building: no tile has position = 'north'"),
        (KHIND.replace("[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]", "[1, 1, 1]"), "bad.toml:7: people.khind.values: must list 10 values, not 3"),
        (KHIND.replace("[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]", "[1, 1, 1, 1, 1, 1, 1, 1, 1, 4]"),
         "bad.toml:7: people.khind.values: every value must be 1..3, not 4"),
        (KHIND.replace('"green"', '"black"'), "bad.toml:3: people.khind.colour: 'black' is already the card colour of people.vulca"),
        (KHIND.replace('"contribution"', '"building"'), "bad.toml:4: people.khind.phase: must be one of movement, contribution, not 'building'"),
        (KHIND.replace('phase = "contribution"', 'phase = "contribution"\ndragon = "purple"'),
         "bad.toml:5: people.khind.dragon: must be one of red, green, blue, not 'purple'"),
        (PLAYERS_2.replace("scales = 9", "scales = 99"), "bad.toml:2: player_count.2.scales: must be 1..15, not 99"),
        (PLAYERS_2.replace("offerings_to_win = 6", "offerings_to_win = 11"), "bad.toml:3: player_count.2.offerings_to_win: must be 1..10, not 11"),
        (PLAYERS_2.replace("obelisk_boxes = 11", "obelisk_boxes = 14"), "bad.toml:4: player_count.2.obelisk_boxes: must be 1..13, not 14"),
        ("[player_count.5]\nscales = 9\n", "bad.toml:1: player_count.5: no such entry (known: 2, 3, 4)"),
        ('[obelisk]\nvalues = [7, "8"]\nsource = "s"\nconfirmed = true\n', "bad.toml:2: obelisk.values: every value must be a whole number, not '8'"),
        ('[obelisk]\nvalues = [7, 8]\nsource = "s"\nconfirmed = "yes"\n', "bad.toml:4: obelisk.confirmed: must be true or false, not 'yes'"),
        ('[obelisk]\nvalues = [7, 8]\nconfirmed = true\n', "bad.toml:1: obelisk.source: missing"),
        (SUPPLY.replace("hand_size = 8", "hand_size = 30"), "bad.toml:3: supply.hand_size: must be 1..20, not 30"),
        (SUPPLY.replace('["red", "green", "blue"]', '["red", ""]'), "bad.toml:5: supply.dragons: every value must be non-empty text, not ''"),
    ],
)
def test_bad_data_names_the_file_line_and_key(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load(path)
    assert str(info.value).replace(f"{tmp_path}/", "").startswith(message)


def test_bad_data_through_the_cli_exits_2(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = [4, 3, 2, 2, 2]"))
    for args in (["setup", "bluemooncity", "-p", "3"], ["score", "bluemooncity", "--template", "-p", "3"]):
        result = run_cli(args + ["--data", str(path)])
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == f"bgkit: error: {path}:5: building.library.boxes: a tile has at most 4 boxes, not 5\n"
    missing = run_cli(["setup", "bluemooncity", "-p", "3", "--data", str(tmp_path / "nope.toml")])
    assert missing.exit_code == 2 and "no such data file" in missing.stderr


def test_the_games_data_status_comes_from_the_marks_in_the_files():
    from bgkit.testing import get_registry

    status = get_registry().game("bluemooncity").data
    boxes_guessed = [b for b in COMPONENTS.buildings.values() if b.is_reconstructed("boxes")]
    assert len(boxes_guessed) == 14
    assert all(p.provenance.reconstructed == ("values",) for p in COMPONENTS.peoples.values() if p.id != "khind")
    assert status.status == "partly reconstructed"
    # 18 of the 21 tiles (all but courtyard, University, Thermae) and 7 of the 8 peoples carry a reconstruction; the table numbers are all sourced
    assert status.reconstructed == ["building (18 of 21, boxes, every, majority)", "people (7 of 8, values)"]
