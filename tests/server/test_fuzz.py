"""Every endpoint fuzzed from the server's own OpenAPI description (Schemathesis): no answer is a server error,
every refusal is the API's JSON, and a refused request changes nothing in the game it names."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from fastapi.testclient import TestClient

from ageofsteam.server import create_app

FOLDER = tempfile.TemporaryDirectory(prefix="aos-fuzz-")  # the apps' databases, removed when the tests end


def fresh_app(name: str) -> Any:
    db = Path(FOLDER.name) / name
    return create_app(f"sqlite:///{db}", games_per_minute=0, idle_check_seconds=3600)


schema = schemathesis.openapi.from_asgi("/api/openapi.json", fresh_app("schema.db"))  # only its description is read


@pytest.fixture(scope="module")
def game() -> Iterator[tuple[TestClient, str]]:
    """An app running, with one game of three humans that every request naming a game is pointed at (the
    requests go through this client, to this app)."""
    with TestClient(fresh_app("games.db")) as client:
        seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]  # no bot: nothing moves but what is sent
        made = client.post("/api/games", json={"map": "rust-belt", "players": 3, "seats": seats}).json()
        yield client, made["id"]
    FOLDER.cleanup()


@schema.parametrize()
@hypothesis.settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(hypothesis.HealthCheck)
)
def test_no_request_makes_a_server_error_or_a_change_it_refuses(case: Any, game: tuple[TestClient, str]) -> None:
    client, gid = game
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = gid
    before = client.get(f"/api/games/{gid}/record").json()["actions"]
    response = case.call(session=client)
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    if response.status_code >= 400:
        body = json.loads(response.text)
        assert set(body) >= {"detail", "code", "field"}, body
        assert client.get(f"/api/games/{gid}/record").json()["actions"] == before
