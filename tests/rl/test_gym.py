"""The Gymnasium environments: every registered id passes Gymnasium's check_env, plays to its end against bots,
and refuses bad use in one line."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ageofsteam.rl
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.rl.gym_env import AgeOfSteamEnv, env_ids


def test_the_ids_cover_every_map_and_the_solo_variants() -> None:
    ids = env_ids()
    assert {"ageofsteam/RustBelt-v0", "ageofsteam/DetroitBankruptcySolo-v0", "ageofsteam/Miami2030Hard-v0"} <= set(ids)
    assert ids["ageofsteam/Miami2030Medium-v0"] == {
        "map_id": "miami-2030",
        "players": 1,
        "options": {"difficulty": "medium"},
    }
    assert {kw["map_id"] for kw in ids.values()} == set(ageofsteam.maps.map_ids())
    assert all(env_id in gymnasium.registry for env_id in ids)


@pytest.mark.parametrize("env_id", sorted(env_ids()))
def test_check_env(env_id: str) -> None:
    """check_env steps with an action it sampled before a reset, from another position: with ``illegal="lose"``
    that index ends the episode (reward −1) instead of raising."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its reminder to check the unwrapped environment
        check_env(gymnasium.make(env_id, illegal="lose").unwrapped)


@pytest.mark.parametrize("env_id", ["ageofsteam/RustBelt-v0", "ageofsteam/Miami2030Hard-v0"])
def test_an_episode_against_steady_bots_runs_to_its_end(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="steady")
    obs, info = env.reset(seed=4)
    env.action_space.seed(3)  # the agent's draws seeded too: the same episode every run (32 steps on Rust Belt)
    total, steps, done = 0.0, 0, False
    while not done:
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.unwrapped.action_masks())
        action = env.action_space.sample(mask)  # uses the mask: always legal
        obs, reward, term, trunc, info = env.step(action)
        total += reward
        steps += 1
        done = term or trunc
    table = env.unwrapped.table
    assert table.over and steps > 5
    assert total == pytest.approx(table.final_rewards("rank")[0])
    with pytest.raises(IllegalAction, match="the episode is over"):
        env.step(0)


def test_the_space_samples_only_legal_indices() -> None:
    env = AgeOfSteamEnv("texas", players=4, opponents="random")
    env.reset(seed=1)
    env.action_space.seed(0)
    legal = set(env.table.legal())
    assert {int(env.action_space.sample()) for _ in range(30)} <= legal


def test_an_illegal_index_raises_by_default_and_loses_on_request() -> None:
    env = AgeOfSteamEnv("rust-belt", players=3, opponents="random")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalAction) as info:
        env.step(illegal)
    assert "\n" not in str(info.value)
    losing = AgeOfSteamEnv("rust-belt", players=3, opponents="random", illegal="lose")
    losing.reset(seed=2)
    _, reward, term, _, info2 = losing.step(illegal)
    assert (reward, term, info2["illegal"]) == (-1.0, True, True)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"opponents": "genius"}, "unknown bot level 'genius'"),
        ({"seat": 3}, "seat must be a whole number from 0 to 2"),
        ({"illegal": "ignore"}, "illegal must be one of raise, lose"),
        ({"map_id": "atlantis"}, "unknown map 'atlantis'"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, words: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadInput, match=words):
        AgeOfSteamEnv(**{"map_id": "rust-belt", "players": 3, **kwargs})
