"""Bot time shared fairly (issue 32): the games take the bots' workers in turn, so one game's decisions never
delay another game's by more than one decision; a hint waits its turn behind the bots, one at a time per seat
and so many a minute. The pool is driven here with workers that wait until the test lets them answer, so the
order in which jobs start is exact."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.identity import Identity
from ageofsteam.server.scheduler import FairQueue
from ageofsteam.server.thinking import Job, Thinker
from tests.server.helpers import create, run_async


class Gated:
    """A one-worker pool in threads whose jobs each wait for :meth:`finish`; ``started`` lists them in order."""

    def __init__(self) -> None:
        self.thinker = Thinker(1)
        self.thinker.start_seconds = 0.0
        self.thinker.slack = 60.0
        self.pool = ThreadPoolExecutor(1)
        self.thinker._executor = lambda: self.pool  # type: ignore[method-assign]
        self.thinker.work = self.work
        self.started: list[str] = []
        self.gates: dict[str, threading.Event] = {}

    def work(self, job: Job) -> dict[str, Any]:
        name = job.seed
        self.started.append(name)
        self.gates.setdefault(name, threading.Event()).wait(30)
        return {"action": {"kind": "pass"}, "reason": None, "level": job.level, "pid": 0, "seconds": 0.0}

    def finish(self, name: str) -> None:
        self.gates.setdefault(name, threading.Event()).set()

    async def until(self, cond: Any) -> None:
        for _ in range(3000):
            if cond():
                return
            await asyncio.sleep(0.01)
        raise AssertionError("never")


def job(name: str, game: str, *, hint: bool = False) -> Job:
    return Job(game_id=game, record={}, seat=0, level="strong", seconds=1.0, seed=name, hint=hint)


def test_a_games_decisions_never_delay_another_game_by_more_than_one_decision() -> None:
    gated = Gated()

    async def scenario() -> list[str]:
        thinker = gated.thinker
        first = asyncio.create_task(thinker.run(job("A1", "A"), 60))
        await gated.until(lambda: gated.started == ["A1"])
        later = [asyncio.create_task(thinker.run(job(n, "A"), 60)) for n in ("A2", "A3", "A4")]
        await gated.until(lambda: thinker.queue().waiting == 3)
        later.append(asyncio.create_task(thinker.run(job("B1", "B"), 60)))  # another game, last to ask
        await gated.until(lambda: thinker.queue().waiting == 4)
        for name in ("A1", "A2", "B1", "A3", "A4"):
            await gated.until(lambda n=name: n in gated.started)
            gated.finish(name)
        await asyncio.gather(first, *later)
        return gated.started

    try:
        started = run_async(scenario)
    finally:
        gated.pool.shutdown()
    assert started == ["A1", "A2", "B1", "A3", "A4"]  # B waited for one decision of A, not three
    assert gated.thinker.queue().most_passed == 1


def test_a_hint_waits_its_turn_behind_the_bots_of_other_games() -> None:
    gated = Gated()

    async def scenario() -> list[str]:
        thinker = gated.thinker
        first = asyncio.create_task(thinker.run(job("bot A1", "A"), 60))
        await gated.until(lambda: gated.started == ["bot A1"])
        waiting = [asyncio.create_task(thinker.run(job("bot B1", "B"), 60))]
        await gated.until(lambda: thinker.queue().waiting == 1)
        waiting += [asyncio.create_task(thinker.hint(job(f"hint C{i}", "C", hint=True))) for i in range(3)]
        await gated.until(lambda: thinker.queue().waiting == 4)
        waiting.append(asyncio.create_task(thinker.run(job("bot A2", "A"), 60)))
        await gated.until(lambda: thinker.queue().waiting == 5)
        for name in ("bot A1", "bot B1", "hint C0", "bot A2", "hint C1", "hint C2"):
            await gated.until(lambda n=name: n in gated.started)
            gated.finish(name)
        await asyncio.gather(first, *waiting)
        return gated.started

    try:
        started = run_async(scenario)
    finally:
        gated.pool.shutdown()
    # the bot of B asked first and goes first; C's hints take one turn each, as any game's decisions do
    assert started == ["bot A1", "bot B1", "hint C0", "bot A2", "hint C1", "hint C2"]


def test_within_a_game_its_bots_go_before_its_hints() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue(1)
        order: list[str] = []
        await queue.acquire("busy")

        async def take(name: str, game: str, hint: bool) -> None:
            await queue.acquire(game, hint=hint)
            order.append(name)
            queue.release()

        tasks = [asyncio.create_task(take("hint", "A", True))]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(take("bot", "A", False)))
        await asyncio.sleep(0)
        queue.release()
        await asyncio.gather(*tasks)
        return order

    assert run_async(scenario) == ["bot", "hint"]


def test_a_job_given_up_while_it_waits_leaves_the_queue() -> None:
    async def scenario() -> FairQueue:
        queue = FairQueue(1)
        await queue.acquire("A")
        waiting = asyncio.create_task(queue.acquire("B"))
        await asyncio.sleep(0)
        assert queue.waiting == 1
        waiting.cancel()
        await asyncio.sleep(0)
        queue.release()
        return queue

    queue = run_async(scenario)
    assert queue.waiting == 0 and queue.free == 1


# --- hints per seat --------------------------------------------------------------------------------


@pytest.fixture
def quick_hints(client: TestClient) -> tuple[asyncio.Event, list[int]]:
    """Hints answered at once by a stand-in for the pool, except while the returned event is cleared; and the
    seats the stand-in was asked for."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    answer_now = asyncio.Event()
    asked: list[int] = []

    async def hint(job: Job) -> dict[str, Any]:
        asked.append(job.seat)
        await answer_now.wait()
        return {"action": {"kind": "issue_shares", "player": job.seat, "count": 0}, "reason": "", "level": "steady"}

    hub.thinker.hint = hint
    client.portal.call(answer_now.set)  # type: ignore[union-attr]
    return answer_now, asked


def test_a_seat_asks_for_one_hint_at_a_time(client: TestClient, quick_hints: tuple[asyncio.Event, list[int]]) -> None:
    answer_now, asked = quick_hints
    d = create(client)
    gid = d["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.live[gid]
    portal = client.portal
    assert portal is not None
    portal.call(answer_now.clear)
    seat = client.get(f"/api/games/{gid}").json()["view"]["to_move"]
    first = portal.start_task_soon(hub.hint, live, Identity([seat], False))
    for _ in range(3000):
        if asked:
            break
        time.sleep(0.01)
    second = portal.start_task_soon(hub.hint, live, Identity([0, 1, 2], True))  # the same seat, by the host link
    try:
        with pytest.raises(ApiError) as refused:
            second.result(30)
        assert refused.value.status == 429 and refused.value.code == "too_many"
        assert "being worked out" in refused.value.detail
    finally:
        portal.call(answer_now.set)
    assert first.result(30)["action"]["kind"] == "issue_shares"
    assert asked == [seat]
    r = client.get(f"/api/games/{gid}/hint", headers={"X-Seat-Token": d["host_token"]})
    assert r.status_code == 200


def test_a_seat_asks_for_at_most_30_hints_a_minute(
    client: TestClient, quick_hints: tuple[asyncio.Event, list[int]]
) -> None:
    d = create(client)
    gid = d["id"]
    seat = client.get(f"/api/games/{gid}").json()["view"]["to_move"]
    mine = {"X-Seat-Token": d["seats"][seat]["token"]}
    answers = [client.get(f"/api/games/{gid}/hint", headers=mine).status_code for _ in range(31)]
    assert answers == [200] * 30 + [429]
    r = client.get(f"/api/games/{gid}/hint", headers={"X-Seat-Token": d["host_token"]})  # the same seat
    assert r.status_code == 429 and "at most 30 hints a minute" in r.json()["detail"]
