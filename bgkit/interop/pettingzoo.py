"""bgkit's games as PettingZoo AEC environments (``pip install bgkit[pettingzoo]``)::

    from bgkit.interop.pettingzoo import env
    table = env("goofspiel", players=3, seed=7, options={"deck": "8"}, render_mode="ansi")

* Agents are the seats (``player_0`` ...), one decides at a time: a sealed stage is played seat
  after seat, each choice hidden from the others until the last is in. There is no
  ``parallel_env``: a parallel step would hand every seat its choice at once, which is only honest
  for games whose every decision is sealed.
* Actions are ``Discrete(n)`` over the game's action space; each observation is a dict with the
  game's ``observation`` tensor (where it declares one) and the ``action_mask`` of the legal actions
  (all zeros for a seat that is not to move).
* Chance is resolved inside ``step``, drawn from the seeded stream bgkit's engine draws from, so a
  game with the same seed and the same choices is the same game as ``bgkit play`` plays
  (:meth:`BgkitEnv.game_log` is a log ``bgkit replay --verify`` accepts).
* Rewards come at the end, zero-sum, from the outcome the game reports (-1 last alone .. 1 won alone).
* ``render_mode="ansi"``: ``render()`` returns the drawing the seat to move sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bgkit.interop.session import table_for

if TYPE_CHECKING:
    from bgkit.engine.match import GameLog


def env(game: str, players: int = 2, seed: int = 0, options: dict[str, str] | None = None, render_mode: str | None = None) -> "BgkitEnv":
    """The AEC environment of ``game`` (its id) at ``players`` seats, setup and chance from ``seed``."""
    return BgkitEnv(game, players, seed, options, render_mode)


class BgkitEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information (no py.typed): AECEnv is Any
    """A bgkit game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "bgkit", "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, seed: int = 0, options: dict[str, str] | None = None,
                 render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            from bgkit.model.errors import BadInput

            raise BadInput(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.game_id, self.options, self.seed, self.render_mode = game, dict(options or {}), seed, render_mode
        self.table = table_for(game, players, seed, self.options)
        self.metadata = {**self.metadata, "name": f"bgkit_{game}"}
        self.possible_agents = [f"player_{p}" for p in range(players)]
        size, observation = self.table.space.size, self.table.observation
        shown: dict[str, Any] = {"action_mask": spaces.Box(0, 1, (size,), np.int8)}
        if observation is not None:
            shown["observation"] = spaces.Box(-np.inf, np.inf, observation.shape, np.float32)
        self._observation_spaces = {agent: spaces.Dict(shown) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.play: Any = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` (if given) replaces the seed the setup and chance are drawn from."""
        from bgkit.engine.match import chance_stream

        if seed is not None and seed != self.seed:
            self.seed = seed
            self.table = table_for(self.game_id, len(self.possible_agents), seed, self.options)
        self.play = self.table.start()
        self._chance = chance_stream(self.seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._resolve_chance()
        self.agent_selection = self.possible_agents[self.play.state.current_player()]

    def _resolve_chance(self) -> None:
        """Draw chance outcomes as bgkit's engine does (one number each from the seeded stream)."""
        play = self.play
        while play.state.is_chance():
            play.apply(play.state.chance_pick(self._chance.random()))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        play = self.play
        mask = np.zeros(self.table.space.size, np.int8)
        if play.state.current_player() == seat:
            mask[play.legal_ids()] = 1
        shown = {"action_mask": mask}
        tensor = play.observation_tensor(seat)
        if tensor is not None:
            shown["observation"] = np.asarray(tensor, np.float32)
        return shown

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        play = self.play
        player = play.state.current_player()
        play.apply(play.action_of(int(action)))
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        if play.state.is_terminal():
            returns = play.returns()
            self.rewards = {a: returns[p] for p, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.possible_agents[(player + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[play.state.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        from bgkit.testing.conformance import drawn

        state = self.play.state
        return drawn(state, None if state.is_terminal() else self.possible_agents.index(self.agent_selection))

    def game_log(self, seats: list[str] | None = None) -> GameLog:
        """The game so far as a bgkit log (:class:`bgkit.engine.match.GameLog`); ``to_dict()`` is the file."""
        return self.table.log(self.play, seats)

    def close(self) -> None:
        pass
