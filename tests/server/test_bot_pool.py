"""Bots on the server: their levels in the API, their decisions in the worker pool (never holding up another
game), the fallback when one overruns its time, and the hint for a player (docs/web-api.md)."""

from __future__ import annotations

import copy
import errno
import logging
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from ageofsteam.bots import DEFAULT_SECONDS, LEVELS, SEARCHING, RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.server import create_app
from ageofsteam.server import thinking as thinking_module
from ageofsteam.server.app import BotLevel
from ageofsteam.server.decisions import decisions, hint_json
from ageofsteam.server.live import bot_runner as bot_runner_module
from ageofsteam.server.thinking import Job, Thinker
from tests.server import slow_bots
from tests.server.helpers import create, local_game, play_until, run_async, wait_for


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def seats(*bots: str | None) -> list[dict[str, Any]]:
    return [{"name": f"P{i}", "bot": b} for i, b in enumerate(bots)]


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_runner_module, "HINT_SECONDS", 0.3)
    # the workers run at a lower priority: on a machine busy with other tests they may start late, and the
    # steady bot standing in for an overrun hint must then still have time to answer
    monkeypatch.setattr(thinking_module, "FALLBACK_SECONDS", 30.0)


# --- levels ----------------------------------------------------------------------------------------


def test_the_api_offers_every_bot_level_with_its_title(client: TestClient) -> None:
    assert set(get_args(BotLevel)) == set(LEVELS)
    bots = client.get("/api/bots").json()
    assert [b["level"] for b in bots] == list(LEVELS)
    assert [b["title"] for b in bots] == ["Easy", "Medium", "Hard", "Baseline"]
    assert all(b["about"] for b in bots)
    # the searching bots' playouts, the same on any machine, and their safety cap
    assert [b["work"] for b in bots] == [None, None, SEARCHING["hard"], SEARCHING["strong"]]
    assert [b["seconds"] for b in bots] == [None, None, DEFAULT_SECONDS, DEFAULT_SECONDS]
    assert all(isinstance(b["rating"], int) for b in bots)  # from the ladder (benchmarks/bots.py)


def test_games_take_every_level_and_refuse_others(client: TestClient) -> None:
    body = {"map": "rust-belt", "players": 4, "seed": 3, "seats": seats(None, "steady", "strong", "random")}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    d = r.json()
    expect = [(None, None), ("steady", "Medium"), ("strong", "Baseline"), ("random", "Easy")]
    assert [(s["bot"], s["bot_title"]) for s in d["seats"]] == expect
    assert [s["token"] is None for s in d["seats"]] == [False, True, True, True]
    shown = client.get(f"/api/games/{d['id']}").json()["seats"]
    listed = client.get("/api/games").json()[0]["seats"]
    assert [(s["bot"], s["bot_title"]) for s in shown] == expect == [(s["bot"], s["bot_title"]) for s in listed]
    assert client.get(f"/api/games/{d['id']}/record").json()["seats"][2]["bot"] == "strong"
    for bad in ("genius", "Hard", "", 3, "RANDOM"):
        r = client.post("/api/games", json={**body, "seats": seats(None, bad, None, None)})
        assert r.status_code == 422, (bad, r.text)
        err = r.json()
        assert err["field"] == "seats.1.bot" and err["code"] == "invalid"
        assert err["detail"].startswith("field 'seats.1.bot':") and "\n" not in err["detail"]
    assert client.get("/api/health").json()["games"] == 1


# --- the pool --------------------------------------------------------------------------------------


def test_bots_decide_in_worker_processes(client: TestClient) -> None:
    d = create(client, players=3, bots=2)
    gid = d["id"]
    play_until(client, gid, d["host_token"], lambda g: g.state.phase == "player_order")
    thinker = client.app.state.hub.thinker  # type: ignore[attr-defined]
    assert thinker.pids and os.getpid() not in thinker.pids
    assert not thinker.overruns


def test_a_thinking_bot_never_holds_up_another_game(db_url: str) -> None:
    app = create_app(db_url, bot_seconds=30.0, bot_workers=2, bot_work=7)
    hub = app.state.hub
    hub.thinker.work = slow_bots.think_hard  # a strong bot that uses its whole safety cap (30 s) on the CPU
    with TestClient(app) as client:
        r = client.post(
            "/api/games", json={"map": "rust-belt", "players": 3, "seed": 2, "seats": seats(*["strong"] * 3)}
        )
        bots, bots_host = r.json()["id"], hdr(r.json()["host_token"])
        wait_for(lambda: len(hub.thinker.running) == 1)
        (job,) = hub.thinker.running.values()
        assert job.game_id == bots and job.level == "strong" and (job.work, job.seconds) == (7, 30.0)
        before = client.get(f"/api/games/{bots}").json()  # the game can be read while its bot thinks
        assert before["index"] == job.index
        r = client.get(f"/api/games/{bots}/hint", headers=bots_host)  # no hint while a bot is to move
        assert r.status_code == 409 and r.json()["code"] == "not_your_move"
        d = create(client)  # three humans
        gid, host = d["id"], hdr(d["host_token"])
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            hello = ws.receive_json()
            body = {"index": hello["index"], "action": {"kind": "issue_shares", "count": 1}}
            assert client.post(f"/api/games/{gid}/actions", json=body, headers=host).status_code == 200
            update = ws.receive_json()
            assert update["type"] == "update" and update["index"] == hello["index"] + 1
            r = client.get(f"/api/games/{gid}/legal", headers=host)
            assert r.status_code == 200 and r.json()["index"] == update["index"]
        # all of it while the bot was still thinking, in a worker process
        assert list(hub.thinker.running.values()) == [job]
        assert client.get(f"/api/games/{bots}").json()["index"] == before["index"]


def test_a_bot_that_overruns_its_time_plays_the_steady_bots_choice(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db_url, bot_seconds=0.2, bot_workers=2)
    hub = app.state.hub
    hub.thinker.work = slow_bots.think_too_long  # the strong bot never answers in time
    hub.thinker.slack = 0.3
    hub.thinker.start_seconds = 0.0
    with caplog.at_level(logging.WARNING, logger="ageofsteam.server"), TestClient(app) as client:
        d = client.post(
            "/api/games", json={"map": "rust-belt", "players": 3, "seed": 5, "seats": seats(*["strong"] * 3)}
        )
        gid = d.json()["id"]
        start = hub.live[gid].index
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["index"] > start, timeout=20)
        assert hub.thinker.overruns >= 1
    assert "overran its time" in caplog.text


def test_a_worker_that_dies_is_replaced_and_the_bot_plays_on(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(db_url, bot_workers=2)
    hub = app.state.hub
    hub.thinker.work = slow_bots.die  # the strong bot's worker dies; the steady bot stands in
    with caplog.at_level(logging.WARNING, logger="ageofsteam.server"), TestClient(app) as client:
        body = {"map": "rust-belt", "players": 3, "seed": 5, "seats": seats(*["strong"] * 3)}
        gid = client.post("/api/games", json=body).json()["id"]
        start = hub.live[gid].index
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["index"] > start + 2, timeout=60)
        assert hub.thinker.pids and os.getpid() not in hub.thinker.pids
    assert "failed" in caplog.text and "steady bot's choice is played" in caplog.text


def test_a_pool_that_cannot_start_a_process_fails_the_job_and_the_bot_plays_on(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db_url, bot_workers=2)
    hub = app.state.hub
    pooled = hub.thinker._executor
    refusals = iter(range(3))  # the first three jobs find no process (say, no file descriptor left to start one)

    class NoProcess:
        def submit(self, *args: Any) -> Any:
            raise OSError(errno.EMFILE, "Too many open files")

    hub.thinker._executor = lambda: NoProcess() if next(refusals, None) is not None else pooled()
    with caplog.at_level(logging.WARNING, logger="ageofsteam.server"), TestClient(app) as client:
        body = {"map": "rust-belt", "players": 3, "seed": 5, "seats": seats(*["strong"] * 3)}
        gid = client.post("/api/games", json=body).json()["id"]
        start = hub.live[gid].index
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["index"] > start + 2, timeout=60)
    assert "could not take" in caplog.text and "Too many open files" in caplog.text
    assert "first legal action is played" in caplog.text  # the stand-in found no process either
    assert "stopped on an error" not in caplog.text


def test_bots_that_stop_on_an_unforeseen_error_say_so_in_the_log(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(db_url, bot_workers=1)
    hub = app.state.hub

    async def broken(job: Job) -> dict[str, Any] | None:
        raise RuntimeError("a bug in the bots")

    hub.thinker.decide = broken
    with caplog.at_level(logging.WARNING, logger="ageofsteam.server"), TestClient(app) as client:
        body = {"map": "rust-belt", "players": 3, "seed": 5, "seats": seats(*["steady"] * 3)}
        gid = client.post("/api/games", json=body).json()["id"]
        wait_for(lambda: "stopped on an error" in caplog.text, timeout=20)
    record = next(r for r in caplog.records if "stopped on an error" in r.getMessage())
    assert gid in record.getMessage() and "a bug in the bots" in caplog.text  # with its traceback


def test_a_new_pool_starts_only_once_the_dropped_one_is_down(monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []

    def slow_stop(pool: Any) -> None:
        time.sleep(0.3)
        pool.shutdown()
        events.append("down")

    monkeypatch.setattr(thinking_module, "_stop", slow_stop)
    thinker = Thinker(1)

    def executor() -> Any:
        if thinker._pool is None:
            events.append("start")
            thinker._pool = ThreadPoolExecutor(1)  # type: ignore[assignment]
        return thinker._pool

    thinker._executor = executor  # type: ignore[method-assign]
    thinker.work = lambda job: {"action": {"kind": "pass"}, "reason": None, "level": job.level, "pid": 0}
    job = Job(game_id="g", record={}, seat=0, level="steady", seconds=None, seed="s")

    async def scenario() -> dict[str, Any] | None:
        thinker._reset(executor())  # a pool dropped (say, a worker died): it goes down in a thread
        return await thinker.run(job, 10)

    try:
        out = run_async(scenario)
    finally:
        thinker.close()
    assert out is not None and out["action"] == {"kind": "pass"}
    assert events == ["start", "down", "start", "down"]  # (the last when the thinker closes)


# --- hints -----------------------------------------------------------------------------------------


def test_a_hint_is_for_the_player_to_move_with_their_token(client: TestClient, quick_hints: None) -> None:
    d = create(client)
    gid = d["id"]
    g = client.get(f"/api/games/{gid}").json()
    seat = g["view"]["to_move"]
    mine, other = d["seats"][seat]["token"], d["seats"][(seat + 1) % 3]["token"]
    record = client.get(f"/api/games/{gid}/record").json()
    r = client.get(f"/api/games/{gid}/hint")
    assert r.status_code == 403 and r.json()["code"] == "forbidden" and r.json()["field"] == "token"
    r = client.get(f"/api/games/{gid}/hint", headers=hdr(other))
    assert r.status_code == 409 and r.json()["code"] == "not_your_move" and "not your move" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}/hint?token=nope").status_code == 404
    for token in (mine, d["host_token"]):
        r = client.get(f"/api/games/{gid}/hint?token={token}")
        assert r.status_code == 200, r.text
        h = r.json()
        assert h["index"] == g["index"] and h["level"] in ("hard", "steady")
        assert h["level_title"] == {"hard": "Hard", "steady": "Medium"}[h["level"]]
        assert h["action"]["kind"] == "issue_shares" and h["action"]["player"] == seat
        assert h["label"].startswith("Issue ") and isinstance(h["reason"], str) and "\n" not in h["reason"]
        assert h["build"] is None and h["route"] is None and h["hex"] is None
        local_game(client, gid).check(h["action"])  # a legal action
    assert client.get(f"/api/games/{gid}/record").json() == record  # asking changes nothing
    # the hint is what the player may send
    r = client.post(f"/api/games/{gid}/actions", json={"index": g["index"], "action": h["action"]}, headers=hdr(mine))
    assert r.status_code == 200


def test_no_hint_once_the_game_is_over(client: TestClient, quick_hints: None) -> None:
    d = create(client)
    live = client.app.state.hub.live[d["id"]]  # type: ignore[attr-defined]
    live.game.state.over = True  # as if it had ended
    r = client.get(f"/api/games/{d['id']}/hint", headers=hdr(d["host_token"]))
    assert r.status_code == 409 and r.json()["code"] == "over"


def test_a_hint_in_the_build_carries_what_the_board_needs(client: TestClient, quick_hints: None) -> None:
    d = create(client)
    gid, host = d["id"], d["host_token"]
    play_until(client, gid, host, lambda g: g.state.phase == "build_track" and g.state.build is not None)
    record = client.get(f"/api/games/{gid}/record").json()
    legal = client.get(f"/api/games/{gid}/legal").json()
    h = client.get(f"/api/games/{gid}/hint", headers=hdr(host)).json()
    assert h["index"] == legal["index"] and h["track_radius"] == legal["track_radius"]
    local_game(client, gid).check(h["action"])
    if h["action"]["kind"] == "build":
        group = next(b for b in legal["builds"] if b["hex"] == h["action"]["hex"])
        option = next(o for o in group["options"] if o["action"] == h["action"])
        assert h["build"]["paths"] == option["paths"] and h["build"]["hex"] == group["hex"] == h["hex"]
        assert h["label"].startswith("Build ") and f"${option['cost']}" in h["label"]
    assert client.get(f"/api/games/{gid}/record").json() == record


def _position(done: Any, seed: int) -> Game:
    game = Game.new("rust-belt", 3, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    for _ in range(3000):
        if done(game):
            return game
        game.apply(bot.choose(game, rng))
    raise AssertionError("never reached")


def test_hint_json_draws_a_build_and_a_delivery_as_legal_does() -> None:
    game = _position(lambda g: any(a.kind == "build" for a in g.legal_actions()) if g.state.build else False, 1)
    legal = decisions(game, len(game.record.actions))
    group = legal["builds"][-1]
    option = group["options"][-1]
    h = hint_json(legal, {"action": option["action"], "reason": "it joins two cities", "level": "strong"})
    assert h["build"] == {"hex": group["hex"], "where": group["where"], **option}
    assert h["hex"] == group["hex"] and h["route"] is None and h["reason"] == "it joins two cities"
    assert h["label"] == f"Build {option['title']} ({option['tracks']}) on {group['where']} for ${option['cost']}"
    end = next(a for a in legal["actions"] if a["action"]["kind"] == "end_build")
    h = hint_json(legal, {"action": end["action"], "reason": "", "level": "steady"})
    assert h["label"] == "End the build" and h["build"] is None and h["level_title"] == "Medium"

    def deliverable(g: Game) -> bool:
        return g.state.phase == "move_goods" and any(a.kind == "deliver" for a in g.legal_actions())

    game = _position(deliverable, 2)
    before = copy.deepcopy(game.record.actions)
    legal = decisions(game, len(game.record.actions))
    cube = legal["deliveries"][0]
    route = cube["routes"][-1]
    h = hint_json(legal, {"action": route["action"], "reason": "pays 2", "level": "strong"})
    assert h["route"] == {"city": cube["city"], "colour": cube["colour"], **route}
    assert set(route["stops"]) <= set(h["route"]["hexes"]) and h["hex"] == cube["city"]
    assert h["label"] == f"Deliver the {cube['colour']} cube: {' → '.join(route['names'])}"
    assert game.record.actions == before
