"""The Gymnasium environments: every registered id passes Gymnasium's check_env as a user calls it, plays to
its end against bots (or to the agent's elimination), and refuses bad use in one line."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ageofsteam.rl
from ageofsteam.bots import SteadyBot
from ageofsteam.bots.random_bot import RandomBot
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.rl.gym_env import VERSION, AgeOfSteamEnv, env_ids, opponent


def test_the_ids_cover_every_map_and_the_solo_variants() -> None:
    ids = env_ids()
    names = {"RustBelt", "DetroitBankruptcySolo", "Miami2030Hard"}
    assert {f"ageofsteam/{name}-v{VERSION}" for name in names} <= set(ids)
    assert ids[f"ageofsteam/Miami2030Medium-v{VERSION}"] == {
        "map_id": "miami-2030",
        "players": 1,
        "options": {"difficulty": "medium"},
    }
    assert {kw["map_id"] for kw in ids.values()} == set(ageofsteam.maps.map_ids())
    assert all(env_id in gymnasium.registry for env_id in ids)


@pytest.mark.parametrize("env_id", sorted(env_ids()))
def test_check_env_as_a_user_calls_it(env_id: str) -> None:
    """``check_env(gymnasium.make(id))`` with the id's defaults: its step-determinism check steps with an index it
    sampled before a reset, in another position, which ends the episode with reward −1 (``illegal="lose"``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its reminder that gymnasium.make wraps the environment
        check_env(gymnasium.make(env_id))


@pytest.mark.parametrize("env_id", [f"ageofsteam/RustBelt-v{VERSION}", f"ageofsteam/Miami2030Hard-v{VERSION}"])
def test_an_episode_against_steady_bots_runs_to_its_end(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="steady")
    obs, info = env.reset(seed=4)
    env.action_space.seed(3)  # the agent's draws seeded too: the same episode every run
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
    assert (table.over or table.state.players[0].eliminated) and steps > 5
    assert total == pytest.approx(table.final_rewards("rank")[0])
    assert not info["action_mask"].any() and not env.unwrapped.action_masks().any()
    with pytest.raises(IllegalAction, match="the episode is over"):
        env.step(0)


def test_an_episode_ends_when_the_agent_is_eliminated() -> None:
    """A random agent soon goes bankrupt: its episode ends there, the game not over, with the rank reward of the
    game as it stands (eliminated seats share the last places)."""
    env = AgeOfSteamEnv("rust-belt", players=3, opponents="random")
    for seed in range(20):
        _, info = env.reset(seed=seed)
        env.action_space.seed(seed)
        done, reward = False, 0.0
        while not done:
            _, reward, done, _, info = env.step(env.action_space.sample(info["action_mask"]))
        table = env.table
        if table.state.players[0].eliminated and not table.over:
            assert reward == table.final_rewards("rank")[0] == -1.0
            assert table.to_move != 0
            return
    pytest.fail("no random agent was eliminated before the end of the game in 20 episodes")


def test_the_space_samples_only_legal_indices() -> None:
    env = AgeOfSteamEnv("texas", players=4, opponents="random")
    env.reset(seed=1)
    env.action_space.seed(0)
    legal = set(env.table.legal())
    assert {int(env.action_space.sample()) for _ in range(30)} <= legal


def test_an_illegal_index_loses_by_default_and_raises_on_request() -> None:
    env = AgeOfSteamEnv("rust-belt", players=3, opponents="random")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, term, _, info = env.step(illegal)
    assert (reward, term, info["illegal"]) == (-1.0, True, True)
    raising = AgeOfSteamEnv("rust-belt", players=3, opponents="random", illegal="raise")
    raising.reset(seed=2)
    with pytest.raises(IllegalAction) as error:
        raising.step(illegal)
    assert "\n" not in str(error.value)


def test_opponents_are_cheap_bots_or_any_bot_given() -> None:
    """The levels a learner trains against are seated on small budgets; another level as the bots make it, and
    a bot object as it is."""
    cheap = opponent("random")
    assert isinstance(cheap, RandomBot) and (cheap.weighed, cheap.stops) == (16, 3)
    steady = opponent("steady")
    assert isinstance(steady, SteadyBot) and steady.plans_tried == 0
    assert type(opponent("strong")).__name__ == "StrongBot"
    mine = SteadyBot()
    env = AgeOfSteamEnv("rust-belt", players=3, opponents=mine)
    assert set(env.bots.values()) == {mine}


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"opponents": "genius"}, "unknown bot level 'genius'"),
        ({"seat": 3}, "seat must be a whole number from 0 to 2"),
        ({"illegal": "ignore"}, "illegal must be one of lose, raise"),
        ({"map_id": "atlantis"}, "unknown map 'atlantis'"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, words: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadInput, match=words):
        AgeOfSteamEnv(**{"map_id": "rust-belt", "players": 3, **kwargs})
