"""Heavy Cardboard: 60 whole random games (4–6 players), every invariant checked after every action and every
record replayed at the end; each Heavy Lifting delivery the bot makes is re-measured (at most 5 spaces of open
land, never to or from Madeira, from a city of the mover's own link), and no cube ever ends on the central
city."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.invariants import check_invariants, check_replay
from ageofsteam.maps.heavy_cardboard.heavy_lifting import has_own_link, lift_distance

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


def play(seed: int) -> tuple[Game, list[str], Counter[str]]:
    game = Game.new(MAP, players=4 + seed % 3, seed=seed)
    rng, bot = random.Random(seed), RandomBot()
    seen: Counter[str] = Counter()
    problems = check_invariants(game)
    while not game.over and not problems:
        action = bot.choose(game, rng)
        problems += [f"seed {seed}: {p}" for p in check_move(game, action)]
        game.apply(action)
        seen[action.kind] += 1
        problems += [f"seed {seed}, action {len(game.record.actions)}: {p}" for p in check_invariants(game)]
    if not problems:
        problems += [f"seed {seed}: {p}" for p in check_replay(game)]
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
