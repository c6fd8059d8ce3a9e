"""The game model every game plugin implements (DESIGN.md §4).

A plugin registers a light :class:`GameInfo` (no engine import) and a :class:`Game` subclass that
the core loads on demand. A ``Game`` owns the component data and knows three jobs:

* **setup**: ``setup(players, rng, options) -> dict`` — the randomised setup as plain JSON data.
  It is the start of every log: a game is replayed from its setup and actions, without the seed.
* **scoring**: ``sheet_fields`` describe a score sheet a person fills in at the table;
  ``score_sheet`` turns it into a :class:`bgkit.ranking.ScoreResult`. Played games export the same
  sheet from their final state (``sheet_from_state``), so scoring has one implementation.
* **play** (optional, ``info.playable``): ``new_state(setup) -> State``.

A :class:`State` follows OpenSpiel's State API: ``current_player`` (a seat, :data:`CHANCE` or
:data:`TERMINAL`), ``legal_actions``, ``chance_outcomes``, in-place ``apply`` and explicit cheap
``clone``. Actions are small hashable values (ints, tuples, short strings); ``action_text`` gives
the stable short text a person types and the log stores.
"""

from __future__ import annotations

import abc
import importlib
import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Hashable

from bgkit.errors import BadInput, PluginError

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.console import RenderableType

    from bgkit.ranking import ScoreResult
    from bgkit.sheets import Field, Sheet

#: ``current_player()`` of a state where chance (dice, a draw) decides next.
CHANCE = -1
#: ``current_player()`` of a finished game.
TERMINAL = -4

Action = Hashable


@dataclass(frozen=True)
class Option:
    """A setup option a person passes as ``--option name=value``."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str


@dataclass(frozen=True)
class GameInfo:
    """What ``bgkit games`` shows, known without importing the game's engine.

    ``loader`` is ``"module:Class"`` of the :class:`Game` subclass, imported only by :meth:`load`.
    ``data_status`` is ``"confirmed"``, ``"partly reconstructed"`` or ``"reconstructed"``;
    ``data_note`` says in one line what is not confirmed (and that ``--data FILE`` replaces it).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    loader: str
    version: str = "0.0.0"
    playable: bool = False
    data_status: str = "confirmed"
    data_note: str = ""
    summary: str = ""
    plugin: str = ""

    def load(self, data: Path | None = None) -> "Game":
        """Import the engine and build the game, with a person's own component data if given."""
        module_name, _, attr = self.loader.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), attr)
        except Exception as exc:
            raise PluginError(
                f"the engine of {self.name} (plugin {self.plugin!r}) failed to load: {type(exc).__name__}: {exc}"
            ) from exc
        game = cls(data=data)
        game.info = self
        return game

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise BadInput(f"{self.name} is for {span} players, not {players}")


class Game:
    """Base class of a game. Subclasses set ``options`` and implement the jobs they support."""

    info: GameInfo
    options: tuple[Option, ...] = ()

    def __init__(self, data: Path | None = None):
        self.data_path = data

    # -- setup -------------------------------------------------------------------------------
    def setup(self, players: int, rng: random.Random, options: dict[str, str]) -> dict:
        """Return the randomised setup for ``players`` as JSON-able data; draw only from ``rng``."""
        raise BadInput(f"{self.info.name} has no setup randomiser")

    def count_setups(self, players: int, options: dict[str, str]) -> int:
        """The exact number of distinct setups ``setup`` can produce with these options."""
        raise BadInput(f"{self.info.name} cannot count its setups")

    def render_setup(self, setup: dict) -> "RenderableType":
        """Draw a setup so a person can lay out the table from it (default: indented JSON)."""
        import json

        return json.dumps(setup, indent=2, ensure_ascii=False)

    # -- scoring -----------------------------------------------------------------------------
    def sheet_fields(self, players: int) -> list["Field"]:
        """The fields each player's part of a score sheet has."""
        raise BadInput(f"{self.info.name} has no score sheet")

    def sheet_game_fields(self, players: int) -> list["Field"]:
        """Fields a sheet has once, for the whole table (default: none)."""
        return []

    def check_sheet(self, sheet: "Sheet") -> None:
        """Reject a sheet whose fields are each valid but impossible together (raise SheetError)."""

    def score_sheet(self, sheet: "Sheet") -> "ScoreResult":
        """Score a validated sheet: categories, totals, ranking and the deciding tie-breaker."""
        raise BadInput(f"{self.info.name} has no scoring")

    # -- play --------------------------------------------------------------------------------
    def new_state(self, setup: dict) -> "State":
        """The state at the start of play for this setup."""
        raise BadInput(f"{self.info.name} cannot be played yet (setup and score work)")

    def sheet_from_state(self, state: "State") -> dict:
        """The score sheet a person would fill in from this finished game's table."""
        raise BadInput(f"{self.info.name} cannot export a sheet from play")

    def state_from_dict(self, data: dict) -> "State":
        """Rebuild a state from ``State.to_dict()``."""
        raise BadInput(f"{self.info.name} cannot rebuild a state from data")


class State(abc.ABC):
    """Base class of a game state. Subclasses keep their own fields; see the module docstring.

    The defaults here are for games without hidden information and without sealed moves.
    """

    num_players: int

    # -- who decides -------------------------------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat that decides next, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def is_sealed(self) -> bool:
        """True while players choose simultaneously (sealed bids).

        The engine then asks each pending player in turn; every choice stays hidden from the
        others (in ``view`` and the prompt) until the last one is in and they are revealed.
        """
        return False

    # -- actions -----------------------------------------------------------------------------
    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move; the one list the prompt, bots and validator use."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: every outcome with its probability (summing to 1)."""
        return []

    @abc.abstractmethod
    def apply(self, action: Action) -> None:
        """Apply ``action`` in place (the player's move or the chance outcome)."""

    def action_text(self, action: Action) -> str:
        """The stable short text of ``action`` (what a person types and the log stores)."""
        return str(action)

    def parse_action(self, text: str) -> Action:
        """The legal action (or chance outcome) whose text is ``text``; BadInput if none."""
        options = self.chance_outcomes() if self.is_chance() else self.legal_actions()
        for item in options:
            action = item[0] if self.is_chance() else item
            if self.action_text(action) == text:
                return action
        raise BadInput(f"{text!r} is not legal here")

    @abc.abstractmethod
    def clone(self) -> "State":
        """An independent copy, made explicitly and cheaply (no ``deepcopy`` in hot paths)."""

    # -- information -------------------------------------------------------------------------
    def view(self, player: int) -> dict:
        """What ``player`` may see, as JSON-able data (hidden information left out)."""
        return self.to_dict()

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A clone in which everything ``player`` cannot see is resampled from ``rng``.

        Search bots play on determinised copies instead of peeking. Default: no hidden information.
        """
        return self.clone()

    def reveals(self, action: Action) -> bool:
        """Whether applying ``action`` shows a player something new (a drawn card, a die).

        A human may ``undo`` only while nothing was revealed since their decision.
        Default: chance outcomes and sealed choices reveal; open moves do not.
        """
        return self.is_chance() or self.is_sealed()

    # -- scores ------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Each seat's current points (final scores once terminal)."""
        return [0.0] * self.num_players

    def heuristic(self, player: int) -> float:
        """How good the state looks for ``player``; greedy maximises it. Default: the score lead."""
        scores = self.scores()
        best_other = max((s for i, s in enumerate(scores) if i != player), default=0.0)
        return scores[player] - best_other

    # -- serialisation and drawing -----------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole state as JSON-able data (``Game.state_from_dict`` rebuilds it)."""
        return {}

    def render(self, player: int | None) -> "RenderableType":
        """Draw the state as ``player`` sees it (None: a spectator seeing public information)."""
        import json

        shown = self.view(player) if player is not None else self.to_dict()
        return json.dumps(shown, indent=1, ensure_ascii=False)


def any_to_json(value: Any) -> Any:
    """Turn tuples into lists so a value compares equal to its JSON round trip."""
    if isinstance(value, (list, tuple)):
        return [any_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): any_to_json(v) for k, v in value.items()}
    return value
