"""50 whole random games on Iceland (4 and 5 players, the random bot in every seat), every invariant checked
after every action (``check_invariants``: the 96 goods counted with the steam on the volcanoes, at most 4
urbanized towns, steam only on volcanoes…), and every record replayed at the end."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.engine.actions import Action, Deliver
from ageofsteam.maps.iceland.rules import DeliverSteam
from tests import random_games

GAMES = 50
CHUNK = 10
VOLCANOES = {"W10", "P11", "R15", "M16"}


def _count_steam_and_boats(game: Game, a: Action, seen: Counter[str]) -> None:
    if isinstance(a, DeliverSteam):  # steam whose water comes from a display box the mover names (Ruling 8)
        seen["water box named"] += 1
        a = a.as_delivery()
    if isinstance(a, Deliver):
        seen["volcano steam" if a.city in VOLCANOES else "city " + a.colour] += 1
        seen["boat"] += any(lk.startswith("boat:") for lk in a.links)


def play(seed: int) -> tuple[list[str], Counter[str]]:
    game, problems, seen = random_games.play_checked("iceland", seed, 4 + seed % 2, observe=_count_steam_and_boats)
    seen["urbanized"] += len(game.state.new_cities)
    return problems, seen


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_iceland_games_keep_every_invariant(first):
    problems: list[str] = []
    seen: Counter[str] = Counter()
    for seed in range(first, first + CHUNK):
        found, used = play(seed)
        problems += found
        seen += used
    assert problems == []
    # the games exercise the map's own rules
    assert seen["volcano steam"] > 0 and seen["city red"] > 0 and seen["city blue"] > 0
    if first == 0:
        # rarer moves, checked on the first ten games: a delivery over a boat link (0 to 3 of the random bot's
        # games in ten use one), and steam whose water comes from a display box the mover names (Ruling 8)
        assert seen["boat"] > 0 and seen["water box named"] > 0
