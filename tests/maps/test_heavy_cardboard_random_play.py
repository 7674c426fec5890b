"""Heavy Cardboard: 60 whole random games (4–6 players), every invariant checked after every action and every
record replayed at the end; each Heavy Lifting delivery the bot makes is re-measured (at most 5 spaces of open
land, never to or from Madeira, from a city of the mover's own link), and no cube ever ends on the central
city."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.engine.actions import Action
from ageofsteam.maps.heavy_cardboard.heavy_lifting import has_own_link, lift_distance
from tests import random_games

MAP = "heavy-cardboard"
GAMES = 60
CHUNK = 10


def check_move(game: Game, action) -> list[str]:
    g = game.state
    centre = g.rules.central_city()  # type: ignore[attr-defined]
    if action.kind == "deliver":
        route = g.rules.phase(g).route_of(g, action)
        return ["a cube was delivered to the central city"] if route.stops[-1] == centre else []
    if action.kind != "heavy_lift":
        return []
    a, b = (g.city_hex(g.map.by_label[x]) for x in (action.city, action.to))
    out = []
    if {a, b} & g.rules.no_lift_cities():  # type: ignore[attr-defined]
        out.append("Heavy Lifting to or from Madeira")
    if not has_own_link(g, action.player, a):
        out.append("Heavy Lifting from a city without the mover's link")
    d = lift_distance(g, a, b)
    if d is None or d > 5:
        out.append(f"Heavy Lifting over {d} spaces")
    return out


def _check_move(game: Game, action: Action, seen: Counter[str]) -> None:
    problems = check_move(game, action)
    assert problems == [], problems


def play(seed: int) -> tuple[Game, list[str], Counter[str]]:
    game, problems, seen = random_games.play_checked(MAP, seed, 4 + seed % 3, observe=_check_move)
    seen["refills"] += sum(1 for line in game.state.log if "is empty and gains" in line)
    return game, problems, seen


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
    assert seen["build"] > 0 and seen["deliver"] > 0 and seen["heavy_lift"] > 0
    assert finished >= CHUNK // 2


def test_random_games_build_ferries_and_refill_the_central_city():
    seen: Counter[str] = Counter()
    for seed in range(100, 110):
        _, problems, used = play(seed)
        assert problems == []
        seen += used
    assert seen["build_link"] > 0
    assert seen["refills"] > 0
