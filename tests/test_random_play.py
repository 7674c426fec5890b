"""200 whole random games on Rust Belt (3–6 players, the random bot in every seat), every invariant checked
after every action, and every record replayed at the end.

After each action (``ageofsteam.engine.invariants.check_invariants``): no player has negative cash; all 96
cubes are accounted for (bag, display, cities, Production cubes in hand); every chain of track has a single
owner or none; tiles in the supply plus tiles on the board match the manifest, and the 8 town disks likewise;
when a player (not chance) is to move, they have a legal action. At the end (``check_replay``, and here once
more through the record's JSON text): the record replays to an identical view, and the view survives a JSON
round trip.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from ageofsteam import Game, Record, view
from ageofsteam.bots import RandomBot
from ageofsteam.engine.invariants import check_invariants, check_replay

GAMES = 200
CHUNK = 10  # games per test, so that pytest-xdist can share them out


def play_checked(seed: int, players: int) -> tuple[Game, list[str], Counter[str]]:
    """One random game, checked after every action; returns the game, the problems and the action kinds."""
    game = Game.new("rust-belt", players=players, seed=seed)
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
        text = game.record.dumps()
        again = Game.from_record(Record.loads(text))
        if view(again) != view(game):
            problems.append("the record read back from its JSON text replays to a different view")
        if json.loads(json.dumps(view(game))) != view(game):
            problems.append("the view does not survive json.dumps/json.loads")
    return game, [f"seed {seed}, {players} players, {p}" for p in problems], kinds


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first):
    problems: list[str] = []
    kinds: Counter[str] = Counter()
    finished = 0
    for seed in range(first, first + CHUNK):
        game, found, used = play_checked(seed, players=3 + seed % 4)
        problems += found
        kinds += used
        g = game.state
        assert game.over and g.phase == "game_over"
        finished += g.turn == g.last_turn
    assert problems == []
    # the games are real games: they build, deliver and mostly run their full length
    assert kinds["build"] > 0 and kinds["deliver"] > 0
    assert finished >= CHUNK // 2


def test_random_games_use_every_kind_of_decision():
    """A few games already use every kind of decision the base game has, so the invariants above are
    checked after each of them."""
    kinds: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    for seed in range(6):
        game, problems, used = play_checked(1000 + seed, players=3 + seed % 4)
        assert problems == []
        kinds += used
        actions += Counter(a["action"] for a in game.record.actions if a["kind"] == "select_action")
    assert set(kinds) >= {
        "issue_shares",
        "bid",
        "drop_out",
        "turn_order_pass",
        "select_action",
        "urbanize",
        "build",
        "end_build",
        "deliver",
        "upgrade_engine",
        "skip_move",
        "place_cube",
    }
    assert set(actions) == set(Game.new("rust-belt", players=3, seed=1).state.rules.ACTIONS)
