"""Component data: the shipped tables, their provenance, a person's own file, and clear errors."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from importlib import resources

import pytest

from bgkit.errors import DataError
from bgkit.testing import run_cli
from bgkit_bluemooncity.data import Reward, load_components

COMPONENTS = load_components()


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


# -- a person's own values -----------------------------------------------------------------------

OWN_LIBRARY = """
[building.library]
name = "Library"
colour = "white"
boxes = [4, 3, 2]
majority = { crystals = 3 }
every = { crystals = 1 }
neighbour = { crystals = 3 }
source = "my own copy"
confirmed = true
"""


def test_own_file_replaces_whole_tables(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(OWN_LIBRARY + '\n[people.mimix]\nname = "Mimix"\ncolour = "brown"\nphase = "contribution"\n'
                    'power_1 = "pair"\npower_2 = "pair"\nvalues = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]\n'
                    'source = "counted my deck"\nconfirmed = true\n')
    own = load_components(path)
    assert own.buildings["library"].boxes == (4, 3, 2) and own.buildings["library"].provenance.confirmed
    assert "building.library" not in own.reconstructed_tables()
    assert Counter(c.value for c in own.deck() if c.people == "mimix") == {1: 4, 2: 4, 3: 2}
    assert own.buildings["mill"] == COMPONENTS.buildings["mill"]  # untouched tables stay shipped
    assert str(path) in own.files


def test_own_unconfirmed_table_counts_as_reconstructed_throughout(tmp_path):
    path = tmp_path / "guess.toml"
    path.write_text(OWN_LIBRARY.replace("confirmed = true", "confirmed = false"))
    library = load_components(path).buildings["library"]
    assert library.provenance.reconstructed == ("boxes", "majority", "every", "neighbour")


def test_an_unconfirmed_single_table_is_allowed(tmp_path):
    path = tmp_path / "obelisk.toml"
    path.write_text('[obelisk]\nvalues = [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]\nsource = "memory"\n'
                    'confirmed = false\nnote = "from memory"\n')
    assert load_components(path).obelisk == COMPONENTS.obelisk


def test_own_file_through_the_cli(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(OWN_LIBRARY)
    shipped = run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "7"]).stdout
    mine = run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "7", "--data", str(path)])
    assert mine.exit_code == 0, mine.stderr
    assert "white ~3-2-2" in shipped and "white 4-3-2" in mine.stdout
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


@pytest.mark.parametrize(
    "text, key",
    [
        ("[building.library\n", "not valid TOML"),
        ("[castle]\nx = 1\n", "castle: unknown table"),
        ("[building.tavern]\nname = 'Tavern'\n", "building.tavern: no such table"),
        (OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = [4, 0, 2]"), "building.library.boxes"),
        (OWN_LIBRARY.replace('name = "Library"\n', ""), "building.library.name: missing"),
        (OWN_LIBRARY.replace("colour = \"white\"", "colour = \"purple\""), "building.library.colour"),
        (OWN_LIBRARY.replace("{ crystals = 3 }", "{ gold = 3 }"), "building.library.majority"),
        (OWN_LIBRARY.replace("{ crystals = 3 }", "{ crystals = -1 }"), "building.library.majority.crystals"),
        (OWN_LIBRARY.replace("confirmed = true", "confirmed = false\nreconstructed = []"), "building.library.confirmed"),
        (OWN_LIBRARY.replace("confirmed = true", 'confirmed = true\nreconstructed = ["boxes"]'), "building.library.confirmed"),
        (OWN_LIBRARY.replace("confirmed = true", 'confirmed = true\nprinted = "yes"'), "building.library.printed"),
        (OWN_LIBRARY.replace('colour = "white"', 'colour = "white"\nposition = "north"'), "position 'north'"),
        (OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = []"), "building.library.boxes"),
        ('[people.khind]\nname = "Khind"\ncolour = "green"\nphase = "contribution"\npower_1 = "w"\npower_2 = "w"\n'
         'values = [1, 1, 1]\nsource = "s"\nconfirmed = true\n', "people.khind.values: a people has 10 cards"),
        ('[player_count.2]\nscales = 99\nofferings_to_win = 6\nobelisk_boxes = 11\nsource = "s"\nconfirmed = true\n',
         "player_count.2.scales"),
        ('[player_count.5]\nscales = 9\n', "player_count.5: no such table"),
        ('[obelisk]\nvalues = [7, "8"]\nsource = "s"\nconfirmed = true\n', "obelisk.values"),
        ('[people.flit]\nname = "Flit"\ncolour = "grey"\nphase = "movement"\ndragon = "purple"\npower_1 = "a"\n'
         'power_2 = "b"\nvalues = [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]\nsource = "s"\nconfirmed = true\n', "people.flit.dragon"),
    ],
)
def test_bad_data_names_the_file_and_the_key(tmp_path, text, key):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load_components(path)
    assert key in str(info.value)
    assert str(info.value).startswith(str(path))


def test_bad_data_through_the_cli_exits_2(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(OWN_LIBRARY.replace("boxes = [4, 3, 2]", "boxes = [4, 3, 2, 2, 2]"))
    for args in (["setup", "bluemooncity", "-p", "3"], ["score", "bluemooncity", "--template", "-p", "3"]):
        result = run_cli(args + ["--data", str(path)])
        assert result.exit_code == 2
        assert f"{path}: building.library.boxes: a tile has at most 4 boxes" in result.stderr
    missing = run_cli(["setup", "bluemooncity", "-p", "3", "--data", str(tmp_path / "nope.toml")])
    assert missing.exit_code == 2 and "no such data file" in missing.stderr


def test_the_games_data_note_matches_the_data():
    from bgkit_bluemooncity.plugin import bgkit_register_games

    infos = []
    bgkit_register_games(infos.append)
    boxes_guessed = [b for b in COMPONENTS.buildings.values() if b.is_reconstructed("boxes")]
    assert len(boxes_guessed) == 14 and "box values of 14 buildings" in infos[0].data_note
    assert all(p.provenance.reconstructed == ("values",) for p in COMPONENTS.peoples.values() if p.id != "khind")
    assert infos[0].data_status == "partly reconstructed"
