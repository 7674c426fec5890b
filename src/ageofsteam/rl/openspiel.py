"""The OpenSpiel game ``python_ageofsteam``: importing this module registers it with ``pyspiel``.

``pyspiel.load_game("python_ageofsteam", {"map": "texas", "players": 4, "seed": 7, "reward": "rank"})``. Player
actions are the indices of the map's action space (``docs/rl.md``); chance nodes are the dice of goods growth,
the Production draws and the other chance events whose outcomes the engine lists (an outcome's action is its
place in that list, with its probability; its string is the engine's action, ``Roll(light=(2, 5), dark=(1,
1))``). The setup draw, whose outcomes are too many to list, and the first player order come from the ``seed``
parameter, as does any later chance event the engine cannot list.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyspiel

from ageofsteam.engine.actions import CHANCE, goods_colours
from ageofsteam.engine.errors import BadInput
from ageofsteam.maps import load_rules
from ageofsteam.rl.table import Table, check_players, check_reward, spaces

SHORT_NAME = "python_ageofsteam"
DEFAULTS: dict[str, Any] = {"map": "rust-belt", "players": 0, "seed": 0, "reward": "rank"}  # 0: the map's fewest
MAX_GAME_LENGTH = 20_000  # steps, chance included: random games take a few hundred to a few thousand
SCORE_BOUND = 1_000.0  # the utility bounds of the "score" reward


def game_type() -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Age of Steam (ageofsteam)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


def max_chance_outcomes(map_id: str, players: int) -> int:
    """An upper bound on the outcomes of one chance event: both halves' dice (as multisets), a player order,
    a Production draw."""
    rules = load_rules(map_id)
    seats = [(f"Player {i + 1}", rules.PLAYER_COLOURS[i]) for i in range(players)]
    g = rules.new_state(seats)
    dice = rules.dice_count(g)
    halves = math.comb(dice + 5, 5)
    return max(halves * halves, math.factorial(players), len(goods_colours(rules, g)) ** rules.PRODUCTION_CUBES)


class AgeOfSteamGame(pyspiel.Game):  # type: ignore[misc]
    """One map and player count of Age of Steam, as OpenSpiel sees it."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        self.map_id = str(given["map"])
        self.players = check_players(self.map_id, int(given["players"]) or None)
        self.seed = int(given["seed"])
        self.reward = check_reward(str(given["reward"]))
        self.spaces = spaces(self.map_id)
        bound = 1.0 if self.reward == "rank" else SCORE_BOUND
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spaces.codec.size,
            max_chance_outcomes=max_chance_outcomes(self.map_id, self.players),
            num_players=self.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(), info, given)
        self._start = Table(self.map_id, self.players, self.seed, explicit_chance=True)  # copied for each game

    def new_initial_state(self) -> AgeOfSteamState:
        return AgeOfSteamState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise BadInput(f"the observer takes no parameters, not {params!r}")
        return Observer(self.spaces.layout.size)


class _Box:
    """Holds the table of a state; deep-copied (as OpenSpiel clones a Python state) by copying the table."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.table.copy())


class AgeOfSteamState(pyspiel.State):  # type: ignore[misc]
    """A position; chance nodes wait for their outcome."""

    def __init__(self, game: AgeOfSteamGame) -> None:
        super().__init__(game)
        self._box = _Box(game._start.copy())
        self._reward = game.reward

    @property
    def table(self) -> Table:
        return self._box.table

    def current_player(self) -> int:
        t = self.table
        if t.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if t.to_move == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        assert t.to_move is not None
        return t.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in enumerate(self.table.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        t = self.table
        if t.to_move == CHANCE:
            t.chance(t.chance_outcomes()[action][0])
        else:
            t.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        t = self.table
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = t.chance_outcomes() if t.to_move == CHANCE else []
            return repr(outcomes[action][0]) if action < len(outcomes) else f"chance outcome {action}"
        return t.codec.describe(action)

    def is_terminal(self) -> bool:
        return self.table.over

    def returns(self) -> list[float]:
        t = self.table
        if not t.over:
            return [0.0] * len(t.state.players)
        return t.final_rewards(self._reward)

    def __str__(self) -> str:
        return self.table.text()


class Observer:
    """The observation of ``docs/rl.md`` as OpenSpiel's observer (``tensor`` and ``dict``)."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AgeOfSteamState, player: int) -> None:
        self.tensor[:] = state.table.observe(player)

    def string_from(self, state: AgeOfSteamState, player: int) -> str:
        return state.table.text()


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(game_type(), AgeOfSteamGame)
