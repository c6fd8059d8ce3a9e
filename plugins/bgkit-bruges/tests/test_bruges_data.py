"""Component data: the shipped tables, the reconstruction's constraints, and --data files."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
import tomli_w

from bgkit.api import DataError
from bgkit.testing import run_cli
from bgkit_bruges.data import load


def shipped_persons() -> dict:
    text = (resources.files("bgkit_bruges") / "data" / "persons.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def write(tmp_path: Path, data: dict, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_confirmed_tables_hold_the_rule_summarys_values():
    comp = load()
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
    comp = load()
    flags = {table: p.confirmed for table, p in comp.provenance.items()}
    assert all(p.source and p.file.startswith("bgkit_bruges/data/") for p in comp.provenance.values())
    for table in ("card_colours", "player_colours", "groups", "deck", "statues", "start", "supply", "canal_costs",
                  "scoring"):
        assert flags[table] is True
    for table in ("persons", "canals", "reputation", "scoring_track"):
        assert flags[table] is False
    # RS phase 3 D prints the canal costs (pay the number on the space, 1-5); only the colours are unknown
    assert comp.provenance["canals"].reconstructed == ("colours",)
    assert "RS phase 3 D" in comp.provenance["canal_costs"].source
    assert comp.provenance["persons"].reconstructed[:2] == ("names", "colours")
    assert not comp.own_persons


def test_the_person_reconstruction_follows_every_sourced_constraint():
    comp = load()
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
    # YE gives the revised Engraver's price and "1 point per group"; its icon is not confirmed anywhere
    note = next(p for p in shipped_persons()["person"] if p["name"] == "Engraver")["note"]
    assert "laurel icon, group and colour are reconstructed" in note
    names = {p.name for p in persons}
    assert {"King", "Queen", "Nun", "Inquisitor", "Beggar"} <= names


def test_the_reconstructed_canals_use_each_colour_once_per_section():
    comp = load()
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
    comp = load(write(tmp_path, data))
    assert comp.own_persons
    assert comp.persons_by_id[1].points == 4
    assert comp.reputation_points[-1] == 16
    assert comp.is_confirmed("persons") and comp.is_confirmed("reputation")
    assert not comp.is_confirmed("canals")  # still the shipped reconstruction
    assert comp.canal_costs == (1, 2, 3, 4, 5)


def test_own_card_list_without_a_provenance_table_is_accepted(tmp_path):
    path = write(tmp_path, {"person": shipped_persons()["person"]})
    comp = load(path)
    assert comp.own_persons and comp.is_confirmed("persons")
    assert comp.provenance["persons"].source == f"your own card list ({path})"
    assert comp.provenance["persons"].file == str(path)


def line_of(text: str, line: str, nth: int = 1) -> int:
    """The 1-based number of the ``nth`` line of ``text`` that reads exactly ``line``."""
    numbers = [n for n, content in enumerate(text.splitlines(), start=1) if content == line]
    return numbers[nth - 1]


def _bad(tmp_path, change) -> tuple[str, Path, str]:
    """Load the shipped card list changed by ``change``: the error, the file and its text."""
    data = {"person": shipped_persons()["person"]}
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(DataError) as info:
        load(path)
    return str(info.value), path, path.read_text(encoding="utf-8")


COLOURS = "red, yellow, blue, brown, purple"


def _set(index: int, key: str, value):
    def change(d):
        d["person"][index][key] = value

    return change


@pytest.mark.parametrize(
    "change, line, message",
    [
        (_set(4, "colour", "green"), ('colour = "green"', 1),
         f"person[4].colour: must be one of {COLOURS}, not 'green'"),
        (_set(7, "price", 15), ("price = 15", 1), "person[7].price: must be 0..12, not 15"),
        (_set(9, "points", 5), ("points = 5", 1), "person[9].points: must be 0..4, not 5"),
        (_set(3, "id", 1), ("id = 1", 2), "person[3].id: 1 is also the id of person[0]"),
        (_set(3, "name", "Noble 3"), ('name = "Noble 3"', 2),
         "person[3].name: 'Noble 3' is also person[2]; every person exists once"),
        (_set(0, "group", "Pirate"), ('group = "Pirate"', 1),
         "person[0].group: must be one of Noble, Entertainer, Craftsman, Church, Protector, Scholar, "
         "Bureaucrat, Merchant, Castle, Artist, Underworld, not 'Pirate'"),
        (_set(0, "activation", "dice"), ('activation = "dice"', 1),
         "person[0].activation: must be one of lightning, worker, infinity, laurel, not 'dice'"),
        (_set(0, "activation_colour", "red"), ('activation_colour = "red"', 1),
         "person[0].activation_colour: only worker-activated persons have one (this one is lightning)"),
        (_set(0, "vp", 3), ("vp = 3", 1),
         "person[0].vp: unknown key (known: id, name, colour, price, points, activation, activation_colour, "
         "infinity, group, effect, ability, note)"),
        (_set(0, "points", "two"), ('points = "two"', 1), "person[0].points: must be a whole number, not 'two'"),
        (_set(0, "ability", 3), ("ability = 3", 1), "person[0].ability: must be text, not 3"),
    ],
)
def test_bad_card_lists_name_the_file_line_and_key(tmp_path, change, line, message):
    error, path, text = _bad(tmp_path, change)
    assert error == f"{path}:{line_of(text, *line)}: {message}"


def test_a_worker_person_without_its_colour_names_the_person(tmp_path):
    def worker(d):
        del d["person"][1]["activation_colour"]  # id 2 is worker-activated

    error, path, text = _bad(tmp_path, worker)
    assert error == (f"{path}:{line_of(text, '[[person]]', 2)}: person[1].activation_colour: missing: a "
                     f"worker-activated person needs the worker colour, one of {COLOURS}")


def test_card_counts_are_checked(tmp_path):
    def short(d):
        d["person"].pop()

    error, path, _ = _bad(tmp_path, short)
    assert error == f"{path}:1: person: lists 164 persons; Bruges has 165, each once"

    def group_size(d):
        d["person"][0]["group"] = "Castle"  # Noble 14, Castle 16: the 16th Castle person is the extra one

    error, path, text = _bad(tmp_path, group_size)
    lines = text.splitlines()
    castle = lines.index('group = "Castle"', lines.index("id = 135")) + 1  # person[134]'s own group
    assert error == (f"{path}:{castle}: person[134].group: Castle has 16 "
                     "persons, Noble 14; every group has 15")


def test_bad_board_tables_and_unknown_tables(tmp_path):
    def statues(d):
        d["statues"] = {"bottom_to_top": [1, 2]}

    error, path, text = _bad(tmp_path, statues)
    assert error == (f"{path}:{line_of(text, '[statues]')}: statues: confirmed by the sources, cannot be "
                     "replaced; a data file may hold person, persons, reputation, canals, scoring_track")

    def typo(d):
        d["reputaton"] = {"points": [1]}

    error, path, text = _bad(tmp_path, typo)
    assert error.startswith(f"{path}:{line_of(text, '[reputaton]')}: reputaton: unknown table (known: ")

    def reputation(d):
        d["reputation"] = {"source": "x", "confirmed": True, "points": [1, 2, 3]}

    error, path, text = _bad(tmp_path, reputation)
    assert error == f"{path}:{line_of(text, 'points = [')}: reputation.points: must list 12 values, not 3"

    def canal(d):
        d["canals"] = {
            "source": "x",
            "confirmed": True,
            "guard_house": [{"number": n, "left": ["red"] * 5, "right": ["red"] * 4 + ["pink"]} for n in range(1, 5)],
        }

    error, path, text = _bad(tmp_path, canal)
    assert error == (f"{path}:{line_of(text, 'right = [')}: canals.guard_house[0].right: 'pink' is not one of "
                     f"{COLOURS}")

    def canal_costs(d):  # confirmed by the rule summary, so a person's file cannot change them
        d["canal_costs"] = {"source": "x", "confirmed": True, "costs": [2, 2, 3, 4, 5]}

    error, path, text = _bad(tmp_path, canal_costs)
    assert error.startswith(f"{path}:{line_of(text, '[canal_costs]')}: canal_costs: confirmed by the sources, "
                            "cannot be replaced")

    def costs_in_canals(d):
        d["canals"] = {"source": "x", "confirmed": True, "costs": [2, 2, 3, 4, 5],
                       "guard_house": [{"number": n, "left": COLOURS.split(", "), "right": COLOURS.split(", ")}
                                       for n in range(1, 5)]}

    error, path, text = _bad(tmp_path, costs_in_canals)
    assert error == f"{path}:{line_of(text, 'costs = [')}: canals.costs: unknown key (known: guard_house)"

    def provenance(d):
        d["reputation"] = {"points": list(range(1, 13))}

    error, path, text = _bad(tmp_path, provenance)
    assert error == f"{path}:{line_of(text, '[reputation]')}: reputation.confirmed: missing"

    def unlabelled(d):
        d["reputation"] = {"source": "my guess", "confirmed": False, "points": list(range(1, 13))}

    error, path, text = _bad(tmp_path, unlabelled)
    assert error == (f"{path}:{line_of(text, 'confirmed = false')}: reputation.confirmed: is false: list the "
                     "reconstructed parts (points)")


def test_not_toml_and_empty_files(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[persons]\nsource = = 1\n", encoding="utf-8")
    with pytest.raises(DataError, match=f"^{broken}:2: not valid TOML"):
        load(broken)
    empty = tmp_path / "empty.toml"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(DataError, match="has no tables"):
        load(empty)
    meta_only = write(tmp_path, {"persons": {"source": "x", "confirmed": True}}, "meta.toml")
    with pytest.raises(DataError, match=f"^{meta_only}:1: persons: describes a card list, but the file has no "
                                        "\\[\\[person\\]\\] entries"):
        load(meta_only)


def test_bad_data_file_is_exit_2_with_one_line(tmp_path):
    data = {"person": shipped_persons()["person"]}
    data["person"][10]["colour"] = "pink"
    path = write(tmp_path, data)
    line = line_of(path.read_text(encoding="utf-8"), 'colour = "pink"')
    result = run_cli(["setup", "bruges", "-p", "2", "--seed", "1", "--data", path])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(f"{path}:{line}: person[10].colour: must be one of {COLOURS}, not 'pink'")
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


# -- the ability vocabulary --------------------------------------------------------------------------------


def test_the_reconstruction_spreads_activations_and_abilities_as_the_sources_say():
    from bgkit_bruges.abilities import END, IMMEDIATE, MODIFIERS, SITUATIONS

    comp = load()
    for group in comp.groups:
        in_group = [p for p in comp.persons if p.group == group]
        assert Counter(p.activation for p in in_group) == {"lightning": 3, "worker": 5, "infinity": 5, "laurel": 2}
        assert Counter(p.infinity for p in in_group if p.infinity) == {"A": 1, "B": 2, "C": 2}
    for p in comp.persons:
        family = {"lightning": IMMEDIATE, "worker": IMMEDIATE, "laurel": END}.get(p.activation) or \
            {"A": IMMEDIATE, "B": MODIFIERS, "C": SITUATIONS}[p.infinity]
        assert p.effect.kind in family, p
        assert p.ability and "unknown" not in p.ability
    kinds = Counter(p.effect.kind for p in comp.persons)
    assert len(kinds) == 17  # every kind of the vocabulary is on some card
    assert kinds["draw"] >= 5 and kinds["others_lose"] >= 5 and kinds["protect"] == 5  # UB/RP, GP/KZ, one per disaster
    assert sum(1 for p in comp.persons if p.effect.kind == "score" and p.effect.per == "group") == 11  # RP


def test_the_sourced_abilities_are_exact():
    comp = load()
    engraver = next(p for p in comp.persons if p.name == "Engraver")
    assert (engraver.price, engraver.points, engraver.activation) == (9, 3, "laurel")
    assert (engraver.effect.kind, engraver.effect.per, engraver.effect.amount) == ("score", "groups", 1)  # YE
    assert engraver.ability == "at the end: 1 point per different group among your persons"
    six = [p for p in comp.persons if p.activation == "lightning" and p.effect.kind == "guilders"
           and p.effect.amount == 6]
    assert len(six) == 1 and six[0].ability == "when recruited: take 6 guilders"  # SK
    note = next(p for p in shipped_persons()["person"] if p["id"] == six[0].id)["note"]
    assert note.startswith("sourced: a lightning person gives 6 guilders once")


def test_the_reconstruction_is_what_the_tool_writes():
    import importlib.util

    tool = Path(__file__).resolve().parent.parent / "tools" / "reconstruct_persons.py"
    spec = importlib.util.spec_from_file_location("reconstruct_persons", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shipped = (resources.files("bgkit_bruges") / "data" / "persons.toml").read_text(encoding="utf-8")
    assert module.render() == shipped


def _effect(index: int, **effect):
    def change(d):
        d["person"][index]["effect"] = effect

    return change


@pytest.mark.parametrize(
    "index, effect, message",
    [
        (0, {"kind": "score", "per": "houses", "amount": 1},  # id 1 is a lightning person
         "person[0].effect.kind: must be one of guilders, workers, points, reputation, discard_threat, draw, canal, "
         "house, income, others_lose, not 'score'"),
        (0, {"kind": "guilders"}, "person[0].effect.amount: missing: a 'guilders' effect needs amount"),
        (0, {"kind": "guilders", "amount": 2, "per": "houses"},
         "person[0].effect.per: unknown key (known: kind, amount)"),
        (0, {"kind": "workers", "amount": 2, "colour": "pink"},
         "person[0].effect.colour: must be one of red, yellow, blue, brown, purple, any, not 'pink'"),
        (7, {"kind": "score", "per": "group", "amount": 2},  # id 8 is a laurel person
         "person[7].effect.group: missing: per = 'group' counts the persons of one group"),
        (5, {"kind": "action", "action": "fly", "amount": 1},  # id 6 is infinity B
         "person[5].effect.action: must be one of workers, guilders, threat, canal, house, person, not 'fly'"),
        (8, {"kind": "trigger", "on": "round", "gain": "workers", "amount": 1},  # id 9 is infinity C
         "person[8].effect.colour: missing: a trigger that gains workers names their colour"),
        (8, {"kind": "protect", "colour": "any"},
         "person[8].effect.colour: must be one of red, yellow, blue, brown, purple, not 'any'"),
    ],
)
def test_bad_abilities_name_the_person_and_key(tmp_path, index, effect, message):
    error, path, _ = _bad(tmp_path, _effect(index, **effect))
    assert error.startswith(f"{path}:") and error.split(": ", 1)[1] == message


def test_an_infinity_person_says_its_kind(tmp_path):
    def no_kind(d):
        del d["person"][2]["infinity"]  # id 3 is infinity A

    error, _, _ = _bad(tmp_path, no_kind)
    assert error.endswith("person[2].infinity: missing: an infinity person is of kind A (free once a round), B "
                          "(changes an action each time) or C (acts whenever its situation arises)")

    def stray_kind(d):
        d["person"][0]["infinity"] = "A"

    error, _, _ = _bad(tmp_path, stray_kind)
    assert error.endswith("person[0].infinity: only infinity persons have a kind (this one is lightning)")
