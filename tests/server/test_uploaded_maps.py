"""Uploaded maps (server/uploads.py): checked by the validator, stored as data, played with the base rules,
deletable by their uploader; a game on one keeps its map in its record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ageofsteam import Game
from ageofsteam.engine.record import Record
from ageofsteam.server import create_app
from tests.server.helpers import wait_for

SMALL = Path(__file__).parents[1] / "data" / "maps" / "small.toml"


def small_text() -> str:
    return SMALL.read_text(encoding="utf-8")


def upload(client: TestClient, text: str | None = None, **extra: Any) -> Any:
    body = {"text": small_text() if text is None else text, "description": "Three towns by a river", **extra}
    return client.post("/api/uploads", json=body)


def test_an_uploaded_map_is_listed_with_its_name_description_and_author(client: TestClient) -> None:
    r = upload(client, author="Ada")
    assert r.status_code == 201, r.text
    listed = client.get("/api/uploads").json()
    assert [(m["name"], m["description"], m["author"]) for m in listed] == [
        ("Small Test Board", "Three towns by a river", "Ada")
    ]
    assert listed[0]["players"] == [3, 4] and listed[0]["turns"] == {"3": 6, "4": 5}
    assert "delete_token" not in str(listed) and "text" not in listed[0]


def test_an_uploaded_map_is_stored_as_the_text_uploaded(client: TestClient) -> None:
    upload_id = upload(client).json()["id"]
    assert client.get(f"/api/uploads/{upload_id}").json()["text"] == small_text()
    download = client.get(f"/api/uploads/{upload_id}/map.toml")
    assert download.text == small_text()
    assert 'filename="map.toml"' in download.headers["content-disposition"]


def test_a_bad_map_file_is_refused_with_its_line_and_field(client: TestClient) -> None:
    r = upload(client, small_text().replace('growth = "dark 1"', 'growth = "dark 9"'))
    assert r.status_code == 422
    body = r.json()
    assert body["field"] == "text"
    assert "line 40, field growth" in body["detail"] and "city #3 (Cedar)" in body["detail"]
    assert body["check"]["problems"][0]["line"] == 40
    assert client.get("/api/uploads").json() == []


def test_a_map_file_with_a_syntax_error_is_refused_with_its_line(client: TestClient) -> None:
    r = upload(client, small_text().replace('name = "Dell"', 'name = "Dell'))
    assert r.status_code == 422 and "map.toml: line 43, column 13: TOML syntax error" in r.json()["detail"], r.text


def test_a_map_file_over_the_size_limit_is_refused(client: TestClient) -> None:
    r = upload(client, small_text() + "#" * 40_001)
    assert r.status_code == 422 and r.json()["field"] == "text"


def test_an_upload_needs_a_description(client: TestClient) -> None:
    r = upload(client, description="   ")
    assert r.status_code == 422 and r.json()["field"] == "description"


def test_only_the_uploader_may_delete_a_map(client: TestClient) -> None:
    made = upload(client).json()
    upload_id, token = made["id"], made["delete_token"]
    assert client.delete(f"/api/uploads/{upload_id}").status_code == 403
    assert client.delete(f"/api/uploads/{upload_id}", headers={"X-Delete-Token": "guess"}).status_code == 403
    assert client.delete(f"/api/uploads/{upload_id}", headers={"X-Delete-Token": token}).status_code == 204
    assert client.get("/api/uploads").json() == []
    assert client.get(f"/api/uploads/{upload_id}").status_code == 404


def test_a_map_is_checked_with_every_problem_and_the_hexes_at_fault(client: TestClient) -> None:
    text = small_text().replace('hex = "G4"', 'hex = "E4"')
    report = client.post("/api/maps/check", json={"text": text}).json()
    assert not report["ok"]
    assert {"E4", "G4"} <= {h for p in report["problems"] for h in p["hexes"]}
    assert client.post("/api/maps/check", json={"text": small_text()}).json()["ok"]


def test_a_game_on_an_uploaded_map_is_played_by_bots_to_the_end(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        upload_id = upload(client).json()["id"]
        seats = [{"name": f"B{i}", "bot": "random"} for i in range(3)]
        r = client.post("/api/games", json={"map": f"upload:{upload_id}", "players": 3, "seats": seats, "seed": 4})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        wait_for(lambda: client.get(f"/api/games/{gid}").json()["status"] == "over", timeout=120)
        listed = client.get("/api/games").json()
        assert listed[0]["map_name"] == "Small Test Board"
        record = Record.model_validate(client.get(f"/api/games/{gid}/record").json())
    assert record.map_file == small_text()
    assert Game.from_record(record).over


def test_a_game_on_an_uploaded_map_keeps_its_map_after_the_map_is_deleted(client: TestClient) -> None:
    made = upload(client).json()
    seats = [{"name": "Me"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}]
    r = client.post("/api/games", json={"map": f"upload:{made['id']}", "players": 3, "seats": seats})
    gid = r.json()["id"]
    client.delete(f"/api/uploads/{made['id']}", headers={"X-Delete-Token": made["delete_token"]})
    game = client.get(f"/api/games/{gid}").json()
    assert game["map_name"] == "Small Test Board"
    assert client.get(f"/api/games/{gid}/board.svg").status_code == 200


def test_a_game_on_an_uploaded_map_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = upload(client).json()
        seats = [{"name": "Me"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}]
        gid = client.post("/api/games", json={"map": f"upload:{made['id']}", "players": 3, "seats": seats}).json()["id"]
    with TestClient(create_app(db_url)) as client:
        assert client.get(f"/api/games/{gid}").json()["view"]["map"] == "small-test"


def test_an_unknown_uploaded_map_is_refused(client: TestClient) -> None:
    r = client.post("/api/games", json={"map": "upload:nothing", "players": 3})
    assert r.status_code == 404 and r.json()["field"] == "map"


def test_names_and_descriptions_are_kept_as_text_never_markup(client: TestClient) -> None:
    text = small_text().replace('name = "Small Test Board"', 'name = "<b>Bold</b>"')
    made = upload(client, text, description="<script>alert(1)</script>").json()
    listed = client.get("/api/uploads").json()[0]
    assert listed["name"] == "<b>Bold</b>" and listed["description"] == "<script>alert(1)</script>"
    svg = client.get(f"/api/uploads/{made['id']}/board.svg").text
    assert "<b>Bold</b>" not in svg and "&lt;b&gt;Bold&lt;/b&gt;" in svg


def test_the_check_gives_the_file_as_data_for_the_editor(client: TestClient) -> None:
    report = client.post("/api/maps/check", json={"text": small_text()}).json()
    assert report["data"]["name"] == "Small Test Board" and report["data"]["turns"] == {"3": 6, "4": 5}
    broken = client.post("/api/maps/check", json={"text": "name = "}).json()
    assert broken["data"] is None and broken["problems"][0]["line"] == 1


def test_a_bundled_map_file_is_served_for_the_editor_to_start_from(client: TestClient) -> None:
    hex_map = next(m for m in client.get("/api/maps").json() if m["kind"] == "hex")
    text = client.get(f"/api/maps/{hex_map['id']}/map.toml").text
    assert f'id = "{hex_map["id"]}"' in text
    assert client.get("/api/maps/nowhere/map.toml").status_code == 404


def test_a_map_file_is_drawn_as_the_game_page_draws_boards(client: TestClient) -> None:
    svg = client.post("/api/maps/board.svg", json={"text": small_text()})
    assert svg.status_code == 200 and "Small Test Board" in svg.text and "data-hex" in svg.text
    bad = client.post("/api/maps/board.svg", json={"text": small_text().replace('"G4"', '"Z9"')})
    assert bad.status_code == 422 and "line" in bad.json()["detail"]


def test_a_record_on_a_map_file_opens_in_the_replay_viewer_of_any_server(client: TestClient) -> None:
    game = Game.new(players=3, seed=2, map_file=small_text())
    opened = client.post("/api/replays", json=game.record.model_dump(mode="json"))
    assert opened.status_code == 201, opened.text
    position = client.get(f"/api/replays/{opened.json()['id']}?index={len(game.record.actions)}").json()
    assert "Small Test Board" in str(position)
