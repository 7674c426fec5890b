"""The OpenSpiel game: OpenSpiel's random-simulation check, its MCTS bot for a few moves, chance nodes with
their outcomes and probabilities, clones independent of their original."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import ageofsteam.rl.openspiel
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.maps import load_rules, map_ids


def load(map_id: str, players: int, seed: int = 1) -> pyspiel.Game:
    return pyspiel.load_game("python_ageofsteam", {"map": map_id, "players": players, "seed": seed})


@pytest.mark.parametrize("map_id", ["rust-belt", "miami-2030"])
def test_random_simulation(map_id: str) -> None:
    pyspiel.random_sim_test(
        load(map_id, load_rules(map_id).player_counts()[0]), num_sims=2, serialize=False, verbose=False
    )


@pytest.mark.slow
@pytest.mark.parametrize("map_id", map_ids())
def test_random_simulation_on_every_map(map_id: str) -> None:
    pyspiel.random_sim_test(
        load(map_id, load_rules(map_id).player_counts()[1], 3), num_sims=1, serialize=False, verbose=False
    )


def test_mcts_plays_a_few_moves() -> None:
    game = load("old-europe", 3)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 6, mcts.RandomRolloutEvaluator(1, rng, max_length=40), random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while moves < 4 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4


def test_chance_nodes_list_outcomes_that_sum_to_one() -> None:
    """Goods growth's dice (and Production's draws, when taken) are chance nodes, in games of random moves."""
    game = load("rust-belt", 3)
    rng = np.random.RandomState(1)
    kinds: set[str] = set()
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                assert len(outcomes) <= game.max_chance_outcomes()
                kinds.add(state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).split("(")[0])
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert "Roll" in kinds


def test_a_clone_is_independent() -> None:
    state = load("texas", 4).new_initial_state()
    clone = state.clone()
    action = state.legal_actions()[-1]
    clone.apply_action(action)
    assert clone.history() == [action] and state.history() == []
    assert str(state) != str(clone) or state.current_player() != clone.current_player() or state.legal_actions()
    assert state.table.state.log != clone.table.state.log


def test_observation_tensor_has_the_documented_size() -> None:
    game = load("iceland", 4)
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.observation_tensor(0) != state.observation_tensor(1)


def test_players_default_to_the_map_s_smallest_count() -> None:
    assert pyspiel.load_game("python_ageofsteam", {"map": "miami-2030"}).num_players() == 1
    assert pyspiel.load_game("python_ageofsteam").num_players() == 3


def test_an_illegal_action_is_refused_in_one_line() -> None:
    state = load("rust-belt", 3).new_initial_state()
    illegal = next(a for a in range(100) if a not in state.legal_actions())
    with pytest.raises(IllegalAction, match=f"action {illegal} .* is not legal now"):
        state.apply_action(illegal)


def test_unknown_map_is_refused() -> None:
    with pytest.raises(BadInput, match="unknown map 'atlantis'"):
        ageofsteam.rl.openspiel.AgeOfSteamGame({"map": "atlantis"})
