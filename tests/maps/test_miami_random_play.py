"""Whole random games on Miami 2030, each difficulty (the random bot in the one seat): every invariant checked
after every action (``check_invariants``: the people counted on the districts, the cities and evacuated, flood
cubes only on hexes that may hold one…) and every record replayed at the end. The random bot's figures the
README quotes are measured by ``benchmarks/solo_random.py``, not here."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.engine.actions import Action
from ageofsteam.maps.miami.state import state
from tests import random_games

MAP = "miami-2030"
GAMES = 17  # per difficulty


def _count_moves(game: Game, a: Action, seen: Counter[str]) -> None:
    if a.kind in ("deliver", "flood_hex"):
        seen[a.kind] += 1


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_random_games_keep_every_invariant(difficulty):
    problems: list[str] = []
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        game, found, used = random_games.play_checked(
            MAP, seed, 1, options={"difficulty": difficulty}, observe=_count_moves
        )
        problems += found
        seen += used
        result = state(game.state).result
        assert game.over and result is not None, (seed, difficulty)
        assert result.left == 0 if result.won else result.left > 0 or result.reason == "bankrupt"
        assert result.evacuated == sum(state(game.state).evacuated.values())
    assert problems == []
    assert seen["deliver"] > 0 and seen["flood_hex"] > 0  # the games exercise the map's own rules
