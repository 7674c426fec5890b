"""The random-play harness the test suite shares: one whole random game, checked after every action."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ageofsteam import Game, Record, view
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Action
from ageofsteam.engine.invariants import check_invariants, check_replay

Observer = Callable[[Game, Action, Counter[str]], None]


def play_checked(
    map_id: str,
    seed: int,
    players: int,
    options: dict[str, Any] | None = None,
    observe: Observer | None = None,
) -> tuple[Game, list[str], Counter[str]]:
    """Play one game with the random bot in every seat, checking every invariant after every action and, at
    the end, that the record (also read back from its JSON text) replays to the same view and that the view
    survives a JSON round trip. ``observe`` sees each action before it is applied (to count or assert what a
    map's test cares about). Returns the game, the problems found and how often each action kind was used."""
    game = Game.new(map_id, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    bot = RandomBot()
    kinds: Counter[str] = Counter()
    problems = [f"at the start: {p}" for p in check_invariants(game)]
    while not game.over and not problems:
        action = bot.choose(game, rng)
        if observe is not None:
            observe(game, action, kinds)
        game.apply(action)
        kinds[action.kind] += 1
        where = f"action {len(game.record.actions)} ({action.kind}, turn {game.state.turn}, {game.state.phase})"
        problems += [f"{where}: {p}" for p in check_invariants(game)]
    if not problems:
        problems += check_replay(game)
        again = Game.from_record(Record.loads(game.record.dumps()))
        if view(again) != view(game):
            problems.append("the record read back from its JSON text replays to a different view")
        if json.loads(json.dumps(view(game))) != view(game):
            problems.append("the view does not survive json.dumps/json.loads")
    return game, [f"{map_id}, seed {seed}, {players} players, {p}" for p in problems], kinds
