"""Fixtures of the server tests: each test runs on a fresh SQLite file and, when the environment variable
``AOS_TEST_DATABASE_URL`` names a PostgreSQL database (``postgresql+psycopg://user:pass@host/db``), again on a
fresh schema of that database (the variant is skipped otherwise)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ageofsteam.server import create_app

PG_URL = os.environ.get("AOS_TEST_DATABASE_URL", "")


@contextmanager
def postgres_schema() -> Iterator[str]:
    """The URL of a fresh schema of the PostgreSQL database ``AOS_TEST_DATABASE_URL`` (skipped without one),
    dropped at the end."""
    if not PG_URL:
        pytest.skip("no PostgreSQL: set AOS_TEST_DATABASE_URL=postgresql+psycopg://user:pass@host/db")
    schema = f"aos_test_{secrets.token_hex(6)}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


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
