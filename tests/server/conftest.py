"""Fixtures of the server tests: each test runs on a fresh SQLite file and, when the environment variable
``AOS_TEST_DATABASE_URL`` names a PostgreSQL database (``postgresql+psycopg://user:pass@host/db``), again on a
fresh schema of that database (the variant is skipped otherwise)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ageofsteam.server import create_app
from ageofsteam.server.store import fresh_schema

PG_URL = os.environ.get("AOS_TEST_DATABASE_URL", "")


@contextmanager
def postgres_schema() -> Iterator[str]:
    """The URL of a fresh schema of the PostgreSQL database ``AOS_TEST_DATABASE_URL`` (skipped without one),
    dropped at the end."""
    if not PG_URL:
        pytest.skip("no PostgreSQL: set AOS_TEST_DATABASE_URL=postgresql+psycopg://user:pass@host/db")
    with fresh_schema(PG_URL, "aos_test") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL of an empty database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'aos.db'}"
        return
    with postgres_schema() as url:
        yield url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of an empty PostgreSQL schema (skipped without ``AOS_TEST_DATABASE_URL``)."""
    with postgres_schema() as url:
        yield url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c
