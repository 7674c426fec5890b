"""60 whole random games on 51st State (3–6 players): every invariant after every action (discs within each
circle's capacity, one disc per player and circle, none of a bankrupt player), then replay-equality."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from tests import random_games

MAP = "51st-state"
GAMES = 60
CHUNK = 10


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
    assert kinds["place_disc"] > 0 and kinds["deliver"] > 0
