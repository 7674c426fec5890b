"""Fixtures of the server tests: each test runs on a fresh SQLite file and, when the environment variable
``AOS_TEST_DATABASE_URL`` names a PostgreSQL database (``postgresql+psycopg://user:pass@host/db``), again on a
fresh schema of that database (the variant is skipped otherwise, saying why; ``make test`` starts a local one).
In CI (``CI=true``) a missing database fails those tests instead."""

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
# Why there is none, when ``make test`` could not start a local cluster (scripts/local-postgres.sh says why).
NO_PG_REASON = os.environ.get("AOS_TEST_NO_DATABASE", "")


def no_postgres() -> str:
    """Why the PostgreSQL variants do not run, in the words of the skip (or of the failure in CI)."""
    if NO_PG_REASON:
        return f"no PostgreSQL: {NO_PG_REASON}"
    return "no PostgreSQL: AOS_TEST_DATABASE_URL (postgresql+psycopg://user:pass@host/db) is not set"


@contextmanager
def postgres_schema() -> Iterator[str]:
    """The URL of a fresh schema of the PostgreSQL database ``AOS_TEST_DATABASE_URL``, dropped at the end (skipped
    without one, except in CI, where it fails)."""
    if not PG_URL:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{no_postgres()}; CI must have one (.ci/run runs make test, which starts it)")
        pytest.skip(no_postgres())
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
