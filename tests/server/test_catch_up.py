"""A request made at a later action than this process's copy of the game (another process changed it, and this
one has not heard yet) is checked again once the copy has caught up with the database, not refused as stale."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from ageofsteam.server import create_app
from tests.server.helpers import create


def test_a_request_ahead_of_this_processs_copy_is_played_once_the_copy_catches_up(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"  # two apps on one database: nothing tells one of the other's changes
    with TestClient(create_app(url)) as a, TestClient(create_app(url)) as b:
        made = create(a)
        gid, tokens = made["id"], [{"X-Seat-Token": s["token"]} for s in made["seats"]]
        view = b.get(f"/api/games/{gid}").json()  # b has its copy, at the first action
        first, index = view["view"]["to_move"], view["index"]
        share = {"kind": "issue_shares", "count": 1}
        r = a.post(f"/api/games/{gid}/actions", json={"index": index, "action": share}, headers=tokens[first])
        assert r.status_code == 200, r.text
        second = a.get(f"/api/games/{gid}").json()["view"]["to_move"]
        r = b.post(f"/api/games/{gid}/actions", json={"index": index + 1, "action": share}, headers=tokens[second])
        assert r.status_code == 200, r.text  # b caught up from the database and played it
        assert b.get(f"/api/games/{gid}").json()["index"] == index + 2


def test_a_request_ahead_of_every_copy_is_still_refused_as_stale(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as a:
        made = create(a)
        gid, tokens = made["id"], [{"X-Seat-Token": s["token"]} for s in made["seats"]]
        view = a.get(f"/api/games/{gid}").json()
        seat, index = view["view"]["to_move"], view["index"]
        share = {"kind": "issue_shares", "count": 1}
        r = a.post(f"/api/games/{gid}/actions", json={"index": index + 5, "action": share}, headers=tokens[seat])
        assert r.status_code == 409 and r.json()["code"] == "stale", r.text
        assert a.get(f"/api/games/{gid}").json()["index"] == index
