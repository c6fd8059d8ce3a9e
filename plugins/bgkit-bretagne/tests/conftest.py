"""Fixtures for the Bretagne tests: the shipped data as a dict, variants of it written to files."""

from __future__ import annotations

import copy
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest
import tomli_w

sys.path.insert(0, str(Path(__file__).parent))  # the rule tests share bretagne_scene.py


def _shipped() -> dict:
    text = resources.files("bgkit_bretagne").joinpath("data", "components.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@pytest.fixture
def shipped_tables():
    """A fresh copy of the shipped component tables (mutate it freely)."""
    return copy.deepcopy(_shipped())


@pytest.fixture
def write_data(tmp_path):
    """write_data(tables, name="data.toml") -> path of a --data file holding ``tables``."""

    def write(tables: dict, name: str = "data.toml"):
        path = tmp_path / name
        path.write_text(tomli_w.dumps(tables), encoding="utf-8")
        return path

    return write


@pytest.fixture
def tiny_tables(shipped_tables):
    """A tiny board (one coast of four sites: Heaven, Heaven, Purgatory, Hell) whose whole setup space can be sampled."""
    data = shipped_tables
    data["board"].update(coasts=["north"], sites_per_coast=4, harbours_per_coast=1, site_harbour=[1, 1, 1, 1],
                         site_types=["heaven", "heaven", "purgatory", "hell"])
    for t, n in (("heaven", 2), ("purgatory", 1), ("hell", 1)):
        data["lighthouse_types"]["types"][t]["tiles"] = n
    data["lighthouses"]["tiles"] = {
        "H1": {"type": "heaven", "levels": 3, "extra": []},
        "H2": {"type": "heaven", "levels": 4, "extra": []},
        "P1": {"type": "purgatory", "levels": 3, "extra": ["stone"]},
        "X1": {"type": "hell", "levels": 4, "extra": ["stone", "sand"]},
    }
    data["weather"]["cards"] = dict(list(data["weather"]["cards"].items())[:2])
    data["blueprints"]["tiles"] = {k: v for k, v in data["blueprints"]["tiles"].items() if k[1:] in ("01", "02", "03", "04")}
    data["harbours"]["tiles"] = {"HN2": dict(data["harbours"]["tiles"]["HN2"], coast="north")}
    data["production"]["cards"] = dict(list(data["production"]["cards"].items())[:1])
    data["table"]["three_player_built"] = {"north": "heaven"}
    return data
