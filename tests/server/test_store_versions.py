"""Games keep the version of their map's rules; databases made before that was kept are brought up to date."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from ageofsteam.maps import load_rules
from ageofsteam.server.app import create_app
from ageofsteam.server.store import Store

OLD_SCHEMA = """CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, map VARCHAR(64) NOT NULL, options TEXT NOT NULL,
  seats TEXT NOT NULL, seed INTEGER NOT NULL, created VARCHAR(40) NOT NULL, status VARCHAR(16) NOT NULL,
  host_hash VARCHAR(64) NOT NULL, summary TEXT NOT NULL)"""


def test_a_database_made_before_rules_versions_were_kept_gains_the_column_with_version_1(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(OLD_SCHEMA))
        conn.execute(
            text(
                "INSERT INTO games VALUES ('g1', 'rust-belt', '{}', '[]', 1, '2026-01-01T00:00:00.000000Z', "
                "'open', 'x', '{}')"
            )
        )
    engine.dispose()
    store = Store(url)
    stored = store.load("g1")
    assert stored is not None and stored.rules_version == 1
    assert stored.secret is None  # and the secret chance seed column: an older game kept its visible seed


def test_a_new_game_on_the_server_stores_the_rules_version_it_is_played_by(db_url: str):
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/games", json={"map": "rust-belt", "players": 3})
        assert made.status_code in (200, 201), made.text
        game_id = made.json()["id"]
    stored = Store(db_url).load(game_id)
    assert stored is not None and stored.rules_version == load_rules("rust-belt").RULES_VERSION


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'aos.db'}"
