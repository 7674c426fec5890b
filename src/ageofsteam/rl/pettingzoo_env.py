"""The PettingZoo AEC environment: every seat an agent (``player_0``…), one discrete action space per map with
the legal indices in each observation's ``action_mask``, rewards at the end and optional shaped rewards."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rl.common import TableEnv
from ageofsteam.rl.observation import BOUND
from ageofsteam.rl.table import Table


class AgeOfSteamAEC(TableEnv, AECEnv):  # type: ignore[misc]
    """Age of Steam on ``map_id`` as a PettingZoo AEC game for ``players`` seats (the map's smallest count if
    None). ``seed``: the first game's chance (each reset without a seed takes the next one); ``options``: the
    map's game options; ``reward``: ``"rank"`` or ``"score"`` at the end (see ``docs/rl.md``); ``shaped``: the
    weight of each step's income change added to every seat's reward (0: none). BadInput for an unknown map,
    player count, option or reward."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "ageofsteam_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        map_id: str = "rust-belt",
        players: int | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        reward: str = "rank",
        shaped: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._spaces = self.configure(map_id, players, options, reward, shaped, render_mode)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        layout, codec = self._spaces.layout, self._spaces.codec
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (codec.size,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(codec.size)
        self._no_mask = np.zeros(codec.size, np.int8)
        self._no_mask.flags.writeable = False
        self._seed = seed

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its chance drawn from ``seed`` (else the next of the seed the environment was made with).
        ``options`` is accepted for the API's sake and unused: the game's options are the constructor's."""
        if seed is None and self._seed is not None:
            seed, self._seed = self._seed, self._seed + 1
        self.table = Table(self.map_id, self.players, seed, self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False  # some reward is not zero
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        t = self._table()
        if t.over:
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        else:
            assert t.to_move is not None
            self.agent_selection = self.possible_agents[t.to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        t = self._table()
        seat = self._seat[agent]
        mask = t.mask() if agent == self.agent_selection and not t.over else self._no_mask
        return {"observation": t.observe(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        self._table()
        if not self.agents:
            raise IllegalAction("the game is over and every agent has left: reset the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalAction(
                    "the game is over: step each agent with None to let it leave, or reset the environment"
                )
            self._was_dead_step(action)
            return
        t = self._table()
        before = t.incomes() if self.shaped else None
        self._cumulative_rewards[agent] = 0.0
        t.step(action)
        g = t.state
        if before is None and not g.over:  # nothing to reward: the rewards stay nothing, the mover moves
            if self._rewarded:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._rewarded = False
            self.agent_selection = self.possible_agents[g.to_move]  # type: ignore[index]
            return
        self._rewarded = True
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if before is not None:
            for a, old, new in zip(self.possible_agents, before, t.incomes(), strict=True):
                self.rewards[a] += self.shaped * (new - old)
        if t.over:
            for a, r in zip(self.possible_agents, t.final_rewards(self.reward_kind), strict=True):
                self.rewards[a] += r
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
