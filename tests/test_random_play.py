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

from collections import Counter

import pytest

from ageofsteam import Game
from tests import random_games

GAMES = 200
CHUNK = 10  # games per test, so that pytest-xdist can share them out


def play_checked(seed: int, players: int) -> tuple[Game, list[str], Counter[str]]:
    """One random game on this map, checked after every action (see ``tests/random_games.py``)."""
    return random_games.play_checked("rust-belt", seed, players)


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
