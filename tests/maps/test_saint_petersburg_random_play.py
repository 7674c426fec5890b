"""Saint Petersburg: 60 whole random games (3 and 4 players), every invariant checked after every action and
every record replayed at the end; the games see both seasons' rules at work."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.engine.actions import Action
from ageofsteam.maps.saint_petersburg.state import state
from tests import random_games

MAP = "saint-petersburg"
GAMES = 60
CHUNK = 10


def _seasons(game: Game, action: Action, seen: Counter[str]) -> None:
    g = game.state
    if action.kind == "select_action":
        seen[f"{state(g).season}:{action.action}"] += 1  # type: ignore[attr-defined]
    if action.kind == "build":
        h = g.map.by_label[action.hex]  # type: ignore[attr-defined]
        seen[f"{state(g).season}:{g.map.terrain[h]}"] += 1
        if g.map.terrain[h] == "river" and state(g).season == "winter":
            seen[f"winter river by {g.players[action.actor].action}"] += 1


def play(seed: int) -> tuple[Game, list[str], Counter[str]]:
    return random_games.play_checked(MAP, seed, 3 + seed % 2, observe=_seasons)


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first):
    problems: list[str] = []
    seen: Counter[str] = Counter()
    finished = 0
    for seed in range(first, first + CHUNK):
        game, found, used = play(seed)
        problems += found
        seen += used
        finished += game.state.turn == game.state.last_turn
    assert problems == []
    assert seen["build"] > 0 and seen["deliver"] > 0
    assert finished >= CHUNK // 2
    # the block disc: never Locomotive in winter, never Urbanization in summer
    assert seen["winter:locomotive"] == 0 and seen["summer:urbanization"] == 0
    assert seen["summer:locomotive"] > 0 and seen["winter:urbanization"] > 0
    # track goes on suburban, urban and green hexes in both seasons
    for season in ("winter", "summer"):
        assert seen[f"{season}:suburban"] > 0 and seen[f"{season}:urban"] > 0


def test_random_games_lay_river_track_in_summer_and_with_the_winter_engineer_only():
    seen: Counter[str] = Counter()
    for seed in range(101, 105):
        _, problems, used = play(seed)
        assert problems == []
        seen += used
    assert seen["summer:river"] > 0
    assert seen["winter:river"] == seen["winter river by engineer"] > 0
    assert seen["summer:sea"] == seen["winter:sea"] == 0
