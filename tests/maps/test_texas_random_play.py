"""Texas: 60 whole random games (4 and 5 players), every invariant checked after every action (the 16 black
goods counted on fields, on track tiles and out of the game) and every record replayed at the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.invariants import check_invariants, check_replay

MAP = "texas"
GAMES = 60
CHUNK = 10


def play(seed: int) -> tuple[Game, list[str], Counter[str]]:
    game = Game.new(MAP, players=4 + seed % 2, seed=seed)
    rng, bot = random.Random(seed), RandomBot()
    seen: Counter[str] = Counter()
    problems = check_invariants(game)
    while not game.over and not problems:
        action = bot.choose(game, rng)
        if action.kind == "deliver_oil":
            assert game.state.players[action.player].action == "tanker"  # type: ignore[attr-defined]
        game.apply(action)
        seen[action.kind] += 1
        problems += [f"seed {seed}, action {len(game.record.actions)}: {p}" for p in check_invariants(game)]
    if not problems:
        problems += [f"seed {seed}: {p}" for p in check_replay(game)]
    return game, problems, seen


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first):
    problems: list[str] = []
    seen: Counter[str] = Counter()
    finished = 0
    oil_laid = 0
    for seed in range(first, first + CHUNK):
        game, found, used = play(seed)
        problems += found
        seen += used
        finished += game.state.turn == game.state.last_turn
        oil_laid += len(game.state.extra["oil"]) < 8
    assert problems == []
    assert seen["build"] > 0 and seen["deliver"] > 0
    assert finished >= CHUNK // 2
    assert oil_laid > 0  # track is laid on oil fields


def test_random_games_deliver_oil_with_the_tanker_and_it_leaves_the_game():
    seen: Counter[str] = Counter()
    removed = 0
    for seed in range(105, 109):
        game, problems, used = play(seed)
        assert problems == []
        seen += used
        removed += game.state.extra["oil_removed"]
    assert seen["deliver_oil"] > 0
    assert removed == seen["deliver_oil"]
