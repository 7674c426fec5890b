"""Chance as data: each pending chance event lists its outcomes with their probabilities."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ageofsteam import Game, IllegalAction
from ageofsteam.engine.actions import CHANCE, Draw, PlayerOrder, Roll
from ageofsteam.engine.record import Record
from ageofsteam.maps import load_rules, map_ids
from tests.rules.test_goods_growth import growth


def _normal(action):
    """A sampled outcome as the listed one: dice sorted within each half."""
    if isinstance(action, Roll):
        return Roll(tuple(sorted(action.light)), tuple(sorted(action.dark)))
    return action


def _check_distribution(game: Game, samples: int = 3000) -> None:
    outcomes = game.chance_outcomes()
    assert outcomes is not None
    listed = dict(outcomes)
    assert len(listed) == len(outcomes), "each outcome is listed once"
    assert sum(listed.values()) == pytest.approx(1.0)
    g = game.state
    for action in listed:
        g.rules.check(g, action)  # every listed outcome is one the game accepts
    rng = random.Random(7)
    seen = Counter(_normal(g.rules.sample_chance(g, rng)) for _ in range(samples))
    assert set(seen) <= set(listed), "sampling never gives an outcome that is not listed"
    for action, p in sorted(listed.items(), key=lambda kv: -kv[1])[:5]:  # the likeliest agree with sampling
        assert abs(seen[action] / samples - p) < 4 * (p * (1 - p) / samples) ** 0.5 + 1e-9


def test_the_goods_growth_dice_list_each_sorted_roll_with_its_probability():
    game = growth(players=3)
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 56 * 56  # three dice a half: 56 multisets of values each
    probability = dict(outcomes)
    assert probability[Roll((1, 1, 1), (6, 6, 6))] == pytest.approx((1 / 216) ** 2)
    assert probability[Roll((1, 2, 3), (1, 1, 2))] == pytest.approx((6 / 216) * (3 / 216))
    _check_distribution(game)


def test_the_production_draw_lists_every_ordered_pair_from_the_bag():
    game = growth(players=3, production=0)
    outcomes = game.chance_outcomes()
    assert all(isinstance(a, Draw) and len(a.cubes) == 2 for a, _ in outcomes)
    bag = game.state.bag
    total = sum(bag.values())
    p = dict(outcomes)[Draw(("red", "red"))]
    assert p == pytest.approx(bag["red"] / total * (bag["red"] - 1) / (total - 1))
    _check_distribution(game)


def test_the_initial_player_order_lists_every_order_equally_likely():
    drawn = Game.new("rust-belt", players=4, seed=3)
    record = Record(map="rust-belt", seats=drawn.record.seats, seed=3, actions=drawn.record.actions[:1])
    game = Game.from_record(record, auto_chance=False)
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 24 and all(p == pytest.approx(1 / 24) for _, p in outcomes)
    assert all(isinstance(a, PlayerOrder) for a, _ in outcomes)
    _check_distribution(game)


def test_the_setup_draw_has_too_many_outcomes_to_list():
    record = Record(map="rust-belt", seats=Game.new("rust-belt", players=3, seed=1).record.seats, seed=1)
    game = Game.from_record(record, auto_chance=False)
    assert game.chance_outcomes() is None


def test_asking_for_chance_outcomes_when_no_chance_event_is_due_is_refused():
    game = Game.new("rust-belt", players=3, seed=1)
    with pytest.raises(IllegalAction, match="no dice roll or draw is due now"):
        game.chance_outcomes()


@pytest.mark.parametrize("map_id", map_ids())
def test_every_chance_event_of_every_map_lists_the_outcome_it_samples(map_id: str):
    from ageofsteam.bots import RandomBot

    rules = load_rules(map_id)
    players = rules.player_counts()[0]
    game = Game.new(map_id, players=players, seed=11)
    bot, rng = RandomBot(), random.Random(5)
    game.auto_chance = False
    while not game.over and game.state.turn <= 3:
        g = game.state
        if g.to_move == CHANCE:
            outcomes = game.chance_outcomes()
            sampled = g.rules.sample_chance(g, rng)
            if outcomes is not None:
                listed = dict(outcomes)
                assert sum(listed.values()) == pytest.approx(1.0)
                assert _normal(sampled) in listed
            game.supply_chance(sampled)
        else:
            game.apply(bot.choose(game, rng))
