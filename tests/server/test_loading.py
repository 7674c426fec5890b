"""Loading a game that is not in memory: its replay runs outside the event loop, once for all the requests that
ask for it meanwhile, and a game that cannot be replayed is not replayed again until it changes."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any, TypeVar

import httpx2
import pytest
from fastapi.testclient import TestClient

from ageofsteam.server import create_app
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live import cache as cache_module
from tests.server.helpers import create, run_async

T = TypeVar("T")


def _two_games(tmp_path: Path) -> tuple[Any, str, str]:
    app = create_app(f"sqlite:///{tmp_path / 'aos.db'}")
    with TestClient(app) as client:
        a = create(client)["id"]
        b = create(client)["id"]
    app.state.hub.live.pop(a)  # only b stays in memory
    return app, a, b


def test_a_game_being_replayed_does_not_hold_up_another_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, a, b = _two_games(tmp_path)
    order: list[str] = []
    release = threading.Event()
    replayed = cache_module._replayed

    def held_replay(game_id: str, stored: Any) -> Any:
        release.wait(10)  # on the event loop this would hold every request until the time runs out
        order.append(f"replayed {game_id}")
        return replayed(game_id, stored)

    monkeypatch.setattr(cache_module, "_replayed", held_replay)

    async def main() -> tuple[int, int]:
        async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://aos") as web:
            slow = asyncio.create_task(web.get(f"/api/games/{a}"))
            while not app.state.hub.games.pending and not slow.done():  # a's load has started
                await asyncio.sleep(0.001)
            other = await web.get(f"/api/games/{b}")
            order.append(f"answered {b}")
            release.set()
            return other.status_code, (await slow).status_code

    assert run_async(main) == (200, 200)
    assert order == [f"answered {b}", f"replayed {a}"]


def test_requests_for_a_game_being_loaded_share_one_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, a, _ = _two_games(tmp_path)
    calls: list[str] = []
    replayed = cache_module._replayed

    def counted(game_id: str, stored: Any) -> Any:
        calls.append(game_id)
        return replayed(game_id, stored)

    monkeypatch.setattr(cache_module, "_replayed", counted)

    async def main() -> list[int]:
        async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://aos") as web:
            answers = await asyncio.gather(*(web.get(f"/api/games/{a}") for _ in range(5)))
        return [r.status_code for r in answers]

    assert run_async(main) == [200] * 5
    assert calls == [a]


def test_a_game_that_cannot_be_replayed_is_refused_again_without_replaying_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def broken(game_id: str, stored: Any) -> Any:
        calls.append(game_id)
        raise ApiError(409, "unplayable", f"game {game_id!r} cannot be replayed: a test says so", "id")

    app = create_app(f"sqlite:///{tmp_path / 'aos.db'}")
    with TestClient(app) as client:
        a = create(client)["id"]
        app.state.hub.live.pop(a)
        monkeypatch.setattr(cache_module, "_replayed", broken)
        for _ in range(3):
            r = client.get(f"/api/games/{a}")
            assert r.status_code == 409 and r.json()["code"] == "unplayable"
        assert calls == [a]
        store = app.state.store
        stored = store.load(a)
        store.set_seats(a, stored.version, stored.seats, stored.status)  # a new version: it is tried again
        assert client.get(f"/api/games/{a}").status_code == 409
        assert calls == [a, a]


def test_the_replay_threads_stop_with_the_server(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    before = set(threading.enumerate())
    with TestClient(app) as client:
        gid = create(client)["id"]
        app.state.hub.live.pop(gid)
        assert client.get(f"/api/games/{gid}").status_code == 200  # replayed in a replay thread
        mine = [t for t in threading.enumerate() if t not in before and t.name.startswith("replay")]
        assert mine
    for t in mine:  # stopped with the server: its threads end
        t.join(5)
        assert not t.is_alive()
