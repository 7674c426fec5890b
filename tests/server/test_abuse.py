"""Online play under abuse (issue 32): a WebSocket client that floods messages or never reads is let go before it
fills the server's memory, boards are drawn off the event loop within bounds, and malformed input is answered
in the API's words (never a 500 without the security headers, never a traceback for a client's fault)."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ageofsteam import render
from ageofsteam.maps import load_board
from ageofsteam.server import create_app, replays
from ageofsteam.server.live import viewers as viewers_module
from tests.server.helpers import create, free_port

# --- WebSocket floods --------------------------------------------------------------------------------


def test_a_websocket_that_sends_more_than_its_messages_a_minute_is_closed(client: TestClient) -> None:
    d = create(client)
    limit = 120  # the default of aos serve --ws-messages-per-minute
    with client.websocket_connect(f"/api/games/{d['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "hello"
        for _ in range(limit + 30):
            ws.send_json({"type": "ping"})
        pongs = 0
        while pongs < limit + 30:
            msg = ws.receive()
            if msg["type"] == "websocket.close":
                break
            pongs += 1
        assert pongs == limit  # each message within the limit answered, then the connection closed
        assert msg == {"type": "websocket.close", "code": 1008, "reason": "too many messages"}
    with client.websocket_connect(f"/api/games/{d['id']}/ws") as ws:  # another connection is not touched
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


class NeverReads:
    """A WebSocket client that sends ``frames`` and never reads what it is sent (so nothing sent ever leaves)."""

    def __init__(self, frames: list[str]) -> None:
        self.frames = iter(frames)
        self.closed: tuple[int, str] | None = None

    async def receive(self) -> dict[str, Any]:
        text = next(self.frames, None)
        if text is None or self.closed:
            return {"type": "websocket.disconnect", "code": 1000}
        return {"type": "websocket.receive", "text": text}

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()  # the client's window is full: never sent

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def test_auth_messages_from_a_client_that_never_reads_stop_building_hellos(client: TestClient) -> None:
    d = create(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.live[d["id"]]
    built = []
    hello = hub.viewers.hello

    def counted(*args: Any) -> str:
        built.append(1)
        return hello(*args)

    hub.viewers.hello = counted
    flood = NeverReads([json.dumps({"type": "auth", "token": ""})] * 1000)
    client.portal.call(hub.watch, live, flood, None)  # type: ignore[union-attr]
    assert len(built) == 2  # the hello on connecting and one answer; then the client is let go
    assert flood.closed == (1008, "too far behind")
    assert not live.viewers


def test_any_message_from_a_client_far_behind_lets_it_go(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    d = create(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.live[d["id"]]
    monkeypatch.setattr(viewers_module, "VIEWER_BACKLOG", 50)
    flood = NeverReads(["not json"] * 20 + ['{"type": "ping"}'] * 100)
    client.portal.call(hub.watch, live, flood, None)  # type: ignore[union-attr]
    assert flood.closed == (1008, "too far behind")


# --- boards ------------------------------------------------------------------------------------------


@pytest.fixture
def drawings(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each board drawn, as whether it was drawn on the event loop."""
    drawn: list[bool] = []
    real = render.render_svg

    def spy(*args: Any, **kwargs: Any) -> str:
        try:
            asyncio.get_running_loop()
            drawn.append(True)
        except RuntimeError:
            drawn.append(False)
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "render_svg", spy)
    monkeypatch.setattr(replays, "render_svg", spy)
    return drawn


def test_boards_are_drawn_off_the_event_loop_and_an_empty_map_once(client: TestClient, drawings: list[bool]) -> None:
    for _ in range(3):
        r = client.get("/api/maps/rust-belt/board.svg")
        assert r.status_code == 200 and r.text.startswith("<svg")
    assert drawings == [False]  # drawn once, in the drawing thread
    client.get("/api/maps/rust-belt/board.svg?labels=true")
    assert drawings == [False, False]
    d = create(client)
    assert client.get(f"/api/games/{d['id']}/board.svg?highlight=F7").status_code == 200
    assert client.get(f"/api/games/{d['id']}/replay?index=1").status_code == 200
    assert drawings == [False] * 4


def test_a_board_highlights_at_most_32_hexes_and_the_order_does_not_matter(
    client: TestClient, drawings: list[bool]
) -> None:
    d = create(client)
    gid = d["id"]
    hexes = sorted(load_board("rust-belt").by_label)[:33]
    assert len(hexes) == 33
    r = client.get(f"/api/games/{gid}/board.svg", params={"highlight": ",".join(hexes)})
    assert r.status_code == 422 and r.json()["field"] == "highlight" and "at most 32" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}/board.svg", params={"highlight": ",".join(hexes[:32])}).status_code == 200
    again = ",".join(reversed(hexes[:32])).lower()  # the same hexes listed another way: the picture kept
    assert client.get(f"/api/games/{gid}/board.svg", params={"highlight": again}).status_code == 200
    assert drawings == [False]
    links = ",".join(f"A{i}-B{i}" for i in range(33))
    r = client.get(f"/api/games/{gid}/board.svg", params={"links": links})
    assert r.status_code == 422 and r.json()["field"] == "links"


# --- malformed input ---------------------------------------------------------------------------------


def test_json_nested_too_deep_is_a_400_with_the_security_headers(client: TestClient) -> None:
    r = client.post("/api/replays", content=b"[" * 100_000 + b"]" * 100_000)
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    assert r.headers["x-frame-options"] == "DENY" and "frame-ancestors" in r.headers["content-security-policy"]
    d = create(client)
    with client.websocket_connect(f"/api/games/{d['id']}/ws") as ws:  # on a WebSocket: ignored as not JSON
        assert ws.receive_json()["type"] == "hello"
        ws.send_text("[" * 3000 + "]" * 3000)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_an_error_nobody_foresaw_answers_500_with_the_security_headers(db_url: str) -> None:
    app = create_app(db_url)

    def boom() -> int:
        raise ZeroDivisionError

    app.state.store.count = boom  # a fault of the server's own, in /api/health
    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.get("/api/health")
        assert r.status_code == 500 and r.json()["code"] == "internal"
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "no-referrer"


class Caught(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Caught]]:
    """The app served by uvicorn with the server's own settings, in a thread of this process (bodies must
    arrive within half a second): its address, and what uvicorn logs."""
    from ageofsteam.server.app import server_config

    port = free_port()
    app = create_app(f"sqlite:///{tmp_path / 'aos.db'}", body_seconds=0.5)
    server = uvicorn.Server(server_config(app, "127.0.0.1", port, log_level="info", log_config=None))
    caught = Caught()
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(caught)
    level = logger.level
    logger.setLevel(logging.INFO)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(600):
            if server.started:
                break
            threading.Event().wait(0.05)
        assert server.started, "the server did not start"
        yield f"127.0.0.1:{port}", caught
    finally:
        server.should_exit = True
        thread.join(30)
        logger.removeHandler(caught)
        logger.setLevel(level)


def _game(address: str) -> str:
    import httpx2

    r = httpx2.post(f"http://{address}/api/games", json={"map": "rust-belt", "players": 3, "hot_seat": True})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_a_websocket_frame_of_invalid_utf8_is_closed_without_a_traceback(served: tuple[str, Caught]) -> None:
    address, caught = served
    gid = _game(address)
    with connect(f"ws://{address}/api/games/{gid}/ws") as ws:
        assert json.loads(ws.recv())["type"] == "hello"
        ws.send(b"\xff\xfe not text", text=True)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    with connect(f"ws://{address}/api/games/{gid}/ws") as ws:  # the server is fine
        assert json.loads(ws.recv())["type"] == "hello"
    assert not [r for r in caught.records if r.exc_info or r.levelno >= logging.ERROR]
    assert any("UTF-8" in r.getMessage() for r in caught.records)  # one line says what happened


def test_a_websocket_message_larger_than_a_real_one_is_refused(served: tuple[str, Caught]) -> None:
    from ageofsteam.server.app import WS_MAX_SIZE

    address, _ = served
    gid = _game(address)
    assert 1024 <= WS_MAX_SIZE <= 16 * 1024
    with connect(f"ws://{address}/api/games/{gid}/ws", max_size=None) as ws:
        assert json.loads(ws.recv())["type"] == "hello"
        ws.send(json.dumps({"type": "auth", "token": "x" * WS_MAX_SIZE}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    with connect(f"ws://{address}/api/games/{gid}/ws") as ws:  # a real message is taken
        assert json.loads(ws.recv())["type"] == "hello"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=30)) == {"type": "pong"}


def test_a_request_body_that_trickles_in_is_cut_off(served: tuple[str, Caught]) -> None:
    address, _ = served
    host, port = address.split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        sock.sendall(head.encode())  # and nothing more: the rest never comes
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    status, _, rest = answer.partition(b"\r\n")
    assert status == b"HTTP/1.1 408 Request Timeout"
    assert b"connection: close" in rest.lower() and b"x-frame-options: DENY" in rest
    assert json.loads(rest.partition(b"\r\n\r\n")[2])["code"] == "timeout"
