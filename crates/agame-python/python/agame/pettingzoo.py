"""The three games as PettingZoo AEC environments.

>>> from agame.pettingzoo import env                     # doctest: +SKIP
>>> e = env("gipf")                                      # doctest: +SKIP
>>> e.reset(seed=1)                                      # doctest: +SKIP
>>> for agent in e.agent_iter():                         # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Observations are `{"observation": float32 planes from the agent's point of view, "action_mask":
int8 legal-action mask}`. Agents are `player_0`, `player_1`, ... in seat order. An agent may act
several times in a row, and in GIPF the player who did not push may decide a removal: always
read `agent_selection`. A game stopped by its move limit (`max_plies`) is a truncation.
"""

from __future__ import annotations

import operator

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

import agame


def env(name: str, render_mode: str | None = None, **options) -> "AgameEnv":
    """An AEC environment of game `name` with the `agame.load_game` options."""
    return AgameEnv(name, render_mode=render_mode, **options)


class AgameEnv(AECEnv, EzPickle):
    """One game of `agame` as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "human", "svg"], "name": "agame", "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, **options):
        EzPickle.__init__(self, name, render_mode, **options)
        super().__init__()
        self.game = agame.load_game(name, **options)
        self.metadata = dict(self.metadata, name=f"agame_{self.game.name}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        n = self.game.num_distinct_actions()
        shape = tuple(self.game.observation_tensor_shape())
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent):
        seat = self._seat(agent)
        mask = self.state.legal_actions_mask()
        if agent != self.agent_selection or self.state.is_terminal():
            mask = np.zeros_like(mask)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def reset(self, seed=None, options=None):
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        # A game can be over at its start (max_plies=0, a board too small to move on).
        self.agent_selection = self.agents[0]
        self._settle()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # As State.apply_action: an integer (numpy's too), not 1.5 or "1".
        try:
            action = operator.index(action)
        except TypeError:
            raise TypeError(f"an action is an integer, not {action!r}") from None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply_action(action)
        self._settle()

    def _settle(self):
        """After a reset or a move: the next agent, or every agent's end and reward."""
        if self.state.is_terminal():
            done = self.state.is_truncated()
            for a, value in zip(self.agents, self.state.returns()):
                self.rewards[a] = float(value)
                if done:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
        else:
            self.agent_selection = self.agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return self.state.svg()
        text = self.state.diagram()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
