"""Bruges's setup as a picture (issue 42): drawn from the same Drawing as the terminal's text, its
tables are tables in the SVG, cell by cell, not the terminal's text set in a monospace font."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from bgkit.testing import run_cli

SVG = "{http://www.w3.org/2000/svg}"


def picture(*args: str) -> ET.Element:
    result = run_cli(["setup", "bruges", *args, "--format", "svg"])
    assert result.exit_code == 0, result.stderr
    return ET.fromstring(result.stdout.encode("utf-8"))


@pytest.mark.parametrize("players", [2, 4])
def test_the_setup_picture_is_tables_cell_by_cell(players):
    root = picture("-p", str(players), "--seed", "11")
    setup = json.loads(run_cli(["setup", "bruges", "-p", str(players), "--seed", "11", "--format", "json"]).stdout)["setup"]
    assert not [n for n in root.iter() if n.get("font-family") == "monospace"]  # no terminal text in the picture
    cells = ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]
    # each cell its own text: a seat's colour, a pile and its size, the start player's seat
    for seat in setup["seats"]:
        assert seat["colour"] in cells
        assert f"guard house {seat['guard_house']} (the one nearest your seat)" in cells
    start = setup["start_player"]
    assert f"{start} ★ start" in cells
    piles = setup["piles"]
    for name, key in (("draw pile B", "draw_b"), ("extra pile", "extra")):
        assert any(name in cell for cell in cells) and str(len(piles[key])) in cells
    for title in ("Players (seats clockwise)", "Each player", "Person cards", "Board and supply"):
        assert title in cells
    # a table's cells are boxes: the four tables' rows at least, each cell boxed
    rows = players + 1 + 7 + 5 + 8
    assert len(list(root.iter(f"{SVG}rect"))) >= 2 * rows


def test_the_text_says_what_the_picture_does_at_80_columns(monkeypatch):
    """The terminal's drawing of the same tables: boxed, within 80 columns, no word cut."""
    monkeypatch.setenv("COLUMNS", "80")
    out = run_cli(["setup", "bruges", "-p", "3", "--seed", "11"]).stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines if not line.startswith("Repeat with: ")) <= 80
    for title in ("Players (seats clockwise)", "Each player", "Person cards", "Board and supply"):
        index = lines.index(title)
        assert lines[index + 1].startswith("┌")  # a table under its title
    assert "card ids refer to" in " ".join(out.split()) and "(top card first)" in " ".join(out.split())
