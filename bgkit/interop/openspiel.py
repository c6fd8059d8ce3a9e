"""bgkit's games as OpenSpiel games (``pip install bgkit[openspiel]``).

Importing this module registers every installed playable game that declares an action space as the
OpenSpiel Python game ``bgkit_<id>``, with the parameters ``players``, ``seed`` (the setup ``bgkit
setup GAME -p N --seed S`` makes) and the game's options::

    import pyspiel, bgkit.interop.openspiel
    game = pyspiel.load_game("bgkit_goofspiel", {"players": 3, "seed": 7, "deck": "8"})

* Action ids are the game's action space (the same in every process); chance outcomes share it.
* The game type follows the declared dynamics; a sealed stage is played in OpenSpiel's turn-based
  convention (one seat after another, each choice hidden from the others until the last is in).
* ``information_state_string`` is the seat's history as the driver told it, then its view;
  ``observation_string`` its view; ``observation_tensor`` the game's tensor, where it has one.
* ``returns`` are zero-sum, from the outcome the game reports (-1 last alone .. 1 won alone).
* ``resample_from_infostate`` redraws what the seat cannot see (``State.determinize``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from bgkit.engine.match import MAX_ACTIONS  # the engine's own cap: a game whose rules set no limit
from bgkit.model.errors import BadInput
from bgkit.interop.session import Play, Table, adaptable, table_for

#: The OpenSpiel name of a bgkit game.
PREFIX = "bgkit_"
_registered: dict[str, pyspiel.GameType] = {}
#: The classes OpenSpiel makes each game with (a class per game, as OpenSpiel's own Python games
#: register: a function OpenSpiel alone holds is freed as the interpreter exits, without the lock
#: it needs, and Python aborts).
_creators: list[type] = []
_RESERVED = ("players", "seed")


def game_type(game: Any) -> pyspiel.GameType:
    """The OpenSpiel game type of a loaded bgkit game, from its declared dynamics."""
    info, dynamics = game.info, game.info.dynamics
    parameters: dict[str, Any] = {"players": info.min_players, "seed": 0}
    for option in game.options:
        if option.name in _RESERVED:
            raise BadInput(f"{info.name}'s option {option.name!r} clashes with the OpenSpiel parameter of that name")
        parameters[option.name] = _typed(option.choices, option.default)
    hidden = dynamics.hidden or dynamics.sealed
    observes = game.observation(info.min_players) is not None
    return pyspiel.GameType(
        short_name=PREFIX + info.id,
        long_name=f"{info.name} (bgkit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if dynamics.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=observes,
        parameter_specification=parameters,
    )


def _typed(choices: tuple[str, ...], value: str) -> Any:
    """An option's value as OpenSpiel types it (it reads ``deck=8`` in a game's name as a number):
    a whole number or a truth value when every choice is one, else the text."""
    if all(choice.lstrip("-").isdigit() for choice in choices):
        return int(value)
    if set(choices) <= {"true", "false"}:
        return value == "true"
    return value


def _options(game_id: str, params: dict[str, Any]) -> dict[str, str]:
    """The bgkit options among OpenSpiel's parameters, as the texts the game's options choose from."""
    from bgkit.plugins.registry import get_registry

    choices = {option.name: option.choices for option in get_registry().load_game(game_id).options}
    options = {}
    for key, value in params.items():
        if key in _RESERVED:
            continue
        named = [choice for choice in choices.get(key, ()) if _typed(choices[key], choice) == value]
        options[key] = named[0] if named else str(value)  # a value no choice names: the game refuses it
    return options


class BgkitGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information: its classes are Any
    """A bgkit game at the parameters OpenSpiel loads it with (or around a :class:`Table` given)."""

    #: ``bgkit_<id>`` in the class registered for each game.
    short_name = ""

    def __init__(self, params: dict[str, Any], table: Table | None = None):
        if table is None:
            game_id = self.short_name[len(PREFIX):]
            table = table_for(game_id, int(params["players"]), int(params["seed"]), _options(game_id, params))
        space = table.space
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=space.size,
            num_players=table.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=space.max_length if space.max_length is not None else MAX_ACTIONS,
        )
        kind = _registered.get(table.game.info.id) or game_type(table.game)
        super().__init__(kind, info, params)
        self.table = table

    def new_initial_state(self) -> "BgkitState":
        return BgkitState(self, self.table.start())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        if params:
            raise ValueError(f"bgkit games take no observation parameters, not {params}")
        return Observer(self.table, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class BgkitState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information: its classes are Any
    """An OpenSpiel state around one :class:`bgkit.interop.session.Play` (``self.play``)."""

    def __init__(self, game: BgkitGame, play: Play):
        super().__init__(game)
        self.play = play

    def current_player(self) -> int:
        return self.play.state.current_player()  # bgkit's CHANCE and TERMINAL are OpenSpiel's

    def is_terminal(self) -> bool:
        return self.play.state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self.play.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.play.chance_ids()

    def _apply_action(self, action: int) -> None:
        self.play.apply(self.play.action_of(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.play.text_of(action)

    def returns(self) -> list[float]:
        return self.play.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "BgkitState":
        """A state ``player_id`` cannot tell from this one, drawn with ``probability_sampler``."""
        rng = random.Random(int(probability_sampler() * 2**53))
        other: BgkitState = self.clone()
        other.play = self.play.resample(player_id, rng)
        return other

    def __str__(self) -> str:
        return "\n".join(f"{'chance' if player < 0 else f'P{player + 1}'}: {text}" for player, text in self.play.log)


class Observer:
    """OpenSpiel's Python observer: the seat's information state (``perfect_recall``) or its
    observation, as a string and, for the observation, the game's tensor."""

    def __init__(self, table: Table, iig_obs_type: Any):
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("bgkit games observe as one seat does: public and its own private information")
        self.perfect_recall = iig_obs_type.perfect_recall
        observation = None if self.perfect_recall else table.observation
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if observation is not None:
            self.tensor = np.zeros(observation.size, np.float32)
            self.dict = {"observation": self.tensor.reshape(observation.shape)}

    def set_from(self, state: BgkitState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.play.observation_tensor(player)

    def string_from(self, state: BgkitState, player: int) -> str:
        play = state.play
        return play.information_state(player) if self.perfect_recall else play.observation_string(player)


def register(registry: Any = None) -> list[str]:
    """Register every playable game of ``registry`` (the process's own) that declares an action
    space as an OpenSpiel game, once; the OpenSpiel names registered."""
    for game in adaptable(registry)[0]:
        info = game.info
        if info.id in _registered:
            continue
        kind = game_type(game)
        _creators.append(type(f"BgkitGame_{info.id}", (BgkitGame,), {"short_name": kind.short_name}))
        pyspiel.register_game(kind, _creators[-1])
        _registered[info.id] = kind
    return sorted(kind.short_name for kind in _registered.values())


def load(game_id: str, players: int, seed: int = 0, **options: str) -> BgkitGame:
    """The OpenSpiel game of ``game_id``, its options given as ``bgkit play --option`` takes them
    (``pyspiel.load_game("bgkit_<id>", {...})`` with OpenSpiel's typed parameters)."""
    from bgkit.plugins.registry import get_registry

    choices = {option.name: option.choices for option in get_registry().load_game(game_id).options}
    typed = {key: _typed(choices[key], value) if key in choices else value for key, value in options.items()}
    game: BgkitGame = pyspiel.load_game(PREFIX + game_id, {"players": players, "seed": seed, **typed})
    return game


register()
