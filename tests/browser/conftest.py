"""Browser tests: the real server in a subprocess and the system Chromium driven by Playwright.

Chromium comes from the system (``/usr/bin/chromium``, installed by ``make test``); Playwright's own browser
downloads are never used. Without Chromium the tests are skipped, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("AOS_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("AOS_SCREENSHOTS", ROOT / "build" / "screenshots"))


def _need_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{CHROMIUM} is missing in CI: make test must install it (apt-get install -y chromium)")
    pytest.skip(f"no system Chromium at {CHROMIUM} (install it: apt-get install -y chromium)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The running server: its base URL and a tiny JSON client for setting up and checking games."""

    def __init__(self, url: str) -> None:
        self.url = url

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("X-Seat-Token", token)
        with urllib.request.urlopen(req, timeout=10) as res:
            return json.loads(res.read())


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    _need_chromium()
    db = tmp_path_factory.mktemp("db") / "games.db"
    port = _free_port()
    log = (tmp_path_factory.mktemp("log") / "server.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from ageofsteam.cli.main import app; app()",
            "serve",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{db}",
            "--bot-delay",
            "0.05",
            "--bot-work",  # the pages, not the bots' strength, are tried here: 3 playouts a hint, not Hard's 28
            "3",
            "--games-per-minute",  # the tests create many games from one address
            "0",
            "--hints-per-minute",  # the games played by clicks follow a hint at every decision
            "0",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/api/health", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"the server did not start; see {log.name}") from None
            time.sleep(0.1)
    yield Server(url)
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser(server: Server) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def checked_page(browser: Any, **context: Any) -> Iterator[Any]:
    """A page of a new browser context (``context``: its options), closed after use; fails the test if any
    JavaScript error happened on it."""
    ctx = browser.new_context(**context)
    ctx.set_default_timeout(15_000)
    p = ctx.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    yield p
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from checked_page(browser, viewport={"width": 1600, "height": 1000})


@pytest.fixture
def shot() -> Any:
    """``shot(page, name)`` saves a screenshot under build/screenshots (or $AOS_SCREENSHOTS)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: Any, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
