"""A real server, killed with SIGKILL mid-game, restarts with the game intact and play goes on."""

from __future__ import annotations

import os
import signal

import httpx2

from tests.server.helpers import free_port, play_until, server


def test_kill_and_restart_keeps_every_game(db_url: str) -> None:
    db = db_url
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(db, port) as proc, httpx2.Client(base_url=base, timeout=30) as client:
        d = client.post(
            "/api/games",
            json={
                "map": "rust-belt",
                "players": 3,
                "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}],
            },
        ).json()
        gid, host = d["id"], d["host_token"]
        # stop at a human's move: a bot to move would move again when the server is back
        play_until(client, gid, host, lambda g: g.state.phase == "build_track" and g.to_move in (0, 1))
        before = client.get(f"/api/games/{gid}").json()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    with server(db, port), httpx2.Client(base_url=base, timeout=30) as client:
        after = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": host}).json()
        assert after["index"] == before["index"] and after["view"] == before["view"]
        # play goes on (to a human's move: a bot to move would act between two reads)
        game = play_until(client, gid, host, lambda g: g.state.turn == 2 and g.to_move in (0, 1))
        assert client.get(f"/api/games/{gid}").json()["index"] == len(game.record.actions)
        stale = client.post(
            f"/api/games/{gid}/actions",
            json={"index": before["index"], "action": {"kind": "end_build"}},
            headers={"X-Seat-Token": host},
        )
        assert stale.status_code == 409
