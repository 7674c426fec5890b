"""Two real ``aos serve`` processes on one PostgreSQL database serve the same games (skipped without
``AOS_TEST_DATABASE_URL``): an action, an undo or an undo asked for on one reaches the viewers and players of
the other; two submissions of the same position on both are decided by the database (one accepted, one
``stale``); the bots of a process killed with SIGKILL are taken over by the other; a listening connection the
database drops comes back."""

from __future__ import annotations

import json
import os
import random
import signal
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

import httpx2
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from tests.server.helpers import free_port, local_game, servers, wait_for

RUST_BELT_THREE = {
    "map": "rust-belt",
    "players": 3,
    "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
    "hot_seat": True,  # the host link plays every seat
}


class Node:
    """One server process: its address, client and process."""

    def __init__(self, port: int, proc: Any) -> None:
        self.port = port
        self.proc = proc
        self.client = httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)

    def ws(self, gid: str) -> Any:
        return connect(f"ws://127.0.0.1:{self.port}/api/games/{gid}/ws")


@pytest.fixture
def nodes(pg_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Node, Node]]:
    """Two processes on one database (``request.param``: more ``aos serve`` options)."""
    options = getattr(request, "param", ())
    ports = [free_port(), free_port()]
    with servers(pg_url, ports, *options) as procs:
        yield Node(ports[0], procs[0]), Node(ports[1], procs[1])


def next_action(game: Game, rng: random.Random) -> dict[str, Any]:
    return RandomBot().choose(game, rng).to_json()


def submit_together(
    nodes: list[Node], path: str, body: dict[str, Any], headers: dict[str, str]
) -> list[httpx2.Response]:
    """``body`` posted to ``path`` of every node at the same moment (one thread each); their answers."""
    start = threading.Barrier(len(nodes))
    answers: list[httpx2.Response] = []

    def submit(node: Node) -> None:
        start.wait()
        answers.append(node.client.post(path, json=body, headers=headers))

    threads = [threading.Thread(target=submit, args=(n,)) for n in nodes]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others skipped)."""
    while True:
        msg = json.loads(ws.recv(timeout=20))
        if msg["type"] == kind:
            return msg


def test_an_action_accepted_by_one_process_reaches_a_viewer_of_the_other(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    d = a.client.post("/api/games", json=RUST_BELT_THREE).json()
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    rng = random.Random(3)
    with b.ws(gid) as viewer:
        hello = receive(viewer, "hello")
        for _ in range(5):
            game = local_game(a.client, gid)
            r = a.client.post(
                f"/api/games/{gid}/actions", json={"index": hello["index"], "action": next_action(game, rng)}
            )
            assert r.status_code == 403  # no token: refused, and nothing told
            r = a.client.post(
                f"/api/games/{gid}/actions",
                json={"index": len(game.record.actions), "action": next_action(game, rng)},
                headers=host,
            )
            assert r.status_code == 200, r.text
            update = receive(viewer, "update")
            assert update["index"] == r.json()["index"]
            assert [x["action"] for x in update["actions"]] == [x["action"] for x in r.json()["applied"]]
            assert update["view"] == b.client.get(f"/api/games/{gid}").json()["view"]
    assert b.client.get(f"/api/games/{gid}/record").json() == a.client.get(f"/api/games/{gid}/record").json()


def test_an_undo_on_one_process_reaches_the_other(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    d = a.client.post("/api/games", json=RUST_BELT_THREE).json()
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    game = local_game(a.client, gid)
    index = len(game.record.actions)
    r = b.client.post(
        f"/api/games/{gid}/actions", json={"index": index, "action": next_action(game, random.Random(1))}, headers=host
    )
    assert r.status_code == 200, r.text
    with b.ws(gid) as viewer:
        receive(viewer, "hello")
        undone = a.client.post(f"/api/games/{gid}/undo", json={"index": r.json()["index"]}, headers=host)
        assert undone.status_code == 200, undone.text
        msg = receive(viewer, "undo")
        assert msg["index"] == index
    assert b.client.get(f"/api/games/{gid}").json()["index"] == index


def test_two_submissions_of_one_position_on_two_processes_one_accepted_one_stale(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    d = a.client.post("/api/games", json=RUST_BELT_THREE).json()
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    b.client.get(f"/api/games/{gid}")  # both processes hold the game in memory
    rng = random.Random(5)
    for _ in range(8):
        game = local_game(a.client, gid)
        body = {"index": len(game.record.actions), "action": next_action(game, rng)}
        answers = submit_together([a, b], f"/api/games/{gid}/actions", body, host)
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        refused = next(r for r in answers if r.status_code == 409)
        assert refused.json()["code"] == "stale"
        accepted = next(r for r in answers if r.status_code == 200)
        assert accepted.json()["applied"][0]["index"] == body["index"]
    record_a = a.client.get(f"/api/games/{gid}/record").json()
    assert record_a == b.client.get(f"/api/games/{gid}/record").json()
    Game.from_record(Record.model_validate(record_a))  # every action once, in order: it replays


@pytest.mark.parametrize("nodes", [("--lease-seconds", "1.5", "--bot-delay", "0.3")], indirect=True)
def test_the_bots_of_a_process_killed_are_moved_by_the_other(nodes: tuple[Node, Node], pg_url: str) -> None:
    a, b = nodes
    seats = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
    gid = a.client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats, "seed": 4}).json()["id"]
    engine = create_engine(pg_url)

    def holder() -> str | None:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT holder FROM bot_leases WHERE game_id = :g"), {"g": gid}).first()
        return row[0] if row else None

    try:
        first = wait_for(holder)  # a's: b has not heard of the game yet
        wait_for(lambda: b.client.get(f"/api/games/{gid}").json()["index"] > 10)  # b follows the game now
        os.kill(a.proc.pid, signal.SIGKILL)
        a.proc.wait()
        index = b.client.get(f"/api/games/{gid}").json()["index"]
        wait_for(lambda: b.client.get(f"/api/games/{gid}").json()["index"] > index + 3)
        assert holder() not in (None, first)  # b took the lease over
    finally:
        engine.dispose()
    record = b.client.get(f"/api/games/{gid}/record").json()
    Game.from_record(Record.model_validate(record))


def test_a_lost_listening_connection_comes_back_and_catches_up(nodes: tuple[Node, Node], pg_url: str) -> None:
    a, b = nodes
    d = a.client.post("/api/games", json=RUST_BELT_THREE).json()
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    channel = "aos_changes_" + unquote(pg_url).rsplit("search_path=", 1)[1]
    engine = create_engine(pg_url)
    try:
        with b.ws(gid) as viewer:
            receive(viewer, "hello")
            with engine.begin() as conn:  # the database drops both processes' listening connections
                dropped = conn.execute(
                    text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = :q"),
                    {"q": f'LISTEN "{channel}"'},
                ).all()
            assert len(dropped) == 2
            game = local_game(a.client, gid)
            r = a.client.post(
                f"/api/games/{gid}/actions",
                json={"index": len(game.record.actions), "action": next_action(game, random.Random(2))},
                headers=host,
            )
            assert r.status_code == 200, r.text
            assert receive(viewer, "update")["index"] == r.json()["index"]  # told, whether by notification or
            # by the catching up that follows the reconnection

        def listening() -> bool:
            with engine.connect() as conn:
                q = text("SELECT count(*) FROM pg_stat_activity WHERE query = :q")
                return conn.execute(q, {"q": f'LISTEN "{channel}"'}).scalar_one() == 2

        wait_for(listening)  # both listen again
    finally:
        engine.dispose()


def test_an_undo_asked_for_on_one_process_is_answered_on_the_other(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    d = a.client.post("/api/games", json={"map": "rust-belt", "players": 3}).json()
    gid = d["id"]
    tokens = [{"X-Seat-Token": s["token"]} for s in d["seats"]]
    g = a.client.get(f"/api/games/{gid}").json()
    first, index = g["view"]["to_move"], g["index"]
    share = {"kind": "issue_shares", "count": 1}
    r = a.client.post(f"/api/games/{gid}/actions", json={"index": index, "action": share}, headers=tokens[first])
    assert r.status_code == 200, r.text
    second = b.client.get(f"/api/games/{gid}").json()["view"]["to_move"]
    r = b.client.post(f"/api/games/{gid}/actions", json={"index": index + 1, "action": share}, headers=tokens[second])
    assert r.status_code == 200, r.text
    # a hears of b's action by the database's notification, a moment later (until then it answers stale)
    wait_for(lambda: a.client.get(f"/api/games/{gid}").json()["index"] == index + 2)
    with b.ws(gid) as viewer:
        receive(viewer, "hello")
        asked = a.client.post(f"/api/games/{gid}/undo-request", json={"index": index + 2}, headers=tokens[first])
        assert asked.status_code == 200, asked.text
        told = receive(viewer, "undo_request")  # the viewer on the other process is told of the request
        assert told["request"] == asked.json()["request"]
        you = b.client.get(f"/api/games/{gid}", headers=tokens[second]).json()["you"]
        assert you["undo_request"] == told["request"]
        answer = {"index": index + 2, "accept": True}
        r = b.client.post(f"/api/games/{gid}/undo-request/answer", json=answer, headers=tokens[second])
        assert r.json() == {"index": index, "request": None}
    # and of the undo, a moment after b's answer
    wait_for(lambda: a.client.get(f"/api/games/{gid}").json()["index"] == index)


def test_a_seat_handed_to_a_bot_on_one_process_is_told_and_played_on_the_other(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    d = a.client.post("/api/games", json={"map": "rust-belt", "players": 3}).json()
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    seat = b.client.get(f"/api/games/{gid}").json()["view"]["to_move"]
    with b.ws(gid) as viewer:
        receive(viewer, "hello")
        r = a.client.post(f"/api/games/{gid}/seats/{seat}", json={"bot": "random"}, headers=host)
        assert r.status_code == 200, r.text
        seen: dict[str, dict[str, Any]] = {}
        while len(seen) < 2:  # the hand-over, and the bot's move (told in one catching up, or in two)
            msg = json.loads(viewer.recv(timeout=20))
            if msg["type"] in ("seats", "update"):
                seen.setdefault(msg["type"], msg)
        assert seen["seats"]["seats"][seat]["bot"] == "random"
        assert "handed over by the host" in seen["seats"]["log"][0]
        assert seen["update"]["actions"][0]["action"]["player"] == seat
    lines = b.client.get(f"/api/games/{gid}/log").json()["lines"]
    assert lines == a.client.get(f"/api/games/{gid}/log").json()["lines"]
    assert sum("handed over by the host" in line for line in lines) == 1
