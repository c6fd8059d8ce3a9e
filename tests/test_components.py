"""Component data: typed reads whose errors name file, line and key; a person's file replaces tables."""

import pytest

from bgkit.model.components import DataFile, DataSet, load_tables
from bgkit.model.errors import DataError

TEXT = """\
[tiles]
source = "rulebook p.3"
confirmed = true
count = 164
colours = ["green", "blue"]

[tiles.castle]
value = 4

[[card]]
name = "King"
price = 12

[[card]]
name = "Queen"
price = 13
"""


def data(text=TEXT, name="box.toml"):
    file = DataFile(text, name)
    dataset = DataSet()
    for key, value in file.data.items():
        dataset.values[key], dataset.files[key] = value, file
    return dataset


def test_typed_reads():
    tiles = data().table("tiles")
    assert tiles.int("count", 1, 200) == 164
    assert tiles.texts("colours", choices=("green", "blue")) == ("green", "blue")
    assert tiles.sub("castle").int("value") == 4
    assert tiles.int("missing", default=7) == 7
    assert tiles.provenance().source == "rulebook p.3"


@pytest.mark.parametrize(
    "read, message",
    [
        (lambda d: d.table("tiles").int("count", 1, 100), "box.toml:4: tiles.count: must be 1..100, not 164"),
        (lambda d: d.table("tiles").text("count"), "box.toml:4: tiles.count: must be text, not 164"),
        (lambda d: d.table("tiles").int("absent"), "box.toml:1: tiles.absent: missing"),
        (lambda d: d.table("tiles").sub("castle").int("value", high=3), "box.toml:8: tiles.castle.value: must be at most 3, not 4"),
        (lambda d: d.rows("card")[1].int("price", 0, 12), "box.toml:16: card[1].price: must be 0..12, not 13"),
        (lambda d: d.table("tiles").texts("colours", choices=("green",)), "box.toml:5: tiles.colours: 'blue' is not one of green"),
        (lambda d: d.table("tiles").only("count"), "box.toml:5: tiles.colours: unknown key (known: count)"),
        (lambda d: d.table("nope"), "box.toml: nope: missing table"),
    ],
)
def test_errors_name_file_line_and_key(read, message):
    with pytest.raises(DataError) as exc:
        read(data())
    assert str(exc.value) == message


def test_syntax_error_names_the_line():
    with pytest.raises(DataError, match="^mine.toml:2: not valid TOML"):
        DataFile("[tiles]\ncount = = 3\n", "mine.toml")


def test_unconfirmed_table_must_say_what_is_reconstructed():
    table = data('[t]\nsource = "guess"\nconfirmed = false\n').table("t")
    with pytest.raises(DataError, match="is false: list the reconstructed parts"):
        table.provenance(parts=("values",))
    table = data('[t]\nsource = "guess"\nconfirmed = false\nreconstructed = ["values"]\n').table("t")
    assert table.provenance(parts=("values",)).reconstructed == ("values",)


def test_own_file_replaces_tables_whole_and_rejects_unknown_ones(tmp_path, monkeypatch):
    import bgkit.model.components as components

    shipped = DataFile(TEXT, "pkg/data/box.toml")
    monkeypatch.setattr(components.DataFile, "shipped", classmethod(lambda cls, p, f: shipped))
    own = tmp_path / "mine.toml"
    own.write_text('[[card]]\nname = "Jester"\nprice = 1\n')
    loaded = load_tables("pkg", ("box.toml",), own)
    assert [row.text("name") for row in loaded.rows("card")] == ["Jester"]
    assert loaded.origin("card") == str(own) and loaded.origin("tiles") == "pkg/data/box.toml"
    own.write_text('[tile]\ncount = 3\n')
    with pytest.raises(DataError, match=r"mine.toml:1: tile: unknown table \(known: tiles, card\)"):
        load_tables("pkg", ("box.toml",), own)
    with pytest.raises(DataError, match="no such data file"):
        load_tables("pkg", ("box.toml",), tmp_path / "absent.toml")


def test_collections_replace_single_entries(tmp_path, monkeypatch):
    import bgkit.model.components as components

    shipped = DataFile('[building.library]\nboxes = [4]\n[building.palace]\nboxes = [5]\n', "pkg/data/city.toml")
    monkeypatch.setattr(components.DataFile, "shipped", classmethod(lambda cls, p, f: shipped))
    own = tmp_path / "mine.toml"
    own.write_text("[building.library]\nboxes = [2]\n")
    entries = load_tables("pkg", ("city.toml",), own, collections=("building",)).entries("building")
    assert {name: t.ints("boxes") for name, t in entries.items()} == {"library": (2,), "palace": (5,)}
    assert entries["library"].file.name == str(own) and entries["palace"].file.name == "pkg/data/city.toml"
    own.write_text("[building.librery]\nboxes = [2]\n")
    with pytest.raises(DataError, match=r"mine.toml:1: building.librery: no such entry \(known: library, palace\)"):
        load_tables("pkg", ("city.toml",), own, collections=("building",))


def test_an_empty_own_file_is_refused(tmp_path, monkeypatch):
    import bgkit.model.components as components

    monkeypatch.setattr(components.DataFile, "shipped", classmethod(lambda cls, p, f: DataFile(TEXT, "box.toml")))
    own = tmp_path / "mine.toml"
    own.write_text("# nothing yet\n")
    with pytest.raises(DataError, match="mine.toml: has no tables"):
        load_tables("pkg", ("box.toml",), own)


def test_an_array_of_tables_has_the_line_of_its_first_entry():
    assert data().files["card"].where(("card",)) == "box.toml:10"


def test_shipped_data_is_found_in_a_package_folder_and_inside_a_zip_file(tmp_path, monkeypatch):
    """A plugin's ``data/`` beside its ``__init__.py`` is read from the folder; a package imported
    from a zip file (no folder to read) through importlib.resources, with the same result."""
    import sys
    import zipfile

    from bgkit.model.components import data_folder, data_status

    marks = '[deck]\nconfirmed = false\nreconstructed = ["count"]\nsource = "a guess"\ncount = 3\n'
    folder = tmp_path / "folder" / "pkg_in_folder"
    (folder / "data").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "data" / "box.toml").write_text(marks)
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pkg_in_zip/__init__.py", "")
        z.writestr("pkg_in_zip/data/box.toml", marks)
    monkeypatch.syspath_prepend(str(tmp_path / "folder"))
    monkeypatch.syspath_prepend(str(archive))
    try:
        assert data_folder("pkg_in_folder") == folder / "data"
        assert not isinstance(data_folder("pkg_in_zip"), type(folder))  # a zip file's own path object
        for package in ("pkg_in_folder", "pkg_in_zip"):
            assert DataFile.shipped(package, "box.toml").data["deck"]["count"] == 3
            status = data_status(package)
            assert status.status == "reconstructed" and "count" in status.note, status
    finally:
        for name in ("pkg_in_folder", "pkg_in_zip"):
            sys.modules.pop(name, None)


def test_derived_values_are_built_once_per_components_object_even_when_an_id_comes_back():
    """Plugins keep their play tables with ``derived``: built once per components object and key;
    a stale entry left under an id that a new object now has (an object freed, its id reused)
    never reaches the new one."""
    from bgkit.model import components as C

    class Box:
        pass

    built = []
    box, other = Box(), Box()
    make = lambda: built.append(1) or len(built)  # noqa: E731
    assert C.derived(box, "tables", make) == 1 and C.derived(box, "tables", make) == 1
    assert C.derived(box, ("tables", 3), make) == 2  # another key: built apart
    C._DERIVED[(id(other), "tables")] = (box, "the tables of a components object that is gone")
    assert C.derived(other, "tables", make) == 3
