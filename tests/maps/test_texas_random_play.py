"""Texas: 60 whole random games (4 and 5 players), every invariant checked after every action (the 16 black
goods counted on fields, on track tiles and out of the game) and every record replayed at the end."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.engine.actions import Action
from ageofsteam.maps.texas.state import state as figures
from tests import random_games

MAP = "texas"
GAMES = 60
CHUNK = 10


def _tanker_only(game: Game, action: Action, seen: Counter[str]) -> None:
    if action.kind == "deliver_oil":
        assert game.state.players[action.actor].action == "tanker"


def play(seed: int) -> tuple[Game, list[str], Counter[str]]:
    return random_games.play_checked(MAP, seed, 4 + seed % 2, observe=_tanker_only)


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
        oil_laid += len(figures(game.state).oil) < 8
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
        removed += figures(game.state).oil_removed
    assert seen["deliver_oil"] > 0
    assert removed == seen["deliver_oil"]
