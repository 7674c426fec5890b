"""50 whole random games on Iceland (4 and 5 players, the random bot in every seat), every invariant checked
after every action (``check_invariants``: the 96 goods counted with the steam on the volcanoes, at most 4
urbanized towns, steam only on volcanoes…), and every record replayed at the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Deliver
from ageofsteam.engine.invariants import check_invariants, check_replay

GAMES = 50
CHUNK = 10
VOLCANOES = {"W10", "P11", "R15", "M16"}


def play(seed: int) -> tuple[list[str], Counter[str]]:
    game = Game.new("iceland", players=4 + seed % 2, seed=seed)
    rng, bot = random.Random(seed), RandomBot()
    seen: Counter[str] = Counter()
    problems = check_invariants(game)
    while not game.over and not problems:
        a = bot.choose(game, rng)
        if isinstance(a, Deliver):
            seen["volcano steam" if a.city in VOLCANOES else "city " + a.colour] += 1
            seen["boat"] += any(lk.startswith("boat:") for lk in a.links)
        game.apply(a)
        problems += [f"action {len(game.record.actions)} ({a.kind}): {p}" for p in check_invariants(game)]
    seen["urbanized"] += len(game.state.new_cities)
    if not problems:
        problems += check_replay(game)
    return [f"seed {seed}: {p}" for p in problems], seen


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
    assert seen["boat"] > 0
