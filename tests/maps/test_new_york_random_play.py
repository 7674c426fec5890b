"""200 whole random games of New York Subway, 50 for each player count 3–6: every invariant after every action
(discs conserved in the bag and the stacks, station limits per side and per player, only legal sides), then
replay-equality."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ageofsteam import Game, Record, view
from ageofsteam.bots import RandomBot
from ageofsteam.engine.invariants import check_invariants, check_replay

MAP = "new-york-subway"
GAMES = 200
CHUNK = 25


def play_checked(seed: int, players: int) -> tuple[Game, list[str], Counter[str]]:
    game = Game.new(MAP, players=players, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    kinds: Counter[str] = Counter()
    problems = [f"at the start: {p}" for p in check_invariants(game)]
    while not game.over and not problems:
        action = bot.choose(game, rng)
        game.apply(action)
        kinds[action.kind] += 1
        where = f"action {len(game.record.actions)} ({action.kind}, turn {game.state.turn}, {game.state.phase})"
        problems += [f"{where}: {p}" for p in check_invariants(game)]
    if not problems:
        problems += check_replay(game)
        again = Game.from_record(Record.loads(game.record.dumps()))
        if view(again) != view(game):
            problems.append("the record read back from its JSON text replays to a different view")
    return game, [f"seed {seed}, {players} players, {p}" for p in problems], kinds


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first):
    problems: list[str] = []
    kinds: Counter[str] = Counter()
    for seed in range(first, first + CHUNK):
        game, found, used = play_checked(seed, players=3 + seed % 4)
        assert game.over
        problems += found
        kinds += used
    assert problems == []
    assert kinds["excavate"] > 0 and kinds["build_station"] > 0 and kinds["deliver"] > 0
