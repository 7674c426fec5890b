"""The HTTP API: every endpoint, and its refusals (docs/web-api.md)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from ageofsteam.engine.view import view
from tests.server.helpers import create, local_game, play_until


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def test_health_and_maps(client: TestClient) -> None:
    health = client.get("/api/health").json()
    assert health["ok"] is True and health["games"] == 0
    assert health["bots"] == {
        "workers": health["bots"]["workers"],
        "running": 0,
        "waiting": 0,
        "started": 0,
        "most_passed": 0,
    }
    maps = client.get("/api/maps").json()
    rb = next(m for m in maps if m["id"] == "rust-belt")
    assert rb["players"] == [3, 6] and rb["rules_complete"] and "production_offmap_boxes" in rb["options"]
    assert all(m["rules_complete"] for m in maps)
    assert len(client.get("/api/maps?all=true").json()) >= len(maps)
    svg = client.get("/api/maps/rust-belt/board.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml") and "data-hex" in svg.text
    assert client.get("/api/maps/nowhere/board.svg").status_code == 404


def test_create_game_gives_one_token_per_human_seat_and_a_host_token(client: TestClient) -> None:
    d = create(client, players=4, bots=1)
    tokens = [s["token"] for s in d["seats"]]
    assert tokens[3] is None and len(set(tokens[:3])) == 3 and all(len(t) >= 24 for t in tokens[:3])
    assert d["host_token"] not in tokens
    assert d["seats"][0]["join_url"] == f"/game/{d['id']}#token={tokens[0]}"  # after #: never sent to a server
    assert d["status"] == "open"
    g = client.get(f"/api/games/{d['id']}").json()
    assert g["you"] is None and g["view"]["map"] == "rust-belt" and g["index"] > 0
    assert "token" not in str(g["seats"])  # no token (or hash) is ever shown again
    assert "token" not in client.get(f"/api/games/{d['id']}/record").text
    listed = client.get("/api/games").json()
    assert [x["id"] for x in listed] == [d["id"]] and "token" not in str(listed)


def test_create_refusals_name_the_field(client: TestClient) -> None:
    def refuse(body: object, status: int, field: str | None) -> None:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, r.text
        assert r.json()["field"] == field, r.json()
        assert r.json()["detail"]

    refuse({"map": "nowhere", "players": 3}, 404, "map")
    refuse({"map": "rust-belt", "players": 2}, 422, "players")
    refuse({"map": "rust-belt", "players": "three"}, 422, "players")
    refuse({"players": 3}, 422, "map")
    refuse({"map": "rust-belt", "players": 3, "seats": [{"name": "A"}]}, 422, "seats")
    refuse({"map": "rust-belt", "players": 3, "seats": [{}, {"name": ""}, {}]}, 422, "seats.1.name")
    refuse({"map": "rust-belt", "players": 3, "seats": [{}, {"bot": "genius"}, {}]}, 422, "seats.1.bot")
    refuse({"map": "rust-belt", "players": 3, "options": {"fast": True}}, 422, "options.fast")
    refuse(
        {"map": "rust-belt", "players": 3, "options": {"production_offmap_boxes": 3}},
        422,
        "options.production_offmap_boxes",
    )
    refuse({"map": "rust-belt", "players": 3, "seed": -1}, 422, "seed")
    refuse({"map": "rust-belt", "players": 3, "colour": "red"}, 422, "colour")
    refuse([1, 2], 400, None)
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    assert client.get("/api/health").json()["games"] == 0


def test_maps_with_incomplete_rules_are_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from ageofsteam.maps.texas import rules

    monkeypatch.setattr(rules.Rules, "RULES_COMPLETE", False)
    assert "texas" not in {m["id"] for m in client.get("/api/maps").json()}
    assert "texas" in {m["id"] for m in client.get("/api/maps?all=true").json()}
    r = client.post("/api/games", json={"map": "texas", "players": 4})
    assert r.status_code == 422 and r.json()["field"] == "map"


def test_list_games_by_status(client: TestClient) -> None:
    a = create(client)
    b = create(client)
    client.get(f"/api/games/{b['id']}", headers=hdr(b["host_token"]))  # the host joins every human seat
    assert {g["id"] for g in client.get("/api/games?status=open").json()} == {a["id"]}
    running = client.get("/api/games?status=running").json()
    assert [g["id"] for g in running] == [b["id"]] and running[0]["phase"] == "issue_shares"
    assert client.get("/api/games?status=sleeping").status_code == 422
    assert client.get("/api/games?limit=0").json()["field"] == "limit"


def test_act_refusals_and_one_application(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    g = client.get(f"/api/games/{gid}").json()
    seat = g["view"]["to_move"]
    other = (seat + 1) % 3
    index = g["index"]
    url = f"/api/games/{gid}/actions"
    good = {"index": index, "action": {"kind": "issue_shares", "count": 1}}
    # unknown game, unknown token, no token, another seat's token
    assert client.post("/api/games/nope/actions", json=good, headers=hdr(d["host_token"])).status_code == 404
    r = client.post(url, json=good, headers=hdr("guess"))
    assert r.status_code == 404 and r.json()["field"] == "token"
    assert client.post(url, json=good).status_code == 403
    r = client.post(url, json=good, headers=hdr(d["seats"][other]["token"]))
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    mine = hdr(d["seats"][seat]["token"])
    # acting for another seat with one's own token
    r = client.post(
        url, json={"index": index, "action": {"kind": "issue_shares", "count": 1, "player": other}}, headers=mine
    )
    assert r.status_code == 403 and r.json()["field"] == "action.player"
    # malformed
    for body, field in [
        ({"index": index, "action": {"kind": "fly"}}, "action.kind"),
        ({"index": index, "action": {"kind": "issue_shares"}}, "action.count"),
        ({"index": index, "action": {"kind": "issue_shares", "count": "x"}}, "action.count"),
        ({"index": index}, "action"),
        ({"index": "now", "action": {"kind": "issue_shares", "count": 1}}, "index"),
        ({"index": index, "action": [1]}, "action"),
    ]:
        r = client.post(url, json=body, headers=mine)
        assert r.status_code == 422 and r.json()["field"] == field, (body, r.json())
    # illegal, in player words
    r = client.post(url, json={"index": index, "action": {"kind": "bid", "amount": 3}}, headers=mine)
    assert r.status_code == 422 and r.json()["code"] == "illegal" and r.json()["detail"]
    r = client.post(url, json={"index": index, "action": {"kind": "issue_shares", "count": 99}}, headers=mine)
    assert r.status_code == 422 and r.json()["code"] == "illegal"
    r = client.post(url, json={"index": index, "action": {"kind": "roll", "light": [1], "dark": [2]}}, headers=mine)
    assert r.status_code == 422
    assert client.get(f"/api/games/{gid}").json()["index"] == index  # nothing was stored
    # the good one, then the same again: applied once
    r = client.post(url, json=good, headers=mine)
    assert r.status_code == 200 and r.json()["index"] == index + 1
    assert r.json()["applied"] == [
        {"index": index, "action": {"kind": "issue_shares", "player": seat, "count": 1}, "hexes": []}
    ]
    r = client.post(url, json=good, headers=mine)
    assert r.status_code == 409 and r.json()["code"] == "stale" and r.json()["field"] == "index"
    rec = client.get(f"/api/games/{gid}/record").json()
    assert sum(1 for a in rec["actions"] if a["kind"] == "issue_shares") == 1
    assert view(local_game(client, gid)) == client.get(f"/api/games/{gid}").json()["view"]


def test_you_and_legal_follow_the_token(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    seat = client.get(f"/api/games/{gid}").json()["view"]["to_move"]
    you = client.get(f"/api/games/{gid}", headers=hdr(d["seats"][seat]["token"])).json()["you"]
    assert you == {
        "seats": [seat],
        "host": False,
        "to_move": True,
        "undoable": 0,
        "may_ask_undo": False,
        "undo_request": None,
        "turn_mail": None,
        "mail_offered": False,
    }
    host = client.get(f"/api/games/{gid}?token={d['host_token']}").json()["you"]
    assert host["seats"] == [0, 1, 2] and host["host"]
    legal = client.get(f"/api/games/{gid}/legal", headers=hdr(d["seats"][(seat + 1) % 3]["token"])).json()
    assert legal["to_move"] == seat and not legal["you_may_act"]
    assert legal["issue_shares"]["min"] == 0 and legal["issue_shares"]["max"] > 0
    assert legal["issue_shares"]["action"] == {"kind": "issue_shares", "player": seat, "count": None}
    assert legal["bid"] is None and legal["builds"] == [] and legal["deliveries"] == []
    assert client.get(f"/api/games/{gid}/legal?token=bad").status_code == 404
    assert client.get("/api/games/nope/legal").status_code == 404


def test_bids_and_actions_are_grouped(client: TestClient) -> None:
    d = create(client)
    gid, host = d["id"], d["host_token"]
    play_until(client, gid, host, lambda g: g.state.phase == "player_order")
    legal = client.get(f"/api/games/{gid}/legal").json()
    assert legal["bid"]["min"] <= legal["bid"]["max"]
    assert any(a["action"]["kind"] == "drop_out" for a in legal["actions"])
    play_until(client, gid, host, lambda g: g.state.phase == "select_actions")
    legal = client.get(f"/api/games/{gid}/legal").json()
    kinds = {a["action"]["action"] for a in legal["actions"]}
    assert {"first_build", "engineer", "locomotive"} <= kinds
    assert all(a["label"].startswith("take ") for a in legal["actions"])


def test_builds_previews_and_undo(client: TestClient) -> None:
    d = create(client)
    gid, host = d["id"], d["host_token"]
    game = play_until(client, gid, host, lambda g: g.state.phase == "build_track" and g.state.build is not None)
    legal = client.get(f"/api/games/{gid}/legal").json()
    assert legal["builds"], legal
    group = legal["builds"][0]
    opt = group["options"][0]
    assert opt["action"]["kind"] == "build" and opt["action"]["hex"] == group["hex"]
    assert opt["cost"] >= group["min_cost"] and opt["track"] and opt["owners"]
    svg = client.get(f"/api/games/{gid}/board.svg?hex={group['hex']}&tile={opt['tile']}&rotation={opt['rotation']}")
    assert svg.status_code == 200 and f'data-hex="{group["hex"]}"' in svg.text
    plain = client.get(f"/api/games/{gid}/board.svg?legend=false").text
    assert 'class="track' not in plain or plain != svg.text
    r = client.get(f"/api/games/{gid}/board.svg?hex={group['hex']}&tile={opt['tile']}&rotation=9")
    assert r.status_code == 422 and r.json()["field"] == "rotation"
    r = client.get(f"/api/games/{gid}/board.svg?hex={group['hex']}&tile=nothing&rotation=0")
    assert r.status_code == 422 and r.json()["code"] == "illegal"
    r = client.get(f"/api/games/{gid}/board.svg?hex={group['hex']}")
    assert r.status_code == 422 and r.json()["field"] == "tile"
    assert client.get(f"/api/games/{gid}/board.svg?highlight=ZZ99").json()["field"] == "highlight"
    # build, then undo it
    index = len(game.record.actions)
    r = client.post(f"/api/games/{gid}/actions", json={"index": index, "action": opt["action"]}, headers=hdr(host))
    assert r.status_code == 200
    seat = opt["action"]["player"]
    you = client.get(f"/api/games/{gid}", headers=hdr(d["seats"][seat]["token"])).json()["you"]
    assert you["undoable"] >= 1
    other = d["seats"][(seat + 1) % 3]["token"]
    assert client.post(f"/api/games/{gid}/undo", json={"index": index + 1}, headers=hdr(other)).status_code == 403
    assert client.post(f"/api/games/{gid}/undo", json={"index": index}, headers=hdr(host)).status_code == 409
    r = client.post(f"/api/games/{gid}/undo", json={"index": index + 1, "count": 0}, headers=hdr(host))
    assert r.status_code == 422 and r.json()["field"] == "count"
    r = client.post(f"/api/games/{gid}/undo", json={"index": index + 1, "count": 999}, headers=hdr(host))
    assert r.status_code == 422 and r.json()["code"] == "illegal"
    r = client.post(f"/api/games/{gid}/undo", json={"index": index + 1}, headers=hdr(d["seats"][seat]["token"]))
    assert r.status_code == 200 and r.json() == {"index": index}
    assert client.get(f"/api/games/{gid}").json()["view"] == view(game)
    assert len(client.get(f"/api/games/{gid}/record").json()["actions"]) == index
    # after a restart of the app the undone action is gone for good (checked by the replay in test_restart)


def test_deliveries_with_routes_and_route_highlight(client: TestClient) -> None:
    d = create(client)
    gid, host = d["id"], d["host_token"]

    def can_deliver(g: object) -> bool:
        return any(a.kind == "deliver" for a in g.legal_actions()) if g.state.phase == "move_goods" else False  # type: ignore[attr-defined]

    play_until(client, gid, host, can_deliver, limit=3000)
    legal = client.get(f"/api/games/{gid}/legal").json()
    cube = legal["deliveries"][0]
    route = cube["routes"][0]
    assert route["action"]["kind"] == "deliver" and route["action"]["links"] == route["links"]
    assert route["stops"][0] == cube["city"] and len(route["stops"]) == len(route["links"]) + 1
    assert set(route["stops"]) <= set(route["hexes"])
    assert sum(x["income"] for x in route["income"]) == len(route["links"])
    svg = client.get(f"/api/games/{gid}/board.svg?links={','.join(route['links'])}")
    assert svg.status_code == 200
    assert client.get(f"/api/games/{gid}/board.svg?links=nope").json()["field"] == "links"
    r = client.post(
        f"/api/games/{gid}/actions", json={"index": legal["index"], "action": route["action"]}, headers=hdr(host)
    )
    assert r.status_code == 200


def test_log_and_record(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    play_until(client, gid, d["host_token"], lambda g: len(g.state.log) > 5)
    log = client.get(f"/api/games/{gid}/log").json()
    assert log["size"] == len(log["lines"]) > 5
    assert client.get(f"/api/games/{gid}/log?since=3").json()["lines"] == log["lines"][3:]
    assert client.get(f"/api/games/{gid}/log?since=-1").status_code == 422
    assert view(local_game(client, gid)) == client.get(f"/api/games/{gid}").json()["view"]
    assert client.get("/api/games/nope/record").status_code == 404


def test_pages_and_static_files(client: TestClient) -> None:
    for path in ("/", "/game/abc"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/nothing-here.js").status_code == 404
    r = client.get("/..%2f..%2fpyproject.toml")
    assert r.status_code == 404
    assert not re.search("setuptools", r.text)


def test_game_names_its_map_and_the_titles_of_its_actions(client: TestClient) -> None:
    d = create(client)
    g = client.get(f"/api/games/{d['id']}").json()
    assert g["map_name"] == "Rust Belt"
    assert g["action_titles"]["turn_order"] == "Turn Order (Pass)"
    assert g["action_titles"]["first_build"] == "First Build"


def test_a_refused_option_value_names_its_option(client: TestClient) -> None:
    from ageofsteam.maps import load_rules, map_ids

    tried = 0
    for map_id in map_ids():
        rules = load_rules(map_id)
        lo = rules.player_counts()[0]
        for name, value in rules.OPTIONS.items():
            if not isinstance(value, str):
                continue
            r = client.post("/api/games", json={"map": map_id, "players": lo, "options": {name: "no-such-value"}})
            if r.status_code == 201:  # a free-text option
                continue
            tried += 1
            assert r.status_code == 422, r.text
            assert r.json()["field"] == f"options.{name}", r.json()
            assert name in r.json()["detail"]
    assert tried, "no map has an option with a fixed set of values"


def test_build_refusal_says_why_nothing_can_be_built_on_a_hex(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    url = f"/api/games/{gid}/build-refusal"
    refused = client.get(url, params={"hex": "L7"})
    assert refused.status_code == 409 and refused.json()["code"] == "no_build"  # shares are being issued
    game = play_until(client, gid, d["host_token"], lambda g: g.state.phase == "build_track")
    seat = game.state.to_move
    r = client.get(url, params={"hex": "l7"})
    assert r.status_code == 200, r.text
    assert r.json() == {
        "index": len(game.record.actions),
        "player": seat,
        "hex": "L7",
        "reason": "L7 is a city: no track is built on a city",
    }
    assert client.get(url, params={"hex": "K8"}).json()["reason"] == "no track may be built on the lake at K8"
    buildable = next(a for a in game.legal_actions() if a.kind == "build")
    assert client.get(url, params={"hex": buildable.hex}).json()["reason"] is None
    bad = client.get(url, params={"hex": "Z99"})
    assert bad.status_code == 422 and bad.json()["field"] == "hex"
    assert client.get(url).status_code == 422
    assert client.get("/api/games/nowhere/build-refusal", params={"hex": "L7"}).status_code == 404
    assert local_game(client, gid).record.actions == game.record.actions  # asking changes nothing


def test_replay_positions_of_a_stored_game_and_of_an_opened_record(client: TestClient) -> None:
    from pathlib import Path

    from ageofsteam.conformance.choochoo import import_file

    d = create(client)
    gid = d["id"]
    game = play_until(client, gid, d["host_token"], lambda g: len(g.record.actions) >= 30)
    total = len(game.record.actions)
    end = client.get(f"/api/games/{gid}/replay", params={"index": total}).json()
    assert end["index"] == end["total"] == total and end["view"] == view(game) and "<svg" in end["svg"]
    start = client.get(f"/api/games/{gid}/replay", params={"index": 0}).json()
    assert start["action"] is None and start["view"]["turn"] == 0
    mid = client.get(f"/api/games/{gid}/replay", params={"index": 10}).json()
    assert mid["action"] == game.record.actions[9]
    bad = client.get(f"/api/games/{gid}/replay", params={"index": total + 1})
    assert bad.status_code == 422 and bad.json()["field"] == "index"
    # a record file opened by a visitor: ours, and a choochoo game imported with 'aos import'
    record = client.get(f"/api/games/{gid}/record").json()
    opened = client.post("/api/replays", json=record)
    assert opened.status_code == 201 and opened.json()["actions"] == total
    again = client.get(f"/api/replays/{opened.json()['id']}", params={"index": total}).json()
    assert again["view"] == end["view"]
    data = Path(__file__).parents[1] / "conformance" / "data" / "rust-belt-2692.record.json"
    imported = import_file(data).record
    r = client.post("/api/replays", json=imported.model_dump(mode="json"))
    assert r.status_code == 201, r.text
    # refusals, in words
    assert client.post("/api/replays", content=b"{not json").json()["code"] == "bad_json"
    r = client.post("/api/replays", json={"map": "rust-belt"})
    assert r.status_code == 422 and "not a game record" in r.json()["detail"]
    r = client.post("/api/replays", json={**record, "actions": [{"kind": "bid", "player": 0, "amount": 999}]})
    assert r.status_code == 422 and r.json()["code"] == "illegal"
    r = client.post("/api/replays", json={"gameKey": "rust-belt", "gameData": "{}"})
    assert r.status_code == 422 and "aos import" in r.json()["detail"]
    assert client.get("/api/replays/nothing", params={"index": 0}).status_code == 404


def test_online_an_undo_others_answered_is_asked_for_and_accepted_or_refused(client: TestClient) -> None:
    d = create(client)
    gid = d["id"]
    tokens = [s["token"] for s in d["seats"]]
    g = client.get(f"/api/games/{gid}").json()
    first, index = g["view"]["to_move"], g["index"]

    def act(seat: int, at: int) -> None:
        body = {"index": at, "action": {"kind": "issue_shares", "count": 1}}
        assert client.post(f"/api/games/{gid}/actions", json=body, headers=hdr(tokens[seat])).status_code == 200

    act(first, index)
    second = client.get(f"/api/games/{gid}").json()["view"]["to_move"]
    act(second, index + 1)
    third = ({0, 1, 2} - {first, second}).pop()
    mine = client.get(f"/api/games/{gid}", headers=hdr(tokens[first])).json()["you"]
    assert mine["undoable"] == 0 and mine["may_ask_undo"]  # another human has answered: it must be asked
    url = f"/api/games/{gid}/undo-request"
    asked = client.post(url, json={"index": index + 2}, headers=hdr(tokens[first]))
    assert asked.status_code == 200, asked.text
    request = asked.json()["request"]
    assert request["seat"] == first and request["needs"] == [second] and request["undone"] == ["issue 1 share"]
    assert client.post(url, json={"index": index + 2}, headers=hdr(tokens[first])).json()["code"] == "pending"
    seen = client.get(f"/api/games/{gid}", headers=hdr(tokens[second])).json()["you"]["undo_request"]
    assert seen == request
    # only the players asked may answer; a refusal ends the request and changes nothing
    answer = f"{url}/answer"
    assert client.post(answer, json={"index": index + 2, "accept": True}, headers=hdr(tokens[third])).status_code == 403
    r = client.post(answer, json={"index": index + 2, "accept": False}, headers=hdr(tokens[second]))
    assert r.json()["refused"] and len(local_game(client, gid).record.actions) == index + 2
    # asked again and accepted: both shares are taken back, the first player decides again
    client.post(url, json={"index": index + 2}, headers=hdr(tokens[first]))
    r = client.post(answer, json={"index": index + 2, "accept": True}, headers=hdr(tokens[second]))
    assert r.json() == {"index": index, "request": None}
    assert len(local_game(client, gid).record.actions) == index
    assert client.get(f"/api/games/{gid}").json()["view"]["to_move"] == first
    # a new action ends a request nobody answered
    act(first, index)
    act(second, index + 1)
    client.post(url, json={"index": index + 2}, headers=hdr(tokens[first]))
    act(third, index + 2)
    r = client.post(answer, json={"index": index + 3, "accept": True}, headers=hdr(tokens[second]))
    assert r.status_code == 409 and r.json()["code"] == "no_request"


def test_a_maps_guide_is_served_for_the_rules_at_hand(client: TestClient) -> None:
    r = client.get("/api/maps/rust-belt/guide")
    assert r.status_code == 200
    body = r.json()
    assert body["tour"] and body["phases"][1]["name"] == "issue_shares" and body["phases"][1]["base"]
    assert client.get("/api/maps/atlantis/guide").status_code == 404
