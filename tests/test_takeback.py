"""How far an undo may take a game back (``Game.takeback_points``): over the player's own decisions and the
bots' answers to them, never past a dice roll or a draw, nor past a human the player does not play."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import parse_action


def played(seed: int, actions: int) -> Game:
    game = Game.new("rust-belt", players=3, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    while len(game.record.actions) < actions and not game.over:
        game.apply(bot.choose(game, rng))
    return game


def test_takeback_points_walk_back_over_own_decisions_and_the_answers_of_bots():
    for seed in range(6):
        game = played(seed, 40 + 7 * seed)
        actions = [parse_action(a) for a in game.record.actions]
        points = game.takeback_points({0}, {1, 2})
        # each point is a decision of seat 0; nothing between it and the end is chance
        for i in points:
            assert actions[i].actor == 0
            assert not any(a.is_chance for a in actions[i:])
        # the latest decision of seat 0 after the last chance event is the first point, and every earlier one follows
        last_chance = max((i for i, a in enumerate(actions) if a.is_chance), default=-1)
        mine = [i for i in range(last_chance + 1, len(actions)) if actions[i].actor == 0]
        assert points == mine[::-1]


def test_another_human_stops_the_takeback():
    for seed in range(6):
        game = played(seed, 40 + 7 * seed)
        actions = [parse_action(a) for a in game.record.actions]
        points = game.takeback_points({0}, set())  # seats 1 and 2 are humans the player does not play
        for i in points:
            assert all(a.actor == 0 and not a.is_chance for a in actions[i:])
        if actions[-1].actor != 0:
            assert points == []


def test_a_host_playing_every_human_seat_takes_back_across_them():
    game = played(3, 60)
    actions = [parse_action(a) for a in game.record.actions]
    points = game.takeback_points({0, 1, 2}, set())
    last_chance = max((i for i, a in enumerate(actions) if a.is_chance), default=-1)
    assert points == list(range(len(actions) - 1, last_chance, -1))
