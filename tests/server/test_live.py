"""Live updates over the WebSocket, and bots playing on the server."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ageofsteam.engine.view import view
from ageofsteam.server import create_app
from tests.server.helpers import create, local_game, wait_for


def test_two_viewers_see_the_same_action(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as a,
        client.websocket_connect(f"/api/games/{gid}/ws?token={d['seats'][0]['token']}") as b,
    ):
        ha, hb = a.receive_json(), b.receive_json()
        assert ha["type"] == hb["type"] == "hello" and ha["view"] == hb["view"]
        assert ha["you"] is None and hb["you"]["seats"] == [0]
        seat, index = ha["view"]["to_move"], ha["index"]
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"index": index, "action": {"kind": "issue_shares", "count": 2}},
            headers={"X-Seat-Token": d["host_token"]},
        )
        assert r.status_code == 200
        ua, ub = a.receive_json(), b.receive_json()
        assert ua == ub
        assert ua["type"] == "update" and ua["index"] == index + 1
        assert ua["actions"] == [
            {"index": index, "action": {"kind": "issue_shares", "player": seat, "count": 2}, "hexes": []}
        ]
        assert ua["view"] == view(local_game(client, gid))
        assert ua["log"] and ua["log_size"] == ha["log_size"] + len(ua["log"])
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}


def test_an_undo_is_announced_with_who_took_back_what(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as watcher:
        hello = watcher.receive_json()
        seat, index = hello["view"]["to_move"], hello["index"]
        token = d["seats"][seat]["token"]
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"index": index, "action": {"kind": "issue_shares", "count": 2}},
            headers={"X-Seat-Token": token},
        )
        assert r.status_code == 200
        assert watcher.receive_json()["type"] == "update"
        r = client.post(f"/api/games/{gid}/undo", json={"index": index + 1}, headers={"X-Seat-Token": token})
        assert r.status_code == 200
        undo = watcher.receive_json()
        assert undo["type"] == "undo" and undo["index"] == index
        assert undo["seat"] == seat and undo["by"] == f"P{seat}"
        assert undo["undone"] == ["issue 2 shares"]
        assert undo["view"] == view(local_game(client, gid))


def test_websocket_refusals(client: TestClient) -> None:
    d = create(client)
    with client.websocket_connect("/api/games/nope/ws") as ws:
        msg = ws.receive()
        assert msg["type"] == "websocket.close" and msg["code"] == 4404
    with client.websocket_connect(f"/api/games/{d['id']}/ws?token=bad") as ws:
        msg = ws.receive()
        assert msg["type"] == "websocket.close" and msg["code"] == 4403


def test_bots_answer_a_human_at_once_and_viewers_see_them(client: TestClient) -> None:
    d = create(client, players=3, bots=2)
    gid = d["id"]
    host = {"X-Seat-Token": d["host_token"]}
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        msg = ws.receive_json()  # the hello, then the actions of the bots before the human, as they play
        while msg["view"]["to_move"] != 0:
            msg = ws.receive_json()
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"index": msg["index"], "action": {"kind": "issue_shares", "count": 1}},
            headers=host,
        )
        assert r.status_code == 200
        first = ws.receive_json()
        assert first["actions"][0]["action"]["player"] == 0
        bots: list[int] = []
        msg = first
        while msg["view"]["to_move"] != 0:  # the bots act on their own until the human is to move again
            msg = ws.receive_json()
            bots += [a["action"].get("player", -1) for a in msg["actions"] if "player" in a["action"]]
        assert bots and set(bots) <= {1, 2}
    assert local_game(client, gid).to_move == 0


def test_against_bots_an_undo_takes_back_the_last_decision_with_the_bots_answers(client: TestClient) -> None:
    d = create(client, players=3, bots=2)
    gid = d["id"]
    host = {"X-Seat-Token": d["host_token"]}
    wait_for(lambda: local_game(client, gid).to_move == 0)
    before = local_game(client, gid)
    index = len(before.record.actions)
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"index": index, "action": {"kind": "issue_shares", "count": 1}},
        headers=host,
    )
    assert r.status_code == 200
    after = wait_for(lambda: (g := local_game(client, gid)).to_move == 0 and len(g.record.actions) > index + 1 and g)
    answered = [a for a in after.record.actions[index + 1 :] if a.get("player") in (1, 2)]
    assert answered  # the bots moved after the human
    assert not any(a["kind"] in ("roll", "draw") for a in after.record.actions[index:])
    you = client.get(f"/api/games/{gid}", headers=host).json()["you"]
    assert you["undoable"] >= 1
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        assert ws.receive_json()["type"] == "hello"
        r = client.post(f"/api/games/{gid}/undo", json={"index": len(after.record.actions)}, headers=host)
        assert r.status_code == 200, r.text
        assert r.json() == {"index": index}
        undo = ws.receive_json()
        assert undo["type"] == "undo" and undo["undone"] == ["issue 1 share"]  # the bots' answers are not named
    assert local_game(client, gid).record.actions == before.record.actions
    assert client.get(f"/api/games/{gid}").json()["view"] == view(before)
    # the human decides again, and the bots answer again
    r = client.post(
        f"/api/games/{gid}/actions", json={"index": index, "action": {"kind": "issue_shares", "count": 0}}, headers=host
    )
    assert r.status_code == 200
    wait_for(lambda: local_game(client, gid).to_move == 0 and len(local_game(client, gid).record.actions) > index + 1)


def test_a_game_of_bots_plays_to_the_end_and_replays(db_url: str) -> None:
    url = db_url
    with TestClient(create_app(url)) as client:
        d = create(client, players=3, bots=3)
        gid = d["id"]
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["status"] == "over", timeout=120)
        final = client.get(f"/api/games/{gid}").json()
        assert final["index"] > 100
        assert final["view"]["over"] and final["view"]["standings"]
        assert client.get("/api/games?status=over").json()[0]["id"] == gid
        assert (
            client.post(
                f"/api/games/{gid}/actions",
                json={"index": final["index"], "action": {"kind": "skip_move"}},
                headers={"X-Seat-Token": d["host_token"]},
            ).json()["code"]
            == "over"
        )
    with TestClient(create_app(url)) as client:  # stored, and the same bots again give the same game
        again = client.get(f"/api/games/{gid}").json()
        assert again["view"] == final["view"]
        d2 = create(client, players=3, bots=3)
        wait_for(lambda: client.get(f"/api/games/{d2['id']}").json()["status"] == "over", timeout=120)
        a = client.get(f"/api/games/{gid}/record").json()["actions"]
        b = client.get(f"/api/games/{d2['id']}/record").json()["actions"]
        assert a == b  # same seed, same bots: a reproducible game


def test_a_failed_commit_tells_nobody_and_the_database_stays_the_truth(client: TestClient) -> None:
    d = create(client)
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    store = client.app.state.store  # type: ignore[attr-defined]
    index = client.get(f"/api/games/{gid}").json()["index"]
    body = {"index": index, "action": {"kind": "issue_shares", "count": 1}}
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        assert ws.receive_json()["type"] == "hello"
        real = store.append

        def broken(*args: object) -> None:
            raise RuntimeError("the database is gone")

        store.append = broken
        try:
            with pytest.raises(RuntimeError):
                client.post(f"/api/games/{gid}/actions", json=body, headers=host)
        finally:
            store.append = real
        closed = ws.receive()
        assert closed["type"] == "websocket.close"  # no update: the viewer is told to reconnect
    after = client.get(f"/api/games/{gid}").json()
    assert after["index"] == index  # nothing was stored, nothing is shown
    r = client.post(f"/api/games/{gid}/actions", json=body, headers=host)  # and play goes on
    assert r.status_code == 200 and r.json()["index"] > index


def test_the_websocket_takes_the_seat_token_in_its_first_message(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    seat = 0
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:  # nothing in the address
        assert ws.receive_json()["you"] is None
        ws.send_json({"type": "auth", "token": d["seats"][seat]["token"]})
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["you"]["seats"] == [seat]
    assert client.get(f"/api/games/{gid}").json()["seats"][seat]["joined"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "auth", "token": "not-a-token"})
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 4403
