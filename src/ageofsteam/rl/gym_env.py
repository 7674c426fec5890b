"""Gymnasium environments: one seat of a map against bots in the others, or a solo map alone.

The observation is the flat vector of ``docs/rl.md``; the legal indices are in ``info["action_mask"]`` and in
:meth:`AgeOfSteamEnv.action_masks` (what maskable learners ask for), and the action space samples only legal
indices. Ids (``ageofsteam/RustBelt-v1``…) are registered by :func:`register_all`, which importing
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
from ageofsteam.bots.random_bot import RandomBot
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.maps import load_board, load_rules, map_ids
from ageofsteam.rl.common import TableEnv
from ageofsteam.rl.observation import BOUND
from ageofsteam.rl.table import Table

ILLEGAL = ("lose", "raise")
VERSION = 1  # the ids' version (-v1): raised whenever the spaces or what an episode is change
# the bots an environment seats for these levels: small budgets, so that a learner's steps stay cheap
CHEAP: dict[str, Callable[[], Bot]] = {
    "random": lambda: RandomBot(weighed=16, stops=3),
    "steady": lambda: SteadyBot(plans_tried=0),
}


class LegalDiscrete(gymnasium.spaces.Discrete):  # type: ignore[misc]
    """A discrete space whose ``sample()`` without a mask draws among the indices legal now (``legal`` says
    which), so a random policy that knows nothing of masks still plays."""

    def __init__(self, n: int, legal: Callable[[], np.ndarray]) -> None:
        super().__init__(n)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal().astype(np.int8)
            if not mask.any():
                return super().sample()  # type: ignore[no-any-return]
        return super().sample(mask=mask, probability=probability)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (sent to another process) as a plain ``Discrete``: what is legal lives in the environment."""
        return gymnasium.spaces.Discrete, (self.n, None, self.start)


class AgeOfSteamEnv(TableEnv, gymnasium.Env):  # type: ignore[misc]
    """Seat ``seat`` of ``map_id`` played by the agent, every other seat by an opponent: a bot level's name
    (:func:`opponent`) or a :class:`~ageofsteam.bots.base.Bot`.

    An episode ends with the game, or when the agent's seat is eliminated (bankrupt): nothing it does matters
    after that. ``reward``: ``"rank"`` or ``"score"`` at the end, of the game as it stands then (``docs/rl.md``);
    ``shaped``: the weight of the agent's income change over each step (its own decision and the opponents'
    answers) added to the reward. ``illegal``: what an index outside the mask does: ``"lose"`` (the default)
    ends the episode there with reward −1 and ``info["illegal"]``, as a learner without masks needs; ``"raise"``
    raises the library's IllegalAction (to find a bug)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        map_id: str = "rust-belt",
        players: int | None = None,
        opponents: str | Bot = "random",
        seat: int = 0,
        options: dict[str, Any] | None = None,
        reward: str = "rank",
        shaped: float = 0.0,
        render_mode: str | None = None,
        illegal: str = "lose",
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
        self.bots: dict[int, Bot] = {
            s: opponents if isinstance(opponents, Bot) else opponent(opponents)
            for s in range(self.players)
            if s != seat
        }
        self.observation_space = spaces.Box(-BOUND, BOUND, (self._spaces.layout.size,), np.float32)
        self.action_space = LegalDiscrete(self._spaces.codec.size, self.action_masks)
        self.bot_rng = random.Random(0)

    def action_masks(self) -> np.ndarray:
        """The legal indices now, as booleans (all false when the episode is over or before reset)."""
        if self.table is None or self.ended:
            return np.zeros(self._spaces.codec.size, dtype=bool)
        return self.table.mask().astype(bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new game, its chance and the opponents' choices drawn from ``seed`` (``options`` is unused)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.table = Table(self.map_id, self.players, game_seed, self.game_options)
        self.bot_rng = random.Random(f"bots/{game_seed}")
        self._bots_play()
        self.ended = self._over()
        return self._observation(), self._info()

    def _over(self) -> bool:
        t = self._table()
        return t.over or t.state.players[self.seat].eliminated

    def _bots_play(self) -> None:
        t = self._table()
        while not self._over() and t.to_move != self.seat:
            assert t.to_move is not None
            t.play(self.bots[t.to_move].choose(t.game, self.bot_rng))

    def _observation(self) -> np.ndarray:
        return self._table().observe(self.seat)

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(self._spaces.codec.size, np.int8) if self.ended else self._table().mask()
        return {"action_mask": mask}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        t = self._table()
        if self.ended:
            raise IllegalAction("the episode is over: reset the environment to play another")
        before = t.incomes()[self.seat]
        try:
            played = t.step(action)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            self.ended = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": True}
        if played is not None:
            self._bots_play()
        reward = self.shaped * (t.incomes()[self.seat] - before)
        self.ended = self._over()
        if self.ended:
            reward += t.final_rewards(self.reward_kind)[self.seat]
        return self._observation(), float(reward), self.ended, False, self._info()


def opponent(level: str) -> Bot:
    """The bot an environment seats for ``level``: ``random`` and ``steady`` on the small budgets that keep a
    learner's steps cheap (:data:`CHEAP`), any other level as :func:`ageofsteam.bots.bot` makes it. BadInput
    for an unknown level."""
    if level in CHEAP:
        return CHEAP[level]()
    return bot(level)


def env_name(title: str) -> str:
    """``"Rust Belt"`` → ``"RustBelt"`` (a Gymnasium id's name: letters and digits)."""
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^0-9A-Za-z]+", title) if w)


def env_ids() -> dict[str, dict[str, Any]]:
    """Every id this module registers → its keyword arguments. Each map at its smallest count of two or more
    players (``RustBelt-v1``); a map that can be played alone also alone (``…Solo-v1``, or without the suffix
    on a solo-only map), once for each value of an option that has a few choices (``Miami2030Hard-v1``)."""
    out: dict[str, dict[str, Any]] = {}
    for map_id in map_ids():
        rules = load_rules(map_id)
        name = env_name(load_board(map_id).name)
        lo, hi = rules.player_counts()
        if hi >= 2:
            out[f"ageofsteam/{name}-v{VERSION}"] = {"map_id": map_id, "players": max(lo, 2)}
        if lo == 1:
            solo = name if hi == 1 else f"{name}Solo"
            out[f"ageofsteam/{solo}-v{VERSION}"] = {"map_id": map_id, "players": 1}
            for option, choices in rules.OPTION_CHOICES.items():
                for value in choices:
                    out[f"ageofsteam/{solo}{env_name(str(value))}-v{VERSION}"] = {
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
