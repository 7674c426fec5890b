"""Helpers for the server tests: an app on a temporary database, and a driver that plays through the API."""

from __future__ import annotations

import asyncio
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx2
from fastapi.testclient import TestClient

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record


def create(client: TestClient, players: int = 3, bots: int = 0, **extra: Any) -> dict[str, Any]:
    """A Rust Belt game of ``players`` seats, the last ``bots`` of them bots. Its dice come from the server's
    secret unless the game allows a chosen seed (one human, or ``hot_seat=True``): then seed 7 unless given."""
    seats = [{"name": f"P{i}", "bot": "random" if i >= players - bots else None} for i in range(players)]
    if players - bots <= 1 or extra.get("hot_seat"):
        extra.setdefault("seed", 7)
    r = client.post("/api/games", json={"map": "rust-belt", "players": players, "seats": seats, **extra})
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
    game.auto_chance = False  # the dice come from the server (its secret), as the answers tell them
    bots = {i for i, s in enumerate(game.record.seats) if s.bot}
    for _ in range(limit):
        if bots:
            game = local_game(client, gid)
            game.auto_chance = False
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
        for later in r.json()["applied"][1:]:  # the chance events the action set off, drawn by the server
            game.supply_chance(later["action"])
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(db: str, port: int, *options: str) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``aos serve`` process on ``db`` at ``port`` (with ``options``), killed at the end."""
    with servers(db, [port], *options) as (proc,):
        yield proc


@contextmanager
def servers(db: str, ports: list[int], *options: str) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Real ``aos serve`` processes on ``db``, one at each of ``ports`` (with ``options``), started together and
    killed at the end."""
    aos = str(Path(sys.executable).parent / "aos")
    with ExitStack() as stack:
        started = []
        for port in ports:
            output = stack.enter_context(tempfile.TemporaryFile())  # not a pipe: a server that logs never blocks
            cmd = [aos, "serve", "--port", str(port), "--database-url", db, *options]
            proc = subprocess.Popen(cmd, stdout=output, stderr=subprocess.STDOUT)
            stack.callback(_stop, proc)
            started.append((proc, port, output))
        for proc, port, output in started:
            _wait_until_up(proc, port, output)
        yield [proc for proc, _, _ in started]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def _wait_until_up(proc: subprocess.Popen[bytes], port: int, output: Any) -> None:
    """Wait until ``proc`` answers at ``port`` (its ``output`` is shown if it stops first)."""
    end = time.monotonic() + 30
    while True:
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return
        except httpx2.TransportError:
            pass
        if proc.poll() is not None:
            output.seek(0)
            raise AssertionError(output.read().decode(errors="replace"))
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.1)


T = TypeVar("T")


def run_async(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own (a browser test may leave a loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(main())).result()
