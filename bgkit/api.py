"""bgkit's public API: the one module a game or bot plugin imports (besides :mod:`bgkit.testing`).

Everything a plugin needs is named here, and nothing else of the core is promised to stay where it
is. ``API_VERSION`` is the contract's version: a game declares the one it was written for
(``GameInfo(api_version=...)``), and a game written for another major version is refused when it
loads, in one line, instead of failing somewhere in play.

Importing this module is cheap (``bgkit games`` imports every plugin's registration module, and
so this one): each name is imported from its home module on first use (PEP 562), and a type
checker reads the same names from the imports under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from bgkit.hookspecs import hookimpl

#: The contract's version, ``"MAJOR.MINOR"``: a minor version only adds; a major one may change.
API_VERSION = "3.1"

if TYPE_CHECKING:  # the names a type checker reads; at run time __getattr__ hands them out
    # ruff: noqa: F401
    from bgkit.cards import Deck, resample
    from bgkit.components import MARK, MARK_LEGEND, DataSet, Provenance, Table, derived, load_tables
    from bgkit.contract import DataModule, RenderModule, ScoringModule, SetupModule, StateModule
    from bgkit.drawing import Drawing
    from bgkit.driver import Event, Told
    from bgkit.engine import Decision, QuitRequest, Seat, decision_for, sample_chance
    from bgkit.errors import BadInput, DataError, PluginError, SheetError, suggest
    from bgkit.flow import Flow, FrameRule
    from bgkit.game import (
        CHANCE,
        EVERYONE,
        NOBODY,
        TERMINAL,
        Action,
        ActionSpace,
        Dynamics,
        Game,
        GameInfo,
        Option,
        State,
        any_to_json,
    )
    from bgkit.pending import Pending
    from bgkit.ranking import Outcome, ScoreResult, TieBreak, build_result, outcome_of, rank
    from bgkit.render import plural
    from bgkit.runtime import Runtime, final_result, runtime_for
    from bgkit.seats import clockwise, draw_start, seat_document, start_factor, start_option
    from bgkit.setups import SetupError
    from bgkit.sheets import Field, Sheet, check_in_all, check_one_of_each

#: Each public name and the module it lives in (imported when the name is first used).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Deck", "resample"), "bgkit.cards"),
    **dict.fromkeys(("MARK", "MARK_LEGEND", "DataSet", "Provenance", "Table", "derived", "load_tables"), "bgkit.components"),
    **dict.fromkeys(("DataModule", "RenderModule", "ScoringModule", "SetupModule", "StateModule"), "bgkit.contract"),
    "Drawing": "bgkit.drawing",
    **dict.fromkeys(("Event", "Told"), "bgkit.driver"),
    **dict.fromkeys(("Decision", "QuitRequest", "Seat", "decision_for", "sample_chance"), "bgkit.engine"),
    **dict.fromkeys(("BadInput", "DataError", "PluginError", "SheetError", "suggest"), "bgkit.errors"),
    **dict.fromkeys(("Flow", "FrameRule"), "bgkit.flow"),
    **dict.fromkeys(("CHANCE", "EVERYONE", "NOBODY", "TERMINAL", "Action", "ActionSpace", "Dynamics", "Game", "GameInfo",
                     "Option", "State", "any_to_json"), "bgkit.game"),
    "Pending": "bgkit.pending",
    **dict.fromkeys(("Outcome", "ScoreResult", "TieBreak", "build_result", "outcome_of", "rank"), "bgkit.ranking"),
    "plural": "bgkit.render",
    **dict.fromkeys(("Runtime", "final_result", "runtime_for"), "bgkit.runtime"),
    **dict.fromkeys(("clockwise", "draw_start", "seat_document", "start_factor", "start_option"), "bgkit.seats"),
    "SetupError": "bgkit.setups",
    **dict.fromkeys(("Field", "Sheet", "check_in_all", "check_one_of_each"), "bgkit.sheets"),
}

__all__ = ["API_VERSION", "hookimpl", "compatible", *_HOMES]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bgkit.api' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


def compatible(declared: str) -> bool:
    """Whether a plugin written for API version ``declared`` works with this one: the same major
    version, and a minor version no newer than this one's."""
    try:
        major, minor = (int(part) for part in declared.split("."))
    except ValueError:
        return False
    ours_major, ours_minor = (int(part) for part in API_VERSION.split("."))
    return major == ours_major and minor <= ours_minor
