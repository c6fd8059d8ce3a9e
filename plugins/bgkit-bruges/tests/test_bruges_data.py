"""Component data: the shipped tables, the reconstruction's constraints, and --data files."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
import tomli_w

from bgkit.errors import DataError
from bgkit.testing import run_cli
from bgkit_bruges.data import load_components


def shipped_persons() -> dict:
    text = (resources.files("bgkit_bruges") / "data" / "persons.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def write(tmp_path: Path, data: dict, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_confirmed_tables_hold_the_rule_summarys_values():
    comp = load_components()
    assert comp.card_colours == ("red", "yellow", "blue", "brown", "purple")
    assert comp.player_colours == ("red", "yellow", "blue", "green")
    assert len(comp.groups) == 11 and comp.persons_per_group == 15
    assert comp.deck_size == 165 and comp.stacks == 5
    assert comp.statues_bottom_to_top == (2, 3, 4, 5, 6, 7)
    assert comp.start["score"] == 5 and comp.start["guilders"] == 5
    assert comp.start["coins_1"] * 1 + comp.start["coins_3"] * 3 == comp.start["guilders"]
    assert comp.supply["workers_per_colour"] * 5 == 50
    assert comp.supply["threats_per_colour"] * 5 == 45
    assert comp.supply["coins_1"] == 20 and comp.supply["coins_3"] == 24
    assert comp.supply["canal_tokens"] == 40
    assert comp.scoring["majority_marker"] == 4 and comp.scoring["canal_space_points"] == 3
    assert comp.scoring["canal_space"] == 3 and comp.scoring["house"] == 1


def test_every_table_says_where_it_comes_from_and_the_unknown_ones_are_flagged():
    comp = load_components()
    flags = {p.table: p.confirmed for p in comp.provenance}
    assert all(p.source for p in comp.provenance)
    for table in ("card_colours", "groups", "deck", "statues", "start", "supply", "scoring"):
        assert flags[table] is True
    for table in ("persons", "canals", "reputation", "scoring_track"):
        assert flags[table] is False
    assert not comp.own_persons


def test_the_person_reconstruction_follows_every_sourced_constraint():
    comp = load_components()
    persons = comp.persons
    assert [p.id for p in persons] == list(range(1, 166))
    assert len({p.name for p in persons}) == 165
    assert Counter(p.group for p in persons) == {g: 15 for g in comp.groups}
    assert Counter(p.colour for p in persons) == {c: 33 for c in comp.card_colours}
    for group in comp.groups:
        in_group = [p for p in persons if p.group == group]
        assert Counter(p.colour for p in in_group) == {c: 3 for c in comp.card_colours}
    for p in persons:
        assert 0 <= p.price <= 12 and p.price % 3 == 0
        assert p.points * 3 == p.price
        assert p.activation in ("lightning", "worker", "infinity", "laurel")
        assert (p.activation_colour in comp.card_colours) == (p.activation == "worker")
    engraver = next(p for p in persons if p.name == "Engraver")
    assert (engraver.price, engraver.activation) == (9, "laurel")
    names = {p.name for p in persons}
    assert {"King", "Queen", "Nun", "Inquisitor", "Beggar"} <= names


def test_the_reconstructed_canals_use_each_colour_once_per_section():
    comp = load_components()
    assert comp.canal_costs == (1, 2, 3, 4, 5)
    assert [h.number for h in comp.guard_houses] == [1, 2, 3, 4]
    for house in comp.guard_houses:
        assert sorted(house.left) == sorted(comp.card_colours)
        assert sorted(house.right) == sorted(comp.card_colours)
    assert len({(h.left, h.right) for h in comp.guard_houses}) == 4


def test_own_file_replaces_only_the_tables_it_holds(tmp_path):
    data = shipped_persons()
    data["persons"] = {"source": "my copy of the card sheet", "confirmed": True}
    data["person"][0]["points"] = 4
    data["reputation"] = {"source": "my board", "confirmed": True, "points": [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16]}
    comp = load_components(write(tmp_path, data))
    assert comp.own_persons
    assert comp.persons_by_id[1].points == 4
    assert comp.reputation_points[-1] == 16
    assert comp.is_confirmed("persons") and comp.is_confirmed("reputation")
    assert not comp.is_confirmed("canals")  # still the shipped reconstruction
    assert comp.canal_costs == (1, 2, 3, 4, 5)


def test_own_card_list_without_a_provenance_table_is_accepted(tmp_path):
    comp = load_components(write(tmp_path, {"person": shipped_persons()["person"]}))
    assert comp.own_persons and comp.is_confirmed("persons")


def _bad(tmp_path, change) -> str:
    data = {"person": shipped_persons()["person"]}
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(DataError) as info:
        load_components(path)
    assert str(path) in str(info.value)
    return str(info.value)


def test_bad_card_lists_name_the_file_and_the_key(tmp_path):
    def colour(d):
        d["person"][4]["colour"] = "green"

    assert "person[4] (id 5).colour" in _bad(tmp_path, colour)

    def price(d):
        d["person"][7]["price"] = 15

    assert "person[7] (id 8).price: is 15" in _bad(tmp_path, price)

    def short(d):
        d["person"].pop()

    assert "lists 164 persons" in _bad(tmp_path, short)

    def duplicate(d):
        d["person"][3]["id"] = 1

    assert "person[3].id: id 1 is also person[0]" in _bad(tmp_path, duplicate)

    def same_name(d):
        d["person"][3]["name"] = d["person"][2]["name"]

    assert "every person exists once" in _bad(tmp_path, same_name)

    def worker(d):
        person = next(p for p in d["person"] if p["activation"] == "worker")
        del person["activation_colour"]

    assert "activation_colour" in _bad(tmp_path, worker)

    def group(d):
        d["person"][0]["group"] = "Pirate"

    assert "person[0] (id 1).group" in _bad(tmp_path, group)

    def group_size(d):
        d["person"][0]["group"] = "Castle"

    assert "group Noble has 14 persons; every group has 15" in _bad(tmp_path, group_size)

    def unknown_key(d):
        d["person"][0]["vp"] = 3

    assert "person[0].vp: unknown key" in _bad(tmp_path, unknown_key)

    def text_number(d):
        d["person"][0]["points"] = "two"

    assert "must be a whole number" in _bad(tmp_path, text_number)


def test_bad_board_tables_and_unknown_tables(tmp_path):
    def unknown(d):
        d["statues"] = {"bottom_to_top": [1, 2]}

    assert "statues: unknown table" in _bad(tmp_path, unknown)

    def reputation(d):
        d["reputation"] = {"source": "x", "confirmed": True, "points": [1, 2, 3]}

    assert "reputation.points: must list 12 values" in _bad(tmp_path, reputation)

    def canal(d):
        d["canals"] = {
            "source": "x",
            "confirmed": True,
            "costs": [1, 2, 3, 4, 5],
            "guard_house": [{"number": n, "left": ["red"] * 5, "right": ["red"] * 4 + ["pink"]} for n in range(1, 5)],
        }

    assert "canals.guard_house[0].right[4]" in _bad(tmp_path, canal)

    def provenance(d):
        d["reputation"] = {"points": list(range(1, 13))}

    assert "reputation.confirmed: missing" in _bad(tmp_path, provenance)


def test_not_toml_and_empty_files(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("person = [\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_components(broken)
    empty = tmp_path / "empty.toml"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(DataError, match="holds none of the tables"):
        load_components(empty)
    meta_only = write(tmp_path, {"persons": {"source": "x", "confirmed": True}}, "meta.toml")
    with pytest.raises(DataError, match="no \\[\\[person\\]\\] entries"):
        load_components(meta_only)


def test_bad_data_file_is_exit_2_with_one_line(tmp_path):
    data = {"person": shipped_persons()["person"]}
    data["person"][10]["colour"] = "pink"
    path = write(tmp_path, data)
    result = run_cli(["setup", "bruges", "-p", "2", "--seed", "1", "--data", path])
    assert result.exit_code == 2
    assert f"{path}: person[10] (id 11).colour" in result.stderr
    assert "Traceback" not in result.stderr
