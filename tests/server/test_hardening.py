"""The server from outside, with bad manners: oversized bodies (by header and by what arrives), odd static
names, binary WebSocket frames, the security headers; a refusal changes nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import create


def test_a_body_past_64_kb_is_refused_before_it_is_parsed(client: TestClient) -> None:
    seats = [{"name": "x"}] * 2_000_000
    big = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats})
    assert big.status_code == 413 and big.json() == {
        "detail": "the request body is larger than 64 KB",
        "field": None,
        "code": "too_large",
    }
    assert client.get("/api/games").json() == []  # nothing was made

    def chunks():  # no Content-Length: the size is counted as it arrives
        for _ in range(100):
            yield b" " * 1024

    streamed = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413 and streamed.json()["code"] == "too_large"
    lying = client.post(
        "/api/games", content=b"{}", headers={"Content-Type": "application/json", "Content-Length": "9999999"}
    )
    assert lying.status_code == 413
    # a record file for the replay viewer may be larger
    assert client.post("/api/replays", content=b"[" + b" " * 100_000 + b"]").status_code == 422


def test_odd_static_names_are_not_found(client: TestClient) -> None:
    for name in ("a%00b", "x" * 300, "js/" + "y" * 150 + ".js", "..%2f..%2fetc%2fpasswd"):
        r = client.get(f"/{name}")
        assert r.status_code == 404, name
        assert r.json()["code"] == "not_found"


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/health", "/api/nothing", "/style.css"):
        h = client.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"]
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
    assert client.get("/api/docs").status_code == 404  # no page that loads its scripts from a CDN
    assert client.get("/api/openapi.json").json()["info"]["title"] == "Age of Steam"


def test_a_binary_websocket_frame_closes_that_connection_only(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_bytes(b"\x00\x01")
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 1003
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:  # the server is fine
        assert ws.receive_json()["type"] == "hello"
        ws.send_text("not json")
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_a_refused_request_does_not_mark_its_seat_joined(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    g = client.get(f"/api/games/{gid}").json()
    waiting = next(s for s in d["seats"] if s["seat"] != g["view"]["to_move"])
    body = {"index": g["index"], "action": {"kind": "issue_shares", "count": 0}}
    r = client.post(f"/api/games/{gid}/actions", json=body, headers={"X-Seat-Token": waiting["token"]})
    assert r.status_code == 403
    seats = client.get(f"/api/games/{gid}").json()["seats"]
    assert not seats[waiting["seat"]]["joined"]  # the refusal changed nothing
    client.get(f"/api/games/{gid}", headers={"X-Seat-Token": waiting["token"]})  # opening the page joins
    assert client.get(f"/api/games/{gid}").json()["seats"][waiting["seat"]]["joined"]


def test_unreadable_bodies_are_refused_with_the_usual_error(client: TestClient) -> None:
    deep = b'{"map": "rust-belt", "players": 3, "options": ' + b"[" * 30000 + b"]" * 30000 + b"}"
    long_number = b'{"map": "rust-belt", "players": ' + b"9" * 5000 + b"}"
    for body in (deep, long_number):
        r = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "bad_json" and "field" in r.json()
    r = client.put("/api/games")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"
    many = client.post(
        "/api/games", json={"map": "rust-belt", "players": 3, "options": {f"k{i}": 1 for i in range(40)}}
    )
    assert many.status_code == 422 and many.json()["field"] == "options"
    seats = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": [{"name": "a"}] * 13})
    assert seats.status_code == 422 and seats.json()["field"] == "seats"
    assert client.get("/api/games").json() == []


def test_a_client_making_games_or_acting_too_fast_is_told_to_wait(tmp_path) -> None:
    from ageofsteam.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", games_per_minute=2, actions_per_minute=3, max_games=3)
    with TestClient(app) as client:
        body = {"map": "rust-belt", "players": 3, "seats": [{"name": "A"}, {"bot": "random"}, {"bot": "random"}]}
        made = [client.post("/api/games", json=body) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 429]
        assert made[2].json()["code"] == "too_many" and "at most 2 new games a minute" in made[2].json()["detail"]
        assert len(client.get("/api/games").json()) == 2  # the refused one made nothing
        d = made[0].json()
        gid, token = d["id"], d["seats"][0]["token"]
        answers = []
        for _ in range(5):
            g = client.get(f"/api/games/{gid}").json()
            r = client.post(
                f"/api/games/{gid}/actions",
                json={"index": g["index"], "action": {"kind": "skip_move"}},
                headers={"X-Seat-Token": token},
            )
            answers.append(r.status_code)
        assert 429 not in answers[:3] and answers[3:] == [429, 429]


def test_a_full_server_refuses_new_games_in_words(tmp_path) -> None:
    from ageofsteam.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", max_games=1)
    with TestClient(app) as client:
        body = {"map": "rust-belt", "players": 3}
        assert client.post("/api/games", json=body).status_code == 201
        full = client.post("/api/games", json=body)
        assert full.status_code == 503 and full.json()["code"] == "full" and "limit" in full.json()["detail"]
