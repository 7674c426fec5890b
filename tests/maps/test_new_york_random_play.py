"""200 whole random games of New York Subway, 50 for each player count 3–6: every invariant after every action
(discs conserved in the bag and the stacks, station limits per side and per player, only legal sides), then
replay-equality."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from tests import random_games

MAP = "new-york-subway"
GAMES = 200
CHUNK = 25


def play_checked(seed: int, players: int) -> tuple[Game, list[str], Counter[str]]:
    """One random game on this map, checked after every action (see ``tests/random_games.py``)."""
    return random_games.play_checked(MAP, seed, players)


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
