"""Gymnasium environments: one seat of a map against bots in the others, or a solo map alone.

The observation is the flat vector of ``docs/rl.md``; the legal indices are in ``info["action_mask"]`` and in
:meth:`AgeOfSteamEnv.action_masks` (what maskable learners ask for), and the action space samples only legal
indices. Ids (``ageofsteam/RustBelt-v0``…) are registered by :func:`register_all`, which importing
``ageofsteam.rl`` runs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ageofsteam.bots import bot
from ageofsteam.bots.base import Bot
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.maps import load_board, load_rules, map_ids
from ageofsteam.rl.common import MaskedDiscrete, TableEnv
from ageofsteam.rl.observation import BOUND
from ageofsteam.rl.table import Table

ILLEGAL = ("raise", "lose")


class LegalDiscrete(MaskedDiscrete):
    """A discrete space whose ``sample()`` without a mask draws among the indices legal now (``legal`` says
    which), so a random policy that knows nothing of masks still plays."""

    def __init__(self, n: int, legal: Callable[[], np.ndarray]) -> None:
        super().__init__(n)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal().astype(np.int8)
            if not mask.any():
                return super().sample()
        return super().sample(mask=mask, probability=probability)


class AgeOfSteamEnv(TableEnv, gymnasium.Env):  # type: ignore[misc]
    """Seat ``seat`` of ``map_id`` played by the agent, every other seat by a bot of level ``opponents``.

    ``reward``: ``"rank"`` or ``"score"`` at the end (``docs/rl.md``); ``shaped``: the weight of the agent's
    income change over each step (its own decision and the bots' answers) added to the reward. ``illegal``:
    what an index outside the mask does: ``"raise"`` the library's IllegalAction (the default), or ``"lose"``:
    the episode ends there with reward −1 and ``info["illegal"]`` (for learners and checkers that step with
    unmasked samples, such as Gymnasium's ``check_env``)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        map_id: str = "rust-belt",
        players: int | None = None,
        opponents: str = "random",
        seat: int = 0,
        options: dict[str, Any] | None = None,
        reward: str = "rank",
        shaped: float = 0.0,
        render_mode: str | None = None,
        illegal: str = "raise",
    ) -> None:
        if illegal not in ILLEGAL:
            raise BadInput(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.ended = False
        self._spaces = self.configure(map_id, players, options, reward, shaped, render_mode)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise BadInput(f"seat must be a whole number from 0 to {self.players - 1}, not {seat!r}")
        self.seat = seat
        self.opponents = opponents
        self.bots: dict[int, Bot] = {s: bot(opponents) for s in range(self.players) if s != seat}
        layout, codec = self._spaces.layout, self._spaces.codec
        self.observation_space = spaces.Box(-BOUND, BOUND, (layout.size,), np.float32)
        self._space = LegalDiscrete(codec.size, self.action_masks)
        self.action_space = self._space
        self.bot_rng = random.Random(0)

    def action_masks(self) -> np.ndarray:
        """The legal indices now, as booleans (all false when the game is over or before reset)."""
        if self.table is None or self.table.over:
            return np.zeros(self._spaces.codec.size, dtype=bool)
        return self.table.mask().astype(bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new game, its chance and the bots' choices drawn from ``seed`` (``options`` is unused)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.table = Table(self.map_id, self.players, game_seed, self.game_options)
        self.ended = False
        self.bot_rng = random.Random(f"bots/{game_seed}")
        self._bots_play()
        return self._observation(), self._info()

    def _bots_play(self) -> None:
        t = self._table()
        while not t.over and t.to_move != self.seat:
            assert t.to_move is not None
            t.play(self.bots[t.to_move].choose(t.game, self.bot_rng))

    def _observation(self) -> np.ndarray:
        return self._table().observe(self.seat)

    def _info(self) -> dict[str, Any]:
        t = self._table()
        mask = t.mask(own=True)
        self._space.given(mask, t.open_indices())
        return {"action_mask": mask}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        t = self._table()
        if self.ended:
            raise IllegalAction("the episode is over: reset the environment to play another")
        before = t.incomes()[self.seat]
        try:
            played = t.step(action)
        except IllegalAction:
            if self.illegal == "raise" or t.over:
                raise
            self.ended = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": True}
        if played is not None:
            self._bots_play()
        reward = self.shaped * (t.incomes()[self.seat] - before)
        if t.over:
            reward += t.final_rewards(self.reward_kind)[self.seat]
        self.ended = t.over
        return self._observation(), float(reward), t.over, False, self._info()


def env_name(title: str) -> str:
    """``"Rust Belt"`` → ``"RustBelt"`` (a Gymnasium id's name: letters and digits)."""
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^0-9A-Za-z]+", title) if w)


def env_ids() -> dict[str, dict[str, Any]]:
    """Every id this module registers → its keyword arguments. Each map at its smallest count of two or more
    players (``RustBelt-v0``); a map that can be played alone also alone (``…Solo-v0``, or without the suffix
    on a solo-only map), once for each value of an option that has a few choices (``Miami2030Hard-v0``)."""
    out: dict[str, dict[str, Any]] = {}
    for map_id in map_ids():
        rules = load_rules(map_id)
        name = env_name(load_board(map_id).name)
        lo, hi = rules.player_counts()
        if hi >= 2:
            out[f"ageofsteam/{name}-v0"] = {"map_id": map_id, "players": max(lo, 2)}
        if lo == 1:
            solo = name if hi == 1 else f"{name}Solo"
            out[f"ageofsteam/{solo}-v0"] = {"map_id": map_id, "players": 1}
            for option, choices in rules.OPTION_CHOICES.items():
                for value in choices:
                    out[f"ageofsteam/{solo}{env_name(str(value))}-v0"] = {
                        "map_id": map_id,
                        "players": 1,
                        "options": {option: value},
                    }
    return out


def register_all() -> None:
    """Register every id of :func:`env_ids` with Gymnasium (once)."""
    for env_id, kwargs in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="ageofsteam.rl.gym_env:AgeOfSteamEnv", kwargs=kwargs)
