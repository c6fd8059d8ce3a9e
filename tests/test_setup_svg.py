"""``bgkit setup GAME --format svg``: every game's setup as a picture to print, from the same drawing
the terminal prints (bgkit.model.svg), for every player count."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from bgkit.api import Drawing
from bgkit.model.svg import to_svg
from bgkit.plugins.registry import get_registry
from bgkit.testing import run_cli

SVG = "{http://www.w3.org/2000/svg}"
GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"}
BOX = re.compile(r"[\u2500-\u257f]")


def _cases() -> list[tuple[str, int]]:
    games = get_registry().games
    return [(game_id, n) for game_id, info in sorted(games.items()) for n in range(info.min_players, info.max_players + 1)]


def parsed(document: str) -> ET.Element:
    assert document.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')
    root = ET.fromstring(document.encode("utf-8"))  # well-formed, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def words(lines: list[str]) -> set[str]:
    return set(BOX.sub(" ", " ".join(lines)).split())


@pytest.mark.parametrize("game_id, players", _cases())
def test_every_setup_is_a_picture_naming_what_the_text_names(game_id, players, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # the text unwrapped: its words whole
    result = run_cli(["setup", game_id, "-p", str(players), "--seed", "4242", "--format", "svg"])
    assert result.exit_code == 0, result.stderr
    root = parsed(result.stdout)
    x, y, width, height = map(float, root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and width > 0 and height > 0
    assert root.get("width") == "190mm" and root.get("height", "").endswith("mm")  # sized for paper
    families = {node.get("font-family") for node in root.iter() if node.get("font-family")}
    assert families and families <= GENERIC
    shown = texts(root)
    assert "seed 4242" in shown[0] and "seed 4242" in root.findtext(f"{SVG}title", "")
    text = run_cli(["setup", game_id, "-p", str(players), "--seed", "4242"]).stdout
    missing = words(text.splitlines()) - words(shown)
    assert not missing, f"the picture leaves out {sorted(missing)[:10]}"
    assert f"Repeat with: bgkit setup {game_id} -p {players} --seed 4242" in " ".join(shown[-3:])


def test_the_picture_shows_the_setup_dealt():
    """What a person lays out: Blue Moon City's city tile by tile, every Burgundy estate space."""
    doc = json.loads(run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "9", "--format", "json"]).stdout)
    root = parsed(run_cli(["setup", "bluemooncity", "-p", "3", "--seed", "9", "--format", "svg"]).stdout)
    from bgkit_bluemooncity.data import load

    buildings = load().buildings
    shown = " ".join(texts(root))
    for row in doc["setup"]["city"]:
        for building in filter(None, row):
            assert buildings[building].name.split()[0] in shown
    assert len([r for r in root.iter(f"{SVG}rect")]) >= 25 + 1  # the city's 25 cells on the paper
    burgundy = parsed(run_cli(["setup", "burgundy", "-p", "4", "--seed", "9", "--option", "boards=random", "--format", "svg"]).stdout)
    boards = {seat["board"] for seat in json.loads(run_cli(["setup", "burgundy", "-p", "4", "--seed", "9", "--option",
                                                           "boards=random", "--format", "json"]).stdout)["setup"]["seats"]}
    assert len(list(burgundy.iter(f"{SVG}polygon"))) == 37 * len(boards)  # each estate's 37 hexes


def test_every_text_is_escaped_and_a_control_character_shown_as_its_escape():
    hostile = "<script>alert('&')</script>\x01 ]]> \"q\""
    drawing = Drawing([hostile])
    drawing.grid({(0, 0): [(hostile, "bold red")]}, rows=1, columns=1)
    drawing.table((hostile,), [[hostile], None, ["x"]], title=hostile, note=hostile, right=(0,))
    drawing.hexes([[(hostile, "on blue")]], title=hostile)
    drawing.rich(hostile)
    root = ET.fromstring(to_svg(drawing, title=hostile).encode("utf-8"))
    assert not list(root.iter("script")) and not list(root.iter(f"{SVG}script"))
    assert "<script>alert('&')</script>" in " ".join(texts(root)).replace(" ", "")
    assert "\x01" not in to_svg(drawing) and "\\x01" in " ".join(texts(root))  # as the terminal shows it


def test_a_format_setup_cannot_give_is_refused_in_one_line():
    result = run_cli(["setup", "goofspiel", "-p", "2", "--count", "--format", "svg"])
    assert result.exit_code == 2 and "cannot give --format svg" in result.stderr
    assert run_cli(["games", "--format", "svg"]).exit_code == 2
