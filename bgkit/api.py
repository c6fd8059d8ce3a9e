"""bgkit's public API: the one module a game or bot plugin imports (besides :mod:`bgkit.testing`).

Everything a plugin needs is named here, and nothing else of the core is promised to stay where it
is. ``API_VERSION`` is the contract's version: a game declares the one it was written for
(``GameInfo(api_version=...)``), and a game written for a version older than ``OLDEST_API`` or newer
than ``API_VERSION`` is refused when it registers, in one line, instead of failing somewhere in play.

Importing this module is cheap (``bgkit games`` imports every plugin's registration module, and
so this one): each name is imported from its home module on first use (PEP 562), and a type
checker reads the same names from the imports under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from bgkit.plugins.hookspecs import API_VERSION, OLDEST_API, compatible, hookimpl, registration

if TYPE_CHECKING:  # the names a type checker reads; at run time __getattr__ hands them out
    # ruff: noqa: F401
    from bgkit.model.cards import (Deck as Deck, resample as resample)
    from bgkit.model.components import (
        MARK as MARK, MARK_LEGEND as MARK_LEGEND, DataSet as DataSet, Provenance as Provenance, Table as Table,
        derived as derived, load_tables as load_tables,
    )
    from bgkit.model.drawing import Drawing as Drawing
    from bgkit.engine.driver import (Event as Event, Told as Told)
    from bgkit.engine.match import (
        BaseSeat as BaseSeat, Decision as Decision, QuitRequest as QuitRequest, Seat as Seat, decision_for as decision_for,
        sample_chance as sample_chance,
    )
    from bgkit.model.errors import (
        BadInput as BadInput, DataError as DataError, PluginError as PluginError, SheetError as SheetError,
        suggest as suggest,
    )
    from bgkit.model.flow import (Flow as Flow, FrameRule as FrameRule)
    from bgkit.model.game import (
        CHANCE as CHANCE, EVERYONE as EVERYONE, NOBODY as NOBODY, TERMINAL as TERMINAL, Action as Action,
        ActionSpace as ActionSpace, Dynamics as Dynamics, Game as Game, GameInfo as GameInfo, Option as Option,
        State as State, any_to_json as any_to_json,
    )
    from bgkit.model.pending import Pending as Pending
    from bgkit.model.spec import (
        Advisor as Advisor, Display as Display, FlowState as FlowState, GameSpec as GameSpec, GameState as
        GameState, Notation as Notation, Observer as Observer, Play as Play, Rules as Rules, Scoring as Scoring,
        Setup as Setup, Wording as Wording, NotationModule as NotationModule, ObserverModule as ObserverModule,
        notation_of as notation_of, observer_of as observer_of, SpecSetupModule as SpecSetupModule,
        SpecScoringModule as SpecScoringModule, setup_of as setup_of, scoring_of as scoring_of,
        FlowRulesModule as FlowRulesModule, flow_rules_of as flow_rules_of,
    )
    from bgkit.model.ranking import (
        Outcome as Outcome, ScoreResult as ScoreResult, TieBreak as TieBreak, build_result as build_result,
        outcome_of as outcome_of, rank as rank,
    )
    from bgkit.terminal.render import plural as plural
    from bgkit.engine.runtime import (Runtime as Runtime, final_result as final_result, runtime_for as runtime_for)
    from bgkit.model.seats import (
        clockwise as clockwise, draw_start as draw_start, seat_document as seat_document, start_factor as
        start_factor, start_option as start_option,
    )
    from bgkit.engine.setups import SetupError as SetupError
    from bgkit.model.sheets import (
        Field as Field, Sheet as Sheet, check_in_all as check_in_all, check_one_of_each as check_one_of_each,
    )
    from bgkit.model.statefields import (
        CACHE as CACHE, DECK as DECK, DECKS as DECKS, FIXED as FIXED, LIST as LIST, LISTS as LISTS, PENDING as
        PENDING, TUPLE as TUPLE, TUPLES as TUPLES, VALUE as VALUE, Kind as Kind, StateFields as StateFields,
        clonable as clonable, clonables as clonables,
    )

#: Each public name and the module it lives in (imported when the name is first used).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Deck", "resample"), "bgkit.model.cards"),
    **dict.fromkeys(("MARK", "MARK_LEGEND", "DataSet", "Provenance", "Table", "derived", "load_tables"), "bgkit.model.components"),
    "Drawing": "bgkit.model.drawing",
    **dict.fromkeys(("Event", "Told"), "bgkit.engine.driver"),
    **dict.fromkeys(("BaseSeat", "Decision", "QuitRequest", "Seat", "decision_for", "sample_chance"), "bgkit.engine.match"),
    **dict.fromkeys(("BadInput", "DataError", "PluginError", "SheetError", "suggest"), "bgkit.model.errors"),
    **dict.fromkeys(("Flow", "FrameRule"), "bgkit.model.flow"),
    **dict.fromkeys(("CHANCE", "EVERYONE", "NOBODY", "TERMINAL", "Action", "ActionSpace", "Dynamics", "Game", "GameInfo",
                     "Option", "State", "any_to_json"), "bgkit.model.game"),
    "Pending": "bgkit.model.pending",
    **dict.fromkeys(("Advisor", "Display", "FlowState", "GameSpec", "GameState", "Notation", "Observer", "Play", "Rules", "Scoring",
                     "Setup", "Wording", "NotationModule", "ObserverModule", "notation_of", "observer_of", "SpecSetupModule",
                     "SpecScoringModule", "setup_of", "scoring_of", "FlowRulesModule", "flow_rules_of"), "bgkit.model.spec"),
    **dict.fromkeys(("Outcome", "ScoreResult", "TieBreak", "build_result", "outcome_of", "rank"), "bgkit.model.ranking"),
    "plural": "bgkit.terminal.render",
    **dict.fromkeys(("Runtime", "final_result", "runtime_for"), "bgkit.engine.runtime"),
    **dict.fromkeys(("clockwise", "draw_start", "seat_document", "start_factor", "start_option"), "bgkit.model.seats"),
    "SetupError": "bgkit.engine.setups",
    **dict.fromkeys(("Field", "Sheet", "check_in_all", "check_one_of_each"), "bgkit.model.sheets"),
    **dict.fromkeys(("CACHE", "DECK", "DECKS", "FIXED", "LIST", "LISTS", "PENDING", "TUPLE", "TUPLES", "VALUE", "Kind",
                     "StateFields", "clonable", "clonables"), "bgkit.model.statefields"),
}

__all__ = ["API_VERSION", "OLDEST_API", "hookimpl", "compatible", "registration", *_HOMES]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bgkit.api' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
