"""Seats change hands: the host hands a seat to a bot of any level, or issues a new join link for it, which
revokes the old one; every change is in the log, and stays there after a restart."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ageofsteam.server import create_app
from tests.server.helpers import create, wait_for


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def test_the_host_hands_a_seat_to_a_bot_and_back_to_a_person(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        d = create(client)
        gid, host = d["id"], d["host_token"]
        first = client.get(f"/api/games/{gid}").json()["view"]["to_move"]
        old = d["seats"][first]["token"]
        url = f"/api/games/{gid}/seats/{first}"
        assert client.post(url, json={"bot": "steady"}, headers=hdr(old)).status_code == 403  # only the host
        bad = client.post(url, json={"bot": "genius"}, headers=hdr(host))
        assert bad.status_code == 422 and bad.json()["field"] == "bot"
        r = client.post(url, json={"bot": "steady"}, headers=hdr(host))
        assert r.status_code == 200 and r.json() == {"seat": first, "bot": "steady", "token": None, "join_url": None}
        seat = client.get(f"/api/games/{gid}").json()["seats"][first]
        assert seat["bot"] == "steady" and seat["bot_title"] == "Medium"
        # the bot plays the seat at once, and the record says who plays it
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["view"]["to_move"] != first)
        assert client.get(f"/api/games/{gid}/record").json()["seats"][first]["bot"] == "steady"
        assert client.get(f"/api/games/{gid}", headers=hdr(old)).status_code == 404  # the old link is dead
        line = f"P{first} is now played by the Medium bot (handed over by the host)"
        log = client.get(f"/api/games/{gid}/log").json()["lines"]
        assert line in log
        # back to a person, with a new link
        back = client.post(url, json={"bot": None}, headers=hdr(host)).json()
        assert back["bot"] is None and back["join_url"] == f"/game/{gid}#token={back['token']}"
        you = client.get(f"/api/games/{gid}", headers=hdr(back["token"])).json()["you"]
        assert you["seats"] == [first]
        lines = client.get(f"/api/games/{gid}/log").json()["lines"]
    with TestClient(create_app(db_url)) as client:  # after a restart the log says the same
        assert client.get(f"/api/games/{gid}/log").json()["lines"][: len(lines)] == lines


def test_a_new_link_revokes_the_old_one(client: TestClient) -> None:
    d = create(client)
    gid, host = d["id"], d["host_token"]
    old = d["seats"][1]["token"]
    r = client.post(f"/api/games/{gid}/seats/1", json={"new_link": True}, headers=hdr(host))
    assert r.status_code == 200 and r.json()["token"] and r.json()["token"] != old
    assert client.get(f"/api/games/{gid}", headers=hdr(old)).status_code == 404
    assert client.get(f"/api/games/{gid}", headers=hdr(r.json()["token"])).json()["you"]["seats"] == [1]
    assert "P1 has a new join link; the old one no longer works" in client.get(f"/api/games/{gid}/log").json()["lines"]
    nothing = client.post(f"/api/games/{gid}/seats/1", json={}, headers=hdr(host))
    assert nothing.status_code == 422
    assert client.post(f"/api/games/{gid}/seats/9", json={"bot": "random"}, headers=hdr(host)).status_code == 404


def test_a_bot_takes_over_a_seat_idle_longer_than_the_game_allows(db_url: str) -> None:
    with TestClient(create_app(db_url, idle_check_seconds=0.1)) as client:
        seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "bot": "random"}]
        body = {"map": "rust-belt", "players": 3, "seats": seats, "idle_hours": 0.0002}  # 0.72 s
        d = client.post("/api/games", json=body).json()
        gid = d["id"]
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["view"]["to_move"] in (0, 1))
        idle = client.get(f"/api/games/{gid}").json()["view"]["to_move"]  # a person, waited for by nobody
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["seats"][idle]["bot"] == "steady", timeout=10)
        lines = client.get(f"/api/games/{gid}/log").json()["lines"]
        name = seats[idle]["name"]
        assert f"{name} has not moved for 0.0002 hours: the Medium bot takes over the seat" in lines
        # the bot plays the seat: the game moves on
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["view"]["to_move"] != idle, timeout=10)
    refused = client.post("/api/games", json={**body, "idle_hours": -1})
    assert refused.status_code == 422 and refused.json()["field"] == "idle_hours"
