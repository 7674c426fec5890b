"""Helpers for the server tests: an app on a temporary database, and a driver that plays through the API."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record


def create(client: TestClient, players: int = 3, bots: int = 0, **extra: Any) -> dict[str, Any]:
    seats = [{"name": f"P{i}", "bot": "random" if i >= players - bots else None} for i in range(players)]
    r = client.post("/api/games", json={"map": "rust-belt", "players": players, "seats": seats, "seed": 7, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def local_game(client: Any, gid: str) -> Game:
    """The game replayed from the server's record."""
    return Game.from_record(Record.model_validate(client.get(f"/api/games/{gid}/record").json()))


def play_until(client: Any, gid: str, token: str, done: Any, limit: int = 2000, seed: int = 1) -> Game:
    """Act with the host ``token`` (random bot choices) until ``done(local_game)`` holds; returns the game.
    Bot seats are left to the server's bots (the local game follows the server's record)."""
    rng = random.Random(seed)
    bot = RandomBot()
    game = local_game(client, gid)
    bots = {i for i, s in enumerate(game.record.seats) if s.bot}
    for _ in range(limit):
        if bots:
            game = local_game(client, gid)
        if done(game):
            return game
        assert not game.over
        if game.to_move in bots:
            time.sleep(0.01)
            continue
        action = bot.choose(game, rng)
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"index": len(game.record.actions), "action": action.to_json()},
            headers={"X-Seat-Token": token},
        )
        assert r.status_code == 200, r.text
        game.apply(action)
        assert r.json()["index"] == len(game.record.actions)
    raise AssertionError("the condition was never reached")


def wait_for(pred: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.02)
    raise AssertionError("timed out")
