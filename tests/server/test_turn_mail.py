"""Turn mails: a player who asks for them gets an e-mail when the move comes to their seat, through the SMTP
server the server was given, at most one per seat per interval, with a link that stops them. Tested against a
local SMTP server the test starts (aiosmtpd)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage as Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from ageofsteam.server import create_app
from ageofsteam.server.store import Store
from tests.server.helpers import wait_for


class Inbox:
    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # aiosmtpd's hook name
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def test_a_player_is_mailed_when_it_is_their_move_and_can_stop_it(tmp_path: Any, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    app = create_app(
        f"sqlite:///{tmp_path / 'g.db'}",
        smtp_url=f"smtp://127.0.0.1:{port}",
        mail_every=3600,
        public_url="http://x.test",
    )
    with TestClient(app) as client:
        seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
        d = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats}).json()
        gid = d["id"]
        tokens = {s["seat"]: s["token"] for s in d["seats"]}
        g = client.get(f"/api/games/{gid}").json()
        first = g["view"]["to_move"]
        second = g["view"]["order"][1]
        bad = client.post(
            f"/api/games/{gid}/notify", json={"email": "not an address"}, headers={"X-Seat-Token": tokens[second]}
        )
        assert bad.status_code == 422 and bad.json()["field"] == "email"
        r = client.post(
            f"/api/games/{gid}/notify", json={"email": "bob@x.test"}, headers={"X-Seat-Token": tokens[second]}
        )
        assert r.json() == {"seats": [second], "email": "bob@x.test"}
        me = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": tokens[second]}).json()["you"]
        assert me["turn_mail"] == "bob@x.test" and me["mail_offered"]
        assert "bob@x.test" not in client.get(f"/api/games/{gid}").text  # no one else sees the address

        def act(seat: int) -> None:
            index = client.get(f"/api/games/{gid}").json()["index"]
            body = {"index": index, "action": {"kind": "issue_shares", "count": 0}}
            assert (
                client.post(f"/api/games/{gid}/actions", json=body, headers={"X-Seat-Token": tokens[seat]}).status_code
                == 200
            )

        act(first)  # the move comes to the second player: a mail
        wait_for(lambda: inbox.mails, timeout=10)
        mail = inbox.mails[0]
        assert mail["To"] == "bob@x.test" and mail["Subject"] == "Your move — Rust Belt"
        text = mail.get_content()
        assert "Issue Shares" in text and f"http://x.test/game/{gid}" in text
        assert tokens[second] not in text  # the seat's link is not sent by mail
        stop = next(w for w in text.split() if "/notify/stop" in w).replace("http://x.test", "")
        act(second)
        time.sleep(0.3)
        assert len(inbox.mails) == 1  # the third player asked for nothing
        assert client.get(stop).status_code == 200
        assert (
            client.get(f"/api/games/{gid}", headers={"X-Seat-Token": tokens[second]}).json()["you"]["turn_mail"] is None
        )
        assert client.get(stop.replace("key=", "key=0")).status_code == 404


def test_at_most_one_mail_per_seat_per_interval(tmp_path: Any, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", smtp_url=f"smtp://127.0.0.1:{port}", mail_every=3600)
    with TestClient(app) as client:
        seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
        d = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats}).json()
        gid = d["id"]
        for s in d["seats"]:
            client.post(
                f"/api/games/{gid}/notify", json={"email": f"p{s['seat']}@x.test"}, headers={"X-Seat-Token": s["token"]}
            )
        tokens = {s["seat"]: s["token"] for s in d["seats"]}
        for _ in range(6):  # two rounds of moves: each seat's move comes twice
            g = client.get(f"/api/games/{gid}").json()
            seat = g["view"]["to_move"]
            body = {"index": g["index"], "action": {"kind": "issue_shares", "count": 0}}
            if (
                client.post(f"/api/games/{gid}/actions", json=body, headers={"X-Seat-Token": tokens[seat]}).status_code
                != 200
            ):
                break
        time.sleep(0.5)
        addresses = [m["To"] for m in inbox.mails]
        assert len(addresses) == len(set(addresses))  # never two to the same seat within the interval


def test_without_an_smtp_server_no_mail_is_offered(client: TestClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    d = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats}).json()
    r = client.post(
        f"/api/games/{d['id']}/notify", json={"email": "a@x.test"}, headers={"X-Seat-Token": d["seats"][0]["token"]}
    )
    assert r.status_code == 409 and r.json()["code"] == "no_mail"


def test_the_mail_interval_holds_across_processes_and_restarts(db_url: str) -> None:
    first, second = Store(db_url), Store(db_url)  # two server processes on one database (or one restarted)
    try:
        assert first.claim_turn_mail("g1", 0, 3600)
        assert not second.claim_turn_mail("g1", 0, 3600)  # the other process may not mail the seat again
        assert not first.claim_turn_mail("g1", 0, 3600)
        assert second.claim_turn_mail("g1", 1, 3600)  # another seat
        assert second.claim_turn_mail("g2", 0, 3600)  # another game
        assert first.claim_turn_mail("g1", 0, 0)  # the interval has passed
    finally:
        first.close()
        second.close()


def test_a_turn_mail_address_is_read_and_set_by_its_own_seat_only(tmp_path: Any, smtp: tuple[Inbox, int]) -> None:
    _, port = smtp
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", smtp_url=f"smtp://127.0.0.1:{port}")
    with TestClient(app) as client:
        seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
        d = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats}).json()
        gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
        ann = {"X-Seat-Token": d["seats"][0]["token"]}
        assert client.post(f"/api/games/{gid}/notify", json={"email": "ann@x.test"}, headers=ann).status_code == 200
        you = client.get(f"/api/games/{gid}", headers=host).json()["you"]
        assert you["turn_mail"] is None and not you["mail_offered"]  # the host link has no seat of its own
        r = client.post(f"/api/games/{gid}/notify", json={"email": "host@x.test"}, headers=host)
        assert r.status_code == 403 and r.json()["code"] == "forbidden"
        assert client.get(f"/api/games/{gid}", headers=ann).json()["you"]["turn_mail"] == "ann@x.test"
        bob = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": d["seats"][1]["token"]}).json()["you"]
        assert bob["turn_mail"] is None and bob["mail_offered"]
        # a seat that changes hands forgets the last player's address
        new = client.post(f"/api/games/{gid}/seats/0", json={"new_link": True}, headers=host).json()
        you = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": new["token"]}).json()["you"]
        assert you["turn_mail"] is None
        assert "ann@x.test" not in str(client.app.state.store.load(gid).seats)  # type: ignore[attr-defined]
        # in a hot seat the host link plays the seats: their addresses are its own
        hot = client.post("/api/games", json={"map": "rust-belt", "players": 3, "hot_seat": True}).json()
        hh = {"X-Seat-Token": hot["host_token"]}
        r = client.post(f"/api/games/{hot['id']}/notify", json={"email": "we@x.test"}, headers=hh)
        assert r.status_code == 200 and r.json()["seats"] == [0, 1, 2]
        assert client.get(f"/api/games/{hot['id']}", headers=hh).json()["you"]["turn_mail"] == "we@x.test"
