"""The PettingZoo AEC environment: PettingZoo's own API test on every map and player count, the rewards,
seeding, the observation and mask it gives, and its refusals."""

from __future__ import annotations

import functools
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rl import aec_env
from ageofsteam.rl.pettingzoo_env import AgeOfSteamAEC

SIZES = [
    (m, n) for m in map_ids() for n in range(load_rules(m).player_counts()[0], load_rules(m).player_counts()[1] + 1)
]


@pytest.mark.parametrize(("map_id", "players"), SIZES)
def test_api_test(map_id: str, players: int) -> None:
    env = aec_env(map_id, players=players, seed=players, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to use Box observations: ours is the usual {observation, mask}
        api_test(env, num_cycles=300)


def play_out(env, rng: random.Random) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Play random masked actions to the end; the total reward of each agent."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    return totals


def test_rank_rewards_share_out_plus_one_to_minus_one() -> None:
    env = aec_env("rust-belt", players=4, seed=3)
    env.reset()
    totals = play_out(env, random.Random(3))
    g = env.table.state
    order = [s for s, _ in g.rules.standings(g)]
    rewards = [totals[f"player_{s}"] for s in order]
    assert sum(rewards) == pytest.approx(0.0)
    assert rewards == sorted(rewards, reverse=True)
    assert max(rewards) <= 1.0 and min(rewards) >= -1.0
    if len({v for _, v in g.rules.standings(g)}) == 4:  # no ties: exactly +1, +1/3, −1/3, −1
        assert rewards == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])


@pytest.mark.state_edited
def test_tied_seats_share_their_places() -> None:
    """Two seats with the same score share places 1 and 2: (+1 + 1/3) / 2 each of four."""
    env = aec_env("rust-belt", players=4, seed=3)
    env.reset()
    play_out(env, random.Random(3))
    g = env.table.state
    for p in g.players:
        p.eliminated, p.shares = False, 0
    for seat, income in enumerate((20, 20, 10, 5)):
        g.players[seat].income = income
    g.tiles.clear()
    g.board_changed()
    assert env.table.final_rewards("rank") == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])


def test_a_solo_game_is_won_or_lost_by_the_map_s_verdict() -> None:
    env = aec_env("miami-2030", players=1, seed=5)
    env.reset()
    totals = play_out(env, random.Random(5))
    g = env.table.state
    assert totals["player_0"] == (1.0 if g.rules.solo_figures(g)["won"] else -1.0)


def test_score_reward_is_the_difference_to_the_others_average() -> None:
    env = aec_env("old-europe", players=3, seed=4, reward="score")
    env.reset()
    totals = play_out(env, random.Random(4))
    g = env.table.state
    scores = [g.rules.score(g, s) for s in range(3)]
    for s in range(3):
        others = [scores[o] for o in range(3) if o != s]
        assert totals[f"player_{s}"] == pytest.approx(scores[s] - sum(others) / 2)


def test_shaped_rewards_add_up_to_the_income_gained() -> None:
    """With shaping, an agent's rewards over the game are its final reward plus the weight times its income
    change; all income starts at 0."""
    env = aec_env("rust-belt", players=3, seed=8, shaped=0.5)
    env.reset()
    totals = play_out(env, random.Random(8))
    g = env.table.state
    final = env.table.final_rewards("rank")
    for s, p in enumerate(g.players):
        assert totals[f"player_{s}"] == pytest.approx(final[s] + 0.5 * p.income)


@pytest.mark.parametrize("map_id", ["iceland", "new-york-subway"])
def test_pettingzoo_seed_test(map_id: str) -> None:
    """PettingZoo's own check that two environments reset with one seed play alike."""
    seed_test(functools.partial(AgeOfSteamAEC, map_id, 4), num_cycles=200)


def test_the_same_seed_gives_the_same_game() -> None:
    def trace(seed: int) -> list[bytes]:
        env = aec_env("iceland", players=4, seed=seed)
        env.reset()
        rng = random.Random(0)
        out = []
        for _ in env.agent_iter(max_iter=60):
            obs, _, term, trunc, _ = env.last()
            out.append(obs["observation"].tobytes())
            env.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"])))
        return out

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_the_mask_is_the_mover_s_and_others_see_none() -> None:
    env = aec_env("texas", players=4, seed=2)
    env.reset()
    mover = env.agent_selection
    legal = np.flatnonzero(env.observe(mover)["action_mask"])
    assert list(legal) == env.table.legal() and len(legal) > 0
    other = next(a for a in env.agents if a != mover)
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.observe(mover)["observation"].shape == env.observation_space(mover)["observation"].shape


def test_an_illegal_index_is_refused_in_one_line_and_changes_nothing() -> None:
    env = aec_env("rust-belt", players=3, seed=1)
    env.reset()
    before = env.observe(env.agent_selection)["observation"].copy()
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction) as info:
        env.step(illegal)
    assert "\n" not in str(info.value) and f"action {illegal}" in str(info.value)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)
    with pytest.raises(IllegalAction, match="outside the action space"):
        env.step(10**9)
    with pytest.raises(BadInput, match="whole number"):
        env.step("first")


def test_a_step_after_the_end_is_refused() -> None:
    env = aec_env("51st-state", players=3, seed=2)
    env.reset()
    rng = random.Random(2)
    while not env.table.over:
        env.step(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])))
    with pytest.raises(IllegalAction, match="the game is over: step each agent with None"):
        env.step(0)
    play_out(env, rng)
    assert env.agents == []
    with pytest.raises(IllegalAction, match="reset the environment"):
        env.step(0)


def test_a_step_before_reset_is_refused() -> None:
    with pytest.raises(IllegalAction, match="reset the environment"):
        aec_env("rust-belt", players=3).step(0)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"map_id": "atlantis"}, "unknown map 'atlantis'"),
        ({"map_id": "rust-belt", "players": 9}, "is for 3–6 players, not 9"),
        ({"map_id": "rust-belt", "reward": "money"}, "reward must be one of rank, score"),
        ({"map_id": "miami-2030", "options": {"difficulty": "brutal"}}, "option 'difficulty' must be one of"),
        ({"map_id": "rust-belt", "render_mode": "human"}, "render_mode must be one of ansi"),
    ],
)
def test_bad_settings_are_refused_in_one_line(kwargs: dict, words: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadInput) as info:
        aec_env(**kwargs)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_render_shows_the_position_in_words() -> None:
    env = aec_env("rust-belt", players=3, seed=1, render_mode="ansi")
    env.reset()
    text = env.render()
    assert text is not None and "Rust Belt, turn 1" in text and "← to move" in text
