"""Secret chance on the server (issue 16): the dice, draws and bot moves of a game come from a 128-bit secret
the server keeps; nothing a seat can read while the game runs contains it or lets anyone foresee the next roll;
a finished game's record publishes it, and every die of the record then verifies."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from tests.server.helpers import local_game, play_until, wait_for


def two_humans(client: TestClient) -> dict:
    """A game of two humans and a bot, with no chosen seed: its dice come from the server's secret."""
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Bot", "bot": "random"}]
    r = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_chosen_seed_is_refused_when_two_different_humans_play(client: TestClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}]
    r = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats, "seed": 5})
    assert r.status_code == 422 and r.json()["field"] == "seed" and "foresee" in r.json()["detail"]
    # one human, or a hot-seat game (no seat links: one party plays every human seat), may choose it
    one = [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}]
    assert (
        client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": one, "seed": 5}).status_code == 201
    )
    hot = client.post(
        "/api/games", json={"map": "rust-belt", "players": 3, "seats": seats, "seed": 5, "hot_seat": True}
    )
    assert hot.status_code == 201 and all(s["token"] is None for s in hot.json()["seats"])


def test_nothing_a_seat_reads_while_the_game_runs_holds_the_secret(client: TestClient) -> None:
    d = two_humans(client)
    gid = d["id"]
    secret = client.app.state.store.load(gid).secret  # type: ignore[attr-defined]
    assert secret is not None and len(secret) >= 32 and int(secret, 16) >= 0  # 128 bits or more
    tokens = [s["token"] for s in d["seats"] if s["token"]]
    seen: list[str] = [str(d)]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        seen.append(str(ws.receive_json()))
        game = play_until(client, gid, d["host_token"], lambda g: g.state.turn == 2 and g.to_move in (0, 1))
        for token in [*tokens, d["host_token"], None]:
            headers = {"X-Seat-Token": token} if token else {}
            for path in ("", "/legal", "/record", "/log", "/history", "/board.svg", "/replay?index=5"):
                seen.append(client.get(f"/api/games/{gid}{path}", headers=headers).text)
        seen.append(client.get("/api/games").text)
        while True:  # every update the seat was sent
            msg = ws.receive_json()
            seen.append(str(msg))
            if msg.get("index") == len(game.record.actions):
                break
    assert not [text for text in seen if secret in text]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["secret"] is None


def test_the_public_record_does_not_foretell_the_next_dice(client: TestClient) -> None:
    d = two_humans(client)
    gid = d["id"]
    game = play_until(client, gid, d["host_token"], lambda g: g.state.phase == "move_goods" and g.state.turn == 1)
    public = Record.model_validate(client.get(f"/api/games/{gid}/record").json())
    assert public.secret is None
    guess = Game.from_record(public)  # what anyone can foresee: chance drawn from what the record shows
    chooser, rng = RandomBot(), random.Random(2)
    while guess.state.turn == 1:  # the moves play_until will make too; then compare the goods growth dice
        guess.apply(chooser.choose(guess, rng))
    actual = play_until(client, gid, d["host_token"], lambda g: g.state.turn == 2, seed=2)
    rolls = [a for a in actual.record.actions[len(game.record.actions) :] if a["kind"] == "roll"]
    guessed = [a for a in guess.record.actions[len(game.record.actions) :] if a["kind"] == "roll"]
    assert rolls and guessed and rolls != guessed


def test_a_finished_game_publishes_the_secret_and_every_die_verifies(client: TestClient) -> None:
    d = two_humans(client)
    gid = d["id"]
    play_until(client, gid, d["host_token"], lambda g: g.over, limit=5000)
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["view"]["over"])
    record = Record.model_validate(client.get(f"/api/games/{gid}/record").json())
    assert record.secret is not None
    replayed = Game.from_record(record)
    assert replayed.over and client.get(f"/api/games/{gid}").json()["view"]["over"]
    # each chance event is what the published secret draws at that point
    chances = [i for i, a in enumerate(record.actions) if parse_action(a).is_chance]
    checked = 0
    for i, game in enumerate(Game.positions(record)):
        if i in chances:
            g = game.state
            drawn = g.rules.sample_chance(g, random.Random(f"{record.secret}/{i}"))
            assert drawn.to_json() == record.actions[i]
            checked += 1
    assert checked == len(chances) and checked >= 2  # at least the setup draw and one turn's dice
    assert local_game(client, gid).over


def test_a_game_with_a_chosen_seed_is_never_handed_to_a_second_person(client: TestClient) -> None:
    one = [{"name": "Ann"}, {"name": "Bot", "bot": "random"}, {"name": "Bot 2", "bot": "random"}]
    d = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": one, "seed": 5}).json()
    gid, host = d["id"], {"X-Seat-Token": d["host_token"]}
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["view"]["to_move"] == 0)  # the bots wait for Ann
    record = client.get(f"/api/games/{gid}/record").json()
    r = client.post(f"/api/games/{gid}/seats/1", json={"bot": None}, headers=host)  # a bot's seat to a person
    assert r.status_code == 409 and r.json()["code"] == "seeded" and "foresee" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}/record").json() == record  # nothing changed
    assert [s["bot"] for s in client.get(f"/api/games/{gid}").json()["seats"]] == [None, "random", "random"]
    # the one person may get a new link, and any seat may go to a bot: still one person
    assert client.post(f"/api/games/{gid}/seats/0", json={"new_link": True}, headers=host).status_code == 200
    assert client.post(f"/api/games/{gid}/seats/1", json={"bot": "steady"}, headers=host).status_code == 200
    hot = client.post(
        "/api/games",
        json={"map": "rust-belt", "players": 3, "seats": [{}, {}, {"bot": "random"}], "seed": 5, "hot_seat": True},
    ).json()
    for seat, body in ((0, {"new_link": True}), (2, {"bot": None})):  # a hot seat: a link would be a second person
        r = client.post(f"/api/games/{hot['id']}/seats/{seat}", json=body, headers={"X-Seat-Token": hot["host_token"]})
        assert r.status_code == 409 and r.json()["code"] == "seeded"
    # a game whose dice come from the server's secret may change hands freely
    free = two_humans(client)
    r = client.post(
        f"/api/games/{free['id']}/seats/2", json={"bot": None}, headers={"X-Seat-Token": free["host_token"]}
    )
    assert r.status_code == 200 and r.json()["token"]
